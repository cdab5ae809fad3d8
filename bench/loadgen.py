"""A small open-loop HTTP load generator: a fixed request rate, latency percentiles.

Open loop: requests are scheduled at fixed times (rate R), and each latency is
measured from its *scheduled* time, so a slow server cannot hide its queueing
(no coordinated omission). The run ends at its deadline (``seconds`` after the start, plus
the answers in flight): past saturation the requests not sent by then are counted as
``unsent`` (the server could not keep the rate), not sent late. Only for addresses on
this machine.

    python bench/loadgen.py http://127.0.0.1:8000/api/v1/public/tournaments/ --rate 200 --seconds 20
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import threading
import time
from urllib.parse import urlsplit


def run(urls: list[str], rate: float, seconds: float, threads: int = 32) -> dict:
    """Send ``rate`` requests per second for ``seconds`` across ``urls`` (round robin); stop
    at the deadline whatever is left."""
    total = int(rate * seconds)
    start = time.perf_counter() + 0.2
    deadline = start + seconds
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    next_index = iter(range(total))

    def worker() -> None:
        connections: dict[str, http.client.HTTPConnection] = {}
        while True:
            with lock:
                index = next(next_index, None)
            if index is None or time.perf_counter() > deadline:
                break
            url = urlsplit(urls[index % len(urls)])
            scheduled = start + index / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            connection = connections.get(url.netloc)
            if connection is None:
                connection = connections[url.netloc] = http.client.HTTPConnection(
                    url.netloc, timeout=30)
            try:
                connection.request("GET", url.path + (f"?{url.query}" if url.query else ""),
                                   headers={"Accept": "application/json"})
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as exc:
                connections.pop(url.netloc, None)
                status, exc_text = 0, f"{type(exc).__name__}: {exc}"
            elapsed = time.perf_counter() - scheduled
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors.append(exc_text if status == 0 else f"HTTP {status}")

    pool = [threading.Thread(target=worker, daemon=True) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    wall = time.perf_counter() - start
    latencies.sort()
    answered = len(latencies)

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000

    if not latencies:  # nothing answered before the deadline
        latencies.append(float("inf"))
        errors.append("no answer before the deadline")
    return {"requests": answered, "unsent": total - answered, "achieved_rate": answered / wall,
            "p50_ms": pct(50), "p90_ms": pct(90), "p99_ms": pct(99),
            "max_ms": latencies[-1] * 1000, "mean_ms": statistics.fmean(latencies) * 1000,
            "errors": len(errors), "first_error": errors[0] if errors else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("urls", nargs="+")
    parser.add_argument("--rate", type=float, default=200)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    for key, value in run(args.urls, args.rate, args.seconds).items():
        print(f"{key:14} {value:.1f}" if isinstance(value, float) else f"{key:14} {value}")


if __name__ == "__main__":
    main()

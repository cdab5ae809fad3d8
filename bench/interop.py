"""Interop bench (issue 29, run by hand): the service's TRF exports in FIDE's tools.

Run::

    .venv/bin/python bench/interop.py --bbp /path/to/bbpPairings.exe \\
        [--tiebreak /path/to/TieBreakServer --tiebreak-args "{trf}"] \\
        (--trf-dir DIR | --server http://127.0.0.1:8000 --token T --events 3,4,5) \\
        [--xlsx-dir DIR]

The programs are built or fetched outside the repository and given by path: nothing of
theirs is committed. For every TRF export (files ``*.trf`` of ``--trf-dir``, or
``GET /api/v1/tournaments/{id}/trf/`` of each event of ``--server``):

- ``bbpPairings --dutch FILE -c``: the file is accepted and its pairings check out
  (exit 0; any other exit or a printed discrepancy counts as one);
- ``bbpPairings --dutch FILE -p OUT`` and ``python -m chessrules pair FILE``: the next round
  of both, compared as sets of boards (unordered pairs; a bye as ``N 0``);
- with ``--tiebreak``: TieBreakServer run on the file (``--tiebreak-args``, ``{trf}`` the
  file), its exit status counted (its figures are printed, not yet compared with the
  service's standings).

With ``--xlsx-dir``, every ``*.xlsx`` is converted by LibreOffice
(``libreoffice --headless --convert-to csv``, Debian's package) and the names it holds
are checked against openpyxl's reading of the same file.

Figures printed: files, accepted by bbpPairings, check discrepancies, next rounds
identical / different, TieBreakServer runs failed.
"""

from __future__ import annotations

import argparse
import csv
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
_PAIR = re.compile(r"^\s*(\d+)\s*[- ]\s*(\d+)\s*$")


def _run(command: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                          check=False, encoding="latin-1")


def _boards(text: str) -> set[frozenset[int]]:
    """Boards of a pairing listing: lines of two numbers (bbpPairings' ``-p`` output starts
    with the count of boards: a single number, skipped)."""
    return {frozenset((int(m[1]), int(m[2]))) for m in map(_PAIR.match, text.splitlines())
            if m}


def trf_files(args: argparse.Namespace, work: Path) -> list[Path]:
    """The TRF exports to check: a directory's, or downloaded from a running service."""
    if args.trf_dir:
        return sorted(Path(args.trf_dir).glob("*.trf"))
    files = []
    for event in args.events.split(","):
        request = urllib.request.Request(
            f"{args.server.rstrip('/')}/api/v1/tournaments/{event.strip()}/trf/",
            headers={"Authorization": f"Token {args.token}"} if args.token else {})
        with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (given)
            path = work / f"event-{event.strip()}.trf"
            path.write_bytes(response.read())
            files.append(path)
    return files


def check_trf(path: Path, args: argparse.Namespace, work: Path) -> dict[str, bool]:
    checked = _run([args.bbp, "--dutch", str(path), "-c"])
    accepted = checked.returncode == 0
    out = work / f"{path.stem}.pairs"
    paired = _run([args.bbp, "--dutch", str(path), "-p", str(out)])
    theirs = _boards(out.read_text(encoding="latin-1")) if out.exists() else set()
    ours = _run([sys.executable, "-m", "chessrules", "pair", str(path)])
    identical = paired.returncode == 0 and ours.returncode == 0 and \
        theirs == _boards(ours.stdout)
    tiebreak_ok = True
    if args.tiebreak:
        command = [args.tiebreak, *[part.replace("{trf}", str(path))
                                    for part in args.tiebreak_args.split()]]
        run = _run(command)
        tiebreak_ok = run.returncode == 0
        print(f"  TieBreakServer {path.name}: exit {run.returncode}\n{run.stdout[-2000:]}")
    if not accepted or not identical:
        print(f"  {path.name}: check exit {checked.returncode} {checked.stdout[-500:]}"
              f"{checked.stderr[-500:]}; next round {'identical' if identical else 'DIFFERENT'}")
    return {"accepted": accepted, "identical": identical, "tiebreak_ok": tiebreak_ok}


def check_xlsx(directory: Path, work: Path) -> int:
    """Workbooks whose names LibreOffice reads differently from openpyxl (0 expected)."""
    from openpyxl import load_workbook

    if shutil.which("libreoffice") is None:
        print("libreoffice not installed (apt-get install libreoffice-calc): skipped")
        return 0
    wrong = 0
    for book in sorted(directory.glob("*.xlsx")):
        _run(["libreoffice", "--headless", "--convert-to", "csv:Text - txt - csv "
              "(StarCalc):44,34,76", "--outdir", str(work), str(book)], timeout=300)
        converted = work / f"{book.stem}.csv"
        with converted.open(encoding="utf-8-sig") as handle:
            theirs = [row for row in csv.reader(handle)]
        ours = [[str(c) if c is not None else "" for c in row]
                for row in load_workbook(book).active.iter_rows(values_only=True)]
        text_ours = {c for row in ours for c in row if c and not c.replace(".", "").isdigit()}
        text_theirs = {c for row in theirs for c in row}
        if not text_ours <= text_theirs:
            wrong += 1
            print(f"  {book.name}: LibreOffice lost {sorted(text_ours - text_theirs)[:5]}")
    return wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bbp", required=True, help="path to the bbpPairings binary")
    parser.add_argument("--tiebreak", help="path to the TieBreakServer binary")
    parser.add_argument("--tiebreak-args", default="{trf}",
                        help="TieBreakServer's arguments; {trf} is the file")
    parser.add_argument("--trf-dir", help="a directory of the service's TRF exports")
    parser.add_argument("--server", help="a running service to export from")
    parser.add_argument("--token", help="an API token of the server (staff)")
    parser.add_argument("--events", default="", help="event ids, comma-separated")
    parser.add_argument("--xlsx-dir", help="a directory of the service's .xlsx exports")
    args = parser.parse_args()
    if not args.trf_dir and not (args.server and args.events):
        parser.error("give --trf-dir, or --server and --events")
    with tempfile.TemporaryDirectory(prefix="vcf-interop-") as tmp:
        work = Path(tmp)
        files = trf_files(args, work)
        results = [check_trf(path, args, work) for path in files]
        print(f"TRF files: {len(files)}")
        print(f"accepted by bbpPairings -c: {sum(r['accepted'] for r in results)}")
        print(f"check discrepancies: {sum(not r['accepted'] for r in results)}")
        print(f"next round identical: {sum(r['identical'] for r in results)}, "
              f"different: {sum(not r['identical'] for r in results)}")
        if args.tiebreak:
            print(f"TieBreakServer failures: {sum(not r['tiebreak_ok'] for r in results)}")
        if args.xlsx_dir:
            print(f"xlsx read differently by LibreOffice: {check_xlsx(Path(args.xlsx_dir), work)}")


if __name__ == "__main__":
    main()

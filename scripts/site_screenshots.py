"""Screenshots of the results site's main pages (issue 20) into docs/site/*.png.

Usage: start the service on the demo data (``manage.py load_demo``; ``manage.py runserver
127.0.0.1:8090``), then ``python scripts/site_screenshots.py [--base http://127.0.0.1:8090]``.
Drives Debian's Chromium (/usr/bin/chromium) through Playwright; never downloads a browser.
"""

from __future__ import annotations

import argparse
import json
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
OUT = Path(__file__).resolve().parent.parent / "docs" / "site"


def api(base: str, path: str) -> dict:
    with urllib.request.urlopen(base + "/api/v1/public/" + path) as response:
        return json.load(response)


def pages(base: str) -> dict[str, str]:
    """name -> path of the main pages on the demo data."""
    events = api(base, "tournaments/")["results"]
    xiangqi = next(t for t in events if t["discipline"] == "xiangqi"
                   and t["status"] == "certified")
    live = next(t for t in events if t["status"] == "running")
    game = api(base, f"games/?tournament={xiangqi['id']}")["results"][0]
    titled = api(base, "titled-players/")["results"]
    player = titled[0]["person"] if titled else game["white"]["id"]
    lists = [rl for rl in api(base, "rating-lists/")["results"] if rl["current_period"]]
    return {
        "events": "/giai-dau/",
        "event-live": f"/giai-dau/{live['id']}/",
        "event-certified": f"/giai-dau/{xiangqi['id']}/",
        "crosstable": f"/giai-dau/{xiangqi['id']}/bang-cheo/",
        "game-xiangqi": f"/van-co/{game['id']}/",
        "player": f"/ky-thu/{player}/",
        "rating-list": f"/he-so/{lists[0]['id']}/" if lists else "/he-so/",
        "titled": "/danh-hieu/",
        "event-english": f"/en/giai-dau/{xiangqi['id']}/",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="http://127.0.0.1:8090")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        for name, path in pages(args.base).items():
            page.goto(args.base + path)
            page.wait_for_load_state("networkidle")
            if name.startswith("game"):
                page.keyboard.press("End")  # the board at the end of the record
            page.screenshot(path=str(OUT / f"{name}.png"), full_page=name != "crosstable")
            print(f"docs/site/{name}.png  {path}")
        phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True,
                                 has_touch=True)
        phone.goto(args.base + pages(args.base)["game-xiangqi"])
        phone.keyboard.press("End")
        phone.screenshot(path=str(OUT / "game-phone.png"))
        print("docs/site/game-phone.png  (390 x 844)")
        browser.close()


if __name__ == "__main__":
    main()

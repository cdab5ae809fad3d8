"""Browser tests' shared harness: Debian's Chromium driven by Playwright (never a browser
download), skipped with a clear reason when either is missing."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - the skip below says so
    expect = sync_playwright = None

#: the marks of a browser test module: a live server's database, and the skips
BROWSER_MARKS = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(sync_playwright is None,
                       reason="browser tests need the Python package playwright "
                              "(requirements-dev.txt)"),
    pytest.mark.skipif(not (os.path.exists(CHROMIUM) or shutil.which("chromium")),
                       reason="browser tests need Chromium at /usr/bin/chromium "
                              "(apt-get install -y chromium; .ci/run installs it)"),
]


@contextmanager
def chromium() -> Iterator[Any]:
    """Chromium, headless. Started once the test's data is written: Playwright's sync API
    runs the test's thread inside its own event loop, where Django would open a second
    database connection (the live server answers from threads of its own)."""
    assert sync_playwright is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()

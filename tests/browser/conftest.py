"""The browser the page tests use: Debian's chromium driven by Playwright (never a
downloaded browser), started once per module with the flags this closed machine needs."""

from __future__ import annotations

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(items):
    if not os.path.exists(CHROMIUM):
        skip = pytest.mark.skip(reason="Debian chromium is not installed")
        for item in items:
            if "tests/browser/" in item.nodeid.replace(os.sep, "/"):
                item.add_marker(skip)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()

"""Fixtures of the browser tests: one real arcade server and one Chromium (Debian's, driven by
Playwright; ``make test`` installs it) per test worker, and a fresh browser context (a fresh
person, with their own cookies) per test. Tests share the server, so each plays with its own
guests and matches and asserts only about those."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from .arcade import CHROMIUM, CHROMIUM_ARGS, Arcade, open_person


@pytest.fixture(scope="session")
def arcade(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arcade]:
    folder: Path = tmp_path_factory.mktemp("arcade")
    server = Arcade(folder).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM} (make browser)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def person(browser: Browser, arcade: Arcade) -> Iterator[BrowserContext]:
    """A browser context: one person, with their own cookies, at the arcade's address."""
    context = open_person(browser, arcade)
    yield context
    context.close()


@pytest.fixture
def page(person: BrowserContext) -> Page:
    return person.new_page()

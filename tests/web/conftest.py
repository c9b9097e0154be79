"""Fixtures of the browser tests: one real arcade server per test module, one Chromium per test
worker (Debian's, driven by Playwright; ``make test`` installs it), a fresh browser context (a
fresh person, with their own cookies) per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from .arcade import CHROMIUM, CHROMIUM_ARGS, Arcade

if not CHROMIUM.exists():
    pytest.skip(
        f"the browser tests need Debian's chromium at {CHROMIUM} (make browser installs it)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def arcade(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Arcade]:
    folder: Path = tmp_path_factory.mktemp("arcade")
    server = Arcade(folder).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def open_person(
    browser: Browser, arcade: Arcade, width: int = 1280, height: int = 800
) -> BrowserContext:
    context = browser.new_context(base_url=arcade.base, viewport={"width": width, "height": height})
    context.set_default_timeout(15_000)
    return context


@pytest.fixture
def person(browser: Browser, arcade: Arcade) -> Iterator[BrowserContext]:
    """A browser context: one person, with their own cookies, at the arcade's address."""
    context = open_person(browser, arcade)
    yield context
    context.close()


@pytest.fixture
def page(person: BrowserContext) -> Page:
    return person.new_page()

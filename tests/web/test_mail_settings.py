"""The account page's e-mail settings in a browser, against an arcade that sends mail to a real
SMTP server of the test's own: an address saved, its mailed link followed, turn mails turned
off, the address forgotten; a guest is not offered any of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.server.harness import run
from tests.server.mailbox import Inbox, path_of

from .arcade import Arcade, open_person

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def mailing(tmp_path_factory: pytest.TempPathFactory, inbox: Inbox) -> Iterator[Arcade]:
    server = Arcade(tmp_path_factory.mktemp("mailing"), mail=inbox).start()
    yield server
    server.stop()


def test_an_address_is_saved_verified_from_its_mail_and_turn_mails_turned_off(
    browser: Browser, mailing: Arcade, inbox: Inbox
) -> None:
    context = open_person(browser, mailing)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    made = page.request.post("/api/auth/signup", data={"name": "web-mail", "password": PASSWORD})
    assert made.status == 201, made.text()
    page.goto("/account")
    panel = page.locator(".mail-settings")
    expect(panel).to_contain_text("Only you see it")
    panel.locator("input.mail-address").fill("web-mail@example.org")
    panel.locator(".mail-save").click()
    expect(panel.locator(".mail-state")).to_contain_text("Not verified yet")
    expect(panel.locator("input.mail-turns")).to_be_disabled()
    (mail,) = run(inbox.wait_for("web-mail@example.org", 1))
    page.goto(path_of(mail, "verify"))
    page.wait_for_url("**/account?mail=verified")
    expect(panel).to_contain_text("Your e-mail address is verified.")
    expect(panel.locator(".mail-state")).to_contain_text("Verified.")
    turns = panel.locator("input.mail-turns")
    expect(turns).to_be_checked()
    turns.uncheck()
    expect(turns).not_to_be_checked()
    assert page.request.get("/api/me/mail").json()["turn_mails"] is False
    panel.locator(".mail-forget").click()
    expect(panel.locator("input.mail-address")).to_have_value("")
    assert page.request.get("/api/me/mail").json()["address"] is None
    assert errors == []
    context.close()


def test_a_guest_is_not_offered_an_address(browser: Browser, mailing: Arcade) -> None:
    context = open_person(browser, mailing)
    page = context.new_page()
    assert page.request.post("/api/auth/guest").status == 201
    page.goto("/account")
    expect(page.locator(".account-page h1")).to_have_text("Your account")
    expect(page.locator(".mail-settings")).to_have_count(0)
    context.close()

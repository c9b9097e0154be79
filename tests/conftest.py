"""What every test shares.

pytest-xdist's workers run with ``COLUMNS=80`` and ``LINES=24`` in their environment, and the
terminal fits its output to a size given that way (``play.screen.Screen.of_terminal``). A test
sees the environment of a program whose output goes to a pipe, as a plain ``pytest`` run does;
the tests of the window's size set it themselves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.mailbox import Inbox


@pytest.fixture(autouse=True)
def no_window_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(scope="module")
def inbox() -> Iterator[Inbox]:
    """A real SMTP server of the module's own (aiosmtpd), keeping every mail it is sent."""
    box = Inbox().start()
    yield box
    box.stop()

"""``look`` at a table: whatever a game's look does wrong, the asker hears a sentence (never the
server's error, never a traceback), and the next look still works."""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.engine import Style
from cyberdeck.server.config import ServerConfig
from cyberdeck.server.hub import Connection, Hub
from cyberdeck.server.protocol import Look

from .test_story import match_data
from .test_visibility import Journal, Wire, drained


def test_a_look_that_fails_in_the_game_is_answered_with_a_sentence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = match_data("cyberpunk-ccg", 3)
    config = ServerConfig()
    hub = Hub(Journal(), config)  # type: ignore[arg-type]  # stores nothing
    room = hub.build(data)
    watcher = Connection(Wire(), (), 0, config)

    def broken(view: dict[str, Any], target: str, style: Style) -> str | None:
        raise KeyError("sr")

    monkeypatch.setattr(room.game, "inspect", broken)
    hub.look(room, watcher, Look(type="look", target="c44"))
    (answer,) = drained(watcher)
    assert answer == {
        "type": "look",
        "target": "c44",
        "text": "Cyberpunk CCG could not show 'c44' just now.",
    }
    monkeypatch.undo()
    hub.look(room, watcher, Look(type="look", target="c1"))
    (answer,) = drained(watcher)
    assert answer["text"] is not None and "N.C.P.D., in play" in answer["text"]

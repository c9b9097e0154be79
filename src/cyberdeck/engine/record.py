"""Records: a game is its id, engine version, options, decks, seed and actions.

``cards`` is an edited card set the game was played with (``Game.new_state(cards=...)``): kept in
the record, so such a game replays anywhere, and marks it as played off the shipped set (never
rated). ``playback.replay(record)`` rebuilds the game exactly, on any machine: the same record always gives
the same fingerprint. A record may hold ``undo`` entries (solitaire take-backs); replay honours
them. A record is data alone and imports no game, so the contract may name it (``Game.review``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadRecord

ENGINE_VERSION = "1"
UNDO = "undo"
#: The ``meta`` key of the hints each seat was shown ({"0": 2}).
HINTS = "hints"


@dataclass
class Record:
    game: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    decks: Any = None
    actions: list[str] = field(default_factory=list)
    engine_version: str = ENGINE_VERSION
    #: Free-form facts for people: player names, agents, dates. Replay ignores them.
    meta: dict[str, Any] = field(default_factory=dict)
    #: An edited card set (a card-set document); ``None``: the game's shipped cards.
    cards: dict[str, Any] | None = None

    @property
    def edited(self) -> bool:
        """Played with an edited card set: a designer's experiment, never rated."""
        return self.cards is not None

    @property
    def undos(self) -> int:
        return self.actions.count(UNDO)

    def note_hint(self, seat: int) -> None:
        """Keep that ``seat`` was shown a hint: like an undo, it makes the game a helped one
        (statistics do not rank it). Kept in ``meta`` so that replay is unchanged."""
        hints = self.meta.setdefault(HINTS, {})
        hints[str(seat)] = int(hints.get(str(seat), 0)) + 1

    def hints(self, seat: int) -> int:
        """How many hints ``seat`` was shown in this game."""
        return int(self.meta.get(HINTS, {}).get(str(seat), 0))

    def to_json(self) -> dict[str, Any]:
        data = {
            "game": self.game,
            "engine_version": self.engine_version,
            "options": self.options,
            "decks": self.decks,
            "seed": self.seed,
            "actions": list(self.actions),
            "meta": self.meta,
        }
        if self.cards is not None:  # left out otherwise, so shipped-set records read as before
            data["cards"] = self.cards
        return data

    @staticmethod
    def from_json(data: Any) -> Record:
        if not isinstance(data, dict):
            raise BadRecord("A record must be a JSON object.")
        try:
            record = Record(
                game=str(data["game"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                decks=data.get("decks"),
                actions=[str(a) for a in data.get("actions", [])],
                engine_version=str(data.get("engine_version", ENGINE_VERSION)),
                meta=dict(data.get("meta") or {}),
                cards=None if data.get("cards") is None else dict(data["cards"]),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise BadRecord(f"The record is missing or has a wrong field ({err}).") from None
        return record

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as err:
            raise BadRecord(f"Cannot read the record file {path}: {err.strerror}.") from None
        except json.JSONDecodeError as err:
            raise BadRecord(f"The record file {path} is not JSON (line {err.lineno}).") from None
        except UnicodeDecodeError:
            raise BadRecord(f"The record file {path} is not a text file.") from None
        return Record.from_json(data)

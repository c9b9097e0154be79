"""DUEL: a tiny two-player game with hidden cards, registered only by the server tests.

Twelve chips (chip01..chip12) are shuffled; each player gets three. In turn, a player either
plays a chip face up or stashes it face down (only its owner sees it). When both hands are empty,
the higher total of played and stashed chips wins. Hands and stashes are secret, and a stash's
action text names its chip, so it is a good test of what the server lets out.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import Any

from cyberdeck.engine import (
    Action,
    ActionSpace,
    Agent,
    BadOption,
    Event,
    Game,
    Outcome,
    Rng,
    State,
    Style,
)

CHIPS = tuple(f"chip{n:02d}" for n in range(1, 13))
VALUE = {c: n for n, c in enumerate(CHIPS, start=1)}


class DuelState(State):
    __slots__ = ("deck", "hands", "played", "rng", "stashed", "to_move")

    game: Any

    def __init__(self, deck: list[str], rng: Rng) -> None:
        self.rng = rng
        self.deck = deck
        self.hands = [sorted(deck[0:3]), sorted(deck[3:6])]
        del self.deck[0:6]
        self.played: list[list[str]] = [[], []]
        self.stashed: list[list[str]] = [[], []]
        self.to_move = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.to_move

    @property
    def num_players(self) -> int:
        return 2

    def legal_actions(self) -> list[Action]:
        if self.is_terminal:
            return []
        hand = self.hands[self.to_move]
        return [Action("play", (c,)) for c in hand] + [Action("stash", (c,)) for c in hand]

    def _apply(self, action: Action) -> list[Event]:
        seat, chip = self.to_move, action.args[0]
        self.hands[seat].remove(chip)
        if action.kind == "play":
            self.played[seat].append(chip)
            events = [Event("play", f"Player {seat + 1} plays {chip}.", {"chip": chip})]
        else:
            self.stashed[seat].append(chip)
            events = [
                Event("stash", f"Player {seat + 1} stashes a chip face down."),
                Event("stashed", f"You stash {chip}.", {"chip": chip}, frozenset({seat})),
            ]
        self.to_move = 1 - seat
        return events

    def why_illegal(self, action: Action) -> str:
        return f"'{action}' is not a move you can make: play or stash one of your own chips."

    @property
    def is_terminal(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    def total(self, seat: int) -> int:
        return sum(VALUE[c] for c in self.played[seat] + self.stashed[seat])

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_terminal:
            return None
        a, b = self.total(0), self.total(1)
        if a == b:
            return Outcome((), (0.0, 0.0), f"a tie at {a}", "tie")
        winner = 0 if a > b else 1
        returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        return Outcome(
            (winner,), returns, f"Player {winner + 1} wins {max(a, b)} to {min(a, b)}", "total"
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": "duel",
            "current_player": self.current_player,
            "played": [list(p) for p in self.played],
            "hand_counts": [len(h) for h in self.hands],
            "stash_counts": [len(s) for s in self.stashed],
            "hand": list(self.hands[seat]) if seat is not None else None,
            "stash": list(self.stashed[seat]) if seat is not None else None,
            "legal_actions": [a.text for a in self.legal_actions()] if seat == self.to_move else [],
            "outcome": self.outcome.to_json() if self.is_terminal and self.outcome else None,
        }

    def clone(self) -> DuelState:
        other = DuelState.__new__(DuelState)
        other.rng = self.rng.clone()
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.played = [p[:] for p in self.played]
        other.stashed = [s[:] for s in self.stashed]
        other.to_move = self.to_move
        return other

    def determinize(self, seat: int, rng: Rng) -> DuelState:
        world = self.clone()
        other = 1 - seat
        unknown = sorted(self.deck + self.hands[other] + self.stashed[other])
        rng.shuffle(unknown)
        n, m = len(self.hands[other]), len(self.stashed[other])
        world.hands[other] = sorted(unknown[:n])
        world.stashed[other] = unknown[n : n + m]
        world.deck = unknown[n + m :]
        world.rng = rng.fork()
        return world

    def signature(self) -> tuple[Any, ...]:
        return (
            tuple(self.deck),
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(p) for p in self.played),
            tuple(tuple(s) for s in self.stashed),
            self.to_move,
            self.rng.state,
        )


class Duel(Game):
    id = "duel"
    title = "DUEL (test game)"
    min_players = 2
    max_players = 2
    _space = ActionSpace([Action(k, (c,)) for k in ("play", "stash") for c in CHIPS])

    @property
    def action_space(self) -> ActionSpace:
        return self._space

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        if decks is not None:
            raise BadOption("DUEL is played with its twelve chips; it takes no decks.")
        rng = Rng(seed)
        deck = list(CHIPS)
        rng.shuffle(deck)
        return DuelState(deck, rng)

    def render(self, view: Mapping[str, Any], style: Style) -> str:
        return str(dict(view))

    def agents(self) -> dict[str, Callable[[int], Agent]]:
        """Two misbehaving agents for the server's AI tests: one thinks for a minute, one kills
        the process it thinks in."""
        return {"sleeper": Sleeper, "crasher": Crasher}


class Sleeper:
    """Thinks far past any sensible limit, then plays its first legal move."""

    name = "sleeper"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State) -> Action:
        time.sleep(60)
        return state.legal_actions()[0]


class Crasher:
    """Ends the process it thinks in (a worker that dies mid-question)."""

    name = "crasher"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, state: State) -> Action:
        os._exit(3)


DUEL = Duel()
DuelState.game = DUEL

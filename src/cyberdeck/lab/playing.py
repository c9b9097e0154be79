"""One simulated game, from its plan to the row the results keep.

A game depends only on its plan (seed, which entry sits in which seat) and the entries, never on
the process or machine that plays it: agents are made afresh from the game's seed. That is what
makes the same command give the same results on one worker, many, or a Dask cluster.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..agents import make_agent
from ..engine import DRAWN, Match, load_game
from .entries import Entry


@dataclass(frozen=True, slots=True)
class Planned:
    """One game to play: its number in the run, its seed, and the entry (by index) in each seat."""

    number: int
    seed: int
    seats: tuple[int, ...]


def plan_games(players: int, entries: int, games: int, seed: int) -> list[Planned]:
    """Seats rotated game by game, so every entry plays every seat equally often (given a whole
    number of rotations); a solitaire gives each entry the same deals in turn."""
    out = []
    for number in range(games):
        if players == 1:
            out.append(Planned(number, seed + number // entries, (number % entries,)))
            continue
        shift = number % players
        seats = tuple((seat + shift) % entries for seat in range(players))
        out.append(Planned(number, seed + number, seats))
    return out


@dataclass(frozen=True, slots=True)
class Setup:
    """What every game of a run shares; small and picklable, sent once per batch of games."""

    game: str
    options: dict[str, Any]
    entries: tuple[Entry, ...]
    #: An edited card set every game is played with (``None``: the shipped cards).
    cards: dict[str, Any] | None = None


class Halted(Exception):
    """The run was stopped while this game was being played: the game is given up."""


def play_batch(
    setup: Setup, batch: list[Planned], halted: Callable[[], bool] | None = None
) -> list[dict[str, Any]]:
    """Several games in one task, so that a task's work outweighs the cost of sending it. Once
    ``halted()`` is true, the game in play is given up at its next decision and the rows of the
    games finished before it are returned."""
    rows = []
    try:
        for planned in batch:
            rows.append(play_game(setup, planned, halted))
    except Halted:
        pass
    return rows


def play_game(
    setup: Setup, planned: Planned, halted: Callable[[], bool] | None = None
) -> dict[str, Any]:
    """Play one game; its row: outcome, lengths, per-seat figures, per-card uses, the record.
    ``halted``: asked before each decision; once it is true the game raises ``Halted``."""
    game = load_game(setup.game)
    seated = [setup.entries[i] for i in planned.seats]
    decks = [list(e.cards) if e.cards is not None else None for e in seated]
    agents = [make_agent(e.agent, planned.seed * 101 + seat, game) for seat, e in enumerate(seated)]
    meta = {"agents": [e.agent for e in seated], "decks": [e.deck for e in seated]}
    has_decks = game.has_decks and any(d is not None for d in decks)
    match = Match(
        game, setup.options, planned.seed, decks if has_decks else None, meta, setup.cards
    )
    state = match.state
    players = state.num_players
    think = [0.0] * players
    decisions = [0] * players
    uses = game.opening_cards(state)
    first = state.current_player
    order = [-1] * players
    seen = 0
    turns = 0
    last: int | None = None
    while not state.is_terminal:
        if halted is not None and halted():
            raise Halted
        seat = state.current_player
        assert seat is not None
        if seat != last:
            turns += 1
            last = seat
            if order[seat] < 0:
                order[seat] = seen
                seen += 1
        start = time.perf_counter()
        action = agents[seat].choose(state)
        think[seat] += time.perf_counter() - start
        decisions[seat] += 1
        uses.extend(game.card_uses(match.play(action)))
        state = match.state
    outcome = state.outcome
    assert outcome is not None
    cards: dict[tuple[int, str], list[int]] = {}
    for use in uses:
        tally = cards.setdefault((use.seat, use.card), [0, 0])
        tally[0 if use.use == DRAWN else 1] += 1
    return {
        "number": planned.number,
        "seed": planned.seed,
        "entries": list(planned.seats),
        "agents": [e.agent for e in seated],
        "decks": [e.deck for e in seated],
        "winners": list(outcome.winners),
        "returns": list(outcome.returns),
        # A draw: nobody won and nobody lost (a solitaire's or a table's shared loss is no draw).
        "draw": not outcome.winners and all(r == 0 for r in outcome.returns),
        "kind": outcome.kind or outcome.reason,
        "reason": outcome.reason,
        "first": -1 if first is None else first,
        #: Each seat's place in the order of first decisions (0: the first player; -1: never).
        "order": order,
        "turns": turns,
        "decisions": sum(decisions),
        "seat_decisions": decisions,
        "seat_think_s": think,
        "card_seat": [seat for seat, _ in cards],
        "card": [card for _, card in cards],
        "card_drawn": [t[0] for t in cards.values()],
        "card_played": [t[1] for t in cards.values()],
        "record": json.dumps(match.record.to_json()),
    }

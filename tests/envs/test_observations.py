"""Observations: every game's encoding has the size its layout says, its numbers read from the
state are those its view gives, and a seat's observation never changes when what it cannot see is
re-dealt: 10,000 positions per game (spread over its configurations), every seat of each."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cyberdeck.engine import (
    CARD_SLOTS,
    Action,
    BadAction,
    Card,
    CyberdeckError,
    Game,
    IllegalAction,
    Layout,
    Rng,
    Slice,
    Writer,
    games,
)
from cyberdeck.engine.encoding import Encoding
from cyberdeck.envs.observe import Observation, check_observations

CASES = [
    pytest.param(game, options, id=f"{game.id}-{'-'.join(map(str, options.values())) or 'default'}")
    for game in games()
    for options in game.configurations()
]
#: Positions per configuration where views are compared with the state's numbers (the CCG's
#: views are the dearest).
STATES = {"cyberpunk-ccg": 60}
#: Positions per game of the no-leak check, every seat's observation re-dealt at each.
NO_LEAK = 10_000


@pytest.mark.parametrize(("game", "options"), CASES)
def test_observation_hides_what_the_seat_cannot_see(game: Game, options: dict[str, Any]) -> None:
    """The observations the environments hand out (read from the state where the game can):
    ``NO_LEAK`` positions per game, ``NO_LEAK`` re-deals at the least, each position and each
    re-dealt world also compared with what the seat's view encodes."""
    states = math.ceil(NO_LEAK / len(game.configurations()))
    assert check_observations(game, options, states, seed=11) == states


@pytest.mark.parametrize(("game", "options"), CASES)
def test_the_state_encoder_writes_what_the_view_encoder_writes(
    game: Game, options: dict[str, Any]
) -> None:
    """A game's ``from_state`` gives exactly ``sparse(view(seat), seat)`` (the reference, whose
    layout the docs print) for every seat of random positions, and of worlds re-dealt for a seat
    (positions with other hidden cards than play reaches from the same deal)."""
    encoding = game.observation_encoding(options)
    direct = encoding.from_state
    assert direct is not None, f"{game.id} encodes its observations from views only"
    rng = Rng(13)
    compared = 0
    deal = 0
    while compared < STATES.get(game.id, 300):
        state = game.new_state(options, deal)
        while True:
            worlds = [state, state.determinize(rng.below(state.num_players), Rng(rng.next64()))]
            for world in worlds:
                for seat in range(world.num_players):
                    where = f"{game.id} {options} deal {deal} seat {seat}"
                    assert direct(world, seat) == encoding.sparse(world.view(seat), seat), where
            compared += 1
            if state.is_terminal or compared >= STATES.get(game.id, 300):
                break
            legal = state.legal_actions()
            state.advance(legal[rng.below(len(legal))])
        deal += 1


@pytest.mark.parametrize(("game", "options"), CASES)
def test_layout_covers_the_observation(game: Game, options: dict[str, Any]) -> None:
    obs = Observation(game, options)
    state = game.new_state(options, 3)
    seat = state.current_player or 0
    assert obs.array(state, seat).shape == (obs.size,)
    described = obs.layout.describe()
    assert described[0][0] == 0 and described[-1][1] == obs.size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(described))
    assert all(about.strip() for *_, about in described)


def test_the_encoding_depends_on_the_seat_view_only() -> None:
    """Two seats of the same position see different hands, so their observations differ."""
    game = next(g for g in games() if g.id == "cipher-run")
    obs = Observation(game)
    state = game.new_state(None, 5)
    assert not (obs.array(state, 0) == obs.array(state, 1)).all()


def test_a_game_without_an_encoding_says_so() -> None:
    class Bare(Game):
        id = "bare"
        title = "Bare"
        min_players = max_players = 1

        @property
        def action_space(self) -> Any:
            raise NotImplementedError

        def _new_state(self, options: Any, seed: int, decks: Any) -> Any:
            raise NotImplementedError

        def render(self, view: Any, style: Any) -> str:
            return ""

    with pytest.raises(CyberdeckError, match="Bare has no observation encoding"):
        Observation(Bare())


def test_a_slice_out_of_order_is_caught() -> None:
    layout = Layout([Slice("a", 2, "first"), Slice("b", 1, "second")])

    def backwards(view: Any, seat: int, out: Writer) -> None:
        out.begin("b")

    with pytest.raises(RuntimeError, match="out of layout order"):
        Encoding(layout, backwards).encode({}, 0)

    def overrun(view: Any, seat: int, out: Writer) -> None:
        out.begin("a")
        out.one_hot(0, 3)
        out.begin("b")

    with pytest.raises(RuntimeError, match="overran"):
        Encoding(layout, overrun).encode({}, 0)


def test_an_observation_that_peeks_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check itself fails for an encoding that reads the full state (here, its hash)."""
    honest = Observation.array

    def peeking(self: Observation, state: Any, seat: int) -> Any:
        out = honest(self, state, seat)
        out[0] = int(state.fingerprint()[:2], 16) % 7
        return out

    monkeypatch.setattr(Observation, "array", peeking)
    game = next(g for g in games() if g.id == "hack-me")
    with pytest.raises(AssertionError, match="shows a hidden card"):
        check_observations(game, None, 50)


def test_an_observation_other_than_its_views_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check fails for numbers that hide nothing but are not what the view's encoding
    writes (a state encoder that drifted from the reference)."""
    honest = Observation.array

    def drifted(self: Observation, state: Any, seat: int) -> Any:
        out = honest(self, state, seat)
        out[0] += 1.0
        return out

    monkeypatch.setattr(Observation, "array", drifted)
    game = next(g for g in games() if g.id == "cypher")
    with pytest.raises(AssertionError, match="is not its view's"):
        check_observations(game, None, 50)


def test_docs_describe_every_slice() -> None:
    """docs/envs.md prints each layout and action count (scripts/encoding_tables.py); a changed
    slice or a new action shows."""
    text = (Path(__file__).parents[2] / "docs" / "envs.md").read_text()
    for game in games():
        encoding = game.observation_encoding(None)
        size = f"`{game.id}`): {encoding.size} numbers, {game.action_space.size} actions"
        assert size in text, game.id
        for start, end, name, about in encoding.layout.describe():
            assert f"| {start}–{end - 1} | `{name}` | {about} |" in text, (game.id, name)


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_arrays_and_masks_follow_every_step(game: Game) -> None:
    """The fast paths (sparse numbers, indices kept per list of legal actions) give what the plain
    definitions give, position after position, for the seat to move and for one that waits."""
    obs = Observation(game)
    encoding = game.observation_encoding(obs.options)
    rng = Rng(3)
    state = game.new_state(obs.options, 8)
    for _ in range(30 if game.id == "cyberpunk-ccg" else 120):
        if state.is_terminal:
            break
        mover = state.current_player
        assert mover is not None
        for seat in range(state.num_players):
            dense = np.asarray(encoding.encode(state.view(seat), seat), np.float32)
            assert np.array_equal(obs.array(state, seat), dense)
            filled = np.full(obs.size, 9.0, np.float32)
            obs.fill(filled, state, seat)
            assert np.array_equal(filled, dense)
            plain = game.action_space.mask(state.legal_actions()) if seat == mover else None
            assert obs.mask(state, seat).tolist() == (plain or [0] * game.action_space.size)
        legal = state.legal_actions()
        indices = [game.action_space.index(a) for a in legal]
        assert obs.legal_indices(state) == indices
        assert obs.sorted_legal_indices(state) == sorted(indices)
        state.apply(legal[rng.below(len(legal))])


def test_only_the_numbers_that_are_not_zero_are_kept() -> None:
    layout = Layout([Slice("a", 3, "first"), Slice("b", CARD_SLOTS, "cards")])

    def write(view: Any, seat: int, out: Writer) -> None:
        out.begin("a")
        out.number(0, 5)
        out.flag(False)
        out.number(3, 6)
        out.begin("b")
        out.cards(["7H", "7h", "JK"])

    numbers = Encoding(layout, write).sparse({}, 0)
    seven = 3 + int(Card.parse("7H"))
    assert numbers == {2: 0.5, seven: 2.0, 3 + int(Card.parse("JK")): 1.0}


def test_an_action_not_of_the_game_is_named() -> None:
    space = next(g for g in games() if g.id == "cypher").action_space
    assert space.indices(space.actions[:2]) == [0, 1]
    with pytest.raises(BadAction, match="'launch nukes' is not an action of this game"):
        space.indices([Action("launch", ("nukes",))])


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_what_is_kept_for_a_position_is_that_positions(game: Game) -> None:
    """Observations, masks and texts are kept per seat for a position (``Observation``'s
    docstring): asked again they are the same numbers in new arrays, a move by the lean path
    (``Observation.step``) or a re-dealt world (which shares the list of legal actions with the
    real state) gets its own, and a caller may change what it was handed."""
    obs = Observation(game)
    rng = Rng(5)
    state = game.new_state(obs.options, 4)
    for step in range(25 if game.id == "cyberpunk-ccg" else 80):
        if state.is_terminal:
            break
        mover = state.current_player
        assert mover is not None
        for seat in range(state.num_players):
            handed = obs.array(state, seat)
            handed += 1.0
            assert np.array_equal(obs.array(state, seat), Observation(game).array(state, seat))
            filled = np.full(obs.size, 9.0, np.float32)
            Observation(game).fill(filled, state, seat)  # written in place, nothing kept
            assert np.array_equal(filled, obs.array(state, seat))
            view = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))
            assert obs.text(state, seat) == obs.text(state, seat) == view
            world = state.determinize(1 - mover if seat == mover else mover, Rng(step))
            assert np.array_equal(obs.array(world, seat), Observation(game).array(world, seat))
            assert obs.text(world, seat) == Observation(game).text(world, seat)
        mask = obs.mask(state, mover)
        mask[:] = 1
        assert obs.mask(state, mover).tolist() == game.action_space.mask(state.legal_actions())
        indices = obs.legal_indices(state)
        obs.step(state, indices[rng.below(len(indices))])


@pytest.mark.parametrize("game", games(), ids=lambda g: g.id)
def test_an_illegal_number_is_refused_by_the_lean_step(game: Game) -> None:
    obs = Observation(game)
    state = game.new_state(obs.options, 2)
    before = state.fingerprint()
    illegal = next(i for i in range(game.action_space.size) if i not in obs.legal_indices(state))
    with pytest.raises(IllegalAction) as refused:
        obs.step(state, illegal)
    assert str(refused.value) == state.why_illegal(game.action_space.action(illegal))
    assert state.fingerprint() == before
    with pytest.raises(BadAction, match="outside"):
        obs.step(state, game.action_space.size)
    assert state.fingerprint() == before

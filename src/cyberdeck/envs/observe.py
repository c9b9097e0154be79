"""What every environment shows a seat: the game's encoding of its view, the view as text, and
the mask of legal actions over the game's fixed action space.

Everything here is what the seat may see: its encoding's numbers (``Encoding.observe``: from its
view, or straight from the state where the game writes the same numbers that way, guarded by
``check_observations`` and by a test that both ways agree) and ``state.legal_actions()`` (only for
the seat to move, whose own options they are).

Speed: an environment asks for an observation and a mask at every step, so the arrays are built
in one numpy call each from the few places that are not 0 (``Encoding.sparse``, the legal
actions' indices), and the indices are kept while the state's list of legal actions is the same
object (a game computes that list once per position and hands out the same one).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import Action, Game, IllegalAction, Layout, Rng, State

#: The largest number an encoding writes: slices hold flags, counts of the cards of one game, and
#: amounts divided by their typical maximum, all at least 0 (the tests check every game).
HIGH = 255.0


class Observation:
    """One game's observation for one set of options: a fixed-length float32 vector and a mask.

    Both are kept for the position they were made for (the state object and the list of legal
    actions it hands out, which a game makes once per position), one per seat: a learner that
    asks again (PettingZoo's ``last`` then ``observe``, Gymnasium's ``info`` then
    ``action_masks``, OpenSpiel's search) pays for a scatter into a new array, not for another
    view. What is kept is the observation's places that are not 0 and their numbers, from which
    the array, OpenSpiel's buffer and OpenSpiel's list are each made in one step. Every call
    returns a new array.
    """

    __slots__ = ("_kept", "_legal", "_legal_indices", "_mask", "_numbers", "_sorted", "_texts",
                 "actions", "game", "layout", "options", "size")  # fmt: skip

    def __init__(self, game: Game, options: Mapping[str, Any] | None = None) -> None:
        self.game = game
        self.options = game.resolve_options(options)
        encoding = game.observation_encoding(self.options)
        self._numbers = encoding.observe
        self.layout: Layout = encoding.layout
        self.size = encoding.size
        self.actions = game.action_space
        self._legal: list[Action] | None = None
        self._legal_indices: list[int] = []
        self._sorted: list[int] | None = None
        self._mask: npt.NDArray[np.int8] | None = None
        self._kept: dict[
            int, tuple[State, list[Action], npt.NDArray[np.intp], npt.NDArray[np.float32]]
        ] = {}
        self._texts: dict[int, tuple[State, list[Action], str]] = {}

    def array(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        places, values = self.numbers(state, seat)
        out = np.zeros(self.size, dtype=np.float32)
        out[places] = values
        return out

    def fill(self, out: npt.NDArray[np.float32], state: State, seat: int) -> None:
        """Write the observation into ``out`` (OpenSpiel's observer tensor) in place."""
        places, values = self.numbers(state, seat)
        out.fill(0.0)
        out[places] = values

    def tensor(self, state: State, seat: int) -> list[float]:
        """The observation as OpenSpiel's ``observation_tensor`` hands it to Python: a list of
        floats, each the float32 number the array holds. Built from the few numbers that are not
        0 into a list of shared zeros: converting all 8,006 floats of a CCG array one by one (as
        OpenSpiel's C++ path does, or ``ndarray.tolist``) cost more than the observation."""
        places, values = self.numbers(state, seat)
        out = [0.0] * self.size
        for place, value in zip(places.tolist(), values.tolist(), strict=True):
            out[place] = value
        return out

    def numbers(
        self, state: State, seat: int
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.float32]]:
        """The places that are not 0 in the seat's observation of this position, and their
        numbers: made once per position and seat, kept (never handed out, never changed)."""
        legal = state.legal_actions()
        kept = self._kept.get(seat)
        if kept is not None and kept[0] is state and kept[1] is legal:
            return kept[2], kept[3]
        numbers = self._numbers(state, seat)
        count = len(numbers)
        places = np.fromiter(numbers.keys(), np.intp, count)
        values = np.fromiter(numbers.values(), np.float32, count)
        # Holding the state and its list keeps their identities from passing to others.
        self._kept[seat] = (state, legal, places, values)
        return places, values

    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        """1 at each legal action's index when ``seat`` is to move; all 0 otherwise."""
        if state.current_player != seat:
            return np.zeros(self.actions.size, dtype=np.int8)
        indices = self.legal_indices(state)
        mask = self._mask
        if mask is None:
            mask = self._mask = np.zeros(self.actions.size, dtype=np.int8)
            mask[indices] = 1
        return mask.copy()

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions of the seat to move, in the state's order."""
        legal = state.legal_actions()
        if legal is not self._legal:
            # Holding the list keeps its identity from being reused by another list.
            self._legal_indices = self.actions.indices(legal)
            self._sorted = None
            self._mask = None
            self._legal = legal
        return self._legal_indices

    def step(self, state: State, index: int) -> Action:
        """Carry out action number ``index`` by the lean path (``State.advance``): the legality
        check is a look-up among the legal indices an environment has already made for its mask,
        so an illegal number still raises ``IllegalAction`` with the game's sentence and changes
        nothing, without ``apply``'s second scan of the legal actions or its events."""
        move = self.actions.action(index)
        if state.is_terminal:
            raise IllegalAction("The game is over; no more moves can be made.")
        if index not in self.legal_indices(state):
            raise IllegalAction(state.why_illegal(move))
        state.advance(move)
        return move

    def sorted_legal_indices(self, state: State) -> list[int]:
        """``legal_indices`` in increasing order (OpenSpiel's order); a copy the caller may keep."""
        indices = self.legal_indices(state)
        if self._sorted is None:
            self._sorted = sorted(indices)
        return self._sorted[:]

    def text(self, state: State, seat: int) -> str:
        """The view as canonical JSON: equal texts are equal views (a key for search trees).
        Kept per seat for the position, as the arrays are: OpenSpiel's search asks for the
        information state of the same node again and again."""
        legal = state.legal_actions()
        kept = self._texts.get(seat)
        if kept is not None and kept[0] is state and kept[1] is legal:
            return kept[2]
        text = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))
        self._texts[seat] = (state, legal, text)
        return text


def check_observations(
    game: Game, options: Mapping[str, Any] | None, states: int, seed: int = 0
) -> int:
    """Walk random games until ``states`` positions are seen; at each, every seat's observation
    must be unchanged when everything it cannot see is re-dealt (``determinize``), within
    ``[0, HIGH]``, and, in the position and the re-dealt world alike, the one the encoding
    writes from the seat's view (the reference an observation read from the state must equal).
    Raises ``AssertionError`` naming the game, seed and step; the positions seen.
    """
    obs = Observation(game, options)
    encoding = game.observation_encoding(obs.options)

    def from_view(position: State, seat: int) -> npt.NDArray[np.float32]:
        return np.asarray(encoding.encode(position.view(seat), seat), dtype=np.float32)

    rng = Rng(seed)
    seen = 0
    deal = seed
    drifted: str | None = None
    while seen < states:
        state = game.new_state(obs.options, deal)
        step = 0
        while seen < states:
            for seat in range(state.num_players):
                here = obs.array(state, seat)
                where = f"{game.id} {obs.options} deal {deal} step {step} seat {seat}"
                if not (here.min() >= 0.0 and here.max() <= HIGH):
                    raise AssertionError(f"{where}: an observation outside [0, {HIGH}]")
                world = state.determinize(seat, Rng(rng.next64()))
                there = obs.array(world, seat)
                if not np.array_equal(here, there):
                    raise AssertionError(f"{where}: the observation shows a hidden card")
                for position, numbers in ((state, here), (world, there)):
                    if drifted is None and not np.array_equal(numbers, from_view(position, seat)):
                        drifted = where
            seen += 1
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.advance(legal[rng.below(len(legal))])
            step += 1
        deal += 1
    if drifted is not None:  # a leak anywhere in the walk is reported first
        raise AssertionError(f"{drifted}: the observation is not its view's")
    return seen

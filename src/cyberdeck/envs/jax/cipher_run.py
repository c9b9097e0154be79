"""Cipher Run as a batched JAX twin: a ``pgx.Env`` whose state is fixed-shape integer arrays.

The reference engine (``games/cipher_run/state.py``) stays the truth; this twin is checked against
it move for move (``bench/jax_verify_cipher_run.py``, ``tests/envs/jax/test_cipher_run.py``). It
speaks the engine's fixed action space (the same 1,941 indices as ``Game.action_space``) and writes
the research environments' observation (``encoding.py``), number for number, for the seat to move.

Every step is branch-free: each kind of move is a mask over the same arrays, so ``vmap`` never
runs one branch per kind of move. Where the engine keeps ordered lists only the rules' reading of
them is kept: hands and discard piles are counts per card (no rule reads their order), while stacks
keep their order (a profile reads the top module, a Kill-Switch names a position). Overclocks sit
in a table of eight (four Kings a deck at most), each remembering its module and owner, so a purge
sends it to its owner's discard pile as the engine's ``code + 64 * owner`` does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass as plain_dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
import pgx.core as pgx_core

# Pgx's own environments build their states with this decorator (Flax's struct dataclass: a
# frozen dataclass registered as a pytree, with ``replace``); ``pgx.Env.step`` relies on both.
from pgx._src.struct import dataclass as pgx_dataclass

from ...engine import Rng
from ...engine.cards import CARDS
from ...games.cipher_run import decks as deckbuilding
from ...games.cipher_run.actions import ACTIONS, MAX_STACK, SIDES, VAULT_NAMES
from ...games.cipher_run.cards import KIND, NUMBER, SUIT, VALUE
from ...games.cipher_run.encoding import LAYOUT
from ...games.cipher_run.game import GAME
from ...games.cipher_run.state import (
    FINAL_TURNS,
    LOCK_HIGH,
    LOCK_LOW,
    MIN_OPENING_NUMBERS,
    OPENING_HAND,
    OWNER_SHIFT,
    RUN,
    SEEDING,
    TURN_CAP,
    CipherState,
)
from .bits import nth_bit, word
from .core import AdvancingEnv

Array = jax.Array
CODES = 56
NODES = 6
DECK = deckbuilding.DECK_SIZE
#: Overclocks on the table at once: each deck holds at most four Kings.
OC_SLOTS = 2 * deckbuilding.MAX_PER_PROGRAM
NUM_ACTIONS = len(ACTIONS)
OBS_SIZE = LAYOUT.size

# --- the action space, read from the engine's own list --------------------------------------------
# Kinds of move: a twin step decodes an index into (kind, card, side, vault, position).
SEED, PLACE, REVECT, KILL, BOOST, PURGE, COMPILE, RESET, PASS = range(9)
_PROGRAM_KIND = {1: KILL, 2: REVECT, 3: BOOST, 4: PURGE}
_CARD_CODE = {CARDS[c].text: c for c in range(CODES) if KIND[c] >= 0}


def _decode_space() -> npt.NDArray[np.int32]:
    rows = []
    for action in ACTIONS:
        args = action.args
        card, side, vault, pos = 0, 0, 0, 0
        if action.kind == "seed":
            kind, card, vault = SEED, _CARD_CODE[args[0]], VAULT_NAMES.index(args[1])
        elif action.kind == "deploy":
            card, vault = _CARD_CODE[args[0]], VAULT_NAMES.index(args[1])
            kind = PLACE if KIND[card] == NUMBER else _PROGRAM_KIND[KIND[card]]
            if len(args) > 2:
                side = SIDES.index(args[2])
            if len(args) > 3:
                pos = int(args[3]) - 1
        elif action.kind == "compile":
            kind, card = COMPILE, _CARD_CODE[args[0]]
        elif action.kind == "reset":
            kind, vault = RESET, VAULT_NAMES.index(args[0])
        else:
            kind = PASS
        rows.append((kind, card, side, vault, pos))
    return np.array(rows, dtype=np.int32)


_SPACE = _decode_space()
A_KIND, A_CARD, A_SIDE, A_VAULT, A_POS = (jnp.asarray(_SPACE[:, i]) for i in range(5))


def _blocks() -> tuple[npt.NDArray[np.int32], ...]:
    """The card codes of each block of the mask, checked against the decoded action space: the
    mask is built block by block and must land on the engine's indices."""
    numbers = np.array([c for c in range(CODES) if KIND[c] == NUMBER], dtype=np.int32)
    queens = np.array([c for c in range(CODES) if KIND[c] == 2], dtype=np.int32)
    targeted = np.array([c for c in range(CODES) if KIND[c] in (1, 3, 4)], dtype=np.int32)
    compiled = np.array([c for c in range(CODES) if KIND[c] >= 0], dtype=np.int32)
    rows = [(SEED, c, 0, v, 0) for c in numbers for v in range(3)]
    rows += [(PLACE, c, 0, v, 0) for c in numbers for v in range(3)]
    rows += [(REVECT, c, s, v, 0) for c in queens for s in (0, 1) for v in range(3)]
    rows += [
        (_PROGRAM_KIND[KIND[c]], c, s, v, i)
        for c in targeted
        for s in (0, 1)
        for v in range(3)
        for i in range(MAX_STACK)
    ]
    rows += [(COMPILE, c, 0, 0, 0) for c in compiled]
    rows += [(RESET, 0, 0, v, 0) for v in range(3)] + [(PASS, 0, 0, 0, 0)]
    if not np.array_equal(np.array(rows, dtype=np.int32), _SPACE):
        raise RuntimeError("the twin's mask blocks no longer follow the engine's action space")
    return numbers, queens, targeted, compiled


_NUMBER_CODES, _QUEEN_CODES, _TARGETED_CODES, _COMPILE_CODES = (jnp.asarray(b) for b in _blocks())
#: ``_RATIO[d][k]`` is ``k / d`` rounded once to float32, as the engine's encoding rounds it (XLA
#: divides by a constant as a multiply by its reciprocal, a last bit off now and then).
#: Each divisor with the largest count the rules let it divide: a final turn (2), vaults held or
#: seeds hidden (3), Overclocks on a node (8 Kings in both decks), a hand (8), a stack (30), a
#: node's total (a 10 with all eight Overclocks and 29 more tens: under 2,900), a deck (30), turns.
_RATIO_RANGE = {2: 2, 3: 3, 4: 8, 8: 8, 10: MAX_STACK, 26: 2900, 30: 30, TURN_CAP: TURN_CAP}
_RATIO = {
    d: jnp.asarray((np.arange(top + 1, dtype=np.float64) / d).astype(np.float32))
    for d, top in _RATIO_RANGE.items()
}


def _ratio(k: Array, d: int) -> Array:
    return _RATIO[d][jnp.clip(k, 0, _RATIO_RANGE[d])]


_VALUE = jnp.asarray(VALUE, dtype=jnp.int32)
_SUIT = jnp.asarray(SUIT, dtype=jnp.int32)
_KIND = jnp.asarray(KIND, dtype=jnp.int32)
_IS_NUMBER = _KIND == NUMBER
_POSITIONS = jnp.arange(MAX_STACK, dtype=jnp.int32)
_CODE_RANGE = jnp.arange(CODES, dtype=jnp.int32)
ASC, DESC = 1, -1
NOBODY = -1
#: How a run ended (``Outcome.kind``): still going, breach, deck-out, safety cap.
GOING, BREACH, DECK_OUT, SAFETY_CAP = 0, 1, 2, 3
END_KINDS = (None, "breach", "deck-out", "safety-cap")


@pgx_dataclass
class State(pgx_core.State):  # type: ignore[misc]
    """One run of Cipher Run. Seats are 0 and 1; nodes are ``seat * 3 + vault`` as in the engine.

    ``mods[node, i]`` is the card code of the i-th module from the bottom (0 past ``height``);
    ``boosts[node, i]`` counts its Overclocks; ``oc_*`` is the table of Overclocks on the table
    (``oc_node`` -1 for a free slot), ``oc_turn`` the turn each was played, to list a module's
    Overclocks in the order they came. ``stack_counts`` counts each node's modules by card code
    (the observation's slice, kept as the stacks change rather than counted again every step).
    """

    current_player: Array
    observation: Array
    rewards: Array
    terminated: Array
    truncated: Array
    legal_action_mask: Array
    _step_count: Array
    _phase: Array
    _first: Array
    _turn: Array
    _final: Array
    _winner: Array
    _end: Array
    _deck: Array
    _deck_len: Array
    _hand: Array
    _discard: Array
    _redrawn: Array
    _mods: Array
    _boosts: Array
    _height: Array
    _profile: Array
    _stack_counts: Array
    _oc_card: Array
    _oc_owner: Array
    _oc_node: Array
    _oc_pos: Array
    _oc_turn: Array

    @property
    def env_id(self) -> str:
        return "cipher_run"


@plain_dataclass(frozen=True)
class Deal:
    """A run's deal as arrays: what the engine's ``setup`` leaves (``deal_of`` reads one).

    ``deck[seat]`` holds the deck bottom first (the top card at ``deck_len - 1``); ``hand`` and
    ``redrawn`` count cards by code (``redrawn``: cards shown in re-drawn opening hands)."""

    first: Array
    deck: Array
    deck_len: Array
    hand: Array
    redrawn: Array


jax.tree_util.register_dataclass(
    Deal, data_fields=["first", "deck", "deck_len", "hand", "redrawn"], meta_fields=[]
)


def deck_arrays(decks: Any = None) -> npt.NDArray[np.int32]:
    """Both seats' decks as a ``(2, 30)`` array of card codes, from anything ``new_state`` takes
    (``None`` for the starters, names, deck-list texts, lists of cards). Checked outside ``jit`` by
    the engine's own deck rules, so a malformed deck raises ``BadDeck`` with the same sentences."""
    return np.array(deckbuilding.resolve_decks(decks), dtype=np.int32)


def deal_of(state: CipherState) -> Deal:
    """The deal of an engine state fresh from ``setup`` (seeding not begun), as arrays."""
    if state.phase != SEEDING or any(state.mods):
        raise ValueError("a deal is read from a state before any seed is placed")
    deck = np.zeros((2, DECK), dtype=np.int32)
    deck_len = np.zeros(2, dtype=np.int32)
    hand = np.zeros((2, CODES), dtype=np.int32)
    redrawn = np.zeros((2, CODES), dtype=np.int32)
    for seat in (0, 1):
        cards = state.decks[seat]
        deck[seat, : len(cards)] = cards
        deck_len[seat] = len(cards)
        np.add.at(hand[seat], state.hands[seat], 1)
    for seat, shown in state.redraws:
        np.add.at(redrawn[seat], list(shown), 1)
    return Deal(
        jnp.int32(state.first),
        jnp.asarray(deck),
        jnp.asarray(deck_len),
        jnp.asarray(hand),
        jnp.asarray(redrawn),
    )


def engine_state(deal: Deal, options: Mapping[str, Any] | None = None) -> CipherState:
    """The engine's state for a twin's deal (one unbatched deal), ready to seed: how the twin's
    own games are replayed in the reference engine. All of the engine's randomness is spent in
    ``setup``, which this replaces; a re-drawn hand comes back as one reveal per seat holding
    every card that seat showed (the view's and the observation's counts are the same)."""
    resolved = GAME.resolve_options(options)
    state = CipherState(
        Rng(0), pivot_flip=resolved["pivot"] == "flip", breach_start=resolved["breach"] == "start"
    )
    first = int(deal.first)
    state.first = state.to_move = first
    redraws = []
    for seat in (0, 1):
        length = int(deal.deck_len[seat])
        state.decks[seat] = [int(c) for c in np.asarray(deal.deck[seat])[:length]]
        counts = np.asarray(deal.hand[seat])
        state.hands[seat] = [c for c in range(CODES) for _ in range(int(counts[c]))]
        shown = np.asarray(deal.redrawn[seat])
        if shown.any():
            redraws.append((seat, tuple(c for c in range(CODES) for _ in range(int(shown[c])))))
    state.redraws = tuple(redraws)
    return state


def _counts(cards: Array) -> Array:
    """Cards by code (a row of codes to a row of 56 counts)."""
    return (cards[:, None] == _CODE_RANGE[None, :]).sum(0, dtype=jnp.int32)


def _shuffle_seat(key: Array, cards: Array) -> tuple[Array, Array]:
    """The engine's opening: shuffle, and show and shuffle again while the last eight (the hand)
    hold fewer than three Number Modules. Returns the order and the cards shown."""

    def short(carry: tuple[Array, Array, Array]) -> Array:
        order = carry[1]
        return _IS_NUMBER[order[DECK - OPENING_HAND :]].sum() < MIN_OPENING_NUMBERS

    def again(carry: tuple[Array, Array, Array]) -> tuple[Array, Array, Array]:
        key, order, shown = carry
        key, sub = jax.random.split(key)
        shown = shown + _counts(order[DECK - OPENING_HAND :])
        return key, jax.random.permutation(sub, cards), shown

    key, sub = jax.random.split(key)
    start = (key, jax.random.permutation(sub, cards), jnp.zeros(CODES, dtype=jnp.int32))
    _, order, shown = jax.lax.while_loop(short, again, start)
    return order, shown


def deal(key: Array, decks: Array) -> Deal:
    """A random deal of two ``(2, 30)`` decks, by the engine's rules (its random first player,
    shuffles and re-draws, drawn from JAX's generator instead of the engine's)."""
    k_first, k0, k1 = jax.random.split(key, 3)
    order0, shown0 = _shuffle_seat(k0, decks[0])
    order1, shown1 = _shuffle_seat(k1, decks[1])
    order = jnp.stack([order0, order1])
    hand = jax.vmap(_counts)(order[:, DECK - OPENING_HAND :])
    deck = jnp.where(_POSITIONS[None, :DECK] < DECK - OPENING_HAND, order, 0)
    return Deal(
        jax.random.bernoulli(k_first).astype(jnp.int32),
        deck,
        jnp.full(2, DECK - OPENING_HAND, dtype=jnp.int32),
        hand,
        jnp.stack([shown0, shown1]),
    )


class CipherRun(AdvancingEnv):
    """Cipher Run for Pgx: ``init``, ``step``, ``observe`` as ``pgx.Env`` defines them.

    ``decks`` are what ``Game.new_state`` takes (``None``: the two starters); ``options`` are the
    game's (``pivot``, ``breach``: the only options of the game, both supported). A run that
    reaches the engine's safety cap ends as the engine ends it, a draw, and is also marked
    ``truncated`` (the cap, not the rules, ended it). An illegal action ends the run with the
    mover losing, as every Pgx environment does; the engine refuses one instead. A ``Fleet``
    steps it without observing (``AdvancingEnv.advance``) and observes each game once, after.
    """

    def __init__(self, decks: Any = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        resolved = GAME.resolve_options(options)
        self.options = resolved
        self.pivot_flip = resolved["pivot"] == "flip"
        self.breach_start = resolved["breach"] == "start"
        self.decks = jnp.asarray(deck_arrays(decks))

    # --- pgx.Env --------------------------------------------------------------------------------

    def _init(self, key: Array) -> State:
        return self._from_deal(self.shuffle(key))

    def shuffle(self, key: Array) -> Deal:
        """The deal ``init(key)`` plays (kept apart so a twin's game can be replayed by the
        engine from it: ``engine_state``)."""
        return deal(key, self.decks)

    def init_from_deal(self, dealt: Deal) -> State:
        """A run started from a given deal (the engine's: ``deal_of``), ready to seed."""
        state = self._from_deal(dealt)
        return state.replace(observation=self.observe(state))  # type: ignore[no-any-return]

    def init_with_decks(self, key: Array, decks: Array) -> State:
        """``init`` with decks other than the environment's (``deck_arrays`` checks them): one
        environment can ``vmap`` over a batch of different decks."""
        state = self._from_deal(deal(key, decks))
        return state.replace(observation=self.observe(state))  # type: ignore[no-any-return]

    def _step(self, state: pgx_core.State, action: Array, key: Array | None) -> State:
        del key  # all of a run's randomness is spent in the deal
        assert isinstance(state, State)
        return _step(state, action, self.pivot_flip, self.breach_start)

    def _observe(self, state: pgx_core.State, player_id: Array) -> Array:
        assert isinstance(state, State)
        return _observe(state, player_id, self.pivot_flip, self.breach_start)

    @property
    def id(self) -> str:
        return "cipher_run"

    @property
    def version(self) -> str:
        return "v0"

    @property
    def num_players(self) -> int:
        return 2

    @property
    def num_actions(self) -> int:
        return NUM_ACTIONS

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (OBS_SIZE,)

    def _from_deal(self, dealt: Deal) -> State:
        node_zeros = jnp.zeros((NODES, MAX_STACK), dtype=jnp.int32)
        oc_zeros = jnp.zeros(OC_SLOTS, dtype=jnp.int32)
        state = State(
            current_player=jnp.int32(dealt.first),
            observation=jnp.zeros(OBS_SIZE, dtype=jnp.float32),
            rewards=jnp.zeros(2, dtype=jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            legal_action_mask=jnp.zeros(NUM_ACTIONS, dtype=jnp.bool_),
            _step_count=jnp.int32(0),
            _phase=jnp.int32(SEEDING),
            _first=jnp.int32(dealt.first),
            _turn=jnp.int32(0),
            _final=jnp.int32(-1),
            _winner=jnp.int32(NOBODY),
            _end=jnp.int32(GOING),
            _deck=jnp.asarray(dealt.deck, dtype=jnp.int32),
            _deck_len=jnp.asarray(dealt.deck_len, dtype=jnp.int32),
            _hand=jnp.asarray(dealt.hand, dtype=jnp.int32),
            _discard=jnp.zeros((2, CODES), dtype=jnp.int32),
            _redrawn=jnp.asarray(dealt.redrawn, dtype=jnp.int32),
            _mods=node_zeros,
            _boosts=node_zeros,
            _height=jnp.zeros(NODES, dtype=jnp.int32),
            _profile=jnp.zeros(NODES, dtype=jnp.int32),
            _stack_counts=jnp.zeros((NODES, CODES), dtype=jnp.int32),
            _oc_card=oc_zeros,
            _oc_owner=oc_zeros,
            _oc_node=oc_zeros - 1,
            _oc_pos=oc_zeros,
            _oc_turn=oc_zeros,
        )
        return state.replace(legal_action_mask=_legal_mask(state))  # type: ignore[no-any-return]


# --- the rules -------------------------------------------------------------------------------------


def _totals(mods: Array, boosts: Array) -> Array:
    return (_VALUE[mods] << boosts).sum(-1)


def _controllers(totals: Array) -> Array:
    """Each vault's controller (0, 1 or ``NOBODY``), as ``CipherState.controller`` decides."""
    a, b = totals[:3], totals[3:]
    a_locked = (a >= LOCK_LOW) & (a <= LOCK_HIGH)
    b_locked = (b >= LOCK_LOW) & (b <= LOCK_HIGH)
    zero = a_locked & (~b_locked | (a > b))
    one = (a_locked & b_locked & (b > a)) | (~a_locked & b_locked)
    return jnp.where(zero, 0, jnp.where(one, 1, NOBODY))


def _of_seat(rows: Array, seat: Array) -> Array:
    """Row ``seat`` of a per-seat array: a select between its two rows, where indexing by the
    seat is a gather that XLA repeats for every element of each fusion that reads it."""
    return jnp.where(seat == 0, rows[0], rows[1])


#: Both orders of the six nodes side by side: seat 0's vaults first, then seat 1's first.
_ORDERS = jnp.asarray(
    np.concatenate([np.eye(NODES), np.roll(np.eye(NODES), 3, axis=1)], axis=1), jnp.float32
)


def _mine_first(per_node: Sequence[Array], seat: Array) -> Array:
    """Small per-node integers (a list of ``(6,)`` rows) as ``(rows, 2, 3)``: the seat's three
    vaults, then the other seat's. A product with a constant matrix of both orders, then a
    select: XLA keeps a product's result, where what it computes element-wise from the step's
    new state it recomputed for every place of the mask that reads it (the 1,620 targeted
    places read the six heights)."""
    rows = jnp.stack(per_node).astype(jnp.float32)
    both = jnp.dot(rows, _ORDERS).reshape(len(per_node), 2, 2, 3)
    return jnp.where(seat == 0, both[:, 0], both[:, 1]).astype(jnp.int32)


#: Per node (row) and module a targeted program may name, in both seats' orders (columns: seat
#: 0's (side, vault, module) places, then seat 1's), 1 where the module is on that node.
_NODE_OF_MODULE = jnp.asarray(
    np.concatenate(
        [
            np.repeat(np.eye(NODES), MAX_STACK, axis=1),
            np.repeat(np.roll(np.eye(NODES), 3, 1), MAX_STACK, axis=1),
        ],
        axis=1,
    ),
    jnp.float32,
)
#: The module's position at each of those places (the other factor of the targeted block).
_MODULE_AT = jnp.asarray(np.tile(np.arange(MAX_STACK), NODES))


def _height_by_module(height: Array, seat: Array) -> Array:
    """Per place a targeted program may name (side, vault, module), the height of its node: a
    product with a constant matrix, which XLA keeps, so each of the nine cards' slices of the
    block reads it rather than working out the seat's order again."""
    both = jnp.dot(height.astype(jnp.float32), _NODE_OF_MODULE).reshape(2, NODES * MAX_STACK)
    return jnp.where(seat == 0, both[0], both[1]).astype(jnp.int32)


#: ``hand @ _HOLDS``: per card of each block of the mask (Number Modules, Queens, targeted
#: programs, compiles), how many the hand holds: a product with a constant one-hot matrix, which
#: XLA runs as one vectorised call and keeps; a gather by constant codes was recomputed for every
#: element of the mask it fed (a third of a step, for the targeted block's 1,620 places).
_HOLDS = jnp.asarray(
    np.concatenate(
        [
            (np.arange(CODES)[:, None] == np.asarray(codes)[None, :]).astype(np.float32)
            for codes in (_NUMBER_CODES, _QUEEN_CODES, _TARGETED_CODES, _COMPILE_CODES)
        ],
        axis=1,
    )
)
_BLOCK_SPLITS = tuple(
    np.cumsum([len(_NUMBER_CODES), len(_QUEEN_CODES), len(_TARGETED_CODES)]).tolist()
)


def _legal_mask(state: State) -> Array:
    """Which of the 1,941 actions the seat to move may take (none once the run is over).

    Built block by block in the action space's own order (``_BLOCKS`` checks it at import):
    seeds and deploys per Number Module and vault, Revectors per Queen, side and vault, targeted
    programs per card, side, vault and module, compiles per card, resets, pass. Each block is
    the product of what the hand holds and what the table allows, both small and worked out
    first."""
    seat = state.current_player
    phase = state._phase
    running = (phase == RUN) & (state._end == GOING)
    seeding = (phase == SEEDING) & (state._end == GOING)
    held = jnp.dot((_of_seat(state._hand, seat) > 0).astype(jnp.float32), _HOLDS) > 0
    numbers, queens, targeted, compiled = jnp.split(held, _BLOCK_SPLITS)
    tops = jnp.take_along_axis(state._mods, jnp.maximum(state._height - 1, 0)[:, None], axis=1)
    tops = jnp.where(state._height > 0, tops[:, 0], 0)
    height, profile, top = _mine_first([state._height, state._profile, tops], seat)
    own_height, own_profile, top = height[0], profile[0], top[0]
    top_value = _VALUE[top]
    numbers = numbers[:, None]
    value = _VALUE[_NUMBER_CODES][:, None]
    fits = (top_value == 0) | (
        (value != top_value)
        & (
            (own_profile == 0)
            | ((value > top_value) == (own_profile == ASC))
            | (_SUIT[_NUMBER_CODES][:, None] == _SUIT[top])
        )
    )
    seeds = numbers & (own_height == 0) & seeding
    deploys = numbers & fits & running
    revectors = queens[:, None, None] & (profile != 0) & running
    # Per card, a copy of the modules open to it: 1,620 places as nine slices, each one
    # element-wise over the same 180; written as one broadcast to (9, 2, 3, 30), XLA worked out
    # the four indices of every place one by one (a fifth of a step).
    open_modules = (_height_by_module(state._height, seat) > _MODULE_AT) & running
    targets = jnp.concatenate([targeted[c] & open_modules for c in range(len(_TARGETED_CODES))])
    compiles = compiled & (_of_seat(state._deck_len, seat) > 0) & running
    resets = (own_height > 0) & running
    allowed = jnp.concatenate(
        [
            seeds.reshape(-1),
            deploys.reshape(-1),
            revectors.reshape(-1),
            targets.reshape(-1),
            compiles,
            resets,
        ]
    )
    stuck = running & ~allowed.any()
    return jnp.concatenate([allowed, stuck[None]])


#: A module's card and Overclocks as one number: ``card * _BOOST_SHIFT + overclocks``.
_BOOST_SHIFT = 16
#: Every position of a stack, as bits.
_FULL = jnp.uint32((1 << MAX_STACK) - 1)


def _low_bits(count: Array) -> Array:
    """The word of the first ``count`` positions (``count`` up to ``MAX_STACK``)."""
    return jnp.left_shift(jnp.uint32(1), count.astype(jnp.uint32)) - 1


def _step(state: State, action: Array, pivot_flip: bool, breach_start: bool) -> State:
    p = state.current_player
    kind, card = A_KIND[action], A_CARD[action]
    vault, pos = A_VAULT[action], A_POS[action]
    owner = jnp.where(A_SIDE[action] == 0, p, 1 - p)
    node = owner * 3 + vault
    mods, boosts, height, profile = state._mods, state._boosts, state._height, state._profile
    value = _VALUE[card]

    # A card leaves the hand on every move but a Hard Reset or a pass.
    plays = kind <= COMPILE
    hand = state._hand.at[p, card].add(-plays.astype(jnp.int32))
    to_pile = (kind == REVECT) | (kind == KILL) | (kind == PURGE) | (kind == COMPILE)
    discard = state._discard.at[p, card].add(to_pile.astype(jnp.int32))

    # Placing a module (a seed or a deploy): on top of the node; the second sets the profile, an
    # override against the profile turns it under ``pivot=flip``.
    places = (kind == SEED) | (kind == PLACE)
    h = height[node]
    top_value = _VALUE[mods[node, jnp.maximum(h - 1, 0)]]
    up = value > top_value
    sets = h == 1
    overrides = (h >= 2) & (up != (profile[node] == ASC)) & pivot_flip
    new_profile = jnp.where(up, ASC, DESC)
    turned = places & (sets | overrides)
    profile = profile.at[node].set(jnp.where(turned, new_profile, profile[node]))
    profile = profile.at[node].multiply(jnp.where(kind == REVECT, -1, 1))
    slot = jnp.minimum(h, MAX_STACK - 1)
    mods = mods.at[node, slot].set(jnp.where(places, card, mods[node, slot]))
    stack_counts = state._stack_counts.at[node, card].add(places.astype(jnp.int32))

    # An Overclock: one more doubling on the module, and a row in the table of Overclocks.
    boosting = kind == BOOST
    boosts = boosts.at[node, pos].add(boosting.astype(jnp.int32))
    free = jnp.argmax(state._oc_node < 0)
    oc_card = state._oc_card.at[free].set(jnp.where(boosting, card, state._oc_card[free]))
    oc_owner = state._oc_owner.at[free].set(jnp.where(boosting, p, state._oc_owner[free]))
    oc_node = state._oc_node.at[free].set(jnp.where(boosting, node, state._oc_node[free]))
    oc_pos = state._oc_pos.at[free].set(jnp.where(boosting, pos, state._oc_pos[free]))
    oc_turn = state._oc_turn.at[free].set(jnp.where(boosting, state._turn, state._oc_turn[free]))

    # Removals: a Kill-Switch takes one module, a Zero-Day every other module of the target's suit
    # (an ace) or value, a Hard Reset the whole node. Each goes to its owner's pile with the
    # Overclocks on it going to theirs; the stacks close up.
    height = height.at[node].add(places.astype(jnp.int32))
    # Each node's modules as the bits of one word (bit i: the module at position i): the rules
    # then take, keep and count them with a few integer operations per node.
    valid = _low_bits(height)
    rows = jnp.arange(NODES) == node
    target = mods[node, pos]
    by_suit = _VALUE[target] == 1
    purged = jnp.where(by_suit, _SUIT[mods] == _SUIT[target], _VALUE[mods] == _VALUE[target])
    at_target = jnp.where(rows, jnp.left_shift(jnp.uint32(1), pos.astype(jnp.uint32)), 0)
    remove = valid & jnp.where(
        kind == KILL,
        at_target,
        jnp.where(
            kind == PURGE,
            word(purged) & ~at_target,
            jnp.where((kind == RESET) & rows, _FULL, jnp.uint32(0)),
        ),
    )
    keep = valid & ~remove
    reset_row = rows[:, None]
    # Cards removed, by node and code, without a scatter per module: a reset empties the row,
    # a Zero-Day every code of the purged suit or value but the target's one copy.
    card_hit = jnp.where(by_suit, _SUIT[target] == _SUIT, _VALUE[target] == _VALUE) & _IS_NUMBER
    purge_counts = jnp.where(card_hit[None, :], stack_counts, 0)
    purge_counts = purge_counts.at[node, target].add(-1)
    one = jnp.zeros((NODES, CODES), dtype=jnp.int32).at[node, target].set(1)
    removed_counts = jnp.where(
        kind == KILL,
        one,
        jnp.where(
            kind == PURGE, purge_counts, jnp.where((kind == RESET) & reset_row, stack_counts, 0)
        ),
    )
    stack_counts = stack_counts - removed_counts
    discard = discard + removed_counts.reshape(2, 3, CODES).sum(1)
    oc_live = oc_node >= 0
    oc_word = keep[jnp.maximum(oc_node, 0)]
    oc_bit = jnp.left_shift(jnp.uint32(1), oc_pos.astype(jnp.uint32))
    oc_gone = oc_live & ((remove[jnp.maximum(oc_node, 0)] & oc_bit) != 0)
    # Eight updates a game: a scatter, where counting them per owner and card compared all
    # eight against each of the 112 places (a sixth of a step).
    discard = discard.at[oc_owner, oc_card].add(oc_gone.astype(jnp.int32))
    # Close the stacks: the k-th kept module moves to position k, so the module landing at
    # position j is the j-th bit of the kept word, and a module's new place is the count of the
    # kept bits below it. (A cumulative sum, which XLA's CPU code runs as a windowed reduction,
    # and a count over every pair of positions took a third of a step; a sort more.) Card and
    # Overclocks move together as one number, in one gather: a card code is under 64 and a
    # module holds at most eight Overclocks.
    kept_height = jax.lax.population_count(keep).astype(jnp.int32)
    source = jnp.minimum(nth_bit(keep[:, None], _POSITIONS[None, :]), MAX_STACK - 1)
    still = _POSITIONS[None, :] < kept_height[:, None]
    moved = jnp.take_along_axis(mods * _BOOST_SHIFT + boosts, source, axis=1)
    mods = jnp.where(still, moved // _BOOST_SHIFT, 0)
    boosts = jnp.where(still, moved % _BOOST_SHIFT, 0)
    rank = jax.lax.population_count(oc_word & (oc_bit - 1)).astype(jnp.int32)
    oc_pos = jnp.where(oc_gone, 0, jnp.where(oc_live, rank, 0))
    oc_node = jnp.where(oc_gone, -1, oc_node)
    shrunk = kept_height < height
    profile = jnp.where(shrunk & (kept_height < 2), 0, profile)
    height = kept_height

    # Draw after a deploy or a compile.
    draws = (kind >= PLACE) & (kind <= COMPILE) & (state._deck_len[p] > 0)
    drawn = state._deck[p, jnp.maximum(state._deck_len[p] - 1, 0)]
    hand = hand.at[p, drawn].add(draws.astype(jnp.int32))
    deck_len = state._deck_len.at[p].add(-draws.astype(jnp.int32))

    totals = _totals(mods, boosts)
    controllers = _controllers(totals)
    held = jnp.stack([(controllers == s).sum() for s in (0, 1)])

    # Seeding: the first player's third seed hands seeding over; the second's starts the run.
    seeded = _own_full(height, p)
    seeding = kind == SEED
    run_starts = seeding & seeded & (p != state._first)
    # The end of a turn (every move but a seed), then the start of the next.
    ends_turn = ~seeding
    turn = state._turn + ends_turn.astype(jnp.int32)
    both_empty = (deck_len == 0).all()
    breach_end = ends_turn & (not breach_start) & (held[p] >= 2)
    final = state._final
    counting = ends_turn & ~breach_end & (final > 0)
    final = jnp.where(counting, final - 1, final)
    deck_out = counting & (final == 0)
    final = jnp.where(ends_turn & ~breach_end & (state._final < 0) & both_empty, FINAL_TURNS, final)
    final = jnp.where(run_starts & (final < 0) & both_empty, FINAL_TURNS, final)
    capped = ends_turn & ~breach_end & ~deck_out & (turn >= TURN_CAP)
    over = breach_end | deck_out | capped
    next_player = jnp.where(
        seeding, jnp.where(seeded, jnp.where(run_starts, state._first, 1 - p), p), 1 - p
    )
    next_player = jnp.where(over, p, next_player)
    starts_turn = (ends_turn & ~over) | run_starts
    breach_start_win = starts_turn & breach_start & (held[next_player] >= 2)
    phase = jnp.where(run_starts, RUN, state._phase)
    winner = jnp.select(
        [breach_end, deck_out & (held[0] != held[1]), breach_start_win],
        [p, jnp.where(held[0] > held[1], 0, 1), next_player],
        default=NOBODY,
    )
    end = jnp.select(
        [breach_end | breach_start_win, deck_out, capped], [BREACH, DECK_OUT, SAFETY_CAP], GOING
    )
    finished = end != GOING
    phase = jnp.where(finished, 2, phase)
    seats = jnp.arange(2)
    rewards = jnp.where(
        finished & (winner != NOBODY), jnp.where(seats == winner, 1.0, -1.0), 0.0
    ).astype(jnp.float32)

    state = state.replace(
        current_player=next_player.astype(jnp.int32),
        rewards=rewards,
        terminated=finished,
        truncated=end == SAFETY_CAP,
        _phase=phase.astype(jnp.int32),
        _turn=turn,
        _final=final.astype(jnp.int32),
        _winner=winner.astype(jnp.int32),
        _end=end.astype(jnp.int32),
        _deck_len=deck_len,
        _hand=hand,
        _discard=discard,
        _mods=mods,
        _boosts=boosts,
        _height=height,
        _profile=profile,
        _stack_counts=stack_counts,
        _oc_card=oc_card,
        _oc_owner=oc_owner,
        _oc_node=oc_node,
        _oc_pos=oc_pos,
        _oc_turn=oc_turn,
    )
    return state.replace(legal_action_mask=_legal_mask(state))  # type: ignore[no-any-return]


def _own_full(height: Array, seat: Array) -> Array:
    own = jax.lax.dynamic_slice(height, (seat * 3,), (3,))
    return (own > 0).all()


# --- the observation -------------------------------------------------------------------------------

_NODE_STATES = 3
#: The other seat's nodes, in the encoding's order (the seat's own first).
_THEIRS = jnp.arange(NODES) >= 3


def _seat_first(rows: Array, seat: Array) -> Array:
    """Per-seat rows (a leading axis of 2) or per-node rows (6) in the seat's order, its own
    first: a select between two static orders, where indexing by ``[seat, 1 - seat]`` is a
    gather that XLA repeats for every number of the observation it feeds."""
    return jnp.where(seat == 0, rows, jnp.roll(rows, rows.shape[0] // 2, axis=0))


def _observe(state: State, seat: Array, pivot_flip: bool, breach_start: bool) -> Array:
    """``encoding.write`` on the seat's view, number for number (float32, ``LAYOUT``'s order)."""
    other = 1 - seat
    phase = state._phase
    seeding = phase == SEEDING
    over = state._end != GOING
    f32 = jnp.float32
    options = jnp.array([pivot_flip, breach_start], dtype=f32)
    phase_hot = (jnp.arange(3) == phase).astype(f32)
    final = state._final
    turn = jnp.stack(
        [
            (~over & (state.current_player == seat)).astype(f32),
            (state._first == seat).astype(f32),
            _ratio(state._turn, TURN_CAP),
            (final >= 0).astype(f32),
            _ratio(jnp.maximum(final, 0), 2),
        ]
    )
    totals = _totals(state._mods, state._boosts)
    controllers = jnp.where(seeding, NOBODY, _controllers(totals))
    held = _seat_first(jnp.stack([(controllers == s).sum() for s in (0, 1)]), seat)
    counts = jnp.stack(
        [
            _ratio(_seat_first(state._hand.sum(1), seat), 8),
            _ratio(_seat_first(state._deck_len, seat), 30),
            _ratio(held, 3),
        ],
        axis=1,
    ).reshape(6)
    # Nodes in the encoding's order: mine vault1..3, then theirs.
    height = _seat_first(state._height, seat)
    hidden_node = seeding & _THEIRS
    shown = ~hidden_node
    has = shown & (height > 0)
    hidden = jnp.where(hidden_node, _ratio(height, 3), f32(0))
    modules = jnp.where(shown[:, None], _seat_first(state._stack_counts, seat), 0).astype(f32)
    mods = _seat_first(state._mods, seat)
    top = jnp.take_along_axis(mods, jnp.maximum(height - 1, 0)[:, None], axis=1)[:, 0]
    top_hot = ((top[:, None] == _CODE_RANGE[None, :]) & has[:, None]).astype(f32)
    node_totals = _seat_first(totals, seat)
    overclocks = _seat_first(state._boosts.sum(1), seat)
    sums = jnp.stack(
        [
            jnp.where(shown, _ratio(node_totals, 26), f32(0)),
            jnp.where(has, _ratio(height, 10), f32(0)),
            jnp.where(has, _ratio(overclocks, 4), f32(0)),
        ],
        axis=1,
    ).reshape(18)
    level = jnp.where(node_totals < LOCK_LOW, 0, jnp.where(node_totals <= LOCK_HIGH, 1, 2))
    node_state = ((level[:, None] == jnp.arange(_NODE_STATES)) & shown[:, None]).astype(f32)
    profile = _seat_first(state._profile, seat)
    profile_hot = jnp.stack([profile == ASC, profile == DESC], axis=1) & shown[:, None]
    protocol_hot = (_SUIT[top][:, None] == jnp.arange(4)) & has[:, None]
    vaults = jnp.stack(
        [
            controllers == seat,
            controllers == other,
            ~seeding
            & (totals[:3] == totals[3:])
            & (totals[:3] >= LOCK_LOW)
            & (totals[:3] <= LOCK_HIGH),
        ],
        axis=1,
    ).reshape(9)
    return jnp.concatenate(
        [
            options,
            phase_hot,
            turn,
            _of_seat(state._hand, seat).astype(f32),
            counts,
            _seat_first(state._discard, seat).reshape(-1).astype(f32),
            _seat_first(state._redrawn, seat).reshape(-1).astype(f32),
            hidden,
            modules.reshape(-1),
            top_hot.reshape(-1),
            sums,
            node_state.reshape(-1),
            profile_hot.reshape(-1).astype(f32),
            protocol_hot.reshape(-1).astype(f32),
            vaults.astype(f32),
        ]
    )


# --- the public fields, as one row of integers (the verification compares them) -------------------

#: The row ``fields`` and ``engine_fields`` write, by name and length: the state as the view shows
#: it (phase, whose move, turns, every stack with its Overclocks, piles and counts, the outcome),
#: plus the hands (private, but the twin must hold the same cards). Piles are counts.
FIELDS: tuple[tuple[str, int], ...] = (
    ("phase", 1),
    ("current_player", 1),
    ("first_player", 1),
    ("turn", 1),
    ("final_turns", 1),
    ("end", 1),
    ("winner", 1),
    ("heights", NODES),
    ("profiles", NODES),
    ("modules", NODES * MAX_STACK),
    ("overclock_counts", NODES * MAX_STACK),
    ("overclocks (node, module, card, owner)", OC_SLOTS * 4),
    ("hands", 2 * CODES),
    ("deck_counts", 2),
    ("discards", 2 * CODES),
)
FIELDS_SIZE = sum(size for _, size in FIELDS)


def fields(state: State) -> Array:
    """The public fields of one twin state as a row of ``FIELDS`` (``jit`` and ``vmap`` it)."""
    over = state._end != GOING
    live = state._oc_node >= 0
    key = jnp.where(
        live, (state._oc_node * MAX_STACK + state._oc_pos) * 1024 + state._oc_turn, 1 << 30
    )
    order = jnp.argsort(key)
    overclocks = jnp.stack(
        [state._oc_node, state._oc_pos, state._oc_card, state._oc_owner], axis=1
    )[order]
    overclocks = jnp.where(live[order][:, None], overclocks, -1)
    head = jnp.stack(
        [
            state._phase,
            jnp.where(over, -1, state.current_player),
            state._first,
            state._turn,
            state._final,
            state._end,
            state._winner,
        ]
    )
    return jnp.concatenate(
        [
            head,
            state._height,
            state._profile,
            state._mods.reshape(-1),
            state._boosts.reshape(-1),
            overclocks.reshape(-1),
            state._hand.reshape(-1),
            state._deck_len,
            state._discard.reshape(-1),
        ]
    ).astype(jnp.int32)


def engine_fields(state: CipherState) -> npt.NDArray[np.int32]:
    """The same row read from the engine's state."""
    row = np.zeros(FIELDS_SIZE, dtype=np.int32)
    outcome = state.outcome
    end = 0 if outcome is None else END_KINDS.index(outcome.kind)
    winner = NOBODY if outcome is None or not outcome.winners else outcome.winners[0]
    row[:7] = (
        state.phase,
        -1 if outcome is not None else state.to_move,
        state.first,
        state.turn,
        state.final,
        end,
        winner,
    )
    at = 7
    mods = np.zeros((NODES, MAX_STACK), dtype=np.int32)
    boosts = np.zeros((NODES, MAX_STACK), dtype=np.int32)
    overclocks: list[tuple[int, int, int, int]] = []
    for n in range(NODES):
        for i, (card, on) in enumerate(zip(state.mods[n], state.kings[n], strict=True)):
            mods[n, i] = card
            boosts[n, i] = len(on)
            overclocks.extend((n, i, k % OWNER_SHIFT, k // OWNER_SHIFT) for k in on)
    row[at : at + NODES] = [len(m) for m in state.mods]
    row[at + NODES : at + 2 * NODES] = state.profile
    at += 2 * NODES
    row[at : at + mods.size] = mods.reshape(-1)
    at += mods.size
    row[at : at + boosts.size] = boosts.reshape(-1)
    at += boosts.size
    table = np.full((OC_SLOTS, 4), -1, dtype=np.int32)
    if overclocks:
        table[: len(overclocks)] = overclocks
    row[at : at + table.size] = table.reshape(-1)
    at += table.size
    for seat in (0, 1):
        row[at : at + CODES] = np.bincount(state.hands[seat], minlength=CODES)
        at += CODES
    row[at : at + 2] = [len(d) for d in state.decks]
    at += 2
    for seat in (0, 1):
        row[at : at + CODES] = np.bincount(
            np.asarray(state.discards[seat], dtype=np.int64), minlength=CODES
        )
        at += CODES
    return row


def field_at(place: int) -> str:
    """The name of the field holding place ``place`` of a ``FIELDS`` row (for a mismatch)."""
    start = 0
    for name, size in FIELDS:
        if place < start + size:
            return name if size == 1 else f"{name}[{place - start}]"
        start += size
    raise IndexError(place)


__all__ = [
    "FIELDS",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "CipherRun",
    "Deal",
    "State",
    "deal",
    "deal_of",
    "deck_arrays",
    "engine_fields",
    "engine_state",
    "field_at",
    "fields",
]

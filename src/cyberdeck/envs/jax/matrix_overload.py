"""MATR1X 0VERL0AD on JAX: the reference engine's rules (``games/matrix_overload/state.py``) as
branch-free array code that ``jit`` and ``vmap`` take, with the same 21 actions, the same
observation (``encoding.py``'s numbers, to the last bit) and the reward at the end.

The state records where each card is rather than what each pile holds. Every card of the deck has
an id (its place in the deck sorted by card int: the zero or the jokers first, then AS..KC), and
two small arrays say, per id, its location (a pile, the deck, a slot, the Royals waiting, the
hand) and its position there (height in a pile, distance from the deck's bottom, the order ICE
was added, the order Royals were set aside). A reset moves a whole pile under the deck with two
element-wise selects over the 53 or 54 ids, and the place each card takes in the observation is
a select over the same ids: no gathers into pile arrays, no loops. Tops, sizes, Royals, status
and health are kept beside it because the rules read them at every step.

Written for XLA's CPU code at batch 1,024 as much as for the rules (docs/envs.md):
a card's rank and suit are arithmetic on its int, not lookups; a slot reads its piles through a
product with a constant one-hot matrix, not a gather; the observation is one scatter of its few
non-zero numbers into zeros, not a concatenation of one-hot slices. XLA copies an element-wise
result into every fusion that reads it, so what the kills and the mask read is kept short.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt
import pgx

from ...engine import Rng, State
from ...engine.cards import _RANKS, CARDS, JACK, KING, QUEEN
from ...engine.encoding import CARD_SLOTS
from ...games.matrix_overload.encoding import LAYOUT
from ...games.matrix_overload.game import GAME, VARIANTS
from ...games.matrix_overload.layout import (
    DEAL_ORDER,
    FACING,
    PAYLOAD,
    PILE_NAMES,
    SLOT_LINES,
    SLOT_NAMES,
    TRIGGERS,
)
from ...games.matrix_overload.state import (
    BLACK_ICE_LIMIT,
    EMPTY,
    KILLED,
    LIVING,
    ROYALS,
    STATUS_NAMES,
)
from .core import TwinEnv, twin_state

Array = jax.Array

# --- locations of a card -------------------------------------------------------------------------
PILES, SLOTS = 9, 12
DECK = PILES  # 9
SLOT0 = DECK + 1  # 10..21: a Royal or ICE in slot s (the rank says which)
WAITING = SLOT0 + SLOTS  # 22: a Royal set aside during the deal, not yet placed
HAND = WAITING + 1  # 23: the card to place now

#: How a game ended (``outcome.kind`` of the reference engine); 0 while it goes on.
KINDS = ("", "win", "black-ice", "fatal-recursion", "out-of-time")
PLAYING, WIN, BLACK_ICE, FATAL_RECURSION, OUT_OF_TIME = range(5)

# --- card tables, by card int (56) ---------------------------------------------------------------
_RANK = np.array(_RANKS, dtype=np.int32)

# --- the matrix's geometry -----------------------------------------------------------------------
_FACING = np.array(FACING, dtype=np.int32)  # the pile each slot faces
_NEAR = np.array([p[0] for p in PAYLOAD], dtype=np.int32)
_MIDDLE = np.array([p[1] for p in PAYLOAD], dtype=np.int32)
_TRIGGER = np.array([line[2] for line in SLOT_LINES], dtype=np.int32)
#: _TRIGGERS[p, s]: placing on pile p fires at slot s.
_TRIGGERS = np.zeros((PILES, SLOTS), dtype=bool)
for _p, _slots in enumerate(TRIGGERS):
    _TRIGGERS[_p, list(_slots)] = True
_DEAL_ORDER = np.array(DEAL_ORDER, dtype=np.int32)
assert [line[0] for line in SLOT_LINES] == list(FACING)


def _pile_of(piles: npt.NDArray[np.int32]) -> npt.NDArray[np.float32]:
    """The one-hot [pile, slot] matrix of a pile named per slot."""
    hot: npt.NDArray[np.float32] = (piles[None, :] == np.arange(PILES)[:, None]).astype(np.float32)
    return hot


#: Slot s faces pile p where _FACES[p, s] is 1; the piles each slot reads in an overload (its
#: nearest and middle payload piles, and the pile that triggers it), side by side.
_FACES = _pile_of(_FACING)
_PAYLOAD_PILES = np.concatenate([_pile_of(_NEAR), _pile_of(_MIDDLE), _pile_of(_TRIGGER)], axis=1)


def _by_slot(per_pile: Array, piles: npt.NDArray[np.float32]) -> Array:
    """Per slot, the number of the pile that the one-hot [pile, slot] matrix ``piles`` names
    for it (summed where it names several): a product with a constant matrix, exact for
    these small integers in float32. XLA runs it as one vectorised call, where a gather by
    constant indices is a loop it copies into every fusion that reads the result."""
    product = jnp.dot(per_pile.astype(jnp.float32), jnp.asarray(piles))
    return product.astype(jnp.int32)


# --- the observation's numbers -------------------------------------------------------------------
_AT = LAYOUT.starts


def _table(limit: int, scale: int) -> npt.NDArray[np.float32]:
    """``n / scale`` for n below ``limit`` as the reference encoder makes it (a Python float
    made float32). Looked up, not divided: XLA turns a division by a constant into a
    multiplication by its reciprocal, which misses the last bit of 2 / 52, say."""
    return np.array([n / scale for n in range(limit)], dtype=np.float32)


#: The tables by divisor, each long enough for every count it divides (a pile holds at most
#: an ace or zero and 36 numbers; health at most a King and every number card as ICE; idle
#: placements end the game at the recursion limit, at most 2 × (54 + 1)).
_TABLES = {13: _table(64, 13), 20: _table(256, 20), 52: _table(64, 52), 12: _table(16, 12),
           10: _table(128, 10), 104: _table(128, 104)}  # fmt: skip


def _scaled(count: Array, scale: int) -> Array:
    """``count / scale`` to the bit, as ``encoding.py`` writes it."""
    table = _TABLES[scale]
    return jnp.asarray(table)[jnp.clip(count, 0, len(table) - 1)]


def _ranks(key: Array, among: Array) -> Array:
    """A uniformly random order of the ids where ``among`` is set: each draws a 58-bit random
    key (the low bits of its second word are its id, so no two tie) and its rank is the number
    of keys below its own among them, one compare of every pair, no sort."""
    n = among.shape[0]
    bits = jax.random.bits(key, (2, n), jnp.uint32)
    high, low = bits[0], (bits[1] & ~jnp.uint32(63)) | jnp.arange(n, dtype=jnp.uint32)
    below = (high[None, :] < high[:, None]) | (
        (high[None, :] == high[:, None]) & (low[None, :] < low[:, None])
    )
    return jnp.sum(below & among[None, :], axis=1, dtype=jnp.int32)


def _one_hot(index: Array, size: int) -> Array:
    """``arange(size) == index``: a batched index as a mask, so that reading or writing one
    element is an element-wise select (XLA's scatters and gathers run a loop on the CPU)."""
    return jnp.arange(size) == index


def _read(values: Array, hot: Array) -> Array:
    """The element of ``values`` where ``hot`` is set."""
    return jnp.sum(jnp.where(hot, values, 0), dtype=values.dtype)


def rank_of(card: Array) -> Array:
    """A card int's rank (``card // 4``: 0 for the zero, a joker, or no card at -1), as
    arithmetic: a lookup in a table of 56 is a gather, which XLA's CPU code runs one element
    at a time, where a shift is one vector instruction for a batch."""
    return jnp.right_shift(jnp.maximum(card, 0), 2)


#: Any suit: what a suitless card (the zero, a joker, an empty pile) matches.
ANY_SUIT = 0b1111
#: The suits of each colour as bits: hearts and diamonds (suits 1 and 2), spades and clubs.
RED_SUITS, BLACK_SUITS = 0b0110, 0b1001


def suit_bits(card: Array) -> Array:
    """A card int's suit as one bit (``1 << card % 4``), ``ANY_SUIT`` for a suitless card:
    two cards are alike in suit, or one is suitless, where their bits meet. (The rules' "same
    suit, or either without one" is then one ``&``, where it was three compares and two
    selects, and XLA repeats it in every fusion that reads a kill.)"""
    return jnp.where(card >= 4, jnp.left_shift(1, jnp.bitwise_and(card, 3)), ANY_SUIT)


def colour_bits(card: Array) -> Array:
    """A card int's colour as the bits of its two suits, ``ANY_SUIT`` for a suitless card."""
    return jnp.where(
        card >= 4, jnp.where(suit_bits(card) & RED_SUITS != 0, RED_SUITS, BLACK_SUITS), ANY_SUIT
    )


def payload_suits(royal: Array) -> Array:
    """The suits a payload card may have to beat this Royal, as bits: a King his suit, a Queen
    her colour, a Jack (and an empty slot) any."""
    rank = rank_of(royal)
    return jnp.where(
        rank == KING, suit_bits(royal), jnp.where(rank == QUEEN, colour_bits(royal), ANY_SUIT)
    )


def payload_fits(top: Array, royal: Array) -> tuple[Array, Array, Array, Array, Array]:
    """Per slot: the top card of its nearest and middle payload piles and of its trigger pile
    (-1: empty), and whether each payload card suits its Royal: a Queen takes her colour, a King
    his suit, a Jack anything; a 0 or joker suits all, and so does an empty pile."""
    a, b, trigger = jnp.split(_by_slot(top, _PAYLOAD_PILES), 3, axis=-1)
    wanted = payload_suits(royal)
    return a, b, trigger, (suit_bits(a) & wanted) != 0, (suit_bits(b) & wanted) != 0


@jax.custom_batching.custom_vmap
def _sparse(ones: Array, where: Array, value: Array) -> Array:
    """An observation from its non-zero numbers: 1 added at each place of ``ones``, ``value``
    at ``where``, into zeros (places out of range are dropped). Most of the numbers are ones
    (a card, a top, a Royal, a status), which need no array of values."""
    zeros = jnp.zeros(LAYOUT.size, jnp.float32)
    return zeros.at[ones].add(1.0, mode="drop").at[where].add(value, mode="drop")


@_sparse.def_vmap
def _sparse_batch(
    games: int, batched: tuple[bool, bool, bool], ones: Array, where: Array, value: Array
) -> tuple[Array, bool]:
    """A batch of observations as flat scatters into one block of zeros, each game's places
    moved to its own row. What ``vmap`` makes of the scatters of one game instead pairs every
    place with its game's index, and cost a fifth more at batch 1,024."""
    size = LAYOUT.size

    def flat(places: Array) -> Array:
        places = jnp.broadcast_to(places, (games, places.shape[-1]))
        rows = size * jnp.arange(games)[:, None]
        return jnp.where(places < size, places + rows, games * size).reshape(-1)

    value = jnp.broadcast_to(value, (games, value.shape[-1])).reshape(-1)
    block = jnp.zeros(games * size, jnp.float32).at[flat(ones)].add(1.0, mode="drop")
    block = block.at[flat(where)].add(value, mode="drop")
    return block.reshape(games, size), True


@twin_state
class MatrixTwinState(pgx.State):  # type: ignore[misc]
    """One game (or, under ``vmap``, a batch): Pgx's fields, then where every card is."""

    current_player: Array
    observation: Array
    rewards: Array
    terminated: Array
    truncated: Array
    legal_action_mask: Array
    _step_count: Array
    #: Per card id: its location (``DECK``, a pile, a slot...) and its position there.
    _loc: Array
    _pos: Array
    #: Per pile: the top card's int (-1: empty) and the number of cards.
    _top: Array
    _size: Array
    #: Per slot: the Royal's card int (-1: none), its status, its health (Royal + ICE).
    _royal: Array
    _status: Array
    _health: Array
    #: The id of the card to place (-1: none), cards in the deck, public cards at its bottom.
    _hand: Array
    _deck: Array
    _known: Array
    #: Royals set aside in the deal, and how many of them have been taken.
    _waiting: Array
    _taken: Array
    #: ICE cards laid (their order), kills, placements in a row with nothing changed.
    _ices: Array
    _kills: Array
    _idle: Array
    #: How the game ended (``KINDS``).
    _kind: Array

    @property
    def env_id(self) -> str:
        return "matrix-overload"


class MatrixOverload(TwinEnv):
    """``pgx.Env`` for MATR1X 0VERL0AD (one player, 21 actions: place on a1..c3, then n1..w3)."""

    game = GAME

    def __init__(self, variant: str = "digital", observations: bool = True) -> None:
        """``observations=False``: ``observation`` is empty and never made, for a model inside a
        search that reads the state's public fields instead (the example with mctx): a step
        then costs the rules alone, and a search tree holds small states."""
        super().__init__()
        self.observations = observations
        if variant not in VARIANTS:
            raise ValueError(
                f"MATR1X has no variant '{variant}'; choose from {', '.join(VARIANTS)}."
            )
        self.variant = variant
        self.options = {"variant": variant}
        deck = sorted(GAME.deck(variant))
        self.size = len(deck)  # 53 or 54 cards
        #: Card int of each id, and how many suitless cards (the zero, the jokers) lead the ids.
        self.codes = np.array(deck, dtype=np.int32)
        self.wild = int(np.sum(_RANK[self.codes] == 0))
        assert list(self.codes[self.wild :]) == list(range(4, 56))

    # --- Pgx's contract ---------------------------------------------------------------------------

    @property
    def id(self) -> str:
        return "matrix-overload"

    @property
    def version(self) -> str:
        return "v0"

    @property
    def num_players(self) -> int:
        return 1

    @property
    def num_actions(self) -> int:
        return PILES + SLOTS

    def shuffle(self, key: Array) -> Array:
        """The whole deck in a random order (card ints, top last): card id i goes to place
        ``_ranks(...)[i]`` (``jax.random.permutation`` sorts instead, and a batch's sorts cost
        more than a whole step here, where ``auto_reset`` deals at every step)."""
        n = self.size
        place = _ranks(key, jnp.ones(n, jnp.bool_))
        at = place[:, None] == jnp.arange(n)[None, :]
        return jnp.sum(jnp.where(at, jnp.asarray(self.codes)[:, None], 0), axis=0)

    def determinize(self, state: MatrixTwinState, key: Array) -> MatrixTwinState:
        """The same position with the unseen part of the deck re-dealt at random: what a search
        may use as its model (``MatrixState.determinize``): the public bottom of the deck stays
        where it is, every other deck card takes a random place above it. The rest of the table
        is public."""
        unseen = (state._loc == DECK) & (state._pos >= state._known)
        pos = jnp.where(unseen, state._known + _ranks(key, unseen), state._pos)
        return state.replace(_pos=pos.astype(jnp.int8))  # type: ignore[no-any-return]

    def _step(self, state: pgx.State, action: Array, key: Array | None) -> MatrixTwinState:
        del key  # MATR1X draws from the deck dealt at the start; a step has no chance of its own
        assert isinstance(state, MatrixTwinState)
        return self._place(state, jnp.asarray(action, jnp.int32))

    def _observe(self, state: pgx.State, player_id: Array) -> Array:
        assert isinstance(state, MatrixTwinState)
        return self._encode(state) if self.observations else jnp.zeros(0, jnp.float32)

    # --- the deal -----------------------------------------------------------------------------------

    def _deal(self, deal: Any) -> MatrixTwinState:
        """Deal ``deal`` (card ints, the top last, as ``GAME.shuffled_deck`` gives them) into the
        eight outer piles, Royals aside, and take the first card: ``MatrixState.deal``."""
        codes = jnp.asarray(deal, jnp.int32)
        n = self.size
        # Card int -> id: suited cards in order after the wild ones; jokers by their order here.
        wild = codes < 4
        ids = jnp.where(wild, jnp.cumsum(wild) - 1, codes - 4 + self.wild)
        drawn = ids[::-1]  # in the order the deal draws them
        rank = jnp.asarray(_RANK)[jnp.asarray(self.codes)[drawn]]
        number = rank < JACK
        before = jnp.cumsum(number) - number  # numbers drawn before this card
        dealt = before < len(DEAL_ORDER)
        pile = jnp.asarray(_DEAL_ORDER)[jnp.clip(before, 0, len(DEAL_ORDER) - 1)]
        royal = dealt & ~number
        order = jnp.cumsum(royal) - 1
        remaining = n - jnp.sum(dealt)
        place = jnp.arange(n)
        loc_drawn = jnp.where(dealt, jnp.where(number, pile, WAITING), DECK)
        pos_drawn = jnp.where(dealt, jnp.where(number, 0, order), n - 1 - place)
        loc = jnp.zeros(n, jnp.int8).at[drawn].set(loc_drawn.astype(jnp.int8))
        pos = jnp.zeros(n, jnp.int8).at[drawn].set(pos_drawn.astype(jnp.int8))
        on_pile = dealt & number
        top = (
            jnp.full(PILES, -1, jnp.int32)
            .at[jnp.where(on_pile, pile, PILES)]
            .set(jnp.asarray(self.codes)[drawn], mode="drop")
        )
        size = (top >= 0).astype(jnp.int32)
        state = MatrixTwinState(
            current_player=jnp.int32(0),
            observation=jnp.zeros(LAYOUT.size if self.observations else 0, jnp.float32),
            rewards=jnp.zeros(1, jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            legal_action_mask=jnp.zeros(PILES + SLOTS, jnp.bool_),
            _step_count=jnp.int32(0),
            _loc=loc,
            _pos=pos,
            _top=top,
            _size=size,
            _royal=jnp.full(SLOTS, -1, jnp.int32),
            _status=jnp.full(SLOTS, EMPTY, jnp.int32),
            _health=jnp.zeros(SLOTS, jnp.int32),
            _hand=jnp.int32(-1),
            _deck=remaining.astype(jnp.int32),
            _known=jnp.int32(0),
            _waiting=jnp.sum(royal).astype(jnp.int32),
            _taken=jnp.int32(0),
            _ices=jnp.int32(0),
            _kills=jnp.int32(0),
            _idle=jnp.int32(0),
            _kind=jnp.int32(PLAYING),
        )
        state = self._next_card(state)
        return state.replace(legal_action_mask=self._legal(state))  # type: ignore[no-any-return]

    # --- the rules ----------------------------------------------------------------------------------

    def _next_card(self, state: MatrixTwinState) -> MatrixTwinState:
        """Take the next Royal set aside, or draw; an empty deck loses (``_next_card``)."""
        live = state._kind == PLAYING
        from_waiting = state._taken < state._waiting
        take = jnp.argmax((state._loc == WAITING) & (state._pos == state._taken))
        draw = jnp.argmax((state._loc == DECK) & (state._pos == state._deck - 1))
        out = live & ~from_waiting & (state._deck == 0)
        hand = jnp.where(from_waiting, take, draw)
        gets = live & ~out
        drew = gets & ~from_waiting
        deck = state._deck - drew.astype(jnp.int32)
        loc = jnp.where(gets & _one_hot(hand, self.size), HAND, state._loc).astype(jnp.int8)
        return state.replace(  # type: ignore[no-any-return]
            _loc=loc,
            _hand=jnp.where(gets, hand, -1).astype(jnp.int32),
            _taken=state._taken + (gets & from_waiting).astype(jnp.int32),
            _deck=deck,
            _known=jnp.minimum(state._known, deck),
            _kind=jnp.where(out, OUT_OF_TIME, state._kind),
        )

    def _place(self, state: MatrixTwinState, action: Array) -> MatrixTwinState:
        """Place the card in hand by ``action`` (a legal one): ``MatrixState._apply``."""
        hand = state._hand
        card = jnp.asarray(self.codes)[hand]
        rank = rank_of(card)
        on_pile = action < PILES
        p = jnp.clip(action, 0, PILES - 1)
        s = jnp.clip(action - PILES, 0, SLOTS - 1)
        # A number on a pile; an ace or a zero on a pile with cards resets it under the deck.
        at_pile, at_slot, at_hand = (
            _one_hot(p, PILES),
            _one_hot(s, SLOTS),
            _one_hot(hand, self.size),
        )
        height = _read(state._size, at_pile)
        reset = on_pile & (rank <= 1) & (height > 0)
        moved = jnp.where(reset, height, 0)
        in_pile = state._loc == p
        in_deck = state._loc == DECK
        pos = jnp.where(
            reset & in_pile,
            moved - 1 - state._pos,
            jnp.where(reset & in_deck, state._pos + moved, state._pos),
        )
        loc = jnp.where(reset & in_pile, DECK, state._loc).astype(jnp.int8)
        pos = pos.astype(jnp.int8)
        height = jnp.where(reset, 0, height)
        loc = jnp.where(at_hand, jnp.where(on_pile, p, SLOT0 + s), loc).astype(jnp.int8)
        pos = jnp.where(at_hand, jnp.where(on_pile, height, state._ices), pos).astype(jnp.int8)
        put = on_pile & at_pile
        size = jnp.where(put, height + 1, state._size)
        top = jnp.where(put, card, state._top)
        # A Royal takes its slot; ICE joins one; either adds its value to the slot's health.
        is_royal = rank >= JACK
        crown = is_royal & at_slot
        royal = jnp.where(crown, card, state._royal)
        status = jnp.where(crown, LIVING, state._status)
        health = jnp.where(~on_pile & at_slot, state._health + rank, state._health)
        ices = state._ices + (~on_pile & ~is_royal).astype(jnp.int32)
        black = jnp.any(~on_pile & at_slot & (status == LIVING) & (health > BLACK_ICE_LIMIT))
        # Overload: the slots this pile triggers, whose payload beats their living Royal.
        fires = jnp.any(at_pile[:, None] & jnp.asarray(_TRIGGERS), axis=0)
        fired = on_pile & fires & (status == LIVING)
        killed = fired & self._overloads(top, royal, health)
        kills = state._kills + jnp.sum(killed, dtype=jnp.int32)
        status = jnp.where(killed, KILLED, status)
        won = kills == ROYALS
        idle = jnp.where(on_pile & ~jnp.any(killed), state._idle + 1, 0)
        limit = 2 * (state._deck + moved + jnp.sum(size))
        recursion = on_pile & ~won & (idle >= limit)
        kind = jnp.where(
            black, BLACK_ICE, jnp.where(won, WIN, jnp.where(recursion, FATAL_RECURSION, PLAYING))
        )
        state = state.replace(
            _loc=loc,
            _pos=pos,
            _top=top,
            _size=size,
            _royal=royal,
            _status=status,
            _health=health,
            _hand=jnp.int32(-1),
            _deck=state._deck + moved,
            _known=state._known + moved,
            _ices=ices,
            _kills=kills,
            _idle=idle,
            _kind=kind,
        )
        state = self._next_card(state)
        over = state._kind != PLAYING
        reward = jnp.where(state._kind == WIN, 1.0, -1.0)
        return state.replace(  # type: ignore[no-any-return]
            rewards=jnp.where(over, reward, 0.0).reshape(1).astype(jnp.float32),
            terminated=over,
            legal_action_mask=self._legal(state),
        )

    @staticmethod
    def _overloads(top: Array, royal: Array, health: Array) -> Array:
        """Per slot: does the payload in front of it beat its Royal (``MatrixState.overloads``)?"""
        a, b, _, fits_a, fits_b = payload_fits(top, royal)
        payload = rank_of(a) + rank_of(b)
        return (payload >= health) & fits_a & fits_b

    def _legal(self, state: MatrixTwinState) -> Array:
        """The mask of legal placements of the card in hand (``MatrixState._compute_legal``)."""
        card = jnp.asarray(self.codes)[jnp.maximum(state._hand, 0)]
        rank = rank_of(card)
        filled = state._top >= 0
        value = rank_of(state._top)

        def similar(bits: Callable[[Array], Array], a: Array) -> Array:
            return (bits(a) & bits(card)) != 0

        # Beside the most similar top card: suit, else colour, else any; only piles facing an
        # empty slot count; the highest of that tier; then the empty slots facing those piles.
        # (An empty slot is one with no Royal: read from the Royals, which no kill changes,
        # rather than the status, which XLA would recompute the kills for at every pile.)
        empty = state._royal < 0
        open_pile = _by_slot(empty, _FACES.T) > 0
        by_suit = open_pile & filled & similar(suit_bits, state._top)
        by_colour = open_pile & filled & similar(colour_bits, state._top)
        found = jnp.where(
            jnp.any(by_suit), by_suit, jnp.where(jnp.any(by_colour), by_colour, open_pile)
        )
        high = jnp.max(jnp.where(found, value, -1))
        best = found & (value == high)
        beside = empty & (_by_slot(best, _FACES) > 0)
        # ICE: onto a living Royal (suit, else colour, else any), the lowest health; none living:
        # preventative ICE, placed as a Royal would be.
        living = state._status == LIVING
        ice_suit = living & similar(suit_bits, state._royal)
        ice_colour = living & similar(colour_bits, state._royal)
        ice = jnp.where(
            jnp.any(ice_suit), ice_suit, jnp.where(jnp.any(ice_colour), ice_colour, living)
        )
        low = jnp.min(jnp.where(ice, state._health, 1 << 20))
        onto = jnp.where(jnp.any(living), ice & (state._health == low), beside)
        fits = ~filled | (value <= rank)
        lowest = value == jnp.min(value)
        piles = jnp.where(rank == 1, True, jnp.where(rank == 0, lowest, fits))
        piles = piles & (rank < JACK) & ((rank <= 1) | jnp.any(fits))
        slots = jnp.where(rank >= JACK, beside, jnp.where((rank <= 1) | jnp.any(fits), False, onto))
        mask = jnp.concatenate([piles, slots])
        return mask & (state._hand >= 0)

    # --- the observation ---------------------------------------------------------------------------

    def _encode(self, state: MatrixTwinState) -> Array:
        """``encoding.write`` from the state's public parts (what ``view(0)`` shows).

        An observation is 2,191 numbers of which about a hundred are not zero: every card is
        counted in one place at most (the card to place, a Royal waiting, a pile, a slot's ICE,
        the deck's public bottom), and each pile, slot and counter writes a number or two. So
        the twin says where each of those numbers goes (``_entries``) and adds them into zeros
        in one scatter. (Built as slices of one-hot comparisons and concatenated, the same
        numbers cost several times as much at batch 1,024: a concatenation of fourteen pieces
        copies each game's row piece by piece, and most of what it copies is zeros.)"""
        observation: Array = _sparse(*self._entries(state))
        return observation

    def _entries(self, state: MatrixTwinState) -> tuple[Array, Array, Array]:
        """The observation's numbers that may not be zero, as places (``LAYOUT.size``: none):
        where the ones go (per card, per pile top, per slot's Royal and status, the variant),
        then where the counts that are scaled go (pile sizes, health, the counters) and their
        values."""
        codes = jnp.asarray(self.codes)
        loc, pos = state._loc.astype(jnp.int32), state._pos.astype(jnp.int32)
        nothing = LAYOUT.size
        in_deck = loc == DECK
        is_ice = jnp.asarray(_RANK[self.codes] < JACK)
        # Each card's one place: the card to place, a Royal waiting, a pile, ICE in a slot
        # (a Royal in its slot shows in ``royal``), the deck's public bottom.
        held = [
            (loc == HAND, _AT["card"] + codes),
            ((loc == WAITING) & (pos >= state._taken), _AT["pending"] + codes),
            (loc < PILES, _AT["pile_cards"] + codes),
            (
                (loc >= SLOT0) & (loc < WAITING) & is_ice,
                _AT["ice"] + (loc - SLOT0) * CARD_SLOTS + codes,
            ),
            (in_deck & (pos < state._known), _AT["deck_bottom"] + codes),
        ]
        # (Nested selects: ``jnp.select`` stacks its cases and takes an argmax over them, which
        # XLA fused with every case recomputed, at a third of the step.)
        card_at = jnp.full(self.size, nothing)
        for case, place in reversed(held):
            card_at = jnp.where(case, place, card_at)
        # The first public bottom card to be drawn, once more.
        next_id = jnp.argmax(in_deck & (pos == state._known - 1))
        next_at = jnp.where(state._known > 0, _AT["next_known"] + codes[next_id], nothing)
        piles, slots = jnp.arange(PILES), jnp.arange(SLOTS)
        top_at = jnp.where(
            state._top >= 0, _AT["pile_top"] + piles * CARD_SLOTS + state._top, nothing
        )
        royal_at = jnp.where(
            state._royal >= 0, _AT["royal"] + slots * CARD_SLOTS + state._royal, nothing
        )
        status_at = _AT["status"] + slots * len(STATUS_NAMES) + state._status
        counters = jnp.stack(
            [
                _scaled(state._deck, 52),
                _scaled(state._kills, 12),
                _scaled(state._idle, 10),
                _scaled(self._recursion_limit(state), 104),
            ]
        )
        at = _AT["progress"]
        counters_at = jnp.array([_AT["deck_count"], at, at + 1, at + 2])
        variant_at = jnp.array([_AT["variant"] + VARIANTS.index(self.variant)])
        ones = jnp.concatenate([card_at, next_at[None], top_at, royal_at, status_at, variant_at])
        where = jnp.concatenate([_AT["pile_size"] + piles, _AT["health"] + slots, counters_at])
        value = jnp.concatenate([_scaled(state._size, 13), _scaled(state._health, 20), counters])
        return ones, where, value

    def _recursion_limit(self, state: MatrixTwinState) -> Array:
        """Quiet draws that cycle every circulating card twice (``recursion_limit``)."""
        in_hand = (state._hand >= 0) & (
            rank_of(jnp.asarray(self.codes)[jnp.maximum(state._hand, 0)]) < JACK
        )
        return 2 * (state._deck + jnp.sum(state._size) + in_hand)

    # --- the verification's hooks (host side) -------------------------------------------------------

    def deal_of(self, seed: int) -> npt.NDArray[np.int32]:
        return np.array(GAME.shuffled_deck(self.variant, seed), dtype=np.int32)

    def reference(self, deal: Any) -> State:
        return GAME.dealt(self.variant, [int(c) for c in np.asarray(deal)], Rng(0))

    def public(self, state: Any) -> dict[str, Any]:
        """The view's public fields from one twin state (numpy arrays, not batched)."""
        loc, pos = np.asarray(state._loc), np.asarray(state._pos)

        def text(ident: int) -> str:
            return str(CARDS[int(self.codes[ident])])

        def at(where: int) -> list[int]:
            ids = np.flatnonzero(loc == where)
            return [int(i) for i in ids[np.argsort(pos[ids], kind="stable")]]

        kind = int(state._kind)
        hand = int(state._hand)
        deck = at(DECK)
        known = int(state._known)
        slots = {}
        for s, name in enumerate(SLOT_NAMES):
            royal = int(state._royal[s])
            ice = [i for i in at(SLOT0 + s) if _RANK[self.codes[i]] < JACK]
            slots[name] = {
                "royal": str(CARDS[royal]) if royal >= 0 else None,
                "status": STATUS_NAMES[int(state._status[s])],
                "ice": [text(i) for i in ice],
                "health": int(state._health[s]),
            }
        in_hand = hand >= 0 and _RANK[self.codes[hand]] < JACK
        return {
            "card": text(hand) if hand >= 0 else None,
            "pending": [text(i) for i in at(WAITING) if pos[i] >= int(state._taken)],
            "piles": {name: [text(i) for i in at(p)] for p, name in enumerate(PILE_NAMES)},
            "slots": slots,
            "deck_count": len(deck),
            "deck_bottom": [text(i) for i in deck[:known][::-1]],
            "kills": int(state._kills),
            "idle": int(state._idle),
            "recursion_limit": 2 * (len(deck) + int(np.sum(state._size)) + in_hand),
            "kind": KINDS[kind],
            "returns": [1.0 if kind == WIN else -1.0] if kind != PLAYING else None,
        }

    def public_of_view(self, view: Mapping[str, Any]) -> dict[str, Any]:
        outcome = view["outcome"]
        return {
            "card": view["card"],
            "pending": list(view["pending"]),
            "piles": {name: list(cards) for name, cards in view["piles"].items()},
            "slots": {
                name: {
                    "royal": slot["royal"],
                    "status": slot["status"],
                    "ice": list(slot["ice"]),
                    "health": slot["health"],
                }
                for name, slot in view["slots"].items()
            },
            "deck_count": view["deck_count"],
            "deck_bottom": list(view["deck_bottom"]),
            "kills": view["kills"],
            "idle": view["idle"],
            "recursion_limit": view["recursion_limit"],
            "kind": outcome["kind"] if outcome else "",
            "returns": list(outcome["returns"]) if outcome else None,
        }

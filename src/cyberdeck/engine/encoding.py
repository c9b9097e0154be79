"""Observation encodings: a seat's view as a fixed-length list of numbers, for learning agents.

A game contributes its encoding (``Game.observation_encoding``); the research environments turn it
into arrays. An encoding's ``write`` reads a view, never a state, so it can only show what the seat
may see: it is the reference, and the layout the docs print. A game may add ``from_state``, which
writes the very same numbers straight from the state for speed (building a view dict and walking
it is most of an observation's cost); two tests guard it: it equals ``write`` on random positions
of every configuration and seat, and a seat's numbers never change when what it cannot see is
re-dealt (``envs.observe.check_observations``).
The layout is a list of named slices, each with a sentence saying what it holds, so that the docs
and the code cannot drift apart: ``Writer.begin`` checks each slice starts where the layout says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import CARDS, Card
from .shared import FrozenList, IdentityMemo, Memo

#: Card ints run 0..55 (zeros and jokers included), so a card-count vector has one place per int.
CARD_SLOTS = len(CARDS)


@dataclass(frozen=True, slots=True)
class Slice:
    """One named run of numbers in an observation."""

    name: str
    size: int
    about: str


class Writer:
    """Fills an observation left to right; each slice is opened by name, in layout order.

    Only the places that are not 0 are stored (``out`` maps a place to its number): most of an
    observation is empty card counts and unchosen one-hots, and the environments turn the few
    numbers that remain into an array in one step instead of converting every 0 one by one.
    """

    __slots__ = ("_layout", "_next", "at", "out")

    def __init__(self, layout: Layout) -> None:
        self._layout = layout
        self._next = 0
        self.out: dict[int, float] = {}
        self.at = 0

    def begin(self, name: str) -> None:
        """Move to slice ``name``; a slice opened out of order or left short is a bug of the game."""
        slices = self._layout.slices
        if self._next >= len(slices) or slices[self._next].name != name:
            raise RuntimeError(f"observation slice '{name}' is out of layout order")
        offset = self._layout.offsets[self._next]
        if self.at > offset:
            raise RuntimeError(f"the slice before '{name}' overran its size")
        self.at = offset
        self._next += 1

    def skip(self, through: str) -> None:
        """Move past every slice up to and including ``through``: the encoding wrote them into
        ``out`` itself, at the places ``Layout.starts`` gives (a hot encoding writes its flags
        and numbers without a call each)."""
        index = self._layout.index[through]
        if index < self._next:
            raise RuntimeError(f"observation slice '{through}' is out of layout order")
        self._next = index + 1
        self.at = self._layout.offsets[index] + self._layout.slices[index].size

    def finish(self) -> dict[int, float]:
        if self._next != len(self._layout.slices) or self.at > self._layout.size:
            raise RuntimeError("an observation did not fill its layout")
        return self.out

    def number(self, value: float, scale: float = 1.0) -> None:
        """A count or amount, divided by a typical maximum so it sits near [0, 1]."""
        if value:
            self.out[self.at] = value / scale
        self.at += 1

    def flag(self, value: bool) -> None:
        if value:
            self.out[self.at] = 1.0
        self.at += 1

    def one_hot(self, index: int | None, size: int) -> None:
        """A choice among ``size``; ``None`` (no choice) leaves all of them 0."""
        if index is not None and 0 <= index < size:
            self.out[self.at + index] = 1.0
        self.at += size

    def cards(self, texts: Iterable[str]) -> None:
        """How many of each card (by card int) the texts name; one place per card int.

        A view's shared pile (a ``FrozenList``) is counted once per pile and place, then copied
        in: its region is this call's alone, as ``at`` moves past it."""
        out = self.out
        at = self.at
        if not texts:  # an empty pile (a generator is never false, and is read below)
            self.at = at + CARD_SLOTS
            return
        if type(texts) is FrozenList:
            placed = _PILES.lookup(texts, at)
            if placed is None:
                placed = {}
                for text in texts:
                    place = at + card_index(text)
                    placed[place] = placed.get(place, 0.0) + 1.0
                _PILES.put(texts, at, placed)
            out.update(placed)
            self.at = at + CARD_SLOTS
            return
        known = _CARD_INDEX
        for text in texts:
            try:
                place = at + known[text]
            except KeyError:
                place = at + card_index(text)
            out[place] = out.get(place, 0.0) + 1.0
        self.at = at + CARD_SLOTS

    def tokens(self, names: Iterable[str], index: Mapping[str, int]) -> None:
        """How many of each name of a vocabulary (e.g. a game's card names)."""
        out = self.out
        at = self.at
        if not names:  # none of them (a generator is never false, and is read below)
            self.at = at + len(index)
            return
        for name in names:
            place = at + index[name]
            out[place] = out.get(place, 0.0) + 1.0
        self.at = at + len(index)


class Layout:
    """The slices of an observation, in order, with where each starts."""

    __slots__ = ("index", "offsets", "size", "slices", "starts")

    def __init__(self, slices: Sequence[Slice]) -> None:
        self.slices = tuple(slices)
        self.index = {piece.name: i for i, piece in enumerate(self.slices)}
        offsets = []
        at = 0
        for piece in self.slices:
            offsets.append(at)
            at += piece.size
        self.offsets = tuple(offsets)
        self.size = at
        #: Where each slice starts, by name.
        self.starts = {piece.name: start for piece, start in zip(self.slices, offsets, strict=True)}

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(start, end, name, about) for each slice: the table a game's docs print."""
        return [
            (start, start + piece.size, piece.name, piece.about)
            for start, piece in zip(self.offsets, self.slices, strict=True)
        ]


#: Writes a seat's numbers straight from a state (the game's own ``State``): the places that are
#: not 0, exactly as ``Encoding.sparse(state.view(seat), seat)`` gives them.
FromState = Callable[[Any, int], dict[int, float]]


@dataclass(frozen=True, slots=True)
class Encoding:
    """A game's observation: a layout, the function that writes a view into it, and optionally
    one that writes the same numbers from the state (see the module's docstring)."""

    layout: Layout
    write: Callable[[Mapping[str, Any], int, Writer], None]
    from_state: FromState | None = None

    @property
    def size(self) -> int:
        return self.layout.size

    def encode(self, view: Mapping[str, Any], seat: int) -> list[float]:
        """``view`` is ``state.view(seat)``; the numbers are written from it alone."""
        dense = [0.0] * self.layout.size
        for place, value in self.sparse(view, seat).items():
            dense[place] = value
        return dense

    def sparse(self, view: Mapping[str, Any], seat: int) -> dict[int, float]:
        """The same numbers as ``encode``, only the places that are not 0 (what arrays need)."""
        writer = Writer(self.layout)
        self.write(view, seat, writer)
        return writer.finish()

    def observe(self, state: Any, seat: int) -> dict[int, float]:
        """The seat's numbers of this position: ``from_state`` where the game has one, else
        ``sparse`` of the seat's view (the same numbers either way)."""
        if self.from_state is not None:
            return self.from_state(state, seat)
        return self.sparse(state.view(seat), seat)


#: The numbers of each shared pile of card texts at each place it was written (``Writer.cards``).
_PILES: IdentityMemo[dict[int, float]] = IdentityMemo()

#: Every canonical card text (what views write) to its card int; other spellings join when read.
_CARD_INDEX: dict[str, int] = {card.text: int(card) for card in CARDS}


def card_index(text: str) -> int:
    """The card int of a card's text (``10H``, ``JK``), cached: encodings read many of them."""
    try:
        return _CARD_INDEX[text]
    except KeyError:
        index = _CARD_INDEX[text] = int(Card.parse(text))
        return index


def count_into(out: dict[int, float], at: int, items: Iterable[int]) -> None:
    """Add 1 at ``at + item`` for each item (card ints, or places in a vocabulary): what
    ``Writer.cards`` and ``Writer.tokens`` write, for an encoder that reads ints from a state."""
    get = out.get
    for item in items:
        place = at + item
        out[place] = get(place, 0.0) + 1.0


def pile_counts(at: int, pile: Sequence[int]) -> dict[int, float]:
    """``count_into`` of a pile of card ints at ``at``, worked out once per pile (by its cards)
    and place while they keep coming round: a state's piles change a card at a time, and most
    of them read as they did a move ago. The caller must not change what it is handed."""
    key = (at, pile if type(pile) is tuple else tuple(pile))
    counts = _PILE_COUNTS.data.get(key)
    if counts is None:
        counts = {}
        count_into(counts, at, key[1])
        _PILE_COUNTS.put(key, counts)
    return counts


def add_pile(out: dict[int, float], at: int, pile: Sequence[int]) -> None:
    """Write ``pile``'s counts at ``at`` into ``out`` (``pile_counts``; nothing for an empty
    pile): its places must hold nothing yet, as they are set, not added to."""
    if pile:
        out.update(pile_counts(at, pile))


#: ``pile_counts``' numbers by place and pile.
_PILE_COUNTS: Memo[tuple[int, tuple[int, ...]], dict[int, float]] = Memo()


def vocabulary(names: Iterable[str]) -> dict[str, int]:
    """Each name's place, in the order given."""
    return {name: i for i, name in enumerate(names)}

"""Parts of views shared between calls, so that a view costs what changed since the last one.

A view is drawn for every seat after every move (the server's main work per move, and every
observation the research environments make), yet a move changes a node or two, a hand, a pile:
the rest of the table reads as it did. A game keeps the parts that follow from immutable pieces
of its state (a node's tuple of cards, a discard pile's tuple) in a ``Memo`` keyed by those
pieces, and hands the same part to every view that shows it.

A shared part is a ``FrozenDict`` or ``FrozenList``: a real ``dict`` or ``list`` (``==``, JSON,
orjson, ``isinstance`` all see one) that refuses to be changed, since a change would show up in
every other view holding it. Copy one to edit it (``dict(part)``, ``list(part)``; ``copy`` and
``pickle`` give plain copies). Because a frozen part never changes, whatever is worked out from it
(an encoding's numbers, say) may be kept per part by identity (``Memo.of``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable, Iterable
from typing import Any, Generic, NoReturn, TypeVar

from .cards import CARDS

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_READ_ONLY = "A view's shared part is read-only: copy it to change it (dict(part), list(part))."


def _refuse(*args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(_READ_ONLY)


class FrozenDict(dict[str, Any]):
    """A view's dict that many views hold at once (see the module's docstring)."""

    __slots__ = ()

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __copy__(self) -> dict[str, Any]:
        return dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return copy.deepcopy(dict(self), memo)

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return (dict, (dict(self),))


class FrozenList(list[Any]):
    """A view's list that many views hold at once (see the module's docstring)."""

    __slots__ = ()

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = _refuse
    sort = reverse = __iadd__ = __imul__ = _refuse

    def __copy__(self) -> list[Any]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return copy.deepcopy(list(self), memo)

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return (list, (list(self),))


#: Every memo made, so that tests can empty them all and draw views from nothing.
_MEMOS: list[Memo[Any, Any]] = []


class Memo(Generic[K, V]):
    """A bounded cache of shared parts: emptied whole when it reaches ``limit`` entries. A view
    shares only with the views of the positions just before it, and a game holds at most a few
    hundred parts at a time; 16,384 entries a memo grew a process by 200 MB over the five games'
    environments and slowed every garbage collection (even the raw contract's loop, 7%).

    Hot paths read ``memo.data.get(key)`` and call ``put`` on a miss."""

    __slots__ = ("data", "limit")

    def __init__(self, limit: int = 2048) -> None:
        self.data: dict[K, V] = {}
        self.limit = limit
        _MEMOS.append(self)

    def put(self, key: K, value: V) -> V:
        data = self.data
        if len(data) >= self.limit:
            data.clear()
        data[key] = value
        return value

    def get(self, key: K, make: Callable[[], V]) -> V:
        value = self.data.get(key)
        if value is None:
            value = self.put(key, make())
        return value

    def clear(self) -> None:
        self.data.clear()


class RecentMemo(Memo[K, V]):
    """A ``Memo`` that, when full, keeps its entries as an older generation instead of dropping
    them all: for a working set near ``limit`` that keeps coming round (the menu lines and log
    lines of a thousand matches under way), emptying the memo whole missed every entry once
    more after each turnover. At most twice ``limit`` entries.

    Hot paths ``find`` a key, then ``put`` the value they make when it is missing (no closure
    to make, as ``get`` takes)."""

    __slots__ = ("old",)

    def __init__(self, limit: int = 2048) -> None:
        super().__init__(limit)
        self.old: dict[K, V] = {}

    def put(self, key: K, value: V) -> V:
        if len(self.data) >= self.limit:
            self.old, self.data = self.data, {}
        self.data[key] = value
        return value

    def recall(self, key: K) -> V | None:
        """The older generation's entry for ``key``, if it has one (brought into the newer)."""
        value = self.old.pop(key, None)
        return None if value is None else self.put(key, value)

    def find(self, key: K) -> V | None:
        """The entry for ``key`` in either generation (an older one brought forward)."""
        value = self.data.get(key)
        return self.recall(key) if value is None else value

    def get(self, key: K, make: Callable[[], V]) -> V:
        value = self.find(key)
        return self.put(key, make()) if value is None else value

    def clear(self) -> None:
        self.data.clear()
        self.old.clear()


class IdentityMemo(Generic[V]):
    """What was worked out from a frozen part, per part and place (``at``): a frozen part never
    changes, so its identity stands for its content. Each entry holds its part, so the identity
    cannot pass to another object while the entry lives."""

    __slots__ = ("data", "limit")

    def __init__(self, limit: int = 2048) -> None:
        self.data: dict[tuple[int, int], tuple[object, V]] = {}
        self.limit = limit
        _MEMOS.append(self)  # type: ignore[arg-type]

    def lookup(self, part: object, at: int) -> V | None:
        entry = self.data.get((id(part), at))
        return None if entry is None else entry[1]

    def put(self, part: object, at: int, value: V) -> V:
        data = self.data
        if len(data) >= self.limit:
            data.clear()
        data[id(part), at] = (part, value)
        return value

    def clear(self) -> None:
        self.data.clear()


_LISTS: Memo[tuple[int, ...], FrozenList] = Memo()


def shared_list(parts: list[Any]) -> FrozenList:
    """The one ``FrozenList`` of these shared parts, in this order: a row of parts (a player's
    cards in play) is shared as a whole while none of them changes. The parts must be shared
    parts themselves (``FrozenDict``): they are known by identity, which the list, kept in the
    memo, holds on to."""
    key = tuple(map(id, parts))
    row = _LISTS.data.get(key)
    if row is None:
        row = _LISTS.put(key, FrozenList(parts))
    return row


_DICTS: Memo[tuple[Any, ...], FrozenDict] = Memo()

_TEXTS: Memo[tuple[int, ...], FrozenList] = Memo()


def card_texts(cards: Iterable[int]) -> FrozenList:
    """The texts of playing cards (``engine.cards.CARDS`` codes) in the order given, one shared
    row while the cards are the same: a pile, a hand, the known bottom of a deck."""
    key = tuple(cards)
    row = _TEXTS.data.get(key)
    if row is None:
        row = _TEXTS.put(key, FrozenList(CARDS[c].text for c in key))
    return row


def shared_dict(names: tuple[str, ...], parts: list[Any]) -> FrozenDict:
    """The one ``FrozenDict`` of these names and shared parts (as ``shared_list``): a table of
    parts (a board's slots) is shared as a whole while none of them changes."""
    key = (names, *map(id, parts))
    table = _DICTS.data.get(key)
    if table is None:
        table = _DICTS.put(key, FrozenDict(zip(names, parts, strict=True)))
    return table


def clear_memos() -> None:
    """Empty every memo: the next views are drawn from nothing (tests compare them)."""
    for memo in _MEMOS:
        memo.clear()

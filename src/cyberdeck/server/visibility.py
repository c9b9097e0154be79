"""The one place that decides what leaves the server for whom.

Everything a client receives about a game's position is built here from ``State.view(seat)`` and
events filtered by ``Event.visible_to(seat)``: seat messages, spectator messages, resyncs, replays
and match summaries. Nothing else in the server reads a state for a client. The seed, the record,
the other seats' views, and action texts of other seats (a hidden play's text can name its card)
never go out; a seat learns what others did only from the events it may see.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any

from ..engine import Action, Event, Game, State
from ..engine.shared import FrozenDict, RecentMemo
from ..engine.text import ASCII

Seat = int | None  # None: a spectator

#: A game's sentence in words for one reader (``Game.in_words`` with that reader's view).
Spell = Callable[[str], str]


def as_written(text: str) -> str:
    return text


#: Words already spelled, by game, words key and text (``Game.words_key``): with a thousand
#: matches under way the same menu lines and log lines come round again and again (nine texts
#: in ten, Cipher Run under the load bench), and spelling each anew for every seat was a fifth
#: of a move's work. When full, its entries are kept one turnover longer (``RecentMemo``): a
#: few megabytes at most.
_SPELLED: RecentMemo[tuple[Game, Hashable, str], str] = RecentMemo(16384)


def speller(state: State, view: Mapping[str, Any]) -> Spell:
    """The words a screen reader hears for a move or log line, sent beside its text: the game
    spells its own codes ("5S", "vault1", "Coder M2"), so the page never re-implements a game's
    vocabulary. Built from the reader's own view, and only ever applied to texts that reader is
    sent anyway, so the words name nothing the text does not.

    A text's words are kept per game and words key: readers whose views give the same key (all
    that the game's ``in_words`` reads of a view) share them; a game that names no key
    (``None``) spells for each reader apart."""
    game = state.game
    key = game.words_key(view)
    if key is None:
        return lambda text: game.in_words(text, view)

    def spell(text: str) -> str:
        entry = (game, key, text)
        words = _SPELLED.find(entry)
        return _SPELLED.put(entry, game.in_words(text, view)) if words is None else words

    return spell


def events_for(
    events: Iterable[Event],
    seat: Seat,
    own: tuple[int, ...] | None = None,
    spell: Spell = as_written,
) -> list[dict[str, Any]]:
    """The events the connection may see, each with ``seats``: null when everyone may see it,
    otherwise which of the connection's own seats may (never naming anyone else's); and
    ``words``, its text as ``spell`` reads it (see ``speller``).

    ``own`` is every seat the connection plays, ``(seat,)`` unless given: a hot-seat table
    (one person at several seats) hears every event any of its seats may see, and shows each
    seat only its own (a seat's private events of its own move arrive when the turn has
    already passed to the next seat, whose table the update carries)."""
    mine = frozenset(own if own is not None else () if seat is None else (seat,))
    out = []
    for event in events:
        if event.seats is None:
            out.append({**event.to_json(), "words": spell(event.text), "seats": None})
        elif event.seats & mine:
            seats = sorted(event.seats & mine)
            out.append({**event.to_json(), "words": spell(event.text), "seats": seats})
    return out


class Views:
    """The views of one position, each seat's built once: after a move the table's answers for
    the seat to move and every connection's update read the same one (building views was the
    largest part of a move's work: three for two seats). Only for as long as the position
    stands; a view is never changed once built (``view_for`` copies before it edits)."""

    __slots__ = ("built", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.built: dict[Seat, dict[str, Any]] = {}

    def of(self, seat: Seat) -> dict[str, Any]:
        view = self.built.get(seat)
        if view is None:
            view = self.built[seat] = self.state.view(seat)
        return view


def view_for(
    state: State, seat: Seat, playing: bool = True, views: Views | None = None
) -> dict[str, Any]:
    view = state.view(seat) if views is None else views.of(seat)
    if not playing or seat is None or seat != state.current_player:
        # Only the seat to move is told its moves (a game might list them for others too).
        view = {**view, "legal_actions": []} if view.get("legal_actions") else view
    return view


def legal_for(state: State, seat: Seat) -> list[str]:
    if seat is None or seat != state.current_player:
        return []
    return [a.text for a in state.legal_actions()]


def moves_for(state: State, seat: Seat, view: dict[str, Any]) -> list[dict[str, str]]:
    """The seat to move's moves as a menu: the action text, the game's phrase for it (from the
    seat's own view), that phrase in words and the heading it is listed under."""
    if seat is None or seat != state.current_player:
        return []
    game = state.game
    key = game.words_key(view)
    spell = speller(state, view)
    return [
        menu_entry(game, key, action, game.describe_action(action, view), spell)
        for action in state.legal_actions()
    ]


#: Menu entries already built, by game, words key, action and phrase: all else an entry holds
#: follows from those (its words as ``speller`` keeps them, its heading from the action), and
#: under load the same lines come round move after move, so most entries cost one look-up.
#: Each is a ``FrozenDict``, as many tables hold it. Kept as ``_SPELLED`` is.
_MENU: RecentMemo[tuple[Game, Hashable, Action, str], FrozenDict] = RecentMemo(16384)


def menu_entry(
    game: Game, key: Hashable, action: Action, label: str, spell: Spell
) -> dict[str, str]:
    """One line of a menu: ``action`` as ``label`` says it (``key``: the reader's words key,
    ``Game.words_key``; ``None`` keeps nothing, as the words may differ from reader to reader)."""
    if key is None:
        return _menu_entry(game, action, label, spell)
    entry = (game, key, action, label)
    found = _MENU.find(entry)
    if found is None:
        found = _MENU.put(entry, FrozenDict(_menu_entry(game, action, label, spell)))
    return found


def _menu_entry(game: Game, action: Action, label: str, spell: Spell) -> dict[str, str]:
    return {
        "action": action.text,
        "label": label,
        "words": spell(label),
        "group": game.action_group(action),
    }


def look_for(state: State, seat: Seat, target: str) -> str | None:
    """A close look at one part of the table (``look b2``), drawn from the seat's own view."""
    return state.game.inspect(state.view(seat), target.strip().lower(), ASCII)


def table_for(
    state: State,
    seat: Seat,
    events: Iterable[Event],
    playing: bool = True,
    own: tuple[int, ...] | None = None,
    views: Views | None = None,
) -> dict[str, Any]:
    """What ``seat`` receives about the table after a step: whose view it is, the view, its
    moves (only while the match is in play, as texts and as a menu) and its events (those of
    every seat in ``own`` at a hot-seat table; see ``events_for``). ``views``: this position's
    views, when they are shared (see ``Views``)."""
    view = view_for(state, seat, playing, views)
    return {
        "seat": seat,
        "view": view,
        "legal_actions": legal_for(state, seat) if playing else [],
        "moves": moves_for(state, seat, view) if playing else [],
        "to_move": state.current_player,
        "events": events_for(events, seat, own, speller(state, view)),
        "proposal": proposal_for(state, seat, view) if playing else None,
        "gestures": gestures_for(state, seat, view) if playing else [],
    }


def proposal_for(state: State, seat: Seat, view: dict[str, Any]) -> dict[str, Any] | None:
    """The table's offer to the seat to move (a payment, say), from that seat's own view."""
    if seat is None or seat != state.current_player:
        return None
    found = state.game.propose(view, state.legal_actions())
    if found is None:
        return None
    return {
        "text": found.text,
        "words": speller(state, view)(found.text),
        "actions": [a.text for a in found.actions],
    }


def gestures_for(state: State, seat: Seat, view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The gestures on offer to the seat to move (several of its moves as one click); the game
    builds each from what that seat may see (``Game.gestures``)."""
    if seat is None or seat != state.current_player:
        return []
    spell = speller(state, view)
    return [
        {
            "text": g.text,
            "words": spell(g.text),
            "group": g.group,
            "actions": [a.text for a in g.actions],
        }
        for g in state.game.gestures(state)
    ]

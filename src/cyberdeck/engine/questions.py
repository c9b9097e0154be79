"""How a game describes the questions it asks to a table that may answer some of them.

The contract's ``Game.stops``, ``stop_of``, ``propose`` and ``gestures`` speak in these types; the
table's side (a player's stops, the rules that answer, carrying an offer out) is ``autoanswer``.
They live apart from both so that the contract can name them without importing the module that
drives matches through it: these types know actions and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action


@dataclass(frozen=True, slots=True)
class Stop:
    """One place a player may ask to be stopped: a key (``purchase:own``), a label for menus, and
    whether it is on for a player who never changed anything."""

    key: str
    label: str
    default: bool


@dataclass(frozen=True, slots=True)
class Window:
    """What a game says about the question in front of a seat: the stop it belongs to and the
    answer the table gives when the player has left that stop off (passing, as a rule).

    ``needs`` names further stops the player must also have on to be asked: a step whose only
    moves are ones that fit any step (an Event, an ability) asks a player who stops at that step
    *and* asked to be stopped for such moves, so holding an Event does not stop every step."""

    stop: str
    hands_off: Action
    needs: tuple[str, ...] = ()
    #: What the log says when the table answers ("the only way to pay"); by default, which
    #: stop was off.
    why: str = ""


@dataclass(frozen=True, slots=True)
class Proposal:
    """Several answers in a row that the table offers as one (a payment from several sources):
    a sentence for the player, and the moves, played in order for as long as the same seat is
    asked and each move is still legal (an opponent answering in between stops it)."""

    text: str
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Gesture:
    """One click (or drag) that stands for several moves of one seat in a row: "send team 1 at
    the Night Market" is the send and then the hit, the way jinteki.net and MTG Arena let a card
    go where it is dragged. The engine still asks every question: the first move is the player's
    own, and the table answers each later question from the gesture, noted in the player's log
    (``autoanswer.carry_out`` with ``note``). A game offers a gesture only where the moves after
    the first reveal nothing the player has not chosen to go without (``Game.gestures``);
    ``group`` is the heading a menu lists it under."""

    text: str
    group: str
    actions: tuple[Action, ...]

"""Cyberpunk CCG: the moves a person makes as one gesture, the way jinteki.net and MTG Arena let a
card be dragged to where it goes.

The rules engine asks every question of a multi-step move (a runner changing teams is asked which
team; a team sent in is asked its target; a card bought is asked how it is paid; a Solo's combat
sense is asked which side it adds to; a draw asks for each card's deck, by the ruling). Five
gestures answer them in one click:

- a runner to a team: ``team c5`` then ``join t1`` (or ``leave``);
- a force at its target: ``send t1`` then ``hit c12`` (or ``run c3`` at the Runs step);
- a card bought and paid as the table proposes: ``buy night-market`` then the proposal's payments;
- a Solo's combat sense where it goes: ``use c40`` then ``add attack`` (or ``add defense``);
- a draw planned for every card still to draw: "2 from Runs, 1 from Gear".

Each later move is worked out on a clone after the first, from the seat's own view: every one of
these first moves puts its own question straight to the same seat and reveals nothing (the card
bought was named in the move; teams, targets and sources are on the table), so the gesture shows
the player nothing they would not see after one click. The draw plan is the exception that is
not worked out ahead: each card drawn is seen only when drawn, and a player who plans the draw
gives up looking between cards; drawing one card at a time stays on offer. The table plays the
later moves as answers noted in the log (``engine.autoanswer.carry_out``), and stops where a move
is no longer legal (a deck ran out), asking the player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...engine import Action
from ...engine.questions import Gesture, Proposal
from .render import card_name, describe_action
from .table import propose

if TYPE_CHECKING:
    from .state import CyberState

#: A window move whose next question (of the same seat) a gesture answers: the question's kind.
FOLLOWED: Mapping[str, str] = {"team": "team", "send": "form", "buy": "pay", "use": "sense"}
#: The answers a gesture may give to those questions (a force's extra runners stay a question).
ANSWERS: Mapping[str, frozenset[str]] = {
    "team": frozenset(("join", "leave")),
    "form": frozenset(("hit", "run")),
    "sense": frozenset(("add",)),
}
#: The heading each gesture is listed under, by its first move's kind.
GROUPS: Mapping[str, str] = {"team": "Team up", "send": "Send in", "use": "Combat sense"}
DECKS = ("runs", "gear")


def gestures(st: CyberState) -> tuple[Gesture, ...]:
    """The gestures on offer to the seat to move: a draw plan at a draw question, or a runner's
    team, a force's target, a purchase with its proposed payment and a Solo's combat sense with
    its side in a priority window."""
    s = st.current_player
    if s is None:
        return ()
    pr = st.prompt
    if pr is not None:
        return draw_plans(st, s, pr[2]) if pr[0] == "draw" and pr[1] == s else ()
    out: list[Gesture] = []
    view: dict[str, Any] | None = None
    # Purchases of the same price from the same sources get the same proposal: weighed once.
    offers: dict[tuple[Any, ...], Proposal | None] = {}
    for first in st.legal_actions():
        asks = FOLLOWED.get(first.kind)
        if asks is None:
            continue
        after = st.clone()
        after.apply(first)
        if after.current_player != s or after.prompt is None or after.prompt[0] != asks:
            continue
        if view is None:
            view = st.view(s)
        out += _followed(first, view, after, s, offers)
    return tuple(out)


def _followed(
    first: Action,
    view: Mapping[str, Any],
    after: CyberState,
    s: int,
    offers: dict[tuple[Any, ...], Proposal | None],
) -> list[Gesture]:
    """The gestures that start with ``first``, from ``after`` (a clone with ``first`` played)."""
    seen = after.view(s)
    legal = after.legal_actions()
    begin = describe_action(first, view)
    begin = begin[0].upper() + begin[1:]
    if first.kind == "buy":
        assert after.prompt is not None
        key = (after.prompt[2], after.prompt[4][0])  # the price, and whether it buys an Operation
        if key not in offers:
            offers[key] = propose(seen, legal)
        offer = offers[key]
        if offer is None:
            return []
        return [Gesture(f"{begin}, paying {offer.text}", "Buy and pay", (first, *offer.actions))]
    answers = [then for then in legal if then.kind in ANSWERS[FOLLOWED[first.kind]]]
    group = GROUPS[first.kind]
    if first.kind == "team":
        begin = card_name(first.args[0], view)
        answers = _one_new_team(after, s, answers)
    return [
        Gesture(f"{begin}: {describe_action(then, seen)}", group, (first, then)) for then in answers
    ]


def _one_new_team(st: CyberState, s: int, answers: list[Action]) -> list[Action]:
    """Joining any empty team starts a new team, so one gesture does for all of them (the first
    empty team's); the others stay a move away, as every team is."""
    out: list[Action] = []
    new = False
    for then in answers:
        if then.kind == "join" and not st.team_members(s, int(then.args[0][1:])):
            if new:
                continue
            new = True
        out.append(then)
    return out


def draw_plans(st: CyberState, s: int, left: int) -> tuple[Gesture, ...]:
    """With two or more cards to draw: every split between the Runs and Gear decks that their
    sizes allow, drawn in turns starting from the deck that gives more (Runs on a tie)."""
    if left < 2:
        return ()
    sizes = (len(st.runs[s]), len(st.gear[s]))
    out = []
    for runs in range(left, -1, -1):
        counts = (runs, left - runs)
        if counts[0] > sizes[0] or counts[1] > sizes[1]:
            continue
        order = interleave(counts)
        parts = [
            f"{n} from {deck.capitalize()}" for deck, n in zip(DECKS, counts, strict=True) if n
        ]
        text = f"Draw {left}: {', '.join(parts)}"
        out.append(Gesture(text, "Draw", tuple(Action("draw", (d,)) for d in order)))
    return tuple(out)


def interleave(counts: tuple[int, int]) -> list[str]:
    """The decks in drawing order: alternating, starting with the one that gives more cards."""
    left = list(counts)
    turn = 0 if left[0] >= left[1] else 1
    order = []
    while left[0] or left[1]:
        if not left[turn]:
            turn = 1 - turn
        order.append(DECKS[turn])
        left[turn] -= 1
        turn = 1 - turn
    return order

"""Cypher: the turn — its four steps (play, draw, pass, discard) put on the task stack, each task
carried out in turn (card effects included), and the end of a turn (the last round's count, the
triggers an empty deck or the round cap set off, the next player's turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .catalog import E_DRAW_MORE, E_KEEP
from .effects import enter, purge, resolve, shed, swap, take_coder
from .ending import finish, trigger
from .rules import (
    DISCARD,
    DRAW,
    EXTRACT,
    NAMES,
    PASS,
    PLAY,
    ROUND_CAP,
    T_DISCARD,
    T_DISCARD_STEP,
    T_DRAW,
    T_DRAW_STEP,
    T_EFFECT,
    T_END_TURN,
    T_ENTER,
    T_EXTRACT,
    T_PASS,
    T_PASS_STEP,
    T_PLAY_STEP,
    T_PURGE,
    T_SHED,
    T_SWAP,
    T_TAKE,
)

if TYPE_CHECKING:
    from .state import CypherState


def begin_turn(st: CypherState, seat: int) -> None:
    """``seat``'s turn: its steps go on the stack last first, so that play comes first."""
    st.turn = seat
    st.tasks.extend(
        [
            (T_END_TURN, seat),
            (T_DISCARD_STEP, seat),
            (T_PASS_STEP, seat),
            (T_DRAW_STEP, seat),
            (T_PLAY_STEP, seat),
        ]
    )
    st.event("turn", f"{NAMES[seat]}'s turn.", {"seat": seat})


def carry_out(st: CypherState, task: tuple[Any, ...]) -> None:
    """One task off the stack: it may ask a seat to decide, push further tasks, or both."""
    code = task[0]
    cat = st.cat
    if code == T_PLAY_STEP:
        if st.hands[task[1]]:
            st.ask(PLAY, task[1])
        else:
            st.event("skip", f"{NAMES[task[1]]} has no card to play.", {"seat": task[1]})
    elif code == T_DRAW_STEP:
        seat = task[1]
        count = (2 if st.n == 2 else 1) + sum(
            1 for c in st.areas[seat] if cat.eff[c] == E_DRAW_MORE
        )
        st.tasks.append((T_DRAW, seat, count))
    elif code == T_DRAW:
        seat, count = task[1], task[2]
        if count <= 0:
            return
        if not st.deck and st.display < 0:
            st.event("dry", "There is nothing left to draw.")
            return
        st.ask(DRAW, seat, (seat, count))
    elif code == T_PASS_STEP:
        seat, n = task[1], st.n
        if n == 2:
            st.tasks.append((T_PASS, seat, 1 - seat, "to"))
        else:
            st.tasks.append((T_PASS, seat, (seat - 1) % n, "right to"))
            st.tasks.append((T_PASS, seat, (seat + 1) % n, "left to"))
    elif code == T_PASS:
        if st.hands[task[1]]:
            st.ask(PASS, task[1], task[1:])
    elif code == T_DISCARD_STEP:
        seat = task[1]
        keep = (2 if st.n == 2 else 1) + sum(1 for c in st.areas[seat] if cat.eff[c] == E_KEEP)
        st.tasks.append((T_DISCARD, seat, keep))
    elif code == T_DISCARD:
        if len(st.hands[task[1]]) > task[2]:
            st.ask(DISCARD, task[1], task[1:])
    elif code == T_END_TURN:
        end_turn(st, task[1])
    elif code == T_ENTER:
        enter(st, task[1], task[2], task[3])
    elif code == T_EFFECT:
        resolve(st, task[1], task[2])
    elif code == T_EXTRACT:
        if st.hands[task[1]]:
            st.ask(EXTRACT, task[1], (task[1],))
    elif code == T_PURGE:
        purge(st, task[1], task[2])
    elif code == T_SHED:
        shed(st, task[1], task[2])
    elif code == T_SWAP:
        swap(st, task[1], task[2])
    elif code == T_TAKE:
        take_coder(st, task[1], task[2])


def end_turn(st: CypherState, seat: int) -> None:
    """After ``seat``'s discard: count down the last round (or trigger the end), then finish
    the game or start the next player's turn."""
    t = st.turns
    if st.trigger >= 0:
        if t > st.trigger_turn:
            st.final_left -= 1
    elif not st.deck:
        trigger(st, seat, f"the deck is empty at the end of {NAMES[seat]}'s turn", "deck-empty")
    elif t + 1 >= ROUND_CAP * st.n:
        trigger(
            st, seat, f"{ROUND_CAP} full rounds have been played (the round limit)", "round-cap"
        )
    if st.trigger >= 0 and st.final_left == 0:
        finish(st)
        return
    st.turns = t + 1
    begin_turn(st, (seat + 1) % st.n)

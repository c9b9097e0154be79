"""After a lost game: could the deal have been won, and where would the hard player have parted ways?

Once the game is over nothing is hidden any more (the end screen shows the seed), so the solver may
read the real deck order and say whether any line of play wins the deal. That is perfect
information, more than any player has, so the second half of the answer is the useful one for
learning: the first placement where the ``hard`` level, deciding from the same view the player had,
would have played something else. Both are bounded (solver positions, decisions checked) so that
the answer comes in a few seconds.
"""

from __future__ import annotations

from ...engine import Action, Record, replay_steps
from ...engine.cards import CARDS
from ...engine.record import UNDO
from .hindsight import LEVELS
from .render import describe_action
from .solver import solve
from .state import MatrixState

#: Solver positions spent on "was it winnable": settles about 99% of deals (docs/strength.md).
WINNABLE_BUDGET = 20_000
#: Placements with a choice that the hard player is asked about, at most.
DECISIONS = 40


def kept_actions(record: Record) -> list[str]:
    """The record's moves without the undone ones, in order."""
    kept: list[str] = []
    for text in record.actions:
        if text == UNDO:
            kept.pop()
        else:
            kept.append(text)
    return kept


def winnable(first: MatrixState, budget: int = WINNABLE_BUDGET) -> str:
    won = solve(first, budget).won
    if won is True:
        return "the deal was winnable with perfect information (knowing the deck order)"
    if won is False:
        return "the deal could not be won even knowing the deck order"
    return f"the solver could not tell within {budget:,} positions whether the deal was winnable"


def first_difference(states: list[MatrixState], actions: list[str], seed: int) -> str:
    """Where ``hard``, seeded as the game was, would first have placed a card elsewhere."""
    hard = LEVELS["hard"](seed)
    asked = 0
    for number, (state, text) in enumerate(zip(states, actions, strict=False), start=1):
        if len(state.legal_actions()) < 2:
            continue
        if asked == DECISIONS:
            return f"hard would have made your first {DECISIONS} choices as you did"
        asked += 1
        choice = hard.choose(state)
        if choice.text != text:
            view = state.view(0)
            yours = describe_action(Action.parse(text), view)
            theirs = describe_action(choice, view)
            return (
                f"hard would first have played differently at placement {number} "
                f"({CARDS[state.card]}): {theirs}, where you played {yours}"
            )
    return "hard would have made every choice you made"


def review(record: Record) -> str | None:
    """The "how did I do" line for a lost game; ``None`` for a won or unfinished one."""
    states = replay_steps(record)
    last = states[-1]
    assert isinstance(last, MatrixState)
    outcome = last.outcome
    if outcome is None or outcome.winners:
        return None
    line = [s for s in states if isinstance(s, MatrixState)]
    first = winnable(line[0])
    where = first_difference(line, kept_actions(record), record.seed)
    return f"How did I do: {first}; {where}."

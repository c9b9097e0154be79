"""The solver: searches lines of play knowing the deck order.

MATR1X has no chance once the deck is shuffled, so a search over the player's choices could find a
win whenever one exists. The perfect-information win rate (every winnable deal won) is an upper bound
on what any real strategy can achieve on the same deals; the solver's own rate is only a *lower
bound* on it, because the search has a node budget: a deal where the budget runs out is reported as
*unknown*, never as a loss, and is not counted as a win. The search is limited discrepancy search:
first the line the heuristic likes best, then every line that departs from it once, then twice, and
so on, skipping positions already refuted. It is an analysis tool, never an opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import Action
from .evaluate import evaluate
from .state import MatrixState


@dataclass
class Solution:
    won: bool | None  # None: the budget ran out before a win was found or every line refuted
    line: list[Action]
    nodes: int


class _Search:
    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.nodes = 0
        self.line: list[Action] = []
        #: Position → the most departures already tried from it without a win.
        self.refuted: dict[tuple[object, ...], int] = {}
        self.cut = False  # some line was cut by the departure limit in this pass

    def ordered(self, node: MatrixState) -> list[tuple[Action, MatrixState]]:
        actions = node.legal_actions()
        children = []
        for action in actions:
            child = node.clone()
            child.apply(action)
            children.append((action, child))
        if len(children) > 1:
            children.sort(key=lambda pair: -evaluate(pair[1]))
        return children

    def search(self, node: MatrixState, departures: int) -> bool:
        if node.is_terminal:
            outcome = node.outcome
            return outcome is not None and bool(outcome.winners)
        key = node.signature()[2:]
        if self.refuted.get(key, -1) >= departures:
            return False
        if self.nodes >= self.budget:
            return False
        self.nodes += 1
        for rank, (action, child) in enumerate(self.ordered(node)):
            cost = 1 if rank else 0
            if cost > departures:
                self.cut = True
                break
            self.line.append(action)
            if self.search(child, departures - cost):
                return True
            self.line.pop()
        if self.nodes < self.budget:
            self.refuted[key] = max(departures, self.refuted.get(key, -1))
        return False


def solve(state: MatrixState, budget: int = 20_000) -> Solution:
    search = _Search(budget)
    departures = 0
    while True:
        search.cut = False
        try:
            found = search.search(state.clone(), departures)
        except RecursionError:
            return Solution(None, [], search.nodes)
        if found:
            return Solution(True, list(search.line), search.nodes)
        if search.nodes >= budget:
            return Solution(None, [], search.nodes)
        if not search.cut:
            return Solution(False, [], search.nodes)
        departures += 1

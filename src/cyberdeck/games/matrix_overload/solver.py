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
from .state import ROYALS, MatrixState


@dataclass
class Solution:
    won: bool | None  # None: the budget ran out before a win was found or every line refuted
    line: list[Action]
    nodes: int
    #: The most royals killed in any position the search reached: how close it came.
    kills: int = 0


class _Search:
    def __init__(self, budget: int, table: _Table) -> None:
        self.budget = budget
        self.nodes = 0
        self.line: list[Action] = []
        self.table = table
        self.cut = False  # some line was cut by the departure limit in this pass
        self.kills = 0

    def ordered(
        self, node: MatrixState, key: tuple[object, ...]
    ) -> list[tuple[Action, MatrixState]]:
        """The children, best-looking first. The order is remembered: each pass of the search
        comes back through the same positions, and the evaluation is most of a node's cost."""
        actions = node.legal_actions()
        order = self.table.order.get(key)
        children = []
        for action in actions if order is None else order[:1]:
            child = node.clone()
            child.advance(action)  # legal by construction: the lean path
            children.append((action, child))
        if order is None:
            if len(children) > 1:
                children.sort(key=lambda pair: -evaluate(pair[1]))
            self.table.order[key] = [action for action, _ in children]
        return children

    def search(self, node: MatrixState, departures: int) -> bool:
        if node.is_terminal:
            outcome = node.outcome
            return outcome is not None and bool(outcome.winners)
        key = node.signature()[2:]
        refuted = self.table.refuted
        if refuted.get(key, -1) >= departures:
            return False
        if self.nodes >= self.budget:
            return False
        self.nodes += 1
        if node.kills > self.kills:
            self.kills = node.kills
        children = self.ordered(node, key)
        order = self.table.order[key]
        for rank, action in enumerate(order):
            cost = 1 if rank else 0
            if cost > departures:
                self.cut = True
                break
            if rank < len(children):
                child = children[rank][1]
            else:
                child = node.clone()
                child.advance(action)
            self.line.append(action)
            if self.search(child, departures - cost):
                return True
            self.line.pop()
        if self.nodes < self.budget:
            refuted[key] = max(departures, refuted.get(key, -1))
        return False


class _Table:
    """What the search learned about the positions of one deck order: the most departures
    already tried from each without a win, and the order its placements are tried in."""

    def __init__(self) -> None:
        self.refuted: dict[tuple[object, ...], int] = {}
        self.order: dict[tuple[object, ...], list[Action]] = {}


class Solver:
    """Solves positions of one deck order, each within ``budget`` nodes. Positions refuted while
    solving one are remembered for the next, so the placements of one sampled deck share work."""

    def __init__(self, budget: int = 20_000) -> None:
        self.budget = budget
        self.table = _Table()

    def solve(self, state: MatrixState) -> Solution:
        search = _Search(self.budget, self.table)
        departures = 0
        while True:
            search.cut = False
            try:
                found = search.search(state.clone(), departures)
            except RecursionError:
                return Solution(None, [], search.nodes, search.kills)
            if found:
                return Solution(True, list(search.line), search.nodes, ROYALS)
            if search.nodes >= self.budget:
                return Solution(None, [], search.nodes, search.kills)
            if not search.cut:
                return Solution(False, [], search.nodes, search.kills)
            departures += 1


def solve(state: MatrixState, budget: int = 20_000) -> Solution:
    return Solver(budget).solve(state)

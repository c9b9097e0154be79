"""The ``expert`` level: IS-MCTS guided by a learned policy and value (PUCT, as AlphaZero's search
is guided), over worlds sampled for the searching seat exactly as ``ismcts`` samples them.

At a node, the seat to move's policy over its legal moves (from that seat's view *in the sampled
world*, never the real state) gives each move a prior ``P``; a move is chosen by
``Q + c * P * sqrt(available) / (1 + visits)``, availability counting the iterations in which the
move was legal (the IS-MCTS form of the parent's visits). A new leaf is scored by the value head
for every seat, from each seat's view of that world, instead of by a playout or the hand-written
evaluation; a finished game by its returns. So the network's judgement replaces both the
evaluation's priors and its leaf scores, and the search corrects the network where it is wrong.
Where the budget gives the hand-written evaluation a weight (``Budget.evaluation``), a leaf's value
mixes the two, as AlphaGo mixed its value network with its playouts: the evaluation scores the
leaf after the budget's playout moves (where the turn has passed, as ``hard`` scores it), and
the network's value and that score are averaged with the weights ``1 - evaluation`` and
``evaluation``. No shipped level mixes: tried in Hack-Me, it made the expert no stronger
(docs/learned.md).
Where a game's observation depends on the number of players, the agent holds a network for each
table size and searches with the one trained for the table it sits at.
"""

from __future__ import annotations

import math
from typing import Any

from ..engine import Action, State
from .ismcts import IsmctsAgent, Node
from .policy import PolicyNet, fitting

#: PUCT's exploration constant: returns are -1 to 1, priors sum to 1.
EXPLORATION = 1.5


class ExpertAgent(IsmctsAgent):
    def __init__(
        self,
        nets: list[PolicyNet],
        iterations: int | None = 200,
        seconds: float | None = None,
        seed: int = 0,
        name: str = "expert",
        worlds: int | None = 16,
        reuse: bool = True,
        exploration: float = EXPLORATION,
        evaluation: float = 0.0,
        rollout_depth: int = 0,
        rollout_epsilon: float = 1.0,
    ) -> None:
        super().__init__(
            iterations, seconds, seed, exploration=exploration, name=name, worlds=worlds,
            reuse=reuse, rollout_depth=rollout_depth, rollout_epsilon=rollout_epsilon,
        )  # fmt: skip
        self.nets = nets
        self.net = nets[0]
        #: The hand-written evaluation's weight in a leaf's value (0: the network's value alone).
        self.evaluation = evaluation

    def choose(self, state: State) -> Action:
        self.net = fitting(self.nets, state.num_players)
        return super().choose(state)

    def __getstate__(self) -> dict[str, Any]:
        """The search's own state and the networks (their files' paths, ``PolicyNet.__reduce__``):
        a compiled base class pickles only the attributes it declares."""
        inherited: Any = super().__getstate__()
        state: dict[str, Any] = dict(inherited or {})
        state["nets"] = self.nets
        state["evaluation"] = self.evaluation
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        self.nets = state.pop("nets")
        self.net = self.nets[0]
        self.evaluation = state.pop("evaluation")
        parent = getattr(super(), "__setstate__", None)
        if parent is not None:
            parent(state)
        else:
            self.__dict__.update(state)

    def iterate(self, root: Node, world: State) -> None:
        node = root
        path = [root]
        c = self.exploration
        returns: list[float] | None = None
        while not world.is_terminal:
            legal = world.legal_actions()
            player = world.current_player
            assert player is not None
            children = node.children
            if any(a not in children for a in legal):
                priors, _ = self.net.priors(world, player, legal)
                for action, prior in zip(legal, priors, strict=True):
                    if action not in children:
                        children[action] = Node(player, prior + self.jitter())
            best = root
            best_action = legal[0]
            best_score = -math.inf
            for a in legal:
                child = children[a]
                child.avail += 1
                n = child.visits
                q = child.total / n if n else 0.0
                score = q + c * child.prior * math.sqrt(child.avail) / (1 + n)
                if score > best_score:
                    best, best_action, best_score = child, a, score
            world.advance(best_action)
            path.append(best)
            if not best.visits:
                break
            node = best
        outcome = world.outcome
        if outcome is not None:
            returns = list(outcome.returns)
        else:
            returns = [self.net.evaluate(world, s)[1] for s in range(world.num_players)]
            weight = self.evaluation
            if weight:
                judged = self.rollout(world, self.playout_depth(world, path[-1]))
                returns = [
                    (1 - weight) * v + weight * j for v, j in zip(returns, judged, strict=True)
                ]
        for node in path:
            node.visits += 1
            if node.player is not None:
                node.total += returns[node.player]

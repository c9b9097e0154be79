"""Information-set Monte Carlo tree search (single-observer), generic over the game contract.

Each iteration takes a world consistent with what the searching seat knows — drawn with
``state.determinize(seat, rng)``, or one of a pool of ``worlds`` such draws, cloned — and walks one
tree shared by all worlds. Because the legal moves differ between worlds, selection uses
availability counts (a move's UCB term counts the times it was available, not the parent's visits).
The search never reads hidden state: only sampled worlds.

With ``prior_weight`` > 0 the game's evaluation guides the search (progressive bias): the first
time a node's move is seen, the position after it is scored for the seat that moves, and that score
counts as ``prior_weight`` visits of the move. A fresh search therefore starts from the greedy
choice and spends its iterations checking the best-looking moves against the replies that look best
to the other side — at small budgets that beats trying moves in random order and averaging random
replies. Each prior carries a tiny random part, so moves the evaluation cannot tell apart are not
always resolved to the first one listed. A new leaf is scored by the evaluation for every seat
(after ``rollout_depth`` playout moves, if asked for: random, or
epsilon-greedy by the evaluation, so that a leaf is judged after a few plies of sensible play). The search stops early once no remaining
iteration could change its choice, and with ``reuse`` it keeps the chosen move's subtree for the
same seat's next decision when that decision brings it no news.
"""

from __future__ import annotations

import math
import time

from ..engine import Action, Rng, State
from ..engine.compiled import mypyc_attr


class Node:
    __slots__ = ("avail", "children", "player", "prior", "total", "visits", "weight")

    def __init__(self, player: int | None, prior: float = 0.0, weight: float = 0.0) -> None:
        #: The seat that chose the move leading here (whose reward ``total`` holds).
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        #: The evaluation of the position after the move, for ``player`` (progressive bias).
        self.prior = prior
        #: How many visits the prior counts as.
        self.weight = weight


# Tests and tuning runs subclass the agents; compiled (mypyc), that must be allowed.
@mypyc_attr(allow_interpreted_subclasses=True)
class IsmctsAgent:
    def __init__(
        self,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int = 0,
        rollout_depth: int = 0,
        rollout_epsilon: float = 1.0,
        exploration: float = 0.1,
        name: str = "ismcts",
        prior_weight: float = 0.0,
        worlds: int | None = None,
        reuse: bool = False,
        root_worlds: int = 1,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("IS-MCTS needs a budget: iterations, seconds or both")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.rng = Rng(seed)
        #: A new leaf where the turn has just passed to another seat is scored after this many
        #: playout moves, each one a random legal move with chance ``rollout_epsilon`` and otherwise
        #: the move the evaluation likes best for the seat that makes it (1.0: random playouts;
        #: 0.0: greedy ones).
        self.rollout_depth = rollout_depth
        self.rollout_epsilon = rollout_epsilon
        self.exploration = exploration
        self.prior_weight = prior_weight
        #: How many sampled worlds the iterations cycle through (``None``: a fresh one each time).
        self.worlds = worlds
        #: Keep the subtree of the chosen move when the same seat decides next and learned nothing
        #: new (the second of a turn's actions, say): its visits count towards the next budget.
        self.reuse = reuse
        #: The root's moves get their prior from this many worlds (each one counting as a visit):
        #: where a move's outcome is a matter of luck (a run, a draw), one world misjudges it.
        self.root_worlds = root_worlds
        self.kept: tuple[dict[str, object], Node] | None = None
        self.last_iterations = 0
        #: The last search's mean return of the move it chose, for the seat that chose it (what an
        #: apprentice network's value learns from, ``lab/imitation.py``).
        self.last_value = 0.0

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        root = self.kept_root(state, seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        pool: list[State] = []
        if self.prior_weight and not root.children:
            self.score_root(state, seat, root, pool)
        done = 0
        budget = None if self.iterations is None else self.iterations - root.visits
        while budget is None or done < budget:
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            if self.worlds is None:
                world = state.determinize(seat, self.rng.fork())
            elif done % self.worlds < len(pool):
                world = pool[done % self.worlds].clone()
            else:
                world = state.determinize(seat, self.rng.fork())
                pool.append(world.clone())
            self.iterate(root, world)
            done += 1
            if budget is not None and self.settled(root, budget - done):
                break
        self.last_iterations = done
        visited = [
            (root.children[a].visits, root.children[a].prior, -i, a)
            for i, a in enumerate(actions)
            if a in root.children
        ]
        choice = max(visited)[3] if visited else actions[0]
        chosen = root.children.get(choice)
        self.last_value = chosen.total / chosen.visits if chosen and chosen.visits else 0.0
        if self.reuse and choice in root.children:
            self.keep(state, seat, choice, root.children[choice])
        return choice

    def score_root(self, state: State, seat: int, root: Node, pool: list[State]) -> None:
        actions = state.legal_actions()
        totals = [0.0] * len(actions)
        for _ in range(self.root_worlds):
            world = state.determinize(seat, self.rng.fork())
            if self.worlds is not None and len(pool) < self.worlds:
                pool.append(world)
            for i, action in enumerate(actions):
                after = world.clone()
                after.advance(action)
                totals[i] += self.value(after, seat)
        weight = self.prior_weight * self.root_worlds
        for action, total in zip(actions, totals, strict=True):
            root.children[action] = Node(seat, total / self.root_worlds + self.jitter(), weight)

    def kept_root(self, state: State, seat: int) -> Node:
        kept, self.kept = self.kept, None
        if kept is not None and kept[0] == state.view(seat):
            return kept[1]
        return Node(None)

    def keep(self, state: State, seat: int, choice: Action, subtree: Node) -> None:
        """Remember the subtree if, in a sampled world, this seat decides next and sees no news.

        The view expected next comes from a world sampled for the seat, never the real state: a
        move that reveals something (a draw) gives a different view there, and the tree is dropped.
        """
        after = state.determinize(seat, self.rng.fork())
        after.advance(choice)
        if after.current_player == seat:
            self.kept = (after.view(seat), subtree)

    @staticmethod
    def settled(root: Node, remaining: int) -> bool:
        """True when the most visited move stays ahead whatever the remaining iterations do."""
        first = second = 0
        for child in root.children.values():
            if child.visits > first:
                first, second = child.visits, first
            elif child.visits > second:
                second = child.visits
        return first - second > remaining

    def iterate(self, root: Node, world: State) -> None:
        node = root
        path = [root]
        known: tuple[int | None, float] | None = None
        weight = self.prior_weight
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        while not world.is_terminal:
            legal = world.legal_actions()
            player = world.current_player
            children = node.children
            if not weight:
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[self.rng.below(len(untried))]
                    fresh = children[action] = Node(player)
                    for a in legal:
                        if a in children:
                            children[a].avail += 1
                    world.advance(action)
                    path.append(fresh)
                    break
            best = root
            best_action = legal[0]
            best_score = -math.inf
            best_after: State | None = None
            best_value = value = 0.0
            for a in legal:
                child = children.get(a)
                after = None
                if child is None:
                    assert player is not None
                    after = world.clone()
                    after.advance(a)
                    value = self.value(after, player)
                    child = children[a] = Node(player, value + self.jitter(), weight)
                child.avail += 1
                n = child.visits
                if weight:
                    score = (child.total + child.weight * child.prior) / (n + child.weight)
                    score += c * sqrt(log(child.avail) / (n + 1))
                else:
                    score = child.total / n + c * sqrt(log(child.avail) / n)
                if score > best_score:
                    best, best_action, best_score = child, a, score
                    best_after = after
                    if after is not None:
                        best_value = value
            path.append(best)
            known = None
            if best_after is None:
                world.advance(best_action)
            else:
                # The prior's position is this world after the move (the same game: the
                # conformance suite checks clones): carry on from it instead of playing the move
                # again, and keep the value it was scored with for the leaf's returns.
                world = best_after
                known = (player, best_value)
            if not best.visits:
                break
            node = best
        returns = self.rollout(world, self.playout_depth(world, path[-1]), known)
        for node in path:
            node.visits += 1
            if node.player is not None:
                node.total += returns[node.player]

    def playout_depth(self, world: State, leaf: Node) -> int:
        """The playout moves that score ``leaf``: a playout shows the other side's answers, so it
        starts where the turn has just passed, and a leaf inside one seat's run of decisions (a
        four-action turn) is scored as it stands."""
        return self.rollout_depth if world.current_player != leaf.player else 0

    def jitter(self) -> float:
        """A tiny random part of each prior: moves the evaluation cannot tell apart are tried in
        random order, never always the first listed (discarding the first card of a hand, say)."""
        return self.rng.random() * 1e-6

    @staticmethod
    def value(state: State, seat: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns[seat]
        return state.game.evaluate(state, seat)

    def rollout(
        self, world: State, depth: int, known: tuple[int | None, float] | None = None
    ) -> list[float]:
        """The leaf's returns for every seat after ``depth`` playout moves. ``known``: a seat and
        the value this very position was just scored with for it (a new child's prior), so
        the evaluation is not asked twice when no playout move follows."""
        rng = self.rng
        for _ in range(depth):
            if world.is_terminal:
                break
            legal = world.legal_actions()
            if len(legal) == 1 or rng.random() < self.rollout_epsilon:
                world.advance(legal[rng.below(len(legal))])
            else:
                world.advance(self.playout_move(world, legal))
        outcome = world.outcome
        if outcome is not None:
            return list(outcome.returns)
        game = world.game
        if depth == 0 and known is not None:
            seat, value = known
            return [
                value if s == seat else game.evaluate(world, s) for s in range(world.num_players)
            ]
        return [game.evaluate(world, s) for s in range(world.num_players)]

    def playout_move(self, world: State, legal: list[Action]) -> Action:
        """The move the evaluation likes best for the seat to move (greedy, ties at random)."""
        player = world.current_player
        assert player is not None
        best = legal[0]
        best_value = -math.inf
        for action in legal:
            after = world.clone()
            after.advance(action)
            value = self.value(after, player) + self.jitter()
            if value > best_value:
                best, best_value = action, value
        return best

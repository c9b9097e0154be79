"""Information-set Monte Carlo tree search (single-observer), generic over the game contract.

Each iteration samples a world with ``state.determinize(seat, rng)`` — a full state consistent with
what the searching seat knows — and walks one tree shared by all samples. Because the legal moves
differ between samples, selection uses availability counts (a move's UCB term counts the times it
was available, not the parent's visits). By default a new leaf is scored at once by the game's
evaluation for every seat (``rollout_depth`` random moves first, if asked for): in our games that
beat random rollouts clearly (Cipher Run and Hack-Me against greedy, see the closing notes), and the
small exploration constant matches the narrow range the evaluations move in. The search never
reads hidden state: only sampled worlds.
"""

from __future__ import annotations

import math
import time

from ..engine import Action, Rng, State


class Node:
    __slots__ = ("avail", "children", "player", "total", "visits")

    def __init__(self, player: int | None) -> None:
        #: The seat that chose the move leading here (whose reward ``total`` holds).
        self.player = player
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class IsmctsAgent:
    def __init__(
        self,
        iterations: int | None = 1000,
        seconds: float | None = None,
        seed: int = 0,
        rollout_depth: int = 0,
        exploration: float = 0.1,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("IS-MCTS needs a budget: iterations, seconds or both")
        self.name = name
        self.iterations = iterations
        self.seconds = seconds
        self.rng = Rng(seed)
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.last_iterations = 0

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        seat = state.current_player
        assert seat is not None
        root = Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            self.iterate(root, state.determinize(seat, self.rng.fork()))
            done += 1
        self.last_iterations = done
        visited = [
            (root.children[a].visits, -i, a) for i, a in enumerate(actions) if a in root.children
        ]
        if not visited:
            return actions[0]
        return max(visited)[2]

    def iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        node = root
        path = [root]
        while not world.is_terminal:
            legal = world.legal_actions()
            player = world.current_player
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = Node(player)
                children[action] = child
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                world.apply(action)
                path.append(child)
                break
            best: Node | None = None
            best_action = legal[0]
            best_score = float("-inf")
            c = self.exploration
            for a in legal:
                child = children[a]
                child.avail += 1
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if score > best_score:
                    best, best_action, best_score = child, a, score
            assert best is not None
            world.apply(best_action)
            node = best
            path.append(node)
        returns = self.rollout(world)
        for node in path:
            node.visits += 1
            if node.player is not None:
                node.total += returns[node.player]

    def rollout(self, world: State) -> list[float]:
        rng = self.rng
        for _ in range(self.rollout_depth):
            if world.is_terminal:
                break
            legal = world.legal_actions()
            world.apply(legal[rng.below(len(legal))])
        outcome = world.outcome
        if outcome is not None:
            return list(outcome.returns)
        game = world.game
        return [game.evaluate(world, s) for s in range(world.num_players)]

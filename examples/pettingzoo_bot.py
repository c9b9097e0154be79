"""A bot account that plays a policy trained on the game's PettingZoo environment.

    pip install -e '.[web,rl]'
    python examples/pettingzoo_bot.py --server http://localhost:8765 --token "$TOKEN" --games 1

First a policy: a linear softmax over the game's action space (one weight a pair of action and
observation number), trained by self-play REINFORCE on ``cyberdeck.envs.pettingzoo`` (every seat
plays it; each move's log-probability is pushed up by the seat's final return). Cypher learns to
beat ``random`` in well under a minute. ``--policy FILE`` loads one instead (``--save FILE``
keeps the one trained).

Then the bot: the server tells each turn as the seat's ``view`` and its ``legal_actions``
(texts). The environment's observation is the game's own encoding of that same view
(``Game.observation_encoding``) and its mask marks the legal actions' places in the game's fixed
action space (``Game.action_space``), so the policy reads at the server exactly the numbers it
was trained on. ``--transport`` picks the bots' websocket or the HTTP stream.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cyberdeck.engine import Game, load_game
from cyberdeck.remote.bot import play
from cyberdeck.remote.botsocket import play_socket

Array = npt.NDArray[np.float32]


class Policy:
    """``logits = weights @ observation + bias``; the mask keeps only the legal actions."""

    def __init__(self, weights: Array, bias: Array) -> None:
        self.weights = weights
        self.bias = bias

    @classmethod
    def blank(cls, game: Game, options: dict[str, Any]) -> Policy:
        size = game.observation_encoding(options).size
        actions = game.action_space.size
        return cls(np.zeros((actions, size), np.float32), np.zeros(actions, np.float32))

    @classmethod
    def load(cls, path: Path) -> Policy:
        with np.load(path) as saved:
            return cls(saved["weights"], saved["bias"])

    def save(self, path: Path) -> None:
        np.savez(path, weights=self.weights, bias=self.bias)

    def probabilities(self, observation: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.weights @ observation + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        odds = np.exp(logits - logits.max())
        shares: Array = odds / odds.sum()
        return shares

    def best(self, observation: Array, mask: npt.NDArray[np.int8]) -> int:
        return int(np.argmax(self.probabilities(observation, mask)))


def train(game_id: str, games: int, seed: int, rate: float = 0.01) -> Policy:
    """Self-play REINFORCE on the PettingZoo environment: every seat samples from the policy,
    and at the end each of a seat's moves is reinforced by that seat's return."""
    from cyberdeck.envs.pettingzoo import env

    table = env(game_id)
    policy = Policy.blank(table.game, table.options)
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    for _ in range(games):
        moves: dict[str, list[tuple[Array, Array, int]]] = {a: [] for a in table.agents}
        returns: dict[str, float] = {}
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                returns[agent] = float(reward)
                table.step(None)
                continue
            seen, mask = observation["observation"], observation["action_mask"]
            odds = policy.probabilities(seen, mask)
            action = int(rng.choice(len(odds), p=odds))
            moves[agent].append((seen, odds, action))
            table.step(action)
        for agent, made in moves.items():
            reward = returns[agent]
            for seen, odds, action in made:
                push = -odds  # d log p(action) / d logits = onehot(action) - p
                push[action] += 1.0
                policy.weights += rate * reward * np.outer(push, seen)
                policy.bias += rate * reward * push
        table.reset()
    return policy


class PolicyBot:
    """The bot's agent: each turn (as the server tells it) becomes the environment's
    observation and mask, and the policy's most likely legal action is played."""

    def __init__(self, game_id: str, policy: Policy) -> None:
        self.game = load_game(game_id)
        self.encoding = self.game.observation_encoding(self.game.resolve_options({}))
        self.policy = policy

    def observe(self, turn: dict[str, Any]) -> tuple[Array, npt.NDArray[np.int8], list[int]]:
        """The observation and mask the environment would give the turn's seat, and the index
        in the action space of each of the turn's legal actions, in their order."""
        observation = np.zeros(self.encoding.size, np.float32)
        for place, value in self.encoding.sparse(turn["view"], turn["seat"]).items():
            observation[place] = value
        legal = [self.game.parse_action(text) for text in turn["legal_actions"]]
        indices = self.game.action_space.indices(legal)
        mask = np.zeros(self.game.action_space.size, np.int8)
        mask[indices] = 1
        return observation, mask, indices

    def __call__(self, turn: dict[str, Any]) -> str:
        if turn["view"].get("game") != self.game.id:
            return str(turn["legal_actions"][0])  # a match of another game: not trained for it
        observation, mask, indices = self.observe(turn)
        chosen = self.policy.best(observation, mask)
        return str(turn["legal_actions"][indices.index(chosen)])


def win_rate(game_id: str, policy: Policy, games: int, seed: int) -> float:
    """The policy (its most likely legal move) against uniformly random moves, seats
    alternating; a draw counts half."""
    from cyberdeck.envs.pettingzoo import env

    table = env(game_id)
    rng = np.random.default_rng(seed)
    score = 0.0
    for number in range(games):
        table.reset(seed=seed + number)
        learner = table.possible_agents[number % len(table.possible_agents)]
        returned = 0.0
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                returned = float(reward) if agent == learner else returned
                table.step(None)
                continue
            mask = observation["action_mask"]
            if agent == learner:
                table.step(policy.best(observation["observation"], mask))
            else:
                table.step(int(rng.choice(np.flatnonzero(mask))))
        score += 1.0 if returned > 0 else 0.5 if returned == 0 else 0.0
    return score / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--game", default="cypher")
    parser.add_argument("--games", type=int, default=None, help="stop after this many matches")
    parser.add_argument("--transport", choices=("websocket", "http"), default="websocket")
    parser.add_argument("--policy", type=Path, help="play this policy file instead of training")
    parser.add_argument("--save", type=Path, help="keep the trained policy in this file")
    parser.add_argument("--train-games", type=int, default=500)
    parser.add_argument("--eval", type=int, default=200, help="games against random after")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.policy is not None:
        policy = Policy.load(args.policy)
    else:
        policy = train(args.game, args.train_games, args.seed)
        rate = win_rate(args.game, policy, args.eval, 10_000) if args.eval else float("nan")
        print(f"trained on {args.train_games} games; against random: {rate:.1%}", flush=True)
        if args.save is not None:
            policy.save(args.save)
    bot = PolicyBot(args.game, policy)
    plays = play_socket if args.transport == "websocket" else play
    plays(args.server, args.token, bot, args.games, lambda line: print(line, flush=True))


if __name__ == "__main__":
    main()

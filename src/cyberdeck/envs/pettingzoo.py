"""Every game as a PettingZoo AEC environment, shaped like PettingZoo's classic card games.

``env("cipher-run", render_mode="ansi", **options)``: agents ``player_0``.. in seat order, each
observation ``{"observation": float32 vector, "action_mask": int8 vector}`` over the game's fixed
action space, rewards (the outcome's returns) when the game ends. Only the seat to move has a
non-zero mask; every observation is computed from that agent's view.

Seeding: ``reset(seed=S)`` deals game S; a later ``reset()`` without a seed deals the next game
from a generator seeded by S, so a seeded run of many games is reproducible.

No PettingZoo wrappers: the environment makes their checks itself (a clear sentence for a step,
an observation or a render before ``reset``, and for an action number outside the space), so a
step does not pass through two layers of ``__getattr__`` (a fifth of a step in leduc, profiled).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import PLAIN, IllegalAction, Rng, State, load_game
from .observe import HIGH, Observation

ObsDict = dict[str, npt.NDArray[Any]]


def env(game_id: str, render_mode: str | None = None, **options: Any) -> raw_env:
    """The AEC environment of one game (it makes the wrappers' checks itself: see above)."""
    return raw_env(game_id, render_mode=render_mode, **options)


class raw_env(AECEnv):  # type: ignore[misc]
    """The environment (PettingZoo's name for one that needs no wrapper around it)."""

    agent_selection: str
    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo's own)
        "render_modes": ["ansi"],
        "name": "cyberdeck_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game_id: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        game = load_game(game_id)
        self.game = game
        self.obs = Observation(game, options)
        self.options = self.obs.options
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}.")
        self.render_mode = render_mode
        self.metadata = {**raw_env.metadata, "name": f"cyberdeck_{game.id.replace('-', '_')}_v0"}
        seats = game.new_state(self.options, 0).num_players
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        size = game.action_space.size
        space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, HIGH, (self.obs.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._deals = Rng(0)
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._deals = Rng(seed)
            deal = seed
        else:
            deal = self._deals.next64() >> 1
        self.state = self.game.new_state(self.options, deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> ObsDict:
        state = self._live()
        seat = self._seats[agent]
        return {
            "observation": self.obs.array(state, seat),
            "action_mask": self.obs.mask(state, seat),
        }

    def step(self, action: int | None) -> None:
        state = self._live()
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction("A move is needed: pass an action number (see the action_mask).")
        acting = self.agent_selection
        # IllegalAction, state untouched, if the mask did not allow it; else the lean path.
        self.obs.step(state, int(action))
        self._cumulative_rewards[acting] = 0.0
        outcome = state.outcome
        if outcome is None:
            # Mid-game nobody is rewarded and nobody is done, so PettingZoo's bookkeeping (adding
            # the zero rewards, looking for finished agents) would change nothing: skipped.
            seat = state.current_player
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            return
        self.rewards = dict(zip(self.possible_agents, outcome.returns, strict=True))
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: {"reason": outcome.reason} for a in self.agents}
        self._select()
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render(self._live().view(None), PLAIN)

    def close(self) -> None:
        self.state = None

    def _select(self) -> None:
        seat = self._live().current_player
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self.state

"""Every game as a single-agent Gymnasium environment: the learner holds one seat, built-in agents
hold the others: ``random`` unless ``opponent`` names another agent spec (``greedy``, ``normal``,
``expert``, ``policy:PATH``, ...). Random is the default because it costs next to nothing a step:
a search opponent would make every learner step a search. Several specs, separated by commas
(``greedy,policy:PATH``), make a pool: each game's other seats are played by one of them, drawn
at random when the game is dealt.

``import cyberdeck.envs.gymnasium`` registers ``cyberdeck/<Game>-v0`` for every game
(``cyberdeck/MatrixOverload-v0``, ``cyberdeck/CipherRun-v0``, ...); or name the module in the id,
``gymnasium.make("cyberdeck.envs.gymnasium:cyberdeck/CipherRun-v0", opponent="greedy")``.

The observation is the game's encoding of the learner's view (a float32 vector); the legal moves
are ``env.action_masks()`` (the method sb3-contrib's maskable algorithms call) and
``info["action_mask"]``. The reward is the learner's return when the game ends, 0 before. An
illegal action changes nothing: the step returns the same observation, ``illegal_reward`` (0 by
default) and the reason in ``info["illegal"]``, so unmasked learners and Gymnasium's own checker can
send any action.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..agents import make_agent
from ..engine import PLAIN, Agent, BadOption, Game, IllegalAction, State, games, load_game
from .observe import HIGH, Observation

Obs = npt.NDArray[np.float32]


class SeatEnv(gymnasium.Env[Obs, int]):
    """One game from one seat, the other seats played by ``opponent`` agents."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012  (Gymnasium's own)

    def __init__(
        self,
        game_id: str,
        opponent: str = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        illegal_reward: float = 0.0,
        **options: Any,
    ) -> None:
        self.game = load_game(game_id)
        self.obs = Observation(self.game, options)
        players = self.game.new_state(self.obs.options, 0).num_players
        if seat is not None and not 0 <= seat < players:
            raise BadOption(f"The learner's seat must be from 0 to {players - 1}.")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOption(f"render_mode must be one of {self.metadata['render_modes']}.")
        # A bad spec fails here, with the agents' own sentence.
        self.opponent = ",".join(pool(opponent, self.game, players=players))
        self.render_mode = render_mode
        self.players = players
        self.fixed_seat = seat
        self.illegal_reward = illegal_reward
        self.seat = seat or 0
        self.observation_space = spaces.Box(0.0, HIGH, (self.obs.size,), np.float32)
        self.action_space = spaces.Discrete(self.game.action_space.size)  # type: ignore[assignment]
        self.state: State | None = None
        #: Moves made in the current game, by every seat (the learner's and the opponents').
        self.decisions = 0
        self._agents: list[Agent | None] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(1 << 62))
        self.seat = (
            self.fixed_seat
            if self.fixed_seat is not None
            else int(self.np_random.integers(self.players))
        )
        self.state = self.game.new_state(self.obs.options, deal)
        self.decisions = 0
        specs = self.opponent.split(",")
        # One spec draws nothing, so a run with one opponent deals as it always has.
        spec = specs[int(self.np_random.integers(len(specs)))] if len(specs) > 1 else specs[0]
        self._agents = [
            None if s == self.seat else make_agent(spec, deal * 7 + s, self.game)
            for s in range(self.players)
        ]
        self._others_move()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        state = self._live()
        if state.is_terminal:
            raise IllegalAction("The game is over; call reset() to deal the next one.")
        try:
            self.obs.step(state, int(action))  # by the lean path once known to be legal
        except IllegalAction as err:
            info = self._info()
            info["illegal"] = str(err)
            return self._observe(), self.illegal_reward, False, False, info
        self.decisions += 1
        self._others_move()
        outcome = state.outcome
        reward = float(outcome.returns[self.seat]) if outcome is not None else 0.0
        return self._observe(), reward, outcome is not None, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        # The 0/1 bytes of a fresh mask read as booleans without a copy.
        return self.obs.mask(self._live(), self.seat).view(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.game.render(self._live().view(self.seat), PLAIN)

    def _others_move(self) -> None:
        state = self._live()
        while not state.is_terminal and state.current_player != self.seat:
            seat = state.current_player
            assert seat is not None
            agent = self._agents[seat]
            assert agent is not None
            # A built-in opponent moves from the legal list: the lean path.
            state.advance(agent.choose(state))
            self.decisions += 1

    def _observe(self) -> Obs:
        return self.obs.array(self._live(), self.seat)

    def _info(self) -> dict[str, Any]:
        state = self._live()
        info: dict[str, Any] = {"action_mask": self.obs.mask(state, self.seat), "seat": self.seat}
        if state.outcome is not None:
            info["reason"] = state.outcome.reason
        return info

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("Call reset() before using the environment.")
        return self.state


def pool(
    opponent: str, game: Game, known: tuple[str, ...] = (), players: int | None = None
) -> list[str]:
    """The agent specs of an opponent pool (``greedy,policy:PATH``), each checked (for a table
    of ``players``, where given) but those the caller stands for itself (``known``: training's
    ``self``)."""
    specs = [spec.strip() for spec in opponent.split(",")]
    if not all(specs):
        raise BadOption(f"'{opponent}': name an agent between every two commas.")
    for spec in specs:
        if spec not in known:
            make_agent(spec, 0, game, players=players)
    return specs


def env_id(game_id: str) -> str:
    """``cipher-run`` -> ``cyberdeck/CipherRun-v0``."""
    return "cyberdeck/" + "".join(part.capitalize() for part in game_id.split("-")) + "-v0"


def register() -> None:
    for game in games():
        name = env_id(game.id)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:SeatEnv", kwargs={"game_id": game.id})


register()

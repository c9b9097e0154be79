"""Every game as an OpenSpiel Python game, so OpenSpiel's algorithms and bots can play it.

``import cyberdeck.envs.openspiel`` registers ``python_cyberdeck_<game>`` (dashes as underscores)
for every registered game; ``pyspiel.load_game("python_cyberdeck_cipher_run")`` then works, with
the game's options as OpenSpiel parameters (``python_cyberdeck_cypher(players=3)``).

Chance: our engines shuffle with the state's own seeded generator, so the adapter's one chance
node is the deal itself: it picks the seed (one of ``deals`` equally likely ones, a parameter),
which fixes the deal and every later shuffle. After it, every node is a decision. Replaying an
OpenSpiel history (the seed, then the moves) rebuilds the game exactly, which is what OpenSpiel's
history-based serialisation needs.

Information: an observation (string and tensor) is computed from the seat's view alone; the
information state is the same view. A view holds everything the rules let a seat remember (played
and discarded cards, cards it has seen), but it is not a perfect-recall history of observations,
so tabular methods that assume perfect recall treat it as an abstraction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ..agents import register_agent
from ..engine import PLAIN, Action, BadOption, Game, Rng, State, games, load_game
from .observe import Observation

#: How many equally likely deals the chance node offers by default.
DEALS = 1 << 16
#: The fewest simulations a move OpenSpiel's ``ISMCTSBot`` can play with (see ``ismcts_agent``).
MIN_SIMULATIONS = 2
#: An upper bound on decisions in one game (the longest random CCG game is a few thousand).
MAX_GAME_LENGTH = 20_000


def short_name(game: Game) -> str:
    return "python_cyberdeck_" + game.id.replace("-", "_")


def _parameter(value: Any) -> Any:
    """OpenSpiel parameters are bools, ints, floats or strings; any other option goes as text."""
    return value if isinstance(value, bool | int | float | str) else str(value)


class CyberdeckGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games, with one set of options, as OpenSpiel sees it."""

    def __init__(self, game: Game, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        deals = int(given.pop("deals", DEALS))
        options = game.resolve_options(given)
        players = game.new_state(options, 0).num_players
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space.size,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(game, players), info, params or {})
        self.engine_game = game
        self.options = options
        self.deals = deals
        self._observation: Observation | None = None

    @property
    def observation(self) -> Observation:
        """The game's encoding, built when first asked for (search needs only the texts)."""
        if self._observation is None:
            self._observation = Observation(self.engine_game, self.options)
        return self._observation

    def new_initial_state(self) -> CyberdeckState:
        return CyberdeckState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"Observation parameters are not supported; given {params}.")
        return ViewObserver(self.observation)


class CyberdeckState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around one of our states (``None`` until the deal is chosen)."""

    def __init__(self, game: CyberdeckGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying its attributes: the game is shared
        # (``_Shared``) and the engine state copies itself with its hand-written ``clone``.
        self._shared = _Shared(game)
        self.inner: State | None = None
        self._samples = 0

    @property
    def _spiel(self) -> CyberdeckGame:
        return self._shared.game

    def current_player(self) -> int:
        inner = self.inner
        if inner is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = inner.current_player
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.inner is not None
        return self._spiel.observation.sorted_legal_indices(self.inner)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._spiel.deals
        return [(seed, p) for seed in range(self._spiel.deals)]

    def _apply_action(self, action: int) -> None:
        spiel = self._spiel
        if self.inner is None:
            self.inner = spiel.engine_game.new_state(spiel.options, int(action))
        else:
            # OpenSpiel checks no legality itself; ``step`` does, by index, then takes the lean path.
            spiel.observation.step(self.inner, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._spiel.engine_game.action_space.action(int(action)).text

    def is_terminal(self) -> bool:
        return self.inner is not None and self.inner.is_terminal

    def returns(self) -> list[float]:
        inner = self.inner
        if inner is None or inner.outcome is None:
            return [0.0] * self._spiel.num_players()
        return list(inner.outcome.returns)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's own method, answered in Python for Python callers: the same list of floats
        its C++ path makes (through ``ViewObserver``, which C++ callers still use), without
        copying every slice into C++ and every number back into a new Python float."""
        seat = self.current_player() if player is None else player
        inner = self.inner
        if inner is None or not 0 <= seat < self._spiel.num_players():
            # The deal (all 0) and OpenSpiel's own refusals of a pseudo-player stay OpenSpiel's.
            return pyspiel.State.observation_tensor(self, seat)  # type: ignore[no-any-return]
        return self._spiel.observation.tensor(inner, seat)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information state is the same view (see the module's docstring): the same tensor."""
        seat = self.current_player() if player is None else player
        inner = self.inner
        if inner is None or not 0 <= seat < self._spiel.num_players():
            return pyspiel.State.information_state_tensor(self, seat)  # type: ignore[no-any-return]
        return self._spiel.observation.tensor(inner, seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> Any:
        """A world consistent with what ``player_id`` sees (``State.determinize``).

        OpenSpiel's sampler cannot be called from Python, so the world is drawn with a generator
        seeded from the seat's view and a count of the worlds drawn here: deterministic, and a
        function of what the seat knows only. The world's OpenSpiel history is the real one: it
        is a sample for search, not a game to serialise.
        """
        assert self.inner is not None
        self._samples += 1
        key = f"{self._spiel.observation.text(self.inner, player_id)}#{self._samples}"
        seed = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "little")
        return self.resampled(player_id, Rng(seed))

    def resampled(self, player_id: int, rng: Rng) -> CyberdeckState:
        assert self.inner is not None
        world: CyberdeckState = self.clone()
        world.inner = self.inner.determinize(player_id, rng)
        return world

    def __str__(self) -> str:
        if self.inner is None:
            return "(the deal)"
        return self._spiel.engine_game.render(self.inner.view(None), PLAIN)


class _Shared:
    """A reference that deep copies keep as it is."""

    __slots__ = ("game",)

    def __init__(self, game: CyberdeckGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        # OpenSpiel serialises a Python state by pickling its attributes: the game goes as its
        # name and parameters and is loaded again on the other side.
        game = self.game
        return (_shared_game, (short_name(game.engine_game), game.get_parameters()))


def _shared_game(name: str, params: dict[str, Any]) -> _Shared:
    return _Shared(pyspiel.load_game(name, params))


class ViewObserver:
    """OpenSpiel's observer interface over a game's encoding and its view as text."""

    def __init__(self, observation: Observation) -> None:
        self._observation = observation
        self.tensor = np.zeros(observation.size, np.float32)
        self.dict = {
            name: self.tensor[start:end] for start, end, name, _ in observation.layout.describe()
        }

    def set_from(self, state: CyberdeckState, player: int) -> None:
        if state.inner is None:
            self.tensor.fill(0.0)
        else:
            self._observation.fill(self.tensor, state.inner, player)

    def string_from(self, state: CyberdeckState, player: int) -> str:
        if state.inner is None:
            return "(the deal)"
        return self._observation.text(state.inner, player)


class IsmctsBotAgent:
    """OpenSpiel's ``ISMCTSBot`` seated at our tables: an outside opponent for our own AI.

    It searches the worlds ``State.determinize`` samples for its seat (OpenSpiel's resampling
    hook), keys its tree by the seat's view, and scores leaves with one random playout
    (``RandomRolloutEvaluator``), as OpenSpiel's examples do. Seeded: the same position, seed and
    budget give the same move.
    """

    def __init__(self, simulations: int, seed: int = 0, uct_c: float = 2.0) -> None:
        self.name = f"spiel-ismcts:{simulations}"
        self._simulations = simulations
        self._uct_c = uct_c
        self._random = np.random.RandomState(seed % (1 << 32))
        self._worlds = Rng(seed ^ 0x15C7)
        self._bots: dict[tuple[str, int], tuple[CyberdeckGame, Any]] = {}

    def choose(self, state: State) -> Action:
        game, bot = self._bot_for(state)
        root = game.new_initial_state()
        root.inner = state
        return game.engine_game.action_space.action(int(bot.step(root)))

    def _bot_for(self, state: State) -> tuple[CyberdeckGame, Any]:
        key = (state.game.id, state.num_players)
        if key not in self._bots:
            game = _spiel_game(state.game, state.num_players)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self._random)
            bot = ismcts.ISMCTSBot(
                game, evaluator, self._uct_c, self._simulations, random_state=self._random
            )
            bot.set_resampler(lambda world, seat: world.resampled(seat, self._worlds.fork()))
            self._bots[key] = (game, bot)
        return self._bots[key]


def _spiel_game(game: Game, players: int) -> CyberdeckGame:
    """The OpenSpiel game for a table of ``players`` (the first configuration that seats them)."""
    for options in game.configurations():
        if game.new_state(options, 0).num_players == players:
            register(game)
            loaded: CyberdeckGame = pyspiel.load_game(
                short_name(game), {k: _parameter(v) for k, v in options.items()}
            )
            return loaded
    raise BadOption(f"{game.title} has no configuration for {players} players.")


def ismcts_agent(arg: str, seed: int, game: Game | None) -> IsmctsBotAgent:
    """``spiel-ismcts:N``: OpenSpiel's IS-MCTS bot with N simulations a move (default 100)."""
    try:
        simulations = int(arg) if arg else 100
    except ValueError:
        simulations = 0
    if simulations < 1:
        raise BadOption(
            f"'spiel-ismcts:{arg}' needs a number of simulations, e.g. spiel-ismcts:50."
        )
    if simulations < MIN_SIMULATIONS:
        # OpenSpiel's bot spends its first simulation expanding the root and then asserts that
        # the root was visited, so one simulation fails on the first move with a choice.
        raise BadOption(
            f"'spiel-ismcts:{arg}' needs at least {MIN_SIMULATIONS} simulations: OpenSpiel's "
            "IS-MCTS spends the first on opening its search tree."
        )
    return IsmctsBotAgent(simulations, seed)


def _game_type(game: Game, players: int) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"cyberdeck {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM
        if players == 2
        else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "deals": DEALS,
            **{o.name: _parameter(o.default) for o in game.options},
        },
    )


def register(game: Game) -> None:
    """Make ``pyspiel.load_game(short_name(game))`` build this game (idempotent).

    The factory OpenSpiel keeps is a class of its own per game, as OpenSpiel's Python games do:
    OpenSpiel releases its factories after the interpreter has stopped, and only a class (kept
    alive by its own reference cycles) is not freed then.
    """
    name = short_name(game)
    if name in pyspiel.registered_names():
        return
    players = game.new_state(None, 0).num_players

    def init(self: CyberdeckGame, params: Mapping[str, Any] | None = None) -> None:
        CyberdeckGame.__init__(self, game, params)

    factory = type(name, (CyberdeckGame,), {"__init__": init})
    _FACTORIES[name] = factory
    pyspiel.register_game(_game_type(game, players), factory)


_FACTORIES: dict[str, type[CyberdeckGame]] = {}


def load(game_id: str, **options: Any) -> Any:
    """``pyspiel.load_game`` for one of our games by its id, options as keyword arguments."""
    game = load_game(game_id)
    register(game)
    return pyspiel.load_game(short_name(game), {k: _parameter(v) for k, v in options.items()})


for _game in games():
    register(_game)
register_agent("spiel-ismcts", ismcts_agent)

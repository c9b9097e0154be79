"""Agents by name, and the difficulty levels players choose from.

``easy``: greedy with a third of its moves at random. ``normal`` (the default opponent) and
``hard``: IS-MCTS guided by the game's evaluation (priors, a pool of 16 sampled worlds, the tree
kept between one seat's consecutive decisions), 100 iterations capped at 0.8 s a move so the answer
comes within a second, and 200 iterations capped at 5 s whose leaves, where the turn has passed, are
scored after two epsilon-greedy playout moves (the other side's answer and one's own reply);
docs/strength.md has their measured strength. A game may play a level its own way: a level named
in ``Game.agents()`` comes from the game (MATR1X's ``normal`` and ``hard`` solve sampled deck
orders, which IS-MCTS over a 60-placement solitaire cannot approach), and a game may give a level
its own budget (``Game.budgets``: the CCG's ``hard`` thinks 800 iterations and plays no playout
moves, since one of its turns is dozens of decisions; Cypher's thinks 800 and plays 50 out;
Hack-Me's ``normal`` thinks 25, as its evaluation's priors find in 25 what 800 find).
``expert``: the game's shipped learned policy and value guiding IS-MCTS (``agents/expert.py``), 200
iterations capped at 5 s (Cypher's and Cipher Run's: 800); an extra level, where a game ships a policy
(``agents/policies/``; Cypher ships one for each table size, since its observation has a place for
every seat). A game may guide a search of its own instead (``Game.guided``: MATR1X's hindsight
player searches the placements its policy finds likely).
Specs: ``random``, ``greedy``, ``ismcts``, ``ismcts:N`` (N iterations), ``ismcts:Ns`` (N seconds),
``pimc:WORLDS:DEPTH`` (sampled worlds, each searched to a depth with alpha-beta),
``policy:PATH`` (an exported policy file, its most likely move), ``expert:PATH`` (the expert
search guided by that file), a policy an operator registered by name (``register_policy``), a level, a
game's own agent (``Game.agents()``, e.g. MATR1X's one-look ``fair`` player), or an outside agent: one
registered with ``register_agent`` or through the ``cyberdeck.agents`` entry-point group (OpenSpiel's
IS-MCTS bot, ``spiel-ismcts:N``, comes from ``cyberdeck.envs.openspiel`` that way), so that this
package never imports the optional research frameworks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib.metadata import entry_points

from ..engine import Agent, BadOption, Budget, Game
from .expert import ExpertAgent
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .pimc import PimcAgent
from .policy import REGISTERED, PolicyAgent, fitting, read_policy, shipped_policies
from .random import RandomAgent

LEVELS = ("easy", "normal", "hard", "expert")
DEFAULT_LEVEL = "normal"
#: The search levels' generic budgets; a game may name its own (``Game.budgets``).
BUDGETS = {
    "normal": Budget(100, 0.8),
    "hard": Budget(200, 5.0, rollout_depth=2, rollout_epsilon=0.1),
    "expert": Budget(200, 5.0),
}

#: An outside agent's factory: the spec's text after the name's colon, a seed, the game.
AgentFactory = Callable[[str, int, Game | None], Agent]
_OUTSIDE: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    _OUTSIDE[name] = factory


def _outside(name: str) -> AgentFactory | None:
    if name not in _OUTSIDE:
        for entry in entry_points(group="cyberdeck.agents", name=name):
            try:
                _OUTSIDE[name] = entry.load()
            except ImportError as err:
                raise BadOption(
                    f"The agent '{name}' needs an optional extra that is not installed ({err})."
                ) from None
    return _OUTSIDE.get(name)


def spec_text(spec: str) -> str:
    """A spec as the lab labels it: the agent's name in lower case, a path after it as written
    (``policy:Runs/P.npz`` names a file on a case-sensitive disk)."""
    name, sep, arg = spec.strip().partition(":")
    return name.lower() + sep + arg


def make_agent(
    spec: str,
    seed: int = 0,
    game: Game | None = None,
    budgets: Mapping[str, Budget] | None = None,
    players: int | None = None,
) -> Agent:
    """The agent a spec names. ``budgets``: a search level's budget to play it at instead of its
    own (a level being tuned, as ``bench/head_to_head.py --budget`` tries one). ``players``: the
    table it will sit at, where known: a learned policy for another table size is refused here,
    in a sentence, rather than at its first move."""
    name, colon, arg = spec.strip().lower().partition(":")
    # Levels are named budgets: nothing follows their colon (``expert`` takes a policy file).
    if arg and name != "expert" and (name in ("random", "greedy", "easy") or name in BUDGETS):
        raise BadOption(f"'{spec}': the agent {name} takes no budget after a colon.")
    if game is not None and name in game.agents():
        return game.agents()[name](seed)
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "easy":
        agent = GreedyAgent(seed, noise=1 / 3)
        agent.name = "easy"
        return agent
    path = spec_text(spec).partition(":")[2]  # as written: a file's name keeps its case
    if name == "expert":
        if colon and not path:
            raise BadOption(
                "Name the policy file: expert:PATH, e.g. expert:runs/cypher/policy.npz, or write "
                "expert for the game's own."
            )
        return expert(path, seed, game, budgets, players)
    if name == "policy":
        if not path:
            raise BadOption(
                "Name the policy file: policy:PATH, e.g. policy:runs/cypher/policy.npz."
            )
        read_policy(path).check(game, players)
        return PolicyAgent(path, seed)
    if name in REGISTERED and not arg:
        read_policy(REGISTERED[name]).check(game, players)
        return PolicyAgent(REGISTERED[name], seed, name=name)
    if name in BUDGETS:
        budget = level_budget(name, game, budgets)
        return IsmctsAgent(
            budget.iterations, budget.seconds, seed, name=name, prior_weight=1.0, worlds=16,
            reuse=True, rollout_depth=budget.rollout_depth, rollout_epsilon=budget.rollout_epsilon,
        )  # fmt: skip
    if name == "pimc":
        try:
            parts = [int(p) for p in arg.split(":")] if arg else []
        except ValueError:
            parts = []
            arg = "bad"
        if len(parts) <= 2 and (parts or not arg) and all(p >= 1 for p in parts):
            worlds, depth = (parts + [8, 2][len(parts) :])[:2]
            return PimcAgent(worlds, depth, seed, name=spec.strip().lower())
        raise BadOption(
            f"'{spec}' is not a PIMC budget: write pimc:WORLDS:DEPTH (each at least 1), e.g. pimc:8:2."
        )
    if name == "ismcts":
        if not arg:
            return IsmctsAgent(1000, None, seed)
        try:
            if arg.endswith("s") and float(arg[:-1]) > 0:
                return IsmctsAgent(None, float(arg[:-1]), seed, name=f"ismcts:{arg}")
            if not arg.endswith("s") and int(arg) >= 1:
                return IsmctsAgent(int(arg), None, seed, name=f"ismcts:{arg}")
        except ValueError:
            pass
        raise BadOption(
            f"'{spec}' is not a budget: write ismcts:500 (iterations, at least 1) or ismcts:2s."
        )
    outside = _outside(name)
    if outside is not None:
        return outside(arg, seed, game)
    known = [
        "random", "greedy", "ismcts", "pimc", "policy:PATH", *LEVELS, *REGISTERED, *(game.agents() if game else {}),
        *_OUTSIDE,
    ]  # fmt: skip
    # A game may play a level its own way (MATR1X's hindsight levels): each name once.
    raise BadOption(f"There is no agent '{spec}'. Agents: {', '.join(dict.fromkeys(known))}.")


def level_budget(
    name: str, game: Game | None, budgets: Mapping[str, Budget] | None = None
) -> Budget:
    """A search level's budget: the one being tried (``budgets``), else the game's own where it
    names one, else the generic one."""
    if budgets and name in budgets:
        return budgets[name]
    return (game.budgets if game else {}).get(name, BUDGETS[name])


def expert(
    path: str,
    seed: int,
    game: Game | None,
    budgets: Mapping[str, Budget] | None = None,
    players: int | None = None,
) -> Agent:
    """``expert`` (the game's shipped policies, one per table size) or ``expert:PATH`` (an
    exported one); one that has no network for a table of ``players`` (where given) is refused."""
    if path:
        nets = [read_policy(path)]
    else:
        nets = [read_policy(p) for p in (shipped_policies(game) if game is not None else [])]
        if not nets:
            title = game.title if game is not None else "this game"
            raise BadOption(f"No learned policy ships for {title}, so it has no expert level.")
    for net in nets:
        net.check(game)
    if players is not None:
        fitting(nets, players)
    name = f"expert:{path}" if path else "expert"
    own = game.guided(nets, seed) if game is not None else None
    if own is not None:
        own.name = name
        return own
    budget = level_budget("expert", game, budgets)
    return ExpertAgent(
        nets, budget.iterations, budget.seconds, seed, name=name, evaluation=budget.evaluation,
        rollout_depth=budget.rollout_depth, rollout_epsilon=budget.rollout_epsilon,
    )  # fmt: skip


def has_expert(game: Game, players: int | None = None) -> bool:
    """Whether ``game`` ships the learned policy its ``expert`` level needs (for a table of
    ``players``, when given)."""
    return any(players in (None, read_policy(path).players) for path in shipped_policies(game))

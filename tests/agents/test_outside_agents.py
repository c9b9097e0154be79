"""Outside agents: registered by name (or through the ``cyberdeck.agents`` entry points), made
from their spec's argument, a seed and the game, and named among the agents when a spec is wrong."""

from __future__ import annotations

from typing import Any

import pytest

from cyberdeck.agents import RandomAgent, levels, make_agent, register_agent
from cyberdeck.engine import BadOption, Game, load_game


def test_a_registered_agent_is_made_from_its_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "_OUTSIDE", {})
    made: list[tuple[str, int, Game | None]] = []

    def factory(arg: str, seed: int, game: Game | None) -> Any:
        made.append((arg, seed, game))
        return RandomAgent(seed)

    register_agent("elsewhere", factory)
    game = load_game("cypher")
    agent = make_agent("elsewhere:fast", 7, game)
    assert isinstance(agent, RandomAgent) and made == [("fast", 7, game)]
    with pytest.raises(BadOption, match=r"Agents: .*elsewhere"):
        make_agent("nobody", 0, game)


def test_an_entry_point_that_cannot_load_says_what_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Broken:
        def load(self) -> Any:
            raise ImportError("No module named 'pyspiel'")

    monkeypatch.setattr(levels, "_OUTSIDE", {})
    monkeypatch.setattr(levels, "entry_points", lambda group, name: [Broken()])
    with pytest.raises(BadOption, match="needs an optional extra that is not installed"):
        make_agent("spiel-ismcts:10", 0, load_game("cypher"))

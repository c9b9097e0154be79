"""The fuzzer finds what breaks the contract, names the seed, and replays it; clean games pass."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import Action, State, load_game
from cyberdeck.engine import registry as registry_module
from cyberdeck.lab.fuzz import run_fuzz
from tests.server.duel import Duel, DuelState


class StuckDuel(DuelState):
    """Asks seat 1 a question with no answer once seat 0 has used two chips."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        used = len(self.played[0]) + len(self.stashed[0])
        return [] if used == 2 and self.to_move == 1 else super().legal_actions()

    def clone(self) -> DuelState:
        twin = super().clone()
        twin.__class__ = type(self)
        return twin


class LeakyDuel(StuckDuel):
    """Plays properly, but every seat's view shows the other hand."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        return DuelState.legal_actions(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        if seat is not None:
            view["their_hand"] = list(self.hands[1 - seat])
        return view


class BrokenDuel(Duel):
    def __init__(self, game_id: str, kind: type[DuelState]) -> None:
        self.id = game_id  # type: ignore[misc]
        self.kind = kind

    def _new_state(self, options: Mapping[str, Any], seed: int, decks: Any) -> State:
        state = super()._new_state(options, seed, decks)
        state.__class__ = self.kind
        return state


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> None:
    for game_id, kind in (("duel-stuck", StuckDuel), ("duel-leaky", LeakyDuel)):
        monkeypatch.setitem(registry_module._GAMES, game_id, BrokenDuel(game_id, kind))
    monkeypatch.setitem(registry_module._GAMES, "duel", Duel())


def test_a_stuck_game_is_reported_with_its_seed_and_step(broken: None) -> None:
    report = run_fuzz(load_game("duel-stuck"), games=5, seed=10, workers=1)
    assert report.games == 5 and len(report.failures) == 5
    failure = report.failures[0]
    assert failure.trial.seed == 10
    assert failure.step == 3  # seat 0, seat 1, seat 0: then seat 1 has no answer
    assert failure.problem == "a live state must offer at least one action"
    assert failure.command("duel-stuck").startswith("cyberdeck fuzz duel-stuck --games 1 --seed 10")


def test_a_leaking_view_is_caught_by_the_deep_checks(broken: None) -> None:
    shallow = run_fuzz(load_game("duel-leaky"), games=3, deep=0.0, workers=1)
    assert shallow.failures == []
    deep = run_fuzz(load_game("duel-leaky"), games=3, deep=1.0, workers=1)
    assert [f.step for f in deep.failures] == [0, 0, 0]
    assert "view shows what it cannot know" in deep.failures[0].problem


def test_an_agent_that_raises_is_a_failure_not_a_crash(
    broken: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cyberdeck.agents.random import RandomAgent

    def explode(self: RandomAgent, state: State) -> Action:
        raise RuntimeError("boom")

    monkeypatch.setattr(RandomAgent, "choose", explode)
    report = run_fuzz(load_game("duel"), games=2, workers=1)
    assert [f.problem for f in report.failures] == ["RuntimeError: boom"] * 2


def test_same_seeds_same_report_on_one_or_two_workers() -> None:
    game = load_game("cypher")
    one = run_fuzz(game, games=12, seed=5, agents=("random", "greedy"), deep=0.2, workers=1)
    two = run_fuzz(game, games=12, seed=5, agents=("random", "greedy"), deep=0.2, workers=2)
    assert one.failures == two.failures == []
    assert (one.games, one.decisions, one.deep_checks) == (
        two.games,
        two.decisions,
        two.deep_checks,
    )


def test_every_configuration_and_seat_takes_its_turn() -> None:
    from cyberdeck.lab.fuzz import trials

    game = load_game("cypher")
    plan = list(trials(game, game.configurations(), ["random", "greedy"], 10, 0))
    assert {json.dumps(t.options, sort_keys=True) for t in plan} == {
        json.dumps(c, sort_keys=True) for c in game.configurations()
    }
    assert {t.agents[0] for t in plan} == {"random", "greedy"}
    assert all(len(t.agents) == t.options["players"] for t in plan)


def test_the_command_prints_failures_and_exits_1(broken: None) -> None:
    runner = CliRunner()
    clean = runner.invoke(app, ["fuzz", "matrix-overload", "--games", "4", "--workers", "1"])
    assert clean.exit_code == 0, clean.output
    assert "4 games" in clean.output and "0 failed" in clean.output
    stuck = runner.invoke(
        app, ["fuzz", "duel-stuck", "--games", "2", "--seed", "7", "--workers", "1"]
    )
    assert stuck.exit_code == 1
    assert "seed 7, step 3: a live state must offer at least one action" in stuck.output
    assert "again: cyberdeck fuzz duel-stuck --games 1 --seed 7" in stuck.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deep", "2"], "--deep is a share of the steps"),
        (["--agents", "wizard"], "wizard"),
        (["--games", "0"], "at least one game"),
    ],
)
def test_bad_options_get_a_sentence(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["fuzz", "cipher-run", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output

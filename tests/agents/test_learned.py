"""The learned players: the policy file, the ``policy:PATH`` agent and the ``expert`` level play
legally and fairly, from a plain array file that never unpickles."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from cyberdeck.agents import LEVELS, make_agent
from cyberdeck.agents.expert import ExpertAgent
from cyberdeck.agents.ismcts import Node
from cyberdeck.agents.policy import (
    PolicyAgent,
    PolicyNet,
    blend,
    read_policy,
    shipped_policies,
    staged,
)
from cyberdeck.engine import BadOption, Game, games, load_game

from .test_agents import GAMES, play_out, positions_with_secrets


def random_policy(
    game: Game, folder: Path, seed: int = 0, width: int = 16, players: int | None = None
) -> Path:
    """An untrained network of the trained ones' shape, saved as a policy file."""
    rng = np.random.default_rng(seed)
    options = game.resolve_options({"players": players} if players else None)
    size = game.observation_encoding(options).size

    def layer(n_in: int, n_out: int) -> tuple[np.ndarray, np.ndarray]:
        w = rng.normal(0, 1 / np.sqrt(n_in), (n_in, n_out)).astype(np.float32)
        return w, rng.normal(0, 0.1, n_out).astype(np.float32)

    layers = {
        "trunk": [layer(size, width)],
        "pi": [layer(width, width), layer(width, game.action_space.size)],
        "v": [layer(width, width), layer(width, 1)],
    }
    path = folder / f"{game.id}-{seed}{f'-{players}p' if players else ''}.npz"
    PolicyNet({"game": game.id, "options": options, "steps": 0}, layers).save(path)
    return path


@pytest.mark.parametrize("game", GAMES)
def test_a_policy_plays_every_game_legally_to_the_end(game: Game, tmp_path: Path):
    path = random_policy(game, tmp_path)
    agent = make_agent(f"policy:{path}", 3, game)
    assert isinstance(agent, PolicyAgent) and agent.name == f"policy:{path}"
    assert play_out(game, [agent] * game.max_players, 4).outcome is not None


@pytest.mark.parametrize("game", [g for g in GAMES if g.values[0].turn_key is not None])
def test_a_staged_policy_changes_networks_as_the_turns_its_game_numbers_go_by(
    game: Game, tmp_path: Path
):
    opening, later = (read_policy(random_policy(game, tmp_path, seed=s)) for s in (1, 2))
    path = tmp_path / "staged.npz"
    staged([opening, later], [2]).save(path)
    whole = read_policy(path)
    state = game.new_state(None, 4)
    turns = []
    while not state.is_terminal and len(turns) < 400:
        seat = state.current_player
        turn = state.view(seat)[game.turn_key]
        turns.append(turn)
        expected = opening if turn < 2 else later
        assert np.array_equal(whole.evaluate(state, seat)[0], expected.evaluate(state, seat)[0])
        state.apply(make_agent(f"policy:{path}", 0, game).choose(state))
    assert turns == sorted(turns) and turns[-1] >= 2, "the turn counts up and passes the stage"


@pytest.mark.parametrize("game", GAMES)
def test_learned_players_do_not_cheat(game: Game, tmp_path: Path):
    """Same view, different hidden cards: the policy and the expert search decide the same."""
    net = read_policy(random_policy(game, tmp_path))
    for state, twin in positions_with_secrets(game, 3):
        assert PolicyAgent(tmp_path / f"{game.id}-0.npz").choose(state) == PolicyAgent(
            tmp_path / f"{game.id}-0.npz"
        ).choose(twin)
        assert ExpertAgent([net], 30, None, 7).choose(state) == ExpertAgent(
            [net], 30, None, 7
        ).choose(twin)


@pytest.mark.parametrize("game", GAMES)
def test_the_expert_plays_legally_and_reproducibly(game: Game, tmp_path: Path):
    net = read_policy(random_policy(game, tmp_path))
    state = game.new_state(None, 2)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    first = ExpertAgent([net], 40, None, 11).choose(state)
    assert first in state.legal_actions()
    assert ExpertAgent([net], 40, None, 11).choose(state) == first


def test_a_policy_plays_only_at_the_table_size_it_was_trained_for(tmp_path: Path):
    """A two-player observation has no place for a third seat: the agents say so in a sentence,
    and the expert searches with the network trained for the table it sits at."""
    game = load_game("cypher")
    two, three = random_policy(game, tmp_path), random_policy(game, tmp_path, players=3)
    state = game.new_state({"players": 3}, 4)
    with pytest.raises(BadOption, match="at a table of 2 players, not 3"):
        PolicyAgent(two).choose(state)
    with pytest.raises(BadOption, match="at a table of 2 players, not 3"):
        make_agent(f"expert:{two}", 0, game).choose(state)
    nets = [read_policy(two), read_policy(three)]
    assert [net.players for net in nets] == [2, 3]
    end = play_out(game, [ExpertAgent(nets, 10, None, s) for s in range(3)], 4, {"players": 3})
    assert end.outcome is not None
    for players in (2, 3, 4):  # the shipped expert sits at every table size
        table = game.new_state({"players": players}, 1)
        assert make_agent("expert", 0, game).choose(table) in table.legal_actions()


def test_a_policy_for_another_table_is_refused_before_anything_is_written(tmp_path: Path):
    """Where the table is known, a policy for another size is refused when it is named: a run,
    a ladder or an environment says so before it makes a folder or plays a move, so the same
    command with the right policy then starts cleanly."""
    from cyberdeck.envs.gymnasium import SeatEnv
    from cyberdeck.lab import imitation, ladder, training

    game = load_game("cypher")
    three = random_policy(game, tmp_path, players=3)
    wrong = "at a table of 3 players, not 2"
    for spec in (f"policy:{three}", f"expert:{three}"):
        with pytest.raises(BadOption, match=wrong):
            make_agent(spec, 0, game, players=2)
    assert make_agent(f"policy:{three}", 0, game, players=3).name
    with pytest.raises(BadOption, match="at a table of 2 or 3 or 4 players, not 5"):
        make_agent("expert", 0, game, players=5)
    folder = tmp_path / "run"
    with pytest.raises(BadOption, match=wrong):
        training.train(game, folder, 64, opponent=f"policy:{three}", eval_games=0)
    with pytest.raises(BadOption, match=wrong):
        training.train(game, folder, 64, judges=(f"policy:{three}",), eval_games=2)
    with pytest.raises(BadOption, match=wrong):
        imitation.record(game, folder, f"policy:{three}", 10)
    with pytest.raises(BadOption, match=wrong):
        ladder.run_ladder(game, ["random", f"policy:{three}"], 2, folder)
    assert not folder.exists()
    with pytest.raises(BadOption, match=wrong):
        SeatEnv("cypher", opponent=f"policy:{three}")


def test_the_sparse_first_layer_equals_the_dense_forward_pass(tmp_path: Path):
    game = load_game("hack-me")
    net = read_policy(random_policy(game, tmp_path, seed=5))
    state = game.new_state(None, 9)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    places, values = net.observation(state, seat)
    dense = np.zeros((1, net.encoding.size), dtype=np.float32)
    dense[0, places] = values
    logits, value = net.evaluate(state, seat)
    expected_logits, expected_values = net.forward(dense)
    assert np.abs(logits - expected_logits[0]).max() < 1e-5
    assert abs(value - float(np.clip(expected_values[0], -1, 1))) < 1e-5


def test_a_blend_answers_as_the_weighted_sum_of_its_policies(tmp_path: Path):
    game = load_game("hack-me")
    a, b = (
        read_policy(random_policy(game, tmp_path, seed=s, width=w)) for s, w in ((1, 16), (2, 8))
    )
    mixed = blend([a, b], [0.25, 0.75])
    assert mixed.layers["trunk"][0][0].shape == (game.observation_encoding({}).size, 24)
    saved = tmp_path / "blend.npz"
    mixed.save(saved)
    mixed = PolicyNet.load(saved)
    state = game.new_state(None, 4)
    for _ in range(40):
        seat = state.current_player
        (la, _), (lb, _), (lm, vm) = (net.evaluate(state, seat) for net in (a, b, mixed))
        assert np.abs(lm - (0.25 * la + 0.75 * lb)).max() < 1e-5
        raw = [
            float(net._head("v", net._trunk(*net.observation(state, seat)))[0]) for net in (a, b)
        ]
        assert abs(vm - float(np.clip(0.25 * raw[0] + 0.75 * raw[1], -1, 1))) < 1e-5
        state.apply(state.legal_actions()[-1])
    assert [part["weight"] for part in mixed.meta["blend"]] == [0.25, 0.75]
    moves_of_a_values_of_b = blend([a, b], [1.0, 0.0], value_weights=[0.0, 1.0])
    state = game.new_state(None, 5)
    seat = state.current_player
    logits, value = moves_of_a_values_of_b.evaluate(state, seat)
    assert np.abs(logits - a.evaluate(state, seat)[0]).max() < 1e-5
    assert abs(value - b.evaluate(state, seat)[1]) < 1e-5


def test_a_blend_of_policies_that_do_not_fit_together_is_refused(tmp_path: Path):
    hack_me = read_policy(random_policy(load_game("hack-me"), tmp_path))
    cypher = read_policy(random_policy(load_game("cypher"), tmp_path))
    with pytest.raises(BadOption, match="Only policies of one game"):
        blend([hack_me, cypher], [0.5, 0.5])
    with pytest.raises(BadOption, match="sum to 1"):
        blend([hack_me, hack_me], [0.5, 0.6])
    with pytest.raises(BadOption, match="sum to 1"):
        blend([hack_me, hack_me], [1.5, -0.5])
    with pytest.raises(BadOption, match="two policies or more"):
        blend([hack_me], [1.0])
    with pytest.raises(BadOption, match="must count for its moves, its value or both"):
        blend([hack_me, hack_me], [1.0, 0.0], value_weights=[1.0, 0.0])
    shallower_heads = {
        "trunk": hack_me.layers["trunk"],
        "pi": hack_me.layers["pi"][-1:],
        "v": hack_me.layers["v"][-1:],
    }
    with pytest.raises(BadOption, match="as many layers"):
        blend([hack_me, PolicyNet(hack_me.meta, shallower_heads)], [0.5, 0.5])


def test_a_blend_of_policies_without_a_trunk_reads_the_observation_in_each_head(tmp_path: Path):
    game = load_game("cypher")
    nets = []
    for seed in (1, 2):
        net = read_policy(random_policy(game, tmp_path, seed=seed))
        heads = {"trunk": [], "pi": net.layers["pi"][-1:], "v": net.layers["v"][-1:]}
        size = net.encoding.size
        heads["pi"] = [(np.ones((size, 1), np.float32) * heads["pi"][0][0][:1], heads["pi"][0][1])]
        heads["v"] = [(np.ones((size, 1), np.float32) * heads["v"][0][0][:1], heads["v"][0][1])]
        nets.append(PolicyNet(net.meta, heads))
    mixed = blend(nets, [0.5, 0.5], value_weights=[0.0, 1.0])
    state = game.new_state(None, 2)
    seat = state.current_player
    (la, _), (lb, vb), (lm, vm) = (net.evaluate(state, seat) for net in (*nets, mixed))
    assert np.abs(lm - 0.5 * (la + lb)).max() < 1e-4
    assert abs(vm - vb) < 1e-5


def test_a_staged_policy_judges_each_position_by_the_network_for_its_turn(tmp_path: Path):
    game = load_game("hack-me")
    opening, middle, late = (read_policy(random_policy(game, tmp_path, seed=s)) for s in (1, 2, 3))
    saved = tmp_path / "staged.npz"
    staged([opening, middle, late], [3, 5]).save(saved)
    whole = read_policy(saved)
    assert [turn for turn, _ in whole.later] == [3, 5] and whole.meta["stages"] == [3, 5]
    state = game.new_state(None, 6)
    seen = set()
    while state.view(0)["turn"] < 7:
        seat = state.current_player
        turn = state.view(seat)["turn"]
        expected = opening if turn < 3 else middle if turn < 5 else late
        logits, value = whole.evaluate(state, seat)
        assert np.array_equal(logits, expected.evaluate(state, seat)[0])
        assert value == expected.value(state, seat) == whole.value(state, seat)
        seen.add(turn)
        state.apply(state.legal_actions()[-1])
    assert seen == set(range(7))
    expert = make_agent(f"expert:{saved}", 0, game)
    assert expert.choose(state) in state.legal_actions()
    assert pickle.loads(pickle.dumps(whole)).later[1][0] == 5
    unsaved = pickle.loads(pickle.dumps(staged([opening, late], [4])))
    assert unsaved.later[0][0] == 4 and unsaved.value(state, 0) == late.value(state, 0)


def test_a_staged_policy_is_refused_in_a_sentence_where_it_cannot_stage(tmp_path: Path):
    hack_me = read_policy(random_policy(load_game("hack-me"), tmp_path))
    cypher = read_policy(random_policy(load_game("cypher"), tmp_path))
    matrix = read_policy(random_policy(load_game("matrix-overload"), tmp_path))
    both = staged([hack_me, hack_me], [10])
    for nets, turns, sentence in (
        ([hack_me], [], "two policies or more"),
        ([hack_me, hack_me], [], "a turn for each but the first"),
        ([hack_me, cypher], [10], "Only policies of one game"),
        ([matrix, matrix], [10], "does not number its turns"),
        ([hack_me, hack_me, hack_me], [10, 10], "each later than the one before"),
        ([hack_me, hack_me], [0], "1 or more"),
        ([hack_me, both], [20], "does not stage again"),
    ):
        with pytest.raises(BadOption, match=sentence):
            staged(nets, turns)
    with pytest.raises(BadOption, match="does not blend"):
        blend([both, hack_me], [0.5, 0.5])
    arrays = both.arrays()
    broken = tmp_path / "no-second-stage.npz"
    np.savez(broken, **{k: v for k, v in arrays.items() if not k.startswith("stage1/")})
    with pytest.raises(BadOption, match=r"\(stage 2\)' is not a policy file"):
        PolicyNet.load(broken)
    meta = json.loads(str(arrays["meta"]))
    forged = tmp_path / "matrix-staged.npz"
    np.savez(forged, **{**matrix.arrays(), **{f"stage1/{k}": v for k, v in matrix.arrays().items()},
                        "meta": np.array(json.dumps({**json.loads(str(matrix.arrays()["meta"])),
                                                     "stages": meta["stages"]}))})  # fmt: skip
    with pytest.raises(BadOption, match="does not number its turns"):
        PolicyNet.load(forged)


def test_a_policy_file_is_plain_arrays_and_anything_else_is_refused(tmp_path: Path):
    game = load_game("cypher")
    path = random_policy(game, tmp_path)
    with np.load(path, allow_pickle=False) as data:
        assert all(data[name].dtype != object for name in data.files)
    net = PolicyNet.load(path)
    assert net.game is game and net.meta["steps"] == 0
    pickled = tmp_path / "evil.npz"
    np.savez(pickled, meta=np.array([{"format": 1}], dtype=object))
    with pytest.raises(BadOption, match="is not a policy file"):
        PolicyNet.load(pickled)
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip")
    with pytest.raises(BadOption, match="is not a policy file"):
        make_agent(f"policy:{junk}", 0, game)
    with pytest.raises(BadOption, match="no policy file"):
        make_agent(f"policy:{tmp_path / 'missing.npz'}", 0, game)
    with pytest.raises(BadOption, match="Name the policy file"):
        make_agent("policy:", 0, game)
    with pytest.raises(BadOption, match="plays Cypher, not"):
        make_agent(f"policy:{path}", 0, load_game("hack-me"))


def test_a_damaged_or_foreign_policy_file_is_refused_in_a_sentence(tmp_path: Path):
    """Whatever lies at ``policy:PATH``, a person reads a sentence, never numpy's or zipfile's
    exception, and never an error in the middle of a game."""
    game = load_game("hack-me")
    good = random_policy(game, tmp_path)
    arrays = dict(np.load(good, allow_pickle=False))
    meta = json.loads(str(arrays["meta"]))
    whole = good.read_bytes()

    def forged(name: str, **changed: np.ndarray) -> Path:
        path = tmp_path / name
        np.savez(path, **{**arrays, **changed})
        return path

    folder = tmp_path / "a-folder.npz"
    folder.mkdir()
    lone = tmp_path / "lone.npz"
    with lone.open("wb") as f:
        np.save(f, np.zeros(3, np.float32))
    (text := tmp_path / "text.npz").write_text("weights\n")
    (cut := tmp_path / "cut.npz").write_bytes(whole[: len(whole) // 2])
    (tail := tmp_path / "tail.npz").write_bytes(whole[:-10])
    bad_meta = json.dumps({**meta, "layers": {"trunk": 0, "pi": 0, "v": 0}})
    cases = {
        folder: "is a folder, not a policy file",
        lone: "a .npz archive of arrays",
        text: "a .npz archive of arrays",
        cut: "is not a policy file, or is damaged",
        tail: "is not a policy file, or is damaged",
        forged("list.npz", meta=np.array("[1, 2]")): "its meta is not a policy's",
        forged("json.npz", meta=np.array("{not json")): "is not a policy file, or is damaged",
        forged("options.npz", meta=np.array(json.dumps({**meta, "options": [1]}))): "its options",
        forged("empty.npz", meta=np.array(bad_meta)): "shapes do not fit",
        forged("inner.npz", **{"pi.0.w": arrays["pi.0.w"][:, :5]}): "shapes do not fit",
        forged("bias.npz", **{"v.1.b": np.zeros(3, np.float32)}): "shapes do not fit",
        forged("flat.npz", **{"trunk.0.w": arrays["trunk.0.w"].ravel()}): "shapes do not fit",
    }
    for path, sentence in cases.items():
        with pytest.raises(BadOption, match=sentence) as refused:
            make_agent(f"policy:{path}", 0, game)
        assert str(path) in str(refused.value)
    with pytest.raises(BadOption, match="never read"):
        PolicyNet.load(forged("objects.npz", meta=np.array([{"format": 1}], dtype=object)))


def test_expert_with_a_colon_and_no_file_is_refused_not_taken_for_the_shipped_expert():
    """A ladder would rate ``expert:`` and ``expert`` as two agents that are one."""
    with pytest.raises(BadOption, match="Name the policy file: expert:PATH"):
        make_agent("expert:", 0, load_game("hack-me"))


def test_learned_players_travel_by_their_path(tmp_path: Path):
    """An AI seat goes to a server's worker process by pickle: the path goes, not the weights."""
    game = load_game("cipher-run")
    path = random_policy(game, tmp_path, width=64)
    state = game.new_state(None, 1)
    for agent in (PolicyAgent(path), make_agent(f"expert:{path}", 3, game)):
        data = pickle.dumps(agent)
        assert len(data) < 2000 < path.stat().st_size
        again = pickle.loads(data)
        assert again.choose(state) == agent.choose(state)


def test_expert_is_a_level_with_a_shipped_policy_or_says_why_not(tmp_path: Path):
    assert "expert" in LEVELS
    for game in games():
        if not shipped_policies(game):
            with pytest.raises(BadOption, match="No learned policy ships"):
                make_agent("expert", 0, game)
        else:
            agent = make_agent("expert", 0, game)
            own = game.guided([read_policy(p) for p in shipped_policies(game)], 0)
            assert type(agent) is (ExpertAgent if own is None else type(own))
            assert agent.name == "expert"
    path = random_policy(load_game("cypher"), tmp_path)
    agent = make_agent(f"expert:{path}", 0, load_game("cypher"))
    assert isinstance(agent, ExpertAgent) and agent.name == f"expert:{path}"


@pytest.mark.parametrize("weight", [0.0, 0.25, 1.0])
def test_a_leaf_mixes_the_networks_value_with_the_evaluation_by_the_budgets_weight(
    weight: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    game = load_game("cipher-run")
    net = read_policy(random_policy(game, tmp_path))
    logits = net.evaluate
    monkeypatch.setattr(
        net, "evaluate", lambda state, seat: (logits(state, seat)[0], 0.2 if seat == 0 else -0.2)
    )
    agent = ExpertAgent([net], 10, None, 3, evaluation=weight, rollout_depth=2)
    judged: list[int] = []

    def rollout(world: object, depth: int, known: object = None) -> list[float]:
        judged.append(depth)
        return [0.6, -0.6]

    monkeypatch.setattr(agent, "rollout", rollout)
    state = game.new_state(None, 5)
    root = Node(None)
    agent.iterate(root, state.clone())
    (child,) = [c for c in root.children.values() if c.visits]
    mixed = (1 - weight) * 0.2 + weight * 0.6
    assert child.total == pytest.approx(mixed if child.player == 0 else -mixed)
    assert len(judged) == (1 if weight else 0)  # the network alone asks no playout


def test_an_unknown_agent_is_refused_with_each_agent_named_once():
    game = load_game("matrix-overload")  # plays normal and hard its own way
    with pytest.raises(BadOption, match="There is no agent 'grandmaster'") as refused:
        make_agent("grandmaster", 0, game)
    names = str(refused.value).partition("Agents: ")[2].rstrip(".").split(", ")
    assert "hard" in names and len(names) == len(set(names))


def test_the_blend_command_writes_a_policy_that_plays_and_refuses_in_a_sentence(tmp_path: Path):
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    game = load_game("cypher")
    a, b = (str(random_policy(game, tmp_path, seed=s)) for s in (1, 2))
    out = tmp_path / "both.npz"
    runner = CliRunner()
    result = runner.invoke(app, ["lab", "blend", a, b, "--weight", "0.7", "--weight", "0.3",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "32 wide" in result.output
    moves_and_value = tmp_path / "moves-of-one-value-of-the-other.npz"
    result = runner.invoke(app, ["lab", "blend", a, b, "--weight", "1", "--weight", "0",
                                 "--value-weight", "0", "--value-weight", "1",
                                 "--out", str(moves_and_value)])  # fmt: skip
    assert result.exit_code == 0 and "(value × 0)" in result.output, result.output
    agent = make_agent(f"policy:{out}", 0, game)
    state = game.new_state(None, 1)
    assert agent.choose(state) in state.legal_actions()
    before = out.read_bytes()
    for argv, sentence in (
        ([a, "--out", str(out)], "two policies or more"),
        ([a, b, "--weight", "0.5", "--out", str(out)], "one weight each"),
        ([a, str(tmp_path / "missing.npz"), "--out", str(out)], "no policy file"),
        ([a, str(out), "--out", str(out)], "write the blend to another file"),
        ([a, b, "--out", str(tmp_path)], "could not be written"),
    ):
        result = runner.invoke(app, ["lab", "blend", *argv])
        assert result.exit_code == 2 and sentence in result.output, result.output
        assert "Traceback" not in result.output
    assert out.read_bytes() == before


def test_a_blend_or_a_stage_never_writes_over_a_file_that_is_not_a_policy(tmp_path: Path):
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    game = load_game("hack-me")
    a, b = (str(random_policy(game, tmp_path, seed=s)) for s in (1, 2))
    notes = tmp_path / "notes.npz"
    notes.write_text("not weights")
    runner = CliRunner()
    for argv in (["blend", a, b], ["stage", a, b, "--from-turn", "3"]):
        result = runner.invoke(app, ["lab", *argv, "--out", str(notes)])
        assert result.exit_code == 2, result.output
        assert "is a file that is not a policy file" in result.output
        assert notes.read_text() == "not weights"
        result = runner.invoke(app, ["lab", *argv, "--out", a])
        assert result.exit_code == 2 and "is one of the policies" in result.output


def test_the_stage_command_writes_a_policy_that_plays_and_refuses_in_a_sentence(tmp_path: Path):
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    game = load_game("hack-me")
    a, b = (str(random_policy(game, tmp_path, seed=s)) for s in (1, 2))
    out = tmp_path / "staged.npz"
    runner = CliRunner()
    result = runner.invoke(app, ["lab", "stage", a, b, "--from-turn", "30", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "hack-me-2.npz from turn 30" in result.output
    state = game.new_state(None, 1)
    assert make_agent(f"policy:{out}", 0, game).choose(state) in state.legal_actions()
    before = out.read_bytes()
    cypher = str(random_policy(load_game("cypher"), tmp_path))
    for argv, sentence in (
        ([a, "--from-turn", "3", "--out", str(out)], "a turn for each but the first"),
        ([a, b, "--from-turn", "0", "--out", str(out)], "1 or more"),
        ([a, cypher, "--from-turn", "3", "--out", str(out)], "Only policies of one game"),
        ([a, str(out), "--from-turn", "3", "--out", str(out)], "write the result to another"),
        ([a, b, "--from-turn", "3", "--out", str(tmp_path)], "could not be written"),
    ):
        result = runner.invoke(app, ["lab", "stage", *argv])
        assert result.exit_code == 2 and sentence in result.output, result.output
        assert "Traceback" not in result.output
    assert out.read_bytes() == before
    # A write that fails halfway (here its part file cannot be made) leaves the file there was.
    (tmp_path / "staged.npz.tmp").mkdir()
    result = runner.invoke(app, ["lab", "stage", a, b, "--from-turn", "3", "--out", str(out)])
    assert result.exit_code == 2 and "could not be written" in result.output, result.output
    assert out.read_bytes() == before

"""Simulations: same seed, same results on any executor; Parquet that replays; a clean Ctrl-C."""

from __future__ import annotations

import json
import os
import signal

import pytest

from cyberdeck import load_game
from cyberdeck.engine import BadDeck, BadOption, Record, games, replay
from cyberdeck.lab.entries import Entry, make_entries
from cyberdeck.lab.executors import batch_size, run_games, signals_stop
from cyberdeck.lab.playing import Planned, Setup, plan_games, play_batch, play_game
from cyberdeck.lab.results import Results
from cyberdeck.lab.simulate import simulate, summarize

CIPHER = load_game("cipher-run")


def untimed(results: Results) -> list[dict]:
    """The games as plain values (Parquet reads lists back as arrays), think time left out."""
    frame = results.games.drop(columns=["seat_think_s"])
    return [{k: v.tolist() if hasattr(v, "tolist") else v for k, v in row.items()}
            for row in frame.to_dict("records")]  # fmt: skip


def test_same_seed_same_games_on_one_worker_and_on_processes():
    entries = make_entries(CIPHER, ["greedy", "random"], ["cold-boot", "redline"])
    one = simulate(CIPHER, entries, 6, seed=4, workers=1)
    two = simulate(CIPHER, entries, 6, seed=4, workers=2)
    assert untimed(one) == untimed(two)
    assert one.cards.equals(two.cards)


def test_dask_local_cluster_plays_the_same_games():
    pytest.importorskip("distributed")
    entries = make_entries(CIPHER, ["random", "random"])
    here = simulate(CIPHER, entries, 4, seed=9, workers=1)
    dask = simulate(CIPHER, entries, 4, seed=9, workers=1, dask="local")
    assert untimed(here) == untimed(dask)
    assert dask.run["executor"] == "dask local"


def test_results_are_parquet_and_every_game_replays(tmp_path):
    entries = make_entries(CIPHER, ["random", "greedy"], ["redline"])
    results = simulate(CIPHER, entries, 4, seed=1, workers=1, out=tmp_path)
    back = Results.load(tmp_path)
    assert untimed(back) == untimed(results)
    assert back.entries == ["random/redline", "greedy"]
    for row in back.games.itertuples():
        record = back.record(row.number)
        assert record.meta["decks"] == list(row.decks)
        assert replay(record).outcome.reason == row.reason
    with pytest.raises(Exception, match="no game 4"):
        back.record(4)
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "games.parquet"
    kinds = duckdb.sql(f"SELECT count(*) FROM '{path}' WHERE len(winners) = 1").fetchall()[0]
    assert kinds == (sum(1 for w in results.games["winners"] if len(w) == 1),)


def test_seats_rotate_so_each_entry_plays_each_seat():
    plan = plan_games(2, 2, 4, 10)
    assert [(p.seed, p.seats) for p in plan] == [(10, (0, 1)), (11, (1, 0)), (12, (0, 1)),
                                                  (13, (1, 0))]  # fmt: skip
    assert [p.seats for p in plan_games(3, 2, 3, 0)] == [(0, 1, 0), (1, 0, 1), (0, 1, 0)]


def test_ctrl_c_keeps_the_games_finished():
    setup = Setup("cipher-run", CIPHER.resolve_options(None), (Entry("random"),))
    seen = []

    def progress(done: int, total: int, elapsed: float) -> None:
        seen.append(done)
        if done == 3:
            raise KeyboardInterrupt

    played = run_games(setup, plan_games(2, 1, 10, 0), workers=1, progress=progress)
    assert played.interrupted and [r["number"] for r in played.rows] == [0, 1, 2]


def test_a_stop_while_waiting_on_workers_is_acted_on_between_waits():
    """While the run waits on its worker processes a stop signal is only noted: raised inside
    ``concurrent.futures``' locking it could leave a lock taken and the shutdown hung."""
    with signals_stop() as stop:
        with stop.holding():
            os.kill(os.getpid(), signal.SIGTERM)  # noted, not raised
            assert stop.asked
        with pytest.raises(KeyboardInterrupt):
            stop.check()
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)  # outside the wait: raised at once


def test_a_halted_batch_gives_up_the_game_in_hand_and_hands_back_the_finished_ones():
    """A worker asked to stop ends its game at the next decision, rather than being killed."""
    setup = Setup("cipher-run", CIPHER.resolve_options(None), (Entry("greedy"),))
    plan = plan_games(2, 1, 3, 0)
    whole = play_batch(setup, plan)
    asked = 0
    decisions = sum(row["decisions"] for row in whole[:2])

    def halted() -> bool:
        nonlocal asked
        asked += 1
        return asked > decisions + 5  # a few decisions into the third game

    rows = play_batch(setup, plan, halted)
    assert [r["number"] for r in rows] == [0, 1]
    assert [r["record"] for r in rows] == [r["record"] for r in whole[:2]]
    assert play_batch(setup, plan, lambda: True) == []


def test_a_stop_signal_the_process_ignores_stays_ignored():
    """Under ``nohup`` SIGHUP is ignored: a run started that way outlives its terminal."""
    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with signals_stop() as stop:
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is stop
            os.kill(os.getpid(), signal.SIGHUP)
        assert not stop.asked
        assert signal.getsignal(signal.SIGTERM) is not stop  # the handlers are given back
    finally:
        signal.signal(signal.SIGHUP, before)


def test_batches_run_long_enough_yet_feed_every_worker():
    assert batch_size(0.001, 10_000, 2) == 100  # 100 games of 1 ms make a 0.1 s task
    assert batch_size(0.001, 40, 2) == 5  # but 8 tasks for 2 workers when there are few games
    assert batch_size(2.0, 100, 2) == 1
    assert batch_size(0.001, 10_000, 2, least=1.0) == 1000  # Dask's tasks last a second


def test_summary_reads_win_rates_first_player_and_lengths():
    entries = make_entries(CIPHER, ["greedy", "random"])
    summary = summarize(simulate(CIPHER, entries, 6, seed=2, workers=1))
    rows = {r["entry"]: r for r in summary["entries"]}
    assert rows["greedy"]["games"] == rows["random"]["games"] == 6
    assert rows["greedy"]["wins"] + rows["random"]["wins"] + summary["draws"]["games"] == 6
    first = summary["first_player"]
    low, high = first["win"]["ci95"]
    assert low <= first["win"]["rate"] <= high
    assert first["advantage"] == pytest.approx(first["win"]["rate"] - 0.5)
    assert summary["turns"]["min"] <= summary["turns"]["median"] <= summary["turns"]["max"]
    first_place = summary["turn_order"][0]
    assert (first_place["games"], first_place["wins"]) == (first["decided_games"], first["wins"])
    assert sum(summary["endings"].values()) == 6


def test_a_solitaire_loss_is_no_draw_and_each_entry_gets_the_same_deals():
    game = load_game("matrix-overload")
    results = simulate(game, make_entries(game, ["random", "fair"]), 6, seed=3, workers=1)
    assert list(results.games["seed"]) == [3, 3, 4, 4, 5, 5]
    summary = summarize(results)
    assert summary["draws"] == {"games": 0} and "first_player" not in summary
    for row in summary["entries"]:
        assert row["draws"] == 0 and row["wins"] + row["losses"] == 3


def test_a_bad_deck_or_agent_is_refused_before_any_game(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("30x 7H\n")
    with pytest.raises(BadDeck) as err:
        make_entries(CIPHER, ["greedy"], [str(bad)])
    assert any("copies of one card" in p for p in err.value.problems)
    with pytest.raises(BadOption, match="no agent 'nobody'"):
        make_entries(CIPHER, ["nobody"])
    with pytest.raises(BadOption, match="not played with decks"):
        make_entries(load_game("hack-me"), ["random"], ["cold-boot"])


def test_lab_commands_as_a_designer_types_them(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    out = tmp_path / "sim"
    result = runner.invoke(app, ["lab", "simulate", "cipher-run", "--seats", "greedy random",
                                 "--decks", "cold-boot,redline", "--games", "4", "--workers", "1",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "greedy/cold-boot" in result.stdout and "first player won" in result.stdout
    cards = runner.invoke(app, ["lab", "cards", "cipher-run", "--results", str(out), "--top", "3",
                                "--json"])  # fmt: skip
    assert cards.exit_code == 0, cards.output
    assert len(json.loads(cards.stdout)) == 3
    shown = runner.invoke(app, ["replay", str(out), "--game", "2", "--plain"])
    assert shown.exit_code == 0 and "Ended:" in shown.stdout
    bad = runner.invoke(app, ["lab", "simulate", "cipher-run", "--seats", "greedy",
                              "--decks", "nowhere.txt", "--games", "2"])  # fmt: skip
    assert bad.exit_code == 2 and "no deck file 'nowhere.txt'" in bad.output
    assert "Traceback" not in bad.output
    tour = runner.invoke(app, ["lab", "tournament", "cipher-run", "--entries",
                               "greedy@cold-boot random@redline", "--games", "2", "--workers",
                               "1", "--out", str(tmp_path / "t")])  # fmt: skip
    assert tour.exit_code == 0, tour.output
    assert "Bradley–Terry" in tour.stdout


def test_a_bad_dask_address_is_a_sentence_before_any_game():
    setup = Setup("cipher-run", CIPHER.resolve_options(None), (Entry("random"),))
    with pytest.raises(BadOption, match="--dask takes 'local' or a scheduler address"):
        run_games(setup, plan_games(2, 1, 2, 0), dask="8786")


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_every_game_plays_in_the_lab_and_its_card_uses_name_real_seats(game_id):
    game = load_game(game_id)
    players = game.min_players
    setup = Setup(game_id, game.resolve_options(None), (Entry("random"),))
    row = play_game(setup, Planned(0, 11, (0,) * players))
    assert row["decisions"] == sum(row["seat_decisions"]) >= 1
    assert all(0 <= seat < players for seat in row["card_seat"])
    assert all(
        d >= 0 and p >= 0 for d, p in zip(row["card_drawn"], row["card_played"], strict=True)
    )
    assert replay(Record.from_json(json.loads(row["record"]))).outcome.reason == row["reason"]


def test_each_place_in_the_turn_order_has_its_win_rate():
    cypher = load_game("cypher")
    entries = make_entries(cypher, ["random", "greedy", "random"])
    results = simulate(cypher, entries, 6, seed=2, options={"players": 3}, workers=1)
    summary = summarize(results)
    assert [p["place"] for p in summary["turn_order"]] == [1, 2, 3]
    assert all(p["games"] == 6 for p in summary["turn_order"])
    assert sum(p["wins"] for p in summary["turn_order"]) == sum(s["wins"] for s in summary["seats"])
    for row in results.games.itertuples():
        assert sorted(row.order) == [0, 1, 2] and list(row.order).index(0) == row.first

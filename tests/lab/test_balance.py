"""The balance search: knobs and their bounds, the two objectives, a seeded search that resumes
to the same trials, the confirmation at full samples, and the command's sentences. A tiny smoke:
a real search takes core-hours (docs/balance.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.engine import BadDeck, BadOption
from cyberdeck.lab.balance import (
    Balance,
    Candidate,
    Knob,
    _sample,
    apply,
    balance,
    cost_of,
    default_knobs,
    miss_of,
    parse_band,
    read_knobs,
)
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.executors import Progress
from cyberdeck.lab.report import report

CIPHER = load_game("cipher-run")
CCG = load_game("cyberpunk-ccg")


def test_a_band_is_two_percentages() -> None:
    assert parse_band("40-60") == (0.4, 0.6)
    assert parse_band("45%-55%") == (0.45, 0.55)
    for bad in ("60-40", "40", "a-b", "40-160"):
        with pytest.raises(BadOption, match="is not a band"):
            parse_band(bad)


def test_bounds_are_read_in_the_edits_words(tmp_path: Path) -> None:
    path = tmp_path / "bounds.txt"
    path.write_text(
        "# knobs\nmax edits: 2\nBeat Cop: sr -2..+3\nncpd: -1..+1 beat-cop  # a deck\n"
        "cold-boot: -0..+2 QC for 7H\n"
    )
    knobs, most = read_knobs(path)
    assert most == 2
    assert knobs == [Knob("Beat Cop", "sr", down=2, up=3), Knob("beat-cop", deck="ncpd"),
                     Knob("QC", deck="cold-boot", down=0, up=2, swap="7H")]  # fmt: skip
    assert knobs[0].change(-2) == ["Beat Cop: sr -2"]
    assert knobs[1].change(1) == ["ncpd: +1 beat-cop"]
    assert knobs[2].change(2) == ["cold-boot: -2 7H", "cold-boot: +2 QC"]
    path.write_text("Beat Cop: sr +2\nncpd: 0..0 beat-cop\nBeat Cop: sr x..+1\n")
    with pytest.raises(BadDeck) as err:
        read_knobs(path)
    assert [p.split(": ", 1)[0] for p in err.value.problems] == [
        f"{path} line 1", f"{path} line 2", f"{path} line 3"]  # fmt: skip
    assert all(p.endswith(".") for p in err.value.problems)
    path.write_text("# nothing\n")
    with pytest.raises(BadOption, match="names no knob"):
        read_knobs(path)


def test_default_knobs_are_the_numbers_of_the_cards_the_decks_hold() -> None:
    entries = make_entries(CCG, ["greedy", "greedy"], ["ncpd", "the-mob"])
    knobs = default_knobs(CCG, entries)
    names = {k.card for k in knobs}
    assert "Beat Cop" in names and "Arasaka" not in names  # Arasaka's deck is not in the search
    cost = next(k for k in knobs if k.card == "Beat Cop" and k.stat == "cost")
    assert cost.down <= cost.up and cost.up >= 1
    # Cipher Run's cards are its rules' and its decks hold exactly 30: one-for-one trades, each
    # legal on its own, are the knobs.
    pair = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    cipher = default_knobs(CIPHER, pair)
    assert cipher and all(k.deck in ("cold-boot", "redline") and k.swap for k in cipher)
    assert Knob("QC", deck="cold-boot", down=0, up=1, swap="7H") in cipher
    apply(CIPHER, pair, cipher, {0: 1, len(cipher) - 1: 1})


def test_a_bound_that_cannot_hold_is_named_before_any_game(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    with pytest.raises(BadDeck, match=r"The bound 'cold-boot: KS copies' at -1: .*exactly 30"):
        balance(CIPHER, entries, (0.4, 0.6), tmp_path / "s", [Knob("KS", deck="cold-boot")],
                trials=1, workers=1)  # fmt: skip
    assert not (tmp_path / "s").exists()


def test_the_objectives_miss_and_cost() -> None:
    band = (0.4, 0.6)
    assert miss_of({"a": 0.5, "b": 0.45}, band) == 0
    assert miss_of({"a": 0.3, "b": 0.7}, band) == pytest.approx(0.2)
    knobs = [Knob("A", "sr", down=5, up=5), Knob("B", "cost", down=1, up=1)]
    assert cost_of(knobs, {}) == 0
    assert cost_of(knobs, {0: 1}) < cost_of(knobs, {0: 5}) < cost_of(knobs, {0: 1, 1: 1})


def test_a_sampled_candidate_stays_in_its_bounds() -> None:
    import optuna

    knobs = [Knob("A", "sr", down=0, up=3), Knob("B", "cost", down=2, up=1)]
    study = optuna.create_study(directions=["minimize", "minimize"],
                                sampler=optuna.samplers.RandomSampler(seed=3))  # fmt: skip
    for _ in range(60):
        trial = study.ask()
        deltas = _sample(trial, knobs, 3)
        assert all(-knobs[i].down <= d <= knobs[i].up for i, d in deltas.items())
        study.tell(trial, [0.0, 0.0])


def test_an_edit_that_breaks_the_set_is_refused_with_sentences() -> None:
    entries = make_entries(CCG, ["greedy", "greedy"], ["ncpd", "the-mob"])
    changes, changed, cards = apply(CCG, entries, [Knob("Beat Cop", "sr", down=1, up=1)], {0: 1})
    assert changes == ["Beat Cop: sr +1"] and cards is not None and changed == entries
    with pytest.raises(BadDeck):
        apply(CCG, entries, [Knob("Beat Cop", "cost", down=99, up=1)], {0: -99})


def test_the_answer_is_the_cheapest_confirmed_in_the_band() -> None:
    rows = [{"entry": "a", "win": 0.5, "games": 10, "ci95": [0.2, 0.8]}]
    cheap_out = Candidate(["x: a +1"], 0.1, 1.2, {}, confirmed=rows)
    dear_in = Candidate(["x: a +1", "y: b -1"], 0.0, 2.5, {}, confirmed=rows)
    screened_only = Candidate([], 0.0, 0.0, {})
    found = Balance((0.4, 0.6), 3, 1.0, [], [cheap_out, dear_in, screened_only])
    assert found.answer is dear_in
    assert found.to_json()["answer"]["changes"] == dear_in.changes


def _search(folder: Path, trials: int, resume: bool = False) -> Balance:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    return balance(CIPHER, entries, (0.4, 0.6), folder, trials=trials, screen_games=2, games=4,
                   confirm=2, seed=5, workers=1, resume=resume)  # fmt: skip


def test_a_seeded_search_resumes_to_the_trials_of_an_unbroken_one(tmp_path: Path) -> None:
    whole = _search(tmp_path / "whole", 4)
    _search(tmp_path / "cut", 2)
    resumed = _search(tmp_path / "cut", 4, resume=True)
    assert whole.trials == resumed.trials == 4
    kept = [json.loads((tmp_path / f / "balance.json").read_text()) for f in ("whole", "cut")]
    assert kept[0]["pareto"] == kept[1]["pareto"]
    assert [c.changes for c in whole.confirmed] == [c.changes for c in resumed.confirmed]
    # The first trial measures the set as it is; confirmed candidates carry intervals.
    assert whole.confirmed and all(len(c.confirmed) == 2 for c in whole.confirmed)
    for row in whole.confirmed[0].confirmed:
        assert row["games"] == 4 and row["ci95"][0] <= row["win"] <= row["ci95"][1]
    first = whole.confirmed[0].trial
    assert (tmp_path / "whole" / f"confirm-{first}" / "games.parquet").is_file()
    if whole.answer is not None:
        assert (tmp_path / "whole" / "changes.txt").read_text().splitlines() == whole.answer.changes
    # The HTML report opens with the search's verdict and keeps every interval.
    page = report(tmp_path / "whole").read_text()
    assert "<h2>Balance search</h2>" in page and "Pareto front" in page
    verdict = "puts every entry in the band" if whole.answer else "found no candidate"
    assert page.index(verdict) < page.index("<h2>Balance search</h2>")
    row = whole.confirmed[0].confirmed[0]
    assert f"{100 * row['ci95'][0]:.1f}% – {100 * row['ci95'][1]:.1f}%" in page


def test_a_search_folder_is_never_reused_and_resumes_only_the_same_search(tmp_path: Path) -> None:
    _search(tmp_path / "s", 1)
    with pytest.raises(BadOption, match="already holds"):
        _search(tmp_path / "s", 1)
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    with pytest.raises(BadOption, match="other settings"):
        balance(CIPHER, entries, (0.3, 0.7), tmp_path / "s", trials=1, screen_games=2, games=4,
                confirm=1, seed=5, workers=1, resume=True)  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--band", "70-30"], "is not a band"),
        (["--budget", "-1"], "positive number of core-hours"),
        (["--trials", "0"], "at least 1"),
        (["--entries", "random@cold-boot"], "at least two entries"),
    ],
)
def test_bad_options_get_a_sentence(tmp_path: Path, args: list[str], message: str) -> None:
    base = ["lab", "balance", "cipher-run", "--entries", "random@cold-boot random@redline",
            "--workers", "1", "--out", str(tmp_path / "out")]  # fmt: skip
    result = CliRunner().invoke(app, base + args)
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_balance_command_prints_the_confirmed_candidates(tmp_path: Path) -> None:
    bounds = tmp_path / "bounds.txt"
    bounds.write_text("cold-boot: -0..+1 QC for 7H\nredline: -1..+1 KH for 4C\n")
    result = CliRunner().invoke(app, [
        "lab", "balance", "cipher-run", "--entries", "random@cold-boot random@redline",
        "--bounds", str(bounds), "--trials", "3", "--screen-games", "2", "--games", "4",
        "--confirm", "1", "--workers", "1", "--out", str(tmp_path / "out"),
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "3 candidates screened at 2 games a pair" in result.output
    assert "random/cold-boot" in result.output and "95% CI" in result.output
    kept = json.loads((tmp_path / "out" / "balance.json").read_text())
    assert kept["settings"]["knobs"] == ["cold-boot: QC for 7H", "redline: KH for 4C"]


def test_a_search_starts_from_a_card_set_file() -> None:
    from cyberdeck.engine.edits import edit_card_set, parse_edit

    shipped = CCG.card_set()
    assert shipped is not None
    planted = edit_card_set(CCG, shipped, [parse_edit("Beat Cop: sr +10")])
    entries = make_entries(CCG, ["greedy", "greedy"], ["ncpd", "the-mob"])
    knobs = default_knobs(CCG, entries, planted)
    sr = next(k for k in knobs if k.card == "Beat Cop" and k.stat == "sr")
    assert (sr.down, sr.up) == (10, 10)  # half of the planted 20, not of the shipped 10
    _, _, cards = apply(CCG, entries, [sr], {0: -10}, planted)
    assert cards is not None
    beat_cop = next(c for c in cards["cards"] if c["slug"] == "beat-cop")
    assert beat_cop["sr"] == 10


def test_a_candidate_asked_again_is_not_played_again(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    ticks: list[float] = []

    def clock() -> float:  # called as each screening starts and ends
        ticks.append(float(len(ticks)))
        return ticks[-1]

    trade = Knob("QC", deck="cold-boot", down=0, up=1, swap="7H")
    found = balance(CIPHER, entries, (0.4, 0.6), tmp_path / "s", [trade], max_edits=1, trials=3,
                    screen_games=2, games=2, confirm=1, seed=1, workers=1, clock=clock)  # fmt: skip
    # Two distinct candidates only (the set as it is, and the trade): each played once, and
    # the asking stops at five asks a trial.
    assert len(ticks) == 2 * 2 and found.trials == 2
    assert len({tuple(c.changes) for c in found.pareto}) == len(found.pareto)


def test_the_budget_stops_the_screening_in_time_for_the_confirmation(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    now = [0.0]

    def clock() -> float:  # every screening takes 600 s of this clock
        now[0] += 600.0
        return now[0]

    # One core, half an hour: a screening (600 s) plus a confirmation at twice its games
    # (1200 s) fit once; a second screening would leave the confirmation no room.
    found = balance(CIPHER, entries, (0.4, 0.6), tmp_path / "s", trials=50, budget_hours=0.5,
                    screen_games=2, games=4, confirm=1, seed=1, workers=1, clock=clock)  # fmt: skip
    assert found.trials == 1 and len(found.confirmed) == 1
    assert found.spent_s == 600.0


def test_a_stopped_confirmation_resumes_to_the_unbroken_result(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])

    def stop(done: int, total: int, elapsed: float) -> None:
        if done >= 2:
            raise KeyboardInterrupt  # as Ctrl-C, SIGTERM or SIGHUP stop a run

    def search(folder: str, confirming: Progress | None = None, resume: bool = False) -> Balance:
        return balance(CIPHER, entries, (0.4, 0.6), tmp_path / folder, trials=2, screen_games=2,
                       games=4, confirm=1, seed=3, workers=1, confirming=confirming,
                       resume=resume)  # fmt: skip

    whole = search("whole")
    cut = search("cut", stop)
    assert cut.interrupted and not cut.confirmed
    assert json.loads((tmp_path / "cut" / "balance.json").read_text())["interrupted"]
    resumed = search("cut", resume=True)
    assert not resumed.interrupted
    assert [c.to_json() for c in resumed.confirmed] == [c.to_json() for c in whole.confirmed]


def test_a_search_stopped_between_trials_resumes_to_the_unbroken_one(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])

    def stop(done: int, total: int, elapsed: float) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    def search(folder: str, progress: Progress | None = None, resume: bool = False) -> Balance:
        return balance(CIPHER, entries, (0.4, 0.6), tmp_path / folder, trials=4, screen_games=2,
                       games=2, confirm=1, seed=7, workers=1, progress=progress,
                       resume=resume)  # fmt: skip

    whole = search("whole")
    cut = search("cut", stop)
    assert cut.interrupted and cut.trials == 2 and not cut.confirmed
    resumed = search("cut", resume=True)
    assert [c.to_json() for c in resumed.pareto] == [c.to_json() for c in whole.pareto]
    assert [c.to_json() for c in resumed.confirmed] == [c.to_json() for c in whole.confirmed]

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
    leans,
    miss_of,
    narrowed,
    outside,
    parse_band,
    propose,
    read_knobs,
    touched_entries,
)
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.executors import Progress
from cyberdeck.lab.report import report
from cyberdeck.lab.results import Results

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
        "--confirm", "3", "--workers", "1", "--out", str(tmp_path / "out"),
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


def test_a_pair_holding_no_edited_card_plays_the_games_it_played_before() -> None:
    """What lets a screening read such pairs back instead of playing them: an edit of a card
    only Arasaka's deck holds leaves a game between N.C.P.D. and The Mob as it was, move for
    move."""
    from cyberdeck.lab.simulate import run_plan
    from cyberdeck.lab.tournament import round_robin

    entries = make_entries(CCG, ["greedy"] * 3, ["ncpd", "the-mob", "arasaka"])
    changes, changed, cards = apply(CCG, entries, [Knob("Console Cowboy", "cost")], {0: 1})
    assert touched_entries(entries, changed, changes, CCG.card_set()) == {2}
    plan = [p for p in round_robin(3, 2, 11) if 2 not in p.seats]
    run = {"command": "balance", "seed": 11, "games": 2}
    before = run_plan(CCG, entries, plan, {}, run, workers=1)
    after = run_plan(CCG, changed, plan, {}, run, workers=1, cards=cards)
    # The records differ only by the card set each carries.
    kept = ["winners", "returns", "turns", "decisions", "reason"]
    assert before.games[kept].to_dict("records") == after.games[kept].to_dict("records")
    moves = [[json.loads(r)["actions"] for r in run.games["record"]] for run in (before, after)]
    assert moves[0] == moves[1]


def test_the_entries_an_edit_touches() -> None:
    entries = make_entries(CCG, ["greedy"] * 3, ["ncpd", "the-mob", "the-nomads"])
    shipped = CCG.card_set()
    ganger = ["Ganger: sr +1"]  # held by The Mob and The Nomads, not by N.C.P.D.
    assert touched_entries(entries, entries, ganger, shipped) == {1, 2}
    assert touched_entries(entries, entries, ["N.C.P.D.: income +1"], shipped) == {0}
    trade = make_entries(CIPHER, ["random"] * 3, ["cold-boot", "redline", "cold-boot"])
    changes, changed, _ = apply(CIPHER, trade, [Knob("QC", deck="redline", up=1, down=0,
                                                     swap=_a_redline_card())], {0: 1})  # fmt: skip
    assert touched_entries(trade, changed, changes, None) == {1}


def _a_redline_card() -> str:
    entry = make_entries(CIPHER, ["random"], ["redline"])[0]
    assert entry.cards is not None
    return next(c for c in entry.cards if c != "QC")


def test_a_screening_replays_only_the_pairs_its_edits_touch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cyberdeck.lab.balance as search

    played: list[int] = []
    real = search.run_plan

    def counting(*args: object, **kwargs: object) -> object:
        played.append(len(args[2]))  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "run_plan", counting)
    entries = make_entries(
        CIPHER, ["random", "random", "greedy"], ["cold-boot", "redline", "cold-boot"]
    )
    trade = Knob("QC", deck="redline", down=0, up=1, swap=_a_redline_card())
    found = balance(CIPHER, entries, (0.4, 0.6), tmp_path / "s", [trade], max_edits=1, trials=2,
                    screen_games=2, games=2, confirm=1, seed=3, workers=1)  # fmt: skip
    # The set as it is plays all three pairs; the trade in redline's deck only its two pairs;
    # the confirmation is played whole.
    assert played[:2] == [6, 4] and played[2] == 6
    labels = {e.label for e in entries}
    assert found.trials == 2 and all(set(c.rates) == labels for c in found.pareto)


def _study_with(rates: dict[str, float], leaning: dict[str, list[list[object]]]) -> object:
    import optuna

    study = optuna.create_study(directions=["minimize", "minimize"])
    study.set_user_attr("leans", leaning)
    study.add_trial(optuna.trial.create_trial(
        params={"edits": 0},
        distributions={"edits": optuna.distributions.IntDistribution(0, 3)},
        values=[miss_of(rates, (0.4, 0.6)), 0.0],
        user_attrs={"rates": rates, "changes": []},
    ))  # fmt: skip
    return study


def test_leads_turn_the_card_the_entries_outside_the_band_lean_on_most() -> None:
    entries = make_entries(CCG, ["greedy"] * 3, ["ncpd", "the-mob", "arasaka"])
    knobs = [Knob("Ganger", "sr", down=10, up=10), Knob("Console Cowboy", "cost", down=2, up=2),
             Knob("Beat Cop", "cost", down=1, up=3)]  # fmt: skip
    rates = {"greedy/ncpd": 0.35, "greedy/the-mob": 0.55, "greedy/arasaka": 0.65}
    # N.C.P.D. (below) would rise with a weaker Ganger its opponents play; Arasaka (above) would
    # fall with a weaker Console Cowboy of its own. Ganger pulls both ways at once: 5 × 0.6 +
    # 5 × 0.2 against Console Cowboy's 5 × 0.7; Beat Cop, in the band's entry, pulls nothing.
    leaning = {
        "greedy/ncpd": [["ganger", -0.6], ["beat-cop", 0.1]],
        "greedy/the-mob": [["beat-cop", -2.0]],
        "greedy/arasaka": [["console-cowboy", 0.7], ["ganger", 0.2]],
    }
    study = _study_with(rates, leaning)
    leads = propose(study, knobs, entries, (0.4, 0.6), 3, CCG.card_set())
    turned = [_sample(optuna_fixed(p), knobs, 3) for p, _ in leads]
    assert turned == [{0: 5}, {0: -5}]  # half the reach each way
    assert all(a["card"] == "ganger" and a["from"] == 0 for _, a in leads)
    assert leads[0][1]["lead"] == "Ganger: sr, for greedy/ncpd at 35%, greedy/arasaka at 65%"
    # Queued, they are not proposed again: the next card is the next lead.
    for params, attrs in leads:
        study.enqueue_trial(params, user_attrs=attrs)  # type: ignore[attr-defined]
    nxt = propose(study, knobs, entries, (0.4, 0.6), 3, CCG.card_set())
    assert [_sample(optuna_fixed(p), knobs, 3) for p, _ in nxt] == [{1: 1}, {1: -1}]
    for params, attrs in nxt:
        study.enqueue_trial(params, user_attrs=attrs)  # type: ignore[attr-defined]
    # Beat Cop: N.C.P.D. leans on it a little (a knob of at least 1 each way).
    last = propose(study, knobs, entries, (0.4, 0.6), 3, CCG.card_set())
    assert [_sample(optuna_fixed(p), knobs, 3) for p, _ in last] == [{2: 2}, {2: -1}]
    for params, attrs in last:
        study.enqueue_trial(params, user_attrs=attrs)  # type: ignore[attr-defined]
    assert propose(study, knobs, entries, (0.4, 0.6), 3, CCG.card_set()) == []
    # In the band, there is nothing to lead.
    calm = _study_with(dict.fromkeys(rates, 0.5), leaning)
    assert propose(calm, knobs, entries, (0.4, 0.6), 3, CCG.card_set()) == []


def test_an_entry_leans_on_the_cards_its_side_plays_more_in_the_games_it_wins() -> None:
    import pandas as pd

    # Two entries, four games: the one that plays more Gangers wins; Beat Cop, played by
    # N.C.P.D. in every game alike, swings nothing.
    games = pd.DataFrame({
        "number": [0, 1, 2, 3], "entries": [[0, 1], [1, 0], [0, 1], [1, 0]],
        "winners": [[0], [0], [1], [1]], "draw": [False] * 4,
    })  # fmt: skip
    # Game 0: N.C.P.D. (seat 0) plays 3 Gangers, The Mob 1: N.C.P.D. wins. Game 1: The Mob
    # (seat 0) plays 2, N.C.P.D. none: The Mob wins. Game 2: N.C.P.D. 0, The Mob 2: The Mob
    # wins. Game 3: The Mob (seat 0) 0, N.C.P.D. 1: N.C.P.D. wins.
    rows = [(0, 0, 0, "ganger", 3), (0, 1, 1, "ganger", 1), (1, 0, 1, "ganger", 2),
            (2, 1, 1, "ganger", 2), (3, 1, 0, "ganger", 1)]  # fmt: skip
    rows += [(n, seat, 0, "beat-cop", 1) for n, seat in ((0, 0), (1, 1), (2, 0), (3, 1))]
    cards = pd.DataFrame(rows, columns=["number", "seat", "entry", "card", "played"])

    leaning = leans(Results(games, cards, {"entries": ["greedy/ncpd", "greedy/the-mob"]}))
    # N.C.P.D.'s net Gangers: +2 and +1 in its wins, -2 and -2 in its losses (sway 3.5); net
    # a game -1/4: a stronger Ganger sinks it. The Mob's, the mirror: sway 3.5, net +1/4.
    assert leaning["greedy/ncpd"] == [("ganger", -0.875), ("beat-cop", 0.0)]
    assert leaning["greedy/the-mob"] == [("ganger", 0.875), ("beat-cop", 0.0)]


def optuna_fixed(params: dict[str, object]) -> object:
    import optuna

    return optuna.trial.FixedTrial(params)


def test_a_rate_on_the_narrowed_band_s_edge_is_in_it() -> None:
    # 42 games of 100 against a band of 40-60% narrowed by 2 points: in, not a hair out.
    assert narrowed((0.4, 0.6), 0.02) == (0.42, 0.58)
    assert miss_of({"a": 0.42, "b": 0.58}, narrowed((0.4, 0.6), 0.02)) == 0.0
    assert miss_of({"a": 0.42}, (0.4 + 0.02, 0.58)) > 0.0  # the float sum alone puts it out
    # Above the band positive, below it negative, in it nothing.
    assert outside(0.65, (0.4, 0.6)) == pytest.approx(0.05)
    assert outside(0.35, (0.4, 0.6)) == pytest.approx(-0.05)
    assert outside(0.42, narrowed((0.4, 0.6), 0.02)) == 0.0


def test_the_screening_ends_once_enough_candidates_are_in_the_band(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["random", "random"], ["cold-boot", "redline"])
    trade = Knob("QC", deck="cold-boot", down=0, up=1, swap="7H")

    def search(folder: str, confirm: int, margin: float) -> Balance:
        return balance(CIPHER, entries, (0.0, 1.0), tmp_path / folder, [trade], max_edits=1,
                       trials=10, screen_games=2, games=2, confirm=confirm, seed=1, workers=1,
                       margin=margin)  # fmt: skip

    # Every rate is in a band of 0-100%: the set as it is is the one candidate to confirm.
    assert search("one", 1, 0.0).trials == 1
    # Two to confirm: the trade is screened too, then the screening ends.
    assert search("two", 2, 0.0).trials == 2
    # A margin narrows the band a screening must reach, and must leave a band to reach.
    kept = json.loads((tmp_path / "one" / "balance.json").read_text())
    assert kept["settings"]["margin"] == 0.0
    with pytest.raises(BadOption, match="less than half the band"):
        search("wide", 1, 0.5)

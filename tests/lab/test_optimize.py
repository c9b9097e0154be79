"""Deck search: legal mutants, a resumed search equal to an unbroken one, deck lists that read."""

from __future__ import annotations

import numpy as np
import pytest

from cyberdeck import load_game
from cyberdeck.engine import BadOption
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.optimize import DeckSpace, deck_lists, optimize

CIPHER = load_game("cipher-run")


def test_mutants_stay_legal_and_close():
    space = DeckSpace(CIPHER)
    start = space.vector([str(c) for c in CIPHER.starter_decks()[0].cards])
    rng = np.random.default_rng(0)
    for _ in range(20):
        child = space.mutate(start, rng)
        assert child is not None and child != start
        assert CIPHER.validate_deck(space.game_cards(child)) == []
        assert sum(abs(a - b) for a, b in zip(child, start, strict=True)) <= 2 * 8


def test_a_resumed_search_finds_what_an_unbroken_one_does(tmp_path):
    gauntlet = make_entries(CIPHER, ["random"], ["redline"])
    args = dict(batch=3, games=2, bins=[3, 2, 3], seed=5, workers=1)
    whole = optimize(CIPHER, "random", gauntlet, 3, out=tmp_path / "whole", **args)
    optimize(CIPHER, "random", gauntlet, 1, out=tmp_path / "cut", **args)
    resumed = optimize(CIPHER, "random", gauntlet, 3, out=tmp_path / "cut", resume=True, **args)
    assert resumed.generation == whole.generation == 3
    assert resumed.elites == whole.elites
    assert len(whole.elites) >= 2
    best = whole.elites[0]
    assert best["ci95"][0] <= best["win"] <= best["ci95"][1]
    paths = deck_lists(whole, CIPHER, tmp_path / "decks", top=2)
    cards, problems = CIPHER.check_deck(paths[0].read_text())
    assert problems == [] and len(cards) == 30
    with pytest.raises(BadOption, match="other settings"):
        optimize(CIPHER, "greedy", gauntlet, 4, out=tmp_path / "cut", resume=True, **args)


def test_a_search_stopped_inside_a_generation_keeps_its_games_and_resumes(tmp_path):
    from cyberdeck.lab.results import Results

    gauntlet = make_entries(CIPHER, ["random"], ["redline"])
    args = dict(batch=2, games=2, bins=[3, 2, 3], seed=4, workers=1)
    whole = optimize(CIPHER, "random", gauntlet, 2, out=tmp_path / "whole", **args)
    seen: list[int] = []

    def cut(done: int, total: int, elapsed: float) -> None:
        seen.append(done)
        if len(seen) > 1 and done < seen[-2] and done < total:  # the first game of generation 1
            raise KeyboardInterrupt

    stopped = optimize(CIPHER, "random", gauntlet, 2, out=tmp_path / "cut", progress=cut, **args)
    assert stopped.generation == 1
    kept = Results.load(tmp_path / "cut" / "generations" / "0001")
    assert kept.run["interrupted"] and len(kept.games) > 0
    resumed = optimize(CIPHER, "random", gauntlet, 2, out=tmp_path / "cut", resume=True, **args)
    assert resumed.elites == whole.elites
    assert Results.load(tmp_path / "cut" / "generations" / "0001").run["resumed_with"] == len(
        kept.games
    )


def test_a_game_without_decks_or_measures_says_so():
    with pytest.raises(BadOption, match="no deck space"):
        DeckSpace(load_game("hack-me"))
    gauntlet = make_entries(CIPHER, ["random"])
    with pytest.raises(BadOption, match="one number of bins for each measure"):
        optimize(CIPHER, "random", gauntlet, 1, bins=[2, 2], workers=1)


def test_optimize_command_prints_regions_and_writes_deck_lists(tmp_path):
    from typer.testing import CliRunner

    from cyberdeck.cli import app

    out = tmp_path / "search"
    args = ["lab", "optimize", "cipher-run", "--against", "random@redline", "--agent", "random",
            "--generations", "1", "--batch", "2", "--games", "2", "--bins", "3 2 3", "--top", "2",
            "--workers", "1", "--out", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (
        "regions filled after 1 generations" in result.stdout and "elite-001.txt" in result.stdout
    )
    assert sorted(p.name for p in (out / "decks").iterdir()) == ["elite-001.txt", "elite-002.txt"]
    bad = CliRunner().invoke(app, [*args[:-2], "--bins", "3 x", "--out", str(out)])
    assert bad.exit_code == 2 and "whole numbers" in bad.output

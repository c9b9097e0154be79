"""Card sets as data and what-if: edits checked like a card file, an edited set kept in the record
(it replays anywhere), and the base and changed games paired on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck import load_game
from cyberdeck.cli import app
from cyberdeck.engine import BadDeck, BadOption, Match, Record, replay
from cyberdeck.engine.edits import edit_card_set, edit_deck, parse_edit
from cyberdeck.lab.entries import make_entries
from cyberdeck.lab.results import Results
from cyberdeck.lab.whatif import compare, corrected, paired, whatif

CIPHER = load_game("cipher-run")
CYPHER = load_game("cypher")


def test_edits_read_as_a_designer_writes_them() -> None:
    stat = parse_edit("Road Warrior: SR +5")
    assert (stat.target, stat.what, stat.how, stat.amount, stat.of_deck) == (
        "Road Warrior", "SR", "+", 5, False)  # fmt: skip
    assert parse_edit("Coder: influence = 4").how == "="
    count = parse_edit("cold-boot: -1 7H")
    assert (count.target, count.what, count.how, count.amount, count.of_deck) == (
        "cold-boot", "7H", "-", 1, True)  # fmt: skip
    for bad in ("Road Warrior SR +5", "x: y", ": SR +1"):
        with pytest.raises(BadOption, match="is not a change"):
            parse_edit(bad)


def test_a_card_set_edit_is_checked_like_a_card_file() -> None:
    document = CYPHER.card_set()
    assert document is not None
    edited = edit_card_set(CYPHER, document, [parse_edit("Aristocrat: influence +3")])
    assert edited["cards"][0]["influence"] == document["cards"][0]["influence"] + 3
    assert CYPHER.card_set() == document  # the shipped set is untouched
    with pytest.raises(BadDeck) as err:
        edit_card_set(CYPHER, document, [parse_edit("Nobody: influence +1"),
                                         parse_edit("Coder: SR +1")])  # fmt: skip
    assert err.value.problems == [
        "'Nobody: influence +1': Cypher's card set has no card 'Nobody'.",
        "'Coder: SR +1': Coder has no number 'SR' (its numbers: influence, copies).",
    ]
    with pytest.raises(BadDeck, match="add up to 20"):
        edit_card_set(CYPHER, document, [parse_edit("Coder: copies +1")])
    with pytest.raises(BadDeck, match="0 or more"):
        edit_card_set(CYPHER, document, [parse_edit("Coder: influence - 50")])
    assert CIPHER.card_set() is None
    assert CIPHER.check_card_set({"cards": []}) == [
        "Cipher Run's cards are fixed by its rules: change its decks instead."
    ]


def test_a_deck_edit_keeps_the_deck_legal() -> None:
    deck = next(d for d in CIPHER.starter_decks() if d.handle == "cold-boot")
    cards = [str(c) for c in deck.cards]
    swapped = edit_deck(CIPHER, "cold-boot", cards, [parse_edit("cold-boot: -1 7H"),
                                                     parse_edit("cold-boot: +1 AS")])  # fmt: skip
    assert swapped.count("7H") == cards.count("7H") - 1
    assert swapped.count("AS") == cards.count("AS") + 1
    with pytest.raises(BadDeck, match="holds 0 AS, so 1 cannot come out"):
        edit_deck(CIPHER, "cold-boot", cards, [parse_edit("cold-boot: -1 AS")])
    with pytest.raises(BadDeck, match="cold-boot after the changes"):
        edit_deck(CIPHER, "cold-boot", cards, [parse_edit("cold-boot: +1 AS")])


def test_an_edited_set_lives_in_the_record_and_replays_anywhere() -> None:
    document = CYPHER.card_set()
    assert document is not None
    edited = edit_card_set(CYPHER, document, [parse_edit("Aristocrat: influence = 12")])
    match = Match(CYPHER, None, 5, None, cards=edited)
    while not match.state.is_terminal:
        match.play(match.state.legal_actions()[0])
    record = Record.from_json(json.loads(json.dumps(match.record.to_json())))
    assert record.cards == edited and record.edited
    assert replay(record).fingerprint() == match.state.fingerprint()
    plain = Match(CYPHER, None, 5, None).record
    assert "cards" not in plain.to_json() and not plain.edited  # shipped-set records unchanged
    with pytest.raises(BadDeck):
        CYPHER.new_state(None, 0, None, {"cards": [{"id": "coder"}]})
    with pytest.raises(BadDeck, match="fixed by its rules"):
        CIPHER.new_state(None, 0, None, {"cards": []})


def test_paired_rows_and_corrections() -> None:
    row = paired("a v b", "a", both_lost=10, gained=8, lost=0, both_won=2)
    assert (row["base"], row["changed"], row["change"]) == (0.1, 0.5, 0.4)
    assert row["ci95"][0] > 0 and row["p"] == pytest.approx(0.0047, abs=1e-4)  # z = 8 / sqrt 8
    nothing = paired("a v b", "a", 5, 0, 0, 5)
    assert nothing["change"] == 0 and nothing["p"] == 1.0
    assert corrected([0.01, 0.04, 0.03], "holm") == pytest.approx([0.03, 0.06, 0.06])
    assert corrected([0.01, 0.04, 0.03], "bh") == pytest.approx([0.03, 0.04, 0.04])


def test_whatif_plays_the_same_seeds_and_seats_on_both_sides(tmp_path: Path) -> None:
    entries = make_entries(CIPHER, ["greedy", "greedy"], ["cold-boot", "redline"])
    found = whatif(CIPHER, entries, ["cold-boot: -1 7H", "cold-boot: +1 AS"], 6, seed=3,
                   workers=1, out=tmp_path)  # fmt: skip
    assert found.changed is not None
    base, changed = found.base.games, found.changed.games
    assert list(base["seed"]) == list(changed["seed"])
    assert [list(s) for s in base["entries"]] == [list(s) for s in changed["entries"]]
    first = json.loads(changed["record"][0])
    held = first["decks"][list(changed["entries"][0]).index(0)]
    assert held.count("AS") == json.loads(base["record"][0])["decks"][0].count("AS") + 1
    rows = {(r["matchup"], r["entry"]): r for r in found.rows}
    assert set(rows) == {("greedy/cold-boot v greedy/redline", "greedy/cold-boot"),
                         ("greedy/cold-boot v greedy/redline", "greedy/redline")}  # fmt: skip
    for r in rows.values():
        assert r["games"] == 6 and r["change"] == pytest.approx(r["changed"] - r["base"], abs=1e-3)
    kept = json.loads((tmp_path / "whatif.json").read_text())
    assert kept["comparisons"] == found.rows and kept["changes"] == found.changes
    assert Results.load(tmp_path / "changed").run["side"] == "changed"
    shown = CliRunner().invoke(app, ["replay", str(tmp_path), "--game", "1", "--plain"])
    assert shown.exit_code == 2 and "holds a what-if: name its base or changed folder" in (
        shown.output.replace("\n", " ")
    )
    shown = CliRunner().invoke(app, ["replay", str(tmp_path / "changed"), "--game", "1", "--plain"])
    assert shown.exit_code == 0 and "Ended:" in shown.stdout


def test_whatif_rows_per_matchup_and_per_entry_in_a_round_robin() -> None:
    entries = make_entries(CIPHER, ["greedy", "random", "greedy"],
                           ["cold-boot", "redline", "redline"])  # fmt: skip
    found = whatif(CIPHER, entries, ["cold-boot: -1 7H", "cold-boot: +1 AS"], 2, workers=1)
    assert found.changed is not None
    tables = {r["matchup"] for r in found.rows}
    assert len(tables) == 4 and "all games" in tables  # three pairs, and each entry overall
    assert len(found.rows) == 3 * 2 + 3
    assert compare(found.base, found.base) and all(
        r["change"] == 0 for r in compare(found.base, found.base)
    )


def test_an_edited_card_set_plays_in_the_lab(tmp_path: Path) -> None:
    entries = make_entries(CYPHER, ["greedy", "random"])
    found = whatif(CYPHER, entries, ["Aristocrat: influence +3"], 2, workers=1)
    assert found.changed is not None
    record = Record.from_json(json.loads(found.changed.games["record"][0]))
    assert record.edited and record.cards is not None
    assert record.cards["cards"][0]["influence"] == CYPHER.card_set()["cards"][0]["influence"] + 3
    assert replay(record).outcome is not None
    assert not Record.from_json(json.loads(found.base.games["record"][0])).edited


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cipher-run", "--change", "Road Warrior: SR +5"], "fixed by its rules"),
        (["cipher-run", "--change", "nodeck: +1 AS"], "no entry plays a deck 'nodeck'"),
        (["cipher-run", "--change", "cold-boot: +1 AS"], "cold-boot after the changes"),
        (["cipher-run", "--change", "cold-boot -1 7H"], "is not a change"),
        (
            ["cipher-run", "--change", "cold-boot: -1 7H", "--correction", "bonferroni"],
            "Correct with one of holm, bh",
        ),
    ],
)
def test_bad_changes_get_a_sentence(tmp_path: Path, args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["lab", "whatif", *args, "--entries",
                                      "greedy@cold-boot greedy@redline", "--games", "2",
                                      "--workers", "1", "--out", str(tmp_path / "w")])  # fmt: skip
    assert result.exit_code == 2, result.output
    assert message in result.output.replace("\n", " ") and "Traceback" not in result.output


def test_whatif_command_prints_every_comparison(tmp_path: Path) -> None:
    args = ["lab", "whatif", "cipher-run", "--change", "cold-boot: -1 7H", "--change",
            "cold-boot: +1 AS", "--entries", "greedy@cold-boot greedy@redline", "--games", "3",
            "--workers", "1", "--out", str(tmp_path / "w")]  # fmt: skip
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "2 comparisons: p corrected by Holm" in result.stdout
    assert "greedy/cold-boot v greedy/redline" in result.stdout
    again = CliRunner().invoke(app, [*args, "--resume", "--json"])
    assert again.exit_code == 0, again.output
    assert len(json.loads(again.stdout)["comparisons"]) == 2


def test_a_card_set_file_is_written_checked_and_played(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "cypher.json"
    written = runner.invoke(app, ["lab", "cardset", "cypher", "--out", str(path)])
    assert written.exit_code == 0, written.output
    document = json.loads(path.read_text())
    assert document == CYPHER.card_set()
    document["cards"][0]["influence"] = 9
    path.write_text(json.dumps(document))
    checked = runner.invoke(app, ["lab", "cardset", "cypher", "--check", str(path)])
    assert checked.exit_code == 0 and "can be played with" in checked.output
    out = tmp_path / "run"
    played = runner.invoke(app, ["lab", "simulate", "cypher", "--seats", "greedy random",
                                 "--games", "2", "--workers", "1", "--card-set", str(path),
                                 "--out", str(out)])  # fmt: skip
    assert played.exit_code == 0, played.output
    records = [Record.from_json(json.loads(r)) for r in Results.load(out).games["record"]]
    assert all(r.edited and r.cards == document for r in records)
    document["cards"][0]["influence"] = -1
    path.write_text(json.dumps(document))
    bad = runner.invoke(app, ["lab", "simulate", "cypher", "--seats", "greedy random",
                              "--card-set", str(path), "--out", str(tmp_path / "never")])  # fmt: skip
    assert bad.exit_code == 2 and "influence must be a whole number of 0 or more" in bad.output
    assert not (tmp_path / "never").exists()
    path.write_text("{ broken")
    broken = runner.invoke(app, ["lab", "cardset", "cypher", "--check", str(path)])
    assert broken.exit_code == 2 and "is not JSON (line 1)" in broken.output
    fixed = runner.invoke(app, ["lab", "cardset", "cipher-run"])
    assert fixed.exit_code == 2 and "fixed by its rules" in fixed.output

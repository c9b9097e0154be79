"""The ``cyberdeck`` command, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import PLAIN, Match, Record, games, load_game
from cyberdeck.engine.autoanswer import Stops
from cyberdeck.play.terminal import Seat, TerminalSession

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_ids_titles_and_player_counts():
    result = run("games")
    assert result.exit_code == 0
    for game in games():
        assert game.id in result.output and game.title in result.output
    assert "MATR1X 0VERL0AD" in result.output and "1 player" in result.output


def test_rules_prints_the_rules_doc():
    result = run("rules", "matrix-overload")
    assert result.exit_code == 0 and "Fatal Recursion" in result.output


def test_unknown_game_is_a_clear_error():
    result = run("rules", "tetris")
    assert result.exit_code == 2 and "There is no game 'tetris'" in result.output


def test_bad_variant_is_a_clear_error():
    result = run("play", "matrix-overload", "--variant", "deluxe")
    assert result.exit_code == 2
    assert "takes one of digital, classic" in result.output


def test_play_a_whole_game_then_replay_it_and_see_stats(data_dir: Path):
    result = run("play", "matrix-overload", "--seed", "5", "--no-colour", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "You lose" in result.output or "You win" in result.output
    records = list((data_dir / "records").glob("*.json"))
    assert len(records) == 1
    record = Record.load(records[0])
    assert record.game == "matrix-overload" and record.seed == 5
    replayed = run("replay", str(records[0]), "--no-colour")
    assert replayed.exit_code == 0 and "Ended:" in replayed.output
    stats = run("stats", "matrix-overload")
    assert "matrix-overload: 1 game, " in stats.output  # one game, not "1 games"


SEED = 3_141_592_653


@pytest.fixture
def fixed_seed(monkeypatch):
    """The seed ``play`` picks when none is given, made known to the test only."""
    monkeypatch.setattr("cyberdeck.cli.play.os.urandom", lambda n: SEED.to_bytes(n, "big"))
    return SEED


@pytest.mark.parametrize(
    "args", [("matrix-overload",), ("cipher-run", "--hotseat"), ("cipher-run", "--ai", "greedy")]
)
def test_a_game_in_progress_never_shows_its_seed(fixed_seed: int, data_dir: Path, args):
    result = run("play", *args, "--no-colour", input="quit\n")
    assert result.exit_code == 0 and "abandoned" in result.output
    assert str(fixed_seed) not in result.output
    (saved,) = (data_dir / "records").glob("*.json")
    assert Record.load(saved).seed == fixed_seed  # the record keeps it
    replayed = run("replay", str(saved), "--no-colour")
    assert replayed.exit_code == 0 and "unfinished" in replayed.output
    assert str(fixed_seed) not in replayed.output


def test_the_seed_is_shown_once_the_game_is_over(fixed_seed: int, data_dir: Path):
    result = run("play", "matrix-overload", "--no-colour", input="1\n" * 400)
    assert result.exit_code == 0
    end = result.output.rindex("=" * 60, 0, result.output.rindex("=" * 60))
    assert str(fixed_seed) not in result.output[:end]
    assert f"Seed {fixed_seed} (the record keeps it)." in result.output[end:]
    (saved,) = (data_dir / "records").glob("*.json")
    assert f"seed {fixed_seed}," in run("replay", str(saved), "--no-colour").output


def test_play_refuses_bad_moves_and_goes_on():
    script = "place z9\n99\nfrobnicate\nhelp\nquit\n"
    result = run("play", "matrix-overload", "--seed", "5", "--no-colour", input=script)
    assert "neither a pile" in result.output
    assert "Choose a move from 1 to" in result.output
    assert "Commands:" in result.output
    assert result.exit_code == 0 and "abandoned" in result.output


def test_plain_mode_speaks_in_sentences():
    result = run("play", "matrix-overload", "--seed", "5", "--plain", input="quit\n")
    assert "Pile b2: " in result.output and "\x1b[" not in result.output


def test_look_at_a_pile():
    result = run(
        "play", "matrix-overload", "--seed", "5", "--no-colour", input="look a1\nlook zz\nquit\n"
    )
    assert "Pile a1, bottom to top:" in result.output
    assert "nothing called 'zz'" in result.output


def test_undo_in_the_terminal():
    result = run("play", "matrix-overload", "--seed", "5", "--no-colour", input="1\nundo\nquit\n")
    assert "Move taken back." in result.output


def test_replay_of_a_broken_record_names_the_step(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "matrix-overload", "seed": 1, "actions": ["place z9"]}))
    result = run("replay", str(path))
    assert result.exit_code == 2 and "Step 1" in result.output
    path.write_text("{not json")
    assert "is not JSON" in run("replay", str(path)).output


def test_bench_json_has_the_figures_tools_read():
    result = run("bench", "matrix-overload", "--json", "--seconds", "0.2", "--quick")
    assert result.exit_code == 0
    figures = json.loads(result.output.strip().splitlines()[0])
    assert figures["game"] == "matrix-overload"
    assert figures["decisions_per_s"] > 0 and figures["clone_us"] > 0
    solver = figures["solver_win_rate_lower_bound"]
    assert figures["random_win_rate"] <= figures["fair_win_rate"] <= solver
    assert "solver_win_rate" not in figures  # a bare "win rate" would read as the true rate


def test_load_game_from_the_package():
    from cyberdeck import load_game

    assert load_game("matrix-overload").title == "MATR1X 0VERL0AD"


def test_cards_file_replaces_a_games_card_data(tmp_path: Path):
    from cyberdeck import load_game

    if "cypher" not in [g.id for g in games()]:
        pytest.skip("Cypher is not registered")
    import importlib.resources

    text = (importlib.resources.files("cyberdeck.games.cypher") / "cards.json").read_text()
    good = tmp_path / "cards.json"
    good.write_text(text)
    result = run("play", "cypher", "--seed", "1", "--cards", str(good), input="quit\n")
    assert "Game abandoned" in result.output
    data = json.loads(text)
    data["cards"][0]["influence"] = "lots"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("play", "cypher", "--seed", "1", "--cards", str(bad), input="quit\n")
    assert result.exit_code == 2 and "Entry 1" in result.output
    assert load_game("matrix-overload").title
    result = run("play", "matrix-overload", "--cards", str(good), input="quit\n")
    assert result.exit_code == 2 and "has no card file" in result.output


def test_serve_takes_host_port_and_database():
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--db", "--grace", "--smtp", "--public-url"):
        assert flag in result.output


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--smtp", "smtp://mail.example.org"], "give its address too (--public-url"),
        (["--smtp", "http://mail.example.org", "--public-url", "https://a.example"], "--smtp is"),
        (["--smtp", "smtps://mail.example.org", "--public-url", "arcade.example"], "--public-url"),
    ],
)
def test_serve_refuses_mail_settings_it_cannot_use_before_starting(flags: list[str], said: str):
    result = runner.invoke(app, ["serve", *flags])
    assert result.exit_code == 1 and said in result.output, result.output


def test_the_terminal_calls_each_seat_by_one_name():
    result = run("play", "cipher-run", "--seed", "3", "--no-colour", input="1\n" * 30 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "You> " in result.output
    assert "· You deploy " in result.output or "· You seed " in result.output
    log = [line for line in result.output.splitlines() if line.startswith("  · ")]
    assert log and not any("Player 1" in line or "Player 2" in line for line in log)
    assert any("Normal AI" in line for line in log)


@pytest.mark.parametrize("game", [g.id for g in games()])
@pytest.mark.parametrize("seed", [5, 11])
def test_the_terminals_table_calls_each_seat_by_its_name(game: str, seed: int):
    """The drawn table, the menus and the log all say "You" and "Normal AI": never a game's
    fixed label ("Player 1", "Hacker B") or its "(you)" beside one."""
    result = run("play", game, "--seed", str(seed), "--no-colour", input="1\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    table = load_game(game)
    labels = [table.seat_label(i) for i in range(table.max_players)]
    for line in result.output.splitlines():
        assert "(you)" not in line, line
        assert not any(label in line for label in labels), line
    assert "You" in result.output


def test_the_terminal_answers_a_lone_question_and_says_so():
    """MATR1X deals a royal with one free slot, or a card with one pile to go to: the table
    places it, and the log says it was the only answer; 'stop single off' asks again."""
    result = run("play", "matrix-overload", "--seed", "5", "--plain", input="quit\n")
    assert "The table answers for you: " in result.output
    assert "(the only answer)." in result.output
    asked = run(
        "play", "matrix-overload", "--seed", "5", "--plain", input="stop single off\nquit\n"
    )
    assert "One answer: off" in asked.output
    again = run("play", "matrix-overload", "--seed", "5", "--plain", input="quit\n")
    assert "(the only answer)" not in again.output  # the setting is kept


def test_the_terminals_undo_takes_back_the_tables_answers_too():
    """A move followed by a lone question the table answered: 'undo' returns to the position
    before the player's move (undoing only the answer would see it answered again)."""
    game = load_game("matrix-overload")
    found = 0
    for seed in range(40):
        said: list[str] = []
        session = TerminalSession(
            game, Match(game, None, seed), [Seat("You")], PLAIN, input, said.append,
            stops=Stops.defaults(game),
        )  # fmt: skip
        while session.answer_for(0):
            pass
        before = session.match.state.fingerprint()
        session.play(session.match.state.legal_actions()[0])
        while session.answer_for(0):
            pass
        if session.takeback.steps() > 1 and not session.match.state.is_terminal:
            session.undo()
            assert session.match.state.fingerprint() == before, seed
            found += 1
        if found == 3:
            break
    assert found == 3


def test_a_game_where_hints_were_used_says_so_in_its_record_and_stats(data_dir: Path):
    result = run(
        "play", "matrix-overload", "--seed", "5", "--no-colour", input="hint\nhint\n" + "1\n" * 400
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("Hint: ") == 2
    record = Record.load(next((data_dir / "records").glob("*.json")))
    assert record.hints(0) == 2 and record.meta["hints"] == {"0": 2}
    assert "1 with undo or hints, 1 with hints" in result.output
    assert "of 0 ranked games" in result.output

"""The terminal at the size it opens at (80×24): every game's move fits the window, lines break
at word boundaries, the CCG's line mode speaks in sentences, --resume keeps the player's way of
reading, replays step, the rules are drawn for the terminal, and bad input gets a sentence."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import games
from cyberdeck.play.screen import Screen, fold_log
from tests.screens import SEEDS, play_frames

runner = CliRunner()


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


# --- fitting the window ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(g.id for g in games()))
@pytest.mark.parametrize(("hotseat", "plain"), [(False, False), (True, False), (False, True)])
def test_every_move_of_every_game_fits_80_by_24(game_id: str, hotseat: bool, plain: bool):
    for seed in SEEDS[:2]:
        frames = play_frames(game_id, seed, hotseat=hotseat, plain=plain)
        assert len(frames.frames) >= 8  # the moves were played, not refused
        tallest = max(frames.frames, key=len)
        assert frames.lines <= 24, "\n".join(tallest)
        assert frames.columns <= 80, max((line for f in frames.frames for line in f), key=len)


def test_a_big_window_gets_every_move_listed_and_a_small_one_the_rest_by_number():
    small = play_frames("cipher-run", 5, moves=4)
    big = play_frames("cipher-run", 5, moves=4, width=200, height=200)
    # A turn of Cipher Run has dozens of moves: at 80×24 whole groups, then the others' numbers.
    assert any("('moves' lists them)" in line for f in small.frames for line in f)
    assert not any("('moves' lists them)" in line for f in big.frames for line in f)
    assert big.lines > 24 and big.columns > 80


def test_lines_break_at_word_boundaries_and_hang_under_their_text():
    screen = Screen(30, 24)
    wrapped = screen.wrap("  · Normal AI deploys 9H on vault1; profile descending; total 19.")
    assert wrapped == [
        "  · Normal AI deploys 9H on",
        "    vault1; profile",
        "    descending; total 19.",
    ]
    assert screen.wrap("  12. Overclock KS: 10D ×2 on opponent's vault1")[1].startswith("      ")
    # A word wider than the window (a file name) stays whole on a line of its own.
    name = "/tmp/" + "x" * 40 + ".json"
    assert name in screen.wrap(f"Record saved: {name} now")
    # Colour codes take no room.
    assert screen.wrap("\x1b[1m" + "word " * 5 + "\x1b[0m") == [
        "\x1b[1m" + "word " * 4 + "word \x1b[0m"
    ]


def test_a_long_log_keeps_its_newest_lines_and_says_how_many_are_left_out():
    lines = [f"  · event {n}" for n in range(10)]
    assert fold_log(lines, 4) == [
        "  · (7 earlier lines: 'log' shows them)",
        "  · event 7",
        "  · event 8",
        "  · event 9",
    ]
    assert fold_log(lines[:3], 4) == lines[:3]


def test_moves_and_help_go_through_the_pager(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    # 'moves' at a Cipher Run turn: more than a window, so it stops and asks; 'q' stops it.
    typed = "1\n1\n1\nmoves\nq\nquit\n"
    result = run("play", "cipher-run", "--seed", "5", "--no-colour", input=typed)
    assert result.exit_code == 0, result.output
    assert "Enter for more, q to stop" in result.output
    # Each prompt ends its line on a terminal, where the typed answer and Enter follow it.
    screens = re.sub(
        r"You> |-- \d+ of \d+ lines: Enter for more, q to stop -- ", "\n", result.output
    )
    longest = max(screens.splitlines(), key=len)
    assert len(longest) <= 80 or "/" in longest  # only a record's file name may run on


# --- the CCG's line mode ----------------------------------------------------------------------

#: What a screen reader would spell out: the CCG's card and team tokens, its table's labels and
#: counts ("x2"); a second copy's "#2" is its name, as "look" takes it.
CCG_CODES = re.compile(r"\b[ct]\d+\b|\b(?:SR|LR|Def|Pow|Emp|Mv)\s\d|M-Sec|E-Sec|\bATTACK\b|\bx\d\b")


@pytest.mark.parametrize("seed", [5, 77])
def test_the_ccgs_line_mode_speaks_in_sentences(seed: int):
    typed = ("1\n" * 10 + "log\n" + "\n" * 30) * 6 + "quit\n"
    # A quick opponent: the words are the table's, whoever sits across.
    args = ("play", "cyberpunk-ccg", "--seed", str(seed), "--plain", "--ai", "greedy")
    result = run(*args, input=typed)
    assert result.exit_code == 0, result.output
    assert "a government sponsor" in result.output or "a street sponsor" in result.output
    for line in result.output.splitlines():
        assert not CCG_CODES.search(line), line


def test_the_ccgs_line_mode_reads_a_card_in_words():
    typed = "1\n" * 12 + "quit\n"
    result = run("play", "cyberpunk-ccg", "--seed", "5", "--plain", input=typed)
    # In a pipe (no window): every card in hand a sentence, its numbers spelled out.
    assert "Beat Cop, 1 EB (printed 3): short range 10, long range 10, defense 15" in result.output


# --- the first game, and going on with one ---------------------------------------------------


def test_a_first_game_points_at_learn_and_help_and_a_later_one_does_not():
    first = run("play", "hack-me", "--seed", "5", input="quit\n")
    assert "'cyberdeck learn hack-me'" in first.output and "'help'" in first.output
    again = run("play", "hack-me", "--seed", "5", input="quit\n")
    assert "cyberdeck learn" not in again.output


def test_resume_keeps_line_mode_unless_told_otherwise():
    left = run("play", "cipher-run", "--seed", "5", "--plain", input="1\nquit\n")
    assert left.exit_code == 0 and "Vault 1, you:" in left.output
    resumed = run("play", "--resume", input="quit\n")
    assert "resumed after" in resumed.output
    assert "Vault 1, you:" in resumed.output and "VAULT1" not in resumed.output
    drawn = run("play", "--resume", "--drawn", input="quit\n")
    assert "VAULT1" in drawn.output and "Vault 1, you:" not in drawn.output


# --- replays ----------------------------------------------------------------------------------


@pytest.fixture
def record(data_dir: Path) -> Path:
    result = run("play", "matrix-overload", "--seed", "5", "--no-colour", input="1\n" * 400)
    assert result.exit_code == 0, result.output
    return next((data_dir / "records").glob("*.json"))


def test_a_replay_steps_a_move_at_a_key(record: Path):
    result = run("replay", str(record), "--no-colour", input="\n\nb\n7\nq\n")
    assert result.exit_code == 0, result.output
    steps = re.findall(r"--- move (\d+) of", result.output)
    assert steps == ["1", "2", "1", "7"]
    assert "the deal" in result.output and "Ended:" not in result.output


def test_a_replay_without_keys_shows_the_whole_game(record: Path):
    result = run("replay", str(record), "--no-colour")
    assert result.exit_code == 0 and "Ended:" in result.output
    count = int(re.search(r", (\d+) moves\.", result.output).group(1))
    assert re.findall(r"--- move (\d+) of", result.output) == [str(n) for n in range(1, count + 1)]


def test_auto_plays_on_by_itself_pausing_between_moves(record: Path, monkeypatch):
    pauses: list[float] = []
    monkeypatch.setattr("cyberdeck.play.replay.time.sleep", pauses.append)
    result = run("replay", str(record), "--auto", "0.5", "--no-colour")
    assert result.exit_code == 0 and "Ended:" in result.output
    moves = len(re.findall(r"--- move \d+ of", result.output))
    assert pauses == [0.5] * moves


# --- the rules --------------------------------------------------------------------------------


def test_rules_are_drawn_for_the_terminal_not_printed_raw():
    result = run("rules", "cyberpunk-ccg", "--no-colour")
    assert result.exit_code == 0
    assert not re.search(r"^#+ ", result.output, re.MULTILINE)  # no raw Markdown headings
    assert "Sections: Cards; Setting up; A turn; Paying" in result.output


def test_rules_open_at_a_section():
    result = run("rules", "cyberpunk-ccg", "paying", "--no-colour")
    assert result.exit_code == 0
    assert result.output.startswith("Paying")
    assert "Each unused source pays once" in result.output
    assert "Attachments" not in result.output  # the next section is left out


def test_rules_in_a_game_show_the_section_of_the_step():
    result = run("play", "cyberpunk-ccg", "--seed", "5", "--no-colour", input="rules\nquit\n")
    after = result.output.split("You> ", 1)[1]
    assert after.startswith("Setting up")  # the rules' section for the setup step
    assert "The rules: cyberdeck rules cyberpunk-ccg, at 'Setting up'." in after


# --- bad input --------------------------------------------------------------------------------


@pytest.fixture
def binary(tmp_path: Path) -> Path:
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 40)
    return path


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("play", "cypher", "--cards", "{binary}"), "is not a text file"),
        (("replay", "{record}", "--seat", "5"), "--seat 5 is not one of them"),
        (("replay", "{record}", "--seat", "-1"), "--seat -1 is not one of them"),
        (("replay", "{binary}"), "is not a text file"),
        (("replay", "{record}", "--auto", "0"), "--auto is the seconds between moves"),
        (("arena", "cipher-run", "--agents", "greedy", "--workers", "-1"), "--workers is"),
        (("fuzz", "cipher-run", "--workers", "0"), "--workers is"),
        (("serve", "--port", "99999"), "99999 is not one"),
        (("rules", "cypher", "nowhere"), "have no section 'nowhere'"),
    ],
)
def test_bad_input_gets_one_sentence_and_no_traceback(args, says, binary: Path, record: Path):
    filled = [a.format(binary=binary, record=record) for a in args]
    result = run(*filled)
    assert result.exit_code != 0
    assert isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and says in errors[0], result.output


def test_a_huge_deck_file_gets_its_first_problems_and_a_count(tmp_path: Path):
    path = tmp_path / "huge.txt"
    path.write_text("\n".join(f"2x ZZ{n}" for n in range(30_000)), encoding="utf-8")
    result = run("deck", "validate", "cipher-run", str(path))
    assert result.exit_code != 0
    problems = [line for line in result.output.splitlines() if line.startswith("  - ")]
    assert len(problems) == 20
    assert "... and 29980 more problems." in result.output


@pytest.mark.parametrize("game_id", sorted(g.id for g in games()))
def test_a_lessons_step_fits_80_by_24(game_id: str, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    first = run("learn", game_id, "--no-colour", input="quit\n")
    suggested = re.search(r"Suggested: (\d+)\.", first.output).group(1)
    result = run("learn", game_id, "--no-colour", input=f"{suggested}\nquit\n")
    step = result.output.split("learn> ")[1].split("\n")
    if step[-1] == "":
        step.pop()
    step[-1] += "learn> "  # the prompt ends the screen
    assert len(step) <= 24, "\n".join(step)
    assert max(len(line) for line in step) <= 80


@pytest.mark.parametrize("game_id", ["matrix-overload", "cipher-run"])
def test_the_end_of_a_game_fits_80_by_24(game_id: str):
    frames = play_frames(game_id, 5, moves=1000)
    assert frames.end and any("Seed 5" in line for line in frames.end)
    assert len(frames.end) <= 24 - 2, "\n".join(frames.end)  # the record's line, the prompt
    assert max(len(line) for line in frames.end) <= 80


def test_rules_in_a_lesson_show_the_steps_section():
    result = run("learn", "cipher-run", "--no-colour", input="rules\nquit\n")
    after = result.output.split("learn> ", 1)[1]
    assert after.startswith("Setting up")  # the first steps seed the vaults
    assert "The rules: cyberdeck rules cipher-run, at 'Setting up'." in after


def test_a_replay_in_a_terminal_steps_on_a_key_alone(record: Path, data_dir: Path):
    """In a real terminal (a pseudo-terminal here) each key steps, with no Enter after it."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    env.update(CYBERDECK_DATA_DIR=str(data_dir), COLUMNS="80", LINES="24", TERM="dumb")
    child = subprocess.Popen(
        [sys.executable, "-m", "cyberdeck.cli", "replay", str(record), "--no-colour"],
        stdin=slave, stdout=slave, stderr=slave, env=env,
    )  # fmt: skip
    os.close(slave)
    seen = b""
    prompts = 0

    def next_prompt() -> None:
        """Read until the replay asks for its next key (a minute at most, should it hang)."""
        nonlocal seen, prompts
        while seen.count(b"replay> ") <= prompts:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, seen.decode(errors="replace")[-2000:]
            seen += os.read(master, 65536)
        prompts += 1

    for key in (b"n", b" ", b"b", b"q"):
        next_prompt()
        os.write(master, key)
    assert child.wait(timeout=60) == 0
    try:
        while chunk := os.read(master, 65536):
            seen += chunk
    except OSError:
        pass  # the terminal closed with the program
    os.close(master)
    steps = re.findall(rb"--- move (\d+) of", seen)
    assert steps == [b"1", b"2", b"1"]


def test_a_hot_seat_handover_scrolls_the_hand_away_by_the_windows_height(monkeypatch):
    typed = "\n1\n" * 3 + "quit\n"

    def longest_blank(output: str) -> int:
        # The blank lines, give or take the line ends of the texts around them.
        return max(len(run) for run in re.findall(r"\n+", output)) // 4 * 4

    piped = run("play", "cipher-run", "--seed", "5", "--hotseat", "--no-colour", input=typed)
    assert longest_blank(piped.output) == 60  # a tall terminal's worth, where none is known
    monkeypatch.setenv("LINES", "24")
    sized = run("play", "cipher-run", "--seed", "5", "--hotseat", "--no-colour", input=typed)
    assert longest_blank(sized.output) == 24

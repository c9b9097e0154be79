"""What a terminal game prints for each move, as a player at a given window size sees it.

The game is played through the terminal's own loop (``TerminalSession``) with scripted answers
(the first move each time); a *frame* is everything printed up to a prompt since the last prompt,
the prompt included (a screen clear starts a fresh one); the game's end, which no prompt
follows, is not a move's frame. The fit tests and ``scripts/terminal_fit.py``
(the table in docs/terminal.md) both read frames from here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len

from cyberdeck.agents import make_agent
from cyberdeck.engine import Match, Style, load_game
from cyberdeck.play.screen import Screen
from cyberdeck.play.terminal import CLEAR, Seat, TerminalSession

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

#: The seeds the fit is measured on: a few deals of every game.
SEEDS = (5, 1234, 987654)


@dataclass(frozen=True)
class Frames:
    """The frames of one game: each a list of screen lines; ``end``, the game's end screen
    (empty if it was left before its end)."""

    frames: list[list[str]]
    end: list[str]

    @property
    def lines(self) -> int:
        return max(len(f) for f in self.frames)

    @property
    def columns(self) -> int:
        return max(cell_len(line) for f in self.frames for line in f)


def play_frames(
    game_id: str,
    seed: int,
    *,
    hotseat: bool = False,
    plain: bool = False,
    moves: int = 12,
    width: int = 80,
    height: int = 24,
) -> Frames:
    """Play ``moves`` of the player's moves of ``game_id`` (the first move each time) at a
    ``width`` x ``height`` terminal; the frames it printed."""
    game = load_game(game_id)
    match = Match(game, game.resolve_options({}), seed)
    count = match.state.num_players
    seats = [
        Seat(f"Player {i + 1}")
        if hotseat or i == 0
        else Seat("Normal AI", make_agent("normal", seed + i, game))
        for i in range(count)
    ]
    frames: list[list[str]] = [[]]
    prompted: list[list[str]] = []
    asked = 0

    def say(text: str) -> None:
        if text == CLEAR or (text and not text.strip("\n")):
            frames.append([])
            return
        frames[-1].extend(ANSI.sub("", text).split("\n"))

    def ask(prompt: str) -> str:
        nonlocal asked
        say(prompt)
        prompted.append(frames[-1])
        frames.append([])
        if not prompt.endswith("> "):
            return ""  # a keyboard handed on, a page turned
        asked += 1
        if asked > moves:
            return "quit"
        return "1"

    session = TerminalSession(
        game, match, seats, Style(plain=plain), ask, say, screen=Screen(width, height)
    )
    session.run()
    end = frames[-1] if match.state.is_terminal else []
    return Frames([f for f in prompted if f], end)

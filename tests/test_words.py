"""No engine words where a player reads: every game's terminal screens (drawn and line mode), its
log for every seat and the spectator, its menus, its end screen and its rules page, along seeded
playouts. A card's instance code, an option's key, a constant's name or a seat's fixed label is
the engine's word, not the table's; a seat is called by its name everywhere a name exists."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cyberdeck.cli import app
from cyberdeck.engine import ASCII, PLAIN, Game, Match, Rng, Style
from cyberdeck.engine.autoanswer import Stops
from cyberdeck.engine.registry import load_game
from cyberdeck.engine.seats import name_seats, name_table
from cyberdeck.games.cyberpunk_ccg.priority import DEEDS
from cyberdeck.play.terminal import Seat, TerminalSession

DOCS = Path(__file__).resolve().parents[1] / "docs"

#: What never reaches a player, each with what it is.
ENGINE_WORDS = {
    "a card's instance code": re.compile(r"\bc\d{2,3}\b"),
    "a card's instance number": re.compile(r"\(card \d+\)"),
    "a team's code": re.compile(r"\bt\d+\b"),
    "a constant's name": re.compile(r"COMBAT_SCALE|TURN_CAP|cardset\.py"),
    "an option's key": re.compile(r"\bpivot (?:flip|keep)\b|\bbreach (?:at )?(?:start|end)\b"),
    "the engine's turn cap": re.compile(r"\bcap \d+"),
    "a stat's key": re.compile(r"\d (?:sr|lr|df|msec|esec|power)\b"),
    "an ability's key": re.compile(rf"\buses (?:{'|'.join(map(re.escape, DEEDS))})\b"),
    "'you' with a verb for one": re.compile(r"\b[Yy]ou (?:wins|draws|plays|is|has|goes|does)\b"),
    "a doubled full stop": re.compile(r"\w\.\.(?=\s|$|\))"),
}
#: A game's own engine words: the CCG's cards go by instance from c1 (MATR1X's piles c1 to c3 are
#: the table's names).
GAME_WORDS = {"cyberpunk-ccg": {"a card's instance code": re.compile(r"\bc\d+\b")}}
#: A seat's fixed label, which a surface that names its seats never shows.
LABEL = re.compile(r"\b(?:player \d|hacker [ab])\b", re.IGNORECASE)
NAMES = ("Ada", "Bo", "Cy", "Dee")

#: The games and options the playouts cover: every game; Cypher at each table size; the CCG
#: led by several sponsors.
TABLES = [
    ("cipher-run", {}),
    ("cipher-run", {"pivot": "keep", "breach": "end"}),
    ("hack-me", {}),
    ("matrix-overload", {}),
    ("cypher", {"players": 2}),
    ("cypher", {"players": 3}),
    ("cypher", {"players": 4}),
    ("cyberpunk-ccg", {"sponsor": "ncpd"}),
    ("cyberpunk-ccg", {"sponsor": "the-mob"}),
    ("cyberpunk-ccg", {"sponsor": "arasaka"}),
    ("cyberpunk-ccg", {"sponsor": "the-nomads"}),
]


def engine_words(text: str, named: bool, game_id: str = "") -> list[str]:
    """Each kind of engine word in ``text`` (of game ``game_id``), as "what: the first line it
    is in"; ``named``: the surface names its seats, so a seat's label is one too."""
    found: dict[str, str] = {}
    words = {**ENGINE_WORDS, **GAME_WORDS.get(game_id, {})}
    for line in text.splitlines():
        for what, pattern in words.items():
            if pattern.search(line):
                found.setdefault(what, line.strip())
        if named and LABEL.search(line):
            found.setdefault("a seat's label where it has a name", line.strip())
    return [f"{what}: {line}" for what, line in found.items()]


def terminal_screens(game: Game, options: dict[str, object], seed: int, style: Style) -> str:
    """Everything a hot-seat terminal session says along a seeded game of random moves (every
    seat named, the table answering where the player's stops are off), up to its end screen or
    a few hundred moves."""
    match = Match(game, options, seed)
    rng = Rng(seed)
    said: list[str] = []
    asked = [0]

    def ask(prompt: str) -> str:
        asked[0] += 1
        if asked[0] > 400:
            return "quit"
        if asked[0] % 23 == 0:
            return "log"
        return str(rng.choice((1, 1, 2, 3, 4)))

    seats = [Seat(NAMES[i]) for i in range(match.state.num_players)]
    session = TerminalSession(
        game, match, seats, style, ask, said.append, stops=Stops.defaults(game)
    )
    session.run()
    # The log as each seat and a spectator read it from the start.
    for seat in [*range(match.state.num_players), None]:
        session.show_log(seat, everything=True)
    return "\n".join(said)


def playouts() -> Iterator[tuple[str, dict[str, object], int]]:
    for game_id, options in TABLES:
        for seed in (11, 2026):
            yield game_id, options, seed


@pytest.mark.parametrize(("game_id", "options", "seed"), list(playouts()))
@pytest.mark.parametrize("style", [ASCII, PLAIN], ids=["drawn", "plain"])
def test_a_terminal_game_shows_no_engine_words(
    game_id: str, options: dict[str, object], seed: int, style: Style
) -> None:
    game = load_game(game_id)
    text = terminal_screens(game, options, seed, style)
    assert not engine_words(text, named=True, game_id=game_id)


@pytest.mark.parametrize(("game_id", "options", "seed"), list(playouts()))
def test_every_seats_log_and_table_show_no_engine_words(
    game_id: str, options: dict[str, object], seed: int
) -> None:
    """The log and the drawn table as the arcade's surfaces read them: each seat's and the
    spectator's, every seat named, with random moves to the end."""
    game = load_game(game_id)
    match = Match(game, options, seed)
    rng = Rng(seed)
    n = match.state.num_players
    labels = [game.seat_label(i) for i in range(n)]
    found: list[str] = []
    for _ in range(3000):
        state = match.state
        if state.is_terminal:
            break
        match.play(rng.choice(state.legal_actions()))
    for seat in [*range(n), None]:
        lines = [e.text for e in match.log if e.visible_to(seat)]
        if match.state.outcome is not None:
            lines.append(match.state.outcome.reason)
        table = name_table(game.render(match.state.view(seat), ASCII), labels, NAMES[:n], seat)
        text = name_seats("\n".join(lines), labels, NAMES[:n], seat) + "\n" + table
        found += engine_words(text, named=True, game_id=game_id)
    assert not found


@pytest.mark.parametrize(
    ("game_id", "extra"),
    [
        ("cipher-run", []),
        ("hack-me", []),
        ("cypher", ["--players", "3"]),
        ("cyberpunk-ccg", ["--sponsor", "the-mob"]),
    ],
)
def test_a_replay_names_its_seats_and_moves_in_words(
    game_id: str, extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cyberdeck replay`` from the player's seat: the moves as the menu said them, each seat
    by the name it played under ("you", "Random AI"), never by its label."""
    monkeypatch.setenv("CYBERDECK_DATA_DIR", str(tmp_path))
    played = CliRunner().invoke(
        app,
        ["play", game_id, *extra, "--seed", "3", "--ai", "random", "--no-colour"],
        input="1\n" * 120 + "quit\n",
    )
    assert played.exit_code == 0, played.output[-2000:]
    (record,) = (tmp_path / "records").glob("*.json")
    shown = CliRunner().invoke(app, ["replay", str(record), "--seat", "0", "--no-colour"])
    assert shown.exit_code == 0, shown.output[-2000:]
    assert "Random AI" in shown.output
    assert not engine_words(shown.output, named=True, game_id=game_id)


@pytest.mark.parametrize("page", sorted(p.name for p in (DOCS / "rules").glob("*.md")))
def test_a_rules_page_shows_no_engine_words(page: str) -> None:
    text = (DOCS / "rules" / page).read_text()
    assert not engine_words(text, named=False, game_id=page.removesuffix(".md"))


def test_the_scan_finds_each_engine_word() -> None:
    """The scan would see each word it looks for."""
    for line, what in [
        ("Newsfeed Reporter (c200) enters play.", "a card's instance code"),
        ("Info Broker uses street-deal.", "an ability's key"),
        ("Heavy Pistol (card 150)", "a card's instance number"),
        ("Teams: t1 [Beat Cop]", "a team's code"),
        ("in steps of 5 (COMBAT_SCALE in cardset.py)", "a constant's name"),
        ("Rules: breach at start, pivot flip.", "an option's key"),
        ("Turn 6 (cap 120), your turn", "the engine's turn cap"),
        ("Arcology Mall gets -20 esec.", "a stat's key"),
        ("Game over — you wins: 100 Ops.", "'you' with a verb for one"),
        ("You play the sponsor N.C.P.D..", "a doubled full stop"),
    ]:
        assert [f.split(":")[0] for f in engine_words(line, named=False)] == [what]
    assert engine_words("The table answers for player 1: pass.", named=True)
    assert engine_words("Pay with N.C.P.D. (c1): 6 EB", named=False, game_id="cyberpunk-ccg")
    assert not engine_words("9H is dealt to c1. Piles a1..c3, empty ..", named=True)

"""What sits in a seat of a simulated game: an agent, and the deck it plays (if the game has decks).

A deck is read once, in the designer's process, into the card texts ``new_state`` accepts, so the
worker processes (or a Dask cluster far away) never read a file and every record spells its decks
out in full.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..agents import make_agent
from ..agents.levels import spec_text
from ..engine import BadDeck, BadOption, Game


@dataclass(frozen=True, slots=True)
class Entry:
    """An agent spec and a deck: ``deck`` names it for people, ``cards`` are its card texts
    (``None``: the game's default deck for the seat)."""

    agent: str
    deck: str = ""
    cards: tuple[str, ...] | None = None

    @property
    def label(self) -> str:
        return f"{self.agent}/{self.deck}" if self.deck else self.agent


def read_deck(game: Game, source: str) -> tuple[str, tuple[str, ...]]:
    """A deck's name and cards from a starter deck's handle or a deck-list file; ``BadDeck``
    with every problem when it cannot be read or breaks the game's deck rules."""
    if not game.has_decks:
        raise BadOption(f"{game.title} is not played with decks of your own.")
    wanted = source.strip().lower()
    for deck in game.starter_decks():
        if wanted in (deck.handle, deck.name.lower()):
            return deck.handle, tuple(str(c) for c in deck.cards)
    path = Path(source)
    if not path.is_file():
        starters = ", ".join(d.handle for d in game.starter_decks()) or "none"
        raise BadOption(
            f"There is no deck file '{source}' (starter decks of {game.title}: {starters})."
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BadOption(f"Cannot read the deck file {source}: {err}.") from None
    cards, problems = game.check_deck(text)
    if problems:
        raise BadDeck([f"{source}: {p}" for p in problems])
    return path.stem, tuple(str(c) for c in cards)


def make_entries(
    game: Game, agents: list[str], decks: list[str] | None = None, players: int | None = None
) -> list[Entry]:
    """One entry per agent, paired with the deck at the same place (decks may be fewer: the
    others play the game's default). Every name is checked here (for a table of ``players``,
    where given), before any game is played."""
    decks = decks or []
    if len(decks) > len(agents):
        raise BadOption(f"{len(decks)} decks for {len(agents)} seats: give one deck per seat.")
    entries = []
    for i, agent in enumerate(agents):
        make_agent(agent, 0, game, players=players)
        if i < len(decks):
            name, cards = read_deck(game, decks[i])
            entries.append(Entry(spec_text(agent), name, cards))
        else:
            entries.append(Entry(spec_text(agent)))
    return entries

"""A CCG lesson's stacked deck: the learner's deck list written in the order that the lesson's
deal shuffles into the draws the lesson wants.

    PYTHONPATH=src python scripts/ccg_stacked_deck.py \
        --runs detective-sergeant,precinct-house,street-samurai --gear monoblade,shock-baton

reads the deal (its seed, the learner's seat and both decks) from the CCG's tutorial script (or
``--script FILE``) and prints the learner's deck list with the same cards, listed so that its Runs
deck is drawn in the ``--runs`` order first and its Gear deck in the ``--gear`` order (the rest of
each deck after them, by slug: the same list whatever order the deck had). The deal's shuffle is a Fisher-Yates from the seed, so it moves the same
places whatever cards are in them: a deck of the same sizes is shuffled the same way, and what is
listed at a place is what is drawn from it. The wanted cards must be in the deck. Check the
lesson after (the tests play it): which player goes first depends on the Gear card each player
cuts, so a new Gear order can change it.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from cyberdeck.engine import load_game
from cyberdeck.engine.tutorial import Script, load_script, read_script
from cyberdeck.games.cyberpunk_ccg.cardset import BY_SLUG, CARDS
from cyberdeck.games.cyberpunk_ccg.state import CyberState

GAME = load_game("cyberpunk-ccg")
DECKS = ("runs", "gear")


def dealt(script: Script, decks: list[list[str]]) -> dict[str, list[tuple[int, str]]]:
    """The learner's Runs and Gear decks as the deal shuffles them, top card first: each card's
    id in the game and its slug."""
    state = GAME.new_state(script.options, script.seed, decks)
    assert isinstance(state, CyberState)
    piles = {"runs": state.runs[script.seat], "gear": state.gear[script.seat]}
    return {deck: [(i, state.defs[i].slug) for i in reversed(pile)] for deck, pile in piles.items()}


def places(script: Script, decks: list[list[str]]) -> dict[str, list[int]]:
    """For each deck, the place in the list (among that deck's cards) of the card drawn first,
    second, and so on: the card ids follow the list's order, and each deck is shuffled alone."""
    out = {}
    for deck, pile in dealt(script, decks).items():
        listed = sorted(i for i, _ in pile)
        out[deck] = [listed.index(i) for i, _ in pile]
    return out


def stack(script: Script, wanted: dict[str, list[str]]) -> list[str]:
    """The learner's cards (the sponsor first) listed so that each deck draws ``wanted`` first."""
    decks = [list(GAME.read_deck(d)) if isinstance(d, str) else list(d) for d in script.decks]
    cards = decks[script.seat]
    sponsor = [c for c in cards if CARDS[BY_SLUG[c]].kind == "sponsor"]
    where = places(script, decks)
    listed: list[str] = list(sponsor)
    for deck in DECKS:
        mine = [c for c in cards if CARDS[BY_SLUG[c]].deck == deck]
        missing = Counter(wanted[deck]) - Counter(mine)
        if missing:
            raise SystemExit(f"Not in the {deck.capitalize()} deck: {', '.join(missing)}.")
        # The rest in the order of their slugs: the same list whatever order the deck had.
        order = list(wanted[deck]) + sorted((Counter(mine) - Counter(wanted[deck])).elements())
        placed = [""] * len(mine)
        for k, card in enumerate(order):
            placed[where[deck][k]] = card
        listed += placed
    decks[script.seat] = listed
    for deck, pile in dealt(script, decks).items():
        got = [slug for _, slug in pile[: len(wanted[deck])]]
        assert got == wanted[deck], f"the {deck} deck draws {got}, not {wanted[deck]}"
    return listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--script", type=Path, help="a tutorial script (the CCG's own by default)")
    parser.add_argument("--runs", default="", help="the Runs deck's first draws, by slug, commas")
    parser.add_argument("--gear", default="", help="the Gear deck's first draws, by slug, commas")
    parser.add_argument("--name", default="Learner's N.C.P.D.", help="the deck list's name")
    args = parser.parse_args()
    script = read_script(args.script.read_text(), GAME) if args.script else load_script(GAME)
    if script is None:
        raise SystemExit("No tutorial script for the CCG.")
    wanted = {deck: [c for c in getattr(args, deck).split(",") if c] for deck in DECKS}
    listed = stack(script, wanted)
    sys.stdout.write(in_order(listed, args.name))


def in_order(cards: list[str], name: str) -> str:
    """A deck list in exactly this order (``deck_text`` sorts by kind and name): a card repeated
    at neighbouring places is one line with its count."""
    lines = [f"# name: {name}"]
    for card in cards:
        count, _, last = lines[-1].partition(" ")
        if last == card and count.isdigit():
            lines[-1] = f"{int(count) + 1} {card}"
        else:
            lines.append(f"1 {card}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()

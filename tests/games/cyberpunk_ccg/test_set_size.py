"""Every page that says how big Night City Core is says what the card data holds."""

from __future__ import annotations

import re
from pathlib import Path

from cyberdeck.games.cyberpunk_ccg import GAME
from cyberdeck.games.cyberpunk_ccg.cards import SPONSOR
from cyberdeck.games.cyberpunk_ccg.cardset import CARDS, set_size

ROOT = Path(__file__).resolve().parents[3]
#: How a page states the set's size: "105-card set", "110 cards", "104 original cards and 7
#: sponsors".
SIZE = re.compile(r"\b\d+(?:-card set|(?: original)? cards(?: and \d+ sponsors)?)")


def stated(text: str) -> list[str]:
    return [m.group(0).replace(" original", "") for m in SIZE.finditer(text)]


def test_the_set_size_counts_the_cards_and_the_sponsors() -> None:
    sponsors = [d for d in CARDS if d.kind == SPONSOR]
    assert set_size() == f"{len(CARDS) - len(sponsors)} cards and {len(sponsors)} sponsors"


def test_the_rules_page_states_the_set_size() -> None:
    text = (ROOT / "docs" / "rules" / "cyberpunk-ccg.md").read_text()
    assert stated(text.split("## ")[0]) == [set_size()]


def test_the_arcades_pitch_states_the_set_size() -> None:
    assert stated(GAME.pitch) == [set_size()]

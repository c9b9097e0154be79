"""Deck building: reading deck lists, the deck rules, and the six starter decks.

A deck is a list of card-definition indices (into ``CARDS``). Deck lists name cards by name or slug.
"""

from __future__ import annotations

from collections import Counter

from ...engine import BadDeck, Deck, DeckCard, format_decklist, read_decklist
from .cards import SPONSOR, CardDef
from .cardset import BY_NAME, BY_SLUG, CARDS

MIN_CARDS = 85
MIN_RUNS = 42
MIN_GEAR = 42
MAX_COPIES = 4
#: The product's own limit: the action space is fixed, so a deck holds at most this many cards.
MAX_CARDS = 120


def read_card(token: str) -> int:
    key = token.strip().lower()
    if key in BY_SLUG:
        return BY_SLUG[key]
    if key in BY_NAME:
        return BY_NAME[key]
    raise ValueError(f"'{token.strip()}' is not a card of Night City Core.")


def read_deck(text: str) -> list[int]:
    return read_decklist(text, read_card)


def deck_text(cards: list[int], name: str = "", about: str = "") -> str:
    return format_decklist(cards, lambda c: CARDS[c].name, name, about, order=_order)


def _order(card: int) -> tuple[int, str]:
    kinds = ("sponsor", "location", "operation", "runner", "cyber", "equipment", "event")
    return (kinds.index(CARDS[card].kind), CARDS[card].name)


#: The numbers and words a deck builder shows beside a card, as players read them in the rules.
_FACTS = (
    ("Income", "income"), ("EB", "eb"), ("M-Sec", "msec"), ("E-Sec", "esec"), ("Ops", "ops"),
    ("Runner type", "rtype"), ("SR", "sr"), ("LR", "lr"), ("Defense", "df"), ("Power", "power"),
    ("Empathy", "empathy"), ("Body part", "part"), ("Gear", "gear"), ("Movement", "movement"),
    ("Capacity", "capacity"), ("Wheels", "wheels"),
)  # fmt: skip
_SECTIONS = {"": "Sponsor", "runs": "Runs deck", "gear": "Gear deck"}


def deck_cards() -> list[DeckCard]:
    """Night City Core as a deck builder lists it: the sponsor, then by kind and name."""
    return [_deck_card(CARDS[c]) for c in sorted(range(len(CARDS)), key=_order)]


def _deck_card(d: CardDef) -> DeckCard:
    facts: dict[str, object] = {"Faction": d.faction}
    if d.kind != SPONSOR:
        facts["Cost"] = d.cost
    if d.style:
        facts["Style"] = d.style
    for label, attr in _FACTS:
        value = getattr(d, attr)
        if value:
            facts[label] = value
    if d.traits:
        facts["Traits"] = ", ".join(sorted(d.traits))
    return DeckCard(
        code=d.slug,
        name=d.name,
        kind=d.kind.capitalize(),
        section=_SECTIONS[d.deck],
        copies=1 if d.legendary or d.kind == SPONSOR else MAX_COPIES,
        text=d.text,
        facts=facts,
    )


def validate(cards: list[int]) -> list[str]:
    """Every deck rule the list breaks, one sentence each (empty when the deck is legal)."""
    problems: list[str] = []
    defs = [CARDS[c] for c in cards]
    sponsors = [d for d in defs if d.kind == SPONSOR]
    if len(sponsors) != 1:
        problems.append(f"A deck needs exactly 1 Sponsor; this one has {len(sponsors)}.")
    if len(cards) < MIN_CARDS:
        problems.append(f"A deck needs at least {MIN_CARDS} cards; this one has {len(cards)}.")
    if len(cards) > MAX_CARDS:
        problems.append(f"A deck may hold at most {MAX_CARDS} cards; this one has {len(cards)}.")
    runs = sum(1 for d in defs if d.deck == "runs")
    gear = sum(1 for d in defs if d.deck == "gear")
    if runs < MIN_RUNS:
        problems.append(f"The Runs deck needs at least {MIN_RUNS} cards; it has {runs}.")
    if gear < MIN_GEAR:
        problems.append(f"The Gear deck needs at least {MIN_GEAR} cards; it has {gear}.")
    for card, count in sorted(Counter(cards).items()):
        d = CARDS[card]
        if d.legendary and count > 1:
            problems.append(f"{d.name} is Legendary: at most 1 copy, not {count}.")
        elif not d.legendary and d.kind != SPONSOR and count > MAX_COPIES:
            problems.append(f"{d.name}: at most {MAX_COPIES} copies, not {count}.")
    return problems


def check(cards: list[int]) -> None:
    problems = validate(cards)
    if problems:
        raise BadDeck(problems)


def _deck(sponsor: str, *entries: tuple[int, str]) -> list[int]:
    cards = [BY_SLUG[sponsor]]
    for count, slug in entries:
        cards.extend([BY_SLUG[slug]] * count)
    return cards


STARTERS: dict[str, tuple[str, str, list[int]]] = {
    "ncpd": (
        "Thin Blue Line",
        "N.C.P.D.: cops, busts and sturdy government sites.",
        _deck(
            "ncpd",
            (4, "beat-cop"), (4, "detective-sergeant"), (3, "psycho-squad-officer"),
            (1, "precinct-captain"),
            (4, "patrol-officer"), (4, "precinct-house"), (4, "city-hall"), (4, "noodle-stand"),
            (4, "sting-operation"), (4, "patrol-sweep"), (4, "citywide-blackout"),
            (2, "back-alley-doc"), (4, "street-samurai"), (4, "corporate-bodyguard"),
            (4, "shock-baton"), (4, "riot-armor"), (4, "police-interceptor"),
            (4, "gunship-copter"), (4, "police-scanner"), (2, "flashbang"), (4, "police-raid"),
            (4, "backup-arrives"), (4, "lockdown"), (4, "heavy-pistol"), (4, "cyberoptics"), (4, "armored-jacket"), (2, "burn-notice"), (1, "ripper-shot"),
        ),
    ),
    "the-mob": (
        "Family Business",
        "The Mob: a spread of rackets and every kind of Location.",
        _deck(
            "the-mob",
            (4, "neon-dive"), (3, "chrome-lounge"), (4, "night-market"),
            (4, "fab-works"), (3, "net-cafe"), (4, "street-clinic"), (3, "street-fixer"),
            (4, "info-broker"), (4, "ganger"), (4, "street-samurai"), (4, "protection-racket"),
            (4, "smash-and-grab"), (1, "street-race"),
            (4, "heavy-pistol"), (4, "monoblade"), (4, "armored-jacket"), (4, "muscle-car"),
            (4, "payday"), (4, "street-intel"), (4, "ambush"), (4, "adrenaline-rush"),
            (3, "ripper-shot"), (4, "muscle-lace"), (4, "cyberlegs"), (4, "trauma-kit"), (2, "cover-fire"), (2, "back-alley-doc"), (2, "newsfeed-reporter"), (1, "garage-rocker"), (3, "corporate-plaza"),
        ),
    ),
    "militech": (
        "Shock and Awe",
        "Militech: hard soldiers in armored rides, quick jobs, a hit on the Stash.",
        _deck(
            "militech",
            (4, "corporate-bodyguard"), (3, "merc-sniper"), (4, "junior-exec"),
            (4, "street-samurai"), (4, "trauma-medic"), (4, "arcology-mall"), (4, "fab-works"),
            (4, "data-fortress"), (3, "corporate-plaza"), (4, "street-race"),
            (2, "smash-and-grab"), (2, "corporate-extraction"), (2, "data-heist"), (4, "star-anchor"),
            (2, "police-scanner"), (2, "heavy-pistol"), (2, "trauma-kit"), (4, "armored-truck"),
            (3, "aerodyne"), (4, "smartgun-link"), (4, "cyberoptics"), (4, "subdermal-plating"),
            (4, "reflex-booster"),
            (2, "media-blitz"), (4, "payday"), (2, "system-crash"),
            (4, "exfiltration"), (4, "biomonitor"),
            (4, "riot-armor"), (2, "noodle-stand"),
        ),
    ),
    "the-nomads": (
        "Open Road",
        "The Nomads: families on wheels, fast and hard to pin down.",
        _deck(
            "the-nomads",
            (4, "road-warrior"), (4, "clan-elder"), (4, "gearhead"), (4, "street-fixer"),
            (2, "the-open-road"), (4, "neon-dive"), (4, "night-market"), (4, "warehouse-row"),
            (4, "net-cafe"), (4, "street-race"), (4, "smash-and-grab"), (4, "protection-racket"),
            (4, "street-samurai"),
            (3, "hover-bike"), (3, "road-train"), (3, "tiltrotor"), (3, "muscle-car"),
            (1, "street-bike"), (1, "hover-sled"), (4, "heavy-pistol"),
            (4, "armored-jacket"), (4, "adrenaline-rush"), (4, "street-intel"), (4, "cover-fire"),
            (1, "monoblade"), (3, "ripper-shot"), (2, "ambush"), (2, "muscle-lace"), (4, "ganger"), (3, "info-broker"),
        ),
    ),
    "friendly-gangs": (
        "Chrome and Gasoline",
        "Your Friendly Local Gangs: blades, noise and a Punknaught in the garage.",
        _deck(
            "friendly-gangs",
            (4, "ganger"), (4, "garage-rocker"), (3, "street-samurai"), (4, "gearhead"),
            (4, "chop-shop-boss"), (1, "chrome-idol"), (3, "blade-master"), (4, "neon-dive"),
            (3, "net-cafe"),
            (4, "warehouse-row"), (4, "night-market"), (4, "protection-racket"),
            (4, "smash-and-grab"), (4, "street-race"),
            (2, "punknaught-chassis"), (4, "trashin-the-corp-zone"), (4, "monoblade"),
            (4, "mantis-blades"), (3, "door-minigun"), (3, "street-bike"), (1, "armored-truck"),
            (3, "road-train"), (3, "hover-sled"), (2, "tiltrotor"), (3, "muscle-car"),
            (4, "ambush"), (4, "adrenaline-rush"), (4, "ripper-shot"), (2, "cover-fire"), (3, "neural-jack"),
        ),
    ),
    "arasaka": (
        "Your First Run",
        "Arasaka: walls of Defense and rich corporate holdings.",
        _deck(
            "arasaka",
            (4, "star-anchor"), (4, "junior-exec"),
            (1, "chairwoman-okabe"),
            (4, "merc-sniper"), (4, "console-cowboy"), (1, "ghost-in-the-wire"),
            (4, "back-alley-doc"), (4, "corporate-plaza"), (4, "arcology-mall"),
            (4, "data-fortress"), (4, "fab-works"), (4, "data-heist"), (4, "black-op"),
            (4, "corporate-extraction"),
            (4, "reflex-booster"), (1, "overclock-spine"), (4, "assault-rifle"),
            (4, "smartgun-link"), (4, "cyberoptics"), (4, "cyberdeck-rig"), (2, "police-scanner"),
            (2, "heavy-pistol"), (2, "street-intel"),
            (4, "aerodyne"), (4, "payday"), (4, "media-blitz"), (2, "overwhelming-force"),
            (2, "system-crash"), (4, "backup-arrives"), (2, "smear-campaign"),
        ),
    ),
}  # fmt: skip

SPONSOR_CHOICES: tuple[str, ...] = tuple(STARTERS)


def starter_decks() -> list[Deck]:
    return [
        Deck(name, tuple(cards), about, key=key) for key, (name, about, cards) in STARTERS.items()
    ]

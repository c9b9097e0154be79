"""Cyberpunk CCG: a card read in full — cost, faction, type, stats, attributes, ability text — for
the terminal's ``look``, the hand line and ``deck show``.

Everything here is printed on the cards of the public card set (or, for a card in play, shown
in the view), so reading a card never tells a seat anything it may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Style
from .cards import CYBER, LOCATION, OPERATION, RUNNER, SPONSOR, CardDef
from .cardset import BY_SLUG, CARDS, COMBAT_SCALE

#: The runner types' inherent abilities (not printed on the cards; the rules doc has them whole).
#: Where Power becomes a combat number, ``{combat}`` is what the runner's Power comes to.
RUNNER_ABILITIES = {
    "cop": "Authority: answers an opposing runner's ability with more Power to bust it.",
    "corp": "Pays half its Power as EB, or boosts the next Location paying; Damage: recovers a "
    "cheaper Location.",
    "fixer": "Lowers an Operation's price by its Power; Street Deal; Damage: recovers cheaper "
    "gear.",
    "med-tech": "Saves a weaker runner of yours from being trashed; Damage: renews one.",
    "media": "Credibility (Legwork): raises an M-Sec by {combat} ({scale} a point of Power).",
    "netrunner": "Interface (Legwork): raises or lowers an E-Sec by {combat} ({scale} a point of "
    "Power).",
    "nomad": "Family: gives half its Power to another runner; a team with a Nomad holds five.",
    "rocker": "Charisma (Legwork): lowers an M-Sec by {combat} ({scale} a point of Power).",
    "solo": "Combat Sense: adds {combat} ({scale} a point of Power) to attack or Defense in its "
    "own fight.",
    "techie": "Saves gear from being trashed; Damage: builds onto the Punknaught Chassis.",
}


def find(name: str) -> CardDef | None:
    """A card of the set by slug or by name, any case (``night-market``, ``"Night Market"``)."""
    key = name.strip().strip("\"'").lower()
    if key in BY_SLUG:
        return CARDS[BY_SLUG[key]]
    slug = "-".join(key.replace("'", "").split())
    if slug in BY_SLUG:
        return CARDS[BY_SLUG[slug]]
    return next((d for d in CARDS if d.name.lower() == key), None)


def headline(d: CardDef) -> str:
    """Cost, faction and type in a few words: ``3 EB, street Runner (Solo)``."""
    kind = d.kind.capitalize()
    if d.kind == RUNNER:
        kind += f" ({d.rtype})"
    elif d.gear:
        kind += f" ({d.gear})"
    faction = f"{d.faction} " if d.faction else ""
    cost = f"income {d.income} EB" if d.kind == SPONSOR else f"{d.cost} EB"
    return f"{cost}, {faction}{kind}"


def stats(d: CardDef) -> str:
    """The printed numbers that matter for the card's type."""
    parts: list[str] = []
    if d.kind in (LOCATION, OPERATION):
        parts += [f"M-Sec {d.msec}", f"E-Sec {d.esec}", f"ATTACK {d.security}", f"Ops {d.ops}"]
        if d.eb:
            parts.append(f"EB {d.eb}")
    else:
        for label, value in (
            ("SR", d.sr),
            ("LR", d.lr),
            ("Def", d.df),
            ("Pow", d.power),
            ("Emp", -d.empathy if d.kind == CYBER else d.empathy),
            ("Mv", d.movement),
            ("Cap", d.capacity),
        ):
            if value or (d.kind == RUNNER and label in ("SR", "LR", "Def", "Pow")):
                parts.append(f"{label} {value:+d}" if d.kind != RUNNER else f"{label} {value}")
    if d.style:
        parts.append(f"Style {d.style}")
    return " ".join(parts)


def attributes(d: CardDef) -> str:
    words = sorted(d.traits)
    if d.part:
        words.insert(0, d.part)
    return ", ".join(words)


def short(d: CardDef, cost: int) -> str:
    """A card in a hand line: its name, what it costs its holder (``cost``; the printed cost
    too where the sponsor's faction takes some off) and key stats."""
    numbers = stats(d)
    printed = f", printed {d.cost}" if cost != d.cost else ""
    return f"{d.name} ({cost} EB{printed}{', ' + numbers if numbers else ''})"


def full(d: CardDef, style: Style) -> list[str]:
    """Every line printed on the card, and a runner type's inherent ability."""
    lines = [f"{style.paint(d.name, 'bold')} — {headline(d)}"]
    numbers = stats(d)
    if numbers:
        lines.append(f"  {numbers}")
    attrs = attributes(d)
    if attrs:
        lines.append(f"  Attributes: {attrs}")
    if d.text:
        lines.append(f"  {d.text}")
    if d.kind == RUNNER and d.rtype in RUNNER_ABILITIES:
        ability = RUNNER_ABILITIES[d.rtype].format(
            combat=d.power * COMBAT_SCALE, scale=COMBAT_SCALE
        )
        lines.append(f"  {d.rtype.capitalize()}: {ability}")
    return lines


#: Where a card out of play lies, as a look says it.
_PLACES = {"play": "in play", "stash": "in a Stash", "discard": "in a discard pile"}


def _in_view(view: Mapping[str, Any], token: str) -> tuple[Mapping[str, Any], str] | None:
    """The card on the table the table calls ``token`` (its instance too: moves name it so), and
    the zone it is in."""
    names = view.get("names", {})
    for pl in view.get("players", []):
        for zone in ("play", "stash", "discard"):
            for card in pl.get(zone, []):
                if token in (card["id"], names.get(card["id"], "").lower()):
                    return card, zone
    return None


def _now(card: Mapping[str, Any], zone: str, names: Mapping[str, str]) -> str:
    """A card in play as it stands now (stats after gear and effects, used, team). A card out of
    play (a runner in a discard pile) is shown by the view as the printed card alone: it has no
    standing stats, only its place."""
    if "used" not in card:
        return f"  {names[card['id']]}, {_PLACES[zone]}"
    bits = [f"{names[card['id']]}, in play"]
    if card["used"]:
        bits.append("used")
    if card["kind"] == RUNNER:
        bits.append(
            f"now SR {card['sr']} LR {card['lr']} Def {card['df']} Pow {card['power']} "
            f"Emp {card['empathy']} Mv {card['movement']}"
        )
        if card.get("team"):
            bits.append(f"team {card['team']}")
    elif card["kind"] in (LOCATION, OPERATION) and "msec" in card:
        bits.append(f"now M-Sec {card['msec']} E-Sec {card['esec']} ATTACK {card['attack']}")
    if card.get("on"):
        bits.append(f"on {names[card['on']]}")
    return "  " + ", ".join(bits)


def inspect(view: Mapping[str, Any], target: str, style: Style) -> str | None:
    """``look Beat Cop #2`` (a card on the table by what the table calls it), ``look hand``
    (every card in the viewer's hand) or ``look Night Market`` (any card of the set by name or
    slug; one on the table comes first, as it stands now)."""
    token = target.strip().strip("\"'").lower()
    if token == "hand":
        mine = next((pl for pl in view.get("players", []) if pl.get("hand") is not None), None)
        if mine is None:
            return "You have no hand to look at."
        if not mine["hand"]:
            return "Your hand is empty."
        lines: list[str] = []
        for slug in dict.fromkeys(mine["hand"]):
            count = mine["hand"].count(slug)
            card = full(CARDS[BY_SLUG[slug]], style)
            if count > 1:
                card[0] += f"  (x{count})"
            lines += card
        return "\n".join(lines)
    shown = _in_view(view, token)
    if shown is not None:
        seen, zone = shown
        now = _now(seen, zone, view["names"])
        return "\n".join([*full(CARDS[BY_SLUG[seen["card"]]], style), now])
    d = find(target)
    return "\n".join(full(d, style)) if d is not None else None


MOVES_HELP = """Cyberpunk CCG: choose a move by its number; Enter takes a proposed payment, and g1,
  g2 ... make several moves at once (buy and pay, team up, send a team in).
  A card on the table goes by its name, with its copy's number where its owner shows two
  ("Beat Cop #2"); teams are numbered 1 to 6.
  look Beat Cop #2, look hand, look Night Market: read a card whole (cost, stats, ability
  text; one on the table as it stands now)."""

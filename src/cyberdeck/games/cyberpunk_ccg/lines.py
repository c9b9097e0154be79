"""Cyberpunk CCG in line mode (``--plain``): the table in sentences, for screen readers and dumb
terminals. The drawn table's short labels ("SR 25 LR 10 Def 20", "M-Sec 40") are spelled out,
and each card is a sentence of its own, so that a reader can skip from card to card."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engine import counted
from . import cardtext
from .cardset import BY_SLUG, CARDS

#: The drawn table's labels, as a line reads them.
LABELS = {
    "SR": "short range",
    "LR": "long range",
    "Def": "defense",
    "Pow": "power",
    "Emp": "empathy",
    "Mv": "movement",
    "Cap": "capacity",
    "M-Sec": "military security",
    "E-Sec": "electronic security",
    "ATTACK": "attack",
    "Ops": "Ops",
    "EB": "EB",
    "Style": "style",
}
#: Labels a line reads after their number ("14 Ops", "2 EB"), as the rules count them.
COUNTED = ("Ops", "EB")
_STAT = re.compile(r"\b(SR|LR|Def|Pow|Emp|Mv|Cap|M-Sec|E-Sec|ATTACK|Ops|EB|Style) ([+-]?\d+)")


def _spell(match: re.Match[str]) -> str:
    label, number = match.group(1), match.group(2)
    return f"{number} {label}" if label in COUNTED else f"{LABELS[label]} {number}"


def spelled(numbers: str) -> str:
    """A card's numbers as the drawn table prints them, in words: "SR 25 LR 10" -> "short
    range 25, long range 10"."""
    return ", ".join(_spell(m) for m in _STAT.finditer(numbers))


def spell_labels(text: str) -> str:
    """A sentence with each short label before a number spelled out ("against Smash and Grab
    (ATTACK 30)" -> "(attack 30)")."""
    return _STAT.sub(_spell, text)


def _in_play(card: Mapping[str, Any], label: str, short: bool) -> str:
    """A card on the table as a sentence; ``short``: its name, kind and state only (``look``
    reads its numbers), for a short window."""
    if short:
        kind = (
            "an operation"
            if card["kind"] == "operation"
            else f"a {card.get('type') or card['kind']}"
        )
        state = [s for s, on in (("opened", card.get("opened")), ("used", card["used"])) if on]
        if card.get("team"):
            state.append(f"in team {card['team']}")
        return f"{label}, {kind}" + (f", {', '.join(state)}." if state else ".")
    if card["kind"] == "runner":
        numbers = (
            f"short range {card['sr']}, long range {card['lr']}, defense {card['df']}, "
            f"power {card['power']}, empathy {card['empathy']}, movement {card['movement']}"
        )
        state = []
        if card.get("busted"):
            state.append("busted")
        elif card["used"]:
            state.append("used")
        if card["psycho"]:
            state.append("a cyber-psycho")
        if card["team"]:
            state.append(f"in team {card['team']}")
        what = f"{label}, a {card['type']}: {numbers}"
        return what + (f"; {', '.join(state)}." if state else ".")
    if card["kind"] in ("location", "operation"):
        numbers = (
            f"military security {card['msec']}, electronic security {card['esec']}, "
            f"attack {card['attack']}, {card['ops']} Ops"
        )
        if card["kind"] == "location":
            numbers += f", {card['eb']} EB"
        state = [s for s, on in (("opened", card.get("opened")), ("used", card["used"])) if on]
        what = f"{label}, {'a location' if card['kind'] == 'location' else 'an operation'}: "
        return what + numbers + (f"; {', '.join(state)}." if state else ".")
    return f"{label}."


def attached(play: list[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """The cards in play that sit on another card, by the id of the card they are on."""
    on: dict[str, list[Mapping[str, Any]]] = {}
    for card in play:
        if "on" in card:
            on.setdefault(card["on"], []).append(card)
    return on


def teamed(play: list[Mapping[str, Any]]) -> dict[int, list[Mapping[str, Any]]]:
    """The runners in play on a team, by team number."""
    teams: dict[int, list[Mapping[str, Any]]] = {}
    for card in play:
        if card["kind"] == "runner" and card["team"]:
            teams.setdefault(card["team"], []).append(card)
    return teams


def player_lines(view: Mapping[str, Any], p: int, short: bool = False) -> list[str]:
    """One player's side in sentences: who they are, their counts, each card on the table, the
    teams, the stash, and (for the reader's own seat) the hand, a card a line. ``short`` (a
    window of few lines): the cards by name, kind and state, the hand in one sentence by name
    and price; ``look`` reads any card's numbers."""
    pl, called = view["players"][p], view["names"]
    mine = pl.get("hand") is not None
    who = f"Player {p + 1} (you)" if mine else f"Player {p + 1}"
    lines = [
        f"{who}: {pl['sponsor']}, a {pl['faction']} sponsor. {pl['ops']} Ops, {pl['style']} "
        f"Style, {counted(pl['busts'], 'bust')}; {pl['funds']} EB to spend"
        + (f" ({pl['bank_next_turn']} more next turn)" if pl.get("bank_next_turn") else "")
        + f"; {counted(pl['hand_count'], 'card')} in hand, {pl['runs_deck']} in the Runs deck, "
        f"{pl['gear_deck']} in the Gear deck."
    ]
    on = attached(pl["play"])
    for card in pl["play"]:
        if "on" in card or card["kind"] == "sponsor":
            continue
        lines.append("  " + _in_play(card, called[card["id"]], short))
        for att in on.get(card["id"], []):
            state = ["used"] if att["used"] else []
            if att.get("drawn"):
                state.append("drawn")
            if "tokens" in att:
                state.append(counted(att["tokens"], "token"))
                if att["complete"]:
                    state.append("complete")
            parts = ", ".join(called[part["id"]] for part in on.get(att["id"], []))
            built = f", built with {parts}" if parts else ""
            tail = f" ({', '.join(state)})" if state else ""
            lines.append(f"    {called[att['id']]} is on {called[card['id']]}{built}{tail}.")
    teams = teamed(pl["play"])
    for k in sorted(teams):
        ready = [r for r in teams[k] if not r["used"]]
        attack = sum(r["sr"] + r["lr"] for r in ready)
        defense = sum(r["df"] for r in ready)
        members = ", ".join(called[r["id"]] for r in teams[k])
        lines.append(f"  Team {k}: {members}; attack {attack}, defense {defense}.")
    if pl["stash"]:
        lines.append("  In the Stash: " + ", ".join(called[c["id"]] for c in pl["stash"]) + ".")
    if mine:
        counts = Counter(pl["hand"])
        if short and counts:
            priced = [
                f"{CARDS[BY_SLUG[slug]].name} for {pl['hand_costs'][slug]} EB"
                + (f" ({n} copies)" if n > 1 else "")
                for slug, n in counts.items()
            ]
            lines.append(f"  Your hand: {'; '.join(priced)}. 'look hand' reads them.")
            return lines
        lines.append("  Your hand is empty." if not counts else "  Your hand:")
        for slug, n in counts.items():
            card = CARDS[BY_SLUG[slug]]
            cost = pl["hand_costs"][slug]
            printed = f" (printed {card.cost})" if cost != card.cost else ""
            copies = f"{n} copies of " if n > 1 else ""
            numbers = spelled(cardtext.stats(card))
            lines.append(f"    {copies}{card.name}, {cost} EB{printed}: {numbers}.")
    return lines

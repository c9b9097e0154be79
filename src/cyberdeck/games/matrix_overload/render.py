"""MATR1X 0VERL0AD as text, drawn from a view: a grid with colours, or sentences in line mode."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...engine import Action, Card, Style, counted, spell_cards
from ...engine.text import capitalised
from .layout import PILE_NAMES, SLOT_NAMES

CELL = 9


def _card(text: str, style: Style) -> str:
    return style.card(Card.parse(text))


def _pad(text: str, visible: int, width: int = CELL) -> str:
    return text + " " * max(0, width - visible)


def _visible_len(card_text: str) -> int:
    return len(Card.parse(card_text).symbol)


def _slot_cell(name: str, slot: Mapping[str, Any], style: Style) -> str:
    """``QS 12`` for a living firewall, ``×QS`` for a killed one, ``+3`` for preventative ICE."""
    if slot["status"] == "living":
        card = slot["royal"]
        body = _card(card, style) if style.colour else card
        shown = len(Card.parse(card).symbol if style.colour else card)
        text = f"{body} {style.paint(str(slot['health']), 'yellow')}"
        return _pad(text, shown + 1 + len(str(slot["health"])))
    if slot["status"] == "killed":
        text = "x" + slot["royal"]
        return _pad(style.paint(text, "grey"), len(text))
    if slot["ice"]:
        text = f"+{slot['health']}"
        return _pad(style.paint(text, "cyan"), len(text))
    return _pad(style.paint(name, "grey"), len(name))


def _pile_cell(cards: list[str], style: Style) -> str:
    if not cards:
        return _pad(style.paint("  ..", "grey"), 4)
    top = cards[-1]
    shown = _visible_len(top) if style.colour else len(top)
    count = f"({len(cards)})" if len(cards) > 1 else ""
    return _pad(f"[{_card(top, style) if style.colour else top}]{count}", shown + 2 + len(count))


def render(view: Mapping[str, Any], style: Style) -> str:
    if style.plain:
        return render_lines(view)
    slots, piles = view["slots"], view["piles"]
    indent = " " * CELL
    lines = [indent + "".join(_slot_cell(f"n{i}", slots[f"n{i}"], style) for i in "123")]
    for r, row in enumerate("abc"):
        west = _slot_cell(f"w{r + 1}", slots[f"w{r + 1}"], style)
        cells = "".join(_pile_cell(piles[f"{row}{c}"], style) for c in "123")
        east = _slot_cell(f"e{r + 1}", slots[f"e{r + 1}"], style)
        lines.append(f"{west}{cells}{east}")
    lines.append(indent + "".join(_slot_cell(f"s{i}", slots[f"s{i}"], style) for i in "123"))
    lines.append(
        style.paint("Piles a1..c3: rows a b c from the top, columns 1 2 3 from the left.", "grey")
    )
    lines.append("")
    status = f"Deck {view['deck_count']}  Kills {view['kills']}/12"
    status += f"  Quiet draws {view['idle']}/{view['recursion_limit']}"
    lines.append(status)
    if view["deck_bottom"]:
        known = " ".join(_card(c, style) for c in view["deck_bottom"][-6:])
        lines.append(f"Known at the bottom of the deck (last to be drawn): {known}")
    if view["pending"]:
        lines.append("Firewalls waiting: " + " ".join(_card(c, style) for c in view["pending"]))
    if view["card"]:
        lines.append("To place: " + style.paint(_card(view["card"], style), "inverse"))
    return "\n".join(line.rstrip() for line in lines if line.strip() or line == "")


def render_lines(view: Mapping[str, Any]) -> str:
    """Line mode: whole sentences, one fact per line, for screen readers and dumb terminals."""
    style = Style(plain=True)
    out = []
    for name in PILE_NAMES:
        cards = view["piles"][name]
        if cards:
            extra = f", {len(cards)} cards" if len(cards) > 1 else ""
            out.append(f"Pile {name}: {_card(cards[-1], style)}{extra}.")
        else:
            out.append(f"Pile {name}: empty.")
    for name in SLOT_NAMES:
        slot = view["slots"][name]
        if slot["status"] == "living":
            out.append(f"Slot {name}: {_card(slot['royal'], style)}, health {slot['health']}.")
        elif slot["status"] == "killed":
            out.append(f"Slot {name}: {_card(slot['royal'], style)}, killed.")
        elif slot["ice"]:
            out.append(f"Slot {name}: empty, preventative ICE {slot['health']}.")
    out.append(f"Deck: {counted(view['deck_count'], 'card')}. Kills: {view['kills']} of 12.")
    out.append(quiet_draws(view))
    if view["pending"]:
        waiting = ", ".join(_card(c, style) for c in view["pending"])
        out.append(f"Firewalls waiting to be placed: {waiting}.")
    if view["card"]:
        out.append(f"To place: {_card(view['card'], style)}.")
    return "\n".join(out)


#: The zero card where a sentence names it: as a move's or event's card ("0 to b2", "0 goes on
#: b2", "0 resets b2") or what it lands on or is drawn as ("on 0", "You draw 0"); every other 0
#: in a sentence is a count.
_ZERO_CARD = re.compile(
    r"(?<![\w:])0(?= (?:to|goes|resets|is|as|into|takes)\b)|(?:(?<=\bon )|(?<=\bdraw ))0\b"
)


def circulation(view: Mapping[str, Any]) -> tuple[int, int, int]:
    """The cards in circulation, as the recursion limit counts them (``recursion_limit``): in
    the deck, on the piles, and the card to place when it is a number card (a royal waiting for
    its slot leaves the cycle)."""
    piles = sum(len(cards) for cards in view["piles"].values())
    card = view["card"]
    to_place = int(card is not None and not Card.parse(card).is_face)
    return view["deck_count"], piles, to_place


def quiet_draws(view: Mapping[str, Any]) -> str:
    """The Fatal Recursion count with its limit worked out where the player sees it (the rules
    doc's "Fatal Recursion is counted by the game"): the limit moves as cards leave the deck and
    reach the piles, and a bare "2/66" does not say why. The page's matrix-overload.js writes the
    same sentence (a browser test holds them together)."""
    deck, piles, to_place = circulation(view)
    parts = f"{deck} in the deck + {piles} on the piles" + (" + 1 to place" if to_place else "")
    limit = view["recursion_limit"]
    return (
        f"Quiet draws: {view['idle']} of {limit} — a draw that kills nothing and places no "
        "royal or ICE; a kill, a royal or ICE starts the count again. The limit is twice the "
        f"cards in circulation: 2 × ({parts}) = {limit}. Reaching it ends the game (Fatal "
        "Recursion)."
    )


def in_words(text: str) -> str:
    """A move or log line for line mode: its cards by name ("3H to a2 on 0" -> "three of hearts
    to a2 on zero")."""
    return capitalised(spell_cards(_ZERO_CARD.sub("zero", text)), text)


def describe_action(action: Action, view: Mapping[str, Any]) -> str:
    target = action.args[0]
    card = view["card"]
    rank = Card.parse(card).rank
    if target in PILE_NAMES:
        cards = view["piles"][target]
        on = f"on {cards[-1]}" if cards else "on the empty pile"
        reset = " (reset)" if cards and rank <= 1 else ""
        return f"{card} to {target} {on}{reset}"
    slot = view["slots"][target]
    if rank >= 11:
        return f"{card} into slot {target}"
    if slot["status"] == "living":
        return f"{card} as ICE on {slot['royal']} ({target})"
    return f"{card} as preventative ICE in {target}"


def inspect(view: Mapping[str, Any], target: str, style: Style) -> str | None:
    """Every card of a pile, bottom to top, or a slot's royal and ICE."""
    if target in PILE_NAMES:
        cards = view["piles"][target]
        if not cards:
            return f"Pile {target} is empty."
        listed = ", ".join(_card(c, style) for c in cards)
        return f"Pile {target}, bottom to top: {listed}."
    if target in SLOT_NAMES:
        slot = view["slots"][target]
        ice = ", ".join(_card(c, style) for c in slot["ice"]) or "no ICE"
        if slot["royal"] is None:
            return f"Slot {target} is empty ({ice})."
        return f"Slot {target}: {_card(slot['royal'], style)}, {slot['status']}, {ice}, health {slot['health']}."
    return None

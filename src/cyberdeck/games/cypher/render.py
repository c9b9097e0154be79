"""Cypher as text, drawn from a view: play areas with influence, the Display, the deck, the hand
of the seat looking, what it knows of other hands, and the end screen with the tie-break spelled
out. ``style.plain`` gives whole sentences, one fact a line, for screen readers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Style, counted
from ...engine.shared import FrozenDict, IdentityMemo

CLASS_COLOUR = {"upper": "yellow", "middle": "cyan", "lower": "green", "none": "magenta"}
CLASS_LETTER = {"upper": "U", "middle": "M", "lower": "L", "none": ""}


def _info(view: Mapping[str, Any], kind: str) -> Mapping[str, Any]:
    cards: Mapping[str, Any] = view["cards"]
    return cards.get(kind) or {"name": kind, "class": "none", "influence": 0, "text": ""}


def card_label(view: Mapping[str, Any], kind: str, style: Style) -> str:
    """``Coder M2`` (class letter and printed influence), coloured by class."""
    info = _info(view, kind)
    if style.plain:
        cls = "no class" if info["class"] == "none" else f"{info['class']} class"
        return f"{info['name']} ({cls}, {info['influence']} influence)"
    text = f"{info['name']} {CLASS_LETTER[info['class']]}{info['influence']}"
    return style.paint(text, CLASS_COLOUR[info["class"]])


def in_words(text: str, view: Mapping[str, Any]) -> str:
    """A move or log line for line mode: each card's badge in words ("Play Coder M2" -> "Play
    Coder (middle class, 2 influence)"), from the view's cards (a corrected card file renames
    them)."""
    plain, ascii_ = Style(plain=True), Style()
    for kind in view["cards"]:
        badge, words = card_label(view, kind, ascii_), card_label(view, kind, plain)
        # "Take the Display (Aristocrat U6)": one pair of brackets, not two.
        text = text.replace(f"({badge})", f"({words.replace(' (', ', ')[:-1]})")
        text = text.replace(badge, words)
    return text


#: Each glossary's words key, by the glossary's identity (a shared part, never changed).
_WORDS_KEYS: IdentityMemo[tuple[tuple[str, str, str, int], ...]] = IdentityMemo(64)


def words_key(view: Mapping[str, Any]) -> tuple[tuple[str, str, str, int], ...]:
    """All that ``in_words`` reads of a view: each card's kind, name, class and influence, in the
    glossary's order. Every view of a game holds the same glossary (a corrected card file gives
    another), so every reader shares the words of a text."""
    cards = view["cards"]
    frozen = isinstance(cards, FrozenDict)  # a plain dict might change: worked out each time
    key = _WORDS_KEYS.lookup(cards, 0) if frozen else None
    if key is None:
        key = tuple(
            (kind, info["name"], info["class"], info["influence"]) for kind, info in cards.items()
        )
        if frozen:
            _WORDS_KEYS.put(cards, 0, key)
    return key


def _names(view: Mapping[str, Any], kinds: list[str], style: Style) -> str:
    if not kinds:
        return "none"
    return ", ".join(card_label(view, k, style) for k in kinds)


def render(view: Mapping[str, Any], style: Style) -> str:
    if style.plain:
        return render_lines(view)
    seat = view["seat"]
    lines = []
    head = f"CYPHER  {view['players']} players  turn {view['turn_number']}"
    if view["burn"]:
        head += "  (burn variant)"
    lines.append(style.paint(head, "bold"))
    display = card_label(view, view["display"], style) if view["display"] else "empty"
    lines.append(
        f"Deck {view['deck_count']}   Display [{display}]"
        + (f"   Removed {view['removed_count']}" if view["removed_count"] else "")
    )
    known = [
        ("top" if d["from_top"] == 0 else f"{d['from_top'] + 1} from top")
        + ": "
        + card_label(view, d["card"], style)
        for d in view["deck_known"]
    ]
    if known:
        lines.append("You know in the deck: " + "; ".join(known))
    if view["removed_known"]:
        lines.append("You removed: " + _names(view, view["removed_known"], style))
    end = view["end"]
    if end and not view["outcome"]:
        lines.append(
            style.paint(
                f"THE END IS TRIGGERED ({end['reason']}): {end['turns_left']} last turns to go.",
                "red",
            )
        )
    lines.append("")
    for p in view["seats"]:
        marker = ">" if p["seat"] == view["turn"] and not view["outcome"] else " "
        you = " (you)" if p["seat"] == seat else ""
        hand = f"hand {p['hand_count']}"
        if p.get("known_in_hand"):
            hand += " (you know: " + _names(view, p["known_in_hand"], style) + ")"
        lines.append(
            f"{marker} {style.paint(p['name'] + you, 'bold')}  influence "
            f"{style.paint(str(p['influence']), 'bold')}  {hand}"
        )
        area = p["area"]
        cells = "  ".join(f"[{card_label(view, k, style)}]" for k in area)
        lines.append("    " + (cells if area else style.paint("(empty play area)", "grey")))
    if seat is not None:
        me = view["seats"][seat]
        lines.append("")
        lines.append("Your hand: " + _names(view, me.get("hand", []), style))
    if view["outcome"]:
        lines.append("")
        lines.extend(end_screen(view, style))
    elif view["prompt"]:
        lines.append("")
        lines.append(style.paint(view["prompt"], "bold"))
    return "\n".join(line.rstrip() for line in lines)


def end_screen(view: Mapping[str, Any], style: Style) -> list[str]:
    out = [style.paint("GAME OVER", "bold")]
    scores = ", ".join(f"{p['name']} {p['influence']}" for p in view["seats"])
    out.append(f"Influence in play: {scores}.")
    end = view["end"]
    if end:
        order = ", ".join(view["seats"][s]["name"] for s in view["tie_order"])
        out.append(
            f"The end was triggered by {view['seats'][end['triggered_by']]['name']} "
            f"({end['reason']}); ties go clockwise from their left: {order}."
        )
    out.append(style.paint(view["outcome"]["reason"] + ".", "green", "bold"))
    return out


def render_lines(view: Mapping[str, Any]) -> str:
    style = Style(plain=True)
    seat = view["seat"]
    out = [f"Cypher, {view['players']} players, turn {view['turn_number']}."]
    out.append(f"The deck has {counted(view['deck_count'], 'card')}.")
    if view["display"]:
        out.append(f"The Display shows the {card_label(view, view['display'], style)}.")
    else:
        out.append("The Display is empty.")
    for d in view["deck_known"]:
        out.append(
            f"You know card {d['from_top'] + 1} from the top of the deck: "
            f"{card_label(view, d['card'], style)}."
        )
    if view["removed_count"]:
        count = view["removed_count"]
        out.append(f"{count} card{' is' if count == 1 else 's are'} out of the game.")
    for p in view["seats"]:
        area = _names(view, p["area"], style) if p["area"] else "nothing"
        who = "You" if p["seat"] == seat else p["name"]
        out.append(
            f"{who}: {p['influence']} influence; in play: {area}; "
            f"{counted(p['hand_count'], 'card')} in hand."
        )
        if p.get("known_in_hand"):
            out.append(f"You know {p['name']} holds: {_names(view, p['known_in_hand'], style)}.")
    if seat is not None:
        out.append(f"Your hand: {_names(view, view['seats'][seat].get('hand', []), style)}.")
    end = view["end"]
    if end and not view["outcome"]:
        out.append(f"The end is triggered ({end['reason']}); {end['turns_left']} last turns to go.")
    if view["outcome"]:
        out.extend(end_screen(view, style))
    elif view["prompt"]:
        out.append(view["prompt"])
    return "\n".join(out)


def describe_action(action: Action, view: Mapping[str, Any]) -> str:
    verb = action.kind
    arg = action.args[0] if action.args else ""
    style = Style()
    label = card_label(view, arg, style) if arg in view["cards"] else arg
    if verb == "play":
        return f"Play {label}: {_info(view, arg)['text']}"
    if verb == "draw":
        known = {d["from_top"]: d["card"] for d in view["deck_known"]}
        if arg == "display":
            return f"Take the Display ({card_label(view, view['display'], style)})"
        position = 0 if arg == "top" else view["deck_count"] - 1
        text = f"Draw the {arg} card of the deck ({view['deck_count']} left)"
        if position in known:
            text += f": you know it is the {card_label(view, known[position], style)}"
        return text + (" — Hacker" if arg == "bottom" else "")
    if verb == "pass":
        ask = view.get("ask") or {}
        to = ask.get("to")
        side = ask.get("direction")
        side = f" {side}" if side in ("left", "right") else ""
        where = f"{side} to {view['seats'][to]['name']}" if to is not None else ""
        return f"Pass {label}{where}"
    if verb == "discard":
        return f"Discard {label} face down to the bottom of the deck"
    if verb == "bump":
        return f"Discard {label} from your play area to the bottom of the deck"
    if verb == "add":
        return "Add nothing" if arg == "none" else f"Add {label} to your play area (it fires)"
    if verb == "extract":
        return "Keep every card" if arg == "none" else f"Remove {label} from the game, unseen"
    if verb == "guard":
        return "Use your Bodyguard: ignore the effect"
    if verb == "allow":
        return "Let the effect happen"
    return action.text


def inspect(view: Mapping[str, Any], target: str, style: Style) -> str | None:
    """``look coder`` (or ``look syndicate chief``): one card's class, influence, copies, text."""
    wanted = target.strip().lower().replace(" ", "-")
    for kind, info in view["cards"].items():
        if wanted in (kind, info["name"].lower().replace(" ", "-")):
            copies = info["copies"]
            return (
                f"{card_label(view, kind, style)} — {info['class']} class, {info['influence']} "
                f"influence, {copies} cop{'y' if copies == 1 else 'ies'} in the deck.\n"
                f"{info['text']}"
            )
    return None

"""Hack-Me as text, drawn from a view: both hackers' areas, the run in progress, the prompt.

In line mode (``style.plain``) every fact is a sentence, for screen readers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import Action, Card, Style, counted
from .phases import NAMES, credits

RESOURCES = ("deck", "hand", "archive", "agenda")


def _card(text: str | None, style: Style) -> str:
    if text is None:
        return "??"
    return style.card(Card.parse(text))


def _cards(texts: list[str], style: Style) -> str:
    return " ".join(_card(t, style) for t in texts) if texts else "-"


def _wall(fw: Mapping[str, Any], style: Style) -> str:
    if fw["active"]:
        return f"L{fw['level']} {_card(fw['card'], style)}(str {fw['strength']})"
    if fw["card"] is not None:
        return style.paint(f"L{fw['level']} [{fw['card']}] inactive", "dim")
    return style.paint(f"L{fw['level']} [face down]", "grey")


def _area(player: Mapping[str, Any], style: Style, you: bool) -> list[str]:
    """A player's side: in a short window (a terminal of 24 lines) the same facts on four
    lines, the firewalls of every resource on one and the empty ones left out."""
    name = style.paint(player["name"] + (" (you)" if you else ""), "bold")
    lines = [
        f"{name}  stock {style.paint(str(player['stock']), 'yellow')}  "
        f"tags {style.paint(str(player['tags']), 'red' if player['tags'] else 'grey')}  "
        f"deck {player['deck_count']}  hand {player['hand_count']}"
    ]
    short = style.short
    gens = player["generators"]
    gen_text = " ".join(f"{_card(g['card'], style)}:{g['credits']}" for g in gens) or "-"
    walls = {
        res: "  ".join(_wall(w, style) for w in reversed(player["firewalls"][res])) or "-"
        for res in RESOURCES
    }
    agenda = player["agenda"]
    if agenda["present"]:
        what = _card(agenda["card"], style) if agenda["card"] else "face down"
        cost = f"/{agenda['cost']}" if agenda["cost"] else ""
        agenda_text = f"{what}, invested {agenda['invested']}{cost}"
    else:
        agenda_text = "none"
    finalized = _cards(player["finalized"], style)
    archive = player["archive"]
    top = _card(archive[-1], style) if archive else "-"
    archive_text = f"{counted(len(archive), 'card')}, top {top}"
    if short:
        built = [f"{res} {walls[res]}" for res in RESOURCES if walls[res] != "-"]
        lines.append(
            f"  generators: {gen_text}  current agenda: {agenda_text}  finalized: {finalized}"
        )
        lines.append(f"  firewalls: {'  '.join(built) or '-'}")
        lines.append(f"  archive: {archive_text}")
    else:
        lines.append(f"  generators: {gen_text}")
        lines += [f"  firewalls {res:<8} {walls[res]}" for res in RESOURCES]
        lines.append(f"  current agenda: {agenda_text}")
        lines.append(f"  finalized: {finalized}")
        lines.append(f"  archive: {archive_text}")
    if player["deck_top"]:
        lines.append(f"  known top of deck: {_cards(player['deck_top'], style)}")
    if player["hand"] is not None:
        lines.append(f"  hand: {_cards(player['hand'], style)}")
    return lines


def prompt(view: Mapping[str, Any]) -> str:
    """A sentence saying who decides what now."""
    if view["outcome"]:
        return f"Game over: {view['outcome']['reason']}."
    who = view["players"][view["current_player"]]["name"]
    phase = view["phase"]
    run = view["run"]
    pending = view["pending"]
    if phase == "action":
        left = view["actions_left"]
        return f"{who}: action {view['actions_per_turn'] - left + 1} of {view['actions_per_turn']}."
    if phase == "activate":
        cost = pending["cost"]
        return f"{who}: pay {cost} to activate your level {run['level']} firewall against the run?"
    if phase == "boost":
        return f"{who}: boost the firewall (reveal the top card of your deck)?"
    if phase == "pay":
        return f"{who}: pay {credits(pending['strength'])} to destroy the firewall, or suffer?"
    if phase == "pick":
        return f"{who}: pick a face-down card ({pending['hand_count']}) for the shocked hacker."
    if phase == "trash":
        card = run["accessed"] if run and run["accessed"] else "the accessed card"
        return f"{who}: pay 2 credits to destroy {card}, or let it go back?"
    return {
        "mulligan": f"{who}: keep your opening hand or take a mulligan?",
        "scrap": f"{who}: destroy one of your firewalls.",
        "forfeit": f"{who}: destroy one of your finalized agendas.",
        "stack": f"{who}: choose the next card for the top of your deck.",
        "drain": f"{who}: choose a generator to empty into your stock.",
        "rewire": f"{who}: place your firewalls ({pending.get('resource', '')} now).",
        "recycle": f"{who}: recycle up to two cards for 2 credits each?",
        "dismantle": f"{who}: pay 2 credits to destroy one of your firewalls?",
        "discard": f"{who}: discard down to five cards.",
        "archive": f"{who}: choose the order of the cards going on your archive "
        "(the last one placed is the top, where a run reaches it).",
    }.get(phase, f"{who} decides.")


def render(view: Mapping[str, Any], style: Style) -> str:
    if style.plain:
        return render_lines(view)
    seat = view["seat"]
    order = [1 - seat, seat] if seat in (0, 1) else [1, 0]
    lines: list[str] = []
    lines += _area(view["players"][order[0]], style, order[0] == seat)
    lines.append("")
    status = f"Turn {view['turn']}/{view['turn_cap']}  "
    status += f"{view['players'][view['active_player']]['name']} is hacking"
    if view["phase"] == "action":
        status += f"  actions left {view['actions_left']}/{view['actions_per_turn']}"
    lines.append(style.paint(status, "cyan"))
    if view["turn"] <= 1 and view["reveals"]:
        pairs = ", then ".join(f"{a} against {b}" for a, b in view["reveals"])
        first = NAMES[view["first_player"]]
        lines.append(f"Opening reveal (Hacker A against Hacker B): {pairs}; {first} goes first.")
    run = view["run"]
    if run:
        attacker = view["players"][run["attacker"]]["name"]
        text = f"RUN: {attacker} on the {run['target']}"
        if run["level"]:
            text += f", at firewall level {run['level']}"
        if run["boost"]:
            text += f" (boosted +{run['boost']})"
        if run["accessed"]:
            text += f", accessed {_card(run['accessed'], style)}"
        lines.append(style.paint(text, "magenta"))
    pending = view["pending"]
    if pending.get("cards"):
        lines.append(f"Top of your deck to order: {_cards(pending['cards'], style)}")
    if "pool" in pending:
        pool = [_card(c, style) if c else "??" for c in pending["pool"]]
        lines.append("Firewalls to place: " + " ".join(pool))
    if pending.get("to_archive"):
        owner = view["players"][view["active_player"]]["name"]
        lines.append(f"Going on {owner}'s archive: {_cards(pending['to_archive'], style)}")
    lines.append("")
    lines += _area(view["players"][order[1]], style, order[1] == seat)
    lines.append("")
    lines.append(style.paint(prompt(view), "bold"))
    return "\n".join(lines)


def render_lines(view: Mapping[str, Any]) -> str:
    """Line mode: one sentence per fact."""
    out = [f"Turn {view['turn']} of at most {view['turn_cap']}."]
    plain = Style(plain=True)
    if view["turn"] <= 1 and view["reveals"]:
        pairs = ", then ".join(
            f"{_card(a, plain)} against {_card(b, plain)}" for a, b in view["reveals"]
        )
        first = NAMES[view["first_player"]]
        out.append(f"Opening reveal, Hacker A against Hacker B: {pairs}; {first} goes first.")
    for player in view["players"]:
        name = player["name"]
        out.append(
            f"{name}: {credits(player['stock'])}, {counted(player['tags'], 'tag')}, "
            f"{counted(player['deck_count'], 'card')} in deck, {player['hand_count']} in hand."
        )
        for g in player["generators"]:
            out.append(
                f"{name} has generator {_card(g['card'], plain)} with {credits(g['credits'])}."
            )
        for res in RESOURCES:
            for w in player["firewalls"][res]:
                state = "active" if w["active"] else "inactive"
                card = f" {_card(w['card'], plain)}" if w["card"] else ""
                out.append(f"{name}'s {res} firewall level {w['level']}: {state}{card}.")
        agenda = player["agenda"]
        if agenda["present"]:
            card = _card(agenda["card"], plain) if agenda["card"] else "a face-down agenda"
            out.append(f"{name}'s current agenda: {card}, {agenda['invested']} invested.")
        if player["finalized"]:
            out.append(f"{name} finalized: {', '.join(player['finalized'])}.")
        if player["archive"]:
            out.append(f"{name}'s archive top: {_card(player['archive'][-1], plain)}.")
        if player["hand"] is not None:
            hand = ", ".join(_card(c, plain) for c in player["hand"]) or "nothing"
            out.append(f"Your hand: {hand}.")
    run = view["run"]
    if run:
        out.append(f"A run is on the {run['target']}.")
    waiting = view["pending"].get("to_archive")
    if waiting:
        owner = view["players"][view["active_player"]]["name"]
        cards = ", ".join(_card(c, plain) for c in waiting)
        out.append(f"Going on {owner}'s archive, in an order {owner} chooses: {cards}.")
    out.append(prompt(view))
    return "\n".join(out)


_VERBS = {
    "keep": "Keep this hand",
    "mulligan": "Mulligan (shuffle back, redraw)",
    "draw": "Draw a card",
    "credit": "Take 1 credit",
    "invest": "Invest 1 credit in the current agenda",
    "untag": "Pay 1 credit to remove a tag",
    "shock": "Pay 2 credits to shock the opponent",
    "activate": "Activate the firewall (pay its level's cost)",
    "boost": "Boost: reveal your deck's top card",
    "pay": "Pay the strength and destroy the firewall",
    "suffer": "Suffer the firewall's effect",
    "trash": "Pay 2 credits to destroy the accessed card",
}


def describe_action(action: Action, view: Mapping[str, Any]) -> str:
    kind, args = action.kind, action.args
    if kind in _VERBS:
        if kind == "pay" and view["pending"].get("strength") is not None:
            return f"Pay {credits(view['pending']['strength'])} and destroy the firewall"
        return _VERBS[kind]
    if kind == "pass":
        return {
            "activate": "Leave the firewall inactive",
            "boost": "No boost",
            "trash": "Leave the card (it goes back)",
            "recycle": "Stop recycling",
            "dismantle": "Keep all firewalls",
        }.get(view["phase"], "Pass")
    if kind == "run":
        return f"Run on the opponent's {args[0]}"
    if kind == "firewall":
        return f"Install firewall {args[0]} on your {args[1]}"
    if kind in ("scrap", "dismantle"):
        return f"Destroy your firewall on {args[0]} level {args[1]}"
    if kind == "pick":
        return f"Face-down card #{args[0]}"
    if kind == "rewire" and view["pending"].get("resource"):
        res = view["pending"]["resource"]
        seat = view["current_player"]
        level = len(view["players"][seat]["firewalls"][res]) + 1
        return f"Place firewall {args[0]} on your {res} at level {level}"
    if kind == "archive":
        rest = [c for c in view["pending"].get("to_archive", []) if c != args[0]]
        if len(rest) == 1:
            return f"Put {args[0]} on your archive, then {rest[0]} on top of it"
    if kind == "next":
        return f"Leave the {view['pending'].get('resource', 'current resource')} and move on"
    phrases = {
        "tutor": "Reveal a Joker and take {} from your deck",
        "generator": "Put generator {} into play",
        "agenda": "Start agenda {}",
        "forfeit": "Destroy finalized agenda {}",
        "stack": "Put {} next on top",
        "drain": "Empty generator {} into your stock",
        "rewire": "Place firewall {} here",
        "recycle": "Recycle {} for 2 credits",
        "discard": "Discard {}",
        "archive": "Put {} on your archive next",
    }
    return phrases.get(kind, action.text).format(*args)


_PARTS = ("archive", "hand", "firewalls", "finalized", "generators", "deck")


def inspect(view: Mapping[str, Any], target: str, style: Style) -> str | None:
    """``look archive``, ``look their archive``, ``look b firewalls``: one part of the table in full."""
    words = target.lower().replace("'s", "").split()
    parts = [w for w in words if w in _PARTS]
    if len(parts) != 1:
        return None
    seat = view["seat"] if view["seat"] in (0, 1) else 0
    if any(w in ("their", "rival", "opponent", "other") for w in words):
        seat = 1 - seat
    if "a" in words or "b" in words:
        seat = 0 if "a" in words else 1
    player = view["players"][seat]
    name, part = player["name"], parts[0]
    if part == "archive":
        cards = player["archive"]
        shown = ", ".join(_card(c, style) for c in reversed(cards)) or "empty"
        return f"{name}'s archive, top first ({counted(len(cards), 'card')}): {shown}."
    if part == "hand":
        if player["hand"] is not None:
            return f"{name}'s hand: {_cards(player['hand'], style)}."
        known = player["hand_known"]
        extra = f"; known to be there: {_cards(known, style)}" if known else ""
        return f"{name}'s hand: {counted(player['hand_count'], 'face-down card')}{extra}."
    if part == "deck":
        top = player["deck_top"]
        extra = f"; known from the top: {_cards(top, style)}" if top else ""
        return f"{name}'s deck: {counted(player['deck_count'], 'card')}{extra}."
    if part == "finalized":
        return f"{name}'s finalized agendas: {_cards(player['finalized'], style)}."
    if part == "generators":
        gens = player["generators"]
        shown = ", ".join(f"{_card(g['card'], style)} with {g['credits']}" for g in gens) or "none"
        return f"{name}'s generators: {shown}."
    lines = [f"{name}'s firewalls:"]
    for res in RESOURCES:
        walls = player["firewalls"][res]
        lines.append(f"  {res}: " + ("  ".join(_wall(w, style) for w in walls) or "none"))
    return "\n".join(lines)

"""Cyberpunk CCG as text, drawn from a view: one block per player, then the step and the prompt."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engine import Action, Style
from . import cardtext
from .cardset import BY_SLUG, CARDS, COMBAT_SCALE
from .lines import attached, player_lines, teamed

PROMPTS = {
    "cut": "cut the opponent's Runs and Gear decks, or leave them",
    "draw": "draw a card: choose the deck",
    "take": "the opponent could not draw: take 5 Ops or 5 Style",
    "pay": "pay",
    "place": "choose where the card goes",
    "target": "choose a target",
    "form": "pick the target (or add un-teamed runners)",
    "defend": "defend with a team, or not",
    "press": "exhaust a vehicle to stay unused, or stand down",
    "team": "choose the team",
    "cost": "exhaust the runner or its vehicle to pay for the move",
    "ability": "which ability?",
    "sense": "add the Solo's combat sense to attack or Defense",
    "interface": "raise or lower",
    "respond": "answer with a Cop (bust), or allow",
    "posse": "add another Cop to the bust, or go ahead",
    "save": "save a card from being trashed, or let it go",
    "partner": "choose a partner to add its Power",
    "discard": "discard down to 8 cards",
}


def _runner(card: Mapping[str, Any], label: str, style: Style) -> str:
    state = []
    if card["busted"]:
        state.append(style.paint("BUSTED", "magenta"))
    elif card["used"]:
        state.append("used")
    if card["psycho"]:
        state.append(style.paint("CYBER-PSYCHO", "red", "bold"))
    if card["team"]:
        state.append(f"team {card['team']}")
    tail = f" [{', '.join(state)}]" if state else ""
    return (
        f"{style.paint(label, 'bold')} ({card['type']}) "
        f"SR {card['sr']} LR {card['lr']} Def {card['df']} Pow {card['power']} "
        f"Emp {card['empathy']} Mv {card['movement']}{tail}"
    )


def _site(card: Mapping[str, Any], label: str, style: Style) -> str:
    used = " [used]" if card["used"] else ""
    extra = f" EB {card['eb']}" if card["kind"] == "location" else ""
    if card.get("opened"):
        extra += " [opened]"
    return (
        f"{style.paint(label, 'yellow')} ({card['kind']}) "
        f"M-Sec {card['msec']} E-Sec {card['esec']} ATTACK {card['attack']} "
        f"Ops {card['ops']}{extra}{used}"
    )


def _player(view: Mapping[str, Any], p: int, called: Mapping[str, str], style: Style) -> list[str]:
    pl = view["players"][p]
    you = " (you)" if pl.get("hand") is not None else ""
    lines = [
        style.paint(f"Player {p + 1}{you}: {pl['sponsor']} ({pl['faction']})", "cyan", "bold"),
        f"  Ops {pl['ops']}  Style {pl['style']}  Busts {pl['busts']}  EB available "
        f"{pl['funds']}  Hand {pl['hand_count']}  Runs deck {pl['runs_deck']}  "
        f"Gear deck {pl['gear_deck']}",
    ]
    if pl.get("bank_next_turn"):
        lines[-1] += f"  EB next turn {pl['bank_next_turn']}"
    on = attached(pl["play"])
    for card in pl["play"]:
        if "on" in card or card["kind"] == "sponsor":
            continue
        label = called[card["id"]]
        if card["kind"] == "runner":
            lines.append("  " + _runner(card, label, style))
        elif card["kind"] in ("location", "operation"):
            lines.append("  " + _site(card, label, style))
        else:
            lines.append(f"  {label}")
        for att in on.get(card["id"], []):
            used = " [used]" if att["used"] else ""
            extra = " (drawn)" if att.get("drawn") else ""
            if "tokens" in att:
                extra = f" tokens {att['tokens']}" + (" COMPLETE" if att["complete"] else "")
            lines.append(f"      + {called[att['id']]}{extra}{used}")
            for part in on.get(att["id"], []):
                lines.append(f"          + {called[part['id']]}")
    teams = teamed(pl["play"])
    if teams:
        parts = []
        for k in sorted(teams):
            ready = [r for r in teams[k] if not r["used"]]
            attack = sum(r["sr"] + r["lr"] for r in ready)
            defense = sum(r["df"] for r in ready)
            members = ", ".join(called[r["id"]] for r in teams[k])
            parts.append(f"team {k} ({members}) attack {attack} Def {defense}")
        lines.append("  Teams: " + "; ".join(parts))
    if pl["stash"]:
        lines.append("  Stash: " + ", ".join(called[c["id"]] for c in pl["stash"]))
    if pl.get("hand") is not None:
        counts = Counter(pl["hand"])
        if style.short:
            # A short window: the hand on one line by name and price ("look hand" reads
            # every card's numbers).
            named = [
                f"{CARDS[BY_SLUG[slug]].name} ({pl['hand_costs'][slug]} EB)"
                + (f" x{n}" if n > 1 else "")
                for slug, n in counts.items()
            ]
            lines.append("  Hand: " + (", ".join(named) or "(empty)") + " ('look hand')")
            return lines
        lines.append("  Hand:" + ("" if counts else " (empty)"))
        for slug, n in counts.items():
            short = cardtext.short(CARDS[BY_SLUG[slug]], pl["hand_costs"][slug])
            lines.append("    " + short + (f" x{n}" if n > 1 else ""))
    return lines


def render(view: Mapping[str, Any], style: Style) -> str:
    lines: list[str] = []
    called = view["names"]
    for p in (0, 1):
        if style.plain:
            lines += player_lines(view, p, short=style.short)
        else:
            lines += _player(view, p, called, style)
        lines.append("")
    hit = view.get("hit")
    if hit:
        target = "the Stash" if hit["target"] == "stash" else called[hit["target"]]
        force = ", ".join(called[r] for r in hit["force"])
        lines.append(
            f"{hit['mode'].capitalize()} by Player {hit['attacker'] + 1} on {target}: "
            f"force {force} (attack {hit['attack']}, Defense {hit['defense']})"
            + (
                f" against defenders {', '.join(called[r] for r in hit['defenders'])} (attack "
                f"{hit['defending_attack']}, Defense {hit['defending_defense']})"
                if hit["defenders"]
                else ""
            )
        )
    outcome = view.get("outcome")
    if outcome:
        lines.append(style.paint(f"Game over — {outcome['reason']}.", "bold"))
        return "\n".join(lines)
    step = view["step"]
    if step == "setup":
        line = f"Setting up. Player {view['priority'] + 1} to act"
    else:
        line = (
            f"Turn {view['turn']}, Player {view['active'] + 1}'s turn, "
            f"step: {step}. Player {view['priority'] + 1} to act"
        )
    prompt = view.get("prompt")
    if prompt:
        what = PROMPTS.get(prompt["kind"], prompt["kind"])
        if prompt["kind"] == "pay" and "due" not in prompt:  # a card not yet paid for: hidden
            what = f"pay for {prompt['for']}"
        elif prompt["kind"] == "pay":
            what = f"pay {prompt['due'] - prompt['paid']} more EB for {prompt['for']}"
            amounts = [f"{src['name']} {src['eb']}" for src in prompt.get("sources", [])]
            if prompt.get("bank"):
                amounts.append(f"banked {prompt['bank']}")
            if amounts:
                what += f" (sources: {', '.join(amounts)})"
        elif prompt["kind"] == "place":
            what = f"choose where {prompt['card']} goes"
        elif prompt["kind"] == "save":
            what = f"save {prompt['card']} from being trashed (Med-Tech or Techie), or let it go"
        elif prompt["kind"] in ("respond", "posse"):
            what = f"{what} (the runner: {prompt['card']})"
        line += f": {what}"
    lines.append(line + ".")
    return "\n".join(lines)


#: A team's token in a move ("t3").
_TEAM = re.compile(r"t(\d)")


def card_name(token: str, view: Mapping[str, Any]) -> str:
    """A move's argument as the table calls it: a card in hand by its name, one on the table by
    its name there (``names``), a team by its number."""
    if token in BY_SLUG:
        return CARDS[BY_SLUG[token]].name
    team = _TEAM.fullmatch(token)
    if team is not None:
        return f"team {team.group(1)}"
    return str(view["names"].get(token, token))


def _pays(view: Mapping[str, Any], token: str) -> int:
    """What a source pays at the pay prompt in ``view`` (the banked EB for ``bank``)."""
    prompt = view.get("prompt") or {}
    if token == "bank":
        return int(prompt.get("bank", 0))
    return next((int(s["eb"]) for s in prompt.get("sources", []) if s["id"] == token), 0)


ABILITY_WORDS = {
    "card": "its printed ability",
    "family": "Family (half its Power to another runner)",
    "credibility": "Credibility (raise an M-Sec)",
    "charisma": "Charisma (lower an M-Sec)",
    "interface": "Interface (raise or lower an E-Sec)",
    "recover": "bring a card back from the discard",
    "renew": "renew a weaker runner",
    "rig": "build onto the Punknaught Chassis",
    "street-deal": "Street Deal (cheaper long-range offense)",
    "combat-sense": f"Combat Sense ({COMBAT_SCALE} a point of its Power in this fight)",
    "bust": "bust an opposing runner in this skirmish",
    "support": "long-range offense for your force",
}


def describe_action(action: Action, view: Mapping[str, Any]) -> str:
    kind, args = action.kind, action.args
    if kind == "ability" and args:
        return "use " + ABILITY_WORDS.get(args[0], args[0])
    if args == ("stash",):
        return {"onto": "put it in your Stash", "hit": "hit the opponent's Stash"}.get(kind, kind)
    names = [card_name(a, view) for a in args]
    if kind == "pay" and args:
        return f"pay with {names[0]}: {_pays(view, args[0])} EB"
    phrases = {
        "pass": "pass",
        "cancel": "back out of this move (nothing is paid or aimed yet)",
        "buy": "buy {0}",
        "play": "play the event {0}",
        "discard": "discard {0}",
        "pay": "pay with {0}",
        "onto": "put it on {0}",
        "target": "target {0}",
        "move": "move {0}",
        "open": "pay double to open {0} for a hit",
        "team": "choose a team for {0}",
        "join": "join {0}",
        "leave": "leave the team",
        "add": "add the Power to {0}",
        "raise": "raise E-Sec",
        "lower": "lower E-Sec",
        "interface": "{0}: Interface (raise or lower an E-Sec)",
        "family": "{0}: Family (half its Power to another runner)",
        "credibility": "{0}: Credibility (raise an M-Sec)",
        "charisma": "{0}: Charisma (lower an M-Sec)",
        "recover": "{0}: bring a card back from the discard",
        "renew": "{0}: renew a runner",
        "rig": "{0}: build onto the Punknaught Chassis",
        "boost": "{0}: add its Power to the next Location paying",
        "street-deal": "{0}: Street Deal (cheaper long-range offense)",
        "send": "send {0}",
        "hit": "hit {0}",
        "run": "run on {0}",
        "defend": "defend with {0}",
        "no-defense": "do not defend",
        "press-on": "exhaust the vehicle and stay unused",
        "exhaust": "exhaust {0} to pay for the move",
        "stand-down": "stand down",
        "use": "use {0}",
        "ability": "use the ability: {0}",
        "bust": "bust with {0}",
        "allow": "allow it",
        "cut": "cut the opponent's decks",
        "no-cut": "leave the opponent's decks uncut",
        "wield": "draw {0} (the runner's active weapon)",
        "holster": "put {0} away",
        "done": "go ahead with these Cops",
        "save": "save it with {0}",
        "no-save": "let it be trashed",
        "partner": "partner with {0}",
        "draw": "draw from the {0} deck",
        "take": "take 5 {0}",
        "combat-sense": "{0}: Combat Sense",
        "support": "{0}: long-range support",
    }
    text = phrases.get(kind)
    if text is None:
        return f"{kind} {' '.join(names)}"
    return text.format(*names, "", "")


def describe_deck(cards: list[int], style: Style) -> str:
    counts = Counter(cards)
    by_kind: dict[str, list[str]] = {}
    for card, n in counts.items():
        d = CARDS[card]
        by_kind.setdefault(d.kind, []).append(f"{n}x {d.name}")
    runs = sum(n for card, n in counts.items() if CARDS[card].deck == "runs")
    gear = sum(n for card, n in counts.items() if CARDS[card].deck == "gear")
    lines = [f"{len(cards)} cards: Runs {runs}, Gear {gear}"]
    for kind in ("sponsor", "location", "operation", "runner", "cyber", "equipment", "event"):
        if kind in by_kind:
            lines.append(
                style.paint(
                    {"cyber": "Cyber", "equipment": "Equipment"}.get(kind, kind.capitalize() + "s"),
                    "bold",
                )
                + ": "
                + ", ".join(by_kind[kind])
            )
    lines += ["", style.paint("The cards", "bold") + ":"]
    for card, n in sorted(counts.items(), key=lambda cn: (CARDS[cn[0]].kind, CARDS[cn[0]].name)):
        text = cardtext.full(CARDS[card], style)
        text[0] = f"{n}x {text[0]}"
        lines += text
    return "\n".join(lines)

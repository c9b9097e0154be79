"""Cipher Run as text, drawn from a view: three vaults side by side, or sentences in line mode."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, Card, Style, counted, spell_cards
from .cards import KIND, KIND_NAMES, NUMBER, SUIT, VALUE, card_order, read_card
from .options import OPTIONS
from .state import CARDS_BY_TEXT, VAULT_INDEX

COLUMN = 26
LABEL = 17  # "Player 2 (you)" and the padding a longer name takes its width from
#: The grid in a narrow window (80 columns): "Player 2 (you)" and a two-space gap, and each
#: vault a little narrower (a longer stack takes another line).
NARROW_COLUMN, NARROW_LABEL = 21, LABEL
LOCK_LOW, LOCK_HIGH = 21, 26
ARROWS = {"ascending": "↑", "descending": "↓", None: "·"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
STATE_COLOURS = {"open": (), "locked": ("green", "bold"), "overflow": ("red",)}


def _who(seat: int, viewer: int | None) -> str:
    name = f"Player {seat + 1}"
    return f"{name} (you)" if seat == viewer else name


def _state_of(total: int) -> str:
    if total < LOCK_LOW:
        return "open"
    return "locked" if total <= LOCK_HIGH else "overflow"


class _Line:
    """A line of cells whose visible width is tracked apart from colour codes."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def add(self, text: str, visible: int | None = None) -> None:
        self.parts.append(text)
        self.width += len(text) if visible is None else visible

    def pad(self, width: int) -> None:
        if self.width < width:
            self.add(" " * (width - self.width))

    def text(self) -> str:
        return "".join(self.parts).rstrip()


def _module(module: Mapping[str, Any], style: Style) -> tuple[str, int]:
    card = Card.parse(module["card"])
    shown = card.symbol if style.colour else card.text
    text = style.card(card)
    times = 1 << len(module["overclocks"])
    if times > 1:
        mark = f"×{times}"
        text += style.paint(mark, "yellow")
        shown += mark
    return text, len(shown)


def _node_lines(node: Mapping[str, Any], style: Style, width: int) -> list[tuple[str, int]]:
    """The lines of one node's cell: a header (total, state, profile, suit), then its stack."""
    if node["hidden"]:
        text = f"{node['hidden']} seed{'s' if node['hidden'] > 1 else ''} face down"
        return [(style.paint(text, "grey"), len(text))]
    if not node["modules"]:
        return [(style.paint("empty", "grey"), 5)]
    state = node["state"]
    head = f"{node['total']:>2} {state.upper() if state != 'open' else state}"
    suit = node["protocol_symbol"] or ""
    tail = f" {ARROWS[node['profile']]}{suit}"
    lines = [(style.paint(head, *STATE_COLOURS[state]) + tail, len(head) + len(tail))]
    current: list[str] = []
    used = 0
    for module in node["modules"]:
        text, shown = _module(module, style)
        if current and used + 1 + shown > width:
            lines.append((" ".join(current), used))
            current, used = [], 0
        used += shown + (1 if current else 0)
        current.append(text)
    lines.append((" ".join(current), used))
    return lines


def render(view: Mapping[str, Any], style: Style) -> str:
    if style.plain:
        return render_lines(view, short=style.short)
    viewer = view["seat"]
    me = viewer if viewer is not None else 0
    order = (1 - me, me)  # the opponent above, the viewer below
    out = [_header(view)]
    wide = style.width is None or style.width >= LABEL + 3 * COLUMN
    column, label_width = (COLUMN, LABEL) if wide else (NARROW_COLUMN, NARROW_LABEL)
    head = _Line()
    head.add(" " * label_width)
    for vault in view["vaults"]:
        head.add(style.paint(vault["vault"].upper(), "bold"), len(vault["vault"]))
        head.pad(head.width + column - len(vault["vault"]))
    out.append(head.text())
    for seat in order:
        cells = [_node_lines(v["nodes"][seat], style, column - 2) for v in view["vaults"]]
        rows = max(len(c) for c in cells)
        for r in range(rows):
            line = _Line()
            label = _who(seat, viewer) if r == 0 else ""
            line.add(label.ljust(label_width))
            for c, cell in enumerate(cells):
                if r < len(cell):
                    line.add(*cell[r])
                line.pad(label_width + column * (c + 1))
            out.append(line.text())
        if seat == order[0]:
            out.append((" " * label_width + ("-" * (column - 2) + "  ") * 3).rstrip())
    control = _Line()
    control.add("control".ljust(label_width))
    for c, vault in enumerate(view["vaults"]):
        colours: tuple[str, ...]
        if view["phase"] == "seeding":
            word, colours = "-", ("grey",)
        elif vault["contested"]:
            word, colours = "contested", ("yellow",)
        elif vault["controller"] is None:
            word, colours = "nobody", ("grey",)
        else:
            word = _who(vault["controller"], viewer)
            colours = ("green", "bold") if vault["controller"] == me else ("red", "bold")
        control.add(style.paint(word, *colours), len(word))
        control.pad(label_width + column * (c + 1))
    out.append(control.text())
    out.append("")
    for seat in (me, 1 - me):
        player = view["players"][seat]
        out.append(
            f"{_who(seat, viewer)}: hand {player['hand_count']}, deck {player['deck_count']}, "
            f"discard {len(player['discard'])}, controls {player['controls']}"
        )
    for seat in (me, 1 - me):
        hand = view["players"][seat].get("hand")
        if hand is not None:
            shown = " ".join(_hand_card(c, style) for c in hand) or "(empty)"
            out.append(f"Your hand: {shown}")
    out.extend(_redraws(view, style))
    if not style.short:  # a short window: the terminal's own end screen says who won and why
        out.extend(_ending(view))
    return "\n".join(out)


def _hand_card(text: str, style: Style) -> str:
    card = read_card(text)
    kind = KIND[card]
    label = style.card(card)
    if kind == NUMBER:
        return label
    return label + style.paint(f"({KIND_NAMES[kind]})", "cyan")


def _header(view: Mapping[str, Any]) -> str:
    """The status line, its rules in the menu's words, never the options' codes."""
    opts = view["options"]
    rules = "; ".join(f"{o.label} {o.label_of(opts[o.name])}" for o in OPTIONS)
    if view["outcome"]:
        status = "run over"
    elif view["phase"] == "seeding":
        status = f"seeding, {_who(view['current_player'], view['seat'])} to seed"
    else:
        status = f"turn {view['turn'] + 1}, {_who(view['current_player'], view['seat'])} to move"
        if view["final_turns"] is not None:
            status += f" (decks empty: {view['final_turns']} final turns left)"
    return f"Cipher Run: {status}. Rules: {rules}."


def _redraws(view: Mapping[str, Any], style: Style) -> list[str]:
    """Opening hands shown and drawn again: public, and worth a line while seeding."""
    if view["phase"] != "seeding":
        return []
    joiner = ", " if style.plain else " "
    return [
        f"{_who(r['player'], view['seat'])} showed a hand with fewer than 3 Number Modules "
        f"({joiner.join(style.card(Card.parse(c)) for c in r['cards'])}) and drew again."
        for r in view["redraws"]
    ]


def _ending(view: Mapping[str, Any]) -> list[str]:
    outcome = view["outcome"]
    if not outcome:
        return []
    winners = outcome["winners"]
    if not winners:
        head = "The run ends in a draw."
    elif winners[0] == view["seat"]:
        head = "You win the run!"
    else:
        head = f"Player {winners[0] + 1} wins the run."
    return ["", "=" * 40, head, f"Why: {outcome['reason']}.", "=" * 40]


def _node_sentence(node: Mapping[str, Any]) -> str:
    if node["hidden"]:
        return f"{node['hidden']} seed{'s' if node['hidden'] > 1 else ''} face down"
    if not node["modules"]:
        return "an empty node"
    style = Style(plain=True)
    mods = []
    for module in node["modules"]:
        name = style.card(Card.parse(module["card"]))
        times = 1 << len(module["overclocks"])
        mods.append(f"{name} times {times}" if times > 1 else name)
    profile = node["profile"] or "no profile"
    suit = SUIT_NAMES[node["protocol"]]
    return (
        f"{', '.join(mods)} (top last); total {node['total']}, {node['state']}, {profile}, "
        f"protocol suit {suit}"
    )


def render_lines(view: Mapping[str, Any], short: bool = False) -> str:
    """Line mode: whole sentences, one fact per line, for screen readers and dumb terminals.
    ``short`` (a window of few lines): who controls a vault ends its last line."""
    viewer = view["seat"]
    out = [_header(view)]
    for vault in view["vaults"]:
        name = vault["vault"].replace("vault", "Vault ")
        for seat in (0, 1):
            out.append(f"{name}, {_who(seat, viewer)}: {_node_sentence(vault['nodes'][seat])}.")
        if view["phase"] == "seeding":
            continue
        if vault["contested"]:
            control = f"{name} is contested."
        elif vault["controller"] is None:
            control = f"Nobody controls {name}."
        else:
            control = f"{_who(vault['controller'], viewer)} controls {name}."
        if short:
            out[-1] += " " + control
        else:
            out.append(control)
    for player in view["players"]:
        seat = player["seat"]
        out.append(
            f"{_who(seat, viewer)} has {counted(player['hand_count'], 'card')} in hand, "
            f"{player['deck_count']} in the deck and {len(player['discard'])} discarded."
        )
        if "hand" in player:
            style = Style(plain=True)
            names = ", ".join(style.card(Card.parse(c)) for c in player["hand"]) or "nothing"
            out.append(f"Your hand: {names}.")
    out.extend(_redraws(view, Style(plain=True)))
    out.extend(in_words(line) for line in _ending(view) if not line.startswith("="))
    return "\n".join(line for line in out if line)


_VAULT_CODE = re.compile(r"\bvault([123])\b")


def in_words(text: str) -> str:
    """A move or log line for line mode: its cards and vaults by name ("Seed 6S face down on
    your vault1" -> "Seed six of spades face down on your Vault 1")."""
    return _VAULT_CODE.sub(lambda m: "Vault " + m.group(1), spell_cards(text))


# --- menu entries ----------------------------------------------------------------------------------


def _card(text: str) -> int:
    """A card from its text: the canonical texts of legal actions by one lookup (every move's
    menu describes each legal action), any other spelling parsed."""
    code = CARDS_BY_TEXT.get(text)
    return read_card(text) if code is None else code


def describe_action(action: Action, view: Mapping[str, Any]) -> str:
    me = view["current_player"] if view["current_player"] is not None else view["seat"] or 0
    kind, args = action.kind, action.args
    if kind == "pass":
        return "Pass (nothing else is possible)"
    if kind == "compile":
        return f"Compile: discard {args[0]} and draw a card"
    vaults = view["vaults"]
    if kind == "reset":
        node = vaults[VAULT_INDEX[args[0]]]["nodes"][me]
        count = len(node["modules"])
        return f"Hard Reset your {args[0]}: {count} module{'s' * (count != 1)}, total {node['total']} (no draw)"
    if kind == "seed":
        return f"Seed {args[0]} face down on your {args[1]}"
    card = _card(args[0])
    vault = vaults[VAULT_INDEX[args[1]]]
    if KIND[card] == NUMBER:
        node = vault["nodes"][me]
        before = node["total"] or 0
        after = before + VALUE[card]
        return f"{args[0]} on your {args[1]}: total {before} -> {after} ({_state_of(after)})"
    owner = me if args[2] == "own" else 1 - me
    node = vault["nodes"][owner]
    whose = "your" if owner == me else "opponent's"
    where = f"{whose} {args[1]}"
    if len(args) == 3:
        flip = {"ascending": "descending", "descending": "ascending"}.get(node["profile"], "?")
        return f"Revector {args[0]}: flip {where} from {node['profile']} to {flip}"
    pos = int(args[3]) - 1
    module = node["modules"][pos]
    target = module["card"]
    kind_name = KIND_NAMES[KIND[card]]
    if kind_name == "Overclock":
        after = node["total"] + module["worth"]
        times = 2 << len(module["overclocks"])
        return (
            f"Overclock {args[0]}: {target} ×{times} on {where}: "
            f"total {node['total']} -> {after} ({_state_of(after)})"
        )
    if kind_name == "Kill-Switch":
        after = node["total"] - module["worth"]
        return (
            f"Kill-Switch {args[0]}: remove {target} from {where}: total {node['total']} -> {after}"
        )
    target_card = _card(target)
    by_suit = VALUE[target_card] == 1
    if by_suit:
        basis = f"every other {SUIT_NAMES['SHDC'[SUIT[target_card]]]} module"
    else:
        basis = f"every other {VALUE[target_card]}"
    hits = [0, 0]  # modules purged from the mover's side, and from the opponent's
    for v in view["vaults"]:
        for seat, other in enumerate(v["nodes"]):
            for i, m in enumerate(other["modules"]):
                card = _card(m["card"])
                same = (
                    SUIT[card] == SUIT[target_card]
                    if by_suit
                    else VALUE[card] == VALUE[target_card]
                )
                if same and not (v is vault and seat == owner and i == pos):
                    hits[0 if seat == me else 1] += 1
    return (
        f"Zero-Day on {target} at {where}: purge {basis} "
        f"({hits[1]} of the opponent's, {hits[0]} of yours)"
    )


# --- decks -------------------------------------------------------------------------------------


def describe_deck(cards: Sequence[int], style: Style) -> str:
    """The deck list grouped by kind, with counts a designer checks at a glance."""
    counts = Counter(int(c) for c in cards)
    numbers = [c for c in sorted(counts, key=card_order) if KIND[c] == NUMBER]
    programs = [c for c in sorted(counts, key=card_order) if KIND[c] != NUMBER]
    n_numbers = sum(counts[c] for c in numbers)
    n_programs = sum(counts[c] for c in programs)
    lines = [f"{len(cards)} cards: {n_numbers} Number Modules, {n_programs} programs."]

    def listing(group: list[int]) -> str:
        return ", ".join(
            f"{counts[c]}x {style.card(Card(c))}" if counts[c] > 1 else style.card(Card(c))
            for c in group
        )

    if numbers:
        lines.append("Number Modules: " + listing(numbers))
    if programs:
        lines.append("Programs: " + listing(programs))
    by_kind = Counter(KIND[c] for c in cards if KIND[c] != NUMBER)
    if by_kind:
        lines.append(
            "Programs by kind: "
            + ", ".join(f"{KIND_NAMES[k]} {by_kind[k]}" for k in sorted(by_kind))
            + "."
        )
    suits = Counter(SUIT[c] for c in cards if SUIT[c] >= 0)
    lines.append(
        "Suits: " + ", ".join(f"{SUIT_NAMES['SHDC'[s]]} {suits[s]}" for s in sorted(suits)) + "."
    )
    if n_numbers:
        mean = sum(VALUE[c] * counts[c] for c in numbers) / n_numbers
        lines.append(f"Average module value: {mean:.1f}.")
    return "\n".join(lines)


# --- a close look -------------------------------------------------------------------------------


def inspect(view: Mapping[str, Any], target: str, style: Style) -> str | None:
    """``look vault2`` (both nodes in full, with Overclock owners) or ``look discard``."""
    word = target.strip().lower().replace(" ", "")
    viewer = view["seat"]
    if word in ("discard", "discards"):
        lines = []
        for player in view["players"]:
            joiner = ", " if style.plain else " "
            cards = joiner.join(style.card(Card.parse(c)) for c in player["discard"]) or "empty"
            lines.append(f"{_who(player['seat'], viewer)} discard: {cards}")
        return "\n".join(lines)
    if word.startswith("v"):
        word = word.lstrip("vault").lstrip("v")
    if word not in ("1", "2", "3"):
        return None
    vault = view["vaults"][int(word) - 1]
    lines = [f"Vault {word}:"]
    for seat in (0, 1):
        node = vault["nodes"][seat]
        lines.append(f"  {_who(seat, viewer)}: {_node_sentence(node)}.")
        for number, module in enumerate(node["modules"], start=1):
            extra = ""
            if module["overclocks"]:
                by = ", ".join(
                    f"{k['card']} from {_who(k['owner'], viewer)}" for k in module["overclocks"]
                )
                extra = f", Overclocked by {by}"
            worth = f"worth {module['worth']}"
            if module["overclocks"]:
                worth += f" (face value {module['face']})"
            lines.append(f"    {number}. {module['card']} {worth}{extra}")
    if vault["contested"]:
        lines.append("  Contested: both nodes are Locked with equal totals.")
    elif vault["controller"] is not None:
        lines.append(f"  Controlled by {_who(vault['controller'], viewer)}.")
    return "\n".join(lines)

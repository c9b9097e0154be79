"""Hack-Me's observation for learning agents: a seat's view as fixed-length numbers, the seat's
own side first (docs/rules/hack-me.md lists the slices).

The opponent's hand, inactive firewalls and agenda appear only as the view shows them: counts,
presence, and the cards the seat has seen. Card counts have one place per card int.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine import CARD_SLOTS, Encoding, Layout, Slice, Writer, card_index
from ...engine.shared import GroupMemo
from .cards import RESOURCES
from .phases import PHASE_NAMES

_SLOTS = len(RESOURCES) * 3
_SIDES = "mine, then theirs"
_PER_PLAYER = (
    "stock / 30, tags / 5, deck / 52, hand / 10, mulligan used, turns taken / 150, "
    "agenda present, credits invested / 10, generator credits / 30"
)

LAYOUT = Layout(
    [
        Slice("phase", len(PHASE_NAMES), "the phase, one-hot, in the rules' order"),
        Slice("turn", 5, "to move, my turn, moved first, turn / 300, actions left / 4"),
        Slice("players", 2 * 9, f"per player ({_SIDES}): {_PER_PLAYER}"),
        Slice("hand", CARD_SLOTS, "my hand, counted by card int"),
        Slice("agenda", CARD_SLOTS + 1, "my current agenda's card, one-hot; its cost / 10"),
        Slice("hand_known", 2 * CARD_SLOTS, f"cards known to be in each hand ({_SIDES})"),
        Slice("deck_top", 2 * CARD_SLOTS, f"known top cards of each deck ({_SIDES})"),
        Slice("generators", 2 * CARD_SLOTS, f"each player's generators by card ({_SIDES})"),
        Slice("archive", 2 * CARD_SLOTS, f"each player's archive ({_SIDES})"),
        Slice("finalized", 2 * CARD_SLOTS, f"each player's finalized agendas ({_SIDES})"),
        Slice(
            "firewall_state",
            2 * _SLOTS * 3,
            f"per player ({_SIDES}), per slot (deck, hand, archive, agenda; levels 1-3): "
            "present, active, strength / 13 (when shown)",
        ),
        Slice("firewall_card", 2 * _SLOTS * CARD_SLOTS, "each slot's card when shown, one-hot"),
        Slice("reveals", CARD_SLOTS, "the cards revealed to pick the first player, counted"),
        Slice(
            "run",
            8 + len(RESOURCES),
            "a run is on, I attack, boost used, boost / 5, level / 3, level known, "
            "a card accessed, its rank known; target one-hot (deck, hand, archive, agenda)",
        ),
        Slice("accessed", CARD_SLOTS, "the card accessed in the run, one-hot"),
        Slice(
            "pending",
            9 + len(RESOURCES),
            "I am shocked, forfeit follows, activation cost / 5, strength to pay / 15, "
            "stack size / 5, rewire pool size / 3, active pool cards / 3, recycled / 5, "
            "shocked hand / 10; rewire resource one-hot",
        ),
        Slice("stack", 2 * CARD_SLOTS, "my cards to stack, then the ones stacked (mine only)"),
        Slice("pool", CARD_SLOTS, "the rewire pool's cards shown to me, counted"),
        Slice(
            "to_archive", CARD_SLOTS, "cards waiting for their owner to order them onto the archive"
        ),
    ]
)


def write(view: Mapping[str, Any], seat: int, out: Writer) -> None:
    # Flags and numbers go straight to their places (a call each cost half an observation);
    # what is empty most of the time (a run, a pending decision) is skipped whole.
    row = out.out
    players = view["players"]
    sides = (players[seat], players[1 - seat])
    row[_PHASE + _PHASES[view["phase"]]] = 1.0
    for i, on in enumerate(
        (
            view["current_player"] == seat,
            view["active_player"] == seat,
            view["first_player"] == seat,
        )
    ):
        if on:
            row[_TURN + i] = 1.0
    if view["turn"]:
        row[_TURN + 3] = view["turn"] / 300
    if view["actions_left"]:
        row[_TURN + 4] = view["actions_left"] / 4
    at = _PLAYERS
    for side, p in enumerate(sides):
        agenda = p["agenda"]
        for value, scale in (
            (p["stock"], 30), (p["tags"], 5), (p["deck_count"], 52), (p["hand_count"], 10),
            (1 if p["mulligan_used"] else 0, 1), (p["turns_taken"], 150),
            (1 if agenda["present"] else 0, 1), (agenda["invested"], 10),
            (sum(g["credits"] for g in p["generators"]), 30),
        ):  # fmt: skip
            if value:
                row[at] = value / scale
            at += 1
        # A side's piles and firewalls are shared parts and a move changes one side at most:
        # their numbers are worked out once per side while none of them changes.
        parts = (
            p["hand"] if side == 0 else None,
            p["hand_known"],
            p["deck_top"],
            p["generators"],
            p["archive"],
            p["finalized"],
            p["firewalls"],
        )
        placed = _SIDE_NUMBERS.lookup(parts, side)
        if placed is None:
            placed = _SIDE_NUMBERS.put(parts, side, _side_numbers(parts, side))
        row.update(placed)
    agenda = sides[0]["agenda"]
    if agenda["card"]:
        row[_AGENDA + card_index(agenda["card"])] = 1.0
    if agenda["cost"]:
        row[_AGENDA + CARD_SLOTS] = agenda["cost"] / 10
    out.skip("firewall_card")
    reveals = view["reveals"]
    if reveals:
        out.begin("reveals")
        out.cards(c for pair in reveals for c in pair)
    else:
        out.skip("reveals")
    run = view["run"]
    if run:
        _write_run(run, seat, out)
    else:
        out.skip("accessed")
    pending = view["pending"]
    if pending:
        _write_pending(pending, seat, out)
    else:
        out.skip("to_archive")


def _side_numbers(parts: tuple[Any, ...], side: int) -> dict[int, float]:
    """One side's (0 mine, 1 theirs) hand, known cards, piles and firewalls, each in its slice."""
    hand, hand_known, deck_top, generators, archive, finalized, firewalls = parts
    row: dict[int, float] = {}
    if hand:
        _count(row, hand, _AT["hand"])
    _count(row, hand_known, _AT["hand_known"] + side * CARD_SLOTS)
    _count(row, deck_top, _AT["deck_top"] + side * CARD_SLOTS)
    _count(row, (g["card"] for g in generators), _AT["generators"] + side * CARD_SLOTS)
    _count(row, archive, _AT["archive"] + side * CARD_SLOTS)
    _count(row, finalized, _AT["finalized"] + side * CARD_SLOTS)
    row.update(_wall_numbers(firewalls, side, _AT["firewall_state"], _AT["firewall_card"]))
    return row


def _count(row: dict[int, float], cards: Iterable[str], at: int) -> None:
    for card in cards:
        place = at + card_index(card)
        row[place] = row.get(place, 0.0) + 1.0


def _write_run(run: Mapping[str, Any], seat: int, out: Writer) -> None:
    out.begin("run")
    out.flag(True)
    out.flag(run.get("attacker") == seat)
    out.flag(bool(run.get("boost_used")))
    out.number(run.get("boost") or 0, 5)
    out.number(run.get("level") or 0, 3)
    out.flag(run.get("level") is not None)
    out.flag(run.get("accessed") is not None)
    out.flag(True)
    target = run.get("target")
    out.one_hot(RESOURCES.index(target) if target else None, len(RESOURCES))
    out.begin("accessed")
    accessed = run.get("accessed")
    out.one_hot(card_index(accessed) if accessed else None, CARD_SLOTS)


def _write_pending(pending: Mapping[str, Any], seat: int, out: Writer) -> None:
    pool = pending.get("pool") or []
    out.begin("pending")
    out.flag(pending.get("shocked") == seat)
    out.flag(pending.get("then") == "forfeit")
    out.number(pending.get("cost") or 0, 5)
    out.number(pending.get("strength") or 0, 15)
    out.number(pending.get("count") or 0, 5)
    out.number(len(pool), 3)
    out.number(sum(pending.get("pool_active") or ()), 3)
    out.number(pending.get("recycled") or 0, 5)
    out.number(pending.get("hand_count") or 0, 10)
    resource = pending.get("resource")
    out.one_hot(RESOURCES.index(resource) if resource else None, len(RESOURCES))
    out.begin("stack")
    out.cards(pending.get("cards") or ())
    out.cards(pending.get("stacked") or ())
    out.begin("pool")
    out.cards(c for c in pool if c)
    out.begin("to_archive")
    out.cards(pending.get("to_archive") or ())


def _wall_numbers(
    firewalls: Mapping[str, list[dict[str, Any]]], side: int, state_at: int, card_at: int
) -> dict[int, float]:
    """One side's firewalls in the firewall_state and firewall_card slices."""
    row: dict[int, float] = {}
    for slot, wall in _slots(firewalls).items():
        place = state_at + (side * _SLOTS + slot) * 3
        row[place] = 1.0
        if wall["active"]:
            row[place + 1] = 1.0
        strength = wall.get("strength")
        if strength:
            row[place + 2] = strength / 13
    for slot, wall in _slots(firewalls).items():
        card = wall["card"]
        if card:
            row[card_at + (side * _SLOTS + slot) * CARD_SLOTS + card_index(card)] = 1.0
    return row


#: Each side's numbers while its parts stay the same (``engine.shared``).
_SIDE_NUMBERS: GroupMemo[dict[int, float]] = GroupMemo()


def _slots(firewalls: Mapping[str, list[dict[str, Any]]]) -> dict[int, dict[str, Any]]:
    """The firewalls by slot (deck 1-3 are 0-2, hand 1-3 are 3-5, ...); empty slots are absent."""
    out: dict[int, dict[str, Any]] = {}
    for r, name in enumerate(RESOURCES):
        for wall in firewalls.get(name, ()):
            out[r * 3 + wall["level"] - 1] = wall
    return out


_AT = LAYOUT.starts
_PHASE, _TURN, _PLAYERS, _AGENDA = (_AT[name] for name in ("phase", "turn", "players", "agenda"))
_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}

ENCODING = Encoding(LAYOUT, write)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """Hack-Me has no options: one layout."""
    return ENCODING

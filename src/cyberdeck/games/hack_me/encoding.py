"""Hack-Me's observation for learning agents: a seat's view as fixed-length numbers, the seat's
own side first (docs/rules/hack-me.md lists the slices).

The opponent's hand, inactive firewalls and agenda appear only as the view shows them: counts,
presence, and the cards the seat has seen. Card counts have one place per card int.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine import CARD_SLOTS, Encoding, Layout, Slice, Writer, card_index, count_into
from ...engine.encoding import add_pile
from ...engine.shared import FrozenDict, FrozenList, IdentityMemo, Memo
from .cards import ACTIVATION_COST, AGENDA_COST, RESOURCES, VALUE
from .phases import (
    ACTIVATE_PHASE,
    AFTER_FORFEIT,
    ARCHIVE_PHASE,
    NO_RUN,
    PAY_PHASE,
    PHASE_NAMES,
    PICK_PHASE,
    RECYCLE_PHASE,
    REWIRE_PHASE,
    STACK_PHASE,
)
from .state import HackState

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
    for p in sides:
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
    out.skip("players")
    out.begin("hand")
    out.cards(sides[0]["hand"] or ())
    out.begin("agenda")
    agenda = sides[0]["agenda"]
    out.one_hot(card_index(agenda["card"]) if agenda["card"] else None, CARD_SLOTS)
    out.number(agenda["cost"] or 0, 10)
    for name, key in (
        ("hand_known", "hand_known"),
        ("deck_top", "deck_top"),
        ("generators", "generators"),
        ("archive", "archive"),
        ("finalized", "finalized"),
    ):
        out.begin(name)
        for p in sides:
            if key == "generators":
                out.cards(_generator_cards(p["generators"]))
            else:
                out.cards(p[key])
    # Only the slots that hold a firewall are written (most of the 24 are empty); a shared
    # side's numbers are worked out once per side and place.
    row = out.out
    out.begin("firewall_state")
    state_at = out.at
    out.at = state_at + 2 * _SLOTS * 3
    out.begin("firewall_card")
    card_at = out.at
    for side, p in enumerate(sides):
        walls = p["firewalls"]
        placed = _WALLS.lookup(walls, side)
        if placed is None:
            placed = _wall_numbers(walls, side, state_at, card_at)
            if isinstance(walls, FrozenDict):
                _WALLS.put(walls, side, placed)
        row.update(placed)
    out.at = card_at + 2 * _SLOTS * CARD_SLOTS
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


def _generator_cards(generators: list[dict[str, Any]]) -> Iterable[str]:
    """The generators' cards: a shared list of them read as one shared pile."""
    if not isinstance(generators, FrozenList):
        return [g["card"] for g in generators]
    cards = _GENERATORS.data.get(id(generators))
    if cards is None or cards[0] is not generators:
        cards = _GENERATORS.put(
            id(generators), (generators, FrozenList(g["card"] for g in generators))
        )
    return cards[1]


#: Shared parts' numbers (``engine.shared``): each side's firewalls per side; each generators
#: list's cards as a pile (held with the list, whose identity is the key).
_WALLS: IdentityMemo[dict[int, float]] = IdentityMemo()
_GENERATORS: Memo[int, tuple[list[dict[str, Any]], FrozenList]] = Memo()


def _slots(firewalls: Mapping[str, list[dict[str, Any]]]) -> dict[int, dict[str, Any]]:
    """The firewalls by slot (deck 1-3 are 0-2, hand 1-3 are 3-5, ...); empty slots are absent."""
    out: dict[int, dict[str, Any]] = {}
    for r, name in enumerate(RESOURCES):
        for wall in firewalls.get(name, ()):
            out[r * 3 + wall["level"] - 1] = wall
    return out


_PHASE, _TURN, _PLAYERS = (LAYOUT.starts[name] for name in ("phase", "turn", "players"))
_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
_HAND, _AGENDA, _KNOWN, _TOP, _GENS, _ARCHIVE, _FINAL, _WALL_STATE, _WALL_CARD, _REVEALS = (
    LAYOUT.starts[name]
    for name in (
        "hand", "agenda", "hand_known", "deck_top", "generators", "archive", "finalized",
        "firewall_state", "firewall_card", "reveals",
    )
)  # fmt: skip
_RUN, _ACCESSED, _PENDING, _STACK, _POOL, _TO_ARCHIVE = (
    LAYOUT.starts[name] for name in ("run", "accessed", "pending", "stack", "pool", "to_archive")
)


def from_state(state: HackState, seat: int) -> dict[int, float]:
    """``write``'s numbers read from the state, only what ``views.view`` shows ``seat``: the
    opponent's hand, agenda and inactive firewalls stay counts and presence."""
    row: dict[int, float] = {_PHASE + state.phase: 1.0}
    if state.current_player == seat:
        row[_TURN] = 1.0
    if state.seat == seat:
        row[_TURN + 1] = 1.0
    if state.first == seat:
        row[_TURN + 2] = 1.0
    if state.turn:
        row[_TURN + 3] = state.turn / 300
    if state.actions_left:
        row[_TURN + 4] = state.actions_left / 4
    at = _PLAYERS
    other = 1 - seat
    for side, p in enumerate((seat, other)):
        for value, scale in (
            (state.stock[p], 30), (state.tags[p], 5), (len(state.decks[p]), 52),
            (len(state.hands[p]), 10), (1 if state.mulled[p] else 0, 1), (state.taken[p], 150),
            (1 if state.agenda[p] else 0, 1), (state.invest[p], 10),
            (sum(g >> 6 for g in state.gens[p]), 30),
        ):  # fmt: skip
            if value:
                row[at] = value / scale
            at += 1
        mine = not side
        at_side = side * CARD_SLOTS
        add_pile(row, _KNOWN + at_side, state.seen[p])
        deck = state.decks[p]
        known = state.known_own[p] if mine else state.known_pub[p]
        if known:
            add_pile(row, _TOP + at_side, deck[len(deck) - known :])
        if state.gens[p]:
            count_into(row, _GENS + at_side, [g & 63 for g in state.gens[p]])
        add_pile(row, _ARCHIVE + at_side, state.archives[p])
        add_pile(row, _FINAL + at_side, state.finalized[p])
        fw = state.fws[p]
        for slot in range(_SLOTS):
            c = fw[slot]
            if not c:
                continue
            place = _WALL_STATE + (side * _SLOTS + slot) * 3
            row[place] = 1.0
            if c < 0:
                row[place + 1] = 1.0
                c = -c
            elif not mine:
                continue
            if VALUE[c] - 1:
                row[place + 2] = (VALUE[c] - 1) / 13
            row[_WALL_CARD + (side * _SLOTS + slot) * CARD_SLOTS + c] = 1.0
    add_pile(row, _HAND, state.hands[seat])
    agenda = state.agenda[seat]
    if agenda:
        row[_AGENDA + agenda] = 1.0
        row[_AGENDA + CARD_SLOTS] = AGENDA_COST[VALUE[agenda]] / 10
    if state.reveals:
        count_into(row, _REVEALS, [c for pair in state.reveals for c in pair])
    if state.run_res != NO_RUN:
        _run_from_state(state, seat, row)
    phase = state.phase
    if phase in _PENDING_PHASES:
        _pending_from_state(state, seat, phase, row)
    return row


def _run_from_state(state: HackState, seat: int, row: dict[int, float]) -> None:
    row[_RUN] = 1.0
    if state.seat == seat:
        row[_RUN + 1] = 1.0
    if state.boosted:
        row[_RUN + 2] = 1.0
    if state.bonus:
        row[_RUN + 3] = state.bonus / 5
    if state.run_level >= 0:
        row[_RUN + 4] = (state.run_level + 1) / 3
        row[_RUN + 5] = 1.0
    if state.run_card:
        row[_RUN + 6] = 1.0
        row[_ACCESSED + state.run_card] = 1.0
    row[_RUN + 7] = 1.0
    row[_RUN + 8 + state.run_res] = 1.0


def _pending_from_state(state: HackState, seat: int, phase: int, row: dict[int, float]) -> None:
    """The ``pending`` slices: what ``views._pending`` shows ``seat`` of the decision."""
    if phase == PICK_PHASE:
        if state.shock_target == seat:
            row[_PENDING] = 1.0
        if state.shock_next == AFTER_FORFEIT:
            row[_PENDING + 1] = 1.0
        if state.hands[state.shock_target]:
            row[_PENDING + 8] = len(state.hands[state.shock_target]) / 10
    elif phase == ACTIVATE_PHASE:
        if ACTIVATION_COST[state.run_level]:
            row[_PENDING + 2] = ACTIVATION_COST[state.run_level] / 5
    elif phase == PAY_PHASE:
        strength = state.strength()
        if strength:
            row[_PENDING + 3] = strength / 15
    elif phase == STACK_PHASE:
        count = len(state.stack) + len(state.stacked)
        if count:
            row[_PENDING + 4] = count / 5
        if state.seat == seat:
            count_into(row, _STACK, state.stack)
            count_into(row, _STACK + CARD_SLOTS, state.stacked)
    elif phase == REWIRE_PHASE:
        pool = state.k_pool
        if pool:
            row[_PENDING + 5] = len(pool) / 3
        active = sum(c < 0 for c in pool)
        if active:
            row[_PENDING + 6] = active / 3
        row[_PENDING + 9 + state.k_res] = 1.0
        mine = state.seat == seat
        count_into(row, _POOL, [-c if c < 0 else c for c in pool if c < 0 or mine])
    elif phase == RECYCLE_PHASE:
        if state.recycled:
            row[_PENDING + 7] = state.recycled / 5
    else:  # ARCHIVE_PHASE
        count_into(row, _TO_ARCHIVE, state.filing)


_PENDING_PHASES = frozenset(
    {PICK_PHASE, ACTIVATE_PHASE, PAY_PHASE, STACK_PHASE, REWIRE_PHASE, RECYCLE_PHASE, ARCHIVE_PHASE}
)

ENCODING = Encoding(LAYOUT, write, from_state)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """Hack-Me has no options: one layout."""
    return ENCODING

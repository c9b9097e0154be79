"""Cipher Run's observation for learning agents: a seat's view as fixed-length numbers, the seat's
own side first (docs/rules/cipher-run.md lists the slices).

Every node is written from the view the seat has: an opponent's face-down seeds are only their
count. Card counts have one place per card int (``CARD_SLOTS``); "mine" and "theirs" are relative
to the seat, so one policy can play either seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import CARD_SLOTS, Encoding, Layout, Slice, Writer, card_index, count_into
from ...engine.encoding import add_pile, pile_counts
from ...engine.shared import FrozenDict, IdentityMemo, Memo
from .actions import VAULT_NAMES
from .cards import SUIT
from .state import ASC, DESC, LOCK_HIGH, LOCK_LOW, NOBODY, PHASE_NAMES, SEEDING, CipherState

_NODE_STATES = ("open", "locked", "overflow")
_PROFILES = ("ascending", "descending")
_PROTOCOLS = "SHDC"
_NODES = 2 * len(VAULT_NAMES)
_NODE = "mine vault1..vault3, then theirs vault1..vault3"

LAYOUT = Layout(
    [
        Slice("options", 2, "pivot flips the profile (1) or keeps it; breach at start (1) or end"),
        Slice("phase", len(PHASE_NAMES), "the phase, one-hot: seeding, run, over"),
        Slice("turn", 5, "to move, moved first, turn / turn cap, final turns on, final turns / 2"),
        Slice("hand", CARD_SLOTS, "my hand, counted by card int"),
        Slice(
            "counts", 6, "my hand size / 8, deck / 30, vaults held / 3; the same for the opponent"
        ),
        Slice("discards", 2 * CARD_SLOTS, "my discard pile, then theirs, counted by card int"),
        Slice("redraws", 2 * CARD_SLOTS, "cards shown in re-draws: mine, then theirs"),
        Slice("hidden", _NODES, f"face-down seeds on each node / 3 ({_NODE})"),
        Slice(
            "modules", _NODES * CARD_SLOTS, f"each node's modules, counted by card int ({_NODE})"
        ),
        Slice("top", _NODES * CARD_SLOTS, f"each node's last module, one-hot ({_NODE})"),
        Slice("node_sums", _NODES * 3, "per node: total / 26, modules / 10, overclocks / 4"),
        Slice("node_state", _NODES * len(_NODE_STATES), "per node: open, locked, overflow"),
        Slice("profile", _NODES * len(_PROFILES), "per node: ascending, descending (none: 0)"),
        Slice("protocol", _NODES * len(_PROTOCOLS), "per node: its protocol suit S, H, D, C"),
        Slice("vaults", len(VAULT_NAMES) * 3, "per vault: held by me, held by them, contested"),
    ]
)


def write(view: Mapping[str, Any], seat: int, out: Writer) -> None:
    # The flags and numbers go straight to their places (a call each cost half an observation).
    row = out.out
    other = 1 - seat
    options = view["options"]
    if options["pivot"] == "flip":
        row[_OPTIONS] = 1.0
    if options["breach"] == "start":
        row[_OPTIONS + 1] = 1.0
    row[_PHASE + _PHASES[view["phase"]]] = 1.0
    if view["current_player"] == seat:
        row[_TURN] = 1.0
    if view["first_player"] == seat:
        row[_TURN + 1] = 1.0
    if view["turn"]:
        row[_TURN + 2] = view["turn"] / view["turn_cap"]
    final = view["final_turns"]
    if final is not None:
        row[_TURN + 3] = 1.0
        if final:
            row[_TURN + 4] = final / 2
    out.skip("turn")
    players = view["players"]
    out.begin("hand")
    out.cards(players[seat].get("hand", ()))
    at = _COUNTS
    for side in (seat, other):
        player = players[side]
        for key, scale in (("hand_count", 8), ("deck_count", 30), ("controls", 3)):
            if player[key]:
                row[at] = player[key] / scale
            at += 1
    out.skip("counts")
    out.begin("discards")
    out.cards(players[seat]["discard"])
    out.cards(players[other]["discard"])
    redraws = view["redraws"]
    if redraws:
        out.begin("redraws")
        for side in (seat, other):
            out.cards(c for r in redraws if r["player"] == side for c in r["cards"])
    else:
        out.skip("redraws")
    nodes = [vault["nodes"][side] for side in (seat, other) for vault in view["vaults"]]
    # Each node is read once, its numbers written into every slice that shows it; a node the
    # seat cannot see (or an empty one) has only its count of face-down seeds. A view's nodes
    # are shared parts (``engine.shared``), so a node's numbers are worked out once per place.
    for n, node in enumerate(nodes):
        placed = _PLACED.lookup(node, n)
        if placed is None:
            placed = _node_numbers(node, n)
            if isinstance(node, FrozenDict):
                _PLACED.put(node, n, placed)
        row.update(placed)
    at = _VAULTS
    for vault in view["vaults"]:
        if vault["controller"] == seat:
            row[at] = 1.0
        elif vault["controller"] == other:
            row[at + 1] = 1.0
        if vault["contested"]:
            row[at + 2] = 1.0
        at += 3
    out.skip("vaults")


def _node_numbers(node: Mapping[str, Any], n: int) -> dict[int, float]:
    """The numbers node ``n`` (``_NODE`` order) sets in the per-node slices."""
    starts = _NODE_STARTS
    hidden, modules_at, top_at = starts["hidden"], starts["modules"], starts["top"]
    sums_at, state_at = starts["node_sums"], starts["node_state"]
    profile_at, protocol_at = starts["profile"], starts["protocol"]
    row: dict[int, float] = {}
    if node["hidden"]:
        row[hidden + n] = node["hidden"] / 3
    modules = node["modules"]
    if modules:
        place_at = modules_at + n * CARD_SLOTS
        overclocks = 0
        for module in modules:
            place = place_at + card_index(module["card"])
            row[place] = row.get(place, 0.0) + 1.0
            overclocks += len(module["overclocks"])
        row[top_at + n * CARD_SLOTS + card_index(modules[-1]["card"])] = 1.0
        row[sums_at + n * 3 + 1] = len(modules) / 10
        if overclocks:
            row[sums_at + n * 3 + 2] = overclocks / 4
    if node["total"]:
        row[sums_at + n * 3] = node["total"] / 26
    if node["state"]:
        row[state_at + n * len(_NODE_STATES) + _NODE_STATES.index(node["state"])] = 1.0
    if node["profile"]:
        row[profile_at + n * len(_PROFILES) + _PROFILES.index(node["profile"])] = 1.0
    if node["protocol"]:
        row[protocol_at + n * len(_PROTOCOLS) + _PROTOCOLS.index(node["protocol"])] = 1.0
    return row


#: The per-node slices in layout order, with their sizes (``write`` fills them in one pass).
_NODE_SLICES = {
    piece.name: piece.size
    for piece in LAYOUT.slices
    if piece.name in ("hidden", "modules", "top", "node_sums", "node_state", "profile", "protocol")
}

#: Where each per-node slice starts.
_NODE_STARTS = {name: LAYOUT.starts[name] for name in _NODE_SLICES}
_OPTIONS, _PHASE, _TURN, _COUNTS, _VAULTS = (
    LAYOUT.starts[name] for name in ("options", "phase", "turn", "counts", "vaults")
)
_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}
#: Each shared node's numbers per place in ``_NODE`` order (``engine.shared``).
_PLACED: IdentityMemo[dict[int, float]] = IdentityMemo()


def from_state(state: CipherState, seat: int) -> dict[int, float]:
    """``write``'s numbers read from the state, only what ``view.view`` shows ``seat``: the
    opponent's hand is a count, and while seeding its nodes are counts of face-down seeds."""
    other = 1 - seat
    row: dict[int, float] = {_PHASE + state.phase: 1.0}
    if state.pivot_flip:
        row[_OPTIONS] = 1.0
    if state.breach_start:
        row[_OPTIONS + 1] = 1.0
    if state.current_player == seat:
        row[_TURN] = 1.0
    if state.first == seat:
        row[_TURN + 1] = 1.0
    if state.turn:
        row[_TURN + 2] = state.turn / state.turn_cap
    final = state.final
    if final >= 0:
        row[_TURN + 3] = 1.0
        if final:
            row[_TURN + 4] = final / 2
    add_pile(row, _HAND, state.hands[seat])
    seeding = state.phase == SEEDING
    controllers = (NOBODY,) * 3 if seeding else tuple(state.controller(v) for v in range(3))
    at = _COUNTS
    for side in (seat, other):
        for value, scale in (
            (len(state.hands[side]), 8),
            (len(state.decks[side]), 30),
            (controllers.count(side), 3),
        ):
            if value:
                row[at] = value / scale
            at += 1
    row.update(pile_counts(_DISCARDS, state.discards[seat]))
    row.update(pile_counts(_DISCARDS + CARD_SLOTS, state.discards[other]))
    for player, cards in state.redraws:
        count_into(row, _REDRAWS + (player != seat) * CARD_SLOTS, cards)
    mods, kings, total, profile = state.mods, state.kings, state.total, state.profile
    for n, node in enumerate((seat * 3, seat * 3 + 1, seat * 3 + 2, other * 3, other * 3 + 1,
                              other * 3 + 2)):  # fmt: skip
        if seeding and n >= 3:
            if mods[node]:
                row[_NODE_STARTS["hidden"] + n] = len(mods[node]) / 3
            continue
        key = (n, mods[node], kings[node], total[node], profile[node])
        placed = _STATE_NODES.data.get(key)
        if placed is None:
            placed = _STATE_NODES.put(key, _node_from_state(*key))
        row.update(placed)
    at = _VAULTS
    for v in range(3):
        if controllers[v] == seat:
            row[at] = 1.0
        elif controllers[v] == other:
            row[at + 1] = 1.0
        if not seeding and state.contested(v):
            row[at + 2] = 1.0
        at += 3
    return row


def _node_from_state(
    n: int, mods: tuple[int, ...], kings: tuple[tuple[int, ...], ...], total: int, profile: int
) -> dict[int, float]:
    """The numbers a node the seat sees sets, at place ``n`` (``_NODE`` order)."""
    starts = _NODE_STARTS
    sums_at = starts["node_sums"] + n * 3
    row: dict[int, float] = {}
    if mods:
        count_into(row, starts["modules"] + n * CARD_SLOTS, mods)
        row[starts["top"] + n * CARD_SLOTS + mods[-1]] = 1.0
        row[sums_at + 1] = len(mods) / 10
        overclocks = sum(map(len, kings))
        if overclocks:
            row[sums_at + 2] = overclocks / 4
        row[starts["protocol"] + n * len(_PROTOCOLS) + SUIT[mods[-1]]] = 1.0
    if total:
        row[sums_at] = total / 26
    state = 0 if total < LOCK_LOW else 1 if total <= LOCK_HIGH else 2
    row[starts["node_state"] + n * len(_NODE_STATES) + state] = 1.0
    if profile in (ASC, DESC):
        row[starts["profile"] + n * len(_PROFILES) + (profile == DESC)] = 1.0
    return row


_HAND, _DISCARDS, _REDRAWS = (LAYOUT.starts[name] for name in ("hand", "discards", "redraws"))
#: Each visible node's numbers by its place and what lies on it.
_STATE_NODES: Memo[tuple[Any, ...], dict[int, float]] = Memo()

ENCODING = Encoding(LAYOUT, write, from_state)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """One layout for every option set (the options are its first slice)."""
    return ENCODING

"""Cipher Run's observation for learning agents: a seat's view as fixed-length numbers, the seat's
own side first (docs/rules/cipher-run.md lists the slices).

Every node is written from the view the seat has: an opponent's face-down seeds are only their
count. Card counts have one place per card int (``CARD_SLOTS``); "mine" and "theirs" are relative
to the seat, so one policy can play either seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import CARD_SLOTS, Encoding, Layout, Slice, Writer, card_index
from .actions import VAULT_NAMES
from .state import PHASE_NAMES

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
    other = 1 - seat
    options = view["options"]
    out.begin("options")
    out.flag(options["pivot"] == "flip")
    out.flag(options["breach"] == "start")
    out.begin("phase")
    out.one_hot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES))
    out.begin("turn")
    out.flag(view["current_player"] == seat)
    out.flag(view["first_player"] == seat)
    out.number(view["turn"], view["turn_cap"])
    final = view["final_turns"]
    out.flag(final is not None)
    out.number(final or 0, 2)
    players = view["players"]
    out.begin("hand")
    out.cards(players[seat].get("hand", ()))
    out.begin("counts")
    for side in (seat, other):
        player = players[side]
        out.number(player["hand_count"], 8)
        out.number(player["deck_count"], 30)
        out.number(player["controls"], 3)
    out.begin("discards")
    out.cards(players[seat]["discard"])
    out.cards(players[other]["discard"])
    out.begin("redraws")
    for side in (seat, other):
        out.cards(c for r in view["redraws"] if r["player"] == side for c in r["cards"])
    nodes = [vault["nodes"][side] for side in (seat, other) for vault in view["vaults"]]
    out.begin("hidden")
    for node in nodes:
        out.number(node["hidden"], 3)
    out.begin("modules")
    for node in nodes:
        out.cards(m["card"] for m in node["modules"])
    out.begin("top")
    for node in nodes:
        modules = node["modules"]
        out.one_hot(card_index(modules[-1]["card"]) if modules else None, CARD_SLOTS)
    out.begin("node_sums")
    for node in nodes:
        out.number(node["total"] or 0, 26)
        out.number(len(node["modules"]), 10)
        out.number(sum(len(m["overclocks"]) for m in node["modules"]), 4)
    out.begin("node_state")
    for node in nodes:
        state = node["state"]
        out.one_hot(_NODE_STATES.index(state) if state else None, len(_NODE_STATES))
    out.begin("profile")
    for node in nodes:
        profile = node["profile"]
        out.one_hot(_PROFILES.index(profile) if profile else None, len(_PROFILES))
    out.begin("protocol")
    for node in nodes:
        protocol = node["protocol"]
        out.one_hot(_PROTOCOLS.index(protocol) if protocol else None, len(_PROTOCOLS))
    out.begin("vaults")
    for vault in view["vaults"]:
        out.flag(vault["controller"] == seat)
        out.flag(vault["controller"] == other)
        out.flag(vault["contested"])


ENCODING = Encoding(LAYOUT, write)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """One layout for every option set (the options are its first slice)."""
    return ENCODING

"""The Cyberpunk CCG's observation for learning agents: a seat's view as fixed-length numbers,
the seat's own side first (docs/rules/cyberpunk-ccg.md lists the slices).

The actions name card instances (``hit c92``), so besides counts of each card by zone the
observation has one row per instance id with what the table shows of it. Hands appear as the view
shows them: my own by card, the opponent's as counts.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ...engine import Encoding, Layout, Slice, Writer, count_into, vocabulary
from ...engine.shared import FrozenDict, FrozenList, IdentityMemo
from . import economy
from .cardset import CARDS, COMBAT_SCALE
from .rules import MAX_INSTANCES, SETUP, STASH, STEP_NAMES
from .state import CyberState
from .views import table

_CARD = vocabulary(d.slug for d in CARDS)
_V = len(_CARD)
_STEPS = ("setup", *STEP_NAMES)
_KINDS = ("runner", "equipment", "event", "location", "cyber", "operation", "sponsor")
_PROMPTS = (
    "ability", "card-complete", "cost", "cut", "defend", "discard", "draw", "form", "interface",
    "partner", "pay", "place", "posse", "press", "respond", "save", "sense", "take", "target",
    "team",
)  # fmt: skip
_FLAGS = ("used", "busted", "attacked", "hit", "opened", "drawn", "complete", "psycho")
_C = 50 * COMBAT_SCALE  # the combat numbers' divisor, at the set's scale
_STATS = (
    ("power", 50), ("sr", _C), ("lr", _C), ("df", _C), ("empathy", 10), ("msec", _C),
    ("esec", _C), ("attack", _C), ("tokens", 5), ("movement", 5),
)  # fmt: skip
_ROW = 5 + len(_KINDS) + len(_FLAGS) + len(_STATS)
_SIDES = "mine, then theirs"
_PLAYER = (
    "ops / 10, style / 10, busts / 5, bank / 20, funds / 20, Runs deck / 40, Gear deck / 40, "
    "hand / 10, Runs cards in hand / 10"
)

LAYOUT = Layout(
    [
        Slice("step", len(_STEPS), "the step, one-hot: " + ", ".join(_STEPS)),
        Slice("turn", 3, "turn / 120, my turn, I am to move"),
        Slice("players", 2 * 9, f"per player ({_SIDES}): {_PLAYER}"),
        Slice("hand", _V, "my hand, counted by card"),
        Slice("zones", 6 * _V, f"in play, Stash, discard, each counted by card ({_SIDES})"),
        Slice(
            "instances",
            MAX_INSTANCES * _ROW,
            "one row per instance c1.. in id order: in play, mine, in a Stash, discarded, "
            "attached; kind one-hot ("
            + ", ".join(_KINDS)
            + "); flags ("
            + ", ".join(_FLAGS)
            + "); "
            + ", ".join(f"{n} / {s}" for n, s in _STATS),
        ),
        Slice(
            "hit",
            10,
            "a hit is on, it is a hit (not a run), I attack, it targets the Stash, force size / 5, "
            f"defenders / 5, attack / {2 * _C}, defense / {2 * _C}, defending attack / {2 * _C}, "
            f"defense / {2 * _C}",
        ),
        Slice(
            "prompt",
            len(_PROMPTS) + 3,
            "the prompt, one-hot: " + ", ".join(_PROMPTS) + "; it is mine, due / 20, paid / 20",
        ),
    ]
)


def write(view: Mapping[str, Any], seat: int, out: Writer) -> None:
    players = view["players"]
    sides = (players[seat], players[1 - seat])
    out.begin("step")
    out.one_hot(_STEPS.index(view["step"]), len(_STEPS))
    out.begin("turn")
    out.number(view["turn"], 120)
    out.flag(view["active"] == seat)
    out.flag(view["current_player"] == seat)
    out.begin("players")
    for p in sides:
        for key, scale in (
            ("ops", 10), ("style", 10), ("busts", 5), ("bank", 20), ("funds", 20),
            ("runs_deck", 40), ("gear_deck", 40), ("hand_count", 10), ("hand_runs", 10),
        ):  # fmt: skip
            out.number(p[key], scale)
    out.begin("hand")
    out.tokens(sides[0].get("hand", ()), _CARD)
    # Zones and instance rows in one pass over the cards (a table shows a hundred of them).
    out.begin("zones")
    out.at += 6 * _V
    out.begin("instances")
    base = out.at
    for side, p in enumerate(sides):
        _write_zones(out.out, side, (p["play"], p["stash"], p["discard"]))
    out.at = base + MAX_INSTANCES * _ROW
    hit = view["hit"]
    out.begin("hit")
    out.flag(hit is not None)
    if hit is not None:
        out.flag(hit["mode"] == "hit")
        out.flag(hit["attacker"] == seat)
        out.flag(hit["target"] == "stash")
        out.number(len(hit["force"]), 5)
        out.number(len(hit["defenders"]), 5)
        for key in ("attack", "defense", "defending_attack", "defending_defense"):
            out.number(hit[key], 2 * _C)
    prompt = view["prompt"]
    out.begin("prompt")
    if prompt is not None:
        kind = prompt["kind"]
        out.one_hot(_PROMPTS.index(kind) if kind in _PROMPTS else None, len(_PROMPTS))
        out.flag(prompt["seat"] == seat)
        out.number(prompt.get("due", 0), 20)
        out.number(prompt.get("paid", 0), 20)


def _write_zones(row: dict[int, float], side: int, zones: tuple[Any, Any, Any]) -> None:
    """A side's cards in play, in its Stash and discarded: counts by card and instance rows."""
    for z, (zone, cards) in enumerate(zip(_ZONES, zones, strict=True)):
        count_at = _ZONE_COUNTS + (side * 3 + z) * _V
        if isinstance(cards, FrozenList):
            # A shared row of cards: its counts and rows worked out once per row and place.
            placed = _PILES.lookup(cards, count_at)
            if placed is None:
                placed = {}
                for card in cards:
                    _add_card(placed, card, zone, side, count_at, _INSTANCES)
                _PILES.put(cards, count_at, placed)
            row.update(placed)
        else:
            for card in cards:
                _add_card(row, card, zone, side, count_at, _INSTANCES)


def _add_card(
    row: dict[int, float], card: Mapping[str, Any], zone: str, side: int, count_at: int, base: int
) -> None:
    """One card of a zone; a shared card's numbers are worked out once per card and place."""
    if not isinstance(card, FrozenDict):
        _write_card(row, card, zone, side, count_at, base)
        return
    entry = _CARDS.lookup(card, count_at)
    if entry is None:
        placed: dict[int, float] = {}
        _write_card(placed, card, zone, side, count_at, base)
        count = count_at + _CARD[card["card"]]
        del placed[count]
        entry = _CARDS.put(card, count_at, (count, placed))
    count, placed = entry
    row[count] = row.get(count, 0.0) + 1.0
    row.update(placed)


def _write_card(
    row: dict[int, float], card: Mapping[str, Any], zone: str, side: int, count_at: int, base: int
) -> None:
    """One card of a zone: its count by card (from ``count_at``) and its instance row."""
    place = count_at + _CARD[card["card"]]
    row[place] = row.get(place, 0.0) + 1.0
    at = base + _ROW_AT[card["id"]]
    for place in _FIXED[zone, side == 0][card["kind"]]:
        row[at + place] = 1.0
    if "on" in card:
        row[at + 4] = 1.0
    if zone == "play":
        # What the table shows of a card in play: its flags and stats.
        for key, value in card.items():
            stat = _PLAY_PLACES.get(key)
            if stat is not None and value:
                offset, scale = stat
                if scale == 0:
                    row[at + offset] = 1.0
                elif isinstance(value, int | float):
                    row[at + offset] = value / scale


#: Shared piles' and cards' numbers per place (``engine.shared``); a card's count is kept apart,
#: as other cards of its name add to the same place.
_PILES: IdentityMemo[dict[int, float]] = IdentityMemo()
_CARDS: IdentityMemo[tuple[int, dict[int, float]]] = IdentityMemo()


#: Each flag's and stat's place in a row, with the stat's scale (0: a flag, written as 1).
_PLAY_PLACES: dict[str, tuple[int, int]] = {
    **{flag: (5 + len(_KINDS) + i, 0) for i, flag in enumerate(_FLAGS)},
    **{key: (5 + len(_KINDS) + len(_FLAGS) + i, scale) for i, (key, scale) in enumerate(_STATS)},
}


def _fixed_places(zone: str, mine: bool) -> dict[str, tuple[int, ...]]:
    """For each kind, the places of a row a card of that kind in that zone sets: in play, mine,
    in a Stash, discarded, then its kind (a kind not listed sets only the zone's places)."""
    zone_places = tuple(
        place
        for place, on in enumerate((zone == "play", mine, zone == "stash", zone == "discard"))
        if on
    )
    by_kind: dict[str, tuple[int, ...]] = defaultdict(lambda: zone_places)
    by_kind.update({kind: (*zone_places, 5 + i) for i, kind in enumerate(_KINDS)})
    return by_kind


_FIXED = {
    (zone, mine): _fixed_places(zone, mine)
    for zone in ("play", "stash", "discard")
    for mine in (True, False)
}
#: Where each instance id's row starts in the slice (ids run c1..).
_ROW_AT = {f"c{i + 1}": i * _ROW for i in range(MAX_INSTANCES)}


_ZONES = ("play", "stash", "discard")
_STEP, _TURN, _PLAYERS, _HAND, _ZONE_COUNTS, _INSTANCES, _HIT, _PROMPT = (
    LAYOUT.starts[name]
    for name in ("step", "turn", "players", "hand", "zones", "instances", "hit", "prompt")
)
_PROMPT_AT = {kind: i for i, kind in enumerate(_PROMPTS)}


def from_state(st: CyberState, seat: int) -> dict[int, float]:
    """``write``'s numbers read from the state, only what ``views.view`` shows ``seat``: the
    opponent's hand is counts, and a card its owner is paying for with nothing paid yet
    (``economy.unannounced``) is still in that hand to the other seat."""
    step = 0 if st.step == SETUP else 1 + st.step
    row: dict[int, float] = {_STEP + step: 1.0}
    if st.turn:
        row[_TURN] = st.turn / 120
    if st.active == seat:
        row[_TURN + 1] = 1.0
    if st.current_player == seat:
        row[_TURN + 2] = 1.0
    secret = economy.unannounced(st)
    defs = st.defs
    at = _PLAYERS
    for p in (seat, 1 - seat):
        held = st.hand[p]
        runs = sum(1 for i in held if defs[i].deck == "runs")
        if secret and st.owner[secret] == p:
            held = [*held, secret]
            runs += defs[secret].deck == "runs"
        for value, scale in (
            (st.ops[p], 10), (st.style_in_play(p), 10), (st.busts[p], 5), (st.bank[p], 20),
            (economy.funds(st, p), 20), (len(st.runs[p]), 40), (len(st.gear[p]), 40),
            (len(held), 10), (runs, 10),
        ):  # fmt: skip
            if value:
                row[at] = value / scale
            at += 1
    count_into(row, _HAND, [_CARD[defs[i].slug] for i in st.hand[seat]])
    zones = table(st)
    _write_zones(row, 0, zones[seat])
    _write_zones(row, 1, zones[1 - seat])
    h = st.hit
    if h is not None:
        row[_HIT] = 1.0
        for place, (on, value, scale) in enumerate(
            (
                (h[0] == "hit", 1, 1),
                (h[1] == seat, 1, 1),
                (h[3] == STASH, 1, 1),
                (True, len(h[2]), 5),
                (True, len(h[4]), 5),
                (True, st.hit_attack(0), 2 * _C),
                (True, st.hit_defense(0), 2 * _C),
                (True, st.hit_attack(1) if h[4] else 0, 2 * _C),
                (True, st.hit_defense(1) if h[4] else 0, 2 * _C),
            ),
            _HIT + 1,
        ):
            if on and value:
                row[place] = value / scale
    pr = st.prompt
    if pr is not None:
        kind = _PROMPT_AT.get(pr[0])
        if kind is not None:
            row[_PROMPT + kind] = 1.0
        mine = pr[1] == seat
        if mine:
            row[_PROMPT + len(_PROMPTS)] = 1.0
        # What is due and paid shows on a payment, and on a secret one to its payer only.
        if mine if secret else pr[0] == "pay":
            if pr[2]:
                row[_PROMPT + len(_PROMPTS) + 1] = pr[2] / 20
            if pr[3]:
                row[_PROMPT + len(_PROMPTS) + 2] = pr[3] / 20
    return row


ENCODING = Encoding(LAYOUT, write, from_state)


def encoding(options: Mapping[str, Any]) -> Encoding:
    """One layout for every sponsor pairing."""
    return ENCODING

"""Cyberpunk CCG: information — what each seat may see (the public table, both deck lists, the
rules' public tally, and its own hand) and the re-deal of what it cannot see, for search that must
not peek; from a view alone the position is rebuilt (``rebuild``)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine import Rng
from ...engine.shared import FrozenDict, FrozenList, Memo, shared_list
from . import economy
from .cards import LOCATION, OPERATION, RUNNER
from .names import labels
from .rules import (
    F_ATTACKED,
    F_BUSTED,
    F_DRAWN,
    F_HIT,
    F_OPENED,
    SETUP,
    STASH,
    STEP_NAMES,
    TURN_CAP,
    Z_GEAR,
    Z_HAND,
    Z_LIMBO,
    Z_PLAY,
    Z_RUNS,
    c,
)

if TYPE_CHECKING:
    from .state import CyberState


def card_view(st: CyberState, i: int) -> dict[str, Any]:
    d = st.defs[i]
    if st.zone[i] != Z_PLAY:
        return _out_of_play(i, d.slug, d.name, d.kind)
    out: dict[str, Any] = {"id": c(i), "card": d.slug, "name": d.name, "kind": d.kind}
    out["used"] = bool(st.used[i])
    if st.host[i]:
        out["on"] = c(st.host[i])
    if d.kind == RUNNER:
        out.update(
            type=d.rtype,
            sr=st.runner_stat(i, "sr", True),
            lr=st.runner_stat(i, "lr", True),
            df=st.runner_stat(i, "df", True),
            power=st.power(i),
            empathy=st.empathy(i),
            team=st.team[i],
            psycho=st.psycho(i),
            busted=bool(st.flags[i] & F_BUSTED),
            attacked=bool(st.flags[i] & F_ATTACKED),
            hit=bool(st.flags[i] & F_HIT),
            movement=st.movement((i,)),
        )
    elif d.kind in (LOCATION, OPERATION):
        out.update(msec=st.msec(i), esec=st.esec(i), attack=st.security(i), ops=d.ops)
        if d.kind == LOCATION:
            out["eb"] = d.eb
        else:
            out["opened"] = bool(st.flags[i] & F_OPENED)
    elif d.gear == "chassis":
        out.update(tokens=st.tokens[i], complete=st.chassis_complete(i))
    elif d.gear == "weapon":
        out["drawn"] = bool(st.flags[i] & F_DRAWN)
    return out


@lru_cache(maxsize=4096)
def _out_of_play(i: int, slug: str, name: str, kind: str) -> FrozenDict:
    """A card out of play shows what it is, the same in every state: one part for all views."""
    return FrozenDict(id=c(i), card=slug, name=name, kind=kind)


def _in_play(st: CyberState, i: int, mods: dict[int, tuple[tuple[int, str, int], ...]]) -> Any:
    """A card in play, shared while everything its view reads stays the same: its own used,
    host, flags and this turn's mods; a runner's team, Movement spent and gear (a Chassis' with
    its parts); a Chassis' tokens and parts."""
    d = st.defs[i]
    if d.kind == RUNNER:
        key: tuple[Any, ...] = (
            id(st.defs),
            i,
            st.used[i],
            st.host[i],
            st.flags[i],
            st.team[i],
            st.spent[i],
            mods.get(i),
            _gear(st, i),
        )
    elif d.gear == "chassis":
        key = (id(st.defs), i, st.used[i], st.host[i], st.tokens[i], tuple(st.attachments(i)))
    else:
        key = (id(st.defs), i, st.used[i], st.host[i], st.flags[i] & _SHOWN, mods.get(i))
    entry = _PLAY.data.get(key)
    if entry is None:
        entry = _PLAY.put(key, (st.defs, FrozenDict(card_view(st, i))))
    return entry[1]


def _gear(st: CyberState, r: int) -> tuple[tuple[Any, ...], ...]:
    """What a runner's stats and Movement read of its attachments."""
    return tuple(
        (
            a,
            st.used[a],
            st.flags[a],
            st.tokens[a],
            tuple(st.attachments(a)) if st.defs[a].gear == "chassis" else (),
        )
        for a in st.attachments(r)
    )


#: The flag bits a card in play other than a runner shows (an Operation opened, a weapon drawn).
_SHOWN = F_OPENED | F_DRAWN
#: Shared parts (``engine.shared``): cards in play by what they show, and piles out of play, per
#: card table (``st.defs``: instance ids name other cards in other games; each entry holds its
#: table, so the table's identity stands for it while the entry lives).
_PLAY: Memo[tuple[Any, ...], tuple[Any, FrozenDict]] = Memo()
_PILES: Memo[tuple[int, tuple[int, ...]], tuple[Any, FrozenList]] = Memo()


def _pile(st: CyberState, cards: list[int]) -> FrozenList:
    key = (id(st.defs), tuple(cards))
    entry = _PILES.data.get(key)
    if entry is None:
        entry = _PILES.put(key, (st.defs, FrozenList(card_view(st, i) for i in cards)))
    return entry[1]


def public_view(st: CyberState) -> dict[str, Any]:
    """Everything public, computed once per position (views share it; never mutate it)."""
    if st._public is not None:
        return st._public
    was = st.freeze()  # nothing changes while the view is drawn
    try:
        st._public = draw_public(st)
    finally:
        st.thaw(was)
    return st._public


def table(st: CyberState) -> tuple[tuple[FrozenList, FrozenList, FrozenList], ...]:
    """Each seat's cards in play, Stash and discard pile as every view shows them (shared
    parts): the table alone, for an observation read from the state (``encoding``)."""
    if st._public is not None:
        players = st._public["players"]
        return tuple((p["play"], p["stash"], p["discard"]) for p in players)
    was = st.freeze()
    try:
        mods = _mods(st)
        return tuple(_zones(st, p, mods) for p in (0, 1))
    finally:
        st.thaw(was)


def _mods(st: CyberState) -> dict[int, tuple[tuple[int, str, int], ...]]:
    """This turn's changes to stats, by the card they change."""
    mods: dict[int, tuple[tuple[int, str, int], ...]] = {}
    for m in st.mods:
        mods[m[0]] = (*mods.get(m[0], ()), m)
    return mods


def _zones(
    st: CyberState, p: int, mods: dict[int, tuple[tuple[int, str, int], ...]]
) -> tuple[FrozenList, FrozenList, FrozenList]:
    """Seat ``p``'s cards in play, Stash and discard pile (shared parts)."""
    return (
        shared_list([_in_play(st, i, mods) for i in st.play[p]]),
        _pile(st, st.stash[p]),
        _pile(st, st.discard[p]),
    )


def draw_public(st: CyberState) -> dict[str, Any]:
    mods = _mods(st)
    # A card its owner is paying for, with nothing paid yet, may still go back to the hand:
    # to everyone else it is still there (its owner's view names it: ``view``).
    secret = economy.unannounced(st)
    players = []
    for p in (0, 1):
        held = list(st.hand[p])
        if secret and st.owner[secret] == p:
            held.append(secret)
        players.append(
            {
                "sponsor": st.defs[st.sponsor[p]].name if st.sponsor[p] else None,
                "faction": st.defs[st.sponsor[p]].faction if st.sponsor[p] else "",
                "ops": st.ops[p],
                "style": st.style_in_play(p),
                "busts": st.busts[p],
                "bank": st.bank[p],
                "bank_next_turn": st.owed[p],
                "funds": economy.funds(st, p),
                "runs_deck": len(st.runs[p]),
                "gear_deck": len(st.gear[p]),
                "hand_count": len(held),
                "hand_runs": sum(1 for i in held if st.defs[i].deck == "runs"),
                **dict(zip(("play", "stash", "discard"), _zones(st, p, mods), strict=True)),
                "deck_list": _deck_list(st, p),
            }
        )
    h = st.hit
    hit = None
    if h is not None:
        hit = {
            "mode": h[0],
            "attacker": h[1],
            "force": [c(r) for r in h[2]],
            "target": "stash" if h[3] == STASH else c(h[3]),
            "defenders": [c(r) for r in h[4]],
            "attack": st.hit_attack(0),
            "defense": st.hit_defense(0),
            "defending_attack": st.hit_attack(1) if h[4] else 0,
            "defending_defense": st.hit_defense(1) if h[4] else 0,
        }
    pr = st.prompt
    prompt = None
    if pr is not None:
        prompt = {"kind": pr[0], "seat": pr[1]}
        if secret:
            prompt["for"] = "a card"  # what it costs would narrow it down: nothing more
        elif pr[0] == "pay":
            prompt.update(_payment(st, pr))
        elif pr[0] == "place":
            prompt["card"] = st.defs[pr[2]].name
        elif pr[0] in ("save", "respond", "posse"):
            prompt["card"] = st.name(pr[2])
    return {
        "game": "cyberpunk-ccg",
        "turn": st.turn,
        "turn_cap": TURN_CAP,
        "active": st.active,
        "step": "setup" if st.step == SETUP else STEP_NAMES[st.step],
        "priority": st.current_player,
        "current_player": st.current_player,
        "players": players,
        # What the table calls each card it shows (``names``): a card's id is the engine's word.
        "names": labels({"players": players}),
        "hit": hit,
        "prompt": prompt,
        "tally": tally(st, secret),
        "outcome": st._outcome.to_json() if st._outcome else None,
    }


def _deck_list(st: CyberState, p: int) -> FrozenList:
    """The cards seat ``p`` brought, by slug, in the order of their instances (``c1`` first):
    deck lists are public (the rules page), so this says which card every instance is."""
    key = (id(st.defs), st.cards)
    entry = _DECKS.data.get(key)
    if entry is None:
        lists: list[list[str]] = [[], []]
        for i in range(1, len(st.cards)):
            lists[st.owner[i]].append(st.defs[i].slug)
        entry = _DECKS.put(key, (st.defs, (FrozenList(lists[0]), FrozenList(lists[1]))))
    return entry[1][p]


_DECKS: Memo[tuple[int, tuple[int, ...]], tuple[Any, tuple[FrozenList, FrozenList]]] = Memo()


def tally(st: CyberState, secret: int) -> dict[str, Any]:
    """The rules' public bookkeeping that the table does not draw: who holds priority and how
    many passed in a row, the question in front of a seat and the move it may still take back,
    the hit in progress, this turn's changes to stats, trashed cards waiting to be saved, cards
    being played, each card's marks (used, host, team, flags, Movement spent, tokens) and the
    per-turn facts of each seat. A card its owner is paying for with nothing paid yet
    (``secret``) stays out of it: only its owner's view adds it (``view``)."""
    zone = st.zone
    playing = (
        [i for i, z in enumerate(zone) if z == Z_LIMBO and i != secret] if Z_LIMBO in zone else []
    )
    marks = {}
    used, host, team, flags, spent, tokens = (
        st.used,
        st.host,
        st.team,
        st.flags,
        st.spent,
        st.tokens,
    )
    for pile in (*st.play, *st.stash, *st.discard, playing):
        for i in pile:
            if used[i] or host[i] or team[i] or flags[i] or spent[i] or tokens[i]:
                marks[c(i)] = [used[i], host[i], team[i], flags[i], spent[i], tokens[i]]
    return {
        "priority": st.prio,
        "passes": st.passes,
        "prompt": None if secret else _raw(st.prompt),
        "backout": None if secret else _raw(st.backout),
        "backouts": list(st.backouts),
        "hit": _raw(st.hit),
        "mods": [_raw(m) for m in st.mods],
        "dying": list(st.dying),
        "playing": [c(i) for i in playing],
        "marks": marks,
        "site_hit": list(st.sitehit),
        "stash_hit": list(st.stashhit),
        "corp_zone": list(st.corpzone),
    }


def _raw(value: Any) -> Any:
    """A rules tuple as JSON: tuples become lists, numbers and words stay."""
    if isinstance(value, tuple):
        return [_raw(v) for v in value]
    return value


def _payment(st: CyberState, pr: tuple[Any, ...]) -> dict[str, Any]:
    """What a pay prompt shows: what is due and paid, what it is for, and the offer."""
    what = pr[4][1] if pr[4][0] in ("buy", "buy-op", "event", "open") else 0
    name = st.defs[what].name if what else pr[4][0]
    return {"due": pr[2], "paid": pr[3], "for": name, **economy.pay_offer(st, pr)}


def view(st: CyberState, seat: int | None) -> dict[str, Any]:
    public = public_view(st)
    out = dict(public)
    players = [dict(entry) for entry in public["players"]]
    if seat is not None and 0 <= seat < 2:
        players[seat]["hand"] = sorted(st.defs[i].slug for i in st.hand[seat])
        # The hand in the order the seat holds it (the order its moves are listed in).
        players[seat]["hand_ids"] = [c(i) for i in st.hand[seat]]
        pr = st.prompt
        secret = economy.unannounced(st) if pr is not None and pr[1] == seat else 0
        if pr is not None and secret:
            out["prompt"] = {**public["prompt"], **_payment(st, pr)}
            # The question and the card being paid for, that only this seat knows about.
            out["tally"] = tally(st, 0)
        # What each card in hand costs this seat, its sponsor's faction discount taken off: the
        # printed cost alone misleads (the table and the page show this one).
        players[seat]["hand_costs"] = {
            st.defs[i].slug: economy.price(st, seat, i) for i in st.hand[seat]
        }
    out["players"] = players
    current = st.current_player
    out["legal_actions"] = (
        [a.text for a in st.legal_actions()] if seat is not None and seat == current else []
    )
    return out


def determinize(st: CyberState, seat: int, rng: Rng) -> CyberState:
    """Re-deal what ``seat`` cannot see: the order of its own decks, and the opponent's hand
    together with the opponent's decks (Runs cards with Runs cards, Gear with Gear)."""
    o = st.clone()
    zone = o.zone
    defs = st.defs
    for p in (0, 1):
        hidden_hand = p != seat
        new_hand: list[int] = [] if hidden_hand else o.hand[p]
        for deck, which in ((o.runs[p], "runs"), (o.gear[p], "gear")):
            held = [i for i in o.hand[p] if defs[i].deck == which] if hidden_hand else []
            pool = sorted(deck + held)
            rng.shuffle(pool)
            # The deck's cards are in the deck's zone already: only the hand's cards move.
            in_deck = Z_RUNS if which == "runs" else Z_GEAR
            for i in held:
                zone[i] = in_deck
            for i in pool[: len(held)]:
                new_hand.append(i)
                zone[i] = Z_HAND
            deck[:] = pool[len(held) :]
        if hidden_hand:
            o.hand[p] = new_hand
    o.rng = rng.fork()
    o._legal = None
    return o

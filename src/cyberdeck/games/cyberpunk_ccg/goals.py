"""How far each sponsor is from its own victory condition, and which cards bring it closer.

The evaluation reads these so that an AI plays for its sponsor: a greedy or searching player only
sees one move ahead, and a condition that pays nothing until it is complete (120 Defense, 50 busts,
seven kinds of Vehicle) would never be chased without a measure of the way there. Everything here
is public (cards in play, bust points, the Chassis' tokens, the discard piles).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import economy, equipping, hits
from .cards import (
    CYBER,
    LOCATION,
    LOCATION_TYPES,
    RUNNER,
    VEHICLE_TYPES,
    CardDef,
    chassis_counts,
)
from .cardset import CARDS
from .rules import RUNS, STASH, STRAIGHTEN
from .victory import (
    ARASAKA_DEFENSE,
    BIOTECHNICA_EMPATHY,
    MILITECH_SR,
    MOB_EB,
    NCPD_BUSTS,
    riding,
    turf_eb,
)

if TYPE_CHECKING:
    from .state import CyberState

#: How much of Arasaka's wall counts while a hit on one of its Locations or its Stash since its
#: last turn keeps the fortress from standing at the end of its next turn. The hit is public,
#: and a searching opponent must see what it denies: without it, `normal` against `normal`,
#: Arasaka's fortress decided 74 of its 87 wins in 100 games (bench/results/, v9 at `normal`).
DENIED = 0.5


def _share(have: int, need: int) -> float:
    return min(have, need) / need


#: What a Vehicle or heavy weapon in the Gangs' Stash counts for, of what it would add on their
#: Chassis: bought at Purchase, a part waits in the Stash until the Equip step moves it on. Counted
#: as nothing there, no part was ever bought for the Chassis (at `normal`, 40 games with the Chassis
#: in play 19 times: never more than 4 parts), and counted in full it would never be moved on.
STASHED_PART = 0.8


def _built(parts: list[CardDef]) -> float:
    """How much of the Chassis' completion rule ``parts`` meet, from 0 to 4 (one for each rule)."""
    wheels, big, air, heavy = chassis_counts(parts)
    return _share(wheels, 8) + _share(big, 2) + _share(air, 2) + (1.0 if heavy == 1 else 0.0)


def _chassis(st: CyberState, p: int, ch: int, extra: CardDef | None = None) -> float:
    """A Chassis on the table is a fifth of the way; each part the rule asks for, and each token
    gone, the rest. The parts in ``p``'s Stash (and ``extra``, a part being bought) count for
    ``STASHED_PART`` of what they would add (of heavy weapons, only one is ever moved on)."""
    defs = st.defs
    parts = [defs[a] for a in st.chassis_parts(ch)]
    built = _built(parts)
    waiting = [defs[a] for a in st.stash[p] if equipping.fits(st, a, ch)]
    if extra is not None:
        waiting.append(extra)
    heavies = [d for d in waiting if "heavy-weapon" in d.traits]
    armed = any("heavy-weapon" in d.traits for d in parts)
    moved = [d for d in waiting if "heavy-weapon" not in d.traits] + heavies[: 0 if armed else 1]
    if moved:
        built += STASHED_PART * (_built(parts + moved) - built)
    return 0.2 + 0.65 * built / 4 + 0.15 * (3 - min(3, st.tokens[ch])) / 3


def progress(st: CyberState, p: int) -> float:
    """How much of ``p``'s sponsor condition stands on the table, from 0 to 1.

    Runners count with their Defense or SR as if straightened, except Arasaka's on its own turn
    once they are straightened: then only the unused ones count, as at the turn's end, so that
    a runner sent on a hit costs the wall what it takes away. Arasaka's wall counts ``DENIED``
    of itself while a hit on its Locations or Stash since its last turn stands in the way.
    Militech's SR counts as if straightened for nine tenths of the way: read the same way, its
    greedy player kept runners home and won 60% of its games against the field instead of 51%
    (600 games on the same seeds). The last tenth is the Stash hit, made or under way and
    winning, on its own turn with 120 SR still unused at home (``_strike``). The Mob's
    Locations count their EB only while unused, as its condition reads them before its
    Straighten step (a Location exhausted to pay stays out of it until then), except in its own
    Draw step, when they are about to straighten. The Gangs' Event counts once their
    Punknaught is complete, the last step.
    """
    defs = st.defs
    slug = defs[st.sponsor[p]].slug
    if slug == "arasaka":
        home = st.active == p and st.step >= STRAIGHTEN
        df = sum(st.runner_stat(r, "df", even_used=not home) for r in st.runners(p))
        wall = _share(df, ARASAKA_DEFENSE)
        return DENIED * wall if st.sitehit[p] else wall
    if slug == "militech":
        sr = sum(st.runner_stat(r, "sr", even_used=True) for r in st.runners(p))
        return 1.0 if _strike(st, p) else 0.9 * _share(sr, MILITECH_SR)
    if slug == "biotechnica":
        loss = sum(defs[a].empathy for a in st.play[p] if defs[a].kind == CYBER)
        return _share(loss, BIOTECHNICA_EMPATHY)
    if slug == "the-mob":
        locs = st.sites(p, LOCATION)
        eb = turf_eb(st, p, even_used=st.active == p and st.step < STRAIGHTEN)
        kinds = {t for i in locs for t in defs[i].traits} & set(LOCATION_TYPES)
        return 0.5 * _share(eb, MOB_EB) + 0.5 * len(kinds) / len(LOCATION_TYPES)
    if slug == "the-nomads":
        road = any(defs[i].slug == "the-open-road" for i in st.play[p])
        kinds = riding(st, p) & set(VEHICLE_TYPES)
        return (len(kinds) + road) / (len(VEHICLE_TYPES) + 1)
    if slug == "friendly-gangs":
        ours = equipping.chassis(st, p)
        built = max((_chassis(st, p, ch) for ch in ours), default=0.0)
        done = st.corpzone[p] and any(st.chassis_complete(ch) for ch in ours)
        return 0.1 + 0.9 * built if done else 0.9 * min(built, 1.0)
    if slug == "ncpd":
        return _share(st.busts[p], NCPD_BUSTS)
    return 0.0


def _strike(st: CyberState, p: int, recalled: bool = False) -> bool:
    """Whether Militech ``p`` has hit the opponent's Stash this turn, or has a hit on it under
    way that beats its ATTACK, with 120 SR on unused runners outside that hit (what the end of
    the turn counts). Without it a one-move-ahead player never chose the Stash for the win: an
    empty Stash is worth no Ops. ``recalled``: ``p`` holds an Exfiltration it can play
    (``recalls``), which brings the force home."""
    if st.active != p:
        return False
    h = st.hit
    if not st.stashhit[p]:
        if h is None or h[1] != p or h[3] != STASH:
            return False
        margin = st.hit_attack(0) - (st.hit_defense(1) if h[4] else 0)
        if margin <= st.stash_security(1 - p):
            return False
    return holds_home(st, p, [r for r in st.runners(p) if st.in_hit(r)], recalled)


def holds_home(st: CyberState, p: int, away: Iterable[int], recalled: bool = False) -> bool:
    """Whether Militech ``p`` keeps 120 SR on its unused runners outside ``away`` (the force on
    the Stash): what its strike needs at the end of the turn, besides the hit. A force that can
    press on after winning (``presses_on``) comes home unused and counts; so does every force
    on the Stash, and every runner whose hit has trashed it, when ``recalled`` (``recalls``)."""
    if st.defs[st.sponsor[p]].slug != "militech":
        return False
    force = tuple(away)
    gone = set() if recalled or presses_on(st, force) else set(force)
    runners = st.runners(p)
    home = sum(st.runner_stat(r, "sr") for r in runners if r not in gone)
    if recalled:
        home += sum(st.runner_stat(r, "sr", even_used=True) for r in hits.raiders(st, p))
    return home >= MILITECH_SR


#: How much of what an Exfiltration brings home counts while it is only held (with the EB for
#: it): less than once it is played, or a one-move-ahead player keeps it in hand and the turn
#: ends without the strike.
HELD_EXFILTRATION = 0.8


def recalls(st: CyberState, p: int) -> float:
    """How surely Militech ``p``'s Exfiltration straightens the force that trashes (or has
    trashed) the opponent's Stash this turn, whose SR then counts at the turn's end: 1 while
    ``p`` is paying for one, ``HELD_EXFILTRATION`` while it holds one and the EB to play it once
    the Stash's price is paid, else 0. It reads ``p``'s hand: ask it only for the evaluating
    seat."""
    defs = st.defs
    if defs[st.sponsor[p]].slug != "militech" or st.active != p:
        return 0.0
    pr = st.prompt
    if (
        pr is not None
        and pr[0] == "pay"
        and pr[1] == p
        and pr[4][0] == "event"
        and recalls_raiders(defs[pr[4][1]])
    ):
        return 1.0  # played: its price was in hand
    event = next((i for i in st.hand[p] if recalls_raiders(defs[i])), 0)
    if not event:
        return 0.0
    funds = _funds_left(st, p)
    if pr is not None and pr[0] == "form" and pr[1] == p and not st.stashhit[p]:
        funds -= len(st.stash[1 - p])  # the Stash's price, still to pay
    return HELD_EXFILTRATION if funds >= economy.price(st, p, event) else 0.0


def recalls_raiders(d: CardDef) -> bool:
    """Whether card ``d`` straightens the runners that trashed the opponent's Stash (read from
    its ability, not its name: Exfiltration today)."""
    ab = d.ability
    return (
        ab is not None
        and ab.target == "own-raiders"
        and any(e.op == "straighten" for e in ab.effects)
    )


def _funds_left(st: CyberState, p: int) -> int:
    """``p``'s EB less what a payment of ``p``'s under way still owes."""
    funds = economy.funds(st, p)
    pr = st.prompt
    if pr is not None and pr[0] == "pay" and pr[1] == p:
        funds -= pr[2] - pr[3]
    return funds


def presses_on(st: CyberState, force: tuple[int, ...]) -> bool:
    """Whether ``force`` may exhaust a vehicle and stay unused once its hit wins: the hit
    spends 1 Movement, already spent while the force is asked to press on."""
    asked = st.prompt is not None and st.prompt[0] == "press"
    return bool(st.press_vehicle(force, 0 if asked else 1))


def purchase_share(st: CyberState, p: int, d: CardDef) -> float:
    """How much of ``p``'s condition card ``d`` adds once it is in play: what a purchase still
    being paid for or placed is worth to the sponsor. Without it a one-move-ahead player sees
    only the EB a goal card costs, never the step it makes, and keeps the Chassis in hand for
    ever (the Gangs never built one in 50 games)."""
    defs = st.defs
    slug = defs[st.sponsor[p]].slug
    if slug == "arasaka":
        return d.df / ARASAKA_DEFENSE
    if slug == "militech":
        return 0.9 * d.sr / MILITECH_SR
    if slug == "biotechnica":
        return d.empathy / BIOTECHNICA_EMPATHY if d.kind == CYBER else 0.0
    if slug == "the-mob":
        if d.kind != LOCATION:
            return 0.0
        have = {t for i in st.sites(p, LOCATION) for t in defs[i].traits}
        new = (d.traits - have) & set(LOCATION_TYPES)
        return 0.5 * d.eb / MOB_EB + 0.5 * len(new) / len(LOCATION_TYPES)
    if slug == "the-nomads":
        step = 1 / (len(VEHICLE_TYPES) + 1)
        if d.slug == "the-open-road":
            return 0.0 if any(defs[i].slug == d.slug for i in st.play[p]) else step
        return step * len((d.traits - riding(st, p)) & set(VEHICLE_TYPES)) if d.is_vehicle else 0.0
    if slug == "friendly-gangs":
        ours = equipping.chassis(st, p)
        if d.slug == "trashin-the-corp-zone":
            done = st.corpzone[p] or not any(st.chassis_complete(ch) for ch in ours)
            return 0.0 if done else 0.1
        if d.gear == "chassis":
            return 0.0 if ours else 0.18
        if ours and (d.gear == "vehicle" or "heavy-weapon" in d.traits):
            return max(0.9 * (_chassis(st, p, ch, d) - _chassis(st, p, ch)) for ch in ours)
    return 0.0


def within_reach(st: CyberState, p: int) -> float:
    """The share of ``p``'s condition that only ``p``'s own hand shows (ask it only for the
    evaluating seat): Militech's strike, the last tenth, once an Exfiltration would bring 120 SR
    home (``recalls``); the Gangs holding Trashin' the Corp Zone beside a complete Punknaught on
    their own turn, with a hit or a run still to come and the EB to play the Event (what a
    payment under way still owes is spent already), a little more once their hit or run is
    under way (or a force formed for it). A one-move-ahead player otherwise spends that EB at
    Purchase and plays no Event in its run (a complete Punknaught 3 times in 20 games, no win)."""
    defs = st.defs
    recall = recalls(st, p)
    if recall:
        return 0.1 * recall if _strike(st, p, recalled=True) and not _strike(st, p) else 0.0
    if (
        defs[st.sponsor[p]].slug != "friendly-gangs"
        or st.active != p
        or st.step > RUNS
        or st.corpzone[p]
    ):
        return 0.0
    event = next((i for i in st.hand[p] if defs[i].slug == "trashin-the-corp-zone"), 0)
    if not event or not any(st.chassis_complete(ch) for ch in equipping.chassis(st, p)):
        return 0.0
    if _funds_left(st, p) < economy.price(st, p, event):
        return 0.0
    pr = st.prompt
    under_way = (st.hit is not None and st.hit[1] == p) or (
        pr is not None and pr[0] == "form" and pr[1] == p
    )
    return 0.06 if under_way else 0.03


def goal_cards_in(st: CyberState, p: int, pile: list[int]) -> int:
    """How many cards of ``pile`` (one of ``p``'s) are ``goal_card``s. The evaluation asks at
    every leaf of a search; the answer depends on the table only for the Nomads (what they
    already ride), so for the other sponsors it is kept per sponsor and card."""
    defs = st.defs
    if defs[st.sponsor[p]].slug == "the-nomads":
        rides = riding(st, p)
        return sum(1 for i in pile if goal_card(st, p, defs[i], rides))
    sponsor = st.cards[st.sponsor[p]]
    cards = st.cards
    count = 0
    for i in pile:
        if defs[i] is not CARDS[cards[i]]:  # an edited card: its numbers are not the shipped ones
            count += goal_card(st, p, defs[i])
            continue
        key = (sponsor, cards[i])
        known = _GOAL_CARDS.get(key)
        if known is None:
            known = _GOAL_CARDS[key] = goal_card(st, p, defs[i])
        count += known
    return count


#: ``goal_card`` by (sponsor, card), both as indices in ``CARDS``, for every sponsor but the
#: Nomads.
_GOAL_CARDS: dict[tuple[int, int], bool] = {}


def goal_card(st: CyberState, p: int, d: CardDef, rides: set[str] | None = None) -> bool:
    """Whether card ``d`` would bring ``p``'s sponsor condition closer (what an AI keeps when it
    must discard). ``rides``: ``riding(st, p)`` when already worked out."""
    slug = st.defs[st.sponsor[p]].slug
    if slug == "arasaka":
        return d.df > 0
    if slug == "militech":
        return d.sr > 0 or recalls_raiders(d)
    if slug == "biotechnica":
        return d.kind == CYBER
    if slug == "the-mob":
        return d.kind == LOCATION
    if slug == "the-nomads":
        if d.slug == "the-open-road":
            return True
        return d.is_vehicle and not d.traits <= (riding(st, p) if rides is None else rides)
    if slug == "friendly-gangs":
        return d.slug in ("punknaught-chassis", "trashin-the-corp-zone") or (
            d.is_vehicle or "heavy-weapon" in d.traits
        )
    if slug == "ncpd":
        return d.kind == RUNNER and d.rtype == "cop"
    return False

"""A heuristic value of a position for one seat, from public facts only: the opponent's hand
counts by size, never by content; the evaluating seat's cards that serve its sponsor's goal and
lie in its discard pile count a little against it (so that a discard keeps them).

Agents call this on a world determinized for the seat that decides: that seat's hand is the real
one, the opponent's a re-deal, so only the evaluating seat's hand may be read card by card."""

from __future__ import annotations

import math

from . import goals, victory
from .cards import CYBER, EQUIPMENT, LOCATION, OPERATION, RUNNER, CardDef
from .cardset import CARDS, COMBAT_SCALE
from .damage import defeat_takes
from .hits import targets_for
from .rules import RUNS, STASH, WIN_POINTS, Z_LIMBO, Z_PLAY
from .state import CyberState


def _card_value(d: CardDef) -> float:
    """What a card on the table is worth to its owner, roughly, in the same units as points."""
    if d.kind == RUNNER or d.kind in (CYBER, EQUIPMENT):
        combat = (d.sr + d.lr + d.df) / COMBAT_SCALE
        return (combat + d.power / 2 + 2 * d.movement) / 250 + 0.006 * d.style
    if d.kind == LOCATION:
        return d.eb / 60 + 0.006 * d.style
    if d.kind == OPERATION:
        return 0.3 * d.ops / WIN_POINTS
    return 0.0


#: ``_card_value`` of every card definition, by its index in ``CARDS`` (what ``state.cards``
#: holds per instance): the evaluation sums it over the table at every leaf of a search.
_VALUES: tuple[float, ...] = tuple(_card_value(d) for d in CARDS)

#: What a complete sponsor condition would be worth on the scale where 100 Ops points are 1;
#: the way there counts half linearly and half by its square, so the last steps weigh most.
GOAL_WEIGHT = 1.0
#: What a card that serves the sponsor's goal costs the evaluating seat once it lies in its own
#: discard pile, over any other card: the discard to eight keeps goal cards. Counted in the hand
#: instead (v9), it decided every draw: the Nomads and the Gangs, whose goal cards are Gear,
#: drew 74% and 65% of their cards from the Gear deck at `normal` and bought 2.5 and 4.2 runners
#: a game (The Mob 13.2), winning 17% and 24% against the field.
GOAL_CARD = 0.012
#: What the active seat's table is worth over the way there while it wins at the end of the
#: turn as it stands (``victory.victory``: 100 Ops or Style, or its sponsor's condition). The
#: measures above price the last step of a condition like any other: Militech's strike, the
#: hit that wins the game, was worth 0.145 (``_goal(1) - _goal(0.9)``), less than a Location
#: of 18 Ops, and a one-move look-ahead hit the Location (on v13's cards, no strike in 60
#: games, where one was on the table at 13 Hits steps: `bench/ccg_strike.py`).
WIN_NOW = 1.0


def _goal(f: float) -> float:
    """The worth of standing ``f`` of the way to the sponsor's condition."""
    f = min(f, 1.0)
    return GOAL_WEIGHT * (0.5 * f + 0.5 * f * f)


def _side(state: CyberState, p: int, own: bool) -> float:
    """``own``: ``p`` is the evaluating seat, whose hand it may read."""
    defs = state.defs
    cards = state.cards
    # Sums of floats start from 0.0: compiled (mypyc), a sum from the int 0 is taken for an int.
    table = sum([_VALUES[cards[i]] for i in state.play[p] + state.stash[p]], 0.0)
    f = goals.progress(state, p)
    if own:
        f += goals.within_reach(state, p)
    goal = _goal(f)
    pr = state.prompt
    if pr is not None and pr[0] in ("pay", "place") and pr[1] == p:
        bought = pr[4][1] if pr[0] == "pay" else pr[2]
        if isinstance(bought, int) and bought > 0 and state.zone[bought] == Z_LIMBO:
            table += _VALUES[state.cards[bought]]
            goal = _goal(f + goals.purchase_share(state, p, defs[bought]))
    if p == state.active and state.step <= RUNS:
        # Runners still unused on their own turn can still hit: exhausting them costs something.
        table += sum((0.01 for r in state.runners(p) if not state.used[r]), 0.0)
    progress = state.ops[p] / WIN_POINTS + 0.6 * state.style[p] / WIN_POINTS + goal
    if p == state.active and victory.victory(state, p) is not None:
        progress += WIN_NOW
    hand = len(state.hand[p]) / 300
    if own:
        hand -= GOAL_CARD * goals.goal_cards_in(state, p, state.discard[p])
    return progress + table + hand


def _hit_value(
    state: CyberState,
    attacker: int,
    members: tuple[int, ...],
    target: int,
    margin: int,
    carries_goal: bool = False,
    recalled: bool = False,
) -> float:
    """What a force of ``members`` with ``margin`` left against ``target`` promises its owner:
    the target's prize when it beats the target's ATTACK; the Equipment or runners that a
    DEFEATED force loses when the target's ATTACK beats the force's Defense; else a little (the
    force is exhausted for nothing). ``carries_goal``: the hit or run is what the sponsor's
    condition waits for (the Gangs' Event is played in it), so what the force loses is not
    counted. A winning hit on the Stash by Militech with 120 SR left at home is its strike:
    worth the rest of the way to its condition, which a Stash's few Ops never showed, and the
    win (``WIN_NOW``) until the hit has landed (then the table counts it); ``recalled``: the
    force comes home, Militech holding an Exfiltration it can play (``goals.recalls``)."""
    if target == STASH:
        against, prize = state.stash_security(1 - attacker), 3 * len(state.stash[1 - attacker])
        if (
            margin > against
            and not state.stashhit[attacker]
            and goals.holds_home(state, attacker, members, recalled)
        ):
            rest = _goal(1.0) - _goal(goals.progress(state, attacker))
            return 0.8 * prize / WIN_POINTS + rest + WIN_NOW
    elif state.zone[target] == Z_PLAY:
        against, prize = state.security(target), state.defs[target].ops
    else:
        return 0.0
    if margin > against:
        return 0.8 * prize / WIN_POINTS
    if against > state.force_defense(members) and not carries_goal:
        return -0.02 - _force_loss(state, members)
    return -0.02


def _force_loss(state: CyberState, members: tuple[int, ...]) -> float:
    """The table value a DEFEATED force takes away: each runner's Equipment, or the runner."""
    cards = state.cards
    return sum([_VALUES[cards[i]] for r in members for i in defeat_takes(state, r)], 0.0)


def _pending_hit(state: CyberState, seat: int) -> float:
    """What the Hit or Run in progress promises ``seat`` (the attacker's margin over its target).
    Before it starts, a force being formed promises what its best target would give it, and a
    force paying for a hit on the Stash what that hit would (a one-move look-ahead must see that
    a force sent out has nowhere worth going)."""
    h = state.hit
    pr = state.prompt
    if h is not None:
        attacker, members, targets = h[1], h[2], [h[3]]
        margin = state.hit_attack(0)
        if h[4]:
            margin -= state.hit_defense(1)
    elif pr is not None and pr[0] == "form":
        attacker, members = pr[1], pr[2]
        targets = targets_for(state, attacker, pr[3])
        margin = state.force_attack(members)
    elif pr is not None and pr[0] == "pay" and pr[4][0] == "stash":
        attacker, members, targets = pr[1], pr[4][1], [STASH]
        margin = state.force_attack(members)
    else:
        return 0.0
    # Only the evaluating seat's own hand may be read (``within_reach``).
    goal = attacker == seat and goals.within_reach(state, seat) > 0
    recalled = attacker == seat and goals.recalls(state, seat) > 0
    value = max(
        [_hit_value(state, attacker, members, t, margin, goal, recalled) for t in targets],
        default=0.0,
    )
    return value if attacker == seat else -value


def evaluate(state: CyberState, seat: int) -> float:
    """Progress towards 100 Ops, 100 Style or the sponsor's own goal, board and economy, compared
    with the opponent."""
    outcome = state.outcome
    if outcome is not None:
        return float(outcome.returns[seat])
    was = state.freeze()  # it only reads the table
    try:
        diff = _side(state, seat, True) - _side(state, 1 - seat, False)
        diff += _pending_hit(state, seat)
    finally:
        state.thaw(was)
    return math.tanh(2.0 * diff)

"""A heuristic value of a position for one seat, from public facts only (plus nothing hidden:
hands count by size, never by content)."""

from __future__ import annotations

import math

from .cards import CYBER, EQUIPMENT, LOCATION, OPERATION, RUNNER, CardDef
from .rules import RUNS, STASH, WIN_POINTS, Z_LIMBO, Z_PLAY
from .state import CyberState


def _card_value(d: CardDef) -> float:
    """What a card on the table is worth to its owner, roughly, in the same units as points."""
    if d.kind == RUNNER or d.kind in (CYBER, EQUIPMENT):
        return (d.sr + d.lr + d.df + d.power / 2 + 2 * d.movement) / 250 + 0.006 * d.style
    if d.kind == LOCATION:
        return d.eb / 60 + 0.006 * d.style
    if d.kind == OPERATION:
        return 0.3 * d.ops / WIN_POINTS
    return 0.0


def _side(state: CyberState, p: int) -> float:
    defs = state.defs
    table = sum(_card_value(defs[i]) for i in state.play[p] + state.stash[p])
    pr = state.prompt
    if pr is not None and pr[0] in ("pay", "place") and pr[1] == p:
        bought = pr[4][1] if pr[0] == "pay" else pr[2]
        if isinstance(bought, int) and bought > 0 and state.zone[bought] == Z_LIMBO:
            table += _card_value(defs[bought])
    if p == state.active and state.step <= RUNS:
        # Runners still unused on their own turn can still hit: exhausting them costs something.
        table += sum(0.01 for r in state.runners(p) if not state.used[r])
    progress = state.ops[p] / WIN_POINTS + 0.6 * state.style[p] / WIN_POINTS
    return progress + table + len(state.hand[p]) / 300


def _pending_hit(state: CyberState, seat: int) -> float:
    """What the Hit or Run in progress promises ``seat`` (the attacker's margin over its target)."""
    h = state.hit
    if h is None:
        return 0.0
    attacker, target = h[1], h[3]
    margin = state.hit_attack(0)
    if h[4]:
        margin -= state.hit_defense(1)
    if target == STASH:
        against, prize = state.stash_security(1 - attacker), 3 * len(state.stash[1 - attacker])
    elif state.zone[target] == Z_PLAY:
        against, prize = state.security(target), state.defs[target].ops
    else:
        return 0.0
    value = 0.8 * prize / WIN_POINTS if margin > against else -0.02
    return value if attacker == seat else -value


def evaluate(state: CyberState, seat: int) -> float:
    """Progress towards 100 Ops or 100 Style, board and economy, compared with the opponent."""
    outcome = state.outcome
    if outcome is not None:
        return float(outcome.returns[seat])
    diff = _side(state, seat) - _side(state, 1 - seat) + _pending_hit(state, seat)
    return math.tanh(2.0 * diff)

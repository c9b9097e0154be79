"""Cyberpunk CCG: what the game tells a table that plays for a person — which step's window a
question belongs to (so the player's stops decide whether the table passes for them), and the
payment that covers a cost with the least waste (so paying is one click, not one per source).

The table may answer two kinds of question. A priority window: passing there is public and
reveals nothing. A question with no real choice in it: a payment the proposal covers exactly, or
one every other way to pay only wastes more on, from the sponsor, banked EB and plain Locations;
gear with one place to go; a draw with one deck left. The player would give the same answer with
one click (each source still pays as a move of its own, in the log and the record). Every other
prompt (defending, saving, answering with a Cop, drawing or placing with a choice, a payment with
a choice or a runner or a Corp's boost in it) is the player's own decision and is always asked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...engine import Action
from ...engine.questions import Proposal, Stop, Window
from .cardset import BY_SLUG, CARDS
from .rules import PASS, STEP_NAMES

#: Own-turn steps where a player usually acts: stopped at unless the player turns them off.
#: Opening an opponent's Operation (at double its cost) is a rare, deliberate play: a player who
#: wants it turns the Open stop on, and is not asked to pass it every turn until then.
OWN_DEFAULTS = frozenset(("purchase", "equip", "teams", "hits", "runs"))

#: The moves that are a step's own business on the player's turn: what a stop at that step is for.
#: An Event or an ability fits many steps, so a window that offers only those asks a player who
#: also keeps the ``events`` stop (off by default, as in MTG Arena and Forge: holding an instant
#: does not stop every step).
BUSINESS: Mapping[str, frozenset[str]] = {
    "purchase": frozenset(("buy",)),
    "equip": frozenset(("move", "wield", "holster")),
    "open": frozenset(("open",)),
    "teams": frozenset(("team",)),
    "hits": frozenset(("send",)),
    "runs": frozenset(("send",)),
    "damage": frozenset(("use",)),  # the runner types' Damage-step abilities
}

#: A way to pay: each source's move, name and the EB it pays.
Plan = list[tuple[str, str, int]]

#: The stop for questions with no real choice (``_no_choice``), ``forced:own`` and ``forced:opp``.
FORCED = "forced"

#: Asked even where the only moves are Events or abilities (at the steps one stops at).
EVENTS = "events:own"

STOPS: tuple[Stop, ...] = (
    *(
        Stop(
            f"{step}:{whose}",
            f"{step.capitalize()}, {'your turn' if whose == 'own' else 'opponent’s turn'}",
            whose == "own" and step in OWN_DEFAULTS,
        )
        for whose in ("own", "opp")
        for step in STEP_NAMES
    ),
    Stop(EVENTS, "Events and abilities only, your turn", False),
    *(
        Stop(f"{FORCED}:{whose}", f"Questions with no real choice (exact payments), {label}", False)
        for whose, label in (("own", "your turn"), ("opp", "opponent’s turn"))
    ),
)


def stop_of(view: Mapping[str, Any], legal: Sequence[Action]) -> Window | None:
    """A priority window (no prompt) belongs to its step on the seat's own or the opponent's
    turn, and on its own turn also to ``events:own`` when none of its moves is the step's business
    and no skirmish is being fought; a question with no real choice belongs to ``forced``;
    anything else is for the player."""
    seat = view.get("current_player")
    if view.get("outcome") or seat is None:
        return None
    whose = "own" if view.get("active") == seat else "opp"
    if view.get("prompt") is not None:
        found = _no_choice(view, legal)
        return Window(f"{FORCED}:{whose}", found[0], why=found[1]) if found is not None else None
    step = view.get("step")
    if step not in STEP_NAMES or PASS not in legal:
        return None
    needs: tuple[str, ...] = ()
    hit = view.get("hit")
    if hit is None:
        business = BUSINESS.get(step, frozenset())
        incidental = not any(a.kind in business for a in legal)
    else:
        # Inside one's own hit, a trick can turn a skirmish (the MTG Arena default stop after
        # blockers); with no defending team there is no fight to turn.
        incidental = not hit.get("defenders")
    if whose == "own" and incidental:
        needs = (EVENTS,)
    return Window(f"{step}:{whose}", PASS, needs)


def _no_choice(view: Mapping[str, Any], legal: Sequence[Action]) -> tuple[Action, str] | None:
    """The answer to a question that leaves nothing to choose, and why, or ``None``: gear with
    one place to go, a draw with one deck left, or the next move of a payment with no choice."""
    pr = view["prompt"]
    kind = pr.get("kind")
    if kind == "pay":
        found = _only_payment(view, pr)
        if found is None:
            return None
        waste, plan = found
        first = Action.parse(sorted(plan, key=lambda part: _order(pr, part[0]))[0][0])
        why = "the only way to pay" if waste else "an exact payment"
        return (first, why) if first in legal else None
    if kind == "place" and len(legal) == 1:
        return legal[0], "the only place for it"
    if kind == "draw" and len(legal) == 1:
        return legal[0], "the only deck left"
    return None


def _only_payment(view: Mapping[str, Any], pr: Mapping[str, Any]) -> tuple[int, Plan] | None:
    """The least-waste payment (and the EB it wastes) when paying it is no decision: it wastes
    nothing, or every other way to pay uses the same sources (or ones just like them) and more,
    so it only wastes more. It must come from the sponsor, banked EB and Locations without a
    printed ability: a runner paying may be answered by a Cop, a Corp's boost costs its Power,
    and a Location exhausted to pay loses its ability for the turn; the player weighs those."""
    found = _best(pr)
    if found is None:
        return None
    (waste, _, _), plan = found
    tokens = {token for token, _, _ in plan}
    able = {
        f"pay {card['id']}" for p in view["players"] for card in p["play"] if _has_ability(card)
    }
    if any(t.startswith("boost") or _is_runner(pr, t) or t in able for t in tokens):
        return None
    due = pr["due"] - pr["paid"]
    if waste:
        mine = _kinds(pr, plan)
        for other in _plans(pr):
            if sum(v for _, _, v in other) >= due and mine - _kinds(pr, other):
                return None
    return waste, plan


def _kinds(pr: Mapping[str, Any], plan: Plan) -> Counter[tuple[str, int]]:
    """A plan as the kinds of source it uses: two Locations of the same EB (neither with an
    ability, as ``_only_payment`` requires) are the same choice."""
    kind = {f"pay {s['id']}": s["kind"] for s in pr["sources"]}
    return Counter((kind.get(token, token), v) for token, _, v in plan)


def _has_ability(card: Mapping[str, Any]) -> bool:
    slug = card.get("card")
    return slug in BY_SLUG and CARDS[BY_SLUG[slug]].ability is not None


def propose(view: Mapping[str, Any], legal: Sequence[Action]) -> Proposal | None:
    """At a pay prompt: the sources that cover what is still due with the least EB wasted (no
    change is given), then with the fewest cards exhausted, runners last (a Cop may answer a
    runner paying). A Corp boosting the next Location is tried too. ``None`` elsewhere, or when
    nothing covers the cost."""
    pr = view.get("prompt")
    if not pr or pr.get("kind") != "pay":
        return None
    best = _best(pr)
    if best is None:
        return None
    plan = sorted(best[1], key=lambda part: _order(pr, part[0]))
    actions = tuple(Action.parse(token) for token, _, _ in plan)
    if actions[0] not in legal:
        return None
    parts = ", ".join(f"{name} {v}" for token, name, v in plan if not token.startswith("boost"))
    paid = sum(v for _, _, v in plan)
    return Proposal(f"{paid} EB: {parts}", actions)


def _best(pr: Mapping[str, Any]) -> tuple[tuple[int, int, int], Plan] | None:
    """The plan that covers what is due, keyed by (EB wasted, sources, runners): least first."""
    due = pr["due"] - pr["paid"]
    # Looked up once: a hand of sources gives thousands of plans to weigh.
    spent = {f"pay {s['id']}" for s in pr["sources"] if s["kind"] == "runner"}
    best: tuple[tuple[int, int, int], Plan] | None = None
    for plan in _plans(pr):
        total = sum(v for _, _, v in plan)
        if total < due:
            continue
        runners = sum(1 for token, _, _ in plan if token in spent or token.startswith("boost"))
        key = (total - due, len(plan), runners)
        if best is None or key < best[0]:
            best = (key, plan)
    return best


def _is_runner(pr: Mapping[str, Any], token: str) -> bool:
    return any(f"pay {s['id']}" == token and s["kind"] == "runner" for s in pr["sources"])


def _order(pr: Mapping[str, Any], token: str) -> int:
    """Boost first (it only counts for a Location paying after it), runners last."""
    if token.startswith("boost"):
        return 0
    return 2 if _is_runner(pr, token) else 1


def _plans(pr: Mapping[str, Any]) -> list[Plan]:
    """Every set of sources (each a ``(move, name, EB)``), with and without one Corp boosting
    one Location. A hand of sources is small (a sponsor, a few Locations and Corps), so trying
    them all is cheap; past 12 sources only the largest 12 are tried."""
    base = [(f"pay {s['id']}", s["name"], int(s["eb"])) for s in pr["sources"]]
    if pr.get("bank"):
        base.append(("pay bank", "banked EB", int(pr["bank"])))
    base = sorted(base, key=lambda part: -part[2])[:12]
    locations = [s for s in pr["sources"] if s["kind"] == "location"]
    pending = int(pr.get("boost") or 0)
    plans: list[Plan] = []
    for n in range(1, len(base) + 1):
        for combo in combinations(base, n):
            plans.append(_boosted(list(combo), locations, pending))
    if pending:
        return plans
    for corp in pr.get("boosters", []):
        for loc in locations:
            extra = min(int(corp["power"]), int(loc["eb"]))
            rest = [p for p in base if p[0] != f"pay {corp['id']}"]
            token = f"pay {loc['id']}"
            for n in range(0, len(rest) + 1):
                for combo in combinations(rest, n):
                    if not any(p[0] == token for p in combo):
                        continue
                    plan = [(f"boost {corp['id']}", corp["name"], 0)]
                    plan += [(t, name, v + extra if t == token else v) for t, name, v in combo]
                    plans.append(plan)
    return plans


def _boosted(
    plan: list[tuple[str, str, int]], locations: list[Mapping[str, Any]], pending: int
) -> list[tuple[str, str, int]]:
    """With a boost already pending, the first Location paying gets it (at most its own EB)."""
    if not pending:
        return plan
    ids = {f"pay {loc['id']}" for loc in locations}
    out = []
    for token, name, v in plan:
        if pending and token in ids:
            out.append((token, name, v + min(pending, v)))
            pending = 0
        else:
            out.append((token, name, v))
    return out

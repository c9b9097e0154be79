"""Cyberpunk CCG: what the game tells a table that plays for a person — which step's window a
question belongs to (so the player's stops decide whether the table passes for them), and the
payment that covers a cost with the least waste (so paying is one click, not one per source).

Only priority windows are ever left to the table: passing there is public and reveals nothing.
Every prompt (drawing, paying, placing gear, defending, saving, answering with a Cop) is the
player's own decision and is always asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ...engine import Action
from ...engine.autoanswer import Proposal, Stop, Window
from .rules import PASS, STEP_NAMES

#: Own-turn steps where a player usually acts: stopped at unless the player turns them off.
OWN_DEFAULTS = frozenset(("purchase", "equip", "open", "teams", "hits", "runs"))

STOPS: tuple[Stop, ...] = tuple(
    Stop(
        f"{step}:{whose}",
        f"{step.capitalize()}, {'your turn' if whose == 'own' else 'opponent’s turn'}",
        whose == "own" and step in OWN_DEFAULTS,
    )
    for whose in ("own", "opp")
    for step in STEP_NAMES
)


def stop_of(view: Mapping[str, Any], legal: Sequence[Action]) -> Window | None:
    """A priority window (no prompt) belongs to its step on the seat's own or the opponent's
    turn; anything else is a question for the player."""
    if view.get("outcome") or view.get("prompt") is not None or PASS not in legal:
        return None
    step = view.get("step")
    seat = view.get("current_player")
    if step not in STEP_NAMES or seat is None:
        return None
    whose = "own" if view.get("active") == seat else "opp"
    return Window(f"{step}:{whose}", PASS)


def propose(view: Mapping[str, Any], legal: Sequence[Action]) -> Proposal | None:
    """At a pay prompt: the sources that cover what is still due with the least EB wasted (no
    change is given), then with the fewest cards exhausted, runners last (a Cop may answer a
    runner paying). A Corp boosting the next Location is tried too. ``None`` elsewhere, or when
    nothing covers the cost."""
    pr = view.get("prompt")
    if not pr or pr.get("kind") != "pay":
        return None
    due = pr["due"] - pr["paid"]
    best: tuple[tuple[int, int, int], list[tuple[str, str, int]]] | None = None
    for plan in _plans(pr):
        total = sum(v for _, _, v in plan)
        if total < due:
            continue
        runners = sum(
            1 for token, _, _ in plan if token.startswith("boost") or _is_runner(pr, token)
        )
        key = (total - due, len(plan), runners)
        if best is None or key < best[0]:
            best = (key, plan)
    if best is None:
        return None
    plan = sorted(best[1], key=lambda part: _order(pr, part[0]))
    actions = tuple(Action.parse(token) for token, _, _ in plan)
    if actions[0] not in legal:
        return None
    parts = ", ".join(f"{name} {v}" for token, name, v in plan if not token.startswith("boost"))
    paid = sum(v for _, _, v in plan)
    return Proposal(f"{paid} EB: {parts}", actions)


def _is_runner(pr: Mapping[str, Any], token: str) -> bool:
    return any(f"pay {s['id']}" == token and s["kind"] == "runner" for s in pr["sources"])


def _order(pr: Mapping[str, Any], token: str) -> int:
    """Boost first (it only counts for a Location paying after it), runners last."""
    if token.startswith("boost"):
        return 0
    return 2 if _is_runner(pr, token) else 1


def _plans(pr: Mapping[str, Any]) -> list[list[tuple[str, str, int]]]:
    """Every set of sources (each a ``(move, name, EB)``), with and without one Corp boosting
    one Location. A hand of sources is small (a sponsor, a few Locations and Corps), so trying
    them all is cheap; past 12 sources only the largest 12 are tried."""
    base = [(f"pay {s['id']}", s["name"], int(s["eb"])) for s in pr["sources"]]
    if pr.get("bank"):
        base.append(("pay bank", "banked EB", int(pr["bank"])))
    base = sorted(base, key=lambda part: -part[2])[:12]
    locations = [s for s in pr["sources"] if s["kind"] == "location"]
    pending = int(pr.get("boost") or 0)
    plans: list[list[tuple[str, str, int]]] = []
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

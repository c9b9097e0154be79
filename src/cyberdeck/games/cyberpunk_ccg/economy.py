"""Cyberpunk CCG: the economy — prices, the sources that pay Eurobucks (the bank, runners'
income, boosters), buying a card from hand, and a payment in progress until it is paid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...engine import Action, Event, sentence
from . import equipping, hits, priority, responses
from .cards import CYBER, EQUIPMENT, EVENT, LOCATION, OPERATION, RUNNER, CardDef
from .rules import F_OPENED, STASH, Z_DISCARD, Z_HAND, Z_LIMBO, c, move, num

if TYPE_CHECKING:
    from .state import CyberState


def price(st: CyberState, p: int, i: int) -> int:
    """What card ``i`` costs ``p`` to play: the sponsor's faction pays 2 less (minimum 1)."""
    d = st.defs[i]
    if d.faction and d.faction == st.defs[st.sponsor[p]].faction:
        return max(1, d.cost - 2)
    return d.cost


def sources(st: CyberState, p: int, op: bool) -> list[tuple[int, int]]:
    """Unused EB sources of ``p`` and what each pays: the sponsor, Locations, Corps (half
    Power); Fixers lower the price of an Operation by their Power. Kept while the table is
    frozen (``CyberState.freeze``): a position's moves ask for them once per card in hand."""
    frozen = st._frozen
    if frozen:
        known = st._sourcemap.get((p, op))
        if known is not None:
            return known
    out: list[tuple[int, int]] = []
    defs = st.defs
    used = st.used
    host = st.host
    for i in st.play[p]:
        if used[i] or host[i]:
            continue
        d = defs[i]
        if d.kind == "sponsor":
            out.append((i, d.income))
        elif d.kind == LOCATION and d.eb > 0:
            out.append((i, d.eb))
        elif d.kind == RUNNER:
            if d.rtype == "corp":
                half = st.power(i) // 2
                if half > 0:
                    out.append((i, half))
            elif d.rtype == "fixer" and op:
                power = st.power(i)
                if power > 0:
                    out.append((i, power))
    if frozen:
        st._sourcemap[(p, op)] = out
    return out


def funds(st: CyberState, p: int, op: bool = False) -> int:
    """The EB ``p`` could pay now (for an Operation: with Fixers). Kept while the table is
    frozen, like ``sources``: a window asks it once per card in hand and per target."""
    if st._frozen:
        known = st._fundsmap.get((p, op))
        if known is None:
            known = st._fundsmap[(p, op)] = st.bank[p] + sum(v for _, v in sources(st, p, op))
        return known
    return st.bank[p] + sum(v for _, v in sources(st, p, op))


def buy_actions(st: CyberState, s: int) -> Iterator[Action]:
    """One a kind of card in hand, as the moves are asked for (``priority.can_act`` stops at
    the first)."""
    seen: set[int] = set()
    defs = st.defs
    for i in st.hand[s]:
        d = defs[i]
        if d.kind == EVENT or id(d) in seen:
            continue
        seen.add(id(d))
        if can_buy(st, s, i):
            yield move("buy", d.slug)


def can_buy(st: CyberState, s: int, i: int) -> bool:
    d = st.defs[i]
    if d.legendary and legendary_in_play(st, d):
        return False
    if d.gear == "chassis" and not st.sites(s, LOCATION):
        return False
    return funds(st, s, d.kind == OPERATION) >= price(st, s, i)


def legendary_in_play(st: CyberState, d: CardDef) -> bool:
    defs = st.defs
    return any(defs[i] is d for p in (0, 1) for i in st.play[p])


def buy(st: CyberState, s: int, i: int) -> list[Event]:
    d = st.defs[i]
    st.hand[s].remove(i)
    st.zone[i] = Z_LIMBO
    purpose = ("buy-op" if d.kind == OPERATION else "buy", i)
    return start_payment(st, s, price(st, s, i), purpose)


#: Payments for a card taken from the hand: a card bought, or an Event played.
FROM_HAND = frozenset(("buy", "buy-op", "event"))


def start_payment(st: CyberState, s: int, due: int, purpose: tuple[Any, ...]) -> list[Event]:
    if due <= 0:
        return [*announce(st, s, purpose), *paid_for(st, s, purpose)]
    st.prompt = ("pay", s, due, 0, purpose)
    return []


def unannounced(st: CyberState) -> int:
    """The card from the hand that the payment in front of its owner is for, while nothing is
    paid yet (0 when there is none). Until then its owner may back out and the card goes back
    to the hand unseen: only its owner's view names it (``views``), and its ``buy`` or ``play``
    event waits for the first EB paid (``announce``)."""
    pr = st.prompt
    if pr is None or pr[0] != "pay" or pr[3] or len(pr) > 5 or pr[4][0] not in FROM_HAND:
        return 0
    return int(pr[4][1])


def announce(st: CyberState, s: int, purpose: tuple[Any, ...]) -> list[Event]:
    """The card a payment from the hand is for, named to everyone as the payment commits."""
    if purpose[0] not in FROM_HAND or not st.telling:
        return []
    d = st.defs[purpose[1]]
    kind, verb = ("play", "plays") if purpose[0] == "event" else ("buy", "buys")
    return [Event(kind, f"Player {s + 1} {verb} {d.name}.", {"seat": s, "card": d.slug})]


def boosters(st: CyberState, s: int, pr: tuple[Any, ...]) -> list[int]:
    """Corps that may add their Power to the next Location paying (Resources): only while no
    boost is pending, and only when the payment can still be completed afterwards."""
    if len(pr) > 5:
        return []
    op = pr[4][0] in ("buy-op", "open")
    srcs = sources(st, s, op)
    best = max((v for i, v in srcs if st.defs[i].kind == LOCATION), default=0)
    if not best:
        return []
    total = st.bank[s] + sum(v for _, v in srcs)
    out = []
    for i, v in srcs:
        d = st.defs[i]
        if d.kind == RUNNER and d.rtype == "corp":
            bonus = min(st.power(i), best)
            if total - v + bonus >= pr[2] - pr[3]:
                out.append(i)
    return out


def pay_offer(st: CyberState, pr: tuple[Any, ...]) -> dict[str, Any]:
    """What a pay prompt shows: each source with the EB it would pay now, the banked EB, each
    Corp that may boost the next Location (with the Power it adds), and a boost already pending.
    All of it is on the table, so every seat sees it once the payment has begun; before then
    only the payer does, as it would narrow down the card paid for (``unannounced``)."""
    s = pr[1]
    op = pr[4][0] in ("buy-op", "open")
    srcs = [
        {"id": c(i), "name": st.defs[i].name, "eb": v, "kind": st.defs[i].kind}
        for i, v in sources(st, s, op)
    ]
    return {
        "sources": srcs,
        "bank": st.bank[s],
        "boosters": [
            {"id": c(i), "name": st.defs[i].name, "power": st.power(i)} for i in boosters(st, s, pr)
        ],
        "boost": pr[5] if len(pr) > 5 else 0,
    }


def answer_pay(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    """One source pays (the first commits the move, and names its card: ``announce``)."""
    named = announce(st, s, pr[4]) if unannounced(st) else []
    return [*named, *_pay_with(st, s, pr, action)]


def _pay_with(st: CyberState, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
    """A runner paying (a Corp's Resources, a Fixer's Street Deal) is using an ability, so an
    opposing Cop may answer it before the EB counts."""
    if action.kind == "boost":
        corp = num(action.args[0])
        st.used[corp] = 1
        text = f"{st.name(corp)} will add its Power to the next Location's EB."
        ev = Event("boost", text, {"seat": s})
        return [ev, *answered(st, s, corp, ("boost", corp, pr))]
    boost = pr[5] if len(pr) > 5 else 0
    if action.args[0] == "bank":
        amount = st.bank[s]
        st.bank[s] = 0
        return credit(st, s, pr, amount, "banked EB", boost)
    src = num(action.args[0])
    op = pr[4][0] in ("buy-op", "open")
    amount = dict(sources(st, s, op))[src]
    st.used[src] = 1
    if st.defs[src].kind == LOCATION and boost:
        amount += min(boost, amount)  # at most twice the Location's EB
        boost = 0
    if st.defs[src].kind == RUNNER:
        return answered(st, s, src, ("eb", src, amount, pr))
    return credit(st, s, pr, amount, st.defs[src].name, boost)


def answered(st: CyberState, s: int, runner: int, pending: tuple[Any, ...]) -> list[Event]:
    """Give an opposing Cop the chance to bust a runner paying (or boosting), else go on."""
    if responses.answerable(st, s, runner):
        st.prompt = ("respond", 1 - s, runner, s, pending)
        return []
    return unanswered(st, s, pending)


def unanswered(st: CyberState, s: int, pending: tuple[Any, ...]) -> list[Event]:
    """The runner's EB (or boost) stands."""
    runner, pr = pending[1], pending[-1]
    if pending[0] == "boost":
        st.prompt = ("pay", s, pr[2], pr[3], pr[4], st.power(runner))
        return []
    boost = pr[5] if len(pr) > 5 else 0
    return credit(st, s, pr, pending[2], st.defs[runner].name, boost)


def credit(
    st: CyberState, s: int, pr: tuple[Any, ...], amount: int, what: str, boost: int
) -> list[Event]:
    due, paid, purpose = pr[2], pr[3] + amount, pr[4]
    if paid < due:
        st.prompt = (
            ("pay", s, due, paid, purpose, boost) if boost else ("pay", s, due, paid, purpose)
        )
        events: list[Event] = []
    else:
        st.prompt = None
        events = paid_for(st, s, purpose)
    if not st.telling:
        return events
    text = sentence(f"Player {s + 1} pays {amount} EB with {what}")
    return [Event("pay", text, {"seat": s}), *events]


def resume_payment(st: CyberState, s: int, pr: tuple[Any, ...]) -> list[Event]:
    """A paying runner was busted: its EB never came. Go on paying if the rest can still cover
    the price; otherwise the card goes back to the hand (or the move is called off) and what was
    already paid is lost, as overpaying is."""
    op = pr[4][0] in ("buy-op", "open")
    have = funds(st, s, op)
    if len(pr) > 5:
        have += min(
            pr[5], max((v for i, v in sources(st, s, op) if st.defs[i].kind == LOCATION), default=0)
        )
    if have >= pr[2] - pr[3]:
        st.prompt = pr
        return [Event("unpaid", "The busted runner pays nothing.", {})]
    st.prompt = None
    purpose = pr[4]
    if purpose[0] in ("buy", "buy-op", "event"):
        i = purpose[1]
        st.zone[i] = Z_HAND
        st.hand[s].append(i)
        text = f"Player {s + 1} cannot pay for {st.defs[i].name}; it goes back to the hand."
    else:
        text = f"Player {s + 1} cannot pay any more; the move is called off."
    return [Event("called-off", text, {"seat": s}), *priority.done(st, s)]


def paid_for(st: CyberState, s: int, purpose: tuple[Any, ...]) -> list[Event]:
    kind = purpose[0]
    if kind in ("buy", "buy-op"):
        i = purpose[1]
        d = st.defs[i]
        if d.kind in (CYBER, EQUIPMENT):
            st.prompt = ("place", s, i, "buy")
            return []
        equipping.enter_play(st, s, i)
        if not st.telling:
            return priority.done(st, s)
        return [Event("enter", f"{st.name(i)} enters play.", {"seat": s}), *priority.done(st, s)]
    if kind == "event":
        i = purpose[1]
        d = st.defs[i]
        st.zone[i] = Z_DISCARD
        st.discard[s].append(i)
        if d.slug == "trashin-the-corp-zone":
            st.corpzone[s] = 1
        assert d.ability is not None
        return responses.with_target(st, s, ("card", i, 0), d.ability.target, d.ability.effects)
    if kind == "open":
        op = purpose[1]
        st.flags[op] |= F_OPENED
        if not st.telling:
            return priority.done(st, s)
        return [
            Event("open", f"Player {s + 1} opens {st.name(op)} to attack.", {"seat": s}),
            *priority.done(st, s),
        ]
    if kind == "stash":
        return hits.begin_hit(st, s, purpose[1], STASH, "hit")
    if kind == "support":
        return responses.respond_or_resolve(st, s, ("support", purpose[1], purpose[2]))
    raise AssertionError(kind)


def payers(st: CyberState, r: int, moved: int = 0) -> list[int]:
    """What may be exhausted to pay for an equip step move involving runner ``r``: the runner
    itself, or an unused Vehicle attached to it (never the card being moved)."""
    out = [] if st.used[r] else [r]
    v = st.vehicle_of(r)
    if v and v != moved:
        out.append(v)
    return out

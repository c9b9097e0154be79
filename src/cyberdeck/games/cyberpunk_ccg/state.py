"""Cyberpunk CCG: the rules engine.

Every physical card is an *instance* numbered from 1 (``c7`` in action texts); its definition is
shared and immutable. Per-instance facts (zone, used, host, team, flags, movement spent,
construction tokens) live in flat lists, so a clone copies a handful of short lists.

A turn walks nine steps (draw, straighten, purchase, equip, open, teams, hits, runs, damage). Each
step is a priority window: the active player acts first, every completed action hands priority to
the other player, and the step ends when both pass in succession. A seat whose only legal move is
to pass passes automatically. Multi-part decisions (paying from several sources, choosing where
gear goes, forming a force, answering with a Cop) are *prompts*: small tuples naming the seat that
must answer next.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, Outcome, Rng
from . import economy, equipping, hits, legwork, responses, turns, views
from .cards import (
    CYBER,
    LOCATION,
    OPERATION,
    RUNNER,
    CardDef,
)
from .cardset import CARDS
from .rules import (
    DAMAGE,
    EQUIP,
    F_FOUGHT,
    F_MOVED,
    F_PRESSED,
    HAND_LIMIT,
    HITS,
    MAX_TEAMS,
    OPEN,
    PASS,
    PHASE_OF,
    PURCHASE,
    RUNS,
    SETUP,
    SETUP_DRAW,
    STASH,
    STEP_NAMES,
    TEAMS,
    Z_DISCARD,
    Z_GEAR,
    Z_PLAY,
    Z_RUNS,
    _pack,
    c,
    num,
)


class CyberState(CachedState):
    __slots__ = (
        "_attmap",
        "_public",
        "active",
        "bank",
        "busts",
        "cards",
        "corpzone",
        "defs",
        "discard",
        "flags",
        "gear",
        "hand",
        "hit",
        "host",
        "mods",
        "ops",
        "owner",
        "passes",
        "play",
        "prio",
        "prompt",
        "rng",
        "runs",
        "sitehit",
        "spent",
        "sponsor",
        "stash",
        "stashhit",
        "step",
        "style",
        "team",
        "tokens",
        "turn",
        "used",
        "zone",
    )

    game: ClassVar[Any]

    def __init__(self, decks: list[list[int]], rng: Rng) -> None:
        """``decks`` are lists of card-definition indices (a sponsor each)."""
        self.rng = rng
        defs: list[CardDef] = [CARDS[0]]
        owner: list[int] = [-1]
        cards: list[int] = [0]
        for seat, deck in enumerate(decks):
            for card in deck:
                defs.append(CARDS[card])
                owner.append(seat)
                cards.append(card)
        #: Each instance's card-definition index (the deck lists; fixed for the game).
        self.cards: tuple[int, ...] = tuple(cards)
        n = len(defs)
        self.defs: tuple[CardDef, ...] = tuple(defs)
        self.owner: tuple[int, ...] = tuple(owner)
        self.zone = [Z_DISCARD] * n
        self.used = [0] * n
        self.host = [0] * n
        self.team = [0] * n
        self.flags = [0] * n
        self.spent = [0] * n
        self.tokens = [0] * n
        self.runs: list[list[int]] = [[], []]
        self.gear: list[list[int]] = [[], []]
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.stash: list[list[int]] = [[], []]
        self.play: list[list[int]] = [[], []]
        self.sponsor = [0, 0]
        self.bank = [0, 0]
        self.ops = [0, 0]
        self.style = [0, 0]
        self.busts = [0, 0]
        self.sitehit = [0, 0]  # a Location or the Stash of this seat was hit since its last turn
        self.stashhit = [0, 0]  # this seat hit the opponent's Stash this turn
        self.corpzone = [0, 0]  # this seat played Trashin' the Corp Zone this turn
        self.mods: list[tuple[int, str, int]] = []
        self.hit: tuple[Any, ...] | None = None
        self.prompt: tuple[Any, ...] | None = None
        self.turn = 0
        self.active = 0
        self.step = SETUP
        self.prio = 0
        self.passes = 0
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self._public: dict[str, Any] | None = None
        self._attmap: dict[int, list[int]] | None = None
        for i in range(1, n):
            p = owner[i]
            d = defs[i]
            if d.kind == "sponsor":
                if self.sponsor[p] == 0:
                    self.sponsor[p] = i
                    self.zone[i] = Z_PLAY
                    self.play[p].append(i)
            elif d.deck == "runs":
                self.zone[i] = Z_RUNS
                self.runs[p].append(i)
            else:
                self.zone[i] = Z_GEAR
                self.gear[p].append(i)

    # --- setup -------------------------------------------------------------------------------

    def start(self) -> list[Event]:
        """Shuffle both decks of each player, then let each draw four cards."""
        for p in (0, 1):
            self.rng.shuffle(self.runs[p])
            self.rng.shuffle(self.gear[p])
        events = self.opening_events()
        self.prompt = ("draw", 0, SETUP_DRAW, "setup")
        events += self._settle()
        return events

    def _cut(self) -> list[Event]:
        """Each player cuts the Gear deck; the higher Style (an Event is half a point) goes first."""
        events: list[Event] = []
        for _ in range(20):
            shown = []
            for p in (0, 1):
                deck = self.gear[p]
                card = deck[self.rng.below(len(deck))] if deck else 0
                shown.append(self.defs[card].half_style if card else 0)
                name = self.defs[card].name if card else "nothing"
                events.append(Event("cut", f"Player {p + 1} cuts {name}.", {"seat": p}))
            if shown[0] != shown[1]:
                first = 0 if shown[0] > shown[1] else 1
                break
        else:
            first = 0
        events.append(Event("first", f"Player {first + 1} goes first.", {"seat": first}))
        events += turns.begin_turn(self, first)
        return events

    # --- the contract --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.prompt is not None:
            return int(self.prompt[1])
        return self.prio

    @property
    def num_players(self) -> int:
        return 2

    def _compute_legal(self) -> list[Action]:
        if self.prompt is not None:
            return self._prompt_actions()
        return self._window_actions(self.prio)

    def opening_events(self) -> list[Event]:
        return [
            Event(
                "sponsor",
                f"Player {p + 1} plays the sponsor {self.defs[self.sponsor[p]].name}.",
                {"seat": p},
            )
            for p in (0, 1)
        ]

    # --- card facts ------------------------------------------------------------------------------

    def attachments(self, i: int) -> list[int]:
        if self._attmap is not None:
            return self._attmap.get(i, [])
        host = self.host
        return [a for a in self.play[self.owner[i]] if host[a] == i]

    def mod(self, i: int, stat: str) -> int:
        return sum(m[2] for m in self.mods if m[0] == i and m[1] == stat)

    def active_gear(self, r: int) -> list[int]:
        """Attachments of runner ``r`` whose stats count: unused, and only the active weapon(s)."""
        out: list[int] = []
        weapons: list[int] = []
        defs = self.defs
        for a in self.attachments(r):
            if self.used[a]:
                continue
            if defs[a].gear == "weapon":
                weapons.append(a)
            else:
                out.append(a)
        if weapons:
            first = weapons[0]
            if "martial-artist" in defs[r].traits and "melee" in defs[first].traits:
                out.extend([w for w in weapons if "melee" in defs[w].traits][:2])
            else:
                out.append(first)
        return out

    def runner_stat(self, r: int, stat: str, even_used: bool = False) -> int:
        """SR, LR, Defense or Power of a runner: printed, active attachments, this turn's mods.
        A used runner contributes nothing (``even_used`` gives what it has once straightened)."""
        if stat != "power" and self.used[r] and not even_used:
            return 0
        total: int = getattr(self.defs[r], stat) + self.mod(r, stat)
        for a in self.active_gear(r):
            d = self.defs[a]
            if d.gear == "chassis":
                total += self.chassis_stat(a, stat)
            else:
                total += getattr(d, stat)
        return max(0, total)

    def power(self, r: int) -> int:
        return self.runner_stat(r, "power")

    def empathy(self, r: int) -> int:
        defs = self.defs
        return defs[r].empathy - sum(
            defs[a].empathy for a in self.attachments(r) if defs[a].kind == CYBER
        )

    def psycho(self, r: int) -> bool:
        return self.empathy(r) == 1

    def msec(self, i: int) -> int:
        return max(0, self.defs[i].msec + self.mod(i, "msec"))

    def esec(self, i: int) -> int:
        return max(0, min(self.defs[i].esec, self.defs[i].esec + self.mod(i, "esec")))

    def security(self, i: int) -> int:
        """ATTACK (= Defense) of a Location or Operation: M-Sec + 2 × E-Sec."""
        return self.msec(i) + 2 * self.esec(i)

    def stash_security(self, p: int) -> int:
        n = len(self.stash[p])
        return 5 * n + 2 * 5 * n

    def style_in_play(self, p: int) -> int:
        defs = self.defs
        return self.style[p] + sum(defs[i].style for i in self.play[p])

    def runners(self, p: int) -> list[int]:
        defs = self.defs
        return [i for i in self.play[p] if defs[i].kind == RUNNER]

    def sites(self, p: int, kind: str | None = None) -> list[int]:
        defs = self.defs
        return [
            i
            for i in self.play[p]
            if (defs[i].kind in (LOCATION, OPERATION) if kind is None else defs[i].kind == kind)
        ]

    def team_members(self, p: int, k: int) -> list[int]:
        team = self.team
        return [r for r in self.runners(p) if team[r] == k]

    # --- the chassis -----------------------------------------------------------------------------

    def chassis_parts(self, ch: int) -> list[int]:
        return self.attachments(ch)

    def chassis_complete(self, ch: int) -> bool:
        defs = self.defs
        parts = self.chassis_parts(ch)
        wheels = sum(defs[a].wheels for a in parts if defs[a].gear == "vehicle")
        big = sum(1 for a in parts if defs[a].traits & {"truck", "rv"})
        air = sum(1 for a in parts if defs[a].traits & {"hover", "helicopter", "av"})
        heavy = sum(1 for a in parts if "heavy-weapon" in defs[a].traits)
        return self.tokens[ch] == 0 and wheels >= 8 and big >= 2 and air >= 2 and heavy == 1

    def chassis_stat(self, ch: int, stat: str) -> int:
        if stat == "power" or not self.chassis_complete(ch):
            return 0
        parts = self.chassis_parts(ch)
        total: int = sum(getattr(self.defs[a], stat) for a in parts)
        return total - (len(parts) + 1)

    # --- forces ---------------------------------------------------------------------------------

    def vehicle_of(self, r: int, moving: bool = False) -> int:
        """The vehicle giving ``r`` its Movement: an unused Vehicle or complete Chassis, or 0.
        For Movement (``moving``), a vehicle exhausted this turn to press on still counts."""
        for a in self.attachments(r):
            if self.used[a] and not (moving and self.flags[a] & F_PRESSED):
                continue
            d = self.defs[a]
            if d.gear == "vehicle" or (d.gear == "chassis" and self.chassis_complete(a)):
                return a
        return 0

    def movement(self, members: list[int] | tuple[int, ...]) -> int:
        """A force's Movement: 1, plus the smallest vehicle bonus any member gets (a vehicle
        carries its holder and ``capacity - 1`` others; a complete Chassis carries everyone)."""
        bonus: list[int] = []
        seats = 0
        riders = 0
        for r in members:
            v = self.vehicle_of(r, True)
            if v:
                d = self.defs[v]
                bonus.append(1 if d.gear == "chassis" else d.movement)
                seats += 99 if d.gear == "chassis" else max(0, d.capacity - 1)
            else:
                riders += 1
        extra = 0 if not bonus or riders > seats else min(bonus)
        return 1 + extra - max((self.spent[r] for r in members), default=0)

    def force_limit(self, members: list[int] | tuple[int, ...], teamed: bool) -> int:
        nomad = any(self.defs[r].rtype == "nomad" for r in members)
        return (4 if teamed else 3) + (1 if nomad else 0)

    def force_attack(self, members: tuple[int, ...]) -> int:
        zone = self.zone
        return sum(
            self.runner_stat(r, "sr") + self.runner_stat(r, "lr")
            for r in members
            if zone[r] == Z_PLAY
        )

    def force_defense(self, members: tuple[int, ...]) -> int:
        return sum(self.runner_stat(r, "df") for r in members if self.zone[r] == Z_PLAY)

    def hit_attack(self, side: int) -> int:
        """Attack of one side of the hit in progress (0 attacker, 1 defender), bonuses included."""
        h = self.hit
        assert h is not None
        members = h[2] if side == 0 else h[4]
        return self.force_attack(members) + int(h[5 + 2 * side])

    def hit_defense(self, side: int) -> int:
        h = self.hit
        assert h is not None
        members = h[2] if side == 0 else h[4]
        return self.force_defense(members) + int(h[6 + 2 * side])

    def hit_side(self, seat: int) -> int | None:
        """Which side of the hit in progress ``seat`` is on (0 attacker, 1 defender)."""
        h = self.hit
        if h is None:
            return None
        if seat == h[1]:
            return 0
        return 1 if h[4] else None

    def in_hit(self, r: int) -> bool:
        h = self.hit
        return h is not None and (r in h[2] or r in h[4])

    def in_skirmish(self, r: int) -> bool:
        h = self.hit
        return h is not None and bool(h[4]) and (r in h[2] or r in h[4])

    # --- legal moves ------------------------------------------------------------------------------

    def _window_actions(self, s: int) -> list[Action]:
        acts: list[Action] = [PASS]
        step = self.step
        phase = PHASE_OF[step]
        me = s == self.active
        hit = self.hit
        if hit is None and me:
            if step == PURCHASE:
                acts += economy.buy_actions(self, s)
            elif step == EQUIP:
                acts += [Action("move", (c(a),)) for a in equipping.movable(self, s)]
            elif step == OPEN:
                acts += [Action("open", (c(o),)) for o in legwork.openable(self, s)]
            elif step == HITS:
                acts += hits.send_actions(self, s, "hit")
            elif step == RUNS:
                acts += hits.send_actions(self, s, "run")
        if hit is None and step == TEAMS:
            acts += legwork.team_actions(self, s)
        acts += responses.event_actions(self, s, phase)
        acts += self._ability_actions(s, phase)
        return acts

    def _ability_actions(self, s: int, phase: str) -> list[Action]:
        return [
            Action("use", (c(i),))
            for i in self.play[s]
            if not self.used[i] and self.abilities(s, i, phase)
        ]

    def abilities(self, s: int, i: int, phase: str) -> list[str]:
        """The abilities card ``i`` of ``s`` may use now: ``card`` (its printed ability) and its
        runner type's inherent ones."""
        out: list[str] = []
        defs = self.defs
        used = self.used
        d = defs[i]
        ab = d.ability
        if ab is not None and ab.timing in ("any", phase) and d.kind != OPERATION:
            holder = self.host[i]
            if (holder == 0 or (defs[holder].kind == RUNNER and not used[holder])) and (
                responses.effects_possible(self, s, ab.effects)
                and (ab.target == "none" or hits.targets(self, s, ab.target, ab.effects, i))
            ):
                out.append("card")
        if d.kind != RUNNER:
            return out
        t = d.rtype
        if t == "nomad" and len(self.runners(s)) > 1:
            out.append("family")
        elif t in ("media", "netrunner", "rocker") and phase == "legwork":
            if legwork.all_sites(self):
                out.append({"media": "credibility", "rocker": "charisma"}.get(t, "interface"))
        elif self.step == DAMAGE and self.hit is None:
            if t in ("corp", "fixer") and equipping.recoverable(self, s, i):
                out.append("recover")
            elif t == "med-tech" and equipping.renewable(self, s, i):
                out.append("renew")
            elif t == "techie" and equipping.riggable(self, s):
                out.append("rig")
        if (
            t == "fixer"
            and phase == "action"
            and not self.in_hit(i)
            and legwork.dealable(self, s, i)
        ):
            out.append("street-deal")
        if phase == "action" and self.hit_side(s) is not None:
            fought = self.flags[i] & F_FOUGHT
            if t == "solo" and self.in_hit(i) and not fought:
                out.append("combat-sense")
            if t == "cop" and self.in_skirmish(i) and not fought and hits.skirmish_busts(self, s):
                out.append("bust")
            if not self.in_hit(i):
                due = legwork.support_cost(self, i)
                own = dict(economy.sources(self, s, False)).get(i, 0)
                if self.runner_stat(i, "lr") > 0 and economy.funds(self, s) - own >= due:
                    out.append("support")
        return out

    def _prompt_actions(self) -> list[Action]:
        pr = self.prompt
        assert pr is not None
        kind, s = pr[0], pr[1]
        if kind == "draw":
            return [
                Action("draw", (d,))
                for d, deck in (("runs", self.runs), ("gear", self.gear))
                if deck[s]
            ]
        if kind == "take":
            return [Action("take", ("ops",)), Action("take", ("style",))]
        if kind == "pay":
            op = pr[4][0] in ("buy-op", "open")
            acts = [Action("pay", (c(i),)) for i, _ in economy.sources(self, s, op)]
            if self.bank[s]:
                acts.append(Action("pay", ("bank",)))
            acts += [Action("boost", (c(r),)) for r in economy.boosters(self, s, pr)]
            return acts
        if kind == "place":
            a = pr[2]
            d = self.defs[a]
            if pr[3] == "buy":
                if d.gear == "chassis":
                    return [Action("onto", (c(loc),)) for loc in self.sites(s, LOCATION)]
                acts = [Action("onto", ("stash",))]
                acts += [
                    Action("onto", (c(r),)) for r in self.runners(s) if equipping.fits(self, a, r)
                ]
                return acts
            return [
                Action("onto", ("stash",) if t == 0 else (c(t),))
                for t in equipping.destinations(self, s, a)
            ]
        if kind == "target":
            return [Action("target", (c(t),)) for t in pr[3]]
        if kind == "form":
            members, mode = pr[2], pr[3]
            acts = []
            if mode == "hit":
                for t in hits.targets_for(self, s, "hit"):
                    acts.append(Action("hit", ("stash",) if t == STASH else (c(t),)))
            else:
                acts += [Action("run", (c(t),)) for t in hits.targets_for(self, s, "run")]
            if all(self.team[r] == 0 for r in members):
                for r in self.runners(s):
                    if (
                        self.team[r] == 0
                        and r not in members
                        and not self.used[r]
                        and len(members) < self.force_limit((*members, r), False)
                        and hits.force_ok(self, (*members, r), mode)
                    ):
                        acts.append(Action("send", (c(r),)))
            return acts
        if kind == "defend":
            acts = [Action("no-defense")]
            for k in range(1, MAX_TEAMS + 1):
                if any(not self.used[r] for r in self.team_members(s, k)):
                    acts.append(Action("defend", (f"t{k}",)))
            return acts
        if kind == "press":
            return [Action("press-on"), Action("stand-down")]
        if kind == "cost":
            return [Action("exhaust", (c(x),)) for x in pr[2]]
        if kind == "ability":
            return [Action("ability", (name,)) for name in pr[3]]
        if kind == "team":
            return legwork.team_choices(self, s, pr[2])
        if kind == "sense":
            return [Action("add", ("attack",)), Action("add", ("defense",))]
        if kind == "interface":
            return [Action("raise"), Action("lower")]
        if kind == "respond":
            acts = [Action("allow")]
            for r in self.runners(s):
                if self.defs[r].rtype == "cop" and not self.used[r] and not self.in_skirmish(r):
                    acts.append(Action("bust", (c(r),)))
            return acts
        if kind == "discard":
            seen: list[str] = []
            for i in self.hand[s]:
                slug = self.defs[i].slug
                if slug not in seen:
                    seen.append(slug)
            return [Action("discard", (slug,)) for slug in seen]
        raise AssertionError(f"unknown prompt {kind}")

    # --- carrying out moves ----------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        self._public = None
        s = self.current_player
        assert s is not None
        pr = self.prompt
        events: list[Event]
        events = self._answer(s, pr, action) if pr is not None else self._act(s, action)
        if self._outcome is None:
            events += self._settle()
        self._legal = None
        self._public = None
        return events

    def _settle(self) -> list[Event]:
        """Pass automatically for a seat that can do nothing else; close finished windows."""
        events: list[Event] = []
        while self._outcome is None and self.prompt is None:
            self._legal = None
            if self._window_actions(self.prio) != [PASS]:
                break
            events += self._pass()
        self._legal = None
        return events

    def _pass(self) -> list[Event]:
        self.passes += 1
        self.prio = 1 - self.prio
        if self.passes < 2:
            return []
        if self.hit is not None:
            return hits.resolve_hit(self)
        return turns.next_step(self)

    def _done(self, s: int) -> list[Event]:
        """An action of ``s`` is complete: priority goes to the other player."""
        if self._outcome is None and self.prompt is None:
            self.prio = 1 - s
            self.passes = 0
        return []

    def _act(self, s: int, action: Action) -> list[Event]:
        kind, args = action.kind, action.args
        if kind == "pass":
            return self._pass()
        if kind == "buy":
            return economy.buy(self, s, self._from_hand(s, args[0]))
        if kind == "play":
            return responses.play_event(self, s, self._from_hand(s, args[0]))
        if kind == "move":
            a = num(args[0])
            self.prompt = ("place", s, a, "move")
            return []
        if kind == "open":
            op = num(args[0])
            return economy.start_payment(self, s, 2 * self.defs[op].cost, ("open", op))
        if kind == "team":
            self.prompt = ("team", s, num(args[0]))
            return []
        if kind == "interface":
            r = num(args[0])
            self.used[r] = 1
            self.prompt = ("interface", s, r)
            return []
        if kind == "send":
            members = self._force_named(s, args[0])
            self.prompt = ("form", s, members, "hit" if self.step == HITS else "run")
            return []
        if kind == "use":
            i = num(args[0])
            names = self.abilities(s, i, PHASE_OF[self.step])
            if len(names) == 1:
                return self._activate(s, i, names[0])
            self.prompt = ("ability", s, i, tuple(names))
            return []
        raise AssertionError(f"unhandled action {action}")

    def _activate(self, s: int, i: int, name: str) -> list[Event]:
        """Use ability ``name`` of card ``i``: pay its cost (exhaust, or once a turn in a fight),
        then ask for what it needs."""
        if name == "card":
            d = self.defs[i]
            assert d.ability is not None
            self.used[i] = 1
            ev = Event("use", f"Player {s + 1} uses {d.name}.", {"seat": s})
            return [
                ev,
                *responses.with_target(
                    self, s, ("card", i, 0), d.ability.target, d.ability.effects
                ),
            ]
        ev = Event("ability", f"Player {s + 1}'s {self.name(i)} uses {name}.", {"seat": s})
        if name in ("combat-sense", "bust"):
            self.flags[i] |= F_FOUGHT
            if name == "combat-sense":
                self.prompt = ("sense", s, i)
            else:
                self.prompt = (
                    "target",
                    s,
                    ("skirmish-bust", i, 0),
                    tuple(hits.skirmish_busts(self, s)),
                )
            return [ev]
        if name == "support":
            lr = self.runner_stat(i, "lr")
            due = legwork.support_cost(self, i)
            self.used[i] = 1
            return [ev, *economy.start_payment(self, s, due, ("support", i, lr))]
        self.used[i] = 1
        if name == "interface":
            self.prompt = ("interface", s, i)
            return [ev]
        if name == "family":
            cands = [x for x in hits.targets(self, s, "own-runner") if x != i]
        elif name in ("credibility", "charisma"):
            cands = hits.targets(self, s, "any-site")
        elif name == "recover":
            cands = equipping.recoverable(self, s, i)
        elif name == "renew":
            cands = equipping.renewable(self, s, i)
        elif name == "rig":
            cands = equipping.riggable(self, s)
        else:
            assert name == "street-deal", name
            cands = legwork.dealable(self, s, i)
        self.prompt = ("target", s, (name, i, 0), tuple(cands))
        return [ev]

    def _from_hand(self, s: int, slug: str) -> int:
        for i in self.hand[s]:
            if self.defs[i].slug == slug:
                return i
        raise AssertionError(f"{slug} not in hand")

    def _force_named(self, s: int, name: str) -> tuple[int, ...]:
        if name.startswith("t"):
            k = int(name[1:])
            return tuple(r for r in self.team_members(s, k) if not self.used[r])
        return (num(name),)

    def name(self, i: int) -> str:
        return f"{self.defs[i].name} ({c(i)})"

    # --- targets, responses and effects ----------------------------------------------------------

    # --- prompts ---------------------------------------------------------------------------------

    def _answer(self, s: int, pr: tuple[Any, ...], action: Action) -> list[Event]:
        kind = pr[0]
        if kind == "draw":
            return turns.answer_draw(self, s, pr, action.args[0])
        if kind == "take":
            return turns.answer_take(self, s, pr, action.args[0])
        if kind == "pay":
            return economy.answer_pay(self, s, pr, action)
        if kind == "place":
            return equipping.answer_place(self, s, pr, action)
        if kind == "target":
            self.prompt = None
            pending = pr[2]
            return responses.respond_or_resolve(
                self, s, (pending[0], pending[1], num(action.args[0]))
            )
        if kind == "form":
            return hits.answer_form(self, s, pr, action)
        if kind == "defend":
            return hits.answer_defend(self, s, action)
        if kind == "ability":
            self.prompt = None
            return self._activate(s, pr[2], action.args[0])
        if kind == "cost":
            self.prompt = None
            x = num(action.args[0])
            self.used[x] = 1
            text = f"{self.name(x)} is exhausted to pay for the move."
            return [Event("exhaust", text, {}), *self._done(s)]
        if kind == "team":
            self.prompt = None
            r = pr[2]
            self.flags[r] |= F_MOVED
            if action.kind == "leave":
                self.team[r] = 0
                text = f"{self.name(r)} leaves its team."
            else:
                self.team[r] = int(action.args[0][1:])
                text = f"{self.name(r)} joins team {self.team[r]} of player {s + 1}."
            return [Event("team", text, {"seat": s}), *self._done(s)]
        if kind == "sense":
            self.prompt = None
            code = "sense-attack" if action.args[0] == "attack" else "sense-defense"
            return responses.respond_or_resolve(self, s, (code, pr[2], 0))
        if kind == "interface":
            code = "interface-up" if action.kind == "raise" else "interface-down"
            self.prompt = ("target", s, (code, pr[2], 0), tuple(legwork.all_sites(self)))
            return []
        if kind == "press":
            self.prompt = None
            h = self.hit
            assert h is not None
            if action.kind == "press-on":
                self.used[pr[2]] = 1
                self.flags[pr[2]] |= F_PRESSED
                text = f"Player {s + 1} exhausts {self.name(pr[2])}; the force stays unused."
            else:
                hits.exhaust(self, h[2])
                text = f"Player {s + 1}'s force stands down."
            return [Event("press", text, {}), *hits.end_hit(self, s)]
        if kind == "respond":
            return responses.answer_respond(self, s, pr, action)
        if kind == "discard":
            i = self._from_hand(s, action.args[0])
            self.hand[s].remove(i)
            self.zone[i] = Z_DISCARD
            self.discard[s].append(i)
            ev = Event("discard", f"Player {s + 1} discards {self.defs[i].name}.", {"seat": s})
            if len(self.hand[s]) <= HAND_LIMIT:
                self.prompt = None
                return [ev, *turns.end_turn(self)]
            return [ev]
        raise AssertionError(kind)

    # --- refusing moves clearly ------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        s = self.current_player
        if s is None:
            return "The game is over."
        options = ", ".join(a.text for a in self.legal_actions()[:8])
        pr = self.prompt
        if pr is not None:
            if pr[0] == "draw" and action.kind == "draw" and action.args in (("runs",), ("gear",)):
                return f"Your {action.args[0].capitalize()} deck is empty; draw from the other."
            if pr[0] == "pay":
                return (
                    f"Finish paying first: {pr[2] - pr[3]} EB still due. Pay with an unused "
                    f"source: {options}."
                )
            return f"Answer the question in front of you first; you may: {options}."
        step = STEP_NAMES[self.step] if self.step >= 0 else "setup"
        kind = action.kind
        if kind in ("buy", "play", "discard") and action.args:
            slug = action.args[0]
            card = next((i for i in self.hand[s] if self.defs[i].slug == slug), 0)
            if not card:
                return f"You have no '{slug}' in your hand."
            d = self.defs[card]
            if kind == "buy" and (self.step != PURCHASE or s != self.active):
                return "Cards are bought in the purchase step of your own turn."
            if d.legendary and economy.legendary_in_play(self, d):
                return f"{d.name} is Legendary and a copy is already in play."
            price = economy.price(self, s, card)
            funds = economy.funds(self, s, d.kind == OPERATION)
            if funds < price:
                return f"{d.name} costs {price} EB and you have {funds} EB available."
            return f"{d.name} cannot be played now ({step} step): it has no legal use or target."
        return f"'{action}' is not possible now (the {step} step); you may: {options}."

    # --- information -----------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def clone(self) -> CyberState:
        o = CyberState.__new__(CyberState)
        o.rng = self.rng.clone()
        o.defs = self.defs
        o.cards = self.cards
        o.owner = self.owner
        o.zone = self.zone[:]
        o.used = self.used[:]
        o.host = self.host[:]
        o.team = self.team[:]
        o.flags = self.flags[:]
        o.spent = self.spent[:]
        o.tokens = self.tokens[:]
        o.runs = [self.runs[0][:], self.runs[1][:]]
        o.gear = [self.gear[0][:], self.gear[1][:]]
        o.hand = [self.hand[0][:], self.hand[1][:]]
        o.discard = [self.discard[0][:], self.discard[1][:]]
        o.stash = [self.stash[0][:], self.stash[1][:]]
        o.play = [self.play[0][:], self.play[1][:]]
        o.sponsor = self.sponsor[:]
        o.bank = self.bank[:]
        o.ops = self.ops[:]
        o.style = self.style[:]
        o.busts = self.busts[:]
        o.sitehit = self.sitehit[:]
        o.stashhit = self.stashhit[:]
        o.corpzone = self.corpzone[:]
        o.mods = self.mods[:]
        o.hit = self.hit
        o.prompt = self.prompt
        o.turn = self.turn
        o.active = self.active
        o.step = self.step
        o.prio = self.prio
        o.passes = self.passes
        o._outcome = self._outcome
        o._legal = self._legal
        o._public = self._public
        o._attmap = None
        return o

    def determinize(self, seat: int, rng: Rng) -> CyberState:
        return views.determinize(self, seat, rng)

    def signature(self) -> tuple[Any, ...]:
        """The whole state; the long per-card lists are packed into hex strings (fast to hash)."""
        return (
            self.rng.state,
            _pack(self.owner),
            _pack(self.cards),
            _pack(self.zone),
            _pack(self.used),
            _pack(self.host),
            _pack(self.team),
            _pack(self.flags),
            _pack(self.spent),
            _pack(self.tokens),
            tuple(_pack(x) for x in self.runs),
            tuple(_pack(x) for x in self.gear),
            tuple(_pack(sorted(x)) for x in self.hand),
            tuple(_pack(x) for x in self.discard),
            tuple(_pack(x) for x in self.stash),
            tuple(_pack(x) for x in self.play),
            tuple(self.bank),
            tuple(self.ops),
            tuple(self.style),
            tuple(self.busts),
            tuple(self.sitehit),
            tuple(self.stashhit),
            tuple(self.corpzone),
            tuple(self.mods),
            self.hit,
            self.prompt,
            self.turn,
            self.active,
            self.step,
            self.prio,
            self.passes,
            None if self._outcome is None else self._outcome.reason,
        )

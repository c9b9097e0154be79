"""Cyberpunk CCG: the state — the table's facts, the engine contract, and the card facts every
part of the rules asks about.

Every physical card is an *instance* numbered from 1 (``c7`` in action texts); its definition is
shared and immutable. Per-instance facts (zone, used, host, team, flags, movement spent,
construction tokens) live in flat lists, so a clone copies a handful of short lists.

A turn walks nine steps (draw, straighten, purchase, equip, open, teams, hits, runs, damage). Each
step is a priority window: the active player acts first, every completed action hands priority to
the other player, and the step ends when both pass in succession. A seat whose only legal move is
to pass passes automatically. Multi-part decisions (cutting the opponent's decks, paying from
several sources, choosing where gear goes, forming a force, answering with a posse of Cops, saving
a trashed card) are *prompts*: small tuples naming the seat that must answer next.

The rules themselves are free functions taking the state, one module per part of the game:
``priority`` (windows, prompts, carrying out moves), ``turns`` (the draw and the steps),
``economy`` (prices and paying), ``equipping`` (gear and the Stash), ``legwork`` (deals and
teams), ``responses`` (Events, abilities and their answers), ``hits`` (hits, skirmishes and runs),
``damage`` (trash, burn, defeat), ``victory`` and ``views`` (what each seat may see).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, Outcome, Rng, sentence
from . import backout, priority, turns, views
from .cards import (
    CYBER,
    LOCATION,
    OPERATION,
    RUNNER,
    CardDef,
    chassis_counts,
)
from .cardset import CARDS, COMBAT_SCALE
from .names import called
from .rules import (
    F_BUSTED,
    F_DRAWN,
    F_PRESSED,
    SETUP,
    Z_DISCARD,
    Z_GEAR,
    Z_PLAY,
    Z_RUNS,
    Z_STASH,
    _pack,
)


class CyberState(CachedState):
    __slots__ = (
        "_attmap",
        "_frozen",
        "_fundsmap",
        "_public",
        "_runnermap",
        "_sourcemap",
        "active",
        "backout",
        "backouts",
        "bank",
        "busts",
        "cards",
        "corpzone",
        "defs",
        "discard",
        "dying",
        "flags",
        "gear",
        "hand",
        "hit",
        "host",
        "mods",
        "ops",
        "owed",
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

    def __init__(
        self,
        decks: list[list[int]] | None = None,
        rng: Rng | None = None,
        table: tuple[CardDef, ...] = CARDS,
    ) -> None:
        """``decks`` are lists of card-definition indices (a sponsor each) into ``table``: the
        card set, ``CARDS`` unless a designer edited its numbers (``editing``)."""
        if decks is None or rng is None:
            return  # an empty shell that ``clone`` fills (compiled, ``__new__`` runs this)
        self.rng = rng
        defs: list[CardDef] = [table[0]]
        owner: list[int] = [-1]
        cards: list[int] = [0]
        for seat, deck in enumerate(decks):
            for card in deck:
                defs.append(table[card])
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
        self.owed = [0, 0]  # EB banked at the start of the seat's next turn
        self.ops = [0, 0]
        self.style = [0, 0]
        self.busts = [0, 0]
        self.sitehit = [0, 0]  # a Location or the Stash of this seat was hit since its last turn
        self.stashhit = [0, 0]  # this seat hit the opponent's Stash this turn
        self.corpzone = [0, 0]  # this seat played Trashin' the Corp Zone this turn
        self.mods: list[tuple[int, str, int]] = []
        #: Trashed cards waiting for their owner to save them or let them go (``damage``).
        self.dying: list[int] = []
        self.hit: tuple[Any, ...] | None = None
        self.prompt: tuple[Any, ...] | None = None
        self.turn = 0
        self.active = 0
        self.step = SETUP
        self.prio = 0
        self.passes = 0
        #: A move still being put together that its seat may take back (``backout``).
        self.backout: tuple[Any, ...] | None = None
        self.backouts = [0, 0]  # back-outs made this turn, per seat
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self.telling = True
        self._public: dict[str, Any] | None = None
        self._attmap: dict[int, list[int]] | None = None
        self._runnermap: list[list[int] | None] | None = None
        #: Inside ``freeze``: nothing on the table changes, so facts worked out once are kept.
        self._frozen = False
        #: While frozen: each seat's EB sources (``economy.sources``), by seat and Operation.
        self._sourcemap: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        #: While frozen: each seat's EB to spend (``economy.funds``), by seat and Operation.
        self._fundsmap: dict[tuple[int, bool], int] = {}
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
        """Shuffle both decks of each player and offer the opponent the cut (``turns``); then
        each player draws four cards."""
        for p in (0, 1):
            self.rng.shuffle(self.runs[p])
            self.rng.shuffle(self.gear[p])
        events = self.opening_events()
        self.prompt = ("cut", 1, 0)
        events += priority.settle(self)
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
        was = self.freeze()
        try:
            if self.prompt is not None:
                return priority.prompt_actions(self)
            return priority.window_actions(self, self.prio)
        finally:
            self.thaw(was)

    def freeze(self) -> bool:
        """Remember who holds what, who the runners are and what pays EB, once worked out, for a
        stretch of code that only reads the table (a position's moves ask hundreds of times);
        ``thaw`` ends it. Says whether the table was frozen already (``thaw`` then keeps it)."""
        if self._frozen:
            return True
        self._frozen = True
        return False

    def thaw(self, was_frozen: bool) -> None:
        if not was_frozen:
            self._frozen = False
            self._attmap = None
            self._runnermap = None
            if self._sourcemap:
                self._sourcemap = {}
            if self._fundsmap:
                self._fundsmap = {}

    def _map_attachments(self) -> dict[int, list[int]]:
        attmap: dict[int, list[int]] = {}
        host = self.host
        owner = self.owner
        for p in (0, 1):
            for a in self.play[p]:
                h = host[a]
                if h and owner[h] == p:
                    attmap.setdefault(h, []).append(a)
        self._attmap = attmap
        return attmap

    def opening_events(self) -> list[Event]:
        return [
            Event(
                "sponsor",
                sentence(f"Player {p + 1} plays the sponsor {self.defs[self.sponsor[p]].name}"),
                {"seat": p},
            )
            for p in (0, 1)
        ]

    # --- card facts ------------------------------------------------------------------------------

    def attachments(self, i: int) -> list[int]:
        if self._attmap is not None:
            return self._attmap.get(i, [])
        if self._frozen:
            return self._map_attachments().get(i, [])
        host = self.host
        return [a for a in self.play[self.owner[i]] if host[a] == i]

    def can_ready(self, i: int) -> bool:
        """A busted card stays used until its owner's next Straighten step: no effect may
        straighten, renew or ready it before then."""
        return not self.flags[i] & F_BUSTED

    def ready(self, i: int) -> bool:
        """Straighten card ``i`` by an effect (never a busted one); says whether it happened.
        Every effect that readies a card goes through here, so the bust holds against all."""
        if not self.can_ready(i):
            return False
        self.used[i] = 0
        return True

    def gives(self, i: int) -> bool:
        """Whether card ``i`` gives its stats, its EB and its abilities now. The binding ruling:
        an exhausted card contributes none of them until it is straightened, wherever they are
        read (a force's attack, a sponsor's goal, a Nomad's larger team). What a card *is* does
        not lapse with it: its kinds, the Empathy its Cyber has taken, its place on a Chassis."""
        return not self.used[i]

    def family(self, r: int) -> bool:
        """Whether runner ``r`` makes its team hold five and its group four (the Nomad's
        Family): an ability, so not while ``r`` is exhausted."""
        return self.defs[r].rtype == "nomad" and self.gives(r)

    def mod(self, i: int, stat: str) -> int:
        mods = self.mods
        if not mods:  # most of the time: no Event or ability has changed a stat this turn
            return 0
        return sum(m[2] for m in mods if m[0] == i and m[1] == stat)

    def active_gear(self, r: int) -> list[int]:
        """Attachments of runner ``r`` whose stats count: unused, and of its weapons only the
        one drawn (a Martial Artist may draw two melee weapons)."""
        defs = self.defs
        flags = self.flags
        return [
            a
            for a in self.attachments(r)
            if self.gives(a) and (defs[a].gear != "weapon" or flags[a] & F_DRAWN)
        ]

    def runner_stat(self, r: int, stat: str, even_used: bool = False) -> int:
        """SR, LR, Defense or Power of a runner: printed, active attachments, this turn's mods.
        A used runner contributes nothing (``gives``; ``even_used`` gives what it has once
        straightened)."""
        if stat != "power" and not even_used and not self.gives(r):
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
        """M-Sec and E-Sec are 5 a card in the Stash (the seed's), at the set's combat scale."""
        n = len(self.stash[p]) * 5 * COMBAT_SCALE
        return n + 2 * n

    def style_in_play(self, p: int) -> int:
        defs = self.defs
        return self.style[p] + sum(defs[i].style for i in self.play[p])

    def runners(self, p: int) -> list[int]:
        """``p``'s runners in play; while frozen, worked out once a seat (most frozen stretches
        ask about one seat only)."""
        known = self._runnermap
        if known is not None:
            mine = known[p]
            if mine is not None:
                return mine
        defs = self.defs
        mine = [i for i in self.play[p] if defs[i].kind == RUNNER]
        if self._frozen:
            if known is None:
                known = self._runnermap = [None, None]
            known[p] = mine
        return mine

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
        if self.tokens[ch]:
            return False
        wheels, big, air, heavy = chassis_counts(self.defs[a] for a in self.chassis_parts(ch))
        return wheels >= 8 and big >= 2 and air >= 2 and heavy == 1

    def chassis_stat(self, ch: int, stat: str) -> int:
        if stat == "power" or not self.chassis_complete(ch):
            return 0
        parts = self.chassis_parts(ch)
        total: int = sum(getattr(self.defs[a], stat) for a in parts)
        return total - (len(parts) + 1) * COMBAT_SCALE

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

    def press_vehicle(self, members: tuple[int, ...], spend: int = 0) -> int:
        """The vehicle a force whose hit has won may exhaust to stay unused (it needs Movement
        left after ``spend`` more, and an unused vehicle among its members), or 0."""
        if self.movement(members) - spend < 1:
            return 0
        return next((v for v in map(self.vehicle_of, members) if v), 0)

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
        """How many runners a team (``teamed``) or a group of ``members`` may hold: 4 or 3, one
        more with a Nomad that gives its Family (``family``)."""
        return (4 if teamed else 3) + (1 if any(self.family(r) for r in members) else 0)

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

    # --- carrying out moves ----------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        self._public = None
        s = self.current_player
        assert s is not None
        pr = self.prompt
        events: list[Event]
        if action.kind == "cancel":
            events = backout.cancel(self, s)
        elif pr is not None:
            events = priority.answer_prompt(self, s, pr, action)
            backout.carry_on(self, pr, action)
        else:
            backout.begin(self, s, action, priority.hand_card(self, s, action))
            events = priority.act(self, s, action)
        if self._outcome is None:
            events += priority.settle(self)
        backout.settle(self)
        self._legal = None
        self._public = None
        return events

    def name(self, i: int) -> str:
        """Card ``i`` as the table calls it (``names``): its name, and which copy where its
        owner shows two."""
        p, zone = self.owner[i], self.zone[i]
        if zone in (Z_PLAY, Z_STASH):
            pile = self.play[p] + self.stash[p]
        elif zone == Z_DISCARD:
            pile = self.discard[p]
        else:
            return self.defs[i].name
        if i not in pile:
            return self.defs[i].name
        return called([self.defs[j].name for j in pile], pile.index(i))

    # --- refusing moves clearly ------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        return priority.why_illegal(self, action)

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
        o.owed = self.owed[:]
        o.ops = self.ops[:]
        o.style = self.style[:]
        o.busts = self.busts[:]
        o.sitehit = self.sitehit[:]
        o.stashhit = self.stashhit[:]
        o.corpzone = self.corpzone[:]
        o.mods = self.mods[:]
        o.dying = self.dying[:]
        o.hit = self.hit
        o.prompt = self.prompt
        o.turn = self.turn
        o.active = self.active
        o.step = self.step
        o.prio = self.prio
        o.passes = self.passes
        o.backout = self.backout
        o.backouts = self.backouts[:]
        o._outcome = self._outcome
        o.telling = True
        o._legal = self._legal
        o._public = self._public
        o._attmap = None
        o._runnermap = None
        o._sourcemap = {}
        o._fundsmap = {}
        o._frozen = False
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
            tuple(self.owed),
            tuple(self.ops),
            tuple(self.style),
            tuple(self.busts),
            tuple(self.sitehit),
            tuple(self.stashhit),
            tuple(self.corpzone),
            tuple(self.mods),
            tuple(self.dying),
            self.hit,
            self.prompt,
            self.turn,
            self.active,
            self.step,
            self.prio,
            self.passes,
            self.backout,
            tuple(self.backouts),
            None if self._outcome is None else self._outcome.reason,
        )

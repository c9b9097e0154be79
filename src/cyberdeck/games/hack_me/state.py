"""Hack-Me If You Can: the rules engine.

Two hackers, one whole pack each. Every decision is its own step and belongs to one seat: the
attacker's actions, and in the middle of a run the defender's answers (activate this firewall?
boost?) and the defender's pick of which face-down card a shocked attacker loses.

Representation (for cheap copies): piles are lists of card codes with the top as the last element
(deck and archive); a player's firewalls are 12 ints (resource × 3 + level index) holding 0 for an
empty slot, the card code for an inactive firewall and minus the code for an active one; a generator
is ``credits * 64 + code``. Per-seat numbers live in lists of two.

This module holds the state, setup, the turn and the piles; ``runs`` and ``agendas`` hold the rules
of runs (with shocks) and of agenda benefits as functions of the state, ``archive`` the owner's
order of cards reaching an archive together; ``phases`` names the moments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, Outcome, Rng
from . import agendas as agenda_rules
from . import archive, runs
from .cards import (
    ACTIONS_PER_TURN,
    ACTIVATE,
    AGENDA,
    AGENDA_ACT,
    ARCHIVE_ORDER,
    BOOST,
    COST,
    CREDIT,
    DISCARD,
    DISMANTLE,
    DRAIN,
    DRAW,
    FAMILY,
    FIREWALL,
    FIREWALL_ACT,
    FORFEIT,
    GENERATOR,
    GENERATOR_ACT,
    HAND_LIMIT,
    INVEST,
    JOKER_CODE,
    KEEP,
    MULLIGAN,
    NEXT,
    PASS,
    PAY,
    PICK,
    RECYCLE,
    RESOURCE_BY_NAME,
    RESOURCES,
    REWIRE,
    RUN,
    SCRAP,
    SHOCK,
    STACK,
    SUFFER,
    TEXT,
    TRASH,
    TURN_CAP,
    TUTOR,
    UNTAG,
    VALUE,
)
from .phases import (
    ACTION_PHASE,
    ACTIVATE_PHASE,
    AFTER_ACTION,
    ARCHIVE_PHASE,
    BOOST_PHASE,
    DISCARD_PHASE,
    DISMANTLE_PHASE,
    DRAIN_PHASE,
    FORFEIT_PHASE,
    MULLIGAN_PHASE,
    NAMES,
    NO_RUN,
    ONLY,
    OVER,
    PAY_PHASE,
    PICK_PHASE,
    RECYCLE_PHASE,
    REWIRE_PHASE,
    SCRAP_PHASE,
    STACK_PHASE,
    TRASH_PHASE,
    card_moves,
    code_of,
    credits,
    event,
    slot_of,
)


class HackState(CachedState):
    __slots__ = (
        "actions_left",
        "agenda",
        "archives",
        "bonus",
        "boosted",
        "decider",
        "decks",
        "filing",
        "finalized",
        "first",
        "fresh",
        "fws",
        "gens",
        "hands",
        "invest",
        "k_pool",
        "k_res",
        "known_own",
        "known_pub",
        "mulled",
        "phase",
        "recycled",
        "reveals",
        "rng",
        "run_card",
        "run_level",
        "run_res",
        "seat",
        "seen",
        "shock_next",
        "shock_target",
        "stack",
        "stacked",
        "stock",
        "tags",
        "taken",
        "turn",
    )

    game: ClassVar[Any]  # set by the game module (avoids an import cycle)

    def __init__(self, rng: Rng | None = None) -> None:
        if rng is None:  # an empty shell that ``clone`` fills (compiled, ``__new__`` runs this)
            return
        self.rng = rng
        self.decks: list[list[int]] = [[], []]
        self.hands: list[list[int]] = [[], []]
        self.archives: list[list[int]] = [[], []]
        self.finalized: list[list[int]] = [[], []]
        self.gens: list[list[int]] = [[], []]
        self.fws: list[list[int]] = [[0] * 12, [0] * 12]
        self.stock = [0, 0]
        self.tags = [0, 0]
        self.agenda = [0, 0]
        self.invest = [0, 0]
        #: Turns each player has begun (a run needs this to be 2 or more).
        self.taken = [0, 0]
        self.mulled = [False, False]
        #: Cards everyone knows to be in each hand (shown there, or drawn from a known deck top).
        self.seen: list[list[int]] = [[], []]
        #: How many top cards of each deck its owner knows / everyone knows, in order.
        self.known_own = [0, 0]
        self.known_pub = [0, 0]
        self.first = 0
        self.seat = 0
        self.decider = 0
        self.phase = MULLIGAN_PHASE
        self.turn = 0
        self.actions_left = 0
        #: No action taken yet this turn: a Joker may still be revealed.
        self.fresh = False
        self.run_res = NO_RUN
        self.run_level = -1
        self.bonus = 0
        self.boosted = False
        self.run_card = 0
        self.shock_target = 0
        self.shock_next = AFTER_ACTION
        #: The Jack's cards still to stack (taken off the deck) and those stacked, top first.
        self.stack: list[int] = []
        self.stacked: list[int] = []
        #: The King's firewalls still to place (signed like slots) and the column being filled.
        self.k_pool: list[int] = []
        self.k_res = 0
        #: Cards on their way to the seat's archive together, waiting for it to choose their order.
        self.filing: list[int] = []
        self.recycled = 0
        #: The opening reveals, as (Hacker A's card, Hacker B's card) pairs; public.
        self.reveals: tuple[tuple[int, int], ...] = ()
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self.telling = True

    # --- setup ---------------------------------------------------------------------------------

    def setup(self, decks: list[list[int]]) -> list[Event]:
        """Reveal top cards to choose the first hacker, deal 5 and 6, then offer mulligans."""
        self.decks = decks
        events: list[Event] = []
        first = 0
        for _ in range(len(decks[0])):
            a, b = decks[0][-1], decks[1][-1]
            self.reveals += ((a, b),)
            events.append(
                event(
                    "reveal",
                    f"{NAMES[0]} reveals {TEXT[a]}, {NAMES[1]} reveals {TEXT[b]}.",
                    cards=[TEXT[a], TEXT[b]],
                )
            )
            if VALUE[a] != VALUE[b]:
                first = 0 if VALUE[a] > VALUE[b] else 1
                break
            events.append(event("tie", "A tie: both cards go under their decks."))
            for deck in decks:
                deck.insert(0, deck.pop())
        self.first = self.seat = self.decider = first
        self.known_own = [1, 1]
        self.known_pub = [1, 1]
        events.append(event("first", f"{NAMES[first]} goes first.", player=first))
        for p in (first, 1 - first):
            events += self._draw(p, 5 if p == first else 6)
        self.phase = MULLIGAN_PHASE
        return events

    # --- the contract ----------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._outcome is not None else self.decider

    @property
    def num_players(self) -> int:
        return 2

    def _compute_legal(self) -> list[Action]:
        phase = self.phase
        p = self.decider
        if phase == ACTION_PHASE:
            return self._action_moves(p)
        if phase in (ACTIVATE_PHASE, BOOST_PHASE):
            return [ACTIVATE if phase == ACTIVATE_PHASE else BOOST, PASS]
        if phase == PAY_PHASE:
            cost = runs.strength(self)
            return [PAY, SUFFER] if self.stock[p] >= cost else [SUFFER]
        if phase == PICK_PHASE:
            return PICK[: len(self.hands[self.shock_target])]
        if phase == TRASH_PHASE:
            return [TRASH, PASS]
        if phase == SCRAP_PHASE:
            return [SCRAP[i] for i, c in enumerate(self.fws[p]) if c]
        if phase == DISMANTLE_PHASE:
            return [DISMANTLE[i] for i, c in enumerate(self.fws[p]) if c] + [PASS]
        if phase == FORFEIT_PHASE:
            return card_moves(FORFEIT, self.finalized[p])
        if phase == RECYCLE_PHASE:
            return [*card_moves(RECYCLE, self.hands[p]), PASS]
        if phase == DISCARD_PHASE:
            return card_moves(DISCARD, self.hands[p])
        if phase == MULLIGAN_PHASE:
            return [KEEP, MULLIGAN]
        if phase == STACK_PHASE:
            return card_moves(STACK, self.stack)
        if phase == DRAIN_PHASE:
            return card_moves(DRAIN, [g & 63 for g in self.gens[p]])
        if phase == ARCHIVE_PHASE:
            return card_moves(ARCHIVE_ORDER, self.filing)
        if phase == REWIRE_PHASE:
            moves = card_moves(REWIRE, [abs(c) for c in self.k_pool])
            if len(self.k_pool) <= 3 * (3 - self.k_res):
                moves.append(NEXT)
            return moves
        return []

    def _action_moves(self, p: int) -> list[Action]:
        moves = [DRAW, CREDIT]
        fw = self.fws[p]
        hand = sorted(set(self.hands[p]))
        free = [r for r in range(4) if fw[r * 3 + 2] == 0]
        no_agenda = self.agenda[p] == 0
        gens: list[Action] = []
        walls: list[Action] = []
        agendas: list[Action] = []
        for c in hand:
            fam = FAMILY[c]
            if fam == GENERATOR:
                gens.append(GENERATOR_ACT[c])  # type: ignore[arg-type]
            elif fam == FIREWALL:
                acts = FIREWALL_ACT[c]
                assert acts is not None
                walls += [acts[r] for r in free]
            elif fam == AGENDA and no_agenda:
                agendas.append(AGENDA_ACT[c])  # type: ignore[arg-type]
        moves += gens + walls + agendas
        stock = self.stock[p]
        if not no_agenda and stock >= 1:
            moves.append(INVEST)
        if self.taken[p] > 1:
            moves += RUN
        if self.tags[p] and stock >= 1:
            moves.append(UNTAG)
        if self.tags[1 - p] and stock >= 2:
            moves.append(SHOCK)
        if self.fresh and JOKER_CODE in self.hands[p] and self.decks[p]:
            moves += card_moves(TUTOR, self.decks[p])
        return moves

    # --- applying a decision ---------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        handler = _HANDLERS[action.kind]
        return handler(self, action)

    def _do_mulligan(self, action: Action) -> list[Event]:
        p = self.decider
        events: list[Event] = []
        if action.kind == "mulligan":
            self.mulled[p] = True
            hand = self.hands[p]
            count = len(hand)
            self.decks[p] += hand
            self.hands[p] = []
            self.seen[p] = []
            self._shuffle_deck(p)
            events.append(event("mulligan", f"{NAMES[p]} takes a mulligan.", player=p))
            events += self._draw(p, count)
        else:
            events.append(event("keep", f"{NAMES[p]} keeps their hand.", player=p))
        if p == self.first:
            self.decider = 1 - p
        else:
            events += self._begin_turn(self.first)
        return events

    def _do_tutor(self, action: Action) -> list[Event]:
        """A Joker search costs no action and has no limit per turn: ``fresh`` stays set, so every
        Joker in hand (one just searched for included) may be revealed before the first action."""
        p = self.seat
        code = code_of(action.args[0])
        hand = self.hands[p]
        hand.remove(JOKER_CODE)
        self._unsee(p, JOKER_CODE)
        self.decks[p].remove(code)
        hand.append(code)
        events = [
            event("tutor", f"{NAMES[p]} reveals a Joker and searches their deck.", player=p),
            event("tutor_card", f"You take {TEXT[code]} from your deck.", ONLY[p], card=TEXT[code]),
        ]
        events += self._to_archive(p, JOKER_CODE)
        self._shuffle_deck(p)
        return events

    def _do_action(self, action: Action) -> list[Event]:
        p = self.seat
        o = 1 - p
        self.actions_left -= 1
        self.fresh = False
        kind = action.kind
        events: list[Event]
        if action.kind == "draw":
            events = self._draw(p, 1)
        elif action.kind == "credit":
            self.stock[p] += 1
            events = (
                [event("credit", f"{NAMES[p]} takes 1 credit.", player=p)] if self.telling else []
            )
        elif kind == "generator":
            code = code_of(action.args[0])
            self.hands[p].remove(code)
            self._unsee(p, code)
            self.gens[p].append(VALUE[code] * 64 + code)
            events = []
            if self.telling:
                events.append(
                    event(
                        "generator",
                        f"{NAMES[p]} puts generator {TEXT[code]} into play"
                        f" with {VALUE[code]} credits.",
                        player=p,
                        card=TEXT[code],
                    )
                )
        elif kind == "firewall":
            code = code_of(action.args[0])
            res = RESOURCE_BY_NAME[action.args[1]]
            self.hands[p].remove(code)
            self._forget(p, FIREWALL)
            fw = self.fws[p]
            slot = res * 3
            while fw[slot]:
                slot += 1
            fw[slot] = code
            where = f"{RESOURCES[res]} level {slot % 3 + 1}"
            events = (
                []
                if not self.telling
                else [
                    event(
                        "firewall",
                        f"{NAMES[p]} installs a face-down firewall on their {where}.",
                        player=p,
                        resource=RESOURCES[res],
                        level=slot % 3 + 1,
                    ),
                    event("firewall_card", f"Your firewall there is {TEXT[code]}.", ONLY[p]),
                ]
            )
        elif kind == "agenda":
            code = code_of(action.args[0])
            self.hands[p].remove(code)
            self._forget(p, AGENDA)
            self.agenda[p] = code
            self.invest[p] = 0
            events = (
                []
                if not self.telling
                else [
                    event("agenda", f"{NAMES[p]} starts a face-down agenda.", player=p),
                    event("agenda_card", f"Your agenda is {TEXT[code]}.", ONLY[p], card=TEXT[code]),
                ]
            )
        elif action.kind == "invest":
            self.stock[p] -= 1
            self.invest[p] += 1
            code = self.agenda[p]
            events = []
            if self.telling:
                text = f"{NAMES[p]} invests 1 credit ({self.invest[p]} on the agenda)."
                events.append(event("invest", text))
            if self.invest[p] >= COST[code]:
                return events + agenda_rules.finalize(self, p)
        elif kind == "run":
            return runs.start_run(self, p, RESOURCE_BY_NAME[action.args[0]])
        elif action.kind == "untag":
            self.stock[p] -= 1
            self.tags[p] -= 1
            events = [event("untag", f"{NAMES[p]} pays 1 credit to remove a tag.", player=p)]
        else:  # shock
            self.stock[p] -= 2
            self.tags[o] = 0
            events = [event("shock", f"{NAMES[p]} pays 2 credits to shock {NAMES[o]}.", player=p)]
            return events + runs.shock(self, o, AFTER_ACTION)
        return events + self._after_action()

    # --- turns -------------------------------------------------------------------------------------

    def _begin_turn(self, p: int) -> list[Event]:
        self.turn += 1
        if self.turn > TURN_CAP:
            return self._finish(None, f"the safety cap of {TURN_CAP} turns was reached", "cap")
        self.seat = p
        self.taken[p] += 1
        telling = self.telling
        events = []
        if telling:
            events.append(event("turn", f"Turn {self.turn}: {NAMES[p]}.", player=p, turn=self.turn))
        gens = self.gens[p]
        if gens:
            kept = []
            dead = []
            for g in gens:
                g -= 64
                if g >> 6:
                    kept.append(g)
                else:
                    dead.append(g & 63)
            self.gens[p] = kept
            self.stock[p] += len(gens)
            if telling:
                events.append(
                    event("income", f"{NAMES[p]} takes {credits(len(gens))} from their generators.")
                )
                for code in dead:
                    events.append(event("spent", f"Generator {TEXT[code]} is spent and destroyed."))
            if dead:
                events += archive.archive_together(self, p, dead)
                if self.phase == ARCHIVE_PHASE:
                    return events
        return events + self._start_actions(p)

    def _start_actions(self, p: int) -> list[Event]:
        self.phase = ACTION_PHASE
        self.decider = p
        self.actions_left = ACTIONS_PER_TURN
        self.fresh = True
        return []

    def _after_action(self) -> list[Event]:
        if self._outcome is not None:
            return []
        self.run_res = NO_RUN
        if self.actions_left > 0:
            self.phase = ACTION_PHASE
            self.decider = self.seat
            return []
        self.recycled = 0
        self.phase = RECYCLE_PHASE
        self.decider = self.seat
        return []

    def _do_recycle(self, action: Action) -> list[Event]:
        p = self.seat
        if action.kind != "pass":
            code = code_of(action.args[0])
            self.hands[p].remove(code)
            self._unsee(p, code)
            self.stock[p] += 2
            self.recycled += 1
            events = []
            if self.telling:
                text = f"{NAMES[p]} recycles {TEXT[code]} for 2 credits."
                events.append(event("recycle", text, card=TEXT[code]))
            events += self._to_archive(p, code)
            if self._outcome is not None or (self.recycled < 2 and self.hands[p]):
                return events
        else:
            events = []
        events += self._draw(p, self.recycled)
        return events + self._offer_dismantle(p)

    def _offer_dismantle(self, p: int) -> list[Event]:
        if self.stock[p] >= 2 and any(self.fws[p]):
            self.phase = DISMANTLE_PHASE
            return []
        return self._offer_discard(p)

    def _do_dismantle(self, action: Action) -> list[Event]:
        p = self.seat
        events: list[Event] = []
        if action.kind != "pass":
            self.stock[p] -= 2
            slot = slot_of(action)
            if self.telling:
                text = f"{NAMES[p]} pays 2 credits to destroy a firewall."
                events.append(event("dismantle", text))
            events += self._destroy_firewall(p, slot)
        return events + self._offer_discard(p)

    def _offer_discard(self, p: int) -> list[Event]:
        if len(self.hands[p]) > HAND_LIMIT:
            self.phase = DISCARD_PHASE
            return []
        return self._begin_turn(1 - p)

    def _do_discard(self, action: Action) -> list[Event]:
        p = self.seat
        code = code_of(action.args[0])
        self.hands[p].remove(code)
        self._unsee(p, code)
        events = [event("discard", f"{NAMES[p]} discards {TEXT[code]}.", card=TEXT[code])]
        events += self._to_archive(p, code)
        if self._outcome is None and len(self.hands[p]) <= HAND_LIMIT:
            events += self._begin_turn(1 - p)
        return events

    # --- agendas -----------------------------------------------------------------------------------

    # --- runs ------------------------------------------------------------------------------------

    # --- shocks --------------------------------------------------------------------------------

    # --- piles -----------------------------------------------------------------------------------

    def _draw(self, p: int, count: int) -> list[Event]:
        deck = self.decks[p]
        count = min(count, len(deck))
        if not count:
            return []
        drawn = deck[-count:]
        del deck[-count:]
        self.hands[p] += drawn
        public = self.known_pub[p]
        if public:
            self.seen[p] += drawn[-min(public, count) :]
        self.known_own[p] = max(0, self.known_own[p] - count)
        self.known_pub[p] = max(0, public - count)
        if not self.telling:
            return []
        word = "a card" if count == 1 else f"{count} cards"
        return [
            event("draw", f"{NAMES[p]} draws {word}.", player=p, count=count),
            event(
                "drawn",
                "You draw " + ", ".join(TEXT[c] for c in drawn) + ".",
                ONLY[p],
                cards=[TEXT[c] for c in drawn],
            ),
        ]

    def _unsee(self, p: int, code: int) -> None:
        """A card left ``p``'s hand face up: it is no longer known to be there."""
        seen = self.seen[p]
        if seen and code in seen:
            seen.remove(code)

    def _forget(self, p: int, family: int) -> None:
        """A face-down card of ``family`` left the hand: any known one of that family may be it."""
        seen = self.seen[p]
        if seen:
            self.seen[p] = [c for c in seen if FAMILY[c] != family]

    def _pop_top(self, p: int) -> int:
        self.known_own[p] = max(0, self.known_own[p] - 1)
        self.known_pub[p] = max(0, self.known_pub[p] - 1)
        return self.decks[p].pop()

    def _shuffle_deck(self, p: int) -> None:
        self.rng.shuffle(self.decks[p])
        self.known_own[p] = 0
        self.known_pub[p] = 0

    def _to_archive(self, p: int, code: int) -> list[Event]:
        self.archives[p].append(code)
        return self._check_archive(p, code)

    def _check_archive(self, p: int, code: int) -> list[Event]:
        if FAMILY[code] != AGENDA:
            return []
        rank = VALUE[code]
        if sum(1 for c in self.archives[p] if VALUE[c] == rank) >= 4:
            return self._finish(
                1 - p, f"{NAMES[p]} has four {TEXT[code][:-1]} agendas in the archive", "archive"
            )
        return []

    def _destroy_firewall(self, p: int, slot: int) -> list[Event]:
        """Destroy the firewall in ``slot``; those above it in the column move down."""
        fw = self.fws[p]
        code = abs(fw[slot])
        top = slot - slot % 3 + 2
        for i in range(slot, top):
            fw[i] = fw[i + 1]
        fw[top] = 0
        return self._to_archive(p, code)

    def _finish(self, winner: int | None, reason: str, kind: str) -> list[Event]:
        if winner is None:
            self._outcome = Outcome((), (0.0, 0.0), reason[0].upper() + reason[1:], kind)
            text = f"The game is a draw: {reason}."
        else:
            returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
            self._outcome = Outcome((winner,), returns, reason[0].upper() + reason[1:], kind)
            text = f"{NAMES[winner]} wins: {reason}."
        self.phase = OVER
        self._legal = None
        return [event("end", text, winner=winner, reason=reason)]

    def strength(self) -> int:
        """Strength of the firewall being accessed, boost included."""
        return runs.strength(self)

    # --- refusing moves clearly --------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(self, action)

    # --- information --------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.view(self, seat)

    def clone(self) -> HackState:
        other = HackState.__new__(HackState)
        other.rng = self.rng.clone()
        d, h, a, f, g, w = (
            self.decks,
            self.hands,
            self.archives,
            self.finalized,
            self.gens,
            self.fws,
        )
        other.decks = [d[0][:], d[1][:]]
        other.hands = [h[0][:], h[1][:]]
        other.archives = [a[0][:], a[1][:]]
        other.finalized = [f[0][:], f[1][:]]
        other.gens = [g[0][:], g[1][:]]
        other.fws = [w[0][:], w[1][:]]
        other.stock = self.stock[:]
        other.tags = self.tags[:]
        other.agenda = self.agenda[:]
        other.invest = self.invest[:]
        other.taken = self.taken[:]
        other.mulled = self.mulled[:]
        other.seen = [self.seen[0][:], self.seen[1][:]]
        other.known_own = self.known_own[:]
        other.known_pub = self.known_pub[:]
        other.first = self.first
        other.seat = self.seat
        other.decider = self.decider
        other.phase = self.phase
        other.turn = self.turn
        other.actions_left = self.actions_left
        other.fresh = self.fresh
        other.run_res = self.run_res
        other.run_level = self.run_level
        other.bonus = self.bonus
        other.boosted = self.boosted
        other.run_card = self.run_card
        other.shock_target = self.shock_target
        other.shock_next = self.shock_next
        other.stack = self.stack[:]
        other.stacked = self.stacked[:]
        other.k_pool = self.k_pool[:]
        other.k_res = self.k_res
        other.filing = self.filing[:]
        other.recycled = self.recycled
        other.reveals = self.reveals
        other._outcome = self._outcome
        other.telling = True
        other._legal = self._legal
        return other

    def determinize(self, seat: int, rng: Rng) -> HackState:
        """Re-deal what ``seat`` cannot know: the opponent's hand, unknown deck cards, inactive
        firewalls, current agenda and any cards set aside for a Jack or a King; the order of the
        unknown part of ``seat``'s own deck. Face-down slots keep their family (a face-down
        firewall stays a firewall card, a current agenda stays an agenda)."""
        other = self.clone()
        other._legal = None
        o = 1 - seat
        # The opponent's hidden cards, pooled.
        deck = other.decks[o]
        public_top = other.known_pub[o]
        hidden_deck = len(deck) - public_top
        hand = other.hands[o]
        fw = other.fws[o]
        owner_deciding = other.seat == o
        stack = other.stack if owner_deciding else []
        stacked = other.stacked if owner_deciding else []
        k_pool = other.k_pool if owner_deciding else []
        shown = other.seen[o]
        unseen = hand[:]
        for c in shown:
            unseen.remove(c)
        pool = deck[:hidden_deck] + unseen + stack + stacked
        pool += [c for c in fw if c > 0]
        pool += [c for c in k_pool if c > 0]
        if other.agenda[o]:
            pool.append(other.agenda[o])
        # Sorted first: the sample must depend only on what ``seat`` knows, not on hidden order.
        pool.sort()
        rng.shuffle(pool)

        def take(family: int) -> int:
            for i, c in enumerate(pool):
                if FAMILY[c] == family:
                    return pool.pop(i)
            raise AssertionError("a face-down slot has no card of its family to take")

        for i, c in enumerate(fw):
            if c > 0:
                fw[i] = take(FIREWALL)
        for i, c in enumerate(k_pool):
            if c > 0:
                k_pool[i] = take(FIREWALL)
        if other.agenda[o]:
            other.agenda[o] = take(AGENDA)
        n = len(unseen)
        hand[:] = shown + pool[:n]
        del pool[:n]
        for part in (stack, stacked):
            if part:
                size = len(part)
                part[:] = pool[:size]
                del pool[:size]
        deck[:hidden_deck] = pool
        # Our own deck: its order below what we know of its top.
        mine = other.decks[seat]
        unknown = len(mine) - other.known_own[seat]
        if unknown > 1:
            below = sorted(mine[:unknown])
            rng.shuffle(below)
            mine[:unknown] = below
        other.rng = rng.fork()
        return other

    def signature(self) -> tuple[Any, ...]:
        return (
            self.rng.state,
            tuple(map(tuple, self.decks)),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.archives)),
            tuple(map(tuple, self.finalized)),
            tuple(map(tuple, self.gens)),
            tuple(map(tuple, self.fws)),
            tuple(self.stock),
            tuple(self.tags),
            tuple(self.agenda),
            tuple(self.invest),
            tuple(self.taken),
            tuple(self.mulled),
            tuple(map(tuple, self.seen)),
            tuple(self.known_own),
            tuple(self.known_pub),
            self.first,
            self.seat,
            self.decider,
            self.phase,
            self.turn,
            self.actions_left,
            self.fresh,
            self.run_res,
            self.run_level,
            self.bonus,
            self.boosted,
            self.run_card,
            self.shock_target,
            self.shock_next,
            tuple(self.stack),
            tuple(self.stacked),
            tuple(self.k_pool),
            self.k_res,
            tuple(self.filing),
            self.recycled,
            self.reveals,
            None if self._outcome is None else self._outcome.reason,
        )


def _dispatch_pass(state: HackState, action: Action) -> list[Event]:
    """``pass`` declines whatever is offered now: activation, boost, trash, recycling, dismantling."""
    phase = state.phase
    if phase == ACTIVATE_PHASE:
        return runs.do_activate(state, action)
    if phase == BOOST_PHASE:
        return runs.do_boost(state, action)
    if phase == TRASH_PHASE:
        return runs.do_trash(state, action)
    if phase == RECYCLE_PHASE:
        return state._do_recycle(action)
    return state._do_dismantle(action)


_HANDLERS: dict[str, Callable[[HackState, Action], list[Event]]] = {
    "keep": HackState._do_mulligan,
    "mulligan": HackState._do_mulligan,
    "tutor": HackState._do_tutor,
    "draw": HackState._do_action,
    "credit": HackState._do_action,
    "generator": HackState._do_action,
    "firewall": HackState._do_action,
    "agenda": HackState._do_action,
    "invest": HackState._do_action,
    "run": HackState._do_action,
    "untag": HackState._do_action,
    "shock": HackState._do_action,
    "activate": runs.do_activate,
    "boost": runs.do_boost,
    "pay": runs.do_pay,
    "suffer": runs.do_pay,
    "scrap": runs.do_scrap,
    "forfeit": runs.do_forfeit,
    "pick": runs.do_pick,
    "trash": runs.do_trash,
    "pass": _dispatch_pass,
    "stack": agenda_rules.do_stack,
    "drain": agenda_rules.do_drain,
    "rewire": agenda_rules.do_rewire,
    "next": agenda_rules.do_rewire,
    "recycle": HackState._do_recycle,
    "dismantle": HackState._do_dismantle,
    "discard": HackState._do_discard,
    "archive": archive.do_archive,
}


# Last, as the views read this module's names: a view is drawn for every seat after every move,
# and an import inside ``view`` cost as much as a sixth of drawing one.
from . import views as _views  # noqa: E402

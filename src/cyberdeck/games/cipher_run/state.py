"""Cipher Run: the rules engine.

Nodes are numbered ``seat * 3 + vault``. A node is a tuple of module card codes (bottom first) with
a parallel tuple of the Overclocks on each module; an Overclock is stored as ``code + 64 * owner``
so it goes back to the right discard pile. Stacks, Overclocks and discard piles are immutable tuples
held in short lists, so ``clone`` copies a handful of references. Decks are lists whose top card is
the last element. All randomness is spent in setup; the run itself is deterministic.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...engine import Action, CachedState, Event, IllegalAction, Outcome, Rng
from ...engine.cards import CARDS
from .actions import (
    CANONICAL,
    COMPILE,
    DEPLOY,
    PASS,
    RESET,
    REVECT,
    SEED,
    SIDES,
    TARGET,
    VAULT_NAMES,
)
from .cards import KIND, NUMBER, ORDER, OVERCLOCK, REVECTOR, SUIT, VALUE, ZERO_DAY

SEEDING, RUN, OVER = 0, 1, 2
PHASE_NAMES = ("seeding", "run", "over")
ASC, NO_PROFILE, DESC = 1, 0, -1
PROFILE_NAMES = {ASC: "ascending", DESC: "descending", NO_PROFILE: None}
LOCK_LOW, LOCK_HIGH = 21, 26
OPENING_HAND = 8
SEEDS = 3
MIN_OPENING_NUMBERS = 3
TURN_CAP = 400
FINAL_TURNS = 2
NOBODY = -1
OWNER_SHIFT = 64
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")


def node_state(total: int) -> str:
    if total < LOCK_LOW:
        return "open"
    return "locked" if total <= LOCK_HIGH else "overflow"


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _text(card: int) -> str:
    return CARDS[card].text


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


class CipherState(CachedState):
    __slots__ = (
        "breach_start",
        "decks",
        "discards",
        "final",
        "first",
        "hands",
        "kings",
        "lists",
        "mods",
        "phase",
        "pivot_flip",
        "profile",
        "redraws",
        "rng",
        "to_move",
        "total",
        "turn",
        "turn_cap",
    )

    game: ClassVar[Any]  # set by the game module (avoids an import cycle)

    def __init__(
        self, rng: Rng | None = None, pivot_flip: bool = True, breach_start: bool = True
    ) -> None:
        if rng is None:  # an empty shell that ``clone`` fills (compiled, ``__new__`` runs this)
            return
        self.rng = rng
        self.pivot_flip = pivot_flip
        self.breach_start = breach_start
        self.turn_cap = TURN_CAP
        self.first = 0
        self.to_move = 0
        self.phase = SEEDING
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], []]
        self.discards: list[tuple[int, ...]] = [(), ()]
        self.mods: list[tuple[int, ...]] = [()] * 6
        self.kings: list[tuple[tuple[int, ...], ...]] = [()] * 6
        self.total: list[int] = [0] * 6
        self.profile: list[int] = [NO_PROFILE] * 6
        #: Opening hands shown and shuffled back: ``(seat, cards)``, public.
        self.redraws: tuple[tuple[int, tuple[int, ...]], ...] = ()
        #: Each seat's deck list (its cards in code order), public: what a view's unseen cards
        #: are dealt from when a state is rebuilt from it.
        self.lists: tuple[tuple[int, ...], ...] = ((), ())
        self.turn = 0
        #: Turns left once both decks are empty; -1 before that.
        self.final = -1
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None
        self.telling = True

    # --- setup -------------------------------------------------------------------------------

    def setup(self, decks: list[list[int]]) -> None:
        """Random first player, shuffled decks, opening hands (re-drawn while short of numbers)."""
        rng = self.rng
        self.first = self.to_move = rng.below(2)
        redraws = []
        self.lists = (tuple(sorted(decks[0])), tuple(sorted(decks[1])))
        for seat in (0, 1):
            deck = list(decks[seat])
            if sum(1 for c in deck if KIND[c] == NUMBER) < MIN_OPENING_NUMBERS:
                raise ValueError("a deck needs at least 3 Number Modules to seed")
            while True:
                rng.shuffle(deck)
                hand = deck[-OPENING_HAND:]
                if sum(1 for c in hand if KIND[c] == NUMBER) >= MIN_OPENING_NUMBERS:
                    break
                redraws.append((seat, tuple(hand)))
            del deck[-OPENING_HAND:]
            self.decks[seat] = deck
            self.hands[seat] = hand[::-1]
        self.redraws = tuple(redraws)

    def opening_events(self) -> list[Event]:
        """The re-drawn opening hands, in the order they were shown: the rules reveal them, so
        the log carries them to both seats and to spectators."""
        events = []
        for seat, cards in self.redraws:
            shown = ", ".join(_text(c) for c in cards)
            numbers = sum(1 for c in cards if KIND[c] == NUMBER)
            text = (
                f"{player_name(seat)} reveals an opening hand with {_count(numbers, 'Number Module')}"
                f" ({shown}), shuffles it back and draws {OPENING_HAND} again."
            )
            data = {"player": seat, "cards": [_text(c) for c in cards]}
            events.append(Event("redraw", text, data))
        return events

    # --- the contract --------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self._outcome is not None else self.to_move

    @property
    def num_players(self) -> int:
        return 2

    def apply(self, action: Action) -> list[Event]:
        """As the contract says; interned actions are recognised by identity, which is fast."""
        if self._outcome is not None:
            raise IllegalAction("The game is over; no more moves can be made.")
        legal = self.legal_actions()
        for known in legal:
            if known is action:
                return self._apply(action)
        canonical = CANONICAL.get(action)
        if canonical is not None:
            for known in legal:
                if known is canonical:
                    return self._apply(canonical)
        raise IllegalAction(self.why_illegal(action))

    def _compute_legal(self) -> list[Action]:
        if self._outcome is not None:
            return []
        p = self.to_move
        hand = self.hands[p]
        mods = self.mods
        base = p * 3
        out: list[Action] = []
        if self.phase == SEEDING:
            for card in sorted(set(hand), key=ORDER.__getitem__):
                row = SEED[card]
                if row is not None:
                    out.extend(row[v] for v in range(3) if not mods[base + v])
            return out
        cards = sorted(set(hand), key=ORDER.__getitem__)
        other = 3 - base
        # Per own node: (top value, top suit, profile); value 0 for an empty node.
        tops = []
        for v in range(3):
            node = mods[base + v]
            if node:
                tops.append((VALUE[node[-1]], SUIT[node[-1]], self.profile[base + v]))
            else:
                tops.append((0, -1, NO_PROFILE))
        for card in cards:
            kind = KIND[card]
            if kind == NUMBER:
                deploy = DEPLOY[card]
                assert deploy is not None
                value, suit = VALUE[card], SUIT[card]
                for v in range(3):
                    top, top_suit, profile = tops[v]
                    if top == 0 or (
                        value != top
                        and (
                            profile == NO_PROFILE
                            or (value > top) == (profile == ASC)
                            or suit == top_suit
                        )
                    ):
                        out.append(deploy[v])
            elif kind == REVECTOR:
                revect = REVECT[card]
                assert revect is not None
                profiles = self.profile
                for side, start in ((0, base), (1, other)):
                    row = revect[side]
                    for v in range(3):
                        if profiles[start + v]:
                            out.append(row[v])
            else:
                target = TARGET[card]
                assert target is not None
                for side, start in ((0, base), (1, other)):
                    rows = target[side]
                    for v in range(3):
                        n = len(mods[start + v])
                        if n:
                            out.extend(rows[v][:n])
        if self.decks[p]:
            for card in cards:
                out.append(COMPILE[card])  # type: ignore[arg-type]
        for v in range(3):
            if mods[base + v]:
                out.append(RESET[v])
        if not out:
            out.append(PASS)
        return out

    # --- placement -----------------------------------------------------------------------------

    def fits(self, node: int, card: int) -> bool:
        """May the Number Module ``card`` go on ``node`` (its owner's own node)?"""
        mods = self.mods[node]
        if not mods:
            return True
        top = mods[-1]
        value, top_value = VALUE[card], VALUE[top]
        if value == top_value:
            return False
        profile = self.profile[node]
        if profile == NO_PROFILE or (value > top_value) == (profile == ASC):
            return True
        return SUIT[card] == SUIT[top]

    def protocol(self, node: int) -> int:
        """The node's Protocol Suit (0..3), -1 when the node is empty."""
        mods = self.mods[node]
        return SUIT[mods[-1]] if mods else -1

    def _recount(self, node: int) -> None:
        self.total[node] = sum(
            VALUE[c] << len(k) for c, k in zip(self.mods[node], self.kings[node], strict=True)
        )

    # --- control -------------------------------------------------------------------------------

    def controller(self, vault: int) -> int:
        """The seat controlling ``vault``, or ``NOBODY`` (contested or nobody Locked)."""
        a, b = self.total[vault], self.total[3 + vault]
        a_locked = LOCK_LOW <= a <= LOCK_HIGH
        b_locked = LOCK_LOW <= b <= LOCK_HIGH
        if a_locked:
            if not b_locked or a > b:
                return 0
            return 1 if b > a else NOBODY
        return 1 if b_locked else NOBODY

    def contested(self, vault: int) -> bool:
        a, b = self.total[vault], self.total[3 + vault]
        return a == b and LOCK_LOW <= a <= LOCK_HIGH

    def controlled(self, seat: int) -> int:
        return sum(1 for v in range(3) if self.controller(v) == seat)

    # --- moves -----------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        p = self.to_move
        kind = action.kind
        if kind == "seed":
            return self._seed(p, CARDS_BY_TEXT[action.args[0]], VAULT_INDEX[action.args[1]])
        events: list[Event]
        if kind == "deploy":
            events = self._deploy(p, action.args)
        elif kind == "compile":
            card = CARDS_BY_TEXT[action.args[0]]
            self.hands[p].remove(card)
            self.discards[p] += (card,)
            events = self._draw(p)
            if self.telling:
                events[:0] = [
                    Event(
                        "compile",
                        f"{player_name(p)} compiles {_text(card)}.",
                        {"player": p, "card": _text(card)},
                    )
                ]
        elif kind == "reset":
            events = self._reset(p, VAULT_INDEX[action.args[0]])
        elif self.telling:
            events = [Event("pass", f"{player_name(p)} passes.", {"player": p})]
        else:
            events = []
        events.extend(self._end_turn(p))
        return events

    def _seed(self, p: int, card: int, vault: int) -> list[Event]:
        node = p * 3 + vault
        self.hands[p].remove(card)
        self.mods[node] = (card,)
        self.kings[node] = ((),)
        self.total[node] = VALUE[card]
        name = VAULT_NAMES[vault]
        events = [
            Event(
                "seed",
                f"{player_name(p)} seeds {name} face down.",
                {"player": p, "vault": name},
            ),
            Event(
                "seed_card",
                f"You seed {_text(card)} on {name}.",
                {"player": p, "vault": name, "card": _text(card)},
                frozenset({p}),
            ),
        ]
        if all(self.mods[p * 3 + v] for v in range(3)):
            if p == self.first:
                self.to_move = 1 - p
            else:
                events.extend(self._start_run())
        return events

    def _start_run(self) -> list[Event]:
        self.phase = RUN
        self.to_move = self.first
        seeds = [[_text(m) for v in range(3) for m in self.mods[s * 3 + v]] for s in (0, 1)]
        shown = "; ".join(f"{player_name(s)} {' '.join(seeds[s])}" for s in (0, 1))
        events = [Event("reveal", f"Seeds revealed: {shown}.", {"seeds": seeds})]
        if self.final < 0 and not self.decks[0] and not self.decks[1]:
            self.final = FINAL_TURNS
        events.extend(self._start_turn())
        return events

    def _deploy(self, p: int, args: tuple[str, ...]) -> list[Event]:
        card = CARDS_BY_TEXT[args[0]]
        vault = VAULT_INDEX[args[1]]
        self.hands[p].remove(card)
        kind = KIND[card]
        who = player_name(p)
        if kind == NUMBER:
            events = self._place(p, p * 3 + vault, card)
        else:
            side = SIDE_INDEX[args[2]]
            owner = p if side == 0 else 1 - p
            node = owner * 3 + vault
            where = f"{player_name(owner)}'s {VAULT_NAMES[vault]}"
            data: dict[str, Any] = {
                "player": p,
                "card": args[0],
                "owner": owner,
                "vault": VAULT_NAMES[vault],
            }
            if kind == REVECTOR:
                self.profile[node] = -self.profile[node]
                self.discards[p] += (card,)
                now = PROFILE_NAMES[self.profile[node]]
                text = f"{who} runs Revector {args[0]} on {where}: now {now}."
                events = [Event("revector", text, data)]
            else:
                pos = int(args[3]) - 1
                data["module"] = pos + 1
                target = self.mods[node][pos]
                data["target"] = _text(target)
                if kind == OVERCLOCK:
                    kings = self.kings[node]
                    self.kings[node] = (
                        *kings[:pos],
                        (*kings[pos], card + OWNER_SHIFT * p),
                        *kings[pos + 1 :],
                    )
                    self._recount(node)
                    times = 1 << len(self.kings[node][pos])
                    text = (
                        f"{who} Overclocks {_text(target)} on {where} with {args[0]} (×{times}); "
                        f"total {self.total[node]}."
                    )
                    events = [Event("overclock", text, data)]
                elif kind == ZERO_DAY:
                    events = self._zero_day(p, node, pos, data)
                    self.discards[p] += (card,)
                else:
                    self._remove(node, {pos})
                    self.discards[p] += (card,)
                    text = f"{who} runs Kill-Switch {args[0]} on {_text(target)} at {where}."
                    events = [Event("kill_switch", text, data)]
        events.extend(self._draw(p))
        return events

    def _place(self, p: int, node: int, card: int) -> list[Event]:
        mods = self.mods[node]
        value = VALUE[card]
        note = ""
        if len(mods) == 1:
            self.profile[node] = ASC if value > VALUE[mods[0]] else DESC
            note = f"; profile {PROFILE_NAMES[self.profile[node]]}"
        elif mods:
            top = mods[-1]
            up = value > VALUE[top]
            if up != (self.profile[node] == ASC):
                note = " (Protocol Override"
                if self.pivot_flip:
                    self.profile[node] = ASC if up else DESC
                    note += f", pivot to {PROFILE_NAMES[self.profile[node]]})"
                else:
                    note += ")"
        self.mods[node] = (*mods, card)
        self.kings[node] = (*self.kings[node], ())
        self.total[node] += value
        if not self.telling:
            return []
        vault = VAULT_NAMES[node % 3]
        text = (
            f"{player_name(p)} deploys {_text(card)} on {vault}{note}; "
            f"total {self.total[node]} ({node_state(self.total[node])})."
        )
        return [Event("deploy", text, {"player": p, "card": _text(card), "vault": vault})]

    def _zero_day(self, p: int, node: int, pos: int, data: dict[str, Any]) -> list[Event]:
        target = self.mods[node][pos]
        by_suit = VALUE[target] == 1
        match = SUIT[target] if by_suit else VALUE[target]
        table = SUIT if by_suit else VALUE
        gone: list[str] = []
        for n in range(6):
            hit = {
                i
                for i, c in enumerate(self.mods[n])
                if table[c] == match and not (n == node and i == pos)
            }
            if hit:
                gone.extend(_text(self.mods[n][i]) for i in sorted(hit))
                self._remove(n, hit)
        basis = f"every other {SUIT_SYMBOLS[match]} module" if by_suit else f"every other {match}"
        text = (
            f"{player_name(p)} runs Zero-Day on {_text(target)}: {basis} is purged"
            f" ({', '.join(gone) or 'nothing to purge'})."
        )
        data["removed"] = gone
        return [Event("zero_day", text, data)]

    def _remove(self, node: int, positions: set[int]) -> None:
        """Take modules off ``node``: each to its owner's discard, its Overclocks to theirs."""
        owner = node // 3
        mods, kings = self.mods[node], self.kings[node]
        discards = self.discards
        for i in sorted(positions):
            discards[owner] += (mods[i],)
            for k in kings[i]:
                discards[k // OWNER_SHIFT] += (k % OWNER_SHIFT,)
        self.mods[node] = tuple(c for i, c in enumerate(mods) if i not in positions)
        self.kings[node] = tuple(k for i, k in enumerate(kings) if i not in positions)
        if len(self.mods[node]) < 2:
            self.profile[node] = NO_PROFILE
        self._recount(node)

    def _reset(self, p: int, vault: int) -> list[Event]:
        node = p * 3 + vault
        count = len(self.mods[node])
        self._remove(node, set(range(count)))
        if not self.telling:
            return []
        text = f"{player_name(p)} Hard Resets {VAULT_NAMES[vault]} ({_count(count, 'module')})."
        return [Event("reset", text, {"player": p, "vault": VAULT_NAMES[vault]})]

    def _draw(self, p: int) -> list[Event]:
        deck = self.decks[p]
        if not deck:
            return []
        card = deck.pop()
        self.hands[p].append(card)
        if not self.telling:
            return []
        return [
            Event("draw", f"{player_name(p)} draws a card.", {"player": p}),
            Event("draw_card", f"You draw {_text(card)}.", {"card": _text(card)}, _ONLY[p]),
        ]

    # --- turns and the end of the run ------------------------------------------------------------

    def _end_turn(self, p: int) -> list[Event]:
        self.turn += 1
        if not self.breach_start and self.controlled(p) >= 2:
            return self._breach(p)
        events: list[Event] = []
        if self.final > 0:
            self.final -= 1
            if self.final == 0:
                return self._deck_out()
        elif self.final < 0 and not self.decks[0] and not self.decks[1]:
            self.final = FINAL_TURNS
            events.append(
                Event("deck_out", "Both decks are empty: each player takes one more turn.")
            )
        if self.turn >= self.turn_cap:
            events.extend(
                self._end(
                    (), f"Safety cap: {self.turn_cap} turns without a winner, a draw", "safety-cap"
                )
            )
            return events
        self.to_move = 1 - p
        events.extend(self._start_turn())
        return events

    def _start_turn(self) -> list[Event]:
        p = self.to_move
        if self.breach_start and self.controlled(p) >= 2:
            return self._breach(p)
        return []

    def _breach(self, p: int) -> list[Event]:
        held = " and ".join(VAULT_NAMES[v] for v in range(3) if self.controller(v) == p)
        return self._end((p,), f"Breach: {player_name(p)} controls {held}", "breach")

    def _deck_out(self) -> list[Event]:
        a, b = self.controlled(0), self.controlled(1)
        score = f"{player_name(0)} controls {_count(a, 'vault')}, {player_name(1)} {b}"
        if a == b:
            return self._end((), f"Deck-out: {score}, a draw", "deck-out")
        return self._end((0,) if a > b else (1,), f"Deck-out: {score}", "deck-out")

    def _end(self, winners: tuple[int, ...], reason: str, kind: str) -> list[Event]:
        returns = tuple(0.0 if not winners else (1.0 if s in winners else -1.0) for s in (0, 1))
        self._outcome = Outcome(winners, returns, reason, kind)
        self.phase = OVER
        self._legal = None
        head = f"{player_name(winners[0])} wins. " if winners else "Draw. "
        return [Event("end", head + reason + ".", self._outcome.to_json())]

    # --- refusing moves clearly ---------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        from .explain import why_illegal

        return why_illegal(self, action)

    # --- information -------------------------------------------------------------------------------

    def hides_seeds_of(self, owner: int, seat: int | None) -> bool:
        return self.phase == SEEDING and owner != seat

    def view(self, seat: int | None) -> dict[str, Any]:
        return _views.view(self, seat)

    def clone(self) -> CipherState:
        other = CipherState.__new__(CipherState)
        other.rng = self.rng.clone()
        other.pivot_flip = self.pivot_flip
        other.breach_start = self.breach_start
        other.turn_cap = self.turn_cap
        other.first = self.first
        other.to_move = self.to_move
        other.phase = self.phase
        hands = self.hands
        other.hands = [hands[0][:], hands[1][:]]
        decks = self.decks
        other.decks = [decks[0][:], decks[1][:]]
        other.discards = self.discards[:]
        other.mods = self.mods[:]
        other.kings = self.kings[:]
        other.total = self.total[:]
        other.profile = self.profile[:]
        other.redraws = self.redraws
        other.lists = self.lists
        other.turn = self.turn
        other.final = self.final
        other._outcome = self._outcome
        other.telling = True
        other._legal = self._legal
        return other

    def determinize(self, seat: int, rng: Rng) -> CipherState:
        return _views.determinize(self, seat, rng)

    def signature(self) -> tuple[Any, ...]:
        return (
            self.pivot_flip,
            self.breach_start,
            self.turn_cap,
            self.rng.state,
            self.first,
            self.to_move,
            self.phase,
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.decks)),
            tuple(self.discards),
            tuple(self.mods),
            tuple(self.kings),
            tuple(self.profile),
            self.redraws,
            self.turn,
            self.final,
            None if self._outcome is None else self._outcome.reason,
        )


CARDS_BY_TEXT: dict[str, int] = {CARDS[c].text: c for c in range(56) if KIND[c] >= 0}
VAULT_INDEX: dict[str, int] = {name: i for i, name in enumerate(VAULT_NAMES)}
SIDE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SIDES)}
_ONLY = (frozenset({0}), frozenset({1}))


# Last, as the views read this module's names: a view is drawn for every seat after every move,
# and an import inside ``view`` cost as much as a sixth of drawing one.
from . import view as _views  # noqa: E402

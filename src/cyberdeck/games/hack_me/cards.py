"""The four card families of Hack-Me, per engine card code, and every action the game can offer.

A player's deck is a whole 54-card pack: agendas (A, 10, J, Q, K), firewalls (2–5), generators
(6–9) and two jokers. Lookups are flat lists indexed by card code so the rules engine never
computes a family twice. Every action object is built once here and handed out again and again.
"""

from __future__ import annotations

from ...engine import Action
from ...engine.cards import _RANKS, CARDS

AGENDA, FIREWALL, GENERATOR, JOKER_FAMILY = 0, 1, 2, 3
FAMILY_NAMES = ("agenda", "firewall", "generator", "joker")
JOKER_CODE = 1
#: Codes of one player's deck: the 52 suited cards, then the two jokers.
DECK_CODES: tuple[int, ...] = (*range(4, 56), JOKER_CODE, JOKER_CODE)
CODES: tuple[int, ...] = (JOKER_CODE, *range(4, 56))

RESOURCES = ("deck", "hand", "archive", "agenda")
DECK, HAND, ARCHIVE, CURRENT = 0, 1, 2, 3
RESOURCE_BY_NAME = {name: i for i, name in enumerate(RESOURCES)}
LEVELS = 3

AGENDA_RANKS = (1, 10, 11, 12, 13)
AGENDA_COST = {1: 3, 10: 4, 11: 5, 12: 5, 13: 5}
#: Activation cost of an inactive firewall by level index (0 = level 1).
ACTIVATION_COST = (0, 1, 2)
HAND_LIMIT = 5
ACTIONS_PER_TURN = 4
TURN_CAP = 300
MAX_HAND = len(DECK_CODES)


def _family(code: int) -> int:
    if code == JOKER_CODE:
        return JOKER_FAMILY
    rank = _RANKS[code]
    if 2 <= rank <= 5:
        return FIREWALL
    if 6 <= rank <= 9:
        return GENERATOR
    return AGENDA


FAMILY: tuple[int, ...] = tuple(_family(c) if c in CODES else -1 for c in range(56))
#: Face value: rank for suited cards (A = 1 … K = 13), 0 for the joker.
VALUE: tuple[int, ...] = tuple(_RANKS[c] for c in range(56))
#: Agenda cost per code (0 for non-agendas).
COST: tuple[int, ...] = tuple(
    AGENDA_COST[VALUE[c]] if FAMILY[c] == AGENDA else 0 for c in range(56)
)
TEXT: tuple[str, ...] = tuple(CARDS[c].text for c in range(56))
CODE_BY_TEXT = {TEXT[c]: c for c in CODES}


def _per_card(kind: str, family: int | None) -> list[Action | None]:
    return [
        Action(kind, (TEXT[c],)) if c in CODES and (family is None or FAMILY[c] == family) else None
        for c in range(56)
    ]


KEEP = Action("keep")
MULLIGAN = Action("mulligan")
DRAW = Action("draw")
CREDIT = Action("credit")
INVEST = Action("invest")
UNTAG = Action("untag")
SHOCK = Action("shock")
ACTIVATE = Action("activate")
BOOST = Action("boost")
PAY = Action("pay")
SUFFER = Action("suffer")
TRASH = Action("trash")
PASS = Action("pass")
NEXT = Action("next")

TUTOR = _per_card("tutor", None)
GENERATOR_ACT = _per_card("generator", GENERATOR)
AGENDA_ACT = _per_card("agenda", AGENDA)
FIREWALL_ACT: list[list[Action] | None] = [
    [Action("firewall", (TEXT[c], r)) for r in RESOURCES] if FAMILY[c] == FIREWALL else None
    for c in range(56)
]
RUN = [Action("run", (r,)) for r in RESOURCES]
SLOT_NAMES = tuple(f"{RESOURCES[i // 3]} {i % 3 + 1}" for i in range(12))
SCRAP = [Action("scrap", (RESOURCES[i // 3], str(i % 3 + 1))) for i in range(12)]
DISMANTLE = [Action("dismantle", (RESOURCES[i // 3], str(i % 3 + 1))) for i in range(12)]
FORFEIT = _per_card("forfeit", AGENDA)
PICK = [Action("pick", (str(n + 1),)) for n in range(MAX_HAND)]
STACK = _per_card("stack", None)
DRAIN = _per_card("drain", GENERATOR)
REWIRE = _per_card("rewire", FIREWALL)
RECYCLE = _per_card("recycle", None)
DISCARD = _per_card("discard", None)
#: Put the named card on your archive next, when several reach it at once (the last one is the top).
ARCHIVE_ORDER = _per_card("archive", None)


def _all_actions() -> list[Action]:
    out: list[Action] = [KEEP, MULLIGAN]
    out += [DRAW, CREDIT]
    out += [a for a in GENERATOR_ACT if a is not None]
    out += [a for acts in FIREWALL_ACT if acts is not None for a in acts]
    out += [a for a in AGENDA_ACT if a is not None]
    out += [INVEST, *RUN, UNTAG, SHOCK]
    out += [a for a in TUTOR if a is not None]
    out += [ACTIVATE, BOOST, PAY, SUFFER, *SCRAP]
    out += [a for a in FORFEIT if a is not None]
    out += [*PICK, TRASH, PASS]
    out += [a for a in STACK if a is not None]
    out += [a for a in DRAIN if a is not None]
    out += [a for a in REWIRE if a is not None]
    out += [NEXT]
    out += [a for a in RECYCLE if a is not None]
    out += DISMANTLE
    out += [a for a in DISCARD if a is not None]
    # Added last, so that the indices of every older action stay the same.
    out += [a for a in ARCHIVE_ORDER if a is not None]
    return out


ALL_ACTIONS: tuple[Action, ...] = tuple(_all_actions())

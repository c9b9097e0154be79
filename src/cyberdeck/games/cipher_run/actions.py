"""Every action Cipher Run can offer, built once: the fixed action space and lookup tables.

Texts name the card played and its target relative to the player who moves:

- ``seed 7H vault1`` — place a seed face down on your node at vault 1;
- ``deploy 7H vault2`` — a Number Module on your node at vault 2;
- ``deploy QS vault2 opp`` — a Revector on the opponent's node at vault 2 (``own`` for yours);
- ``deploy JS vault1 opp 2`` — a Kill-Switch, Overclock or Zero-Day on module 2 (counted from the
  bottom of the stack, 1 = the first module placed) of the opponent's node at vault 1;
- ``compile 7H``, ``reset vault3``, ``pass``.

Copies of the same card are the same action. Stacks hold at most 30 modules (a deck's worth), so
the space is finite and fixed.
"""

from __future__ import annotations

from ...engine import Action
from ...engine.cards import CARDS
from .cards import CARD_SET, KIND, NUMBER, NUMBERS, REVECTOR

VAULTS = 3
VAULT_NAMES = ("vault1", "vault2", "vault3")
SIDES = ("own", "opp")
#: The longest stack the action space addresses: every card of a 30-card deck.
MAX_STACK = 30
_CODES = 56

SEED: list[list[Action] | None] = [None] * _CODES
DEPLOY: list[list[Action] | None] = [None] * _CODES
#: ``REVECT[card][side][vault]``
REVECT: list[list[list[Action]] | None] = [None] * _CODES
#: ``TARGET[card][side][vault][position - 1]`` for Kill-Switch, Overclock and Zero-Day.
TARGET: list[list[list[list[Action]]] | None] = [None] * _CODES
COMPILE: list[Action | None] = [None] * _CODES
RESET: tuple[Action, ...] = tuple(Action("reset", (v,)) for v in VAULT_NAMES)
PASS = Action("pass")

for _card in NUMBERS:
    _text = CARDS[_card].text
    SEED[_card] = [Action("seed", (_text, v)) for v in VAULT_NAMES]
    DEPLOY[_card] = [Action("deploy", (_text, v)) for v in VAULT_NAMES]
for _card in CARD_SET:
    _text = CARDS[_card].text
    COMPILE[_card] = Action("compile", (_text,))
    if KIND[_card] == REVECTOR:
        REVECT[_card] = [
            [Action("deploy", (_text, v, side)) for v in VAULT_NAMES] for side in SIDES
        ]
    elif KIND[_card] != NUMBER:
        TARGET[_card] = [
            [
                [Action("deploy", (_text, v, side, str(pos))) for pos in range(1, MAX_STACK + 1)]
                for v in VAULT_NAMES
            ]
            for side in SIDES
        ]


def _all_actions() -> list[Action]:
    out: list[Action] = []
    for table in (SEED, DEPLOY):
        for row in table:
            if row is not None:
                out.extend(row)
    for sides in REVECT:
        if sides is not None:
            out.extend(a for side in sides for a in side)
    for cube in TARGET:
        if cube is not None:
            out.extend(a for side in cube for vault in side for a in vault)
    out.extend(a for a in COMPILE if a is not None)
    out.extend(RESET)
    out.append(PASS)
    return out


ACTIONS: tuple[Action, ...] = tuple(_all_actions())
#: Each action of the space by itself, to turn an equal action into the interned one.
CANONICAL: dict[Action, Action] = {a: a for a in ACTIONS}
#: Each action of the space by its text: a move sent as the text its menu gave (all but a typed
#: one) is the interned action itself, read with no parsing.
BY_TEXT: dict[str, Action] = {a.text: a for a in ACTIONS}

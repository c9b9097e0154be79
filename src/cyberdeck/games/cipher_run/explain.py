"""Why a move is refused, in a sentence the player understands (public facts and their own hand)."""

from __future__ import annotations

from ...engine import Action, BadCard
from ...engine.cards import CARDS
from .actions import SIDES, VAULT_NAMES
from .cards import KIND, NUMBER, REVECTOR, SUIT, VALUE, read_card
from .state import ASC, OVER, PROFILE_NAMES, SEEDING, CipherState

FORMS = (
    "Moves look like: 'seed 7H vault1', 'deploy 7H vault2', 'deploy QS vault2 opp', "
    "'deploy JS vault1 opp 2', 'compile 7H', 'reset vault3' or 'pass'."
)
SUITS = "SHDC"


def why_illegal(state: CipherState, action: Action) -> str:
    if state.phase == OVER:
        return "The game is over; no more moves can be made."
    kind, args = action.kind, action.args
    if kind not in ("seed", "deploy", "compile", "reset", "pass"):
        return f"'{kind}' is not a Cipher Run move. {FORMS}"
    if state.phase == SEEDING and kind != "seed":
        return "Seeding comes first: put a Number Module from your hand on each of your nodes."
    if state.phase != SEEDING and kind == "seed":
        return "Seeding is over; deploy, compile, reset or pass instead."
    p = state.to_move
    if kind == "pass":
        if len(args) != 0:
            return f"'pass' takes nothing after it. {FORMS}"
        return "You can only pass when no other move is legal."
    if kind == "reset":
        if len(args) != 1 or args[0] not in VAULT_NAMES:
            return "Write the node to reset as 'reset vault1', 'reset vault2' or 'reset vault3'."
        if not state.mods[p * 3 + VAULT_NAMES.index(args[0])]:
            return f"Your node at {args[0]} is already empty; there is nothing to reset."
        return f"'{action}' is not a legal move right now."
    if not args:
        return f"Say which card: {FORMS}"
    try:
        card = read_card(args[0])
    except BadCard as err:
        return str(err)
    if card not in state.hands[p]:
        return f"You have no {CARDS[card].text} in your hand."
    if kind == "compile":
        if len(args) != 1:
            return f"'compile' takes one card, such as 'compile 7H'. {FORMS}"
        return "Your deck is empty, so you cannot compile."
    if len(args) < 2 or args[1] not in VAULT_NAMES:
        return f"Say which vault: vault1, vault2 or vault3. {FORMS}"
    vault = VAULT_NAMES.index(args[1])
    if kind == "seed":
        if KIND[card] != NUMBER:
            return "Only Number Modules (A-10) can be seeded."
        if len(args) != 2:
            return "Seed with 'seed CARD vaultN', such as 'seed 7H vault1'."
        return f"You have already seeded {args[1]}."
    if KIND[card] == NUMBER:
        if len(args) != 2:
            return (
                "Number Modules only go on your own nodes: write 'deploy 7H vault2', "
                "with no target after the vault."
            )
        return _why_not_fits(state, p * 3 + vault, card)
    if len(args) < 3 or args[2] not in SIDES:
        return f"Say whose node: 'own' or 'opp', as in 'deploy {CARDS[card].text} {args[1]} opp'."
    owner = p if args[2] == "own" else 1 - p
    node = owner * 3 + vault
    whose = "your" if owner == p else "the opponent's"
    if KIND[card] == REVECTOR:
        if len(args) != 3:
            return "A Revector targets a node, not a module: write 'deploy QS vault2 opp'."
        return f"A Revector needs a node with a profile; {whose} {args[1]} has none."
    if len(args) != 4 or not args[3].isdigit():
        return (
            f"Say which module, counted from the bottom: 'deploy {CARDS[card].text} "
            f"{args[1]} {args[2]} 1'."
        )
    count = len(state.mods[node])
    if count == 0:
        return f"{whose.capitalize()} node at {args[1]} has no modules to target."
    return f"{whose.capitalize()} node at {args[1]} has modules 1 to {count}; there is no module {args[3]}."


def _why_not_fits(state: CipherState, node: int, card: int) -> str:
    top = state.mods[node][-1]
    name, top_name = CARDS[card].text, CARDS[top].text
    where = f"your {VAULT_NAMES[node % 3]}"
    if VALUE[card] == VALUE[top]:
        return f"{name} cannot go on {where}: its top module {top_name} has the same value."
    profile = state.profile[node]
    direction = "higher" if profile == ASC else "lower"
    return (
        f"{name} cannot go on {where}: the profile is {PROFILE_NAMES[profile]} and the top module "
        f"is {top_name}, so play {direction} than {VALUE[top]} or a card of suit {SUITS[SUIT[top]]} "
        "(Protocol Override)."
    )

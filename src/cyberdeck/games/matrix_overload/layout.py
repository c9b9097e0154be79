"""The geometry of the matrix: nine inner piles and the twelve firewall slots around them.

Piles are named by row (a top, b middle, c bottom) and column (1..3): ``a1`` is the top-left pile and
``b2`` the centre. Slots are named by side and position: ``n1..n3`` above the columns, ``s1..s3``
below, ``w1..w3`` left of the rows and ``e1..e3`` right of them. A slot faces the pile next to it;
the two piles nearest a slot are its payload, and the pile farthest away is its trigger.
"""

from __future__ import annotations

CENTRE = 4
PILE_NAMES: tuple[str, ...] = tuple(f"{row}{col}" for row in "abc" for col in "123")
EDGE_PILES: tuple[int, ...] = (0, 1, 2, 3, 5, 6, 7, 8)
#: The order of the deal: the eight non-centre piles, row by row.
DEAL_ORDER = EDGE_PILES

SLOT_NAMES: tuple[str, ...] = tuple(f"{side}{i}" for side in "nesw" for i in "123")


def _pile(row: int, col: int) -> int:
    return row * 3 + col


def _slot_lines() -> list[tuple[int, int, int]]:
    """Per slot: (nearest pile, middle pile, trigger pile)."""
    lines = []
    for side in "nesw":
        for i in range(3):
            if side == "n":
                line = (_pile(0, i), _pile(1, i), _pile(2, i))
            elif side == "s":
                line = (_pile(2, i), _pile(1, i), _pile(0, i))
            elif side == "w":
                line = (_pile(i, 0), _pile(i, 1), _pile(i, 2))
            else:
                line = (_pile(i, 2), _pile(i, 1), _pile(i, 0))
            lines.append(line)
    return lines


SLOT_LINES: tuple[tuple[int, int, int], ...] = tuple(_slot_lines())
#: The pile each slot faces (the royal sits next to it).
FACING: tuple[int, ...] = tuple(line[0] for line in SLOT_LINES)
#: The two payload piles of each slot, nearest first.
PAYLOAD: tuple[tuple[int, int], ...] = tuple((line[0], line[1]) for line in SLOT_LINES)
#: For each pile, the slots that fire when a card is placed on it.
TRIGGERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s, line in enumerate(SLOT_LINES) if line[2] == p) for p in range(9)
)
#: For each pile, the slots that face it (two for a corner, one for an edge middle, none for b2).
SLOTS_FACING: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(12) if FACING[s] == p) for p in range(9)
)

PILE_BY_NAME = {name: i for i, name in enumerate(PILE_NAMES)}
SLOT_BY_NAME = {name: i for i, name in enumerate(SLOT_NAMES)}

"""Errors a player, a designer or a client can read.

Every error carries one plain sentence in ``str(err)``. Nothing here may mention hidden cards: the
message of an error goes to whoever caused it, and games only raise them with public facts.
"""

from __future__ import annotations

from .compiled import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)
class CyberdeckError(Exception):
    """Base of every error the platform raises on purpose."""


@mypyc_attr(allow_interpreted_subclasses=True)
class IllegalAction(CyberdeckError):
    """An action that the rules do not allow now. The state is left untouched."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadOption(CyberdeckError):
    """An unknown option, or a value the option does not take."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadCard(CyberdeckError):
    """Text that does not name a card."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadAction(CyberdeckError):
    """Text or JSON that does not read as an action."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadRecord(CyberdeckError):
    """A game record that cannot be read or replayed."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadView(CyberdeckError):
    """A view that does not describe a position of its game as a seat sees it."""


@mypyc_attr(allow_interpreted_subclasses=True)
class UnknownGame(CyberdeckError):
    """A game id that is not registered."""


@mypyc_attr(allow_interpreted_subclasses=True)
class BadDeck(CyberdeckError):
    """A deck that breaks one or more deck-building rules; ``problems`` lists every one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(problems) if problems else "The deck is not legal.")

"""What the tests that look for a leak in a view share: the view past its public deck lists.

Cipher Run's and the Cyberpunk CCG's views list every card each seat brought (public: which
cards, not where they are). Those lists name every card any hand may hold, so a check that asks
whether a view names a hidden card reads the view without them."""

from __future__ import annotations

from typing import Any

#: The keys whose values are a seat's whole deck list.
DECK_LISTS = frozenset({"deck_list"})


def past_deck_lists(value: Any) -> Any:
    """A JSON value as it is, but without the deck lists anywhere in it."""
    if isinstance(value, dict):
        return {k: past_deck_lists(v) for k, v in value.items() if k not in DECK_LISTS}
    if isinstance(value, list | tuple):
        return [past_deck_lists(v) for v in value]
    return value

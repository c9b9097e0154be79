"""JSON on the wire: orjson, several times faster than the standard library at the views and
events every move sends (the largest part of the server's work per move)."""

from __future__ import annotations

from typing import Any

import orjson

_NON_STR_KEYS = orjson.OPT_NON_STR_KEYS


def encode(message: Any) -> bytes:
    """``message`` as JSON text in UTF-8, as a websocket's text frame carries it (made into a
    ``str`` and back it cost twice orjson's own work: the tables name cards with symbols, so
    neither way is a plain copy). Keys are strings in every message a move sends, and orjson
    writes those about 40% faster without the option that also takes other keys (a seat's
    number), so that option is used only for a message that needs it: the text is the same."""
    try:
        return orjson.dumps(message)
    except TypeError:  # orjson.JSONEncodeError: a key that is not a string
        return orjson.dumps(message, option=_NON_STR_KEYS)


def decode(text: str | bytes) -> Any:
    """The JSON value of ``text``; ``ValueError`` when it is not JSON."""
    return orjson.loads(text)

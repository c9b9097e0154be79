"""Text a client sends, checked once at the edge, before any route or database sees it.

PostgreSQL refuses a NUL in text (a 500 from the driver, or a websocket closed 1011) where SQLite
stores it; no database, hash or encoder takes half a surrogate pair; control characters and
direction overrides in a name make a table, a log or a terminal say something else than it
shows. So every request's path, query and body, and every websocket's path and query and
message, is refused with a sentence when it holds any of them (tab, line feed and carriage
return are text: a deck list has lines); what is shown to other people (a deck's name) also
loses the invisible formatting characters.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote_to_bytes

#: Characters no field of the API takes: C0 controls but tab, line feed and carriage return;
#: DEL and the C1 controls; surrogates (only ever half a pair in a ``str``).
FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: The same in JSON text as it travels: a ``\\u`` escape of one of them, or DEL and the C1
#: controls written out in UTF-8 (raw C0 controls are not JSON at all, and the parser refuses
#: them). Searched in the body with its escaped backslashes blanked (``_escapes``), so that every
#: backslash left begins an escape. Each pattern begins with a fixed byte, which ``re`` finds at
#: C speed: one that began with a look-behind was tried at every byte, and held the event loop
#: for 3 ms on a 12 KB deck list and 280 ms on a 1 MiB body.
FORBIDDEN_JSON = re.compile(
    rb"\\u00(?:0[0-8bBcCeEfF]|1[0-9a-fA-F]|7[fF]|[89][0-9a-fA-F])|\x7f|\xc2[\x80-\x9f]"
)
#: A JSON escape of half a surrogate pair without its other half.
_HIGH, _LOW = rb"\\u[dD][89abAB][0-9a-fA-F]{2}", rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}"
LONE_SURROGATE = re.compile(
    rb"\\(?:(?<!" + _HIGH + rb"\\)" + _LOW[2:] + rb"|" + _HIGH[2:] + rb"(?!" + _LOW + rb"))"
)
#: The longest path and query the server reads (its own ids are a few dozen characters).
LONGEST = 2048

CONTROL = (
    "holds a control character (such as NUL or ESC); names, ids and texts here are printable "
    "text (tabs and line breaks apart)"
)
SURROGATE = "holds text that is not Unicode (half of a surrogate pair, such as \\ud800); send UTF-8"


def refusal(text: str, what: str) -> str | None:
    """The sentence refusing ``text`` (``what`` names it: "The address"), or ``None``."""
    if len(text) > LONGEST:
        return f"{what} is too long: at most {LONGEST} characters."
    found = FORBIDDEN.search(text)
    if found is None:
        return None
    return f"{what} {SURROGATE if 0xD800 <= ord(found[0]) <= 0xDFFF else CONTROL}."


def query_refusal(raw: bytes) -> str | None:
    """A query string as it came (percent-escaped bytes)."""
    if len(raw) > LONGEST:
        return f"The query is too long: at most {LONGEST} characters."
    return refusal(unquote_to_bytes(raw).decode("utf-8", "replace"), "The query")


def body_refusal(body: bytes) -> str | None:
    """A JSON body as it came, without parsing it (the routes parse it once, after)."""
    escapes = _escapes(body)
    if LONE_SURROGATE.search(escapes):
        return f"The request {SURROGATE}."
    if FORBIDDEN_JSON.search(escapes):
        return f"The request {CONTROL}."
    return None


def _escapes(body: bytes) -> bytes:
    """``body`` with each escaped backslash (``\\\\``) blanked to two bytes that are no escape:
    JSON pairs a run of backslashes from its left, as ``bytes.replace`` does, so every backslash
    left begins an escape, and an escaped backslash is not taken for the start of one (nor does
    it join the halves of a surrogate pair that it stands between)."""
    return body.replace(b"\\\\", b"__")


def shown(text: str) -> str:
    """``text`` as other people will see it: formatting characters (direction overrides,
    zero-width joiners) dropped and runs of white space made one space."""
    kept = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return " ".join(kept.split())

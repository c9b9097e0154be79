"""A JSON body is checked for forbidden characters as it came, without parsing it: the check
must refuse exactly the bodies whose parsed text holds one, however the text was escaped."""

from __future__ import annotations

import json
import random

from cyberdeck.server.text import FORBIDDEN, body_refusal

#: Pieces a body's text is made of: escapes' own letters, backslashes (whose escaping decides
#: what follows them), controls, DEL and a C1 control, both halves of a surrogate pair, text.
PIECES = [
    "\\", "\\\\", "u", "d", "D", "8", "c", "0", "1", "7", "f", "a", "é", '"', " ", "\n", "\t",
    "\x00", "\x1b", "\x7f", "\x85", "\ud800", "\udbff", "\udc00", "\udfff", "\u0041", "😀",
    "\\u0000", "\\ud800", "\\udc00",
]  # fmt: skip


def refused_after_parsing(body: bytes) -> bool:
    """The plain rule: the text the body carries holds a forbidden character."""
    return FORBIDDEN.search(json.loads(body)["x"]) is not None


def test_a_body_is_refused_exactly_when_its_parsed_text_holds_a_forbidden_character() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
        bodies = [json.dumps({"x": text}).encode()]
        if not any("\ud800" <= c <= "\udfff" for c in text):  # UTF-8 has no lone halves
            bodies.append(json.dumps({"x": text}, ensure_ascii=False).encode())
        for body in bodies:
            assert (body_refusal(body) is not None) == refused_after_parsing(body), body


def test_an_escaped_backslash_neither_starts_an_escape_nor_joins_a_pair() -> None:
    # The text "\u0000" written out (a backslash, then letters) is no NUL.
    assert body_refusal(b'{"x": "\\\\u0000"}') is None
    assert body_refusal(b'{"x": "\\\\ud800"}') is None
    # Three backslashes: an escaped one, then an escape of NUL.
    assert body_refusal(b'{"x": "\\\\\\u0000"}') is not None
    # Two halves of a pair with an escaped backslash between them are two lone halves.
    assert body_refusal(b'{"x": "\\ud800\\\\\\udc00"}') is not None
    assert body_refusal(b'{"x": "\\ud83d\\ude00"}') is None

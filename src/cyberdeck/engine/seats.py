"""One name per seat in a game's own texts.

A game's events, outcomes and rendered tables call a seat by a fixed label ("Player 2", "Hacker B",
``Game.seat_label``), so that a record, a golden playthrough and an AI read the same words whoever
sits there. A person reads names: the terminal (and the browser, in ``web/static/js/seats.js``,
which keeps to the same rules and is tested against this module) put each seat's name in place of
its label, and "you" for the reader's own seat, with the verbs of its clause made to agree
("Player 1 draws a card and takes their turn" -> "You draw a card and take your turn").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Verbs that do not just lose an "s" for "you".
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
#: A label right after these is the subject of its clause (a dash opens one too: "Game over —
#: Player 1 wins" is "Game over — you win") ...
_CLAUSE = re.compile(r"(?:^|[.:;!?—]\s+|\(\s*)$")
#: ... and after these it begins a sentence (a capital letter).
_SENTENCE = re.compile(r"(?:^|[.!?]\s+)$")
#: Where "you" is the subject: up to the end of its clause (marked by ``_MARK``).
_MARK = "\x00"
_SUBJECT = re.compile(_MARK + r"([^.;:!?]*)")
#: The verbs of such a clause: the first (maybe after a capitalised word, "Hard Resets"), and
#: any after "and"; "their" is the subject's own.
_VERB = re.compile(r"^(\s*(?:[A-Z][a-z]+ )?)([A-Za-z][a-z-]*)\b|\b(and )([a-z][a-z-]*)\b")
_THEIR = re.compile(r"\btheir\b")


def _plain(verb: str) -> str:
    """The form of a third-person verb that agrees with "you" ("draws" -> "draw"); a word that is
    not such a verb comes back unchanged."""
    low = verb.lower()
    if low in _IRREGULAR:
        plain = _IRREGULAR[low]
    elif re.fullmatch(r"[a-z-]*[^aeiou]ies", low):
        plain = low[:-3] + "y"
    elif re.fullmatch(r"[a-z-]*(ss|sh|ch|x|z)es", low):
        plain = low[:-2]
    elif re.fullmatch(r"[a-z-]+[^su]s", low):
        plain = low[:-1]
    else:
        return verb
    return plain.capitalize() if verb[:1].isupper() else plain


def _agree(clause: re.Match[str]) -> str:
    """The rest of a clause whose subject is "you", its verbs and "their" made to agree."""

    def verb(m: re.Match[str]) -> str:
        if m.group(2) is not None:
            return m.group(1) + _plain(m.group(2))
        return m.group(3) + _plain(m.group(4))

    return _THEIR.sub("your", _VERB.sub(verb, clause.group(1)))


def _pattern(labels: Sequence[str]) -> re.Pattern[str]:
    words = "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))
    return re.compile(rf"\b({words})\b('s)?", re.IGNORECASE)


def name_seats(text: str, labels: Sequence[str], names: Sequence[str], you: int | None) -> str:
    """``text`` with every seat's label replaced by its name (``names[i]`` for ``labels[i]``),
    and by "you" or "your" for seat ``you`` (``None``: a spectator, who has no seat)."""
    if not labels:
        return text
    index = {label.lower(): i for i, label in enumerate(labels)}

    def swap(m: re.Match[str]) -> str:
        seat = index[m.group(1).lower()]
        if seat != you:
            return names[seat] + (m.group(2) or "")
        before = text[: m.start()]
        word = "Your" if m.group(2) else "You"
        if not _SENTENCE.search(before):
            word = word.lower()
        return word + (_MARK if not m.group(2) and _CLAUSE.search(before) else "")

    named = _pattern(labels).sub(swap, text)
    return _SUBJECT.sub(_agree, named) if _MARK in named else named


def unique_names(names: Sequence[str]) -> list[str]:
    """``names`` with each repeated one told apart by its seat ("Normal AI (seat 2)"), so that a
    spectator of two AIs of one level can tell who is who."""
    return [
        f"{name} (seat {i + 1})" if names.count(name) > 1 else name for i, name in enumerate(names)
    ]


#: A terminal colour code: a drawn table is named between them, never across them.
_COLOUR = re.compile(r"(\x1b\[[0-9;]*m)")
#: Two spaces or more: the gap between a table's cells (one space is a sentence's).
_GAP = re.compile(r"( {2,})")


def name_table(text: str, labels: Sequence[str], names: Sequence[str], you: int | None) -> str:
    """A drawn table (``Game.render``) with each seat's label replaced by its name, as
    ``name_seats`` does for a sentence. A table is not one sentence: each of its cells (text
    between colour codes and gaps of two spaces or more) is named apart, so a heading begins with
    "You"; the table's own "(you)" after the reader's label goes, since the name says it; and a
    name longer or shorter than its label takes its difference out of the next padding on the
    line (a gap wider than two spaces), so the table's columns stay where they were."""
    if not labels:
        return text
    mine = (
        re.compile(rf"\b({re.escape(labels[you])}) \(you\)", re.IGNORECASE)
        if you is not None and 0 <= you < len(labels)
        else None
    )
    lines = []
    for line in text.split("\n"):
        out: list[str] = []
        debt = 0  # how much wider the named line is than the drawn one, so far
        for part in _COLOUR.split(line):
            if _COLOUR.fullmatch(part):
                out.append(part)
                continue
            for piece in _GAP.split(part):
                if piece.startswith("  ") and not piece.strip():
                    if len(piece) == 2:  # a separator, not padding: the line just grows
                        out.append(piece)
                        continue
                    keep = max(2, len(piece) - debt)
                    debt -= len(piece) - keep
                    out.append(" " * keep)
                    continue
                drawn = mine.sub(r"\1", piece) if mine is not None else piece
                named = name_seats(drawn, labels, names, you)
                debt += len(named) - len(piece)
                out.append(named)
        lines.append("".join(out))
    return "\n".join(lines)

"""Actions: small frozen values with one stable text form.

An action is a kind (a verb from the game's vocabulary) and argument tokens: ``place b2``,
``deploy 7H vault2``. The text form is what records store, what players type and what ``parse``
reads back; card tokens are written canonically (``7♥`` and ``7h`` both read as ``7H``).
Games build their actions once and hand out the same objects, so comparing them is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .errors import BadAction, BadCard


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    kind: str
    args: tuple[str, ...] = ()
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    _text: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.kind, self.args)))
        # Views, menus and the server ask for the text of every legal move at every step.
        object.__setattr__(self, "_text", " ".join((self.kind, *self.args)))

    def __eq__(self, other: object) -> bool:
        # Games hand out the same objects, so identity settles almost every comparison.
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        assert isinstance(other, Action)
        return self._hash == other._hash and self.kind == other.kind and self.args == other.args

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[str, ...]]]:
        # The cached hash is of this process's string hashes (salted per process): an action
        # sent to another process (an AI worker) is rebuilt there, with that process's hash.
        return (Action, (self.kind, self.args))

    @property
    def text(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @staticmethod
    def from_json(data: Any) -> Action:
        if isinstance(data, str):
            return Action.parse(data)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise BadAction("An action must be text or an object with a 'kind' and 'args'.")
        args = data.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, str | int) for a in args):
            raise BadAction("An action's 'args' must be a list of words or numbers.")
        return Action.parse(" ".join([data["kind"], *map(str, args)]))

    @staticmethod
    def parse(text: str) -> Action:
        if not isinstance(text, str):
            raise BadAction("An action must be text.")
        words = text.split()
        if not words:
            raise BadAction("Type a move, such as 'place b2'.")
        if len(text) > 200:
            raise BadAction("That move is too long to be a move.")
        return Action(words[0].lower(), tuple(_canonical_token(w) for w in words[1:]))


def _canonical_token(word: str) -> str:
    try:
        return Card.parse(word).text
    except BadCard:
        return word.lower()


class ActionSpace:
    """A fixed, ordered list of every action a game can ever offer, for integer indices and masks."""

    __slots__ = ("_index", "actions")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    @property
    def size(self) -> int:
        return len(self.actions)

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except KeyError:
            raise BadAction(f"'{action}' is not an action of this game.") from None

    def action(self, index: int) -> Action:
        if not 0 <= index < len(self.actions):
            raise BadAction(f"Action number {index} is outside 0..{len(self.actions) - 1}.")
        return self.actions[index]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """Each action's index, in the order given (one dictionary look-up each)."""
        try:
            return list(map(self._index.__getitem__, actions))
        except KeyError as err:
            raise BadAction(f"'{err.args[0]}' is not an action of this game.") from None

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """1 for each legal action's index, 0 elsewhere."""
        out = [0] * len(self.actions)
        for a in legal:
            out[self._index[a]] = 1
        return out

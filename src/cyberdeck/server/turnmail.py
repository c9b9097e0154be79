""" "Your turn" by e-mail: when a move leaves a player to decide in a match they are not looking
at, one mail, and no other for that match until they have moved.

A mail names the game, the other players and the link to the table, nothing from the table
itself: no card, no score, no move. It goes only to a verified address whose owner has turn
mails on, and at most ``PER_HOUR`` an hour to one player however many games they have going.
The hub calls ``your_turn`` after every move it stores (``Hub.on_turn``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from ..engine import load_game
from ..store import MatchData
from .clocks import TURN_BASED, TimeControl
from .database import Database
from .levels import stored_level
from .limits import Bucket, Recent
from .mailer import Post
from .ratings import ai_name, shown_name

log = logging.getLogger("cyberdeck.server")

#: Turn mails one player may get at once, and an hour after that.
AT_ONCE, PER_HOUR = 10, 60


class TurnMails:
    def __init__(
        self, post: Post, db: Database, at_table: Callable[[str, int], bool], keep: int = 50_000
    ) -> None:
        self.post = post
        self.db = db
        #: Whether a player has the match open (they see it is their turn: no mail).
        self.at_table = at_table
        #: (match, player) mailed and not moved since.
        self._mailed: Recent[tuple[str, int], bool] = Recent(keep)
        self._rationed = Bucket(AT_ONCE, PER_HOUR, keep)
        #: Mails sent and mails the mail server refused (for the operator's metrics).
        self.sent = 0
        self.failed = 0

    def __len__(self) -> int:
        return len(self._mailed)

    async def your_turn(self, match: MatchData, user_ids: list[int]) -> None:
        """``user_ids`` are to decide in ``match`` now: mail each who should hear of it (only
        in a turn-based match: a real-time one is played while its players are there)."""
        if TimeControl.from_json(match.time_control).kind != TURN_BASED:
            return
        deciding = set(user_ids)
        for seat in match.seats:
            if seat.user_id is not None and seat.user_id not in deciding:
                self._mailed.pop((match.id, seat.user_id))  # they moved: the next turn mails
        wanted = [
            u
            for u in dict.fromkeys(user_ids)
            if self._mailed.get((match.id, u)) is None
            and any(s.user_id == u and s.kind == "human" for s in match.seats)
            and not self.at_table(match.id, u)
        ]
        if not wanted:
            return
        boxes = await self.db.read(self.db.store.mailboxes, wanted)
        for user_id, box in boxes.items():
            if self._rationed.wait(str(user_id)) > 0:
                continue
            self._rationed.take(str(user_id))
            self._mailed.put((match.id, user_id), True)
            name = next(s.user_name for s in match.seats if s.user_id == user_id) or "player"
            letter = self.post.your_turn(
                user_id, name, box.address, *_about(match, user_id), match.id
            )
            try:
                await self.post.mailer.send(letter)
            except OSError as err:
                self.failed += 1
                log.warning(
                    "match %s: the turn mail to account %d was not sent (%s)",
                    match.id,
                    user_id,
                    type(err).__name__,
                )
                continue
            self.sent += 1


def _about(match: MatchData, user_id: int) -> tuple[str, list[str]]:
    """The game's title and the other players' names, as the table shows them."""
    game = load_game(match.game)
    others = []
    for seat in match.seats:
        if seat.user_id == user_id:
            continue
        if seat.kind == "ai":
            others.append(shown_name(ai_name(stored_level(game, seat.level)), "ai"))
        else:
            others.append(seat.user_name or "an open seat")
    return game.title, list(dict.fromkeys(others))

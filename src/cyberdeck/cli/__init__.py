"""The ``cyberdeck`` command: one module per group of commands, each with its own ``typer`` app,
put together here in the order ``cyberdeck --help`` lists them.

- ``play``: ``games``, ``rules``, ``learn``, ``play``;
- ``records``: ``replay``, ``stats``;
- ``measure``: ``bench``, ``arena``, ``fuzz``;
- ``serve``: ``serve``; ``bot``: ``bot`` (a bot account played through the bot API);
- ``deck`` and ``lab``: the ``cyberdeck deck ...`` and ``cyberdeck lab ...`` groups;
- ``learned``: ``lab train``, ``lab imitate``, ``lab export`` and ``lab ladder``, the learned
  players' commands
  (in the lab's group, in a module of their own).

What they share (the error exit, finding a game, options, decks, the terminal's style) is
``common``; no command module imports another (``tests/test_architecture.py``).
"""

from __future__ import annotations

import typer

from . import bot, deck, lab, learned, measure, play, records, serve

app = typer.Typer(
    help="cyberdeck: cyberpunk hacker card games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)
for commands in (play, records, measure, serve, bot):
    app.add_typer(commands.app)
app.add_typer(deck.app, name="deck")
for command in learned.app.registered_commands:
    lab.app.registered_commands.append(command)
app.add_typer(lab.app, name="lab")


def main() -> None:
    app()

"""Reading one key at a time from a terminal, so that a replay steps on a key press alone (no
Enter). Digits gather into a number until Enter, as a jump to a move. Where the input is no
terminal (a pipe, a test) or the platform has no ``termios``, a line is read instead."""

from __future__ import annotations

import sys
from collections.abc import Callable

#: What a key means, whichever way it was typed: Enter, space and "n" step on.
NEXT_KEYS = ("\r", "\n", " ", "n")


def key_reader(say: Callable[[str], None]) -> Callable[[str], str]:
    """A prompt-and-read function for the replay: a key at a time from a terminal (the answer
    "" for a key that steps on), else ``input``."""
    if not sys.stdin.isatty():
        return input
    try:
        import termios
        import tty
    except ImportError:  # not a POSIX terminal
        return input

    def read(prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        typed = ""
        try:
            # Keys typed ahead are kept (the default would flush them).
            tty.setcbreak(fd, termios.TCSANOW)
            while True:
                key = sys.stdin.read(1)
                if key == "":
                    raise EOFError
                if key == "\x03":
                    raise KeyboardInterrupt
                if key.isdigit():
                    typed += key
                    sys.stdout.write(key)
                    sys.stdout.flush()
                    continue
                if typed and key in ("\x7f", "\b"):
                    typed = typed[:-1]
                    sys.stdout.write("\b \b")
                    sys.stdout.flush()
                    continue
                if typed:
                    if key in ("\r", "\n"):
                        break
                    continue
                break
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        say("")
        return typed or ("" if key in NEXT_KEYS else key)

    return read

"""Cipher Run's two variant rules, with the words a menu and line mode read them in (the render
module names them as the game does, and the game offers them)."""

from __future__ import annotations

from ...engine import Option

OPTIONS = (
    Option(
        "pivot",
        ("flip", "keep"),
        "flip",
        "A Protocol Override played against a vault's attack profile turns the profile the "
        "way you played it, or leaves it as it was.",
        label="Protocol Override against a profile",
        choice_labels=("turns the profile your way", "leaves the profile as it is"),
    ),
    Option(
        "breach",
        ("start", "end"),
        "start",
        "Holding two vaults wins: checked at the start of your turn (your opponent gets a "
        "reply first) or at the end of it.",
        label="Two vaults win",
        choice_labels=("at the start of your turn", "at the end of your turn"),
    ),
)

"""Every game's options read as words on a menu: a label, one label per choice, and a line of
explanation (the home page shows them; the names and choices stay what commands say)."""

from __future__ import annotations

import pytest

from cyberdeck.engine import games


@pytest.mark.parametrize("game", [g.id for g in games()])
def test_every_option_has_a_label_choice_labels_and_an_explanation(game: str) -> None:
    table = next(g for g in games() if g.id == game)
    for option in table.options:
        assert option.label and option.label.lower() != option.name.lower(), option
        assert len(option.choice_labels) == len(option.choices), option
        assert all(option.label_of(c) not in ("True", "False") for c in option.choices)
        assert option.help and "\n" not in option.help, option

"""Golden playthroughs: a seeded game written out as text — each step's view for the seat to move,
its legal actions and the action taken — so that a changed rule shows up as a reviewed diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine import Game, Rng, games

SEED = 2026
FULL_STEPS = 40


def golden_name(game: Game, options: dict[str, Any]) -> str:
    suffix = "-".join(f"{k}={v}" for k, v in options.items()) or "default"
    return f"{game.id}--{suffix}.txt"


def playthrough(game: Game, options: dict[str, Any], seed: int = SEED) -> str:
    state = game.new_state(options, seed)
    rng = Rng(seed)
    lines = [f"# {game.title} {json.dumps(options, sort_keys=True)} seed {seed}"]
    step = 0
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        if step < FULL_STEPS:
            lines.append(f"## step {step} seat {seat}")
            lines.append("view " + json.dumps(state.view(seat), sort_keys=True, ensure_ascii=False))
            lines.append("legal " + " | ".join(a.text for a in legal))
        lines.append(f"action {action.text}")
        for event in state.apply(action):
            if step < FULL_STEPS:
                lines.append(f"event {event.kind} {event.text}")
        step += 1
    lines.append("## end")
    lines.append("spectator " + json.dumps(state.view(None), sort_keys=True, ensure_ascii=False))
    lines.append(f"fingerprint {state.fingerprint()}")
    return "\n".join(lines) + "\n"


def all_goldens() -> dict[str, str]:
    return {
        golden_name(game, options): playthrough(game, options)
        for game in games()
        for options in game.configurations()
    }


def write_goldens(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in all_goldens().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written

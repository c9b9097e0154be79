"""Print every game's observation layout as the Markdown tables of docs/envs.md (a test checks
the page still matches): ``python scripts/encoding_tables.py``."""

from __future__ import annotations

from cyberdeck.engine import Game, games


def table(game: Game) -> str:
    encoding = game.observation_encoding(None)
    lines = [
        f"### {game.title} (`{game.id}`): {encoding.size} numbers, {game.action_space.size} actions",
        "",
        "| slice | name | what it holds |",
        "|---|---|---|",
    ]
    for start, end, name, about in encoding.layout.describe():
        lines.append(f"| {start}–{end - 1} | `{name}` | {about} |")
    return "\n".join(lines)


def main() -> None:
    print("\n\n".join(table(game) for game in games()))


if __name__ == "__main__":
    main()

"""One self-contained HTML file from a run's results: tables and plots a designer can open or mail.

Plots are drawn with matplotlib and inlined as PNG, so the file needs nothing beside it. What it
shows follows from the results: every run gets win rates with intervals, the first player's edge,
endings and length histograms; a tournament adds its win matrix and strengths; games that name
their cards add the per-card impact; a deck search adds its map of elites.
"""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

from ..engine import BadRecord
from .cards import card_metrics
from .results import RUN, Results
from .simulate import summarize

CARDS_SHOWN = 24
STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1000px; color: #1d2330;
       padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { margin-top: 2.2rem; border-bottom: 2px solid #dde;
     padding-bottom: .2rem; }
.sub { color: #5a6275; margin-top: 0; }
table { border-collapse: collapse; margin: .6rem 0; font-variant-numeric: tabular-nums; }
th, td { padding: .25rem .7rem; border-bottom: 1px solid #e5e7ee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f4f8; }
img { max-width: 100%; display: block; margin: .6rem 0; }
.note { color: #5a6275; font-size: .9rem; }
"""


def _png(fig: Any) -> str:
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="" src="data:image/png;base64,{data}">'


def _pct(x: float) -> str:
    return "—" if x != x else f"{100 * x:.1f}%"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _table(head: list[str], rows: list[list[Any]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _interval_chart(labels: list[str], rates: list[float], lows: list[float],
                    highs: list[float], xlabel: str, centre: float | None = None) -> str:  # fmt: skip
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(labels) + 1.1))
    y = list(range(len(labels)))[::-1]
    err = [[r - lo for r, lo in zip(rates, lows, strict=True)],
           [hi - r for r, hi in zip(rates, highs, strict=True)]]  # fmt: skip
    ax.errorbar(rates, y, xerr=err, fmt="o", color="#2f5fd0", ecolor="#8aa4e8", capsize=4)
    if centre is not None:
        ax.axvline(centre, color="#aa3333", lw=1, ls="--")
    ax.set_yticks(y, labels)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    return _png(fig)


def _summary_section(results: Results) -> str:
    s = summarize(results)
    parts = [f"<h2>Win rates</h2><p class='sub'>{s['games']} games"
             f"{' (stopped early)' if s['interrupted'] else ''}; 95% Wilson intervals; "
             "a draw is not a win.</p>"]  # fmt: skip
    rows = s.get("entries", [])
    if rows:
        parts.append(_table(
            ["entry", "games", "wins", "draws", "losses", "win rate", "95% interval", "ms/decision"],
            [[r["entry"], r["games"], r["wins"], r["draws"], r["losses"], _pct(r["win"]["rate"]),
              f"{_pct(r['win']['ci95'][0])} – {_pct(r['win']['ci95'][1])}",
              r["mean_decision_ms"]] for r in rows],
        ))  # fmt: skip
        if len(rows) > 1:
            parts.append(_interval_chart(
                [r["entry"] for r in rows], [r["win"]["rate"] for r in rows],
                [r["win"]["ci95"][0] for r in rows], [r["win"]["ci95"][1] for r in rows],
                "win rate",
            ))  # fmt: skip
    first = s.get("first_player")
    if first:
        low, high = first["advantage_ci95"]
        parts.append("<h2>Seats</h2>")
        parts.append(
            f"<p>The first player won {_pct(first['win']['rate'])} of {first['decided_games']} "
            f"decided games, against a fair share of {_pct(first['fair_share'])}: an edge of "
            f"<b>{100 * first['advantage']:+.1f} points</b> (95% interval {100 * low:+.1f} to "
            f"{100 * high:+.1f}).</p>"
        )
        places = [*(("by seat", f"seat {r['seat']}", r) for r in s["seats"]),
                  *(("by turn order", _ordinal(r["place"]) + " to play", r)
                    for r in s.get("turn_order", []))]  # fmt: skip
        parts.append(_table(["", "", "wins", "win rate", "95% interval"],
                            [[how, name, r["wins"], _pct(r["win"]["rate"]),
                              f"{_pct(r['win']['ci95'][0])} – {_pct(r['win']['ci95'][1])}"]
                             for how, name, r in places]))  # fmt: skip
    parts.append("<h2>How games end and how long they last</h2>")
    parts.append(_table(["ending", "games", "share"],
                        [[k, v, _pct(v / s["games"])] for k, v in s["endings"].items()]))  # fmt: skip
    parts.append(_histograms(results))
    t, d = s["turns"], s["decisions"]
    parts.append(f"<p class='note'>Turns: mean {t['mean']}, median {t['median']}, 10–90% "
                 f"{t['p10']}–{t['p90']}. Decisions: mean {d['mean']}, median {d['median']}, "
                 f"10–90% {d['p10']}–{d['p90']}. A turn is a run of decisions by one seat.</p>")  # fmt: skip
    return "".join(parts)


def _histograms(results: Results) -> str:
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(9, 2.8))
    for ax, column, label in zip(axes, ("turns", "decisions"), ("turns", "decisions"), strict=True):
        values = results.games[column]
        ax.hist(values, bins=min(30, max(5, values.nunique())), color="#2f5fd0", alpha=0.85)
        ax.set_xlabel(label)
        ax.set_ylabel("games")
    fig.tight_layout()
    return _png(fig)


def _tournament_section(results: Results) -> str:
    from .tournament import standings

    table = standings(results)
    labels = [row["entry"] for row in table["matrix"]]
    plt = _pyplot()
    import numpy as np

    grid = np.array([[np.nan if c["rate"] is None else c["rate"] for c in row["cells"]]
                     for row in table["matrix"]])  # fmt: skip
    size = 1.2 + 0.7 * len(labels)
    fig, ax = plt.subplots(figsize=(size + 2, size))
    image = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    ax.set_xticks(range(len(labels)), labels, rotation=35, ha="right")
    ax.set_yticks(range(len(labels)), labels)
    for i in range(len(labels)):
        for j in range(len(labels)):
            if grid[i, j] == grid[i, j]:
                ink = "white" if abs(grid[i, j] - 0.5) > 0.3 else "black"
                ax.text(j, i, f"{100 * grid[i, j]:.0f}%", ha="center", va="center", fontsize=9,
                        color=ink)  # fmt: skip
    fig.colorbar(image, ax=ax, label="score of the row against the column")
    parts = ["<h2>Round robin</h2><p class='sub'>A row's score against a column (a draw counts "
             "half).</p>", _png(fig)]  # fmt: skip
    ranking = table["ranking"]
    parts.append("<h2>Strength ranking</h2><p class='sub'>Bradley–Terry strengths (log-odds; 0 "
                 "is the average entry) with 95% intervals, and on the Elo scale.</p>")  # fmt: skip
    parts.append(_table(["rank", "entry", "strength", "95% interval", "Elo", "score", "games"],
                        [[r["rank"], r["entry"], f"{r['strength']:+.2f}",
                          f"{r['ci95'][0]:+.2f} to {r['ci95'][1]:+.2f}", f"{r['elo']:+.0f}",
                          r["score"], r["games"]] for r in ranking]))  # fmt: skip
    parts.append(_interval_chart(
        [r["entry"] for r in ranking], [r["strength"] for r in ranking],
        [r["ci95"][0] for r in ranking], [r["ci95"][1] for r in ranking], "strength", 0.0,
    ))  # fmt: skip
    return "".join(parts)


def _cards_section(results: Results) -> str:
    frame = card_metrics(results, min_games=1)
    if frame.empty:
        return ""
    shown = frame.dropna(subset=["improvement"])
    if len(shown) > CARDS_SHOWN:
        half = CARDS_SHOWN // 2
        import pandas as pd

        shown = pd.concat([shown.head(half), shown.tail(half)])
    parts = ["<h2>Card impact</h2><p class='sub'>Improvement when drawn: the win rate of the "
             "seat-games in which the card reached the hand, less the win rate of those in which "
             "it did not (95% Newcombe intervals); "
             f"{'the strongest and weakest ' + str(CARDS_SHOWN) if len(frame) > CARDS_SHOWN else 'every card'}.</p>"]  # fmt: skip
    if not shown.empty:
        parts.append(_interval_chart(
            [str(c) for c in shown["card"]], list(shown["improvement"]),
            list(shown["improvement_low"]), list(shown["improvement_high"]),
            "improvement when drawn", 0.0,
        ))  # fmt: skip
    parts.append(_table(
        ["card", "games", "drawn", "played", "win drawn", "win not drawn", "improvement"],
        [[r.card, r.games, _pct(r.drawn), _pct(r.played), _pct(r.win_drawn),
          _pct(r.win_not_drawn),
          "—" if r.improvement != r.improvement else f"{100 * r.improvement:+.1f}"]
         for r in frame.itertuples()],
    ))  # fmt: skip
    return "".join(parts)


def _search_section(folder: Path) -> str:
    data = json.loads((folder / "optimize.json").read_text(encoding="utf-8"))
    elites = data["elites"]
    if not elites:
        return ""
    from ..engine import load_game

    game = load_game(data["settings"]["game"])
    names = [m.name for m in game.deck_measures()]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    points = ax.scatter([e["measures"][0] for e in elites], [e["measures"][-1] for e in elites],
                        c=[e["win"] for e in elites], cmap="viridis", vmin=0, vmax=1, s=60)  # fmt: skip
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[-1])
    fig.colorbar(points, ax=ax, label="score against the gauntlet")
    gauntlet = ", ".join(f"{a}@{d}" for a, d, _ in data["settings"]["gauntlet"])
    parts = [f"<h2>Elites</h2><p class='sub'>{len(elites)} regions filled after "
             f"{data['generation']} generations; fitness: the score of "
             f"{html.escape(data['settings']['agent'])} against {html.escape(gauntlet)}.</p>",
             _png(fig)]  # fmt: skip
    parts.append(_table(
        ["rank", *names, "score", "95% interval", "games"],
        [[i + 1, *(f"{v:.3g}" for v in e["measures"]), _pct(e["win"]),
          f"{_pct(e['ci95'][0])} – {_pct(e['ci95'][1])}", e["games"]]
         for i, e in enumerate(elites[:20])],
    ))  # fmt: skip
    return "".join(parts)


def report(folder: Path, out: Path | None = None) -> Path:
    """Write ``report.html`` for the results in ``folder`` (or ``out``); its path."""
    sections: list[str] = []
    title = "cyberdeck lab report"
    sub = ""
    if (folder / RUN).is_file():
        results = Results.load(folder)
        run = results.run
        title = f"{run.get('game', '')}: {run.get('command', 'run')}"
        sub = (f"{len(results.games)} games; seed {run.get('seed')}; entries "
               f"{', '.join(results.entries)}; options {run.get('options')}")  # fmt: skip
        if not results.games.empty:
            sections.append(_summary_section(results))
            if run.get("command") == "tournament":
                sections.append(_tournament_section(results))
            sections.append(_cards_section(results))
    if (folder / "optimize.json").is_file():
        sections.append(_search_section(folder))
        if not sections[:-1]:
            title = f"{json.loads((folder / 'optimize.json').read_text())['settings']['game']}: deck search"
    if not sections:
        raise BadRecord(f"{folder} holds no lab results to report on.")
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><p class='sub'>{html.escape(sub)}</p>"
            f"{''.join(sections)}</body></html>\n")  # fmt: skip
    path = out or folder / "report.html"
    path.write_text(page, encoding="utf-8")
    return path

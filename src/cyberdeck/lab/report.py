"""One self-contained HTML file from a run's results: tables and plots a designer can open or mail.

Plots are drawn with matplotlib and inlined as PNG with alt text, so the file needs nothing beside
it. It opens with what stands out (entries outside the band, cards whose impact interval excludes
zero, what-if changes that pass their corrected test); what else it shows follows from the
results: every run gets win rates with intervals, the first player's edge, endings and length
histograms; a tournament adds its win matrix and strengths; games that name their cards add each
entry's per-card impact (each deck of a matchup on its own, with a warning about how many intervals
are read at once); a deck search adds its map of elites and their cards; a what-if its paired
comparisons. Every table keeps its intervals.
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

from ..engine import BadRecord
from .cards import card_metrics
from .results import RUN, Results
from .simulate import summarize
from .stats import wilson
from .store import BALANCE, WHATIF, read_run

CARDS_SHOWN = 24
#: An entry stands out when its whole 95% interval lies this far or further from a fair share.
BAND = 0.05
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
.warn { background: #fff6e0; border-left: 4px solid #d9a420; padding: .5rem .8rem; }
"""


def _png(fig: Any, alt: str) -> str:
    """The figure inline, with ``alt`` saying what it shows for a reader who cannot see it."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


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
    """Points with their intervals, one row per label; the alt text lists them all."""
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
    alt = f"{xlabel} with 95% intervals: " + "; ".join(
        f"{label} {r:.3g} ({lo:.3g} to {hi:.3g})"
        for label, r, lo, hi in zip(labels, rates, lows, highs, strict=True)
    )
    return _png(fig, alt)


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
    parts.append(_table(["ending", "games", "share", "95% interval"],
                        [[k, v, _pct(v / s["games"]), _span(*wilson(v, s["games"]))]
                         for k, v in s["endings"].items()]))  # fmt: skip
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
    turns, decisions = results.games["turns"], results.games["decisions"]
    alt = (f"Histograms of game length: turns from {turns.min()} to {turns.max()} (median "
           f"{turns.median():g}); decisions from {decisions.min()} to {decisions.max()} (median "
           f"{decisions.median():g}).")  # fmt: skip
    return _png(fig, alt)


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
    alt = "Win matrix, a row's score against a column: " + "; ".join(
        f"{labels[i]} against {labels[j]} {100 * grid[i, j]:.0f}%"
        for i in range(len(labels))
        for j in range(len(labels))
        if grid[i, j] == grid[i, j]
    )
    parts = ["<h2>Round robin</h2><p class='sub'>A row's score against a column (a draw counts "
             "half); each cell's interval is in the table below.</p>", _png(fig, alt)]  # fmt: skip
    parts.append(_table(
        ["entry", "against", "games", "score", "95% interval"],
        [[row["entry"], c["against"], c["games"], _pct(c["rate"]), _span(*c["ci95"])]
         for row in table["matrix"] for c in row["cells"] if c["rate"] is not None],
    ))  # fmt: skip
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


def _span(low: float, high: float) -> str:
    return f"{_pct(low)} – {_pct(high)}"


def _gain(x: float) -> str:
    return "—" if x != x else f"{100 * x:+.1f}"


def card_frames(results: Results) -> list[tuple[str, Any]]:
    """Each entry's per-card impact on its own: the two decks of a matchup are never pooled."""
    frames = []
    for label in results.entries:
        frame = card_metrics(results, label, min_games=1)
        if not frame.empty:
            frames.append((label, frame))
    return frames


def _excludes_zero(frame: Any) -> Any:
    return frame[(frame["improvement_low"] > 0) | (frame["improvement_high"] < 0)]


def _cards_section(results: Results) -> str:
    frames = card_frames(results)
    if not frames:
        return ""
    tested = sum(int(f["improvement"].notna().sum()) for _, f in frames)
    flagged = sum(len(_excludes_zero(f)) for _, f in frames)
    parts = ["<h2>Card impact</h2><p class='sub'>Per entry, so the two decks of a matchup stay "
             "apart. Improvement when drawn: the win rate of the seat-games in which the card "
             "reached the hand, less the win rate of those in which it did not (95% Newcombe "
             "intervals).</p>"]  # fmt: skip
    if tested > 1:
        parts.append(
            f"<p class='warn'><b>Many comparisons:</b> {tested} intervals are read here, so about "
            f"{tested / 20:.1f} of them would exclude zero by chance alone even if no card "
            f"mattered; {flagged} do. Confirm a card with a what-if (<code>cyberdeck lab whatif"
            "</code>) before acting on it.</p>"
        )
    for label, frame in frames:
        shown = frame.dropna(subset=["improvement"])
        if len(shown) > CARDS_SHOWN:
            import pandas as pd

            half = CARDS_SHOWN // 2
            shown = pd.concat([shown.head(half), shown.tail(half)])
        which = (f"the strongest and weakest {CARDS_SHOWN}" if len(frame) > CARDS_SHOWN
                 else "every card")  # fmt: skip
        parts.append(f"<h3>{html.escape(label)}</h3><p class='sub'>{which}.</p>")
        if not shown.empty:
            parts.append(_interval_chart(
                [str(c) for c in shown["card"]], list(shown["improvement"]),
                list(shown["improvement_low"]), list(shown["improvement_high"]),
                f"improvement when drawn ({label})", 0.0,
            ))  # fmt: skip
        parts.append(_table(
            ["card", "games", "drawn", "played", "win drawn", "95% interval", "win not drawn",
             "95% interval", "improvement", "95% interval"],
            [[r.card, r.games, _pct(r.drawn), _pct(r.played), _pct(r.win_drawn),
              _span(r.win_drawn_low, r.win_drawn_high) if r.win_drawn == r.win_drawn else "—",
              _pct(r.win_not_drawn),
              _span(r.win_not_drawn_low, r.win_not_drawn_high)
              if r.win_not_drawn == r.win_not_drawn else "—",
              _gain(r.improvement),
              "—" if r.improvement != r.improvement
              else f"{_gain(r.improvement_low)} to {_gain(r.improvement_high)}"]
             for r in frame.itertuples()],
        ))  # fmt: skip
    return "".join(parts)


def _deck_cards(counts: list[int], codes: list[str]) -> str:
    return ", ".join(f"{n}× {code}" for code, n in zip(codes, counts, strict=True) if n)


def _search_section(folder: Path) -> str:
    data = read_run(folder, "optimize.json")
    elites = data.get("elites") or []
    if not elites:
        return ""
    from ..engine import load_game
    from .optimize import DeckSpace

    game = load_game(data["settings"]["game"])
    codes = DeckSpace(game).codes
    names = [m.name for m in game.deck_measures()]
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    points = ax.scatter([e["measures"][0] for e in elites], [e["measures"][-1] for e in elites],
                        c=[e["win"] for e in elites], cmap="viridis", vmin=0, vmax=1, s=60)  # fmt: skip
    ax.set_xlabel(names[0])
    ax.set_ylabel(names[-1])
    fig.colorbar(points, ax=ax, label="score against the gauntlet")
    alt = (f"Map of {len(elites)} elite decks by {names[0]} and {names[-1]}, coloured by score "
           f"against the gauntlet, from {_pct(min(e['win'] for e in elites))} to "
           f"{_pct(max(e['win'] for e in elites))}.")  # fmt: skip
    gauntlet = ", ".join(f"{a}@{d}" for a, d, _ in data["settings"]["gauntlet"])
    parts = [f"<h2>Elites</h2><p class='sub'>{len(elites)} regions filled after "
             f"{data['generation']} generations; fitness: the score of "
             f"{html.escape(data['settings']['agent'])} against {html.escape(gauntlet)}.</p>",
             _png(fig, alt)]  # fmt: skip
    parts.append(_table(
        ["rank", *names, "score", "95% interval", "games", "cards"],
        [[i + 1, *(f"{v:.3g}" for v in e["measures"]), _pct(e["win"]), _span(*e["ci95"]),
          e["games"], _deck_cards(e["counts"], codes)]
         for i, e in enumerate(elites[:20])],
    ))  # fmt: skip
    return "".join(parts)


def _whatif_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    return list(data.get("comparisons") or [])


def _whatif_section(data: dict[str, Any]) -> str:
    rows = _whatif_rows(data)
    if not rows:
        return ""
    how = "Holm" if data.get("correction") == "holm" else "Benjamini–Hochberg"
    changes = "; ".join(data.get("changes", []))
    parts = [f"<h2>What-if</h2><p class='sub'>Changes: {html.escape(changes)}. Both sides played "
             f"the same {data.get('games')} games (seeds and seats); each row pairs an entry's "
             "results game by game. Intervals: Agresti–Min for paired games; tests: McNemar's, "
             f"corrected by {how} for the {len(rows)} comparisons.</p>"]  # fmt: skip
    parts.append(_interval_chart(
        [f"{r['entry']} ({r['matchup']})" for r in rows], [r["change"] for r in rows],
        [r["ci95"][0] for r in rows], [r["ci95"][1] for r in rows], "change in win rate", 0.0,
    ))  # fmt: skip
    parts.append(_table(
        ["matchup", "entry", "games", "base", "changed", "change", "95% interval", "p",
         f"p ({how})"],
        [[r["matchup"], r["entry"], r["games"], _pct(r["base"]), _pct(r["changed"]),
          _gain(r["change"]), f"{_gain(r['ci95'][0])} to {_gain(r['ci95'][1])}", r["p"],
          f"{r['p_adjusted']}{' *' if r['significant'] else ''}"] for r in rows],
    ))  # fmt: skip
    return "".join(parts)


def _balance_section(data: dict[str, Any]) -> str:
    """The search's answer with each entry's confirmed rate and interval, every confirmed
    candidate, and the screening's Pareto front."""
    low, high = data["band"]
    parts = [f"<h2>Balance search</h2><p class='sub'>Band {_span(low, high)}; "
             f"{data['trials']} candidates screened in {data['spent_s'] / 3600:.2f} hours at "
             f"{data['settings']['screen_games']} games a pair, the best confirmed at "
             f"{data['settings']['games']} games a pair (Wilson 95% intervals). Miss: points of "
             "win rate outside the band, summed; cost: one per edit plus its share of its "
             "knob's range.</p>"]  # fmt: skip
    answer = data.get("answer")
    if answer:
        rows = answer["confirmed"]
        parts.append(f"<p>Answer: {html.escape('; '.join(answer['changes']) or 'no change')}"
                     "</p>")  # fmt: skip
        parts.append(_interval_chart(
            [r["entry"] for r in rows], [r["win"] for r in rows],
            [r["ci95"][0] for r in rows], [r["ci95"][1] for r in rows], "win rate", 0.5,
        ))  # fmt: skip
    for candidate in data.get("confirmed", []):
        parts.append(f"<h3>{html.escape('; '.join(candidate['changes']) or 'no change')}</h3>")
        parts.append(_table(["entry", "games", "win", "95% interval", "in the band"],
                            [[r["entry"], r["games"], _pct(r["win"]), _span(*r["ci95"]),
                              "yes" if low <= r["win"] <= high else "no"]
                             for r in candidate["confirmed"]]))  # fmt: skip
    parts.append("<h3>Screened: the Pareto front</h3>")
    parts.append(_table(["trial", "changes", "miss", "cost"],
                        [[c["trial"], "; ".join(c["changes"]) or "no change",
                          f"{100 * c['miss']:.1f}", c["cost"]] for c in data.get("pareto", [])]))  # fmt: skip
    return "".join(parts)


def stands_out(
    results: Results | None, whatif: dict[str, Any] | None, balance: dict[str, Any] | None = None
) -> list[str]:
    """The few sentences a designer should read first."""
    found: list[str] = []
    if balance is not None:
        answer = balance.get("answer")
        if answer:
            found.append(
                f"The balance search puts every entry in the band with: "
                f"{'; '.join(answer['changes']) or 'no change'} (confirmed at "
                f"{balance['settings']['games']} games a pair)."
            )
        else:
            found.append("The balance search found no candidate with every entry in the band "
                         "at full samples within its budget.")  # fmt: skip
    if results is not None and not results.games.empty:
        s = summarize(results)
        seats = len(results.games["returns"].iloc[0])
        if seats > 1:
            fair = 1 / seats
            for r in s.get("entries", []):
                low, high = r["win"]["ci95"]
                if low > fair + BAND or high < fair - BAND:
                    side = "above" if low > fair else "below"
                    found.append(
                        f"{r['entry']} wins {_pct(r['win']['rate'])} (95% interval "
                        f"{_span(low, high)}), wholly {side} the band of {_pct(fair - BAND)} – "
                        f"{_pct(fair + BAND)}."
                    )
        for label, frame in card_frames(results):
            for r in _excludes_zero(frame).itertuples():
                found.append(
                    f"{r.card} for {label}: improvement when drawn {_gain(r.improvement)} points "
                    f"(95% interval {_gain(r.improvement_low)} to {_gain(r.improvement_high)}); "
                    "one of many intervals read, see the warning under Card impact."
                )
    for r in _whatif_rows(whatif or {}):
        if r["significant"]:
            found.append(
                f"The change moves {r['entry']} ({r['matchup']}) by {_gain(r['change'])} points "
                f"(95% interval {_gain(r['ci95'][0])} to {_gain(r['ci95'][1])}; corrected p "
                f"{r['p_adjusted']})."
            )
    return found


def _stands_out_section(
    results: Results | None, whatif: dict[str, Any] | None, balance: dict[str, Any] | None = None
) -> str:
    found = stands_out(results, whatif, balance)
    if not found:
        what = ["no entry's interval lies outside the band",
                "no card's impact interval excludes zero"]  # fmt: skip
        if whatif is not None:
            what.append("no what-if change passes its corrected test")
        text = f"<p>Nothing stands out: {', '.join(what[:-1])} and {what[-1]}.</p>"
    else:
        text = "<ul>" + "".join(f"<li>{html.escape(f)}</li>" for f in found) + "</ul>"
    return f"<h2>What stands out</h2>{text}"


def report(folder: Path, out: Path | None = None) -> Path:
    """Write ``report.html`` for the results in ``folder`` (or ``out``); its path."""
    sections: list[str] = []
    title = "cyberdeck lab report"
    sub = ""
    whatif = read_run(folder, WHATIF) if (folder / WHATIF).is_file() else None
    runs = folder / "base" if whatif is not None else folder
    results = None
    if (runs / RUN).is_file():
        results = Results.load(runs)
        run = results.run
        title = f"{run.get('game', '')}: {run.get('command', 'run')}"
        sub = (f"{len(results.games)} games; seed {run.get('seed')}; entries "
               f"{', '.join(results.entries)}; options {run.get('options')}")  # fmt: skip
        if whatif is not None:
            sections.append(_whatif_section(whatif))
            sub += "; the tables after the what-if are the base games'"
        if not results.games.empty:
            sections.append(_summary_section(results))
            if run.get("command") == "tournament":
                sections.append(_tournament_section(results))
            sections.append(_cards_section(results))
    balance = read_run(folder, BALANCE) if (folder / BALANCE).is_file() else None
    if balance is not None and "band" in balance:
        sections.append(_balance_section(balance))
        title = f"{balance['settings']['game']}: balance search"
    if (folder / "optimize.json").is_file():
        sections.append(_search_section(folder))
        if not sections[:-1]:
            title = f"{read_run(folder, 'optimize.json')['settings']['game']}: deck search"
    if not sections:
        raise BadRecord(f"{folder} holds no lab results to report on.")
    sections.insert(0, _stands_out_section(results, whatif, balance))
    page = (f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><p class='sub'>{html.escape(sub)}</p>"
            f"{''.join(sections)}</body></html>\n")  # fmt: skip
    path = out or folder / "report.html"
    path.write_text(page, encoding="utf-8")
    return path

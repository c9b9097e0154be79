"""Balance search: the fewest, smallest card edits that put every entry's win rate in a band.

A designer names the entries (agents with their decks), the band (40–60%) and the knobs the
search may turn — a card's stat or a deck's count, each with how far down and up it may go
(``knobs``: sensible defaults, or a file in the edits' own words). The search is two-objective,
minimised by optuna's TPE sampler over a define-by-run space: *miss*, how far the entries' win
rates lie outside the band (summed, in points of win rate), and *cost*, one per edit plus its size
as a share of its knob's range. Each trial is screened cheaply (the given entries, a few games a
pair, every trial on the same seeds so candidates differ by their edits, not their luck); the
best candidates are then confirmed at full samples, with Wilson intervals, and the cheapest one
whose every entry lands in the band is the answer.

Two things make a screening cheap enough to search hundreds of knobs:

- **Pairs an edit cannot touch are not replayed.** A game depends on its seed, its seats' entries
  and the cards they hold: a pair of entries whose decks hold none of a candidate's edited cards
  (and whose decks no edit changes) plays exactly the games it played with the set as it is, so
  those games are read from the first trial's screening rather than played again.
- **Leads.** As a designer would, the search reads where the set stands before it guesses:
  which entries lie outside the band, and which card their games turn on. An entry *leans* on a
  card when the side that plays more of it wins more, and the entry plays more of it than its
  opponents (a stronger card lifts it) or fewer (a stronger card sinks it); a card's *pull* is
  those leans, weighted by how far each entry lies outside the band, one above it counted up and
  one below it down. Each knob of the card with the largest pull, turned half its reach each way
  on top of the best candidate so far, is queued as a trial (``study.enqueue_trial``); the next
  round starts from whatever is best then. When no lead is left, TPE proposes. ``leads=False``
  leaves the search to TPE alone.

The search is seeded and resumable: the study lives in an SQLite file in the run folder, each
trial's sampler is seeded from the seed and the number of trials asked before it, so a search
stopped and resumed asks the same questions as an unbroken one; the confirmation runs are lab
runs of their own (``confirm-TRIAL/``), resumed game by game.
"""

from __future__ import annotations

import math
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import BadDeck, BadOption, Game
from ..engine.edits import card_key, parse_edit
from .entries import Entry
from .executors import Progress, check_executor, signals_stop
from .results import Results
from .simulate import run_plan
from .stats import wilson
from .store import BALANCE, claim, read_run, write_json
from .tournament import round_robin
from .whatif import changed_side

#: How many edits a candidate may make, unless a bounds file says otherwise.
MAX_EDITS = 3
#: Asks of the sampler per trial at most: a candidate asked again is not a trial (TPE keeps
#: proposing the cheapest point of its front, the set as it is), but the asking must end.
ASKS = 5
#: A win rate short of this many points of the band still counts as outside it (float noise).
_EPS = 1e-9
#: A lead round turns at most this many of one card's knobs (each both ways).
LEAD_KNOBS = 8
#: A pair's tally: the two entries (lower index first), each one's score, and the games played.
Tally = tuple[int, int, float, float, int]


@dataclass(frozen=True, slots=True)
class Knob:
    """One number the search may turn: a card's ``stat`` (``deck`` empty) or, in ``deck``, the
    copies of ``card`` — traded one for one against ``swap`` when it is named, which keeps a deck
    of a fixed size legal; by at most ``down`` below and ``up`` above where it stands."""

    card: str
    stat: str = ""
    deck: str = ""
    down: int = 1
    up: int = 1
    swap: str = ""

    @property
    def label(self) -> str:
        if self.swap:
            return f"{self.deck}: {self.card} for {self.swap}"
        if self.deck:
            return f"{self.deck}: {self.card} copies"
        return f"{self.card}: {self.stat}"

    def change(self, delta: int) -> list[str]:
        """The edits as a designer writes them (``lab whatif --change`` takes them as they are)."""
        sign = "+" if delta > 0 else "-"
        if not self.deck:
            return [f"{self.card}: {self.stat} {sign}{abs(delta)}"]
        edits = [f"{self.deck}: {sign}{abs(delta)} {self.card}"]
        if self.swap:
            edits.append(f"{self.deck}: {'-' if delta > 0 else '+'}{abs(delta)} {self.swap}")
        return sorted(edits, key=lambda e: "+" in e)  # out before in


def default_knobs(
    game: Game, entries: list[Entry], cards: dict[str, Any] | None = None
) -> list[Knob]:
    """Every number of every card the entries' decks hold (of every card, when no entry names a
    deck), each free to move by half its value (at least 1); for a game whose rules fix the
    cards, every legal one-for-one trade in an entry's deck of a card it holds for a card of the
    entries' or starter decks (one copy, in). ``cards``: the card set searched from (a card-set
    file's; the shipped one by default)."""
    document = cards if cards is not None else game.card_set()
    if document is None:
        space = sorted({str(c) for d in game.starter_decks() for c in d.cards}
                       | {c for e in entries for c in e.cards or ()})  # fmt: skip
        trades = [
            Knob(new, deck=e.deck, down=0, up=1, swap=old)
            for e in entries
            if e.cards is not None
            for old in sorted(set(e.cards))
            for new in space
            if new != old
        ]
        return [k for k in trades if _legal(game, entries, k, cards)]
    held = {card_key(c) for e in entries if e.cards is not None for c in e.cards}
    knobs: list[Knob] = []
    for entry in document.get("cards", []):
        keys = {card_key(str(entry.get(k, ""))) for k in ("slug", "name", "id")}
        if held and not keys & held:
            continue
        name = str(entry.get("name") or entry.get("slug") or entry.get("id"))
        for stat, value in entry.items():
            if isinstance(value, int) and not isinstance(value, bool):
                step = max(1, round(value / 2))
                knobs.append(Knob(name, stat, down=min(step, value), up=step))
    return knobs


def _legal(game: Game, entries: list[Entry], knob: Knob, cards: dict[str, Any] | None) -> bool:
    try:
        for delta in (d for d in (-knob.down, knob.up) if d):
            apply(game, entries, [knob], {0: delta}, cards)
    except BadDeck:
        return False
    return True


def read_knobs(path: Path) -> tuple[list[Knob], int]:
    """A bounds file: a line per knob in the edits' words with a range — ``Road Warrior: SR
    -5..+5``, ``cold-boot: -1..+2 7H``, or ``cold-boot: -0..+1 QC for 7H`` (a trade: a QC in, a
    7H out) — and optionally ``max edits: N``; ``#`` starts a
    comment. Every bad line is a sentence."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise BadOption(f"Cannot read the bounds file {path}: {err}.") from None
    knobs: list[Knob] = []
    most = MAX_EDITS
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        target, _, rest = line.partition(":")
        if card_key(target) == "maxedits" and rest.strip().isdigit() and int(rest) > 0:
            most = int(rest)
            continue
        try:
            knobs.append(_knob(line))
        except BadOption as err:
            problems.append(f"{path} line {number}: {err}")
    if problems:
        raise BadDeck(problems)
    if not knobs:
        raise BadOption(f"The bounds file {path} names no knob (e.g. 'Road Warrior: SR -5..+5').")
    return knobs, most


def _knob(line: str) -> Knob:
    """``CARD: STAT -A..+B``, ``DECK: -A..+B CARD`` or ``DECK: -A..+B CARD for OTHER`` (A, B:
    how far down and up)."""
    target, _, rest = line.partition(":")
    words = rest.split()
    ranged = [i for i, w in enumerate(words) if ".." in w]
    if not target.strip() or len(ranged) != 1 or len(words) < 2:
        raise BadOption(
            f"'{line}' is not a bound: write 'CARD: STAT -A..+B', 'DECK: -A..+B CARD' or "
            "'DECK: -A..+B CARD for OTHER'."
        )
    low, _, high = words[ranged[0]].partition("..")
    try:
        down, up = -int(low), int(high)
    except ValueError:
        raise BadOption(f"'{line}': the range is two whole numbers, e.g. -5..+5.") from None
    if down < 0 or up < 0 or down + up == 0:
        raise BadOption(f"'{line}': the range runs from 0 or below to 0 or above, not both 0.")
    if ranged[0] == 0:
        card, _, swap = " ".join(words[1:]).partition(" for ")
        return Knob(card.strip(), deck=target.strip(), down=down, up=up, swap=swap.strip())
    return Knob(target.strip(), " ".join(words[: ranged[0]]), down=down, up=up)


@dataclass
class Candidate:
    """A set of edits, its objectives and the win rates it was measured at."""

    changes: list[str]
    miss: float
    cost: float
    rates: dict[str, float]
    trial: int = -1
    #: Per entry at full samples: rate, games and interval (confirmed candidates only).
    confirmed: list[dict[str, Any]] = field(default_factory=list)

    @property
    def in_band(self) -> bool:
        return self.miss <= _EPS

    def to_json(self) -> dict[str, Any]:
        return {"trial": self.trial, "changes": self.changes, "miss": round(self.miss, 4),
                "cost": round(self.cost, 4), "rates": self.rates,
                "confirmed": self.confirmed}  # fmt: skip


@dataclass
class Balance:
    """What a search found: its screened trials, the confirmed candidates and the answer."""

    band: tuple[float, float]
    trials: int
    spent_s: float
    pareto: list[Candidate]
    confirmed: list[Candidate]
    interrupted: bool = False
    cards: dict[str, Any] | None = None

    @property
    def answer(self) -> Candidate | None:
        """The cheapest confirmed candidate with every entry in the band at full samples."""
        good = [c for c in self.confirmed if c.confirmed and c.in_band]
        return min(good, key=lambda c: c.cost) if good else None

    def to_json(self) -> dict[str, Any]:
        answer = self.answer
        return {"band": list(self.band), "trials": self.trials, "spent_s": round(self.spent_s, 1),
                "interrupted": self.interrupted,
                "pareto": [c.to_json() for c in self.pareto],
                "confirmed": [c.to_json() for c in self.confirmed],
                "answer": answer.to_json() if answer else None}  # fmt: skip


def parse_band(text: str) -> tuple[float, float]:
    """``40-60`` (percent) as (0.4, 0.6); a sentence when it is not a band."""
    low, dash, high = text.replace("%", "").partition("-")
    try:
        band = (float(low) / 100, float(high) / 100)
    except ValueError:
        band = (1.0, 0.0)
    if not dash or not 0 <= band[0] < band[1] <= 1:
        raise BadOption(f"'{text}' is not a band: give two percentages, low-high, e.g. 40-60.")
    return band


def win_rates(results: Results) -> dict[str, tuple[float, int]]:
    """Each entry's score (a win 1, a draw a half) over all its games, and how many it played."""
    return scored(results.entries, pair_tallies(results))


def narrowed(band: tuple[float, float], margin: float) -> tuple[float, float]:
    """The band a screening must reach: ``margin`` inside ``band`` at each end, rounded (0.4 +
    0.02 is 0.42000000000000004, and a rate of 42% is in a band of 42-58%)."""
    return round(band[0] + margin, 9), round(band[1] - margin, 9)


def outside(rate: float, band: tuple[float, float]) -> float:
    """How far a win rate lies outside the band: above it positive, below it negative, in it 0."""
    return max(0.0, rate - band[1]) - max(0.0, band[0] - rate)


def miss_of(rates: dict[str, float], band: tuple[float, float]) -> float:
    """How far, summed over the entries, the win rates lie outside the band."""
    return sum(abs(outside(r, band)) for r in rates.values())


def cost_of(knobs: list[Knob], deltas: dict[int, int]) -> float:
    """One per edit, plus the edit's size as a share of its knob's whole range."""
    return sum(1 + abs(d) / (knobs[i].down + knobs[i].up) for i, d in deltas.items() if d)


def apply(
    game: Game,
    entries: list[Entry],
    knobs: list[Knob],
    deltas: dict[int, int],
    base: dict[str, Any] | None = None,
) -> tuple[list[str], list[Entry], dict[str, Any] | None]:
    """The changes in words, the entries with their decks changed and the edited card set
    (made on ``base``, a card-set file's, or the shipped set)."""
    changes = [c for i, d in sorted(deltas.items()) if d for c in knobs[i].change(d)]
    changed, cards = changed_side(game, entries, [parse_edit(c) for c in changes], base)
    return changes, changed, cards


def balance(
    game: Game,
    entries: list[Entry],
    band: tuple[float, float],
    out: Path,
    knobs: list[Knob] | None = None,
    max_edits: int = MAX_EDITS,
    trials: int = 100,
    budget_hours: float | None = None,
    screen_games: int = 10,
    games: int = 200,
    confirm: int = 3,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    dask: str | None = None,
    progress: Progress | None = None,
    confirming: Progress | None = None,
    resume: bool = False,
    base: dict[str, Any] | None = None,
    clock: Callable[[], float] = time.monotonic,
    leads: bool = True,
    margin: float = 0.0,
) -> Balance:
    """Search, then confirm: see the module's words. ``budget_hours``: core-hours for the whole
    search (the screening stops early enough to leave the confirmation its share); ``base``: the
    card set to start from (a card-set file's; the shipped one by default); ``leads``: queue the
    designer's guesses the module's words describe before TPE's; ``margin``: how far inside the
    band (a share, 0.02 for two points) a screening must put every entry, since a few games a pair
    can put an entry in the band by luck. The screening ends once ``confirm`` candidates are in."""
    import optuna

    resolved = game.resolve_options(options)
    if not 0 <= margin < (band[1] - band[0]) / 2:
        raise BadOption("The margin is at least 0 and less than half the band.")
    screen_band = narrowed(band, margin)
    if game.table_size(resolved) != 2:
        raise BadOption(f"A balance search pairs entries off: {game.title} is not 2-player here.")
    if len(entries) < 2:
        raise BadOption("A balance search needs at least two entries.")
    if min(trials, screen_games, games, confirm, max_edits) < 1:
        raise BadOption("Trials, games, candidates to confirm and edits are each at least 1.")
    if budget_hours is not None and budget_hours <= 0:
        raise BadOption("A budget is a positive number of core-hours.")
    check_executor(workers, dask)
    knobs = knobs if knobs is not None else default_knobs(game, entries, base)
    if not knobs:
        raise BadOption(f"There is nothing to turn: {game.title}'s entries hold no cards.")
    labels = [k.label for k in knobs]
    if len(set(labels)) != len(labels):
        raise BadOption("A knob is named twice in the bounds: name each once.")
    for knob in knobs:  # every knob checked at both ends before a game is played
        for delta in (d for d in (-knob.down, knob.up) if d):
            try:
                apply(game, entries, [knob], {0: delta}, base)
            except BadDeck as err:
                raise BadDeck([f"The bound '{knob.label}' at {delta:+d}: {p}"
                               for p in err.problems]) from None  # fmt: skip
    settings = {"game": game.id, "entries": [e.label for e in entries], "band": list(band),
                "knobs": labels, "max_edits": max_edits, "screen_games": screen_games,
                "games": games, "confirm": confirm, "seed": seed, "cards": base,
                "leads": leads, "margin": margin}  # fmt: skip
    claim(out, resume)
    if resume and read_run(out, BALANCE).get("settings") != settings:
        raise BadOption(
            f"The search in {out} was started with other settings; resume it with the same command."
        )
    if not resume:
        write_json(out / BALANCE, {"settings": settings})
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    # TPE's grouped multivariate mode (what a define-by-run space of edits needs) is marked
    # experimental; its warning would repeat on every trial.
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    study = optuna.create_study(
        study_name="balance", storage=f"sqlite:///{(out / 'balance.db').resolve()}",
        directions=["minimize", "minimize"], load_if_exists=True,
    )  # fmt: skip
    done = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
    asked = len(done)
    finished = sum(1 for t in done if not t.user_attrs.get("repeat"))
    spent = float(study.user_attrs.get("spent_s", 0.0))
    cores = workers or os.cpu_count() or 1
    plan = round_robin(len(entries), screen_games, seed)
    screen_s = [float(t.user_attrs["seconds"]) for t in done if "seconds" in t.user_attrs]
    # Games each screening played (fewer than the plan where pairs were read back).
    screen_n = [
        int(t.user_attrs.get("played", len(plan))) for t in done if "seconds" in t.user_attrs
    ]
    screened = {tuple(t.user_attrs["changes"]): dict(t.user_attrs["rates"])
                for t in done if "rates" in t.user_attrs}  # fmt: skip
    interrupted = False
    if not done:
        study.enqueue_trial({"edits": 0})  # the set as it is: where the search starts from
    try:  # a stop between games (Ctrl-C, SIGTERM, SIGHUP) ends the search as one in a game does
        with signals_stop():
            while finished < trials and asked < ASKS * trials:
                inside = {tuple(c) for c, r in screened.items() if miss_of(r, screen_band) <= _EPS}
                if len(inside) >= confirm:
                    break  # enough candidates in the band to confirm
                mean = sum(screen_s) / len(screen_s) if screen_s else 0.0
                per_game = sum(screen_s) / sum(screen_n) if sum(screen_n) else 0.0
                reserve = confirm * per_game * len(plan) * games / screen_games
                if (
                    budget_hours is not None
                    and (spent + mean + reserve) * cores > budget_hours * 3600
                ):
                    break
                if leads and "leans" in study.user_attrs and not _waiting(study):
                    for params, attrs in propose(
                        study, knobs, entries, screen_band, max_edits, base or game.card_set()
                    ):
                        study.enqueue_trial(params, user_attrs=attrs)
                study.sampler = optuna.samplers.TPESampler(
                    seed=seed + asked, multivariate=True, group=True, n_startup_trials=10
                )
                trial = study.ask()
                asked += 1
                deltas = _sample(trial, knobs, max_edits)
                try:
                    changes, changed, cards = apply(game, entries, knobs, deltas, base)
                except BadDeck as err:
                    trial.set_user_attr("problems", err.problems)
                    study.tell(trial, [float(len(entries)), cost_of(knobs, deltas)])
                    finished += 1
                    continue
                rates = screened.get(tuple(changes))
                if rates is not None:  # asked again: scored as before, neither played nor counted
                    trial.set_user_attr("repeat", True)
                else:
                    started = clock()
                    run = {"command": "balance", "seed": seed, "games": screen_games}
                    start = study.user_attrs.get("pairs")
                    touched = touched_entries(entries, changed, changes, base or game.card_set())
                    replay = plan if start is None else [p for p in plan if touched & set(p.seats)]
                    results = run_plan(game, changed, replay, resolved, run, workers, dask, None,
                                       None, False, cards)  # fmt: skip
                    if results.run.get("interrupted"):
                        study.tell(trial, state=optuna.trial.TrialState.FAIL)
                        interrupted = True
                        break
                    tallies = pair_tallies(results)
                    if start is None:  # the set as it is: what later screenings read back
                        study.set_user_attr("pairs", [list(t) for t in tallies])
                        study.set_user_attr("leans", leans(results))
                    else:
                        replayed = {(a, b) for a, b, *_ in tallies}
                        tallies += [tuple(t) for t in start if (t[0], t[1]) not in replayed]
                    rates = rates_of(results.entries, tallies)
                    seconds = clock() - started
                    spent += seconds
                    screen_s.append(seconds)
                    screen_n.append(len(replay))
                    screened[tuple(changes)] = rates
                    trial.set_user_attr("seconds", seconds)
                    trial.set_user_attr("played", len(replay))
                    finished += 1
                trial.set_user_attr("changes", changes)
                trial.set_user_attr("rates", rates)
                study.tell(trial, [miss_of(rates, screen_band), cost_of(knobs, deltas)])
                study.set_user_attr("spent_s", spent)
                if progress is not None:
                    progress(finished, trials, spent)
    except KeyboardInterrupt:
        interrupted = True  # the trial asked and not told is asked again on resume
    front = {tuple(c.changes): c for c in sorted(
        (_candidate(t) for t in study.best_trials if "rates" in t.user_attrs),
        key=lambda c: -c.trial)}  # fmt: skip
    pareto = sorted(front.values(), key=lambda c: (c.miss, c.cost))  # once, at its first trial
    ranked = sorted((_candidate(t) for t in study.trials
                     if t.state == optuna.trial.TrialState.COMPLETE and "rates" in t.user_attrs),
                    key=lambda c: (c.miss, c.cost))  # fmt: skip
    found = Balance(band, finished, spent, pareto, [], interrupted)
    if interrupted:
        write_json(out / BALANCE, {"settings": settings, **found.to_json()})
        return found
    seen: set[tuple[str, ...]] = set()
    for candidate in ranked:
        if len(found.confirmed) >= confirm:
            break
        if tuple(candidate.changes) in seen:
            continue
        seen.add(tuple(candidate.changes))
        edits = [parse_edit(c) for c in candidate.changes]
        changed, cards = changed_side(game, entries, edits, base)
        where = out / f"confirm-{candidate.trial}"  # a longer search resumed reuses it
        run = {"command": "balance-confirm", "seed": seed, "games": games,
               "changes": candidate.changes}  # fmt: skip
        results = run_plan(game, changed, round_robin(len(entries), games, seed), resolved, run,
                           workers, dask, confirming, where, (where / "run.json").is_file(),
                           cards)  # fmt: skip
        if results.run.get("interrupted"):
            found.interrupted = True
            break
        measured = win_rates(results)
        candidate.confirmed = [
            {"entry": label, "win": round(rate, 4), "games": n,
             "ci95": [round(x, 4) for x in wilson(rate * n, n)]}
            for label, (rate, n) in measured.items()
        ]  # fmt: skip
        candidate.miss = miss_of({k: v[0] for k, v in measured.items()}, band)
        found.confirmed.append(candidate)
        if candidate.in_band:
            found.cards = cards
            break
    write_json(out / BALANCE, {"settings": settings, **found.to_json()})
    if found.answer is not None:
        if found.cards is not None:
            write_json(out / "cards.json", found.cards)
        (out / "changes.txt").write_text("\n".join(found.answer.changes) + "\n", encoding="utf-8")
    return found


def _sample(trial: Any, knobs: list[Knob], max_edits: int) -> dict[int, int]:
    """A candidate's edits: how many, which knobs, and how far (never zero) each one turns."""
    deltas: dict[int, int] = {}
    for i in range(trial.suggest_int("edits", 0, max_edits)):
        which = trial.suggest_categorical(f"knob{i}", list(range(len(knobs))))
        knob = knobs[int(which)]
        step = trial.suggest_float(f"step{i}", -1.0, 1.0)
        reach = knob.up if step >= 0 else knob.down
        if not reach:
            continue
        delta = max(1, min(reach, math.ceil(abs(step) * reach))) * (1 if step >= 0 else -1)
        turned = deltas.get(int(which), 0) + delta
        deltas[int(which)] = max(-knob.down, min(knob.up, turned))
    return deltas


def _candidate(trial: Any) -> Candidate:
    miss, cost = trial.values
    return Candidate(list(trial.user_attrs["changes"]), float(miss), float(cost),
                     dict(trial.user_attrs["rates"]), int(trial.number))  # fmt: skip


def touched_entries(
    entries: list[Entry], changed: list[Entry], changes: list[str], cards: dict[str, Any] | None
) -> set[int]:
    """The entries whose games an edit can change: a deck an edit changed, or a deck holding a
    card a stat edit changed (every entry on the game's default decks, whose cards are not
    known in advance). ``cards``: the card set the edits were made on."""
    edits = [parse_edit(c) for c in changes]
    touched = {i for i, (was, now) in enumerate(zip(entries, changed, strict=True)) if was != now}
    stats = [e for e in edits if not e.of_deck]
    if not stats:
        return touched
    keys = {name for e in stats for name in _card_names(e.target, cards)}
    for i, entry in enumerate(entries):
        if entry.cards is None or any(card_key(str(c)) in keys for c in entry.cards):
            touched.add(i)
    return touched


def pair_tallies(results: Results) -> list[Tally]:
    """Per pair of entries that met: each one's score (a win 1, a draw a half) and the games."""
    tally: dict[tuple[int, int], list[float]] = {}
    for row in results.games.to_dict("records"):
        seats = [int(e) for e in row["entries"]]
        a, b = sorted(seats)
        kept = tally.setdefault((a, b), [0.0, 0.0, 0.0])
        winners = set(row["winners"])
        for seat, entry in enumerate(seats):
            won = 0.5 if row["draw"] else float(seat in winners)
            kept[0 if entry == a else 1] += won
        kept[2] += 1
    return [(a, b, s_a, s_b, int(n)) for (a, b), (s_a, s_b, n) in sorted(tally.items())]


def scored(labels: list[str], tallies: list[Tally]) -> dict[str, tuple[float, int]]:
    """Each entry's win rate over the pairs' tallies, and the games it played."""
    score = [0.0] * len(labels)
    played = [0] * len(labels)
    for a, b, s_a, s_b, n in tallies:
        score[a] += s_a
        score[b] += s_b
        played[a] += n
        played[b] += n
    return {label: (score[i] / played[i] if played[i] else 0.0, played[i])
            for i, label in enumerate(labels)}  # fmt: skip


def rates_of(labels: list[str], tallies: list[Tally]) -> dict[str, float]:
    """Each entry's win rate over the pairs' tallies, rounded as a trial keeps it."""
    return {label: round(rate, 4) for label, (rate, _) in scored(labels, tallies).items()}


def leans(results: Results) -> dict[str, list[tuple[str, float]]]:
    """Per entry, how its win rate leans on each card played in its games, largest first: the
    card's sway there (net copies played a game, its side's less its opponents', in the entry's
    wins less in its losses: how much more the side that plays it wins) times the entry's net
    copies a game. Positive: a stronger card would lift the entry (it plays the card more than
    its opponents do); negative: it would sink it."""
    seated: dict[int, list[tuple[int, int, bool | None]]] = {}  # game: (seat, entry, won)
    tally = [[0, 0, 0] for _ in results.entries]  # per entry: wins, losses, games
    for row in results.games.to_dict("records"):
        winners = {int(w) for w in row["winners"]}
        seats = seated.setdefault(int(row["number"]), [])
        for seat, entry in enumerate(row["entries"]):
            won = None if row["draw"] else seat in winners
            seats.append((seat, int(entry), won))
            tally[int(entry)][2] += 1
            if won is not None:
                tally[int(entry)][0 if won else 1] += 1
    net: dict[tuple[int, str], list[float]] = {}  # in wins, in losses, in all games
    for row in results.cards.itertuples():
        for seat, entry, won in seated.get(int(row.number), ()):
            sums = net.setdefault((entry, str(row.card)), [0.0, 0.0, 0.0])
            copies = int(row.played) * (1 if seat == int(row.seat) else -1)
            sums[2] += copies
            if won is not None:
                sums[0 if won else 1] += copies
    out: dict[str, list[tuple[str, float]]] = {label: [] for label in results.entries}
    for (entry, card), (in_wins, in_losses, in_all) in net.items():
        wins, losses, games = tally[entry]
        if wins and losses:
            sway = in_wins / wins - in_losses / losses
            out[results.entries[entry]].append((card, round(sway * in_all / games, 4)))
    return {label: sorted(c, key=lambda cl: (-abs(cl[1]), cl[0])) for label, c in out.items()}


def _waiting(study: Any) -> bool:
    import optuna

    return any(t.state == optuna.trial.TrialState.WAITING for t in study.trials)


def propose(
    study: Any,
    knobs: list[Knob],
    entries: list[Entry],
    band: tuple[float, float],
    max_edits: int,
    cards: dict[str, Any] | None = None,
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The next round of leads (trial parameters and what each is): on top of the best candidate
    so far, each knob of the card that pulls the entries outside the band most, turned half its
    reach each way — the first card with a lead not yet screened or queued. A card's pull is how
    each entry outside the band leans on it (``leans``, from the first screening) times how far
    out the entry lies (``outside``), summed. None when the best is in the band or every card
    has been led. ``cards``: the card set searched from (for the cards' other names)."""
    import optuna

    done = [t for t in study.trials
            if t.state == optuna.trial.TrialState.COMPLETE and "rates" in t.user_attrs]  # fmt: skip
    if not done:
        return []
    best = min(done, key=lambda t: (t.values[0], t.values[1], t.number))
    rates: dict[str, float] = best.user_attrs["rates"]
    out = {k: far for k, r in rates.items() if abs(far := outside(r, band)) > _EPS}
    if not out:
        return []
    pull: dict[str, float] = {}
    for label, far in out.items():
        for card, lean in study.user_attrs["leans"].get(label, []):
            pull[card] = pull.get(card, 0.0) + far * lean
    ranked = sorted((c for c in pull if abs(pull[c]) > _EPS), key=lambda c: (-abs(pull[c]), c))
    decks = {e.deck.lower() for e in entries if e.label in out}
    why = ", ".join(f"{label} at {100 * rates[label]:.0f}%" for label in out)
    # A lead screened or queued is not asked again; one a stop cut short is.
    kept = [
        (t.user_attrs.get("from"), t.params or t.system_attrs.get("fixed_params", {}))
        for t in study.trials
        if t.state in (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.WAITING)
    ]
    deltas = _sample(optuna.trial.FixedTrial(best.params), knobs, max_edits)
    turned = {i for i, d in deltas.items() if d}
    for card in ranked:
        names = _card_names(card, cards)
        ours = [
            i
            for i, k in enumerate(knobs)
            if (not k.deck and card_key(k.card) in names)
            or (k.deck.lower() in decks and {card_key(k.card), card_key(k.swap)} & names)
        ]
        if len(turned) >= max_edits:
            ours = [i for i in ours if i in turned]
        leads = []
        for i in ours[:LEAD_KNOBS]:
            knob = knobs[i]
            for sign, reach in ((1, knob.up), (-1, knob.down)):
                now = max(-knob.down, min(knob.up, deltas.get(i, 0) + sign * math.ceil(reach / 2)))
                if not reach or now == deltas.get(i, 0):
                    continue
                params = _params(knobs, {**deltas, i: now})
                if (best.number, params) in kept:
                    continue
                attrs = {"from": best.number, "card": card, "lead": f"{knob.label}, for {why}"}
                leads.append((params, attrs))
        if leads:
            return leads
    return []


def _card_names(card: str, cards: dict[str, Any] | None) -> set[str]:
    """Every name (slug, name, id) the card set gives ``card``; its own alone if none."""
    wanted = card_key(card)
    for entry in (cards or {}).get("cards", []):
        names = {card_key(str(entry[k])) for k in ("slug", "name", "id") if k in entry}
        if wanted in names:
            return names
    return {wanted}


def _params(knobs: list[Knob], deltas: dict[int, int]) -> dict[str, Any]:
    """The trial parameters ``_sample`` reads back as ``deltas`` (each turned knob once)."""
    params: dict[str, Any] = {}
    turned = [(i, d) for i, d in sorted(deltas.items()) if d]
    params["edits"] = len(turned)
    for n, (i, d) in enumerate(turned):
        reach = knobs[i].up if d > 0 else knobs[i].down
        params[f"knob{n}"] = i
        # ceil(|step| * reach) is |d| exactly, whatever the float's last digit.
        params[f"step{n}"] = (abs(d) - 0.5) / reach * (1 if d > 0 else -1)
    return params

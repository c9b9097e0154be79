"""How many clicks a person makes in Cyberpunk CCG, playing whole games through the real page.

A scripted person plays the browser table against the easy AI the way a plain player would: cut
nothing, draw, buy what they can afford and pay for it, put gear on a runner, team runners up, send
a team on a hit, defend with a team, save what can be saved, take Ops, and otherwise pass. Where
the table offers a payment it takes it with one click (the "Pay" button), as a person would; where
it does not, it pays source by source. Where the page offers a gesture (several moves as one
click: a draw plan, a runner to a team, a force at its target, a purchase paid as proposed) that
makes exactly the decisions it would make one at a time, it clicks that instead
(``ccg_person.gesture_for``; ``--no-gestures`` plays without them). Its choices depend only on the
moves the page lists, so the same person plays before and after a change to the table.

It counts every click (a move from the list, or the proposal's button) and files it under the
turn it was made in: the person's own turn or the opponent's (the setup before the first turn is
counted apart). It prints the median clicks per own turn and per opponent turn, and the share of
"pass" among the person's decisions. Targets: own turn <= 10, opponent's turn <= 2,
pass <= 10%.

    PYTHONPATH=src python bench/ccg_clicks.py --games 3 --seed 1

Run it from any checkout: the server it starts is that checkout's (``tests/server/harness.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from provenance import write_result  # noqa: E402
from tests.server.harness import ServerProcess  # noqa: E402
from tests.web.arcade import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.web.ccg_person import STEP, choose, gesture_for  # noqa: E402
from tests.web.drive import READY, start_game  # noqa: E402

#: How long the person waits for the AI (its first move starts a worker process).
PATIENCE_MS = 600_000


def settled(page: Page) -> dict[str, object]:
    ready: dict[str, object] = page.wait_for_function(READY, timeout=PATIENCE_MS).json_value()
    return ready


def after_move(page: Page, before: int) -> None:
    page.wait_for_function(
        """(before) => {
            const t = document.querySelector('.table-page');
            return Number(t.dataset.seq) > before || t.dataset.status === 'finished';
        }""",
        arg=before,
        timeout=PATIENCE_MS,
    )


def whose_turn(page: Page) -> str:
    """``own``, ``opp`` or ``setup``, from the table's step line."""
    seat = page.locator(".table-page").get_attribute("data-seat") or ""
    line = page.locator(".ccg-step").first.text_content() or ""
    found = STEP.search(line)
    if not found or not seat:
        return "setup"
    return "own" if int(found.group(1)) - 1 == int(seat) else "opp"


def turn_number(page: Page) -> int:
    line = page.locator(".ccg-step").first.text_content() or ""
    found = re.search(r"Turn (\d+)", line)
    return int(found.group(1)) if found else 0


def offered(page: Page) -> list[list[str]]:
    """The gestures the page offers now, each as its moves."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('button.gesture')].map((b) => b.dataset.actions)"
    )
    return [text.split("; ") for text in found]


def play_game(page: Page, limit: int, turns: int, gestures: bool = True) -> dict[str, object]:
    start_game(page, "cyberpunk-ccg", level="easy")
    per_turn: dict[tuple[int, str], int] = {}
    passes = clicks = draws = accepted = gestured = decisions = 0
    while clicks < limit:
        ready = settled(page)
        if ready["status"] == "finished":
            break
        actions: list[str] = ready["moves"]  # type: ignore[assignment]
        key = (turn_number(page), whose_turn(page))
        if turns and key[0] > turns:
            break
        accept = page.locator("button.proposal-accept")
        if accept.count() and any(a.startswith("pay ") for a in actions):
            accept.first.click()
            accepted += 1
        else:
            action = choose(actions, draws)
            plan = gesture_for(action, offered(page), draws) if gestures else None
            if plan is not None:
                page.locator(f'button.gesture[data-actions="{"; ".join(plan)}"]').first.click()
                draws += sum(step.startswith("draw ") for step in plan)
                gestured += 1
                decisions += len(plan) - 1
            else:
                draws += action.startswith("draw ")
                passes += action == "pass"
                page.locator(f'.move-list button.move[data-action="{action}"]').first.click()
        clicks += 1
        decisions += 1
        per_turn[key] = per_turn.get(key, 0) + 1
        after_move(page, int(ready["seq"]))  # type: ignore[call-overload]
    played = max((t for t, _ in per_turn), default=0)
    mine = {t for t, w in per_turn if w == "own"}
    own = [per_turn[(t, "own")] for t in sorted(mine)]
    # Every other turn is the opponent's; one in which the person was never asked counts 0.
    opp = [per_turn.get((t, "opp"), 0) for t in range(1, played + 1) if t not in mine]
    return {
        "clicks": clicks,
        "passes": passes,
        "accepted_payments": accepted,
        "gestures": gestured,
        "decisions": decisions,
        "setup_clicks": sum(n for (t, w), n in per_turn.items() if w == "setup"),
        "own_turns": own,
        "opp_turns": opp,
        "turns": played,
        "finished": ready["status"] == "finished",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--limit", type=int, default=3000, help="clicks per game at most")
    parser.add_argument(
        "--server-nice", type=int, default=10, help="the server's niceness (its AI included)"
    )
    parser.add_argument("--turns", type=int, default=0, help="stop each game after this turn")
    parser.add_argument("--out", help="write the figures as JSON here")
    parser.add_argument("--no-gestures", action="store_true", help="click every move one by one")
    args = parser.parse_args()
    games = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        # The AI may take long over its first move (its worker process starting on a loaded
        # machine): a generous limit keeps the built-in opponent from being replaced by random
        # stand-in moves.
        server = ServerProcess(
            f"sqlite:///{data}/bench.sqlite3", Path(data), "--ai-delay", "0",
            "--ai-move-seconds", "120",
        ).start()  # fmt: skip
        # Started at normal priority (the harness gives a server 30 s to answer, too little on a
        # loaded machine at nice 10); everything long then runs niced: the server, this script
        # and the browser it launches.
        assert server.proc is not None
        os.setpriority(os.PRIO_PROCESS, server.proc.pid, args.server_nice)
        os.nice(10)
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for n in range(args.games):
                context = browser.new_context(
                    base_url=server.base, viewport={"width": 1280, "height": 800}
                )
                context.set_default_timeout(30_000)
                page = context.new_page()
                game = play_game(page, args.limit, args.turns, not args.no_gestures)
                context.close()
                games.append(game)
                print(f"game {n + 1}: {json.dumps(game)}", flush=True)
        finally:
            browser.close()
            server.stop()
    own = [n for g in games for n in g["own_turns"]]  # type: ignore[attr-defined]
    opp = [n for g in games for n in g["opp_turns"]]  # type: ignore[attr-defined]
    clicks = sum(int(g["clicks"]) for g in games)  # type: ignore[call-overload]
    passes = sum(int(g["passes"]) for g in games)  # type: ignore[call-overload]
    decisions = sum(int(g["decisions"]) for g in games)  # type: ignore[call-overload]
    summary = {
        "games": len(games),
        "median_clicks_own_turn": statistics.median(own) if own else None,
        "median_clicks_opponent_turn": statistics.median(opp) if opp else None,
        "max_clicks_own_turn": max(own, default=None),
        "max_clicks_opponent_turn": max(opp, default=None),
        "pass_share": passes / clicks if clicks else None,
        # A gesture is one click and a decision per move (an accepted proposal counts one).
        "pass_share_of_decisions": passes / decisions if decisions else None,
        "clicks": clicks,
        "gestures": not args.no_gestures,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(summary, indent=2))
    if args.out:
        write_result(args.out, {"summary": summary, "games": games})


if __name__ == "__main__":
    main()

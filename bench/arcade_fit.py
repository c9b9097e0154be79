"""How well the arcade fits the screen it is on, measured through the real pages in Chromium.

For each size (1366x768 and 390x844 unless told otherwise) it reports: where the home page's
first Play button is (its top, in CSS pixels from the top of the page) and whether it is above
the fold; for each game's table a few moves into a match against the easy AI, how tall the page
is in screens, whether the board and the player's hand fit, where the first move of the move list
is (on a phone, how far a decision is from the top), the smallest card text and how many cards are
clipped, and (at 1366x768, in the CCG) what each hand card covers when it opens where it is
pointed at; and how many clicks each game's lesson takes from start to win.

    PYTHONPATH=src python bench/arcade_fit.py [--game cyberpunk-ccg] [--json out.json]

Numbers in docs/arcade-fit.md, before and after each change to the layout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from provenance import write_result  # noqa: E402
from tests.web.arcade import CHROMIUM, CHROMIUM_ARGS, Arcade  # noqa: E402
from tests.web.drive import READY, after_move, moves, seq, settled, start_game, status  # noqa: E402
from tests.web.fit import HOME, TABLE, open_hand_card  # noqa: E402

from cyberdeck.engine import games  # noqa: E402

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
WARMUP = 8


def warm(page: Page, game: str, count: int) -> None:
    start_game(page, game)
    try:
        for _ in range(count):
            settled(page)
            if status(page) == "finished" or not moves(page):
                break
            before = seq(page)
            page.locator(".move-list button.move").first.click(force=True)
            after_move(page, before)
        settled(page)
    except PlaywrightTimeout:
        print(f"{game}: the table did not settle; measured as it is", file=sys.stderr)


def hand_opening(page: Page) -> dict[str, int] | None:
    """The CCG hand's cards opened one by one where they are pointed at: how many cover another
    card's name, how many names they cover in all, and how many open past the screen's edge."""
    count = page.locator(".ccg-hand .kit-card").count()
    if not count:
        return None
    opened = [open_hand_card(page, i) for i in range(count)]
    page.mouse.move(0, 0)
    return {
        "cards": count,
        "covering": sum(1 for o in opened if o["covered"]),
        "names_covered": sum(len(o["covered"]) for o in opened),
        "outside_screen": sum(1 for o in opened if not o["inside"]),
    }


def lesson_clicks(page: Page, game: str) -> int:
    """Clicks on the lesson's suggested move from "Start over" to the end."""
    page.goto(f"/learn/{game}")
    page.get_by_role("button", name="Start over").click()
    lesson = page.locator(".learn-page")
    expect(lesson).to_have_attribute("data-step", "1")
    clicks = 0
    while lesson.get_attribute("data-step") != "done":
        before = lesson.get_attribute("data-step")
        page.locator("button.lesson-play").click()
        clicks += 1
        expect(lesson).not_to_have_attribute("data-step", before or "")
    return clicks


class PacedArcade(Arcade):
    """The arcade as ``cyberdeck serve`` runs it for people: the AI's default delay."""

    def command(self) -> list[str]:
        command = super().command()
        at = command.index("--ai-delay")
        return command[:at] + command[at + 2 :]


def ai_turns(browser: Browser, base: str, game: str, level: str, count: int) -> list[float]:
    """Wall-clock seconds from each of ``count`` own moves (the first listed) to the next
    decision, against the ``level`` AI at the page's default pace and the server's default AI
    delay: how long a person waits for the AI's turn."""
    context = browser.new_context(base_url=base, viewport={"width": 1366, "height": 768})
    context.set_default_timeout(120_000)
    page = context.new_page()
    start_game(page, game, level=level)
    waits = []
    for _ in range(count):
        ready = page.wait_for_function(READY, timeout=120_000).json_value()
        if ready["status"] == "finished":
            break
        started = time.monotonic()
        page.locator(".moves-box button").first.click()
        after_move(page, ready["seq"])
        page.wait_for_function(READY, timeout=120_000)
        waits.append(round(time.monotonic() - started, 2))
    context.close()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--moves", type=int, default=WARMUP, help="moves before measuring")
    parser.add_argument("--no-lessons", action="store_true", help="skip the lessons' clicks")
    parser.add_argument(
        "--ai-turns", type=int, default=0, help="also time this many CCG moves against `normal`"
    )
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--shots", type=Path, help="also save what was measured as PNG files here")
    args = parser.parse_args()
    wanted = args.game or [g.id for g in games()]
    found: dict[str, Any] = {"sizes": SIZES, "home": {}, "tables": {}, "lessons": {}}
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        server = Arcade(Path(data)).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(base_url=server.base)
            context.set_default_timeout(30_000)
            context.add_init_script(
                "try { localStorage.setItem('cyberdeck.pace', 'instant'); } catch {}"
            )
            page = context.new_page()
            for name, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.goto("/")
                page.wait_for_selector("article.game-card")
                home = page.evaluate(HOME)
                home["above_fold"] = home["play_top"] is not None and home["play_top"] < height
                found["home"][name] = home
                if args.shots:
                    args.shots.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(args.shots / f"home-{name}.png"))
                print(name, "home", home)
            for game in wanted:
                page.set_viewport_size(
                    {"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]}
                )
                warm(page, game, args.moves)
                for name, (width, height) in SIZES.items():
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(300)
                    table = page.evaluate(TABLE)
                    table["screens"] = round(table["page_height"] / height, 2)
                    if name == "desktop":
                        table["hand_open"] = hand_opening(page)
                    found["tables"].setdefault(game, {})[name] = table
                    if args.shots:
                        page.screenshot(path=str(args.shots / f"{game}-{name}.png"))
                    print(game, name, table)
            if not args.no_lessons:
                page.set_viewport_size(
                    {"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]}
                )
                for game in wanted:
                    found["lessons"][game] = lesson_clicks(page, game)
                    print(game, "lesson clicks", found["lessons"][game])
            context.close()
        finally:
            server.stop()
        if args.ai_turns:
            (Path(data) / "paced").mkdir()
            paced = PacedArcade(Path(data) / "paced").start()
            try:
                waits = ai_turns(browser, paced.base, "cyberpunk-ccg", "normal", args.ai_turns)
            finally:
                paced.stop()
            found["ccg_ai_turn_seconds"] = {
                "waits": waits,
                "max": max(waits, default=0.0),
                "median": statistics.median(waits) if waits else 0.0,
            }
            print("CCG against normal, seconds from a move to the next decision:", waits)
        browser.close()
    if args.json:
        write_result(args.json, found)


if __name__ == "__main__":
    main()

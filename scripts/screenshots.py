"""Screenshots of every game's table at desktop (1366x768) and phone (390x844) size, for a person
to look at: ``make screenshots`` writes screenshots/<game>-desktop.png and <game>-phone.png (and
the home page). Each game is played a few moves into a match against the easy AI first. Each
game's tutorial page is taken too (<game>-learn-desktop.png ...), a few steps into the lesson.
An online match between two people is taken mid-game (online-desktop.png: its clock bar and
chat) and at its end (online-end-desktop.png: the rematch box), from the first player's seat.
The Lab page's card editor is taken with a card edited, saved and measured by a tiny what-if
(lab-desktop.png, lab-phone.png), and a finished Swiss tournament of AI entrants with its top cut
(tournament-desktop.png, tournament-phone.png); ``--only lab`` or ``--only tournament`` takes
only those."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, Page, expect, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from tests.web.arcade import CHROMIUM, CHROMIUM_ARGS, Arcade  # noqa: E402
from tests.web.drive import (  # noqa: E402
    TABLE,
    after_move,
    moves,
    resign,
    seq,
    settled,
    start_game,
    status,
    two_at_a_table,
)

from cyberdeck.engine import games  # noqa: E402

SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
#: Moves made before the picture, so the table has something on it.
WARMUP = 8


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="screenshots", help="folder for the PNG files")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument("--moves", type=int, default=WARMUP, help="moves before the picture")
    parser.add_argument(
        "--lesson-steps", type=int, default=2, help="tutorial steps taken before its picture"
    )
    parser.add_argument(
        "--gestures",
        action="store_true",
        help="make the last gesture offered (several moves as one click) where there is one, "
        "so that the picture shows what gestures did",
    )
    parser.add_argument(
        "--only",
        choices=("lab", "tournament"),
        help="only the Lab page's pictures, or only the tournament page's",
    )
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = args.game or [g.id for g in games()]
    with tempfile.TemporaryDirectory() as data, sync_playwright() as p:
        server = Arcade(Path(data)).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                base_url=server.base, viewport={"width": 1366, "height": 768}
            )
            page = context.new_page()
            page.on("pageerror", lambda err: print(f"page error: {err}", file=sys.stderr))
            page.on(
                "console",
                lambda m: (
                    print(f"console: {m.text}", file=sys.stderr) if m.type == "error" else None
                ),
            )
            if args.only != "tournament":
                lab(page, out)
            if args.only != "lab":
                tournament(browser, server, out)
            if args.only:
                return
            for name, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.goto("/")
                page.wait_for_selector("article.game-card")
                page.screenshot(path=str(out / f"home-{name}.png"))
            for game in wanted:
                page.set_viewport_size({"width": 1366, "height": 768})
                start_game(page, game)
                try:
                    for _ in range(args.moves):
                        settled(page)
                        if status(page) == "finished" or not moves(page):
                            break
                        before = seq(page)
                        offered = page.locator("button.gesture")
                        if args.gestures and offered.count():
                            offered.last.click()
                        else:
                            page.locator(".move-list button.move").first.click()
                        after_move(page, before)
                    settled(page)
                except PlaywrightTimeout:
                    # Take the picture anyway: it shows what the table was waiting for.
                    table = page.locator(".table-page")
                    print(
                        f"{game}: the table did not settle ({table.get_attribute('data-status')}, "
                        f"move {table.get_attribute('data-seq')}, busy {table.get_attribute('data-busy')})",
                        file=sys.stderr,
                    )
                shoot(page, game, out)
                lesson(page, game, args.lesson_steps, out)
            context.close()
            online(browser, server, out)
        finally:
            browser.close()
            server.stop()


def shoot(page: Page, stem: str, out: Path) -> None:
    """``page`` at each size, as <stem>-desktop.png and <stem>-phone.png (the phone's whole page)."""
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        path = out / f"{stem}-{name}.png"
        page.screenshot(path=str(path), full_page=name == "phone")
        print(f"wrote {path}")


def lab(page: Page, out: Path) -> None:
    """The card editor with Road Warrior's SR raised, saved, and a what-if of one game a pair
    played to its result table."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto("/lab/cyberpunk-ccg")
    page.locator(".lab-search").fill("road")
    page.get_by_label("Road Warrior: sr").fill("45")
    expect(page.locator(".lab-verdict")).to_have_text("Playable: 1 number changed.", timeout=30_000)
    page.locator(".lab-name").fill("Nomads up")
    page.locator(".lab-save").click()
    expect(page.locator(".lab-set .flash")).to_have_text("Saved Nomads up.")
    page.locator(".lab-games-per-pair").fill("2")
    page.locator(".lab-run").click()
    expect(page.locator(".lab-progress-text")).to_contain_text("Finished", timeout=60_000)
    page.locator(".lab-result-table").scroll_into_view_if_needed()
    shoot(page, "lab", out)


#: The tournament pictured: its AI entrants' levels (told apart on the page by their number).
ENTRANTS = ("easy", "random", "easy", "greedy", "random", "greedy")


def tournament(browser: Browser, server: Arcade, out: Path) -> None:
    """A Cipher Run Swiss of two rounds and a top 4, made by a new account with six AI entrants
    and played to its end by the server: the standings, every round's tables and the bracket."""
    context = browser.new_context(base_url=server.base, viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto("/")
    page.request.post("/api/auth/guest")
    page.request.post("/api/auth/signup", data={"name": "swiss-maker", "password": "pictures 123"})
    made = page.request.post(
        "/api/tournaments",
        data={
            "name": "Friday Night Swiss",
            "game": "cipher-run",
            "rounds": 2,
            "cut": 4,
            "clock": {"kind": "real-time", "minutes": 10, "increment": 5},
            "allow_ai": True,
        },
    )
    assert made.ok, made.text()
    tournament_id = made.json()["id"]
    for level in ENTRANTS:
        entered = page.request.post(f"/api/tournaments/{tournament_id}/ai", data={"level": level})
        assert entered.ok, entered.text()
    page.request.post(f"/api/tournaments/{tournament_id}/start")
    page.goto(f"/tournaments/{tournament_id}")
    # Finished: the final placing lists every entrant, the champion first.
    expect(page.locator(".placings tbody tr").first).to_contain_text("champion", timeout=600_000)
    shoot(page, "tournament", out)
    context.close()


def online(browser: Browser, server: Arcade, out: Path) -> None:
    """Two people at an online Cipher Run with a real-time clock: a few moves and a word each in
    the chat, then the first player resigns and the rematch box shows."""
    people, pages = two_at_a_table(browser, server, private=False, options={"clock": "real-time"})
    alice, bob = pages
    made = 0
    for _ in range(WARMUP * 20):  # whoever has the move makes it; the other page waits
        if made == WARMUP:
            break
        mover = next(
            (
                p
                for p in pages
                if p.locator(f"{TABLE}[data-busy='false'] .move-list button.move").count()
            ),
            None,
        )
        if mover is None:
            alice.wait_for_timeout(100)
            continue
        before = seq(mover)
        mover.locator(".move-list button.move").first.click()
        after_move(mover, before)
        made += 1
    for page, words in ((alice, "good luck"), (bob, "you too, have fun")):
        page.locator(".chat-input").fill(words)
        page.locator(".chat-input").press("Enter")
    expect(alice.locator(".chat-line")).to_have_count(2)
    expect(alice.locator(TABLE)).to_have_attribute("data-status", "running")
    shoot(alice, "online", out)
    alice.set_viewport_size({"width": 1366, "height": 768})
    resign(alice, bob)
    expect(alice.locator(".rematch")).to_be_visible()
    shoot(alice, "online-end", out)
    for context in people:
        context.close()


def lesson(page: Page, game: str, steps: int, out: Path) -> None:
    """The game's tutorial page, started over and ``steps`` suggested clicks in (a gesture's
    click makes several moves: the page's ``data-step`` counts moves)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"/learn/{game}")
    page.get_by_role("button", name="Start over").click()
    lesson_page = page.locator(".learn-page")
    expect(lesson_page).to_have_attribute("data-step", "1")
    for _ in range(steps):
        before = lesson_page.get_attribute("data-step") or ""
        page.locator("button.lesson-play").click()
        expect(lesson_page).not_to_have_attribute("data-step", before)
    shoot(page, f"{game}-learn", out)


if __name__ == "__main__":
    main()

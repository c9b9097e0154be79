"""Driving the arcade through its pages, as a person would: the home page's buttons, the table's
move list, clicks on the table, the keyboard. Shared by the browser tests and the screenshots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from cyberdeck.engine.seats import name_seats, unique_names

from .arcade import Arcade, open_person

TABLE = ".table-page"


def start_game(
    page: Page,
    game: str,
    mode: str = "ai",
    level: str = "easy",
    private: bool = False,
    options: dict[str, str] | None = None,
    campaign: bool = False,
) -> str:
    """From the home page: a new match of ``game`` (``ai``, ``hotseat`` or ``online``, which
    may be ``private``, and the first game of a ``campaign``) with the game's ``options`` chosen
    in its form; returns its id once its table is drawn."""
    page.goto("/")
    card = page.locator(f'article.game-card[data-game="{game}"]')
    card.wait_for()
    open_more(card)
    for name, value in (options or {}).items():
        card.locator(f'select[name="{name}"]').select_option(value)
    if mode == "ai" and card.locator("select.level").count():
        card.locator("select.level").select_option(level)
    if private:
        card.locator("input.private").check()
    if campaign:
        card.locator("input.campaign").check()
    card.locator(f"button.play-{mode}").click()
    page.wait_for_function("() => location.pathname.startsWith('/play/')")
    page.wait_for_selector(f"{TABLE}[data-seq]")
    return page.url.split("/play/")[1].split("?")[0]


def open_more(card: Locator) -> None:
    """Open a home page game card's "More" (its options, AI level and other ways to play)."""
    more = card.locator("details.more")
    if more.get_attribute("open") is None:
        more.locator("summary").click()


READY = """() => {
    const t = document.querySelector('.table-page');
    if (!t || !t.dataset.seq) return false;
    const listed = [...document.querySelectorAll('.move-list button.move')].map((b) => b.dataset.action);
    const ready = t.dataset.status === 'finished' || t.dataset.covered === 'true'
        || (t.dataset.busy === 'false' && listed.length > 0);
    return ready && {status: t.dataset.status, seq: Number(t.dataset.seq), moves: listed};
}"""


def settled(page: Page) -> dict[str, Any]:
    """Wait until the table is ready for a decision: the game is over, or this page has moves to
    choose from (and no move of its own on the way), or a hot-seat cover waits to be lifted.
    Returns ``{status, seq, moves}`` (the listed moves' actions in their numbered order)."""
    ready: dict[str, Any] = page.wait_for_function(READY, timeout=30_000).json_value()
    return ready


def shown(text: str, summary: dict[str, Any], you: int | None) -> str:
    """A game's text (an outcome's reason, say) as a page shows it to ``you`` (a seat, or
    ``None``): each seat's label replaced by the seat's one name (the engine's rules, which the
    page's seats.js keeps to)."""
    names = unique_names(
        [
            f"{(s['level'] or 'normal').capitalize()} AI"
            if s["kind"] == "ai"
            else s["name"] or f"Player {i + 1} (open seat)"
            for i, s in enumerate(summary["seats"])
        ]
    )
    return name_seats(text, summary["seat_labels"], names, you)


def my_seat(page: Page) -> int | None:
    seat = page.locator(TABLE).get_attribute("data-seat") or ""
    return int(seat) if seat else None


def status(page: Page) -> str:
    return page.locator(TABLE).get_attribute("data-status") or ""


def seq(page: Page) -> int:
    return int(page.locator(TABLE).get_attribute("data-seq") or 0)


def moves(page: Page) -> list[str]:
    """The actions of the listed moves, in their numbered order."""
    listed: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.move-list button.move')].map((b) => b.dataset.action)"
    )
    return listed


def after_move(page: Page, before: int) -> None:
    """Wait until the table has moved on from sequence number ``before``."""
    page.wait_for_function(
        """(before) => {
            const t = document.querySelector('.table-page');
            return Number(t.dataset.seq) > before || t.dataset.status === 'finished';
        }""",
        arg=before,
        timeout=30_000,
    )


def play_out(page: Page, choose: Callable[[Page, list[str]], None], limit: int = 2000) -> int:
    """Play until the end screen shows: ``choose`` makes one move by any means (click, keyboard);
    returns the number of moves this page made."""
    made = 0
    while made < limit:
        ready = settled(page)
        if ready["status"] == "finished":
            break
        choose(page, ready["moves"])
        after_move(page, ready["seq"])
        made += 1
    expect(page.locator(".end-screen .reason")).not_to_be_empty()
    return made


def click_first_move(page: Page, _: list[str]) -> None:
    # A real mouse click; ``force`` skips only the wait for two still frames.
    page.locator(".move-list button.move").first.click(force=True)


def join_by_link(page: Page, link: str, deck: str | None = None) -> None:
    """Open an invite ``link`` and take the seat: in a game with decks the page asks for the
    joiner's deck first (``deck``: the label of a choice; the game's default when left out)."""
    page.goto(link)
    page.wait_for_function(
        "() => location.pathname.startsWith('/play/') || document.querySelector('.take-seat')"
    )
    if page.locator(".take-seat").count():
        if deck is not None:
            page.locator("select.join-deck").select_option(label=deck)
        page.locator(".take-seat").click()
    page.wait_for_function("() => location.pathname.startsWith('/play/')")


def draw_alone(page: Page, game: str, view: dict[str, Any], moves: list[dict[str, Any]]) -> None:
    """Draw ``game``'s table renderer by itself in ``#harness`` from a given ``view`` (one built
    for the test: a count of 1, a certain draw) with ``moves`` as the server lists them; clicks
    go to ``window.played``."""
    page.goto("/")
    page.evaluate(
        """async ([game, view, moves]) => {
            const { makeCtx, drawTable } = await import('/static/js/renderers.js');
            const module = await import(`/static/js/games/${game}.js`);
            const root = document.createElement('div');
            root.id = 'harness';
            document.body.replaceChildren(root);
            window.played = [];
            const local = {};
            const draw = () => {
                const ctx = makeCtx({ seat: view.seat, moves, play: (a) => window.played.push(a), local, redraw: draw });
                root.replaceChildren(drawTable(module, view, ctx));
            };
            draw();
        }""",
        [game, view, moves],
    )


def two_at_a_table(
    browser: Browser,
    arcade: Arcade,
    private: bool = True,
    game: str = "cipher-run",
    options: dict[str, str] | None = None,
) -> tuple[list[BrowserContext], list[Page]]:
    """Alice makes an online match of ``game`` (with the ``options`` of its card's form, the
    clock among them) and Bob joins it by its link."""
    people = [open_person(browser, arcade), open_person(browser, arcade)]
    alice, bob = pages = [p.new_page() for p in people]
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())  # "Resign this game?"
    start_game(alice, game, mode="online", private=private, options=options)
    join_by_link(bob, alice.locator(".invite-url").input_value().replace(arcade.base, ""))
    for page in pages:
        expect(page.locator(TABLE)).to_have_attribute("data-status", "running")
    return people, pages


def resign(page: Page, other: Page) -> None:
    """``page``'s player resigns; both tables show the game finished."""
    page.locator(".table-buttons button.resign").click()
    for each in (page, other):
        expect(each.locator(TABLE)).to_have_attribute("data-status", "finished")

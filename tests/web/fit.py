"""How well a page fits the screen it is on, read by the page itself: shared by the looks tests
and ``bench/arcade_fit.py``, which reports the same figures for every game."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

#: The page's own measurements: the first Play button; a table's height in screens, its board's
#: and hand's bottoms, the first listed move's top, the smallest card text and the clipped cards.
HOME = """() => {
    const b = document.querySelector('article.game-card button.play-ai');
    const all = [...document.querySelectorAll('article.game-card :is(button.play-ai, button.play-now)')];
    return { play_top: b ? Math.round(b.getBoundingClientRect().top + scrollY) : null,
             plays: all.length,
             plays_bottom: Math.round(Math.max(...all.map((n) => n.getBoundingClientRect().bottom + scrollY))),
             plays_right: Math.round(Math.max(...all.map((n) => n.getBoundingClientRect().right))),
             cards_with_art: document.querySelectorAll('article.game-card .game-art').length };
}"""

TABLE = """() => {
    const top = (sel) => { const n = document.querySelector(sel);
        return n ? Math.round(n.getBoundingClientRect().top + scrollY) : null; };
    const bottom = (sel) => { const n = document.querySelector(sel);
        return n ? Math.round(n.getBoundingClientRect().bottom + scrollY) : null; };
    const cards = [...document.querySelectorAll('.board .kit-card, .board .card')];
    const sizes = cards.flatMap((c) => [c, ...c.querySelectorAll('*')])
        .filter((n) => n.childNodes.length && [...n.childNodes].some((t) => t.nodeType === 3 && t.textContent.trim()))
        .map((n) => parseFloat(getComputedStyle(n).fontSize));
    const clipped = cards.filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1).length;
    const scrollers = [...document.querySelectorAll('.board *')].filter((n) => {
        const s = getComputedStyle(n);
        return /(auto|scroll)/.test(s.overflowY + s.overflowX) && (n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
            && n.querySelector('.kit-card, .card');
    }).length;
    const hand = document.querySelector('.board [class*="hand"].mine, .board [class$="-hand"], .board .hand');
    return {
        page_height: document.documentElement.scrollHeight,
        table_overflow: (() => { const m = document.querySelector('.table-main');
            return m ? m.scrollHeight - m.clientHeight : null; })(),
        board_bottom: bottom('.board'),
        hand_bottom: hand ? Math.round(hand.getBoundingClientRect().bottom + scrollY) : null,
        first_move_top: top('.moves-box button'),
        first_move_visible: (() => { const n = document.querySelector('.moves-box button');
            if (!n) return null; const r = n.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; })(),
        min_card_text_px: sizes.length ? Math.min(...sizes) : null,
        clipped_cards: clipped,
        scrolling_card_boxes: scrollers,
    };
}"""

#: For the open CCG hand card ``i``: its width, whether it is inside the screen, and the other
#: hand cards whose name it covers (a point at either end of the name's middle line finds it on top).
OPEN_CARD = """(i) => {
  const cards = [...document.querySelectorAll('.ccg-hand .kit-card')];
  const open = cards[i], box = open.getBoundingClientRect();
  const covered = cards.filter((other) => other !== open).filter((other) => {
    const name = other.querySelector('.kit-card-name').getBoundingClientRect();
    const y = name.top + name.height / 2;
    return [name.left + 2, name.right - 2].some((x) => open.contains(document.elementFromPoint(x, y)));
  }).map((other) => other.querySelector('.kit-card-name').textContent);
  const inside = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
  return {width: box.width, covered, inside};
}"""


def open_hand_card(page: Page, i: int) -> dict[str, Any]:
    """Points at the CCG hand's card ``i`` and waits until it is open all the way (its lift moves
    with its size, 1.45 times): what ``OPEN_CARD`` reads then."""
    card = page.locator(".ccg-hand .kit-card").nth(i)
    width = (card.bounding_box() or {"width": 0})["width"]
    card.hover()
    page.wait_for_function(
        "([i, w]) => document.querySelectorAll('.ccg-hand .kit-card')[i]"
        ".getBoundingClientRect().width >= w * 1.449",
        arg=[i, width],
    )
    found: dict[str, Any] = page.evaluate(OPEN_CARD, i)
    return found

"""Plays a game through the table page as a person would, until the end screen: it clicks the
things the game's table offers (a card, a pile, a firewall: the renderer's ``.playable``
elements, and the choices a selected thing opens) and types move numbers on the keyboard, in
turn. The loop runs inside the page, so a long game (hundreds of moves in Cyberpunk CCG) costs no
round trip to the test per move (``drive.play_out`` makes one per move, fine for short games)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

_DRIVER = """
async ({ limit, seconds }) => {
  const page = document.querySelector(".table-page");
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const deadline = Date.now() + seconds * 1000;
  const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  // A click on the table that moved nothing (a selection toggled, say) is followed by a move
  // number, so the loop always makes progress.
  let made = 0, clicks = 0, keys = 0, choices = 0, last = "", stuck = false;
  while (page.dataset.status !== "finished" && made < limit && Date.now() < deadline) {
    const list = document.querySelectorAll(".move-list button.move");
    if (!list.length || page.dataset.busy === "true" || page.dataset.status !== "running") {
      await sleep(2);
      continue;
    }
    const seq = page.dataset.seq;
    const choice = document.querySelector(".board .kit-chooser .kit-choice:not(.cancel)");
    const spot = document.querySelector(".board .playable");
    if (choice) { last = `choice ${choice.textContent}`; choice.click(); choices++; }
    else if (made % 2 === 0 && spot && !stuck) { last = `click ${spot.getAttribute("aria-label")}`; spot.click(); clicks++; }
    else {
      // "1" is a whole move number below ten moves; with more it waits for a second digit.
      last = `key 1 of ${list.length}`;
      key("1");
      if (list.length >= 10) key("Enter");
      keys++;
    }
    const until = Date.now() + 5000;
    while (page.dataset.seq === seq && page.dataset.status !== "finished" && Date.now() < until) {
      if (page.dataset.busy !== "true" && document.querySelector(".board .kit-chooser")) break;
      await sleep(2);
    }
    if (page.dataset.seq !== seq) made++;
    stuck = page.dataset.seq === seq && !choice && !document.querySelector(".board .kit-chooser");
  }
  const moves = [...document.querySelectorAll(".move-list button.move")].map((b) => b.dataset.action);
  const { status, seq, busy } = page.dataset;
  return { made, clicks, keys, choices, status, seq, busy, last, moves };
}
"""


def play_to_the_end(page: Page, seconds: float = 900, limit: int = 5000) -> dict[str, Any]:
    """Moves until the game is over (or ``limit`` moves, or ``seconds``): what was done. A CCG
    game is hundreds of moves, each paced as a person sees it; beside the other test worker on a
    2-core machine one took over 420 s (662 moves made), so the deadline leaves room for that."""
    page.wait_for_selector(".table-page[data-status='running']")
    result: dict[str, Any] = page.evaluate(_DRIVER, {"limit": limit, "seconds": seconds})
    return result

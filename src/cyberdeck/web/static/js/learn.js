// The tutorial page (/learn/GAME): the game's own table renderer with the step's text in a panel
// beside it and the part of the table the step talks about marked. The server holds the lesson
// (/api/learn/GAME, the same tutorial player as `cyberdeck learn`); this page only draws it.
import { api, ensureSession } from "./api.js";
import { withSymbols } from "./cards.js";
import { el, fill } from "./dom.js";
import { moveList, playTyped, typeDigit, typedIndicator } from "./movelist.js";
import { drawTable, makeCtx, numberedMoves, rendererFor } from "./renderers.js";
import { rulesHref } from "./rulelinks.js";
import { nameSeats } from "./seats.js";

// Every element of the table a highlight names: one whose data attribute has that value (a pile
// "b2", a vault "vault1"), or whose class ends in it ("hand" marks mo-hand, cr-hand ...). A
// highlight scoped to a side ({name, side: "you" | "tutor"}) marks only that side's: an element
// inside that side's area, or that side's areas inside it (Cipher Run's vault 1 holds a node of
// each player: "tutor:vault1" marks the tutor's). A side's area is the renderers' own mark: the
// seat's data-seat, or a class "mine" / "theirs" (or one ending in "-mine" / "-theirs").
export function marked(board, highlight, seat) {
  const found = new Set();
  for (const part of highlight) {
    const { name, side } = typeof part === "string" ? { name: part, side: "" } : part;
    const wanted = String(name).toLowerCase();
    const named = [...board.querySelectorAll("*")].filter((node) => {
      const values = Object.values(node.dataset).map((v) => String(v).toLowerCase());
      return values.includes(wanted) || [...node.classList].some((c) => c.toLowerCase().endsWith(`-${wanted}`));
    });
    if (!side) {
      named.forEach((node) => found.add(node));
      continue;
    }
    const isSide = (node, mine) => {
      if (node.dataset.seat !== undefined && seat !== null && seat !== undefined) return (node.dataset.seat === String(seat)) === mine;
      const word = mine ? "mine" : "theirs";
      return [...node.classList].some((c) => c === word || c.endsWith(`-${word}`));
    };
    const mine = side === "you";
    for (const node of named) {
      let up = node;
      while (up && up !== board && !isSide(up, mine) && !isSide(up, !mine)) up = up.parentElement;
      if (up && up !== board) {
        if (isSide(up, mine)) found.add(node);
        continue;
      }
      for (const inner of node.querySelectorAll("*")) if (isSide(inner, mine)) found.add(inner);
    }
  }
  return [...found];
}

export async function showLearn(root, gameId) {
  await ensureSession();
  const s = { lesson: null, busy: false, buffer: "", local: {} };
  const renderer = await rendererFor(gameId);

  const title = el("h1", { class: "table-title" }, "Learn");
  const stepBox = el("section", { class: "panel lesson-step", "aria-live": "polite", "aria-label": "The lesson" });
  const board = el("div", { class: "board", id: "board" });
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const movesBox = el("div", { class: "moves-box" });
  const typed = el("p", { class: "typed", "aria-live": "polite" });
  const lookOut = el("p", { class: "look-out", role: "status", "aria-live": "polite" });
  const logList = el("ol", { class: "log-list", "aria-label": "Game log", tabindex: "0" });
  const restart = el("button", { type: "button", class: "lesson-restart", onclick: () => start(true) }, "Start over");
  const rulesLink = el("a", { class: "button lesson-rules", href: rulesHref(gameId), target: "_blank", rel: "noopener" }, "Rules");

  const page = el("section", { class: "table-page learn-page", dataset: { game: gameId } },
    el("header", { class: "table-head" }, title, el("span", { class: "table-buttons" }, rulesLink, restart)),
    flash,
    el("div", { class: "table-body" },
      el("div", { class: "table-main" }, stepBox, board),
      el("aside", { class: "side" },
        el("section", { class: "panel moves-panel" }, el("h2", {}, "Moves"), movesBox, typed, lookOut),
        el("section", { class: "panel log-panel" }, el("h2", {}, "Log"), logList))));

  function say(text) {
    flash.textContent = text;
    flash.hidden = !text;
  }

  // Busy while the lesson loads: its moves are disabled and typed digits are not taken, so
  // nothing said about a move is wiped by the answer arriving after it.
  async function start(fresh) {
    if (s.busy) return;
    s.busy = true;
    draw();
    try {
      s.lesson = await api(`/api/learn/${encodeURIComponent(gameId)}`, { method: fresh ? "POST" : "GET" });
      s.local = {};
      say("");
    } catch (err) {
      say(err.message);
    } finally {
      s.busy = false;
      s.buffer = "";
    }
    draw();
  }

  const moves = () => (s.lesson && !s.lesson.finished ? numberedMoves(s.lesson.table, (text) => named(s.lesson, text)) : []);

  // A move, or with gesture the step's gesture (the move and the script's next ones in one
  // click, as the real table offers them).
  async function play(action, gesture = false) {
    if (s.busy || !s.lesson) return;
    s.busy = true;
    try {
      s.lesson = await api(`/api/learn/${encodeURIComponent(gameId)}/move`, { method: "POST", body: { action, gesture } });
      s.local = {};
      say("");
    } catch (err) {
      say(err.message); // the game's own sentence; nothing changed
    } finally {
      s.busy = false;
      s.buffer = "";
    }
    draw();
  }

  async function look(target) {
    const answer = await api(`/api/learn/${encodeURIComponent(gameId)}/look?target=${encodeURIComponent(target)}`);
    fill(lookOut, withSymbols(answer.text || `There is nothing called "${target}" to look at.`));
    return answer.text;
  }

  // The game's texts with each seat called by its name here: "you" and "the tutor".
  const seatNames = (lesson) => lesson.seat_labels.map((_, i) => (i === lesson.table.seat ? "You" : "Tutor"));
  const named = (lesson, text) => nameSeats(text, lesson.seat_labels, seatNames(lesson), lesson.table.seat);

  function drawStep(lesson) {
    const parts = [];
    for (const line of lesson.narration) parts.push(el("p", { class: "lesson-narration" }, el("b", {}, "Tutor: "), withSymbols(line)));
    if (lesson.word) parts.push(el("p", { class: "lesson-word", role: "status" }, el("b", {}, "Tutor: "), withSymbols(lesson.word)));
    const step = lesson.step;
    if (step) {
      const within = step.moves > 1 ? `, move ${step.move} of ${step.moves}` : "";
      parts.unshift(el("h2", {}, `Step ${step.step} of ${step.steps}${within}`));
      if (step.number === 1 && lesson.intro && !lesson.word) parts.push(el("p", { class: "lesson-intro" }, lesson.intro));
      parts.push(
        el("p", { class: "lesson-text" }, withSymbols(step.text)),
        el("p", { class: "lesson-suggested" }, "Suggested: ",
          step.gesture
            ? el("button", { type: "button", class: "primary lesson-play lesson-gesture", disabled: s.busy, dataset: { action: step.action }, "aria-label": `${named(lesson, step.gesture_words || step.gesture)} (one click)`, onclick: () => play(step.action, true) },
              withSymbols(named(lesson, step.gesture)), " (one click)")
            : el("button", { type: "button", class: "primary lesson-play", disabled: s.busy, dataset: { action: step.action }, "aria-label": `${step.n}: ${named(lesson, step.words || step.label)}`, onclick: () => play(step.action) },
              el("kbd", {}, String(step.n)), " ", withSymbols(named(lesson, step.label)))),
        step.section ? el("p", { class: "muted" }, el("a", { href: rulesHref(gameId, step.section), target: "_blank", rel: "noopener", class: "lesson-section" }, `Rules: ${step.section}`)) : null);
    } else {
      const reason = lesson.outcome ? named(lesson, lesson.outcome.reason) : "";
      parts.unshift(el("h2", { class: "lesson-done" }, lesson.won ? "You won" : "The lesson is over"));
      parts.push(el("p", {}, withSymbols(reason ? `${reason}.` : "")), el("p", { class: "lesson-outro" }, lesson.outro),
        el("p", {}, el("a", { href: "/", class: "button primary lesson-play-for-real" }, "Play for real"), " ",
          el("a", { href: rulesHref(gameId), target: "_blank", rel: "noopener" }, "Read the rules")));
    }
    fill(stepBox, parts);
  }

  function draw() {
    const lesson = s.lesson;
    if (!lesson) return;
    // The learner's moves, one a click (the tests count them); the heading counts steps.
    page.dataset.step = lesson.step ? String(lesson.step.number) : "done";
    page.dataset.total = lesson.step ? String(lesson.step.total) : "";
    title.textContent = `Learn ${lesson.title}`;
    document.title = `Learn ${lesson.title} · cyberdeck`;
    const list = moves();
    const ctx = makeCtx({
      seat: lesson.table.seat, moves: list, play, look, local: s.local, redraw: draw,
      seatName: (i) => seatNames(lesson)[i] || "Tutor",
      named: (text) => named(lesson, text),
    });
    fill(board, drawTable(renderer, lesson.table.view, ctx));
    drawStep(lesson);
    fill(movesBox, moveList(list, { play, busy: s.busy }) || el("p", { class: "muted" }, "No moves: the lesson is over."));
    const step = lesson.step;
    if (step) {
      for (const node of marked(board, step.highlight, lesson.table.seat)) node.classList.add("lesson-mark");
      for (const node of page.querySelectorAll(`[data-move="${step.n}"], .move[data-n="${step.n}"]`)) node.classList.add("lesson-suggest");
    }
    const words = lesson.log_words || lesson.log;
    const first = Math.max(lesson.log.length - 12, 0);
    fill(logList, lesson.log.slice(first).map((line, i) => el("li", { "aria-label": named(lesson, words[first + i]) }, withSymbols(named(lesson, line)))));
    logList.scrollTop = logList.scrollHeight;
    typedIndicator(typed, s.buffer);
  }

  function onKey(event) {
    if (!page.isConnected) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || event.ctrlKey || event.metaKey || event.altKey) return;
    const list = moves();
    if (/^[0-9]$/.test(event.key) && list.length && !s.busy) {
      event.preventDefault();
      typeDigit(s, event.key, list, play, (n) => say(`There is no move ${n}.`));
      typedIndicator(typed, s.buffer);
    } else if (event.key === "Enter" && s.buffer) {
      event.preventDefault();
      playTyped(s, list, play);
      typedIndicator(typed, s.buffer);
    } else if (event.key === "Escape") {
      s.buffer = "";
      typedIndicator(typed, "");
    }
  }
  document.addEventListener("keydown", onKey);
  await start(false);
  // Shown once the lesson is drawn: nothing on the page moves as its parts arrive.
  fill(root, page);
  return () => document.removeEventListener("keydown", onKey);
}

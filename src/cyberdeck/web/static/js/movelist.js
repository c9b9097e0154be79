// The numbered move list and the keyboard: click a move, or type its number (a number that no
// longer number could start is played at once; otherwise Enter plays it), `?` for the shortcuts.
import { withSymbols } from "./cards.js";
import { el, fill } from "./dom.js";
import { counted } from "./words.js";

// A move's accessible name: its number and its words as the server spells them from this seat's
// view ("3: Seed six of spades face down on your Vault 1"), so that a screen reader reads the
// move, not its codes ("6S", "vault1") letter by letter. The page never spells a game's codes.
export function moveName(m) {
  return `${m.n}: ${m.words || m.label}`;
}

// folds: a game's long groups of one choice (a Joker's search of the deck: a move per card) by
// heading, with the words their folded entry says; the table offers the choice its own way, and
// the list keeps the moves one click away (their numbers still play them) without a screenful.
export function moveList(moves, { play, busy, folds = {} }) {
  if (!moves.length) return null;
  const items = [];
  let group = null;
  let fold = null;
  const button = (m) => el("li", {},
    el("button", {
      type: "button",
      class: "move",
      dataset: { n: String(m.n), action: m.action },
      disabled: busy,
      "aria-label": moveName(m),
      onclick: () => play(m.action),
    }, el("kbd", {}, String(m.n)), " ", el("span", { class: "move-label" }, withSymbols(m.label))));
  for (const m of moves) {
    if (m.group !== group) {
      group = m.group;
      fold = null;
      if (folds[group]) {
        const count = moves.filter((x) => x.group === group).length;
        fold = el("ol", { class: "move-fold-list" });
        items.push(el("li", { class: "move-fold" },
          el("details", {}, el("summary", {}, `${folds[group]} (${counted(count, "choice")})`), fold)));
      } else {
        items.push(el("li", { class: "move-group" }, group));
      }
    }
    if (fold) fold.append(button(m));
    else items.push(button(m));
  }
  return el("ol", { class: "move-list", "aria-label": "Your moves" }, items);
}

// The gestures on offer (several moves as one click), under their headings, above the moves;
// each button carries its moves (joined by "; ") for tests and benches to find.
export function gestureList(gestures, { gesture, busy }) {
  if (!gestures.length) return null;
  const items = [];
  let group = null;
  for (const g of gestures) {
    if (g.group !== group) {
      group = g.group;
      items.push(el("li", { class: "move-group" }, `${group} (one click)`));
    }
    items.push(el("li", {},
      el("button", {
        type: "button",
        class: "gesture",
        dataset: { actions: g.actions.join("; ") },
        disabled: busy,
        "aria-label": g.words || g.text,
        onclick: () => gesture(g),
      }, el("span", { class: "move-label" }, withSymbols(g.text)))));
  }
  return el("ul", { class: "move-list gesture-list", "aria-label": "Several moves at once" }, items);
}

// Typed digits: the number so far, and whether it is complete (no longer number starts with it).
export function readNumber(buffer, count) {
  const n = Number.parseInt(buffer, 10);
  if (!Number.isFinite(n) || n < 1) return { n: null, complete: false };
  return { n, complete: n * 10 > count };
}

// A digit typed at a table (`s.buffer` holds the digits so far): a number that no longer number
// could start plays its move at once; `missing(n)` hears of a number no move has. The table and
// the lesson page both type moves this way.
export function typeDigit(s, digit, list, play, missing = () => {}) {
  s.buffer += digit;
  const { n, complete } = readNumber(s.buffer, list.length);
  if (n === null) s.buffer = "";
  else if (complete) {
    const m = list.find((x) => x.n === n);
    s.buffer = "";
    if (m) play(m.action);
    else missing(n);
  }
}

// Enter after digits: the move with the number typed so far, if there is one.
export function playTyped(s, list, play) {
  const m = list.find((x) => x.n === Number(s.buffer));
  s.buffer = "";
  if (m) play(m.action);
}

export const SHORTCUTS = [
  ["1 … 9", "the move with that number (type two digits for moves 10 and up; Enter plays what you typed)"],
  ["Enter", "play the number typed so far; with nothing typed, take the payment the table proposes"],
  ["Backspace", "take back a typed digit"],
  ["u", "undo the last move (solitaire games)"],
  ["h", "a hint: the move the game's AI would play (MATR1X)"],
  ["/", "type a move or a command (place b2, look b2, hint, undo)"],
  ["?", "show or hide these shortcuts"],
  ["? then r", "the rules, opened at the part of the turn you are in"],
  ["Esc", "close this overlay, clear what you typed or the selection"],
];

export function shortcutsOverlay(onClose) {
  const close = el("button", { type: "button", class: "close", onclick: onClose }, "Close");
  const box = el("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-label": "Keyboard shortcuts" },
    el("div", { class: "overlay-box panel" },
      el("h2", {}, "Keyboard shortcuts"),
      el("dl", { class: "shortcuts" }, SHORTCUTS.map(([k, v]) => [el("dt", {}, el("kbd", {}, k)), el("dd", {}, v)])),
      close));
  setTimeout(() => close.focus(), 0);
  return box;
}

export function typedIndicator(node, buffer) {
  fill(node, buffer ? ["Move ", el("kbd", {}, buffer), " — Enter to play"] : "");
}

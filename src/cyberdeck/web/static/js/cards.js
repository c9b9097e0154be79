// Playing cards as elements: rank and suit symbol, a colour class, and words for screen readers
// (the colour is never the only sign: the symbol and the aria-label carry the suit).
import { el } from "./dom.js";

const SUITS = {
  H: { symbol: "♥", name: "hearts", colour: "red" },
  D: { symbol: "♦", name: "diamonds", colour: "red" },
  C: { symbol: "♣", name: "clubs", colour: "black" },
  S: { symbol: "♠", name: "spades", colour: "black" },
};
const RANKS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king",
};

// {rank, suit, symbol, name, colour} of a card's text ("7H", "10S", "AS", "JK", "0"); null if
// the text is not a playing card.
export function parseCard(text) {
  const t = String(text).trim().toUpperCase();
  // The joker and the zero card count as every suit (their symbols say so).
  if (t === "JK") return { rank: "JK", suit: null, symbol: "★", name: "joker", colour: "joker" };
  if (t === "0") return { rank: "0", suit: null, symbol: "♠♥♦♣", name: "zero", colour: "zero" };
  const suit = SUITS[t.slice(-1)];
  const rank = t.slice(0, -1);
  if (!suit || !(rank in RANKS)) return null;
  return { rank, suit: t.slice(-1), symbol: suit.symbol, name: `${RANKS[rank]} of ${suit.name}`, colour: suit.colour };
}

// The card's short label with its suit symbol: "7♥", "🃏", "0".
export function cardLabel(text) {
  const c = parseCard(text);
  if (!c) return String(text);
  if (c.rank === "JK") return "JK★";
  if (c.rank === "0") return "0";
  return c.rank + c.symbol;
}

// The card's name in words: "seven of hearts".
export function cardName(text) {
  const c = parseCard(text);
  return c ? c.name : String(text);
}

// An element for one card. faceDown: the back only (the label says so, never the card);
// small: the compact size for piles and stacks.
export function card(text, { faceDown = false, small = false, label = null } = {}) {
  const size = small ? "small" : null;
  if (faceDown || text === null || text === undefined) {
    return el("span", { class: ["card", "face-down", size], role: "img", "aria-label": label || "a face-down card" },
      el("span", { class: "card-back", "aria-hidden": "true" }));
  }
  const c = parseCard(text);
  if (!c) {
    return el("span", { class: ["card", "named", size], role: "img", "aria-label": label || String(text) },
      el("span", { class: "card-name" }, String(text)));
  }
  const name = label || c.name;
  return el("span", { class: ["card", c.colour, size], role: "img", "aria-label": name, title: name, dataset: { card: String(text).toUpperCase() } },
    el("span", { class: "card-rank", "aria-hidden": "true" }, c.rank === "JK" ? "JK" : c.rank),
    el("span", { class: ["card-suit", c.suit ? null : "every-suit"], "aria-hidden": "true" }, c.symbol));
}

const CARD_TOKEN = /\b(10|[2-9AJQK])([HDCS])\b/g;

// A sentence with its card codes ("4C to a3 on 2C") drawn with suit symbols in their colour
// ("4♣ to a3 on 2♣"), as nodes; a screen reader reads each card's name ("four of clubs to a3 on
// two of clubs": the accessible name of a move's button or a log line is in words).
export function withSymbols(text) {
  const out = [];
  let last = 0;
  for (const m of String(text).matchAll(CARD_TOKEN)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const suit = SUITS[m[2]];
    const name = `${RANKS[m[1]]} of ${suit.name}`;
    out.push(el("span", { class: `inline-card ${suit.colour}`, role: "img", "aria-label": name, title: name }, m[1] + suit.symbol));
    last = m.index + m[0].length;
  }
  if (last < String(text).length) out.push(String(text).slice(last));
  return out;
}

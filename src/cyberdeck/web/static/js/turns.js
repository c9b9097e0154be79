// "Your turn": the matches waiting for your move, the least time left first, on a page of its
// own and as a badge in the header of every page. The list is the server's, so it is the same on
// every device you sign in on. With your consent (a button) the browser tells you, while an
// arcade tab is open, when a match starts waiting for you.
import { api, me } from "./api.js";
import { clockText } from "./clockbar.js";
import { el, fill } from "./dom.js";

// Milliseconds between two looks at the list (the server allows a look every six seconds on
// average), and the least between looks a table asks for as its turns change.
const EVERY = 30_000;
const SOONEST = 10_000;
const CONSENT = "cyberdeck.notify";

let seen = null; // the match ids waiting at the last look (null: not looked yet)
const listeners = new Set();
let lookedAt = 0;
let soon = null;

function consented() {
  try {
    return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(CONSENT) === "on";
  } catch {
    return false;
  }
}

function opponents(turn) {
  return turn.match.seats.filter((s) => s.seat !== turn.seat)
    .map((s) => (s.kind === "ai" ? `${s.level} AI` : s.name || "open seat")).join(", ");
}

function tell(turns) {
  if (seen !== null && consented()) {
    for (const turn of turns.filter((t) => !seen.has(t.match.id))) {
      const note = new Notification(`Your turn: ${turn.match.title}`, { body: `Against ${opponents(turn)}`, tag: turn.match.id });
      note.onclick = () => { window.focus(); window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${turn.match.id}` })); };
    }
  }
  seen = new Set(turns.map((t) => t.match.id));
}

// Look at the list now: the badge and an open "Your turn" page follow.
export async function lookAtTurns() {
  lookedAt = Date.now();
  const user = await me();
  let turns = [];
  if (user) {
    try {
      turns = await api("/api/me/turns");
    } catch {
      return; // asked too often, or the server is away: the next look tries again
    }
  }
  tell(turns);
  for (const listener of listeners) listener(turns);
}

// A table's turn changed: look again soon (at most one look in SOONEST, however fast the game).
export function turnsChanged() {
  if (soon !== null) return;
  soon = setTimeout(() => { soon = null; lookAtTurns(); }, Math.max(0, lookedAt + SOONEST - Date.now()));
}

// The header's badge: a link to the page with how many matches wait for you.
export function mountTurnBadge(before) {
  const count = el("span", { class: "turns-count" }, "0");
  const badge = el("a", { href: "/turns", class: "turns-badge", dataset: { count: "0" }, "aria-label": "Your turn" }, "Your turn ", count);
  before.before(badge);
  listeners.add((turns) => {
    count.textContent = String(turns.length);
    badge.dataset.count = String(turns.length);
    badge.title = turns.length ? `${turns.length} match${turns.length === 1 ? "" : "es"} waiting for your move` : "No match waits for you";
  });
  setInterval(() => { if (!document.hidden || consented()) lookAtTurns(); }, EVERY);
  window.addEventListener("session-changed", lookAtTurns);
  lookAtTurns();
}

function consentButton() {
  if (!("Notification" in window)) return el("p", { class: "muted" }, "This browser cannot show notifications.");
  if (consented()) {
    return el("button", { type: "button", class: "notify-off", onclick: () => { localStorage.setItem(CONSENT, "off"); showTurnsAgain(); } }, "Stop notifying me");
  }
  return el("button", {
    type: "button", class: "notify-on",
    onclick: async () => {
      const answer = await Notification.requestPermission();
      if (answer === "granted") localStorage.setItem(CONSENT, "on");
      showTurnsAgain();
    },
  }, "Notify me when it is my turn");
}

let showTurnsAgain = () => {};

function turnRow(turn) {
  const left = turn.seconds_left;
  const clock = left === null ? "no clock" : turn.out_of_time ? "out of time" : `${clockText(left)} left`;
  return el("li", { class: ["turn-row", turn.out_of_time ? "out" : null], dataset: { match: turn.match.id } },
    el("span", { class: "match-title" }, turn.match.title),
    el("span", { class: "match-seats muted" }, `against ${opponents(turn)}`),
    el("span", { class: "turn-clock", dataset: { seconds: left === null ? "" : String(Math.floor(left)) } }, clock,
      turn.match.time_control ? ` · ${turn.match.time_control.label}` : ""),
    el("a", { href: `/play/${turn.match.id}`, class: "button" }, "Play"));
}

// The page: every match waiting for you, most urgent first.
export async function showTurns(root) {
  document.title = "Your turn · cyberdeck";
  const list = el("div", { class: "turn-list" }, el("p", { class: "muted" }, "Looking…"));
  const consent = el("div", { class: "notify" });
  fill(root, el("section", { class: "panel turns-page" },
    el("h1", {}, "Your turn"),
    el("p", { class: "muted" }, "The matches waiting for your move, the least time left first. Sign in on any device to take them up."),
    consent, list));
  const draw = (turns) => fill(list, turns.length
    ? el("ol", { class: "turns" }, turns.map(turnRow))
    : el("p", { class: "muted" }, "No match is waiting for you."));
  showTurnsAgain = () => fill(consent, consentButton());
  showTurnsAgain();
  listeners.add(draw);
  await lookAtTurns();
  return () => { listeners.delete(draw); showTurnsAgain = () => {}; };
}

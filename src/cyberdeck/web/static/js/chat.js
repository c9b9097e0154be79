// The chat beside an online table: the players' own, or the spectators' (the server decides which
// one this page takes part in, and sends only its lines). Lines are shown as text, never as markup,
// and a link in one is only text. Muted people and the chat's on/off switch are this browser's
// own settings: a muted person's lines are never shown, and with the chat off none are.
import { el, fill } from "./dom.js";

const MUTED = "cyberdeck.chat.muted";
const OFF = "cyberdeck.chat.off";
// The longest line the server takes (chat.LONGEST).
const LONGEST = 500;
const KEEP = 200;

function stored(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value === null ? fallback : value;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A browser that keeps nothing (private mode): the setting lasts as long as the page.
  }
}

export const muted = () => new Set(stored(MUTED, []));
export const chatOff = () => stored(OFF, false) === true;

// send(message) -> whether it went; isMine(line) -> whether this page's person said it.
export function chatPanel({ send, isMine }) {
  const node = el("section", { class: "panel chat-panel", hidden: true, "aria-label": "Chat" });
  const title = el("h2", {}, "Chat");
  const list = el("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": "Chat lines" });
  const input = el("input", {
    type: "text", class: "chat-input", maxlength: String(LONGEST), autocomplete: "off",
    "aria-label": "Say something", placeholder: "Say something",
  });
  const form = el("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); say(); } },
    input, el("button", { type: "submit" }, "Send"));
  const mutedBox = el("p", { class: "chat-muted muted" });
  const toggle = el("input", { type: "checkbox", class: "chat-toggle", onchange: (e) => { store(OFF, !e.target.checked); draw(); } });
  const lines = [];
  let channel = "players";

  function say() {
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: "chat", text })) input.value = "";
  }

  function mute(name, on) {
    const names = muted();
    if (on) names.add(name);
    else names.delete(name);
    store(MUTED, [...names]);
    draw();
  }

  const line = (x) => el("li", { class: ["chat-line", isMine(x) ? "mine" : null], dataset: { seat: x.seat === null ? "" : String(x.seat) } },
    el("span", { class: "chat-name" }, x.name || "someone"), ": ",
    el("span", { class: "chat-text" }, x.text),
    isMine(x) || !x.name ? null
      : el("button", { type: "button", class: "chat-mute link", "aria-label": `Mute ${x.name}`, onclick: () => mute(x.name, true) }, "mute"));

  function draw() {
    const off = chatOff();
    toggle.checked = !off;
    const silenced = muted();
    fill(list, off ? [] : lines.filter((x) => !silenced.has(x.name)).map(line));
    const here = [...new Set(lines.map((x) => x.name))].filter((n) => silenced.has(n));
    fill(mutedBox, here.length ? ["Muted: ", here.map((n) => el("button", { type: "button", class: "chat-unmute link", "aria-label": `Unmute ${n}`, onclick: () => mute(n, false) }, n))] : []);
    list.hidden = off;
    form.hidden = off;
    mutedBox.hidden = off || !here.length;
    list.scrollTop = list.scrollHeight;
  }

  // A chat message from the server: the greeting (this page's chat, its recent lines, whether
  // it is open at all) or a new line.
  function receive(m) {
    if (m.history) {
      channel = m.channel;
      lines.length = 0;
      node.hidden = !m.open;
      node.dataset.channel = channel;
      title.textContent = channel === "players" ? "Chat" : "Spectators' chat";
    }
    lines.push(...m.lines);
    if (lines.length > KEEP) lines.splice(0, lines.length - KEEP);
    draw();
  }

  fill(node, el("div", { class: "chat-head" }, title,
    el("label", { class: "chat-switch" }, toggle, " on")), list, mutedBox, form);
  draw();
  return { node, receive };
}

// The players' chat of a finished match up to a replay's step (the server sends it to the
// match's own players only), as text, without the lines of muted people.
export function chatLog(lines) {
  const silenced = muted();
  const shown = chatOff() ? [] : lines.filter((x) => !silenced.has(x.name));
  if (!shown.length) return null;
  return el("section", { class: "panel chat-panel replay-chat", "aria-label": "Chat" },
    el("h2", {}, "Chat"),
    el("ol", { class: "chat-lines" }, shown.map((x) => el("li", { class: "chat-line" },
      el("span", { class: "chat-name" }, x.name || "someone"), ": ", el("span", { class: "chat-text" }, x.text)))));
}

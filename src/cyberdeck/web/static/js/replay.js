// The replay viewer of a finished match, over GET /api/matches/{id}/replay: step controls (first,
// previous, next, last; Home, ←, →, End on the keyboard), play/pause at a chosen speed (Space),
// and a choice of view. A player opens it from their own seat (the server's choice when the
// address names none), seeing what that seat saw and no more; anyone else as a spectator.
import { api, gamesById } from "./api.js";
import { withSymbols } from "./cards.js";
import { el, fill } from "./dom.js";
import { drawTable, makeCtx, rendererFor } from "./renderers.js";
import { nameSeats, uniqueNames } from "./seats.js";
import { animatePaths, markTouched, snapshot, touchedBy } from "./story.js";
import { outcomeTitle, seatName } from "./table.js";
import { chatLog } from "./chat.js";

// How long each step stays on the table while the replay plays itself.
export const SPEEDS = [
  { ms: 500, label: "0.5 s a move" },
  { ms: 1000, label: "1 s a move" },
  { ms: 2000, label: "2 s a move" },
];
const DEFAULT_SPEED = 1000;
const SPECTATOR = "spectator";

// Keys that belong to the focused control (Space presses a button, arrows move in a list).
const ownsKeys = (target) => target instanceof HTMLSelectElement || target instanceof HTMLInputElement
  || target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;

export async function showReplay(root, matchId, query) {
  const games = await gamesById();
  // seat: the view asked for in the address ("spectator" or a seat), or null for the server's
  // choice (the viewer's own seat if they played); it stays what the first answer showed.
  // chosen: the view was named (in the address or the picker), so the address keeps it; else a
  // shared link opens from the recipient's own seat, not from the sender's.
  const state = { step: Number(query.get("step") || 0), steps: 0, seat: query.get("seat") || null, chosen: query.get("seat") !== null, data: null, playing: false, shown: -1 };
  const title = el("h1", { class: "table-title" }, "Replay");
  const counter = el("p", { class: "step-counter", role: "status", "aria-live": "polite" });
  const board = el("div", { class: "board" });
  const events = el("ol", { class: "log-list", "aria-label": "What happened at this step" });
  const end = el("div", { class: "end-slot" });
  const chatBox = el("div", { class: "chat-slot" });
  const seatPick = el("select", { class: "replay-seat", "aria-label": "Whose view", onchange: () => { state.seat = seatPick.value; state.chosen = true; load(true); } });
  const speedPick = el("select", { class: "replay-speed", "aria-label": "Replay speed", onchange: () => playing(state.playing) },
    SPEEDS.map((s) => el("option", { value: String(s.ms), selected: s.ms === DEFAULT_SPEED }, s.label)));
  const button = (label, cls, go, key) => el("button", { type: "button", class: cls, onclick: go, "aria-keyshortcuts": key }, label);
  const playButton = button("▶ Play", "play", () => playing(!state.playing), "Space");
  const controls = el("div", { class: "replay-controls" },
    button("« First", "first", () => jump(0), "Home"),
    button("◀ Previous", "prev", () => jump(state.step - 1), "ArrowLeft"),
    playButton,
    button("Next ▶", "next", () => jump(state.step + 1), "ArrowRight"),
    button("Last »", "last", () => jump(state.steps), "End"),
    el("label", { class: "field inline" }, "Speed ", speedPick),
    el("label", { class: "field inline" }, "View of ", seatPick));
  const page = el("section", { class: "table-page replay-page" },
    el("header", { class: "table-head" }, title, counter),
    controls,
    el("div", { class: "table-body" },
      el("div", { class: "table-main" }, end, board),
      el("aside", { class: "side" }, el("section", { class: "panel log-panel" }, el("h2", {}, "This step"), events), chatBox)));
  fill(root, page);

  let renderer = null;
  let timer = null;
  let loads = 0;

  function jump(step) {
    const next = Math.max(0, Math.min(state.steps || step, step));
    if (next === state.step && state.data) return;
    state.step = next;
    load();
  }

  // Playing: the next step follows after the chosen time, until the last; Play at the last step
  // starts again from the first. Pausing (or leaving the page) stops the clock.
  function playing(on) {
    clearTimeout(timer);
    timer = null;
    state.playing = on;
    playButton.textContent = on ? "❚❚ Pause" : "▶ Play";
    playButton.setAttribute("aria-pressed", String(on));
    page.dataset.playing = String(on);
    if (!on || !state.data) return;
    if (state.step >= state.steps) jump(0);
    else tick();
  }

  function tick() {
    clearTimeout(timer);
    if (!state.playing) return;
    if (state.step >= state.steps) {
      playing(false);
      return;
    }
    timer = setTimeout(() => jump(state.step + 1), Number(speedPick.value));
  }

  async function load(newView = false) {
    const ticket = ++loads;
    const params = new URLSearchParams({ step: String(state.step) });
    if (state.seat !== null) params.set("seat", state.seat);
    const data = await api(`/api/matches/${encodeURIComponent(matchId)}/replay?${params}`);
    if (ticket !== loads || !page.isConnected) return; // a later step was asked for meanwhile
    state.data = data;
    state.steps = data.steps;
    if (!state.chosen) params.delete("seat");
    history.replaceState(null, "", `/replay/${matchId}?${params}`);
    if (!renderer) await firstAnswer(data);
    state.seat = data.seat === null ? SPECTATOR : String(data.seat);
    seatPick.value = state.seat;
    page.dataset.step = String(data.step);
    page.dataset.seat = state.seat;
    show(data, newView);
    tick();
  }

  async function firstAnswer(data) {
    renderer = await rendererFor(data.match.game);
    const game = games[data.match.game];
    title.textContent = `Replay: ${game ? game.title : data.match.title}`;
    document.title = `${title.textContent} · cyberdeck`;
    const own = data.own_seat;
    fill(seatPick, el("option", { value: SPECTATOR }, "spectator"),
      data.match.seats.map((s, i) => el("option", { value: String(i) }, `${i === own ? "you" : seatName(s, i)} (seat ${i + 1})`)));
  }

  function show(data, newView) {
    // One name per seat, as at the table, and "you" for the viewer's own seat if they played.
    const own = data.own_seat;
    const names = uniqueNames(data.match.seats.map((s, i) => seatName(s, i)));
    const nameOf = (i) => names[i] || `Player ${i + 1}`;
    const called = (i) => (i === own ? "you" : nameOf(i));
    const named = (text) => nameSeats(text, data.match.seat_labels, names, own);
    counter.textContent = `Step ${data.step} of ${data.steps}` + (data.acted !== null && data.step > 0 ? ` — ${called(data.acted)} moved` : "");
    const ctx = makeCtx({ seat: data.seat, moves: [], play: () => {}, replay: true, seatName: (i) => (i === own ? "You" : nameOf(i)), named });
    // One step on from the position shown: its cards are seen moving, as at the table.
    const onward = !newView && data.step === state.shown + 1 && board.childElementCount;
    const before = onward ? snapshot(board) : null;
    fill(board, drawTable(renderer, data.table.view, ctx));
    const touched = markTouched(board, touchedBy(data.table.events, renderer.touches || null));
    animatePaths(touched, before, Math.min(400, Number(speedPick.value) / 2));
    state.shown = data.step;
    fill(events, data.table.events.map((e) => el("li", { class: `event ${e.kind}`, "aria-label": named(e.words || e.text) }, withSymbols(named(e.text)))));
    fill(chatBox, chatLog(data.chat || []));
    fill(end, data.outcome ? el("section", { class: "end-screen panel", role: "status" },
      el("h2", {}, outcomeTitle(data.outcome, own === null ? [] : [own], nameOf)),
      el("p", { class: "reason" }, named(data.outcome.reason))) : null);
    for (const b of controls.querySelectorAll("button")) {
      if (b === playButton) continue;
      const back = b.classList.contains("first") || b.classList.contains("prev");
      b.disabled = back ? data.step === 0 : data.step === data.steps;
    }
  }

  function onKey(event) {
    if (!page.isConnected || event.target instanceof HTMLSelectElement) return;
    if (event.key === " ") {
      if (ownsKeys(event.target)) return;
      event.preventDefault();
      playing(!state.playing);
      return;
    }
    const go = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.steps }[event.key];
    if (go === undefined) return;
    event.preventDefault();
    jump(go);
  }
  document.addEventListener("keydown", onKey);
  playing(false);
  await load();
  return () => {
    document.removeEventListener("keydown", onKey);
    clearTimeout(timer);
  };
}

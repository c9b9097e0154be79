// The replay viewer of a finished match: step controls (first, previous, next, last; Home, ←, →,
// End on the keyboard) and a choice of seat (or the spectator), over GET /api/matches/{id}/replay.
import { api, gamesById } from "./api.js";
import { withSymbols } from "./cards.js";
import { el, fill } from "./dom.js";
import { drawTable, makeCtx, rendererFor } from "./renderers.js";
import { nameSeats, uniqueNames } from "./seats.js";
import { outcomeTitle, seatName } from "./table.js";

export async function showReplay(root, matchId, query) {
  const games = await gamesById();
  const seatParam = query.get("seat");
  const state = { step: Number(query.get("step") || 0), steps: 0, seat: seatParam === null || seatParam === "" ? null : Number(seatParam), data: null };
  const title = el("h1", { class: "table-title" }, "Replay");
  const counter = el("p", { class: "step-counter", role: "status", "aria-live": "polite" });
  const board = el("div", { class: "board" });
  const events = el("ol", { class: "log-list", "aria-label": "What happened at this step" });
  const end = el("div", { class: "end-slot" });
  const seatPick = el("select", { class: "replay-seat", "aria-label": "Whose view", onchange: () => { state.seat = seatPick.value === "" ? null : Number(seatPick.value); load(); } });
  const button = (label, cls, go, key) => el("button", { type: "button", class: cls, onclick: go, "aria-keyshortcuts": key }, label);
  const controls = el("div", { class: "replay-controls" },
    button("« First", "first", () => jump(0), "Home"),
    button("◀ Previous", "prev", () => jump(state.step - 1), "ArrowLeft"),
    button("Next ▶", "next", () => jump(state.step + 1), "ArrowRight"),
    button("Last »", "last", () => jump(state.steps), "End"),
    el("label", { class: "field inline" }, "View of ", seatPick));
  const page = el("section", { class: "table-page replay-page" },
    el("header", { class: "table-head" }, title, counter),
    controls,
    el("div", { class: "table-body" },
      el("div", { class: "table-main" }, end, board),
      el("aside", { class: "side" }, el("section", { class: "panel log-panel" }, el("h2", {}, "This step"), events))));
  fill(root, page);

  let renderer = null;

  function jump(step) {
    const next = Math.max(0, Math.min(state.steps || step, step));
    if (next === state.step && state.data) return;
    state.step = next;
    load();
  }

  async function load() {
    const params = new URLSearchParams({ step: String(state.step) });
    if (state.seat !== null) params.set("seat", String(state.seat));
    const data = await api(`/api/matches/${encodeURIComponent(matchId)}/replay?${params}`);
    state.data = data;
    state.steps = data.steps;
    history.replaceState(null, "", `/replay/${matchId}?${params}`);
    if (!renderer) {
      renderer = await rendererFor(data.match.game);
      const game = games[data.match.game];
      title.textContent = `Replay: ${game ? game.title : data.match.title}`;
      document.title = `${title.textContent} · cyberdeck`;
      fill(seatPick, el("option", { value: "" }, "spectator"),
        data.match.seats.map((s, i) => el("option", { value: String(i) }, `${seatName(s, i)} (seat ${i + 1})`)));
    }
    seatPick.value = state.seat === null ? "" : String(state.seat);
    page.dataset.step = String(data.step);
    // One name per seat, as at the table; a replay has no "you" (its viewer may be anyone).
    const names = uniqueNames(data.match.seats.map((s, i) => seatName(s, i)));
    const nameOf = (i) => names[i] || `Player ${i + 1}`;
    const named = (text) => nameSeats(text, data.match.seat_labels, names, null);
    counter.textContent = `Step ${data.step} of ${data.steps}` + (data.acted !== null && data.step > 0 ? ` — ${nameOf(data.acted)} moved` : "");
    const ctx = makeCtx({ seat: data.seat, moves: [], play: () => {}, replay: true, seatName: nameOf, named });
    fill(board, drawTable(renderer, data.table.view, ctx));
    fill(events, data.table.events.map((e) => el("li", { class: `event ${e.kind}`, "aria-label": named(e.words || e.text) }, withSymbols(named(e.text)))));
    fill(end, data.outcome ? el("section", { class: "end-screen panel", role: "status" },
      el("h2", {}, outcomeTitle(data.outcome, data.seat === null ? [] : [data.seat], nameOf)),
      el("p", { class: "reason" }, named(data.outcome.reason))) : null);
    for (const b of controls.querySelectorAll("button")) {
      const back = b.classList.contains("first") || b.classList.contains("prev");
      b.disabled = back ? data.step === 0 : data.step === data.steps;
    }
  }

  function onKey(event) {
    if (!page.isConnected || event.target instanceof HTMLSelectElement) return;
    const go = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.steps }[event.key];
    if (go === undefined) return;
    event.preventDefault();
    jump(go);
  }
  document.addEventListener("keydown", onKey);
  await load();
  return () => document.removeEventListener("keydown", onKey);
}

// Quick play on the home page: "Play now" waits in a queue for players of a close rating
// (the server widens the gap the longer you wait), shows the pairing when one comes (accept or
// decline within the time it gives), and after the wait you chose offers a game against the AI.
// The page asks the server how it goes every couple of seconds while it waits, as the lobby's
// lists are read; leaving the page leaves the queue.
import { api, ensureSession } from "./api.js";
import { el, fill } from "./dom.js";

const ASK_EVERY_MS = 2000;
const AI_WAITS = [["60", "after 1 minute"], ["30", "after 30 seconds"], ["120", "after 2 minutes"], ["300", "after 5 minutes"], ["", "never"]];

function clock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return `${m}:${s}`;
}

function poolWords(pool, controls) {
  const count = `${pool.players} players`;
  return `${pool.title}, ${count}, ${controls[pool.time_control] || pool.time_control}, ${pool.rated ? "rated" : "casual"}`;
}

// The panel, a function that stops it (the route calls it when the page goes), and one that
// sets it to a game (a game card's Play now).
export function quickPlayPanel(games, user) {
  const paired = games.filter((g) => g.max_players > 1);
  const form = el("form", { class: "quickplay-form", onsubmit: (e) => { e.preventDefault(); join(); } });
  const state = el("div", { class: "quickplay-state", role: "status", "aria-live": "polite" });
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const panel = el("section", { class: "panel quickplay", "aria-labelledby": "quickplay-title" },
    el("h2", { id: "quickplay-title" }, "Quick play"),
    el("p", { class: "muted" }, "Play a person now: you are paired with someone of a close rating, and you both accept."),
    form, flash, state);
  let controls = {};
  let timer = null;
  let stopped = false;
  let waiting = false;
  const say = (text) => { flash.textContent = text; flash.hidden = !text; };

  const gamePick = el("select", { name: "game", class: "quickplay-game" },
    paired.map((g) => el("option", { value: g.id }, g.title)));
  const playersPick = el("select", { name: "players", class: "quickplay-players" });
  const controlPick = el("select", { name: "time_control", class: "quickplay-time" });
  const rated = el("input", { type: "checkbox", name: "rated", class: "quickplay-rated",
    disabled: !user || user.kind !== "account" });
  const aiPick = el("select", { name: "ai_after", class: "quickplay-ai-after" },
    AI_WAITS.map(([v, words]) => el("option", { value: v }, words)));
  const fillPlayers = () => {
    const game = paired.find((g) => g.id === gamePick.value);
    fill(playersPick, Array.from({ length: game.max_players - game.min_players + 1 },
      (_, i) => el("option", { value: String(game.min_players + i) }, `${game.min_players + i} players`)));
  };
  gamePick.addEventListener("change", fillPlayers);
  if (paired.length) fillPlayers();
  fill(form,
    el("label", { class: "field" }, "Game", gamePick),
    el("label", { class: "field" }, "Players", playersPick),
    el("label", { class: "field" }, "Time", controlPick),
    el("label", { class: "field" }, "Offer the AI", aiPick),
    el("label", { class: "check", title: user && user.kind === "account" ? "The result moves both ratings." : "Rated games need an account: sign up (your guest games come with you)." },
      rated, " Rated"),
    el("button", { type: "submit", class: "primary quickplay-go" }, "Play now"));
  const others = el("p", { class: "muted quickplay-others" });
  form.after(others);
  // How many wait for what you are about to ask for (read when the choice changes).
  async function count() {
    try {
      const chosen = pool();
      const found = (await api("/api/quickplay/pools")).find((p) => p.game === chosen.game
        && p.players === chosen.players && p.time_control === chosen.time_control && p.rated === chosen.rated);
      const n = found ? found.waiting : 0;
      others.textContent = n ? `${n} ${n === 1 ? "player is" : "players are"} looking for this game now.` : "Nobody is looking for this game right now: be the first.";
    } catch { others.textContent = ""; }
  }
  form.addEventListener("change", count);
  api("/api/quickplay/time-controls").then((found) => {
    controls = found;
    fill(controlPick, Object.entries(found).map(([v, words]) => el("option", { value: v, selected: v === "10+5" }, words)));
    count();
  }).catch((err) => say(err.message));

  function pool() {
    return { game: gamePick.value, players: Number(playersPick.value), time_control: controlPick.value, rated: rated.checked };
  }

  async function join() {
    say("");
    try {
      await ensureSession();
      const aiAfter = aiPick.value ? Number(aiPick.value) : null;
      show(await api("/api/quickplay", { method: "POST", body: { ...pool(), ai_after: aiAfter } }));
    } catch (err) {
      say(err.message);
    }
  }

  async function leave() {
    try { show(await api("/api/quickplay", { method: "DELETE" }) || { queues: [], offer: null, note: null }); } catch (err) { say(err.message); }
  }

  async function answer(offer, accept) {
    try {
      show(await api(`/api/quickplay/offers/${encodeURIComponent(offer.id)}`, { method: "POST", body: { accept } }));
    } catch (err) {
      say(err.message);
      ask();
    }
  }

  async function playAi(queue) {
    try {
      const made = await api("/api/quickplay/ai", { method: "POST", body: { game: queue.game, players: queue.players, time_control: queue.time_control, rated: queue.rated } });
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${made.match.id}` }));
    } catch (err) {
      say(err.message);
    }
  }

  async function ask() {
    if (stopped) return;
    try { show(await api("/api/quickplay")); } catch (err) { say(err.message); }
  }

  function show(status) {
    if (stopped) return;
    if (status.note) {
      if (status.note.kind === "matched" && status.note.match) {
        stop({ leave: false });
        window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${status.note.match}` }));
        return;
      }
      say(status.note.text);
    }
    const offer = status.offer;
    const queues = status.queues || [];
    // A pairing waiting for your answer shows in the tab's title too (the tab may be behind).
    document.title = offer && !offer.accepted ? "A game is ready! · cyberdeck arcade" : "cyberdeck arcade";
    const was = waiting;
    waiting = Boolean(offer || queues.length);
    form.querySelector(".quickplay-go").disabled = waiting;
    others.hidden = waiting;
    if (was && !waiting) count();
    if (offer) {
      const who = offer.opponents.map((o) => `${o.name} (${o.rating})`).join(", ");
      fill(state, el("div", { class: "quickplay-offer", dataset: { offer: offer.id } },
        el("p", {}, el("strong", {}, "A game is ready: "), `${poolWords(offer, controls)} against ${who}.`),
        offer.accepted
          ? el("p", { class: "muted" }, `You accepted; waiting for the others (${offer.answered} of ${offer.players}), ${offer.seconds_left} s left.`)
          : el("p", {}, `Accept within ${offer.seconds_left} s. `,
            el("button", { type: "button", class: "primary quickplay-accept", onclick: () => answer(offer, true) }, "Accept"), " ",
            el("button", { type: "button", class: "quickplay-decline", onclick: () => answer(offer, false) }, "Decline"))));
    } else if (queues.length) {
      fill(state, queues.map((q) => el("div", { class: "quickplay-waiting", dataset: { game: q.game } },
        el("p", {}, el("strong", {}, "Looking for a game: "), poolWords(q, controls), "."),
        el("p", { class: "muted" }, `Waiting ${clock(q.waited)} · ${q.waiting} in this queue · your rating ${q.rating}, opponents within ${q.gap} points.`),
        q.ai_offer ? el("p", { class: "quickplay-ai" }, "Nobody has come yet. ",
          el("button", { type: "button", class: "primary quickplay-play-ai", onclick: () => playAi(q) }, "Play the AI now"), " or keep waiting.") : null,
        el("button", { type: "button", class: "quickplay-cancel", onclick: leave }, "Stop looking"))));
    } else {
      fill(state);
    }
    clearTimeout(timer);
    if (waiting) timer = setTimeout(ask, ASK_EVERY_MS);
  }

  // Leaving the page leaves the queues (a closed tab too: the server drops whoever stops asking).
  const onHide = () => { if (waiting) fetch("/api/quickplay", { method: "DELETE", keepalive: true, credentials: "same-origin" }); };
  window.addEventListener("pagehide", onHide);

  function stop({ leave: leaving = true } = {}) {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener("pagehide", onHide);
    if (document.title.startsWith("A game is ready")) document.title = "cyberdeck arcade";
    if (leaving && waiting) api("/api/quickplay", { method: "DELETE" }).catch(() => {});
  }

  // A game card's "Play now": the panel set to that game (its player counts, who is waiting),
  // brought into sight with its own Play now focused, so the time and the rest stay a choice.
  function choose(gameId) {
    if (!paired.some((g) => g.id === gameId)) return;
    gamePick.value = gameId;
    fillPlayers();
    count();
    panel.classList.add("chosen");
    panel.scrollIntoView({ block: "nearest" });
    form.querySelector(".quickplay-go").focus({ preventScroll: true });
  }

  if (!paired.length) panel.hidden = true;
  // A player who comes back to the page sees where they stand (a pairing they had not answered).
  if (user) ask();
  return { panel, stop, choose };
}

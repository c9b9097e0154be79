// The table page of a live match (play, hot-seat or watch): the generic shell around a game's
// renderer. It owns the websocket, the state the server sent, the move list and the keyboard.
import { api, ensureSession, gamesById } from "./api.js";
import { MatchConnection } from "./connection.js";
import { withSymbols } from "./cards.js";
import { el, fill, icon } from "./dom.js";
import { gestureList, moveList, playTyped, shortcutsOverlay, typeDigit, typedIndicator } from "./movelist.js";
import { drawTable, makeCtx, numberedMoves, rendererFor } from "./renderers.js";
import { counted } from "./words.js";
import { chatPanel } from "./chat.js";
import { rematchBox } from "./rematch.js";
import { clockBar } from "./clockbar.js";
import { turnsChanged } from "./turns.js";
import { foldAnswers, foldsInto } from "./log.js";
import { nameSeats, uniqueNames } from "./seats.js";
import { statsPanel } from "./stats.js";
import { PACES, animatePaths, markTouched, nextWait, pace, setPace, snapshot, touchedBy } from "./story.js";
import { playSound, soundControl } from "./sound.js";
import { tableHelp } from "./tablehelp.js";

const LOG_KEEP = 300;

// A seat's one name: the account or guest name, the AI's level ("Normal AI"; a match summary
// names an AI seat by its robot account, "ai:normal", which is no name for people).
export function seatName(seat, index) {
  if (!seat) return `Player ${index + 1}`;
  if (seat.kind === "ai") {
    const level = seat.level || "normal";
    return `${level[0].toUpperCase()}${level.slice(1)} AI`;
  }
  return seat.name || `Player ${index + 1} (open seat)`;
}

export function outcomeTitle(outcome, yours, nameOf = (i) => `Player ${i + 1}`) {
  if (!outcome) return "Game over";
  if (!yours.length || yours.length > 1) {
    if (!outcome.winners.length) return "A draw";
    if (outcome.winners.length === 1 && outcome.returns.length > 1) return `${nameOf(outcome.winners[0])} wins`;
    return "Game over";
  }
  const result = outcome.returns[yours[0]];
  return result > 0 ? "You won" : result < 0 ? "You lost" : "A draw";
}

export async function showMatch(root, matchId, { watch = false, invite: given = null } = {}) {
  let invite = given;
  const user = await ensureSession();
  const games = await gamesById();
  // The match (a clear "no such match" before anything is drawn) and its table's renderer,
  // ready before the first message so that messages are handled in order, synchronously.
  const invited = given ? `?invite=${encodeURIComponent(given)}` : "";
  const known = await api(`/api/matches/${encodeURIComponent(matchId)}${invited}`);
  const renderer = await rendererFor(known.game);
  const s = {
    summary: null, you: null, yours: [], seq: 0, status: "open", table: null, seats: [],
    outcome: null, grace: 90, log: [], awaySince: {}, shownSeat: null, busy: false, series: null,
    buffer: "", overlay: null, lookText: "", local: {}, localSeq: -1, review: null, hinting: false,
    // The last turn: the seat that made it and the events of its moves as this page saw them.
    story: { actor: null, events: [] },
    game: games[known.game] || null, renderer,
  };

  const title = el("h1", { class: "table-title" }, "Connecting…");
  const turn = el("p", { class: "turn", role: "status", "aria-live": "polite" });
  const link = el("span", { class: "link-status" });
  const help = tableHelp(known.game, s.game);
  const board = el("div", { class: "board", id: "board" });
  // The game's picture beside its name (filled once the match says which game it is).
  const art = el("span", { class: "game-art table-art", "aria-hidden": "true" });
  const lastTurn = el("p", { class: "last-turn", tabindex: "0", role: "status", "aria-live": "polite", "aria-label": "The last turn", hidden: true });
  // A long last turn (a CCG turn of a dozen moves) is shown in full on demand, never cut off
  // without a sign: the button says there is more and opens it.
  const moreTurn = el("button", { type: "button", class: "last-turn-more", "aria-expanded": "false", hidden: true, onclick: () => {
    const open = !lastTurnBox.classList.contains("open");
    lastTurnBox.classList.toggle("open", open);
    moreTurn.setAttribute("aria-expanded", String(open));
    moreTurn.textContent = open ? "Show less" : "Show all";
  } }, "Show all");
  const lastTurnBox = el("div", { class: "last-turn-box" }, lastTurn, moreTurn);
  // Whether the strip holds more than it shows, again whenever its width changes (a phone
  // turned, a window resized): the button is there exactly when there is more to see.
  const markLong = () => {
    const open = lastTurnBox.classList.contains("open");
    moreTurn.hidden = lastTurn.hidden || (!open && lastTurn.scrollHeight <= lastTurn.clientHeight + 1);
  };
  if (window.ResizeObserver) new ResizeObserver(markLong).observe(lastTurn);
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const end = el("div", { class: "end-slot" });
  const seatsBox = el("ul", { class: "seats", "aria-label": "Seats" });
  const movesBox = el("div", { class: "moves-box" });
  const typed = el("p", { class: "typed", "aria-live": "polite" });
  const command = el("input", {
    type: "text", class: "command", id: "command", autocomplete: "off", spellcheck: "false",
    placeholder: "a move number, a move (place b2), look b2, hint, undo", "aria-label": "Type a move or a command",
  });
  const lookOut = el("p", { class: "look-out", role: "status", "aria-live": "polite" });
  const buttons = el("div", { class: "table-buttons" });
  const logList = el("ol", { class: "log-list", "aria-label": "Game log", tabindex: "0" });
  const statsBox = el("div", { class: "stats-box" });
  const stopsBox = el("div", { class: "stops-box" });
  const invitePanel = el("div", { class: "invite-slot" });
  // How fast the moves of the AI and of other players are shown (this browser's setting).
  const paceBox = el("label", { class: "pace" }, el("span", { class: "pace-words" }, "Others' moves: "),
    el("select", { class: "pace-select", "aria-label": "Pace of the AI's and other players' moves", onchange: (e) => setPace(e.target.value) },
      PACES.map((p) => el("option", { value: p.key, selected: p.key === pace().key }, p.label))));
  const layer = el("div", { class: "layer" });
  // The chat beside the table, and the rematch at its end (with the series score above it).
  const chat = chatPanel({
    send: (m) => conn.send(m),
    isMine: (line) => line.name === user.name || (line.seat !== null && s.yours.includes(line.seat)),
  });
  const rematch = rematchBox({
    matchId, query: invited, send: (m) => conn.send(m), nameOf: (i) => nameOf(i),
    table: () => ({
      yours: s.yours, watch: watch || !s.yours.length,
      humans: s.seats.map((x, i) => (x.kind === "human" ? i : null)).filter((i) => i !== null),
    }),
  });
  const clocks = clockBar((seat) => nameOf(seat), (fallen) => { drawButtons(); tellFall(fallen); });

  const page = el("section", { class: "table-page", dataset: { status: "connecting" } },
    el("header", { class: "table-head" }, art, title, turn, el("div", { class: "head-badges" }), paceBox, soundControl(), link, help.node),
    flash,
    invitePanel,
    el("div", { class: "table-bar" }, clocks.node),
    el("div", { class: "table-body" },
      el("div", { class: "table-main" }, rematch.score, end, lastTurnBox, board),
      el("aside", { class: "side" },
        el("section", { class: "panel" }, el("h2", {}, "Seats"), seatsBox),
        chat.node,
        watch ? null : el("section", { class: "panel moves-panel" },
          el("h2", {}, "Moves ", el("button", { type: "button", class: "help-button", "aria-label": "Keyboard shortcuts", onclick: () => toggleHelp() }, "?")),
          movesBox, typed,
          el("form", { class: "command-form", onsubmit: (e) => { e.preventDefault(); runCommand(command.value); command.value = ""; } }, command),
          lookOut, buttons),
        statsBox,
        stopsBox,
        el("section", { class: "panel log-panel" }, el("h2", {}, "Log"), logList))),
    layer);
  fill(root, page);

  let flashTimer = null;
  function say(text) {
    flash.textContent = text;
    flash.hidden = !text;
    clearTimeout(flashTimer);
    if (text) flashTimer = setTimeout(() => { flash.hidden = true; }, 6000);
  }

  const hotseat = () => s.yours.length > 1;
  // At a hot-seat table every seat of this person has the same account name: say "Player N".
  // Two seats of one name (two AIs of a level) are told apart by their seat numbers.
  const names = () => uniqueNames(s.seats.map((seat, i) => (hotseat() && s.yours.includes(i) ? `Player ${i + 1}` : seatName(seat, i))));
  const nameOf = (i) => names()[i] || `Player ${i + 1}`;
  // Whose eyes the page has: "you" in the texts (a spectator has none).
  const reader = () => (watch || !s.yours.length ? null : hotseat() ? (s.table ? s.table.seat : null) : s.yours[0]);
  const named = (text) => nameSeats(text, s.summary ? s.summary.seat_labels : null, names(), reader());
  // The name a renderer calls a seat by: "You" for the page's own seat.
  const tableName = (i) => (i !== null && i !== undefined && i === reader() && !hotseat() ? "You" : nameOf(i));
  const playing = () => !watch && s.yours.length > 0;
  const covered = () => hotseat() && s.status === "running" && s.table && s.table.to_move === s.table.seat
    && s.yours.includes(s.table.seat) && s.shownSeat !== s.table.seat;
  // A finished game has no moves, also when it ended outside a move (a resignation, a flag): its
  // last table still lists the moves that were to be made.
  const moves = () => (s.table && s.status !== "finished" && !covered() ? numberedMoves(s.table, named) : []);

  function play(action) {
    if (!moves().some((m) => m.action === action)) {
      say("That is not one of your moves right now.");
      return;
    }
    if (!conn.move(action)) return;
    s.busy = true;
    s.buffer = "";
    draw();
  }

  // The table's offer to this seat (a payment that wastes least), when it is this seat's move.
  const proposal = () => (s.table && !covered() && moves().length ? s.table.proposal || null : null);

  function accept() {
    if (!proposal() || s.busy) return;
    if (conn.accept()) {
      s.busy = true;
      draw();
    }
  }

  // The gestures on offer to this seat (send a team at its target, buy and pay, a draw plan).
  const gestures = () => (s.table && !covered() && moves().length ? s.table.gestures || [] : []);

  function gesture(g) {
    if (s.busy || !gestures().some((x) => JSON.stringify(x.actions) === JSON.stringify(g.actions))) return;
    if (conn.gesture(g.actions)) {
      s.busy = true;
      s.buffer = "";
      draw();
    }
  }

  function undo() {
    if (!s.game || !s.game.allows_undo || !playing() || s.status !== "running") {
      say("This game has no undo.");
      return;
    }
    if (conn.undo()) {
      s.busy = true;
      draw();
    }
  }

  // What the game's hint player would play here: the server thinks it out and answers with the
  // position's seq, so a hint that comes back after a move is dropped.
  function hint() {
    if (!s.game || !s.game.hints || !playing() || s.status !== "running") {
      say("This game gives no hints.");
      return;
    }
    if (s.hinting || !conn.send({ type: "hint" })) return;
    s.hinting = true;
    fill(lookOut, "Thinking of a hint…");
  }

  function showHint(m) {
    s.hinting = false;
    if (m.seq !== s.seq) return;
    fill(lookOut, withSymbols(m.text));
  }

  async function look(target) {
    const text = await conn.look(target);
    s.lookText = text === null ? `There is nothing called "${target}" to look at.` : text;
    fill(lookOut, withSymbols(s.lookText));
    return text;
  }

  function runCommand(raw) {
    const text = raw.trim();
    if (!text) return;
    const lower = text.toLowerCase();
    if (/^\d+$/.test(text)) {
      const m = moves().find((x) => x.n === Number(text));
      if (m) play(m.action);
      else say(`There is no move ${text}.`);
    } else if (lower === "undo") undo();
    else if (lower === "hint") hint();
    else if (lower === "?" || lower === "help") toggleHelp();
    else if (lower.startsWith("look ")) look(text.slice(5).trim());
    else {
      const m = moves().find((x) => x.action.toLowerCase() === lower);
      if (m) play(m.action);
      else if (conn.move(text)) { s.busy = true; draw(); } // the server explains what is wrong
    }
  }

  function toggleHelp() {
    if (s.overlay) {
      s.overlay.remove();
      s.overlay = null;
      return;
    }
    s.overlay = shortcutsOverlay(() => toggleHelp());
    layer.append(s.overlay);
  }

  function onKey(event) {
    if (!page.isConnected) return;
    const target = event.target;
    const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
    if (event.key === "Escape") {
      if (s.overlay) toggleHelp();
      s.buffer = "";
      s.local = {};
      if (typing) target.blur();
      draw();
      return;
    }
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "?") {
      event.preventDefault();
      toggleHelp();
      return;
    }
    if (s.overlay && (event.key === "r" || event.key === "R")) {
      // "?" then "r": the rules, at the part of the turn the table is in.
      toggleHelp();
      help.open();
      return;
    }
    if (s.overlay) return;
    if (event.key === "/") {
      event.preventDefault();
      command.focus();
      return;
    }
    if (event.key === "h" || event.key === "H") {
      if (s.game && s.game.hints) hint();
      return;
    }
    if (event.key === "u" || event.key === "U") {
      if (s.game && s.game.allows_undo) undo();
      return;
    }
    if (covered() && event.key === "Enter") {
      event.preventDefault();
      uncover();
      return;
    }
    const list = moves();
    if (/^[0-9]$/.test(event.key) && list.length && !s.busy) {
      event.preventDefault();
      typeDigit(s, event.key, list, play, (n) => say(`There is no move ${n}.`));
      typedIndicator(typed, s.buffer);
      return;
    }
    if (event.key === "Backspace" && s.buffer) {
      s.buffer = s.buffer.slice(0, -1);
      typedIndicator(typed, s.buffer);
      return;
    }
    if (event.key === "Enter" && !s.buffer && proposal() && !s.busy) {
      event.preventDefault();
      accept();
      return;
    }
    if (event.key === "Enter" && s.buffer) {
      event.preventDefault();
      typedIndicator(typed, "");
      playTyped(s, list, play);
    }
  }
  document.addEventListener("keydown", onKey);

  function uncover() {
    s.shownSeat = s.table.seat;
    draw();
  }

  // --- drawing ---------------------------------------------------------------------------------

  function drawSeats() {
    const now = Date.now();
    const toMove = s.table ? s.table.to_move : null;
    fill(seatsBox, s.seats.map((seat, i) => {
      const name = nameOf(i);
      let state = seat.connected ? "connected" : "away";
      let words = seat.connected ? "connected" : "not connected";
      if (seat.kind === "human" && !seat.name) { state = "waiting"; words = "open seat"; }
      else if (!seat.connected && s.awaySince[i] !== undefined) {
        words = `away ${Math.round((now - s.awaySince[i]) / 1000)} s`;
      }
      if (seat.kind === "ai") words = `${seat.level || "normal"} AI`;
      const mine = s.yours.includes(i) && !hotseat();
      return el("li", { class: ["seat", toMove === i && s.status === "running" ? "to-move" : null, mine ? "mine" : null], dataset: { seat: String(i), presence: state } },
        el("span", { class: ["presence", state], "aria-hidden": "true" }),
        el("span", { class: "seat-name" }, name, mine ? " (you)" : ""),
        el("span", { class: "seat-state" }, words),
        toMove === i && s.status === "running" ? el("span", { class: "to-move-mark" }, "to move") : null);
    }));
  }

  // A clock fell: the players are told what each may do now (Board Game Arena's rule).
  function tellFall(fallen) {
    if (!playing() || s.status !== "running") return;
    for (const seat of fallen) {
      say(s.yours.includes(seat)
        ? "Your time ran out: an opponent may claim the game; move, and it goes on until they do."
        : `${nameOf(seat)} ran out of time: claim the game, or keep waiting for their move.`);
    }
  }

  function claimable() {
    if (!playing() || s.status !== "running") return false;
    // With a clock, a game is claimed when an opponent's time runs out, not for being away.
    if (clocks.timed()) return clocks.claimable(s.yours);
    const now = Date.now();
    return s.seats.some((seat, i) => !s.yours.includes(i) && seat.kind === "human" && !seat.connected
      && s.awaySince[i] !== undefined && now - s.awaySince[i] >= s.grace * 1000);
  }

  // Drawn again only when they change: the clock redraws every second while a seat is away, and
  // a button replaced between a press and its release would lose that click.
  let buttonsDrawn = "";
  function drawButtons() {
    const running = playing() && s.status === "running";
    const undoable = Boolean(s.game && s.game.allows_undo && running);
    const hints = Boolean(s.game && s.game.hints && running);
    const claim = claimable();
    const shown = [undoable, s.busy || s.seq === 0, running, claim, hints].join();
    if (shown === buttonsDrawn) return;
    buttonsDrawn = shown;
    fill(buttons,
      undoable
        ? el("button", { type: "button", class: "undo", onclick: undo, disabled: s.busy || s.seq === 0 }, "Undo (u)") : null,
      hints ? el("button", { type: "button", class: "hint", onclick: hint }, "Hint (h)") : null,
      running
        ? el("button", { type: "button", class: "resign", onclick: () => { if (confirm("Resign this game?")) conn.resign(); } }, "Resign") : null,
      claim ? el("button", { type: "button", class: "claim", onclick: () => conn.claim() }, "Claim the game") : null);
  }

  function drawTurn() {
    if (!s.table) return;
    const toMove = s.table.to_move;
    let text;
    if (s.status === "open") text = "Waiting for players to join…";
    else if (s.status === "finished") text = outcomeTitle(s.outcome, s.yours, nameOf) + (s.outcome ? ` — ${named(s.outcome.reason)}` : "");
    else if (toMove === null || toMove === undefined) text = "";
    else if (s.yours.includes(toMove) && !watch && !hotseat()) text = "Your move";
    else text = `${nameOf(toMove)} to move`;
    turn.textContent = text;
  }

  function drawEnd() {
    if (s.status !== "finished") {
      fill(end);
      return;
    }
    const sum = s.summary;
    const inSeries = Boolean(sum && sum.series);
    if (sum && !inSeries && !rematch.node.childElementCount) rematch.draw();
    if (inSeries && !s.series) loadSeries();
    fill(end, el("section", { class: "end-screen panel", role: "status", "aria-label": "The game is over" },
      el("h2", {}, outcomeTitle(s.outcome, s.yours, nameOf)),
      el("p", { class: "reason" }, s.outcome ? named(s.outcome.reason) : "The game is over."),
      s.review ? el("p", { class: "review" }, withSymbols(s.review)) : null,
      inSeries ? seriesPanel() : null,
      sum && !inSeries ? rematch.node : null,
      el("p", { class: "end-buttons" },
        el("a", { href: `/replay/${encodeURIComponent(matchId)}`, class: "button" }, "Watch the replay"),
        el("a", { href: "/", class: "button" }, "Home"))));
  }

  // A campaign (series): its score, counted by the server from the finished games, and the step
  // to the next game (the same seats, the winner first), until a seat has the points.
  async function loadSeries() {
    s.series = "loading";
    try {
      s.series = await api(`/api/series/${encodeURIComponent(s.summary.series)}${invited}`);
    } catch (err) {
      s.series = "failed";
      say(err.message);
    }
    drawEnd();
  }

  function seriesPanel() {
    const series = s.series;
    if (series === "failed") return null;
    if (!series || series === "loading") return el("p", { class: "series muted" }, "Campaign score…");
    const next = series.next_ready && playing()
      ? el("button", { type: "button", class: "primary next-game", onclick: nextGame }, "Next game") : null;
    return el("section", { class: "series", "aria-label": "Campaign" },
      el("h3", {}, `Campaign — game ${s.summary.series_game}, first to ${counted(series.target, "point")}`),
      el("ul", { class: "series-score" }, series.points.map((p, i) =>
        el("li", { dataset: { seat: String(i) } }, `${nameOf(i)}: ${counted(p, "point")}`))),
      series.victor !== null
        ? el("p", { class: "series-victor" }, `${nameOf(series.victor)} wins the campaign.`)
        : el("p", { class: "muted" }, `${nameOf(series.starter)} starts the next game.`),
      next);
  }

  async function nextGame() {
    try {
      const made = await api(`/api/series/${encodeURIComponent(s.summary.series)}/next`, { method: "POST" });
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${made.match}` }));
    } catch (err) {
      say(err.message);
    }
  }

  function drawInvite() {
    if (s.status !== "open" || !playing() || !s.summary) {
      fill(invitePanel);
      return;
    }
    const url = `${location.origin}/join/${matchId}` + (invite ? `?invite=${encodeURIComponent(invite)}` : "");
    const field = el("input", { type: "text", readonly: true, value: url, class: "invite-url", "aria-label": "Invite link" });
    fill(invitePanel, el("section", { class: "panel invite" },
      el("h2", {}, "Waiting for players"),
      el("p", {}, "Send this link to the people you want to play with:"),
      field,
      el("button", { type: "button", onclick: async () => {
        field.select();
        try { await navigator.clipboard.writeText(url); say("The link is copied."); } catch { say("Select the link and copy it."); }
      } }, "Copy link")));
  }

  function drawBoard() {
    if (!s.table || !s.renderer) return;
    if (s.localSeq !== s.seq) {
      s.local = {};
      s.localSeq = s.seq;
    }
    if (covered()) {
      const who = nameOf(s.table.seat);
      fill(board, el("section", { class: "pass-screen panel", role: "dialog", "aria-label": `Pass to ${who}` },
        el("h2", {}, `Pass to ${who}`),
        el("p", {}, `The table is hidden so that nobody else sees ${who}'s cards. ${who}: press the button (or Enter) when you are ready.`),
        el("button", { type: "button", class: "primary", onclick: uncover }, `Show ${who}'s table`)));
      return;
    }
    const ctx = makeCtx({
      seat: s.table.seat,
      moves: moves(),
      play,
      look,
      local: s.local,
      redraw: () => drawBoard(),
      proposal: proposal(),
      accept,
      gestures: gestures(),
      gesture,
      seatName: tableName,
      named,
    });
    // A new position: where its cards were, so that the ones the last turn moved are seen
    // moving (only once per position; a redraw of the same one just highlights).
    const before = s.seq !== animatedSeq && board.childElementCount ? snapshot(board) : null;
    fill(board, drawTable(s.renderer, s.table.view, ctx));
    const touched = markTouched(board, touchedBy(storyShown(), s.renderer.touches || null));
    if (s.seq !== animatedSeq) {
      animatedSeq = s.seq;
      animatePaths(touched, before, 400);
    }
  }
  let animatedSeq = -1;

  function drawMoves() {
    if (watch) return;
    const list = moves();
    const mine = s.status === "running" && s.table && s.yours.includes(s.table.to_move);
    const offer = proposal();
    fill(movesBox, offer
      ? el("div", { class: "proposal" },
        el("button", { type: "button", class: "primary proposal-accept", disabled: s.busy, "aria-label": `Pay ${offer.words || offer.text} (Enter)`, onclick: accept }, `Pay ${offer.text} (Enter)`),
        el("p", { class: "muted" }, "or pay source by source:"))
      : null,
    gestureList(gestures(), { gesture, busy: s.busy }),
    list.length
      ? moveList(list, { play, busy: s.busy, folds: (s.renderer && s.renderer.foldedMoves) || {} })
      : el("p", { class: "muted" }, s.status === "finished" ? "The game is over." : covered() ? "Hidden until the next player is ready." : mine ? "…" : "Not your turn."));
  }

  // A log line shows the game's text with its cards drawn; its accessible name is the server's
  // words for it ("You seed six of spades on Vault 1"), so a screen reader reads no codes.
  const logLine = (e) => el("li", { class: `event ${e.kind}`, "data-seats": e.seats ? e.seats.join(" ") : "all", "aria-label": named(e.words || e.text) },
    withSymbols(named(e.text)));

  // Each event says who may see it (seats: null for everyone, else which of this person's seats):
  // at a hot-seat table a seat's log shows what is public and what is its own (another seat's
  // draws are not for its eyes), and nothing while covered.
  const forSeat = (e, seat) => !e.seats || e.seats.includes(seat);
  function drawLog() {
    const shown = !hotseat() ? s.log : covered() ? [] : s.log.filter((e) => forSeat(e, s.table.seat));
    const labels = s.summary ? s.summary.seat_labels : [];
    fill(logList, foldAnswers(shown, (seat) => labels[seat] ?? `Player ${seat + 1}`).map(logLine));
    scrollLog();
  }

  // Once a frame at most: reading the height lays the page out.
  let scrolling = false;
  function scrollLog() {
    if (scrolling) return;
    scrolling = true;
    requestAnimationFrame(() => {
      scrolling = false;
      logList.scrollTop = logList.scrollHeight;
    });
  }

  // What the last turn did, in one line above the table: the events of the last seat to move,
  // since another seat last moved, exactly those the server sent this page (nothing hidden from
  // this seat ever arrives).
  function storyShown() {
    const seat = s.table ? s.table.seat : null;
    return s.story.events.filter((e) => !hotseat() || (!covered() && forSeat(e, seat)));
  }

  function drawLastTurn() {
    const seen = storyShown();
    lastTurn.hidden = !seen.length;
    lastTurn.dataset.actor = s.story.actor === null ? "" : String(s.story.actor);
    fill(lastTurn, seen.length ? [el("strong", {}, "Last turn: "), withSymbols(seen.map((e) => named(e.text)).join(" "))] : []);
    lastTurn.setAttribute("aria-label", seen.length ? `Last turn: ${seen.map((e) => named(e.words || e.text)).join(" ")}` : "The last turn");
    lastTurnBox.classList.remove("open");
    moreTurn.textContent = "Show all";
    moreTurn.setAttribute("aria-expanded", "false");
    markLong();
  }

  function tell(actor, events) {
    if (actor === null || actor === undefined) return;
    if (s.story.actor !== actor) s.story = { actor, events: [] };
    s.story.events.push(...events);
  }

  function draw() {
    page.dataset.status = s.status;
    page.dataset.seq = String(s.seq);
    page.dataset.seat = s.table && s.table.seat !== null ? String(s.table.seat) : "";
    page.dataset.busy = s.busy ? "true" : "false";
    page.dataset.covered = covered() ? "true" : "false";
    drawTurn();
    drawSeats();
    drawInvite();
    drawEnd();
    drawLastTurn();
    drawBoard();
    drawMoves();
    drawButtons();
    help.update(s.table ? s.table.view : null);
    if (hotseat()) drawLog();
    if (covered()) lookOut.textContent = "";
    typedIndicator(typed, s.buffer);
  }

  // The player's stops (kept with the account): where the table asks them, and where it passes
  // for them; and, in every game, whether it answers a question that has only one answer.
  async function drawStops() {
    if (watch || !playing()) return;
    let stops;
    try {
      stops = await api(`/api/games/${encodeURIComponent(known.game)}/stops`);
    } catch {
      return;
    }
    const save = async (on, full, single) => {
      try {
        stops = await api(`/api/games/${encodeURIComponent(known.game)}/stops`, { method: "PUT", body: { on, full_control: full, single } });
        say(full ? "Full control: the table asks you at every step." : "Stops saved.");
        render();
      } catch (err) {
        say(err.message);
      }
    };
    const onKeys = () => stops.stops.filter((x) => x.on).map((x) => x.key);
    const box = (stop) => el("label", { class: "stop" },
      el("input", { type: "checkbox", checked: stop.on, disabled: stops.full_control, dataset: { stop: stop.key },
        onchange: (e) => save(e.target.checked ? [...onKeys(), stop.key] : onKeys().filter((k) => k !== stop.key), stops.full_control, stops.single) }),
      " ", stop.label.split(",")[0]);
    const column = (whose, title) => el("fieldset", { class: "stops-column" }, el("legend", {}, title),
      stops.stops.filter((x) => x.key.endsWith(`:${whose}`)).map(box));
    const single = () => el("label", { class: "stop single" },
      el("input", { type: "checkbox", class: "single-answer", checked: stops.single && !stops.full_control, disabled: stops.full_control,
        onchange: (e) => save(onKeys(), stops.full_control, e.target.checked) }),
      " Answer questions that have only one answer for me");
    let opened = false;
    function render() {
      const stepped = stops.stops.length > 0;
      fill(stopsBox, el("details", { class: "panel stops-panel", open: opened, ontoggle: (e) => { opened = e.target.open; } },
        el("summary", {}, el("h2", {}, stepped ? "Stops" : "Questions")),
        el("p", { class: "muted" }, stepped
          ? "Where you want to be asked. Elsewhere the table passes for you, and it answers the questions that leave you no real choice unless you tick them (the log says what it did, and why)."
          : "The table answers a question that has only one answer (the log says so), unless you ask to be asked."),
        single(),
        stepped ? el("label", { class: "stop full" },
          el("input", { type: "checkbox", class: "full-control", checked: stops.full_control, onchange: (e) => save(onKeys(), e.target.checked, stops.single) }),
          " Full control (stop everywhere)") : null,
        stepped ? el("div", { class: "stops-columns" }, column("own", "Your turn"), column("opp", "Opponent's turn")) : null));
    }
    render();
  }

  async function refreshStats() {
    if (!s.summary || s.summary.seats.length !== 1 || watch) return;
    fill(statsBox, await statsPanel(s.summary.game, s.game ? s.game.title : s.summary.game));
  }

  // --- messages --------------------------------------------------------------------------------

  function presence(seats) {
    const now = Date.now();
    s.seats = seats;
    seats.forEach((seat, i) => {
      if (seat.connected) delete s.awaySince[i];
      else if (seat.away_seconds !== null && seat.away_seconds !== undefined) s.awaySince[i] = now - seat.away_seconds * 1000;
    });
  }

  // A message's events join the log: only their lines are added (the oldest dropped past
  // LOG_KEEP), so a long game does not rebuild hundreds of lines at every move. A hot-seat table
  // filters its log by seat, and the table's passes fold into one line, so those draw the whole
  // log (in draw()).
  function addEvents(events) {
    const fresh = s.log.length === 0;
    s.log.push(...events);
    if (s.log.length > LOG_KEEP) s.log.splice(0, s.log.length - LOG_KEEP);
    if (fresh || hotseat() || foldsInto(events)) {
      drawLog();
      return;
    }
    if (!events.length) return;
    logList.append(...events.map(logLine));
    while (logList.children.length > LOG_KEEP) logList.firstElementChild.remove();
    scrollLog();
  }

  // Another seat's move (the AI's, a player's) stays on the table for the chosen pace before the
  // next message is shown, so that an AI turn of many actions can be followed; this page's own
  // moves and a welcome (the whole table again) are shown at once.
  const inbox = [];
  let cooling = false;
  function onMessage(m) {
    if (m.type === "welcome") inbox.length = 0;
    else if (inbox.length || (cooling && !(m.type === "update" && m.ack) && m.type !== "presence")) {
      inbox.push(m);
      return;
    }
    show(m);
  }

  // What is left of the pace's turnMs for the other seats' moves since this page's own last.
  let turnLeft = pace().turnMs;
  function show(m) {
    if (m.type === "welcome" || (m.type === "update" && m.ack)) turnLeft = pace().turnMs;
    // The moves already waiting share what is left, so a long run speeds up instead of dragging.
    const wait = nextWait(pace(), turnLeft, inbox.length);
    if (handle(m) && wait > 0) {
      turnLeft -= wait;
      cooling = true;
      page.dataset.pacing = "true";
      setTimeout(release, wait);
    }
  }

  function release() {
    cooling = false;
    page.dataset.pacing = "false";
    while (inbox.length && !cooling) show(inbox.shift());
  }

  // Shows one message; whether it was another seat's move.
  function handle(m) {
    if (m.type === "welcome") {
      const first = !s.summary;
      s.summary = m.match;
      s.you = m.you;
      s.yours = watch ? [] : m.yours;
      if (m.invite) invite = m.invite;
      s.seq = m.seq;
      s.status = m.status;
      s.table = m.table;
      s.outcome = m.outcome;
      s.grace = m.grace_seconds;
      clocks.match(m.match);
      clocks.set(m.clock);
      turnsChanged();
      s.busy = false;
      s.hinting = false; // a hint asked before a reconnection is not coming
      presence(m.seats);
      s.log = [];
      // The last turn as the server kept it for pages that were not watching (a reload, a
      // resync): the same story this page would have told, of the events this seat may see.
      const story = m.table.story;
      s.story = story ? { actor: story.actor, events: [...story.events] } : { actor: null, events: [] };
      if (first) {
        title.textContent = (s.game ? s.game.title : m.match.title) + (watch ? " — watching" : hotseat() ? " — hot-seat" : "")
          + (m.match.series ? ` — campaign game ${m.match.series_game}` : "");
        document.title = `${title.textContent} · cyberdeck`;
        art.classList.add(`art-${m.match.game}`);
        fill(art, icon(`game-${m.match.game}`));
        refreshStats();
        drawStops();
        if (m.match.rematch_of) rematch.refreshScore();
      }
      addEvents(m.table.events);
      draw();
    } else if (m.type === "update") {
      // The seat that was to move made this step (a finished game's last step too).
      const actor = s.table ? s.table.to_move : null;
      tell(actor, m.table.events);
      // A move of this page's that went through: an earlier error no longer applies.
      if (m.ack) say("");
      s.seq = m.seq;
      s.status = m.status;
      s.table = m.table;
      if (m.table.to_move !== actor) turnsChanged();
      s.outcome = m.outcome;
      clocks.set(m.clock);
      s.busy = conn.pending !== null;
      if (m.ack) lookOut.textContent = "";
      addEvents(m.table.events);
      draw();
      if (m.status === "finished") finished();
      const others = actor !== null && actor !== undefined && !s.yours.includes(actor) && m.table.events.length > 0;
      playSound(m.status === "finished" ? "end" : m.ack ? "move" : others ? "other" : "");
      return others;
    } else if (m.type === "hint") {
      showHint(m);
    } else if (m.type === "review") {
      s.review = m.text;
      drawEnd();
    } else if (m.type === "clock") {
      if (m.clock.running !== clocks.running()) turnsChanged();
      clocks.set(m.clock);
      drawButtons();
    } else if (m.type === "claimed") {
      say(m.text);
    } else if (m.type === "presence") {
      presence(m.seats);
      drawSeats();
      drawButtons();
    } else if (m.type === "ended") {
      s.status = "finished";
      s.outcome = m.outcome;
      clocks.set(m.clock);
      draw();
      finished();
    } else if (m.type === "rematch") {
      rematch.update(m);
    } else if (m.type === "chat") {
      chat.receive(m);
    } else if (m.type === "error") {
      s.busy = conn.pending !== null;
      say(m.message);
      if (m.code === "stale") conn.send({ type: "resync" });
      draw();
    }
    return false;
  }

  function finished() {
    refreshStats();
    if (s.summary && s.summary.rematch_of) rematch.refreshScore();
  }

  function onStatus(status) {
    const words = { connecting: "connecting…", open: "connected", closed: "connection lost — reconnecting…", gone: "disconnected" };
    link.textContent = words[status] || status;
    link.dataset.link = status;
  }

  const conn = new MatchConnection(matchId, { watch, invite }, { onMessage, onStatus });
  const ticker = setInterval(() => {
    if (s.seats.some((seat) => !seat.connected)) {
      drawSeats();
      drawButtons();
    }
  }, 1000);

  return () => {
    clearInterval(ticker);
    clocks.stop();
    document.removeEventListener("keydown", onKey);
    conn.close();
  };
}

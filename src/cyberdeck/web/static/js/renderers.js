// Loads a game's table renderer (js/games/<game-id>.js) or falls back to the generic one, and
// builds the ctx every renderer receives (see js/games/README.md).
import { card, withSymbols } from "./cards.js";
import { el } from "./dom.js";
import { moveName } from "./movelist.js";
import * as generic from "./games/generic.js";

const loaded = new Map();

export async function rendererFor(gameId) {
  if (!loaded.has(gameId)) {
    let module = generic;
    if (/^[a-z0-9-]+$/.test(gameId)) {
      try {
        module = await import(`./games/${gameId}.js`);
      } catch {
        module = generic;
      }
    }
    loaded.set(gameId, module);
  }
  return loaded.get(gameId);
}

// The numbered moves of a table message: [{n, action, label, words, group}], their phrase and
// words with each seat called by its one name (named: the page's; "Pass the Coder to Player 2"
// reads "... to Normal AI", on the button and to a screen reader alike).
export function numberedMoves(table, named = (text) => text) {
  return (table.moves || []).map((m, i) => ({ n: i + 1, ...m, label: named(m.label), words: named(m.words || m.label) }));
}

// A seat's name when the page has none to give (a renderer drawn alone).
const labelOf = (seat) => (i) => (i === seat ? "You" : `Player ${i + 1}`);

export function makeCtx({ seat, moves, play, look, local, redraw, replay = false, proposal = null, accept = null, gestures = [], gesture = null, seatName = null, named = null }) {
  return {
    seat,
    // The one name of seat i everywhere on the page ("You" for this seat, "Normal AI", "ada").
    seatName: seatName || labelOf(seat),
    // A game text with its seat labels turned into those names ("Player 2 wins" -> "ada wins").
    named: named || ((text) => text),
    moves,
    play,
    proposal: replay ? null : proposal,
    accept: accept || (() => {}),
    // Several moves as one click (send a team at its target), as the server offers them.
    gestures: replay ? [] : gestures,
    gesture: gesture || (() => {}),
    card,
    el,
    withSymbols,
    // A move's accessible name in words ("3: Seed six of spades ..."), as the move list's.
    moveName,
    look: look || (async () => null),
    local: local || {},
    redraw: redraw || (() => {}),
    replay,
  };
}

// The renderer's table, or the generic one (with the error noted) when the renderer fails.
export function drawTable(module, view, ctx) {
  try {
    return module.renderTable(view, ctx);
  } catch (err) {
    console.error(err);
    return el("div", {}, el("p", { class: "flash", role: "alert" }, "This table could not be drawn; showing its data instead."),
      generic.renderTable(view, ctx));
  }
}

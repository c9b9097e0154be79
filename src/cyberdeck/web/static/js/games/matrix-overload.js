// MATR1X 0VERL0AD: the 3×3 matrix of piles with the twelve royal slots around it, the card to
// place, the deck and the firewalls waiting. Click a pile (or a slot, for a royal or ICE) to place
// the card there; a pile's "look" button asks the server for every card in it, bottom to top.
import { parseCard } from "../cards.js";
import { counted } from "../words.js";

const ROWS = ["a", "b", "c"];
const COLS = ["1", "2", "3"];

// The cards in circulation as the recursion limit counts them: the deck, the piles, and the card
// to place when it is a number card (a royal waiting for its slot leaves the cycle).
function circulation(view) {
  const piles = Object.values(view.piles).reduce((n, cards) => n + cards.length, 0);
  const face = view.card && ["J", "Q", "K"].includes(parseCard(view.card).rank);
  return { deck: view.deck_count, piles, toPlace: view.card && !face ? 1 : 0 };
}

// The Fatal Recursion count with its limit worked out where the player sees it: the limit moves
// as cards leave the deck and reach the piles, and a bare "2 / 66" does not say why. The same
// sentence as the terminal's (render.py's quiet_draws; a browser test holds them together); the
// limit itself is the engine's, from the view.
export function quietDraws(view) {
  const { deck, piles, toPlace } = circulation(view);
  const parts = `${deck} in the deck + ${piles} on the piles${toPlace ? " + 1 to place" : ""}`;
  const limit = view.recursion_limit;
  return `Quiet draws: ${view.idle} of ${limit} — a draw that kills nothing and places no royal or ICE; a kill, a royal or ICE starts the count again. `
    + `The limit is twice the cards in circulation: 2 × (${parts}) = ${limit}. Reaching it ends the game (Fatal Recursion).`;
}

function moveFor(ctx, target) {
  return ctx.moves.find((m) => m.action === `place ${target}`) || null;
}

function clickable(ctx, node, target) {
  const move = moveFor(ctx, target);
  if (!move) return node;
  node.classList.add("playable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", ctx.moveName(move));
  node.dataset.move = String(move.n);
  node.addEventListener("click", () => ctx.play(move.action));
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      ctx.play(move.action);
    }
  });
  return node;
}

function slotCell(name, slot, ctx) {
  const { el, card } = ctx;
  let body;
  let words;
  if (slot.status === "living") {
    body = [card(slot.royal, { small: true }), el("span", { class: "mo-health", title: "health" }, String(slot.health))];
    words = `${name}: firewall, health ${slot.health}`;
  } else if (slot.status === "killed") {
    body = [el("span", { class: "mo-killed" }, card(slot.royal, { small: true })), el("span", { class: "mo-tag" }, "down")];
    words = `${name}: firewall killed`;
  } else if (slot.ice.length) {
    body = [el("span", { class: "mo-ice" }, `+${slot.health}`), el("span", { class: "mo-tag" }, "ICE")];
    words = `${name}: empty, preventative ICE ${slot.health}`;
  } else {
    body = [];
    words = `${name}: empty`;
  }
  const node = el("div", { class: ["mo-slot", `mo-${slot.status}`], dataset: { slot: name }, title: words },
    el("span", { class: "mo-name" }, name), body);
  return clickable(ctx, node, name);
}

function pileCell(name, cards, ctx) {
  const { el, card } = ctx;
  const top = cards.length ? cards[cards.length - 1] : null;
  const peek = cards.length > 1
    ? el("button", {
      type: "button",
      class: "mo-peek",
      "aria-label": `Look into pile ${name}`,
      title: `Look into pile ${name}`,
      onclick: async (event) => {
        event.stopPropagation();
        const text = await ctx.look(name);
        ctx.local.peek = { name, text };
        ctx.redraw();
      },
    }, "look") : null;
  const node = el("div", { class: "mo-pile", dataset: { pile: name } },
    el("span", { class: "mo-name" }, name),
    top ? card(top) : el("span", { class: "mo-empty", "aria-label": "empty pile" }, "·"),
    cards.length > 1 ? el("span", { class: "mo-depth", title: counted(cards.length, "card") }, `×${cards.length}`) : null);
  // The look button sits beside the pile, not inside it: a button inside a clickable pile would
  // be a control within a control, which screen readers cannot announce.
  if (!peek) return clickable(ctx, node, name);
  return el("div", { class: "mo-pile-cell" }, clickable(ctx, node, name), peek);
}

export function renderTable(view, ctx) {
  const { el, card } = ctx;
  const cells = [];
  const corner = () => el("div", { class: "mo-corner", "aria-hidden": "true" });
  cells.push(corner(), ...COLS.map((c) => slotCell(`n${c}`, view.slots[`n${c}`], ctx)), corner());
  ROWS.forEach((row, r) => {
    cells.push(slotCell(`w${r + 1}`, view.slots[`w${r + 1}`], ctx));
    for (const col of COLS) cells.push(pileCell(`${row}${col}`, view.piles[`${row}${col}`], ctx));
    cells.push(slotCell(`e${r + 1}`, view.slots[`e${r + 1}`], ctx));
  });
  cells.push(corner(), ...COLS.map((c) => slotCell(`s${c}`, view.slots[`s${c}`], ctx)), corner());

  const peek = ctx.local.peek;
  const hand = view.card
    ? el("div", { class: "mo-hand" }, el("span", { class: "mo-label" }, "To place"), card(view.card))
    : el("div", { class: "mo-hand" }, el("span", { class: "mo-label" }, "To place"), el("span", { class: "muted" }, "nothing"));
  return el("div", { class: "mo-table" },
    el("div", { class: "mo-matrix", role: "group", "aria-label": "The matrix: piles a1 to c3, firewall slots around them" }, cells),
    el("div", { class: "mo-status panel" },
      hand,
      el("dl", { class: "mo-counts" },
        el("dt", {}, "deck"), el("dd", { dataset: { count: "deck" } }, String(view.deck_count)),
        el("dt", {}, "kills"), el("dd", { dataset: { count: "kills" } }, `${view.kills} / 12`),
        el("dt", {}, "quiet draws"), el("dd", { dataset: { count: "quiet" }, title: quietDraws(view) }, `${view.idle} / ${view.recursion_limit}`)),
      el("p", { class: "mo-quiet muted" }, quietDraws(view)),
      view.pending && view.pending.length
        ? el("div", { class: "mo-pending" }, el("span", { class: "mo-label" }, "Firewalls waiting"), el("span", { class: "card-row" }, view.pending.map((c) => card(c, { small: true })))) : null,
      view.deck_bottom && view.deck_bottom.length
        ? el("div", { class: "mo-bottom" }, el("span", { class: "mo-label" }, "Known at the deck's bottom"), el("span", { class: "card-row" }, view.deck_bottom.slice(-6).map((c) => card(c, { small: true })))) : null,
      peek ? el("p", { class: "mo-peek-out", role: "status" }, ctx.withSymbols(peek.text || `Pile ${peek.name} is empty.`)) : null),
    el("p", { class: "muted mo-help" }, ctx.replay ? "" : "Click a pile to place the card on it; “look” shows every card of a pile. Rows a–c from the top, columns 1–3 from the left."));
}

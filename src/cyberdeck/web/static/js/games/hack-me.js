// Hack-Me If You Can: both hackers' areas facing each other across the run in progress. Each area
// shows stock and tags, the four resources (deck, hand, archive, current agenda) with their
// firewalls by level, the generators and the finalized agendas. What the terminal view shows
// (render.py), drawn as a table; every thing a move belongs to can be clicked.
import { buttons, chooser, does, movesWhere, offer, seatName, selectable, stat, whose, zone } from "./kit.js";
import { icon } from "../dom.js";
import { counted } from "../words.js";

const RESOURCES = ["deck", "hand", "archive", "agenda"];
const TITLES = { deck: "Deck", hand: "Hand", archive: "Archive", agenda: "Agenda" };
const AGENDA_RANKS = ["A", "10", "J", "Q", "K"];
const JOKER = "JK";

// The Joker's search is a move per card of the deck: the side list folds them into one entry
// (the table offers them from the Joker in hand, drawn as cards with a search box).
export const foldedMoves = { Tutor: "Reveal a Joker: take a card from your deck" };

// The sentence saying who decides what now (as the terminal's prompt).
function promptLine(view, ctx) {
  if (view.outcome) return `Game over: ${ctx.named(view.outcome.reason)}.`;
  const who = ctx.seatName(view.current_player);
  const run = view.run;
  const pending = view.pending || {};
  switch (view.phase) {
    case "action":
      return `${who}: action ${view.actions_per_turn - view.actions_left + 1} of ${view.actions_per_turn}.`;
    case "activate":
      return `${who}: pay ${pending.cost} to activate your level ${run.level} firewall against the run?`;
    case "boost": return `${who}: boost the firewall (reveal the top card of your deck)?`;
    case "pay": return `${who}: pay ${counted(pending.strength, "credit")} to destroy the firewall, or suffer?`;
    case "pick": return `${who}: pick a face-down card (${pending.hand_count}) for the shocked hacker.`;
    case "trash": return `${who}: pay 2 credits to destroy ${run && run.accessed ? run.accessed : "the accessed card"}, or let it go back?`;
    case "mulligan": return `${who}: keep your opening hand or take a mulligan?`;
    case "scrap": return `${who}: destroy one of your firewalls.`;
    case "forfeit": return `${who}: destroy one of your finalized agendas.`;
    case "stack": return `${who}: choose the next card for the top of your deck.`;
    case "drain": return `${who}: choose a generator to empty into your stock.`;
    case "rewire": return `${who}: place your firewalls (${pending.resource || ""} now).`;
    case "recycle": return `${who}: recycle up to two cards for 2 credits each?`;
    case "dismantle": return `${who}: pay 2 credits to destroy one of your firewalls?`;
    case "discard": return `${who}: discard down to five cards.`;
    case "archive": return `${who}: choose the order of the cards going on your archive (the last one placed is the top, where a run reaches it).`;
    default: return `${who} decides.`;
  }
}

function firewall(ctx, fw, resource, mine) {
  const { el, card } = ctx;
  const words = fw.active ? `level ${fw.level} firewall ${fw.card}, active, strength ${fw.strength}`
    : fw.card ? `level ${fw.level} firewall ${fw.card}, inactive (only you see it)` : `level ${fw.level} firewall, face down`;
  const node = el("div", { class: ["hm-wall", fw.active ? "active" : "inactive"], "aria-label": words },
    el("span", { class: "hm-level" }, icon("firewall"), `L${fw.level}`),
    fw.card ? card(fw.card, { small: true }) : card(null, { faceDown: true, small: true }),
    el("span", { class: "hm-wall-state" }, fw.active ? `str ${fw.strength}` : fw.card ? "inactive" : "face down"));
  if (mine) {
    offer(ctx, node, movesWhere(ctx, (k, a) => (k === "scrap" || k === "dismantle") && a[0] === resource && a[1] === String(fw.level)));
  }
  return node;
}

// The pile that is the resource itself: the deck, the hand's count, the archive's top, the agenda.
// clickable: its moves (draw, invest) are offered on it.
function resourcePile(ctx, view, p, resource, mine, clickable) {
  const { el, card } = ctx;
  const pl = view.players[p];
  if (resource === "deck") {
    const node = el("div", { class: "hm-pile", "aria-label": `deck, ${counted(pl.deck_count, "card")}` },
      pl.deck_count ? card(null, { faceDown: true, small: true, label: `deck of ${counted(pl.deck_count, "card")}` }) : el("span", { class: "hm-empty" }, "empty"),
      el("span", { class: "hm-count" }, `${pl.deck_count}`),
      pl.deck_top.length ? el("span", { class: "hm-known" }, "top: ", pl.deck_top.map((c) => card(c, { small: true }))) : null);
    // One click draws; a Joker's search of the deck starts from the Joker in hand.
    if (clickable) offer(ctx, node, movesWhere(ctx, (k) => k === "draw"), "deck");
    return node;
  }
  if (resource === "hand") {
    return el("div", { class: "hm-pile", "aria-label": `hand, ${counted(pl.hand_count, "card")}` },
      pl.hand_count ? card(null, { faceDown: true, small: true, label: `hand of ${counted(pl.hand_count, "card")}` }) : el("span", { class: "hm-empty" }, "empty"),
      el("span", { class: "hm-count" }, `${pl.hand_count}`),
      !mine && pl.hand_known.length ? el("span", { class: "hm-known" }, "known: ", pl.hand_known.map((c) => card(c, { small: true }))) : null);
  }
  if (resource === "archive") {
    const top = pl.archive.length ? pl.archive[pl.archive.length - 1] : null;
    return el("div", { class: "hm-pile", "aria-label": `archive, ${counted(pl.archive.length, "card")}` },
      top ? card(top, { small: true }) : el("span", { class: "hm-empty" }, "empty"),
      el("span", { class: "hm-count" }, `${pl.archive.length}`),
      pl.archive.length > 1 ? el("details", { class: "hm-archive-all" }, el("summary", {}, "all, top first"),
        el("div", { class: "card-row" }, [...pl.archive].reverse().map((c) => card(c, { small: true })))) : null);
  }
  const agenda = pl.agenda;
  if (!agenda.present) return el("div", { class: "hm-pile" }, el("span", { class: "hm-empty" }, "no agenda"));
  const node = el("div", { class: "hm-pile hm-agenda", "aria-label": `current agenda, ${agenda.invested} invested` },
    agenda.card ? card(agenda.card, { small: true }) : card(null, { faceDown: true, small: true, label: "a face-down agenda" }),
    el("span", { class: "hm-count" }, `${agenda.invested}${agenda.cost ? `/${agenda.cost}` : ""} ¢`));
  if (clickable) offer(ctx, node, movesWhere(ctx, (k) => k === "invest"));
  return node;
}

function resourceColumn(ctx, view, p, resource, mine) {
  const { el } = ctx;
  const walls = view.players[p].firewalls[resource];
  // Runs meet the highest level first, so the highest is drawn nearest the middle of the table:
  // the rival's resources face down the table, yours face up it.
  const ordered = mine ? [...walls].reverse() : walls;
  const wallBox = el("div", { class: "hm-walls" }, ordered.length ? ordered.map((fw) => firewall(ctx, fw, resource, mine)) : el("span", { class: "hm-empty" }, "no firewall"));
  // With a firewall card selected, your resources take it, and their piles wait.
  const placing = mine && selectedCard(ctx)
    ? movesWhere(ctx, (k, a) => k === "firewall" && a[0] === selectedCard(ctx) && a[1] === resource) : [];
  const pile = resourcePile(ctx, view, p, resource, mine, mine && !placing.length);
  const column = el("div", { class: ["hm-resource", `hm-${resource}`], dataset: { resource } },
    el("h4", {}, TITLES[resource]), mine ? [wallBox, pile] : [pile, wallBox]);
  offer(ctx, column, mine ? placing : movesWhere(ctx, (k, a) => k === "run" && a[0] === resource));
  return column;
}

function generators(ctx, pl, mine) {
  const { el, card } = ctx;
  if (!pl.generators.length) return el("span", { class: "hm-empty" }, "none");
  return el("div", { class: "card-row" }, pl.generators.map((g) => {
    const node = el("span", { class: "hm-generator", "aria-label": `generator ${g.card} with ${counted(g.credits, "credit")}` },
      card(g.card, { small: true }), el("span", { class: "hm-badge" }, `${g.credits}¢`));
    if (mine) offer(ctx, node, movesWhere(ctx, (k, a) => k === "drain" && a[0] === g.card));
    return node;
  }));
}

function finalized(ctx, pl, mine) {
  const { el, card } = ctx;
  const have = new Set(pl.finalized.map((c) => c.slice(0, -1)));
  return el("div", { class: "hm-finalized" },
    el("div", { class: "card-row" }, pl.finalized.length ? pl.finalized.map((c) => {
      const node = el("span", {}, card(c, { small: true }));
      if (mine) offer(ctx, node, movesWhere(ctx, (k, a) => k === "forfeit" && a[0] === c));
      return node;
    }) : el("span", { class: "hm-empty" }, "none")),
    el("p", { class: "hm-goal", "aria-label": `agendas finalized: ${[...have].join(", ") || "none"} of A, 10, J, Q, K` },
      AGENDA_RANKS.map((r) => el("span", { class: ["hm-goal-rank", have.has(r) ? "done" : null] }, have.has(r) ? `✓${r}` : r))));
}

// The hand card a click selected (its several moves are offered; your resources take it as a
// firewall), or null.
function selectedCard(ctx) {
  const key = ctx.local.selected || "";
  return key.startsWith("card:") ? key.slice(5) : null;
}

// Your hand: a click plays the card's only move, or selects it (then its moves are offered, and
// your resources take a firewall).
function hand(ctx, pl) {
  const { el, card } = ctx;
  return el("div", { class: "card-row hm-hand" }, pl.hand.map((c) => {
    const node = el("span", { class: "hm-hand-card" }, card(c));
    const own = movesWhere(ctx, (k, a) => a[0] === c && k !== "tutor");
    // The Joker searches the deck: a click selects it, and the deck is offered as cards.
    if (c === JOKER && movesWhere(ctx, (k) => k === "tutor").length) {
      selectable(ctx, node, `card:${c}`, own);
      node.setAttribute("aria-label", "Joker: search your deck for a card, or choose another move");
      return node;
    }
    return offer(ctx, node, own, `card:${c}`);
  }));
}

// The deck searched with the Joker: every card it holds drawn as a card, a search box to find
// one by rank, suit or name ("7", "hearts", "queen"), and a click takes it.
function deckSearch(ctx) {
  const { el, card } = ctx;
  const tutors = movesWhere(ctx, (k) => k === "tutor");
  if (selectedCard(ctx) !== JOKER || !tutors.length) return null;
  const items = tutors.map((m) => {
    const code = m.action.split(" ")[1];
    const face = card(code, { small: true });
    const words = `${code} ${face.getAttribute("aria-label") || ""}`.toLowerCase();
    return el("button", { type: "button", class: "hm-search-card", title: m.label, "aria-label": ctx.moveName(m),
      dataset: { action: m.action, find: words }, onclick: () => ctx.play(m.action) }, face);
  });
  const box = el("input", { type: "search", class: "hm-search", value: ctx.local.search || "",
    placeholder: "Find a card: 7, hearts, queen, QH", "aria-label": "Find a card in your deck" });
  const shown = el("span", { class: "hm-search-count muted" });
  const filter = () => {
    ctx.local.search = box.value;
    const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    let count = 0;
    for (const item of items) {
      item.hidden = !words.every((w) => item.dataset.find.split(" ").some((part) => part.startsWith(w)));
      count += item.hidden ? 0 : 1;
    }
    shown.textContent = `${count} of ${counted(items.length, "card")}`;
  };
  box.addEventListener("input", filter);
  filter();
  return el("section", { class: "hm-deck-search", role: "group", "aria-label": "Search your deck with the Joker" },
    el("h4", {}, "Reveal the Joker and take a card from your deck"), box, " ", shown,
    el("div", { class: "card-row hm-search-list" }, items));
}

function area(ctx, view, p) {
  const { el } = ctx;
  const pl = view.players[p];
  const mine = p === ctx.seat;
  const turn = view.active_player === p && !view.outcome;
  const stock = stat(ctx, "Stock", `${pl.stock}¢`, "hm-stock");
  const tags = stat(ctx, "Tags", pl.tags, pl.tags ? "hm-tags bad" : "hm-tags");
  if (mine) {
    offer(ctx, stock, movesWhere(ctx, (k) => k === "credit"));
    offer(ctx, tags, movesWhere(ctx, (k) => k === "untag"));
  } else {
    offer(ctx, tags, movesWhere(ctx, (k) => k === "shock"));
  }
  const head = el("header", { class: "hm-head" },
    el("h3", {}, turn ? "▶ " : "", seatName(p, ctx)),
    stock, tags, stat(ctx, "Deck", pl.deck_count), stat(ctx, "Hand", pl.hand_count));
  const resources = el("div", { class: "hm-resources" }, RESOURCES.map((r) => resourceColumn(ctx, view, p, r, mine)));
  const row = el("div", { class: "hm-row" },
    zone(ctx, "Generators", "hm-gens", generators(ctx, pl, mine)),
    zone(ctx, "Finalized agendas", "hm-final", finalized(ctx, pl, mine)));
  return el("section", { class: ["hm-area", mine ? "mine" : "theirs", turn ? "to-play" : null], "aria-label": seatName(p, ctx), dataset: { seat: String(p) } },
    head, mine ? [resources, row] : [row, resources],
    mine && pl.hand ? zone(ctx, "Your hand", "hm-hand-zone", hand(ctx, pl)) : null);
}

function middle(ctx, view) {
  const { el, card } = ctx;
  const run = view.run;
  const pending = view.pending || {};
  const lines = [];
  const hacking = does(ctx, view.active_player, "are hacking", "is hacking");
  const status = [`Turn ${view.turn}/${view.turn_cap}`, hacking];
  if (view.phase === "action" && !view.outcome) status.push(`actions left ${view.actions_left}/${view.actions_per_turn}`);
  lines.push(el("p", { class: "hm-status" }, status.join(" · ")));
  if (view.turn <= 1 && view.reveals.length) {
    lines.push(el("p", { class: "hm-reveal" }, `Opening reveal (${ctx.seatName(0)} against ${ctx.seatName(1)}): `,
      view.reveals.map(([a, b], i) => el("span", {}, i ? ", then " : "", card(a, { small: true }), " against ", card(b, { small: true }))),
      `; ${does(ctx, view.first_player, "go first", "goes first")}.`));
  }
  if (run) {
    lines.push(el("p", { class: "hm-run", role: "status" },
      el("strong", {}, "RUN "), `${ctx.seatName(run.attacker)} on the ${run.target}`,
      run.level ? `, at firewall level ${run.level}` : "",
      run.boost ? ` (boosted +${run.boost})` : "",
      run.accessed ? el("span", {}, ", accessed ", card(run.accessed, { small: true })) : ""));
  }
  if (pending.cards && pending.cards.length) {
    lines.push(el("div", { class: "hm-pending" }, "Top of your deck to order: ",
      el("span", { class: "card-row" }, pending.cards.map((c) => offer(ctx, el("span", {}, card(c, { small: true })), movesWhere(ctx, (k, a) => k === "stack" && a[0] === c))))));
  }
  if (pending.pool) {
    lines.push(el("div", { class: "hm-pending" }, `Firewalls to place on your ${pending.resource}: `,
      el("span", { class: "card-row" }, pending.pool.map((c) => {
        const node = el("span", {}, c ? card(c, { small: true }) : card(null, { faceDown: true, small: true }));
        return c ? offer(ctx, node, movesWhere(ctx, (k, a) => k === "rewire" && a[0] === c)) : node;
      }))));
  }
  if (pending.to_archive && pending.to_archive.length) {
    // Public: the cards were seen going there; only their owner has the moves.
    lines.push(el("div", { class: "hm-pending" }, `Going on ${whose(ctx, view.active_player)} archive (the last one placed is the top): `,
      el("span", { class: "card-row" }, pending.to_archive.map((c) => offer(ctx, el("span", {}, card(c, { small: true })), movesWhere(ctx, (k, a) => k === "archive" && a[0] === c))))));
  }
  if (view.phase === "pick" && !view.outcome) {
    const picks = movesWhere(ctx, (k) => k === "pick");
    lines.push(el("div", { class: "hm-pending" }, `${whose(ctx, pending.shocked).replace(/^your/, "Your")} hand, shuffled: `,
      el("span", { class: "card-row" }, Array.from({ length: pending.hand_count }, (_, i) => offer(ctx,
        el("span", {}, card(null, { faceDown: true, small: true, label: `face-down card ${i + 1}` })),
        picks.filter((m) => m.action === `pick ${i + 1}`))))));
  }
  lines.push(el("p", { class: "hm-prompt" }, promptLine(view, ctx)));
  const decisions = movesWhere(ctx, (k) => ["keep", "mulligan", "activate", "boost", "pay", "suffer", "trash", "pass", "next"].includes(k));
  return el("div", { class: "hm-middle", role: "region", "aria-label": "The run and the turn" },
    lines, buttons(ctx, decisions), chooser(ctx, selectedCard(ctx) ? `Play ${selectedCard(ctx)}` : "Choose"),
    deckSearch(ctx));
}

// The places an event touched that its data alone does not say (the shell highlights them with
// the cards it names): a firewall goes on the hacker's own resource, a run hits the other's.
export function touches(event) {
  const d = event.data || {};
  if (typeof d.player !== "number" || typeof d.resource !== "string") return [];
  if (event.kind === "firewall") return [{ attr: "resource", value: d.resource, seat: d.player }];
  if (event.kind === "run") return [{ attr: "resource", value: d.resource, seat: 1 - d.player }];
  return [];
}

export function renderTable(view, ctx) {
  const { el } = ctx;
  const seat = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : null;
  const [far, near] = seat === null ? [1, 0] : [1 - seat, seat];
  return el("div", { class: "hm-table" }, area(ctx, view, far), middle(ctx, view), area(ctx, view, near));
}

// Cipher Run: the three vaults side by side, the opponent's nodes above and yours below (totals,
// lock state, attack profile, protocol suit, modules with their Overclocks), who controls each
// vault, both players' counts, and your hand. Click a hand card, then a vault (or a node, or a
// module, for a program) to play it; the moves of the chosen card are listed under the hand too.
import { icon } from "../dom.js";
import { counted } from "../words.js";

const STATE_WORDS = { open: "open", locked: "LOCKED", overflow: "OVERFLOW" };
// Programs by rank (the rest are Number Modules).
const PROGRAMS = { J: "Kill-Switch", Q: "Revector", K: "Overclock", JK: "Zero-Day" };

function program(text) {
  const t = String(text).toUpperCase();
  return PROGRAMS[t === "JK" ? "JK" : t.slice(0, -1)] || null;
}
const PROFILE = { ascending: "↑", descending: "↓" };

function parts(action) {
  return action.split(/\s+/);
}

// The moves of the selected card, by what they aim at: a vault ("vault1"), a node
// ("vault1 own"), a module ("vault1 own 2"), or nothing (compile).
function targets(ctx, selected) {
  const byTarget = new Map();
  const loose = [];
  for (const m of ctx.moves) {
    const p = parts(m.action);
    if (p[1] !== selected || !["deploy", "seed", "compile"].includes(p[0])) continue;
    const key = p.slice(2).join(" ");
    if (!key) {
      loose.push(m);
      continue;
    }
    if (!byTarget.has(key)) byTarget.set(key, []);
    byTarget.get(key).push(m);
  }
  return { byTarget, loose };
}

function aim(ctx, node, found, key, words) {
  const list = found ? found.byTarget.get(key) : null;
  if (!list || !list.length) return node;
  node.classList.add("playable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", list.length === 1 ? ctx.moveName(list[0]) : `${words}: ${counted(list.length, "move")}`);
  node.dataset.target = key;
  node.dataset.moves = String(list.length);
  const go = (event) => {
    event.stopPropagation();
    if (list.length === 1) ctx.play(list[0].action);
    else {
      ctx.local.only = key;
      ctx.redraw();
    }
  };
  node.addEventListener("click", go);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      go(event);
    }
  });
  return node;
}

function nodeBox(vault, node, side, mine, ctx, found) {
  const { el, card } = ctx;
  const key = `${vault} ${side}`;
  const state = node.state;
  const modules = node.modules.map((m, i) => {
    const box = el("span", { class: "cr-module", dataset: { module: String(i + 1) } },
      card(m.card, { small: true }),
      m.overclocks.length ? el("span", { class: "cr-overclocks" }, m.overclocks.map((o) => card(o.card, { small: true, label: `Overclock ${o.card}` }))) : null,
      m.overclocks.length ? el("span", { class: "cr-value", title: `face value ${m.face}, worth ${m.worth} with its Overclocks` }, `=${m.worth}`) : null);
    return aim(ctx, box, found, `${key} ${i + 1}`, `${m.card} on ${vault}`);
  });
  const hidden = Array.from({ length: node.hidden || 0 }, () => card(null, { faceDown: true, small: true, label: "a seed, face down" }));
  const total = node.total === null || node.total === undefined ? "?" : String(node.total);
  const head = el("div", { class: "cr-node-head" },
    el("span", { class: "cr-total", title: "total" }, total),
    state ? el("span", { class: `cr-state cr-${state}` }, STATE_WORDS[state] || state) : null,
    node.profile ? el("span", { class: "cr-profile", title: `attack profile: ${node.profile}` }, PROFILE[node.profile] || node.profile) : null,
    node.protocol_symbol ? el("span", { class: `cr-protocol ${"HD".includes(node.protocol) ? "red" : "black"}`, title: `protocol: ${node.protocol}` }, node.protocol_symbol) : null);
  const box = el("div", { class: ["cr-node", mine ? "cr-mine" : "cr-theirs", state ? `cr-${state}` : null], dataset: { node: key } },
    mine ? null : head,
    el("div", { class: "cr-modules" }, hidden, modules, !hidden.length && !modules.length ? el("span", { class: "muted cr-empty" }, "empty") : null),
    mine ? head : null);
  return aim(ctx, box, found, key, `${mine ? "your" : "their"} ${vault}`);
}

function playerBar(player, name, ctx) {
  const { el } = ctx;
  return el("div", { class: "cr-player", dataset: { seat: String(player.seat) } },
    el("span", { class: "cr-player-name" }, name),
    el("span", {}, `hand ${player.hand_count}`),
    el("span", {}, `deck ${player.deck_count}`),
    el("span", { title: player.discard.join(" ") }, `discard ${player.discard.length}`),
    el("span", { class: "cr-controls" }, `controls ${player.controls}`));
}

export function renderTable(view, ctx) {
  const { el, card } = ctx;
  const me = ctx.seat === null || ctx.seat === undefined ? 0 : ctx.seat;
  const other = 1 - me;
  const player = (seat) => view.players.find((p) => p.seat === seat);
  const selected = ctx.local.selected || null;
  const found = selected ? targets(ctx, selected) : null;
  const playableCards = new Set(ctx.moves.map((m) => parts(m.action)).filter((p) => ["deploy", "seed", "compile"].includes(p[0])).map((p) => p[1]));
  const word = (seat) => ctx.seatName(seat);

  const vaults = view.vaults.map((v) => {
    const theirs = v.nodes.find((n) => n.owner === other);
    const mine = v.nodes.find((n) => n.owner === me);
    const control = v.controller === null || v.controller === undefined ? (v.contested ? "contested" : "nobody") : word(v.controller);
    const column = el("section", { class: ["cr-vault", v.controller === me ? "cr-ours" : v.controller === other ? "cr-lost" : null], dataset: { vault: v.vault }, "aria-label": v.vault },
      el("h3", { class: "cr-vault-name" }, el("span", {}, icon("vault"), " ", v.vault.replace("vault", "Vault ")), el("span", { class: "cr-control" }, control)),
      nodeBox(v.vault, theirs, "opp", false, ctx, found),
      el("div", { class: "cr-divider", "aria-hidden": "true" }),
      nodeBox(v.vault, mine, "own", true, ctx, found));
    return aim(ctx, column, found, v.vault, v.vault);
  });

  const hand = (player(me) && player(me).hand) || [];
  const handCards = hand.map((c, i) => {
    const kind = program(c);
    const node = card(c);
    if (kind) node.setAttribute("aria-label", `${node.getAttribute("aria-label")}, ${kind}`);
    const wrap = el("span", { class: ["cr-hand-card", selected === c ? "selected" : null], dataset: { hand: c, index: String(i) } },
      node, kind ? el("span", { class: "cr-kind" }, kind) : null);
    if (playableCards.has(c) && !ctx.replay) {
      wrap.classList.add("playable");
      wrap.setAttribute("role", "button");
      wrap.setAttribute("tabindex", "0");
      wrap.setAttribute("aria-pressed", selected === c ? "true" : "false");
      wrap.setAttribute("aria-label", `${node.getAttribute("aria-label")}: choose where to play it`);
      const pick = () => {
        ctx.local.selected = selected === c ? null : c;
        ctx.local.only = null;
        ctx.redraw();
      };
      wrap.addEventListener("click", pick);
      wrap.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          event.stopPropagation();
          pick();
        }
      });
    }
    return wrap;
  });

  let choices = null;
  if (found) {
    const only = ctx.local.only;
    const list = only ? found.byTarget.get(only) || [] : [...found.loose, ...[...found.byTarget.values()].flat()];
    choices = el("div", { class: "cr-choices" },
      el("span", { class: "cr-hint" }, only ? "Choose:" : `${selected}: click a highlighted vault, node or module, or choose:`),
      list.map((m) => el("button", { type: "button", class: "cr-choice", dataset: { action: m.action }, "aria-label": ctx.moveName(m), onclick: () => ctx.play(m.action) },
        el("kbd", {}, String(m.n)), " ", ctx.withSymbols(m.label))));
  }

  const opponent = player(other);
  const mine = player(me);
  let phase = "";
  if (view.phase === "seeding") phase = "Seeding: each player seeds a card face down on each vault.";
  else if (!view.outcome) {
    phase = `Turn ${view.turn + 1}`;
    if (view.final_turns !== null && view.final_turns !== undefined) phase += ` — decks empty: ${view.final_turns} final turns left`;
  }
  // Opening hands with fewer than 3 Number Modules are shown and drawn again (public).
  const redraws = view.phase === "seeding" && view.redraws && view.redraws.length
    ? el("ul", { class: "cr-redraws" }, view.redraws.map((r) => el("li", {},
      `${word(r.player)} showed a hand with fewer than 3 Number Modules and drew again: `,
      el("span", { class: "card-row" }, r.cards.map((c) => card(c, { small: true }))))))
    : null;
  return el("div", { class: "cr-table" },
    opponent ? playerBar(opponent, ctx.seatName(other), ctx) : null,
    el("div", { class: "cr-vaults" }, vaults),
    mine ? playerBar(mine, ctx.seatName(me), ctx) : null,
    ctx.seat === null ? null : el("div", { class: "cr-hand", "aria-label": "Your hand" }, handCards.length ? handCards : el("span", { class: "muted" }, "no cards")),
    choices,
    redraws,
    el("p", { class: "muted cr-phase" }, phase,
      view.options ? ` · breach ${view.options.breach}, pivot ${view.options.pivot}` : ""));
}

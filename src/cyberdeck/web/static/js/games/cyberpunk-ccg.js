// Cyberpunk CCG: each sponsor's side of Night City facing the other — sponsor and EB available,
// Locations and Operations with their security, runners with their stats, attachments and state
// (used, busted, cyber-psycho), teams with their attack and Defense, Ops and Style, the Stash, the
// discard and your hand — with the turn's step, who has priority, the hit in progress and the
// prompt in the middle. What the terminal view shows (render.py), drawn as a table.
import { buttons, chooser, does, movesWhere, namedCard, offer, stat, whose, zone } from "./kit.js";

const PROMPTS = {
  draw: "draw a card: choose the deck",
  take: "the opponent could not draw: take 5 Ops or 5 Style",
  pay: "pay",
  place: "choose where the card goes",
  target: "choose a target",
  form: "pick the target (or add un-teamed runners)",
  defend: "defend with a team, or not",
  press: "exhaust a vehicle to stay unused, or stand down",
  team: "choose the team",
  cost: "exhaust the runner or its vehicle to pay for the move",
  ability: "which ability?",
  sense: "add the Solo's combat sense to attack or Defense",
  interface: "raise or lower",
  respond: "answer with a Cop (bust), or allow",
  discard: "discard down to 8 cards",
};

// The printed card set (public data, the same for every match), for the names, costs and text of
// the cards in your hand, which the view names by slug. Loaded once with the module.
async function loadCatalogue() {
  try {
    const response = await fetch("/api/games/cyberpunk-ccg/cards", { credentials: "same-origin" });
    if (!response.ok) return {};
    return Object.fromEntries((await response.json()).map((c) => [c.code, c]));
  } catch {
    return {};
  }
}
const CATALOGUE = await loadCatalogue();

function printed(slug) {
  return CATALOGUE[slug] || { code: slug, name: slug.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" "), kind: "", facts: {}, text: "" };
}

// A card seen whole: what is printed on it (the catalogue) and, in play, how it stands now.
function cardLines(c, live) {
  const f = c.facts || {};
  const facts = Object.entries(f).filter(([k, v]) => v !== "" && v !== 0 && k !== "Traits").map(([k, v]) => `${k} ${v}`);
  const lines = [facts.join(" · ")];
  if (f.Traits) lines.push(`Attributes: ${f.Traits}`);
  if (c.text) lines.push(c.text);
  if (live) lines.push(live);
  return lines.filter(Boolean);
}

function preview(ctx, slug, live = "") {
  const { el } = ctx;
  const c = printed(slug);
  return el("div", { class: "ccg-preview-card" },
    el("strong", { class: "ccg-preview-name" }, c.name), " ", el("span", { class: "muted" }, c.kind),
    cardLines(c, live).map((l) => el("p", {}, l)));
}

// Hovering, focusing or tapping a card shows it whole in the preview panel (drawn in place, so
// the table does not move); every card can take the focus, so a keyboard reaches them all.
function readable(ctx, node, slug, live = "") {
  const show = () => {
    const panel = document.querySelector(".ccg-preview");
    if (panel) panel.replaceChildren(preview(ctx, slug, live));
  };
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  node.addEventListener("mouseenter", show);
  node.addEventListener("focus", show);
  node.addEventListener("touchstart", show, { passive: true });
  node.dataset.card = slug;
  return node;
}

// The cards on the table an event names by id ("Street Samurai (c46) joins team 1"): the
// shell highlights them as the last move's (data-cid on each card on the table).
export function touches(event) {
  return [...String(event.text).matchAll(/\((c\d+)\)/g)].map((m) => ({ attr: "cid", value: m[1], seat: null }));
}

// The moves that name this card id (or the Stash) among their arguments.
function movesOn(ctx, id) {
  return movesWhere(ctx, (k, a) => a.includes(id));
}

function runnerTile(ctx, r) {
  const flags = [];
  if (r.busted) flags.push("BUSTED");
  else if (r.used) flags.push("used");
  if (r.psycho) flags.push("CYBER-PSYCHO");
  if (r.team) flags.push(`team ${r.team}`);
  return namedCard(ctx, {
    name: called(ctx, r),
    lines: [
      [r.type, ...flags].join(" · "),
      `SR ${r.sr} · LR ${r.lr} · Def ${r.df}`,
      `Pow ${r.power} · Emp ${r.empathy} · Mv ${r.movement}`,
    ],
    icons: ["kind-runner"],
    cls: ["ccg-runner", r.used ? "used" : null, r.busted ? "busted" : null, r.psycho ? "psycho" : null].filter(Boolean).join(" "),
    title: printed(r.card).text || r.name,
  });
}

// The icons of a card's kind and faction (icons/: kind-runner, faction-street ...), or none for
// a kind the set has no icon for.
const KINDS = ["runner", "equipment", "event", "location", "operation", "cyber", "sponsor"];
const FACTIONS = ["street", "corporate", "government"];
function kindIcon(kind) {
  const k = String(kind || "").toLowerCase();
  return KINDS.includes(k) ? `kind-${k}` : null;
}
function factionIcon(faction) {
  const f = String(faction || "").toLowerCase();
  return FACTIONS.includes(f) ? `faction-${f}` : null;
}

function siteTile(ctx, s) {
  const extra = s.kind === "location" ? `EB ${s.eb}` : s.opened ? "opened" : "";
  return namedCard(ctx, {
    name: called(ctx, s),
    lines: [
      [s.kind, extra, s.used ? "used" : ""].filter(Boolean).join(" · "),
      `M-Sec ${s.msec} · E-Sec ${s.esec}`,
      `ATTACK ${s.attack} · Ops ${s.ops}`,
    ],
    icons: [kindIcon(s.kind)],
    cls: ["ccg-site", `ccg-${s.kind}`, s.used ? "used" : null].filter(Boolean).join(" "),
    title: printed(s.card).text || s.name,
  });
}

function attachmentTile(ctx, a) {
  const lines = [a.kind];
  if ("tokens" in a) lines.push(`tokens ${a.tokens}${a.complete ? " · COMPLETE" : ""}`);
  if (a.used) lines.push("used");
  return namedCard(ctx, { name: called(ctx, a), lines, icons: [kindIcon(a.kind)], cls: ["ccg-gear", a.used ? "used" : null].filter(Boolean).join(" "), title: printed(a.card).text || a.name, small: true });
}

function clickable(ctx, node, id, c = null) {
  const tile = offer(ctx, node, movesOn(ctx, id), `id:${id}`);
  tile.dataset.cid = id;
  return c ? readable(ctx, tile, c.card, liveLine(c)) : tile;
}

// What the table calls a card it shows: its name, and which copy where its owner shows two
// ("Beat Cop #2"), as the view's names say (its id is the engine's word, never shown).
const called = (ctx, c) => (ctx.names && ctx.names[c.id]) || c.name;

function liveLine(c) {
  if (c.kind === "runner") return `now: SR ${c.sr} · LR ${c.lr} · Def ${c.df} · Pow ${c.power} · Emp ${c.empathy} · Mv ${c.movement}${c.used ? " · used" : ""}`;
  if (c.kind === "location" || c.kind === "operation") return `now: M-Sec ${c.msec} · E-Sec ${c.esec} · ATTACK ${c.attack}${c.used ? " · used" : ""}`;
  return c.used ? "used" : "";
}

function teams(ctx, play) {
  const { el } = ctx;
  const byTeam = new Map();
  for (const c of play) {
    if (c.kind === "runner" && c.team) {
      if (!byTeam.has(c.team)) byTeam.set(c.team, []);
      byTeam.get(c.team).push(c);
    }
  }
  if (!byTeam.size) return null;
  return el("p", { class: "ccg-teams" }, "Teams: ", [...byTeam.keys()].sort((a, b) => a - b).map((k) => {
    const members = byTeam.get(k);
    const ready = members.filter((r) => !r.used);
    const attack = ready.reduce((n, r) => n + r.sr + r.lr, 0);
    const defense = ready.reduce((n, r) => n + r.df, 0);
    return el("span", { class: "ccg-team" }, `team ${k} (${members.map((r) => called(ctx, r)).join(", ")}) attack ${attack} · Def ${defense}`);
  }));
}

function side(ctx, view, p) {
  const { el } = ctx;
  const pl = view.players[p];
  const mine = p === ctx.seat;
  const active = view.active === p && !view.outcome;
  const on = new Map();
  for (const c of pl.play) {
    if (c.on) {
      if (!on.has(c.on)) on.set(c.on, []);
      on.get(c.on).push(c);
    }
  }
  const attachments = (id) => (on.get(id) || []).map((a) => el("div", { class: "ccg-attached" },
    clickable(ctx, el("div", {}, attachmentTile(ctx, a)), a.id, a),
    (on.get(a.id) || []).map((part) => clickable(ctx, el("div", { class: "ccg-part" }, attachmentTile(ctx, part)), part.id, part))));
  const loose = pl.play.filter((c) => !c.on && c.kind !== "sponsor");
  const sites = loose.filter((c) => c.kind === "location" || c.kind === "operation");
  const runners = loose.filter((c) => c.kind === "runner");
  const others = loose.filter((c) => !sites.includes(c) && !runners.includes(c));
  const sponsor = pl.play.find((c) => c.kind === "sponsor");
  const name = ctx.seatName(p);
  const stash = el("div", { class: "ccg-row" }, pl.stash.length ? pl.stash.map((c) => clickable(ctx, el("div", {}, attachmentTile(ctx, c)), c.id, c)) : el("span", { class: "kit-empty" }, "empty"));
  const stashZone = zone(ctx, "Stash", "ccg-stash", stash);
  offer(ctx, stashZone, movesOn(ctx, "stash"), `stash:${p}`);
  return el("section", { class: ["ccg-side", mine ? "mine" : "theirs", active ? "to-play" : null], "aria-label": name },
    el("header", { class: "ccg-head" },
      el("h3", {}, active ? "▶ " : "", name, ": ", pl.sponsor || "no sponsor yet", pl.faction ? ` (${pl.faction})` : ""),
      sponsor ? readable(ctx, el("span", { class: "kit-badge", title: printed(sponsor.card).text }, sponsor.used ? "sponsor used" : "sponsor ready"), sponsor.card) : null,
      stat(ctx, "Ops", pl.ops, "ccg-ops"), stat(ctx, "Style", pl.style, "ccg-style"), stat(ctx, "Busts", pl.busts),
      stat(ctx, "EB available", pl.funds, "ccg-eb"),
      pl.bank_next_turn ? stat(ctx, "EB next turn", pl.bank_next_turn) : null,
      stat(ctx, "Hand", pl.hand_count),
      stat(ctx, "Runs deck", pl.runs_deck), stat(ctx, "Gear deck", pl.gear_deck)),
    zone(ctx, "Locations and Operations", "ccg-sites", el("div", { class: "ccg-row" },
      sites.length ? sites.map((s) => el("div", { class: "ccg-stack" }, clickable(ctx, el("div", {}, siteTile(ctx, s)), s.id, s), attachments(s.id))) : el("span", { class: "kit-empty" }, "none"))),
    zone(ctx, "Runners", "ccg-runners", el("div", { class: "ccg-row" },
      runners.length ? runners.map((r) => el("div", { class: "ccg-stack" }, clickable(ctx, el("div", {}, runnerTile(ctx, r)), r.id, r), attachments(r.id))) : el("span", { class: "kit-empty" }, "none")),
    teams(ctx, pl.play)),
    others.length ? zone(ctx, "Other cards", "ccg-others", el("div", { class: "ccg-row" }, others.map((c) => clickable(ctx, el("div", {}, attachmentTile(ctx, c)), c.id, c)))) : null,
    el("div", { class: "ccg-piles" },
      stashZone,
      zone(ctx, `Discard (${pl.discard.length})`, "ccg-discard", pl.discard.length
        ? el("details", {}, el("summary", {}, `top: ${pl.discard[pl.discard.length - 1].name}`),
          el("ul", {}, [...pl.discard].reverse().map((c) => clickable(ctx, el("li", {}, `${called(ctx, c)} (${c.kind})`), c.id, c))))
        : el("span", { class: "kit-empty" }, "empty"))));
}

// A card in your hand, with what it costs you (the view's hand_costs: your sponsor's faction
// pays less) in its corner, and the printed cost beside it where the two differ.
function handTile(ctx, slug, cost) {
  const c = printed(slug);
  const f = c.facts || {};
  const stats = ["SR", "LR", "Defense", "Power"].filter((k) => k in f).map((k) => `${k === "Defense" ? "Def" : k} ${f[k]}`).join(" · ");
  const off = "Cost" in f && cost !== f.Cost ? `printed ${f.Cost} EB, faction discount` : "";
  return namedCard(ctx, {
    name: c.name,
    corner: "Cost" in f ? `${cost} EB` : "",
    lines: [c.kind ? `${c.kind}${f.Faction ? ` · ${f.Faction}` : ""}` : "", off, stats],
    icons: [kindIcon(c.kind), factionIcon(f.Faction)],
    cls: `ccg-hand-card ccg-${(c.kind || "").toLowerCase()}`,
    // The card's text opens with the card (hover, focus, tap: the preview and the large card),
    // so the hand stays one row the table can show whole.
    title: c.text || c.name,
  });
}

function hand(ctx, pl) {
  const { el } = ctx;
  const row = el("div", { class: "ccg-row ccg-hand" }, pl.hand.map((slug, i) => {
    const node = el("div", { class: "ccg-hand-slot" }, handTile(ctx, slug, pl.hand_costs[slug]));
    return readable(ctx, offer(ctx, node, movesWhere(ctx, (k, a) => a[0] === slug), `hand:${slug}:${i}`), slug);
  }));
  const opens = [...row.children].map((slot) => [slot, opensAbove(slot, row)]);
  // A hand drawn anew under the pointer (the other side moved) lifts its open card at once.
  requestAnimationFrame(() => {
    for (const [slot, open] of opens) if (slot.isConnected && slot.matches(":hover, :focus-visible")) open();
  });
  return row;
}

// The room kept between an open card and the hand, and the screen's edges (px).
const OPEN_MARGIN = 8;

// A card of the hand opens large above the hand, not over its neighbours (of its row, or of the
// row above where the hand wraps), and inside the screen: its slot (which does not move) is
// measured when it is pointed at or focused, and the card is lifted clear of the hand's top and
// shifted in from the screen's side. Where the screen has no room above the hand, the card
// stops at the screen's top.
function opensAbove(slot, row) {
  const card = slot.firstElementChild;
  const open = () => {
    const at = slot.getBoundingClientRect();
    // How large it opens: tables.css's --open-scale, read where it applies.
    const scale = parseFloat(getComputedStyle(card).getPropertyValue("--open-scale")) || 1;
    const width = at.width * scale;
    const height = at.height * scale;
    const clear = at.bottom - row.getBoundingClientRect().top + OPEN_MARGIN;
    const lift = Math.max(0, Math.min(clear, at.bottom - OPEN_MARGIN - height));
    const left = at.left + at.width / 2 - width / 2;
    const shift = Math.max(0, OPEN_MARGIN - left) - Math.max(0, left + width - (document.documentElement.clientWidth - OPEN_MARGIN));
    card.style.setProperty("--open-lift", `${-lift}px`);
    card.style.setProperty("--open-shift", `${shift}px`);
  };
  slot.addEventListener("mouseenter", open);
  slot.addEventListener("focus", open);
  return open;
}

function stepLine(view, ctx) {
  if (view.outcome) return `Game over — ${ctx.named(view.outcome.reason)}.`;
  let line = view.step === "setup"
    ? `Setting up. ${ctx.seatName(view.priority)} to act`
    : `Turn ${view.turn}, ${whose(ctx, view.active)} turn, step: ${view.step}. ${does(ctx, view.priority, "have", "has")} priority`;
  const prompt = view.prompt;
  if (prompt) {
    let what = PROMPTS[prompt.kind] || prompt.kind;
    if (prompt.kind === "pay" && prompt.due === undefined) what = `pay for ${prompt.for}`; // a card not yet paid for: hidden
    else if (prompt.kind === "pay") {
      const sources = (prompt.sources || []).map((x) => `${x.name} ${x.eb}`);
      if (prompt.bank) sources.push(`banked ${prompt.bank}`);
      what = `pay ${prompt.due - prompt.paid} more EB for ${prompt.for}` + (sources.length ? ` (sources: ${sources.join(", ")})` : "")
        + (prompt.boost ? `; the next Location pays up to ${prompt.boost} more` : "");
    }
    else if (prompt.kind === "place") what = `choose where ${prompt.card} goes`;
    line += `: ${what}`;
  }
  return `${line}.`;
}

function hitLine(ctx, view) {
  const { el } = ctx;
  const hit = view.hit;
  if (!hit) return null;
  return el("p", { class: "ccg-hit", role: "status" },
    el("strong", {}, `${hit.mode.toUpperCase()} `),
    `by ${ctx.seatName(hit.attacker)} on ${hit.target === "stash" ? "the Stash" : ctx.names[hit.target]}: force ${hit.force.map((id) => ctx.names[id]).join(", ")} (attack ${hit.attack}, Defense ${hit.defense})`,
    hit.defenders.length ? ` against defenders ${hit.defenders.map((id) => ctx.names[id]).join(", ")} (attack ${hit.defending_attack}, Defense ${hit.defending_defense})` : "");
}

// The gestures (several moves as one click) beside the moves they start: the draw plans next to
// the decks, and a selected card's gestures under its choices (a runner: "join team 1").
function gestureButtons(ctx, test) {
  const { el } = ctx;
  const shown = (ctx.gestures || []).filter(test);
  if (!shown.length) return null;
  return el("div", { class: "kit-buttons ccg-gestures", role: "group", "aria-label": "One click" },
    shown.map((g) => el("button", { type: "button", class: "kit-choice ccg-gesture", "aria-label": g.words || g.text, onclick: () => ctx.gesture(g) }, g.text)));
}

export function renderTable(view, given) {
  const ctx = { ...given, names: view.names };
  const { el } = ctx;
  const seat = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : null;
  const [far, near] = seat === null ? [1, 0] : [1 - seat, seat];
  const me = seat === null ? null : view.players[seat];
  // Moves with no card or pile of their own on the table (pass, draw a deck, raise, allow ...).
  const ids = new Set(view.players.flatMap((pl) => [...pl.play, ...pl.stash, ...pl.discard].map((c) => c.id)));
  const handSlugs = new Set(me && me.hand ? me.hand : []);
  const loose = movesWhere(ctx, (k, a) => !a.some((x) => ids.has(x) || x === "stash") && !(a.length && handSlugs.has(a[0])));
  return el("div", { class: "ccg-table" },
    side(ctx, view, far),
    el("div", { class: "ccg-middle", role: "region", "aria-label": "The turn" },
      el("div", { class: "ccg-turn" },
        el("p", { class: "ccg-step" }, stepLine(view, ctx)),
        hitLine(ctx, view),
        ctx.proposal ? el("button", { type: "button", class: "primary proposal-pay", "aria-label": `Pay ${ctx.proposal.words || ctx.proposal.text}`, onclick: () => ctx.accept() }, `Pay ${ctx.proposal.text}`) : null,
        buttons(ctx, loose), gestureButtons(ctx, (g) => g.group === "Draw"), chooser(ctx),
        gestureButtons(ctx, (g) => (ctx.local.choices || []).includes(g.actions[0]))),
      el("aside", { class: "ccg-preview", "aria-live": "polite", "aria-label": "The card you point at" },
        el("p", { class: "muted" }, "Point at, focus or tap a card to read it whole."))),
    side(ctx, view, near),
    me && me.hand ? zone(ctx, `Your hand (${me.hand.length})`, "ccg-hand-zone", hand(ctx, me)) : null);
}

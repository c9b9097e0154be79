// The fallback table: a game's view as labelled data, cards drawn as cards. Used for any game
// without a renderer module of its own.
import { parseCard } from "../cards.js";

const SKIP = new Set(["legal_actions", "game", "outcome"]);

function words(key) {
  return String(key).replace(/_/g, " ");
}

function value(v, ctx, depth) {
  const { el, card } = ctx;
  if (v === null || v === undefined) return el("span", { class: "muted" }, "—");
  if (typeof v === "string") return parseCard(v) ? card(v, { small: true }) : el("span", {}, v);
  if (typeof v !== "object") return el("span", {}, String(v));
  if (Array.isArray(v)) {
    if (v.length === 0) return el("span", { class: "muted" }, "none");
    if (v.every((x) => typeof x === "string" && parseCard(x))) {
      return el("span", { class: "card-row" }, v.map((x) => card(x, { small: true })));
    }
    return el("ol", { class: "gen-list" }, v.map((x) => el("li", {}, value(x, ctx, depth + 1))));
  }
  const entries = Object.entries(v).filter(([k]) => !SKIP.has(k));
  return el("dl", { class: ["gen-map", depth ? "nested" : null] },
    entries.map(([k, x]) => [el("dt", {}, words(k)), el("dd", {}, value(x, ctx, depth + 1))]));
}

export function renderTable(view, ctx) {
  return ctx.el("div", { class: "generic-table panel" }, value(view, ctx, 0));
}

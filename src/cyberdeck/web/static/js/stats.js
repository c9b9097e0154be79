// A player's results in one game, from their finished matches on the server.
import { api, me } from "./api.js";
import { el } from "./dom.js";

// Loss kinds are short keys ("black-ice"); a key reads as words.
const lossWords = (kind) => (kind ? kind.replace(/[-_]/g, " ") : "other");

export async function statsPanel(gameId, title) {
  const user = await me();
  if (!user) return null;
  let stats;
  try {
    stats = await api(`/api/me/stats/${encodeURIComponent(gameId)}`);
  } catch {
    return null;
  }
  const ranked = stats.games - stats.unranked;
  const rate = ranked ? `${Math.round((100 * stats.wins) / ranked)}%` : "—";
  const streak = stats.streak > 0 ? `${stats.streak} won in a row` : stats.streak < 0 ? `${-stats.streak} lost in a row` : "none";
  const losses = Object.entries(stats.losses);
  return el("section", { class: "panel stats", "aria-label": `Your ${title} statistics` },
    el("h2", {}, "Your record"),
    el("dl", { class: "stat-grid" },
      el("dt", {}, "games"), el("dd", { dataset: { stat: "games" } }, String(stats.games)),
      el("dt", {}, "won"), el("dd", { dataset: { stat: "wins" } }, String(stats.wins)),
      el("dt", {}, "lost"), el("dd", { dataset: { stat: "lost" } }, String(stats.lost)),
      el("dt", {}, "win rate"), el("dd", {}, rate),
      el("dt", {}, "streak"), el("dd", {}, streak),
      el("dt", {}, "best streak"), el("dd", {}, String(stats.best_streak)),
      stats.unranked ? [el("dt", {}, stats.hinted ? "with undo or hints" : "with undo"), el("dd", { dataset: { stat: "unranked" } }, String(stats.unranked))] : null,
      stats.hinted ? [el("dt", {}, "with hints"), el("dd", { dataset: { stat: "hinted" } }, String(stats.hinted))] : null),
    losses.length ? el("p", { class: "muted" }, "Losses: ", losses.map(([k, v]) => `${lossWords(k)} ${v}`).join(", ")) : null);
}

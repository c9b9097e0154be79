// The AI level a player picks, on the home page and in the deck builder alike: one list, one
// default (Normal), and the last level picked remembered so both pages start from it. Expert is
// offered where the game ships a learned policy (its `ai_levels` name it).
import { el } from "./dom.js";

export const LEVELS = ["easy", "normal", "hard"];
const DEFAULT_LEVEL = "normal";
const LEVEL_KEY = "cyberdeck.level";

function offeredLevels(offered) {
  return (offered || []).includes("expert") ? [...LEVELS, "expert"] : LEVELS;
}

export function chosenLevel(offered) {
  let level = null;
  try {
    level = localStorage.getItem(LEVEL_KEY);
  } catch {
    level = null;
  }
  return offeredLevels(offered).includes(level) ? level : DEFAULT_LEVEL;
}

function keepLevel(level) {
  try {
    localStorage.setItem(LEVEL_KEY, level);
  } catch {
    // a browser that keeps nothing starts from the default each time
  }
}

// A level in words, with its rating on the AI ladder where the game ships one ("Hard · 412").
function levelName(level, rating) {
  const name = level[0].toUpperCase() + level.slice(1);
  return rating ? `${name} · ${rating.elo}` : name;
}

// Where the ladder's games were played at one table size of several ("in 2-player games").
function ladderTable(game) {
  const n = game.ai_ratings_players;
  return n && game.min_players !== game.max_players ? ` in ${n}-player games` : "";
}

// The line under a rated level menu.
export function ladderNote(game) {
  return `Elo on the AI ladder${ladderTable(game)}; random play is 0`;
}

// The level menu, its levels in words ("Normal"), starting at the level last picked; for a game
// (the home page), the levels it offers, each with its ladder rating beside its name and its
// interval in a tooltip; without one (the deck builder), the levels every game has.
export function levelSelect(attrs, game = null) {
  const offered = game ? game.ai_levels : undefined;
  const ratings = (game && game.ai_ratings) || {};
  const start = chosenLevel(offered);
  const rated = offeredLevels(offered).some((l) => ratings[l]);
  const help = "Beside each level, its rating on the AI ladder: Elo points above random play, "
    + `from games between the levels${rated ? ladderTable(game) : ""}. 200 points more wins about three games in four.`;
  return el("select", { ...attrs, title: rated ? help : null, onchange: (e) => keepLevel(e.target.value) },
    offeredLevels(offered).map((l) => {
      const r = ratings[l];
      const about = r ? `${levelName(l, r)} Elo (95% interval ${r.low} to ${r.high}, ${r.games} games)` : null;
      return el("option", { value: l, selected: l === start, title: about }, levelName(l, r));
    }));
}

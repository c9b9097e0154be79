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

// The level menu, its levels in words ("Normal"), starting at the level last picked.
export function levelSelect(attrs, offered) {
  const start = chosenLevel(offered);
  return el("select", { ...attrs, onchange: (e) => keepLevel(e.target.value) },
    offeredLevels(offered).map((l) => el("option", { value: l, selected: l === start }, l[0].toUpperCase() + l.slice(1))));
}

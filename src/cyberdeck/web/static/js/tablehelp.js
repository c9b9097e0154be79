// Help one click away from every table: "Learn" (the game's guided first game) and "Rules",
// which opens the rules page at the heading for the part of the turn the table is in (the game
// says which field of its view names that part: /api/games' rules_sections). Both open in a new
// tab, so the game stays where it is.
import { el } from "./dom.js";
import { rulesHref } from "./rulelinks.js";

export function rulesSection(game, view) {
  const map = (game && game.rules_sections) || {};
  const value = view && map.field ? String(view[map.field] ?? "") : "";
  return (map.sections && map.sections[value]) || map.default || "";
}

export function tableHelp(gameId, game) {
  const rules = el("a", { class: "button rules-link", href: rulesHref(gameId), target: "_blank", rel: "noopener", title: "The rules (? then r)" }, "Rules");
  const learn = game && game.tutorial
    ? el("a", { class: "button learn-link", href: `/learn/${encodeURIComponent(gameId)}`, target: "_blank", rel: "noopener", title: "A guided first game" }, "Learn")
    : null;
  return {
    node: el("span", { class: "table-help" }, rules, learn),
    // The rules link follows the table: called with each view drawn.
    update(view) {
      rules.href = rulesHref(gameId, rulesSection(game, view));
    },
    open() {
      window.open(rules.href, "_blank", "noopener");
    },
  };
}

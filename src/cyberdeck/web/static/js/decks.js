// The deck builder page (/decks/<game>): the game's catalogue, starter decks and your saved decks,
// handed to the builder (js/deckbuilder.js).
import { api, gamesById, me } from "./api.js";
import { deckBuilder } from "./deckbuilder.js";
import { el, fill } from "./dom.js";

export async function showDecks(root, gameId) {
  const games = await gamesById();
  const game = games[gameId];
  const back = el("p", {}, el("a", { href: "/" }, "← Back to the arcade"));
  if (!game || !game.has_decks) {
    const builders = Object.values(games).filter((g) => g.has_decks);
    fill(root, el("section", { class: "panel" }, back,
      el("h1", {}, "Deck builder"),
      el("p", {}, `${game ? game.title : `"${gameId}"`} has no deck builder: it is not played with decks of your own.`),
      el("ul", {}, builders.map((g) => el("li", {}, el("a", { href: `/decks/${g.id}` }, `${g.title} deck builder`))))));
    return null;
  }
  document.title = `${game.title} deck builder · cyberdeck`;
  const user = await me();
  const [catalogue, starters, saved] = await Promise.all([
    api(`/api/games/${gameId}/cards`),
    api(`/api/games/${gameId}/starter-decks`),
    user ? api(`/api/games/${gameId}/decks`) : Promise.resolve([]),
  ]);
  fill(root, el("section", { class: "decks-page" },
    back,
    el("h1", {}, `${game.title}: deck builder`),
    el("p", { class: "muted" }, `Pick cards, see every rule the deck breaks as you go, save it to your account, and play with it. `,
      el("a", { href: `/rules/${gameId}` }, "The deck-building rules"), "."),
    deckBuilder(game, { catalogue, starters, saved })));
  return null;
}

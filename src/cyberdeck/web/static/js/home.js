// The home page: the games with their pitch and ways to play, and the matches to join, watch
// or replay.
import { api, ensureSession, me } from "./api.js";
import { el, fill, icon } from "./dom.js";
import { chosenLevel, ladderNote, levelSelect } from "./levels.js";
import { quickPlayPanel } from "./quickplay.js";
import { nameSeats, uniqueNames } from "./seats.js";
import { statsPanel } from "./stats.js";
import { readTimeControl, timeControlFields } from "./timecontrol.js";
import { seatName } from "./table.js";
import { counted } from "./words.js";

function players(game) {
  return game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
}

// An option as a person reads it: its label, its choices in words, and a line saying what it
// does (the values sent stay the game's own: "flip", "start", false).
function optionField(game, option) {
  const id = `${game.id}-opt-${option.name}`;
  const words = option.choice_labels || option.choices.map(String);
  return el("div", { class: "field option-field" },
    el("label", { for: id }, option.label || option.name),
    el("select", { id, name: option.name, class: "option", "aria-describedby": `${id}-help` },
      option.choices.map((c, i) => el("option", { value: String(c), selected: c === option.default }, words[i] || String(c)))),
    option.help ? el("small", { class: "option-help muted", id: `${id}-help` }, option.help) : null);
}

function readOptions(form, game) {
  const options = {};
  for (const option of game.options) {
    const field = form.querySelector(`select[name="${option.name}"]`);
    if (!field) continue;
    const raw = field.value;
    const choice = option.choices.find((c) => String(c) === raw);
    if (choice !== undefined && choice !== option.default) options[option.name] = choice;
  }
  return options;
}

function seatCount(game, options) {
  return Number(options.players || game.min_players);
}

async function create(game, form, mode, say) {
  const options = readOptions(form, game);
  const box = form.querySelector("input.campaign");
  const campaign = Boolean(box && box.checked);
  const count = seatCount(game, options);
  let seats;
  let hotseat = false;
  let isPublic = true;
  if (mode === "ai") {
    const picked = form.querySelector("select.level");
    const level = picked ? picked.value : chosenLevel(game.ai_levels);
    seats = [{ kind: "human" }, ...Array.from({ length: count - 1 }, () => ({ kind: "ai", level }))];
  } else if (mode === "hotseat") {
    seats = Array.from({ length: count }, () => ({ kind: "human" }));
    hotseat = true;
  } else {
    seats = Array.from({ length: count }, () => ({ kind: "human" }));
    isPublic = !form.querySelector("input.private").checked;
  }
  try {
    await ensureSession();
    const timing = mode === "online" ? readTimeControl(form) : {};
    const made = await api("/api/matches", { method: "POST", body: { game: game.id, options, seats, public: isPublic, hotseat, campaign, ...timing } });
    const invite = mode === "online" ? `?invite=${encodeURIComponent(made.invite)}` : "";
    window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${made.match.id}${invite}` }));
  } catch (err) {
    say(err.message);
  }
}

function campaignHelp(game) {
  const targets = Object.entries(game.campaign).map(([n, t]) => `${t} with ${n} players`).join(", ");
  return `A series of games: a point per win, the winner starts the next; first to ${targets}.`;
}

// The game's picture: its icon (game-icons.net, credited on the About page) on the game's own
// colour; decorative, as the title beside it says which game it is.
export function gameArt(gameId, cls = "game-art") {
  return el("span", { class: [cls, `art-${gameId}`], "aria-hidden": "true" }, icon(`game-${gameId}`));
}

// A game's card: its picture, name and pitch, one Play button (against the AI at the level
// chosen last) and, for a game of two or more, Play now (quick play against a person: it sets
// the quick-play panel to this game, ``playNow``); everything else (the options, hot-seat,
// online, the rules, the leaderboard) is behind "More", so every game's Play is on the first
// screen.
function gameCard(game, playNow) {
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const say = (text) => { flash.textContent = text; flash.hidden = false; };
  const solo = game.max_players === 1;
  const form = el("form", { class: "play-form", onsubmit: (e) => e.preventDefault() },
    game.options.map((o) => optionField(game, o)),
    solo ? null : el("label", { class: "field" }, "AI level",
      levelSelect({ class: "level", name: "level" }, game),
      Object.keys(game.ai_ratings || {}).length ? el("span", { class: "level-note" }, ladderNote(game)) : null),
    solo ? null : timeControlFields(game),
    el("div", { class: "play-buttons" },
      solo ? null : el("button", { type: "button", class: "play-hotseat", onclick: () => create(game, form, "hotseat", say) }, "Hot-seat"),
      solo ? null : el("button", { type: "button", class: "play-online", onclick: () => create(game, form, "online", say) }, "Online match"),
      solo ? null : el("label", { class: "check", title: "Only people you send the link to can join or watch; it is not listed in the lobby." },
        el("input", { type: "checkbox", class: "private" }), " Private match (invited players only)"),
      Object.keys(game.campaign || {}).length ? el("label", { class: "check", title: campaignHelp(game) },
        el("input", { type: "checkbox", class: "campaign" }), " Campaign (a series of games for points)") : null),
    el("p", { class: "game-links" },
      el("a", { href: `/rules/${game.id}` }, "Rules"),
      el("a", { href: `/leaderboard/${game.id}` }, "Leaderboard"),
      game.has_decks ? el("a", { href: `/decks/${game.id}` }, "Deck builder") : null));
  const more = el("details", { class: "more" },
    el("summary", { class: "more-summary" }, solo ? "Options" : "More ways to play"), form);
  return el("article", { class: "game-card panel", dataset: { game: game.id } },
    el("div", { class: "game-top" },
      gameArt(game.id),
      el("div", { class: "game-name" },
        el("h2", {}, game.title),
        el("p", { class: "players muted" }, `${players(game)} player${game.max_players === 1 ? "" : "s"}`))),
    el("p", { class: "pitch" }, game.pitch),
    el("div", { class: "card-actions" },
      el("button", { type: "button", class: "primary play-ai", "aria-label": `Play ${game.title}${solo ? "" : " against the AI"}`, onclick: () => create(game, form, "ai", say) }, "Play"),
      solo ? null : el("button", { type: "button", class: "play-now", "aria-label": `Play ${game.title} now against a person (quick play)`, onclick: () => playNow(game.id) }, "Play now"),
      game.tutorial ? el("a", { href: `/learn/${game.id}`, class: "button learn" }, "Learn") : null),
    more, flash, el("div", { class: "game-stats", dataset: { statsFor: game.id } }));
}

function seatWords(match) {
  return match.seats.map((s) => (s.kind === "ai" ? `${s.level} AI` : s.name || "open seat")).join(" · ");
}

// How a finished match ended, each seat by the name the row shows it under ("Normal AI wins"),
// not the game's label for it ("Player 2 wins").
function outcomeWords(match) {
  const names = uniqueNames(match.seats.map((seat, i) => seatName(seat, i)));
  return nameSeats(match.outcome.reason, match.seat_labels, names, null);
}

function matchRow(match, actions) {
  return el("li", { class: "match-row", dataset: { match: match.id } },
    el("span", { class: "match-title" }, match.title),
    el("span", { class: "match-seats muted" }, seatWords(match)),
    el("span", { class: "match-state muted" }, match.status === "finished" && match.outcome ? outcomeWords(match) : counted(match.moves, "move")),
    el("span", { class: "match-actions" }, actions));
}

function matchList(title, matches, actions, empty) {
  return el("section", { class: "panel match-list" }, el("h2", {}, title),
    matches.length ? el("ul", {}, matches.map((m) => matchRow(m, actions(m)))) : el("p", { class: "muted" }, empty));
}

export async function showHome(root) {
  document.title = "cyberdeck arcade";
  const [games, user] = await Promise.all([api("/api/games"), me()]);
  const lists = el("div", { class: "lists" });
  const quick = quickPlayPanel(games, user);
  fill(root, el("div", { class: "home" },
    el("section", { class: "intro" },
      el("h1", {}, "cyberdeck arcade"),
      el("p", {}, "Five cyberpunk hacker card games with exact rules and AI opponents that do not cheat. Play against the AI, pass the screen around, or send a friend a link.")),
    el("div", { class: "games" }, games.map((g) => gameCard(g, quick.choose))),
    quick.panel,
    lists,
    el("p", { class: "muted terminal-note" }, "Prefer a terminal? ", el("code", {}, "cyberdeck play matrix-overload"), " (or ", el("code", {}, "make terminal"), "). ",
      el("a", { href: "/about" }, "About the arcade and its art"))));

  // An account's online matches are rated unless it says otherwise; a guest's are casual.
  for (const box of root.querySelectorAll("input.rated")) box.checked = Boolean(user && user.kind === "account");
  if (user) {
    // A solitaire's card shows the player's record (MATR1X: games, wins, losses by reason, streaks).
    for (const game of games.filter((g) => g.max_players === 1)) {
      const box = root.querySelector(`[data-stats-for="${game.id}"]`);
      statsPanel(game.id, game.title).then((panel) => { if (panel && box) fill(box, panel); });
    }
  }
  const [open, running, finished, mine] = await Promise.all([
    api("/api/matches?status=open&limit=20"),
    api("/api/matches?status=running&limit=20"),
    api("/api/matches?status=finished&limit=20"),
    user ? api("/api/me/matches?limit=20") : Promise.resolve([]),
  ]);
  const mineIds = new Set(mine.map((m) => m.id));
  fill(lists,
    user ? matchList("Your matches", mine, (m) => (m.status === "finished"
      ? el("a", { href: `/replay/${m.id}` }, "Replay")
      : el("a", { href: `/play/${m.id}` }, m.status === "open" ? "Open" : "Resume")), "No matches yet.") : null,
    matchList("Open matches", open.filter((m) => !mineIds.has(m.id)), (m) => el("a", { href: `/join/${m.id}` }, "Join"), "Nobody is waiting for players."),
    matchList("Being played", running.filter((m) => !mineIds.has(m.id)), (m) => el("a", { href: `/watch/${m.id}` }, "Watch"), "No games in play."),
    matchList("Replays", finished, (m) => el("a", { href: `/replay/${m.id}` }, "Replay"), "No finished games yet."));
  return quick.stop;
}

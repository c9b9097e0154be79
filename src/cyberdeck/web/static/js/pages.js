// The small pages: about (the art's credits), rules, leaderboard, account (sign in, sign up, guest), join by link.
import { api, ensureSession, forgetMe, gamesById, me } from "./api.js";
import { el, fill, icon } from "./dom.js";
import { mailPanel } from "./mailsettings.js";
import { anchorHeadings } from "./rulelinks.js";
import { counted } from "./words.js";

function back() {
  return el("p", {}, el("a", { href: "/" }, "← Back to the arcade"));
}

// The About page: what the arcade is, and the credit every icon's author is owed (CC BY 3.0),
// read from the list the icon script writes beside the icons.
export async function showAbout(root) {
  document.title = "About · cyberdeck";
  const response = await fetch("/static/icons/credits.json");
  const credits = response.ok ? await response.json() : [];
  fill(root, el("article", { class: "about panel" }, back(),
    el("h1", {}, "About the arcade"),
    el("p", {}, "Five cyberpunk hacker card games with exact rules, AI opponents that do not cheat, and nothing but this server: no CDN, no tracking."),
    el("h2", {}, "Art"),
    el("p", {}, "The icons are from ", el("a", { href: "https://game-icons.net/" }, "game-icons.net"),
      ", under the ", el("a", { href: "https://creativecommons.org/licenses/by/3.0/" }, "Creative Commons Attribution 3.0"), " licence, by their authors:"),
    el("ul", { class: "credits" }, credits.map((c) => el("li", { dataset: { icon: c.icon } },
      icon(c.file.replace(/\.svg$/, "")), " ",
      el("a", { href: c.source }, c.icon), " by ", el("strong", {}, c.author), ` (${c.license})`))),
    back()));
}

export async function showRules(root, gameId) {
  const rules = await api(`/api/games/${encodeURIComponent(gameId)}/rules`);
  document.title = `${rules.title} rules · cyberdeck`;
  const body = el("div", { class: "rules-text" });
  // The server renders the markdown with raw HTML turned off, so this is its own markup only.
  body.innerHTML = rules.html;
  fill(root, el("article", { class: "rules panel" }, back(), body, back()));
  anchorHeadings(body);
}

export async function showLeaderboard(root, gameId) {
  const games = await gamesById();
  const game = games[gameId];
  const rows = await api(`/api/leaderboard/${encodeURIComponent(gameId)}`);
  const solitaire = Boolean(game && game.max_players === 1);
  document.title = `${game ? game.title : gameId} leaderboard · cyberdeck`;
  fill(root, el("section", { class: "panel leaderboard", dataset: { board: solitaire ? "solitaire" : "rating" } },
    back(),
    el("h1", {}, `${game ? game.title : gameId}: leaderboard`),
    el("nav", { class: "tabs", "aria-label": "Games" }, Object.values(games).map((g) =>
      el("a", { href: `/leaderboard/${g.id}`, "aria-current": g.id === gameId ? "page" : null }, g.title))),
    ...(solitaire ? soloBoard(rows, game) : ratingBoard(rows))));
}

function table(headings, rows) {
  return el("table", {},
    el("thead", {}, el("tr", {}, headings.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows));
}

function ratingBoard(rows) {
  return [
    rows.length ? table(["#", "player", "rating", "games", "wins"], rows.map((r) => el("tr", {},
      el("td", {}, String(r.rank)), el("td", {}, r.name), el("td", { title: `mu ${r.mu}, sigma ${r.sigma}` }, String(r.rating)),
      el("td", {}, String(r.games)), el("td", {}, String(r.wins)))))
      : el("p", { class: "muted" }, "No rated games yet."),
    el("p", { class: "muted" }, "Ratings start at 1500 and move with every rated game (openskill's conservative estimate, never below 0); AI levels are rated players too."),
  ];
}

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// A solitaire has no opponent to be rated against: its players compare how often they win,
// their runs of wins and their best game (the game's own score: MATR1X's royals killed).
function soloBoard(rows, game) {
  const best = game.score_label ? `best game (${game.score_label})` : "best game";
  const rate = (r) => (r.win_rate === null ? "–" : `${Math.round(100 * r.win_rate)}%`);
  const streak = (r) => (r.streak > 0 ? `${count(r.streak, "win", "wins")}` : r.streak < 0 ? `${count(-r.streak, "loss", "losses")}` : "–");
  const minimum = rows.length ? rows[0].min_games : 5;
  return [
    rows.length ? table(["#", "player", "games played", "wins", "win rate", "best winning streak", "current streak", best],
      rows.map((r) => el("tr", { dataset: { qualified: String(r.qualified) } },
        el("td", {}, String(r.rank)), el("td", {}, r.name),
        el("td", { title: r.ranked === r.games ? null : `${count(r.games - r.ranked, "game", "games")} with undo or hints` }, String(r.games)),
        el("td", {}, String(r.wins)),
        el("td", { title: `of ${count(r.ranked, "ranked game", "ranked games")}` }, rate(r)),
        el("td", {}, String(r.best_streak)), el("td", {}, streak(r)),
        el("td", {}, r.best === null ? "–" : String(r.best)))))
      : el("p", { class: "muted" }, "No finished games by players with an account yet."),
    el("p", { class: "muted" }, `Players with at least ${count(minimum, "ranked game", "ranked games")} are ranked by win rate, the others after them by wins. A game with undo or hints counts as played, not in wins, streaks or bests; guests play unranked.`),
  ];
}

function authForm(kind, say) {
  // The server checks names and passwords and says what is wrong in a sentence.
  const name = el("input", { type: "text", name: "name", autocomplete: "username", required: true, maxlength: 64 });
  const password = el("input", { type: "password", name: "password", autocomplete: kind === "signup" ? "new-password" : "current-password", required: true, maxlength: 200 });
  return el("form", {
    class: `auth-form ${kind}`,
    onsubmit: async (event) => {
      event.preventDefault();
      try {
        const made = await api(`/api/auth/${kind}`, { method: "POST", body: { name: name.value, password: password.value } });
        forgetMe();
        window.dispatchEvent(new CustomEvent("session-changed"));
        if (made.kept_from) {
          // A guest's games are the account's now: say so, rather than vanish without a word.
          const games = counted(made.kept_seats, "game");
          say(`Signed in as ${made.name}. What you did as ${made.kept_from} is kept with your account: ${games}, your saved decks and your statistics.`, "ok");
        } else {
          window.dispatchEvent(new CustomEvent("navigate", { detail: "/" }));
        }
      } catch (err) {
        say(err.message);
      }
    },
  },
  el("h2", {}, kind === "signup" ? "Sign up" : "Sign in"),
  el("label", { class: "field" }, "Name", name),
  el("label", { class: "field" }, "Password", password),
  el("button", { type: "submit", class: "primary" }, kind === "signup" ? "Make my account" : "Sign in"));
}

export async function showAccount(root) {
  document.title = "Account · cyberdeck";
  const user = await me({ fresh: true });
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const say = (t, tone = "") => { flash.textContent = t; flash.hidden = false; flash.classList.toggle("ok", tone === "ok"); };
  fill(root, el("section", { class: "account-page" },
    back(),
    el("h1", {}, "Your account"),
    user ? el("p", {}, `You are ${user.kind === "guest" ? "playing as the guest" : "signed in as"} ${user.name}.`,
      user.kind === "guest" ? " Signing up or in keeps this guest's games, saved decks and statistics with the account." : "") : null,
    flash,
    el("div", { class: "auth-forms" },
      el("div", { class: "panel" }, authForm("signin", say)),
      el("div", { class: "panel" }, authForm("signup", say), el("p", { class: "muted" }, "Names are 3–32 letters, digits, dots, dashes or underscores; passwords at least 8 characters.")),
      el("div", { class: "panel" }, el("h2", {}, "Play as a guest"),
        el("p", {}, "No name, no password: a guest session is made for you (it lasts as long as this browser keeps its cookie)."),
        el("button", { type: "button", onclick: async () => {
          try {
            forgetMe();
            await api("/api/auth/guest", { method: "POST" });
            forgetMe();
            window.dispatchEvent(new CustomEvent("session-changed"));
            window.dispatchEvent(new CustomEvent("navigate", { detail: "/" }));
          } catch (err) { say(err.message); }
        } }, "Play as a guest"))),
    user && user.kind === "account" ? mailPanel() : null));
}

async function takeSeat(matchId, invite, deck) {
  await api(`/api/matches/${encodeURIComponent(matchId)}/join`, { method: "POST", body: { invite, deck } });
  window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${matchId}` }));
}

// The deck choices of a person about to take a seat: the game's default, its starters and their
// own saved decks, each shown in full before they choose. Nobody else picks a seat's deck.
function deckChooser(game, matchId, invite, starters, saved) {
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const choices = [
    { label: "The game's default deck", text: null },
    ...starters.map((d) => ({ label: `Starter: ${d.name}`, text: d.text })),
    ...saved.map((d) => ({ label: `Saved: ${d.name}`, text: d.text })),
  ];
  const shown = el("pre", { class: "join-deck-list" });
  const pick = el("select", { class: "join-deck", name: "deck" },
    choices.map((c, i) => el("option", { value: String(i) }, c.label)));
  const show = () => {
    const chosen = choices[Number(pick.value)];
    shown.textContent = chosen.text ?? "The deck this seat gets when nobody chooses one.";
  };
  pick.addEventListener("change", show);
  show();
  const take = el("button", { type: "button", class: "primary take-seat", onclick: async () => {
    take.disabled = true;
    try {
      await takeSeat(matchId, invite, choices[Number(pick.value)].text);
    } catch (err) {
      flash.textContent = err.message;
      flash.hidden = false;
      take.disabled = false;
    }
  } }, "Take the seat");
  return el("section", { class: "panel join-page" },
    back(),
    el("h1", {}, `Join ${game.title}`),
    el("p", { class: "muted" }, "Choose the deck you play; the player who made the match does not see it. ",
      el("a", { href: `/decks/${game.id}` }, "Build one"), "."),
    el("label", { class: "field" }, "Your deck", pick),
    shown, take, flash);
}

export async function showJoin(root, matchId, invite) {
  await ensureSession();
  const [match, games, user] = await Promise.all([
    api(`/api/matches/${encodeURIComponent(matchId)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`),
    gamesById(), me()]);
  const game = games[match.game];
  const seated = user && match.seats.some((s) => s.kind === "human" && s.name === user.name);
  const free = match.status === "open" && match.seats.some((s) => s.kind === "human" && !s.taken);
  if (game && game.has_decks && free && !seated) {
    const [starters, saved] = await Promise.all([
      api(`/api/games/${game.id}/starter-decks`),
      api(`/api/games/${game.id}/decks`).catch(() => []),
    ]);
    document.title = `Join ${game.title} · cyberdeck`;
    fill(root, deckChooser(game, matchId, invite, starters, saved));
    return;
  }
  try {
    await takeSeat(matchId, invite, null);
  } catch (err) {
    if (err.status === 409) {
      // No free seat: watch instead.
      const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/watch/${matchId}${query}` }));
      return;
    }
    throw err;
  }
}

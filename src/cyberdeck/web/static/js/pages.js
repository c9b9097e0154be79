// The small pages: rules, leaderboard, account (sign in, sign up, guest), join by link.
import { api, ensureSession, forgetMe, gamesById, me } from "./api.js";
import { el, fill } from "./dom.js";

function back() {
  return el("p", {}, el("a", { href: "/" }, "← Back to the arcade"));
}

export async function showRules(root, gameId) {
  const rules = await api(`/api/games/${encodeURIComponent(gameId)}/rules`);
  document.title = `${rules.title} rules · cyberdeck`;
  const body = el("div", { class: "rules-text" });
  // The server renders the markdown with raw HTML turned off, so this is its own markup only.
  body.innerHTML = rules.html;
  fill(root, el("article", { class: "rules panel" }, back(), body, back()));
}

export async function showLeaderboard(root, gameId) {
  const games = await gamesById();
  const game = games[gameId];
  const rows = await api(`/api/leaderboard/${encodeURIComponent(gameId)}`);
  document.title = `${game ? game.title : gameId} leaderboard · cyberdeck`;
  fill(root, el("section", { class: "panel leaderboard" },
    back(),
    el("h1", {}, `${game ? game.title : gameId}: leaderboard`),
    el("nav", { class: "tabs", "aria-label": "Games" }, Object.values(games).map((g) =>
      el("a", { href: `/leaderboard/${g.id}`, "aria-current": g.id === gameId ? "page" : null }, g.title))),
    rows.length ? el("table", {},
      el("thead", {}, el("tr", {}, ["#", "player", "rating", "games", "wins"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows.map((r) => el("tr", {},
        el("td", {}, String(r.rank)), el("td", {}, r.name), el("td", { title: `mu ${r.mu}, sigma ${r.sigma}` }, r.ordinal.toFixed(1)),
        el("td", {}, String(r.games)), el("td", {}, String(r.wins))))))
      : el("p", { class: "muted" }, "No rated games yet."),
    el("p", { class: "muted" }, "Ratings are openskill's conservative estimate (mu − 3σ); AI levels are rated players too.")));
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
        await api(`/api/auth/${kind}`, { method: "POST", body: { name: name.value, password: password.value } });
        forgetMe();
        window.dispatchEvent(new CustomEvent("session-changed"));
        window.dispatchEvent(new CustomEvent("navigate", { detail: "/" }));
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
  const say = (t) => { flash.textContent = t; flash.hidden = false; };
  fill(root, el("section", { class: "account-page" },
    back(),
    el("h1", {}, "Your account"),
    user ? el("p", {}, `You are ${user.kind === "guest" ? "playing as the guest" : "signed in as"} ${user.name}.`) : null,
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
        } }, "Play as a guest")))));
}

export async function showJoin(root, matchId, invite) {
  await ensureSession();
  try {
    await api(`/api/matches/${encodeURIComponent(matchId)}/join`, { method: "POST", body: { invite } });
  } catch (err) {
    if (err.status === 409) {
      // No free seat: watch instead.
      const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/watch/${matchId}${query}` }));
      return;
    }
    throw err;
  }
  window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${matchId}` }));
}

// The single-page app: reads the address, draws the page for it, and keeps links inside the app.
import { api, forgetMe, me } from "./api.js";
import { el, fill } from "./dom.js";
import { showHome } from "./home.js";
import { showLearn } from "./learn.js";
import { showAbout, showAccount, showJoin, showLeaderboard, showRules } from "./pages.js";
import { showReplay } from "./replay.js";
import { showMatch } from "./table.js";
import { showTournament, showTournaments } from "./tournaments.js";
import { mountTurnBadge, showTurns } from "./turns.js";

const root = document.getElementById("app");
let cleanup = null;

const ROUTES = [
  [/^\/$/, () => showHome(root)],
  [/^\/play\/([^/]+)$/, (m, q) => showMatch(root, m[1], { invite: q.get("invite") })],
  [/^\/watch\/([^/]+)$/, (m, q) => showMatch(root, m[1], { watch: true, invite: q.get("invite") })],
  [/^\/join\/([^/]+)$/, (m, q) => showJoin(root, m[1], q.get("invite"))],
  [/^\/replay\/([^/]+)$/, (m, q) => showReplay(root, m[1], q)],
  [/^\/rules\/([^/]+)$/, (m) => showRules(root, m[1])],
  [/^\/learn\/([^/]+)$/, (m) => showLearn(root, m[1])],
  [/^\/leaderboard\/([^/]+)$/, (m) => showLeaderboard(root, m[1])],
  [/^\/account$/, () => showAccount(root)],
  [/^\/turns$/, () => showTurns(root)],
  [/^\/tournaments$/, () => showTournaments(root)],
  [/^\/tournaments\/([^/]+)$/, (m, q) => showTournament(root, m[1], q)],
  [/^\/about$/, () => showAbout(root)],
  [/^\/decks\/([^/]+)$/, (m, q) => showDecks(m[1], q)],
  [/^\/lab$/, () => showLab(null)],
  [/^\/lab\/([^/]+)$/, (m) => showLab(m[1])],
];

// The deck builders live in js/decks.js (export showDecks(root, gameId, query)), loaded when
// first asked for.
async function showDecks(gameId, query) {
  let module;
  try {
    module = await import("./decks.js");
  } catch {
    fill(root, el("section", { class: "panel" }, el("h1", {}, "Deck builder"),
      el("p", {}, "There is no deck builder in this arcade yet; "), el("code", {}, `cyberdeck deck validate ${gameId} FILE`),
      el("p", {}, el("a", { href: "/" }, "Back to the arcade"))));
    return null;
  }
  return module.showDecks(root, gameId, query);
}

// The Lab page (js/lab.js), loaded when first asked for: a designer's page, not a player's.
async function showLab(gameId) {
  const module = await import("./lab.js");
  return module.showLab(root, gameId);
}

async function route() {
  if (cleanup) {
    try { cleanup(); } catch (err) { console.error(err); }
    cleanup = null;
  }
  const query = new URLSearchParams(location.search);
  for (const [pattern, show] of ROUTES) {
    const m = location.pathname.match(pattern);
    if (m) {
      try {
        const done = await show(m, query);
        cleanup = typeof done === "function" ? done : null;
      } catch (err) {
        fill(root, el("section", { class: "panel" }, el("h1", {}, "Something went wrong"),
          el("p", { class: "flash", role: "alert" }, err.message), el("a", { href: "/" }, "Back to the arcade")));
      }
      return;
    }
  }
  fill(root, el("section", { class: "panel" }, el("h1", {}, "No such page"), el("a", { href: "/" }, "Back to the arcade")));
}

export function navigate(path) {
  history.pushState(null, "", path);
  route();
  window.scrollTo(0, 0);
}

async function drawAccount() {
  const nav = document.getElementById("account");
  const user = await me({ fresh: true });
  if (!user) {
    fill(nav, el("a", { href: "/tournaments" }, "Tournaments"), el("a", { href: "/lab" }, "Lab"), el("a", { href: "/account", class: "button" }, "Sign in"));
    return;
  }
  const signOut = el("button", {
    type: "button",
    class: "link",
    onclick: async () => {
      await api("/api/auth/signout", { method: "POST" });
      forgetMe();
      await drawAccount();
      navigate("/");
    },
  }, "Sign out");
  fill(nav,
    el("a", { href: "/tournaments" }, "Tournaments"),
    el("a", { href: "/lab" }, "Lab"),
    el("span", { class: "who" }, user.kind === "guest" ? `${user.name} (guest)` : user.name),
    user.kind === "guest" ? el("a", { href: "/account", class: "button" }, "Sign in / sign up") : null,
    signOut);
}

document.addEventListener("click", (event) => {
  const a = event.target.closest("a");
  if (!a || a.target || a.hasAttribute("download") || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/docs") || url.pathname.startsWith("/static/")) return;
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
});
window.addEventListener("popstate", route);
window.addEventListener("navigate", (e) => navigate(e.detail));
window.addEventListener("session-changed", drawAccount);

drawAccount();
mountTurnBadge(document.getElementById("account"));
route();

// Tournaments: the list (with a form to make one) and a tournament's page (standings with
// their tie-breaks, every round's tables with a link to each game), redrawn every few seconds
// while it runs.
import { api, gamesById, me } from "./api.js";
import { el, fill } from "./dom.js";

const REFRESH_MS = 5000;
const STATUS = { open: "Taking entries", running: "In play", finished: "Finished" };

function back() {
  return el("p", {}, el("a", { href: "/tournaments" }, "← All tournaments"));
}

function table(headings, rows) {
  return el("table", {},
    el("thead", {}, el("tr", {}, headings.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows));
}

const when = (seconds) => (seconds === null ? "when its creator starts it" : new Date(seconds * 1000).toLocaleString());

export async function showTournaments(root) {
  document.title = "Tournaments · cyberdeck";
  const [rows, user, games] = await Promise.all([api("/api/tournaments"), me(), gamesById()]);
  fill(root, el("section", { class: "panel tournaments" },
    el("p", {}, el("a", { href: "/" }, "← Back to the arcade")),
    el("h1", {}, "Tournaments"),
    rows.length ? table(["name", "game", "clock", "status", "round", "starts"], rows.map((t) => el("tr", {},
      el("td", {}, el("a", { href: `/tournaments/${t.id}` }, t.name)), el("td", {}, t.title), el("td", {}, t.clock),
      el("td", {}, STATUS[t.status] || t.status), el("td", {}, `${t.round} of ${t.rounds || "–"}`), el("td", {}, when(t.starts_at)))))
      : el("p", { class: "muted" }, "No tournaments yet."),
    user && user.kind === "account" ? createForm(games) : el("p", { class: "muted" }, "Sign in with an account to make or enter a tournament.")));
}

function createForm(games) {
  const say = el("p", { class: "flash", role: "alert" });
  const twoPlayer = Object.values(games).filter((g) => g.min_players <= 2 && g.max_players >= 2);
  const field = (label, input) => el("label", {}, label, " ", input);
  const name = el("input", { type: "text", name: "name", required: true, maxlength: 80 });
  const game = el("select", { name: "game" }, twoPlayer.map((g) => el("option", { value: g.id }, g.title)));
  const rounds = el("input", { type: "number", name: "rounds", min: 1, max: 12, placeholder: "by entrants" });
  const minutes = el("input", { type: "number", name: "minutes", min: 1, max: 180, value: 10 });
  const increment = el("input", { type: "number", name: "increment", min: 0, max: 180, value: 5 });
  const open = el("input", { type: "checkbox", name: "public", checked: true });
  const ai = el("input", { type: "checkbox", name: "allow_ai" });
  const bots = el("input", { type: "checkbox", name: "allow_bots" });
  const form = el("form", { class: "tournament-form" },
    el("h2", {}, "Make a tournament"),
    field("Name", name), field("Game", game), field("Rounds", rounds),
    field("Minutes each", minutes), field("Seconds added a move", increment),
    field("Open to all", open), field("AI entrants", ai), field("Bots", bots),
    el("button", { type: "submit" }, "Make it"), say);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await api("/api/tournaments", { method: "POST", body: {
        name: name.value, game: game.value, rounds: rounds.value ? Number(rounds.value) : null,
        clock: { kind: "real-time", minutes: Number(minutes.value), increment: Number(increment.value) },
        public: open.checked, allow_ai: ai.checked, allow_bots: bots.checked,
      } });
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/tournaments/${made.id}` }));
    } catch (err) {
      say.textContent = err.message;
    }
  });
  return form;
}

export async function showTournament(root, id, query) {
  const invite = query.get("invite");
  const path = `/api/tournaments/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
  const user = await me();
  let timer = null;
  const draw = async () => {
    const t = await api(path);
    document.title = `${t.name} · cyberdeck`;
    fill(root, page(t, user, async (verb, body) => {
      try {
        await api(`/api/tournaments/${encodeURIComponent(id)}/${verb}`, { method: "POST", body: body || {} });
        await draw();
      } catch (err) {
        const flash = root.querySelector(".flash");
        if (flash) flash.textContent = err.message;
      }
    }, invite));
    if (t.status === "finished" && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  await draw();
  timer = setInterval(() => draw().catch(() => {}), REFRESH_MS);
  return () => timer && clearInterval(timer);
}

function page(t, user, act, invite) {
  const entered = user && t.entrants.some((e) => e.name === user.name && !e.ai && e.dropped === null);
  const mine = user && t.created_by === user.name;
  const actions = [];
  if (user && t.status === "open" && !entered) actions.push(el("button", { type: "button", onclick: () => act("enter", { invite }) }, "Enter"));
  if (entered && t.status !== "finished") actions.push(el("button", { type: "button", class: "link", onclick: () => act("leave") }, t.status === "open" ? "Withdraw" : "Drop"));
  if (mine && t.status === "open") actions.push(el("button", { type: "button", onclick: () => act("start") }, "Start now"));
  return el("section", { class: "panel tournament", dataset: { status: t.status } }, back(),
    el("h1", {}, t.name),
    el("p", { class: "muted" }, `${t.title} · ${t.clock.label} · ${t.rated ? "rated" : "casual"} · Swiss, ${t.rounds ? `${t.rounds} rounds` : "rounds by entrants"} · by ${t.created_by} · ${STATUS[t.status] || t.status}${t.status === "open" ? `, starts ${when(t.starts_at)}` : `, round ${t.round}`}`),
    t.invite ? el("p", {}, "Invite link: ", el("code", {}, `${location.origin}/tournaments/${t.id}?invite=${t.invite}`)) : null,
    el("p", { class: "actions" }, actions), el("p", { class: "flash", role: "alert" }),
    el("h2", {}, "Standings"),
    t.standings.length ? table(["#", "player", "points", "W-L-D", "byes", "SoS", "ESoS"], t.standings.map((s) => el("tr", { dataset: { dropped: String(s.dropped !== null) } },
      el("td", {}, String(s.rank)), el("td", {}, s.dropped === null ? s.name : `${s.name} (dropped after round ${s.dropped})`),
      el("td", {}, String(s.points)), el("td", {}, `${s.wins}-${s.losses}-${s.draws}`), el("td", {}, String(s.byes)),
      el("td", {}, s.sos.toFixed(3)), el("td", {}, s.esos.toFixed(3)))))
      : el("p", { class: "muted" }, "Nobody has entered yet."),
    el("p", { class: "muted" }, "A win is 3 points, a draw 1, a bye a win. Ties are broken by Strength of Schedule (the mean of your opponents' points per round) and then Extended SoS (the mean of their SoS)."),
    ...t.pairings.slice().reverse().map((r) => el("section", { class: "round" },
      el("h2", {}, `Round ${r.round}`),
      table(["table", "first seat", "second seat", "result", "game"], r.tables.map((x) => el("tr", {},
        el("td", {}, String(x.table)), el("td", {}, x.first_name), el("td", {}, x.second_name || "bye"),
        el("td", {}, result(x)), el("td", {}, x.link ? el("a", { href: x.link }, x.result === "in play" ? "Watch" : "Replay") : "–")))))));
}

function result(x) {
  if (x.result === "first") return `${x.first_name} won`;
  if (x.result === "second") return `${x.second_name} won`;
  if (x.result === "bye") return `${x.first_name}: a bye (a win)`;
  return x.result;
}

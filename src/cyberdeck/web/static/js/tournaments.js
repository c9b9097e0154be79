// Tournaments: the list (with a form to make one) and a tournament's page (standings with
// their tie-breaks, the top cut's bracket, every round's tables with a link to each game). The
// page is told of each change over server-sent events and reads the tournament again; where
// the stream cannot be had, it reads it every few seconds instead.
import { api, gamesById, me } from "./api.js";
import { el, fill } from "./dom.js";

const REFRESH_MS = 5000;
const DECK_RULES = { starters: "starters only", any: "any legal deck of your own", list: "one from a list" };
const CUTS = [["0", "none"], ["2", "top 2"], ["4", "top 4"], ["8", "top 8"]];
const STATUS = { open: "Taking entries", running: "In play", finished: "Finished" };

function back() {
  return el("p", {}, el("a", { href: "/tournaments" }, "← All tournaments"));
}

// A wide table scrolls sideways in its own box on a phone; the page never does.
function table(headings, rows) {
  return el("div", { class: "table-scroll", tabindex: "0" }, el("table", {},
    el("thead", {}, el("tr", {}, headings.map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, rows)));
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
      el("td", {}, STATUS[t.status] || t.status), el("td", {}, t.rounds && t.round > t.rounds ? `top ${t.cut} cut` : `${t.round} of ${t.rounds || "–"}${t.cut ? `, then top ${t.cut}` : ""}`), el("td", {}, when(t.starts_at)))))
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
  const cut = el("select", { name: "cut" }, CUTS.map(([value, label]) => el("option", { value }, label)));
  const rule = el("select", { name: "decks" }, Object.entries(DECK_RULES).map(([value, label]) => el("option", { value }, label)));
  const ruleField = field("Deck rule", rule);
  // The rule "list": the game's starter decks and the maker's saved ones, each a box to tick.
  const choices = el("fieldset", { class: "deck-choices", hidden: true }, el("legend", {}, "Decks the entrants pick from"));
  let offered = [];
  const showChoices = async () => {
    const g = games[game.value];
    ruleField.hidden = !g.has_decks;
    if (!g.has_decks) rule.value = "starters";
    choices.hidden = rule.value !== "list";
    if (choices.hidden) return;
    const id = encodeURIComponent(g.id);
    const [starters, saved] = await Promise.all([api(`/api/games/${id}/starter-decks`), api(`/api/games/${id}/decks`).catch(() => [])]);
    offered = [...starters, ...saved].map((d) => ({ name: d.name, text: d.text }));
    fill(choices, el("legend", {}, "Decks the entrants pick from"),
      offered.map((d, i) => el("label", {}, el("input", { type: "checkbox", name: "deck-choice", value: String(i), checked: i < 2 }), " ", d.name)));
  };
  game.addEventListener("change", () => showChoices().catch((err) => { say.textContent = err.message; }));
  rule.addEventListener("change", () => showChoices().catch((err) => { say.textContent = err.message; }));
  const minutes = el("input", { type: "number", name: "minutes", min: 1, max: 180, value: 10 });
  const increment = el("input", { type: "number", name: "increment", min: 0, max: 180, value: 5 });
  const open = el("input", { type: "checkbox", name: "public", checked: true });
  const ai = el("input", { type: "checkbox", name: "allow_ai" });
  const bots = el("input", { type: "checkbox", name: "allow_bots" });
  const form = el("form", { class: "tournament-form" },
    el("h2", {}, "Make a tournament"),
    field("Name", name), field("Game", game), field("Rounds", rounds), field("Top cut", cut),
    ruleField, choices,
    field("Minutes each", minutes), field("Seconds added a move", increment),
    field("Open to all", open), field("AI entrants", ai), field("Bots", bots),
    el("button", { type: "submit" }, "Make it"), say);
  showChoices().catch(() => {});
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const picked = [...choices.querySelectorAll("input:checked")].map((box) => offered[Number(box.value)]);
    try {
      const made = await api("/api/tournaments", { method: "POST", body: {
        name: name.value, game: game.value, rounds: rounds.value ? Number(rounds.value) : null,
        cut: Number(cut.value), decks: rule.value, deck_lists: rule.value === "list" ? picked : [],
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
  const suffix = invite ? `?invite=${encodeURIComponent(invite)}` : "";
  const path = `/api/tournaments/${encodeURIComponent(id)}${suffix}`;
  const user = await me();
  let timer = null;
  let stream = null;
  let finished = false;
  let ownDecks = null; // the rule "any": the game's starters and the player's saved decks
  const stop = () => {
    if (timer) clearInterval(timer);
    if (stream) stream.close();
    timer = stream = null;
  };
  const draw = async () => {
    const t = await api(path);
    document.title = `${t.name} · cyberdeck`;
    if (t.decks === "any" && user && t.status === "open" && ownDecks === null) {
      const game = encodeURIComponent(t.game);
      const [starters, saved] = await Promise.all([api(`/api/games/${game}/starter-decks`), api(`/api/games/${game}/decks`).catch(() => [])]);
      ownDecks = [...saved, ...starters].map((d) => ({ name: d.name, text: d.text }));
    }
    fill(root, page(t, user, ownDecks, async (verb, body) => {
      try {
        await api(`/api/tournaments/${encodeURIComponent(id)}/${verb}`, { method: "POST", body: body || {} });
        await draw();
      } catch (err) {
        const flash = root.querySelector(".flash");
        if (flash) flash.textContent = err.message;
      }
    }, invite));
    finished = t.status === "finished";
    if (finished) stop();
  };
  // Polling, only where the live stream fails (a proxy that holds it, too many pages open).
  const poll = () => {
    if (stream) stream.close();
    stream = null;
    if (!timer && !finished) timer = setInterval(() => draw().catch(() => {}), REFRESH_MS);
  };
  await draw();
  if (!finished) {
    if ("EventSource" in window) {
      stream = new EventSource(`/api/tournaments/${encodeURIComponent(id)}/live${suffix}`);
      stream.addEventListener("changed", () => draw().catch(() => {}));
      stream.onerror = poll;
    } else {
      poll();
    }
  }
  return stop;
}

function page(t, user, ownDecks, act, invite) {
  const entered = user && t.entrants.some((e) => e.name === user.name && !e.ai && e.dropped === null);
  const mine = user && t.created_by === user.name;
  const actions = [];
  if (user && t.status === "open" && !entered) {
    if (t.decks === "list") {
      const pick = el("select", { name: "pick" }, t.deck_lists.map((d) => el("option", { value: d.name }, d.name)));
      actions.push(el("label", {}, "Your deck ", pick), " ",
        el("button", { type: "button", onclick: () => act("enter", { invite, pick: pick.value }) }, "Enter"));
    } else if (t.decks === "any" && ownDecks) {
      // Your saved decks first, then the game's starters; the deck builder makes more.
      const deck = el("select", { name: "deck" }, ownDecks.map((d, i) => el("option", { value: String(i) }, d.name)));
      actions.push(el("label", {}, "Your deck ", deck), " ",
        el("button", { type: "button", onclick: () => act("enter", { invite, deck: ownDecks[Number(deck.value)].text }) }, "Enter"));
    } else {
      actions.push(el("button", { type: "button", onclick: () => act("enter", { invite }) }, "Enter"));
    }
  }
  if (entered && t.status !== "finished") actions.push(el("button", { type: "button", class: "link", onclick: () => act("leave") }, t.status === "open" ? "Withdraw" : "Drop"));
  if (mine && t.status === "open") actions.push(el("button", { type: "button", onclick: () => act("start") }, "Start now"));
  const swissOver = t.round > t.rounds && t.rounds > 0;
  const stage = t.status === "open" ? `starts ${when(t.starts_at)}` : swissOver ? `top cut, ${t.bracket[t.bracket.length - 1].name.toLowerCase()}` : `round ${t.round}`;
  const format = `Swiss, ${t.rounds ? `${t.rounds} round${t.rounds === 1 ? "" : "s"}` : "rounds by entrants"}${t.cut ? `, then a top ${t.cut}` : ""}`;
  const mineDeck = user && t.entrants.find((e) => e.name === user.name && !e.ai && e.deck);
  return el("section", { class: "panel tournament", dataset: { status: t.status } }, back(),
    el("h1", {}, t.name),
    el("p", { class: "muted" }, `${t.title} · ${t.clock.label} · ${t.rated ? "rated" : "casual"} · ${format} · decks: ${DECK_RULES[t.decks] || t.decks} · by ${t.created_by} · ${STATUS[t.status] || t.status}, ${stage}`),
    t.decks === "list" ? el("p", {}, "Decks to pick from: ", t.deck_lists.map((d) => d.name).join(", "), mineDeck ? ` · yours: ${mineDeck.deck}` : "") : null,
    t.invite ? el("p", {}, "Invite link: ", el("code", {}, `${location.origin}/tournaments/${t.id}?invite=${t.invite}`)) : null,
    el("p", { class: "actions" }, actions), el("p", { class: "flash", role: "alert" }),
    t.placings.length && t.cut ? placing(t) : null,
    t.bracket.length ? bracket(t) : null,
    el("h2", {}, t.cut ? "Swiss standings" : "Standings"),
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

// The final placing: the cut's results, then the Swiss standings.
function placing(t) {
  return el("section", { class: "placings" }, el("h2", {}, "Final placing"),
    table(["place", "player", "how"], t.placings.map((p) => el("tr", {},
      el("td", {}, String(p.place)), el("td", {}, p.name), el("td", {}, p.how)))));
}

// The top cut as a bracket: a column per round (side by side; one under another on a phone),
// each game a box with its two seeds, the one who goes on marked.
function bracket(t) {
  const seat = (x, entrant, name, seed) => el("li", { class: "seat", dataset: { advances: String(x.advances !== null && x.advances === entrant) } },
    el("span", { class: "seed" }, seed === null ? "" : String(seed)), " ", el("span", { class: "who" }, name));
  const game = (x) => el("li", { class: "game", dataset: { result: x.result } },
    el("ol", { class: "seats" },
      seat(x, x.first, x.first_name, x.first_seed),
      x.second === null ? el("li", { class: "seat unplayed" }, el("span", { class: "seed" }, ""), " ", el("span", { class: "who" }, "advances unplayed"))
        : seat(x, x.second, x.second_name, x.second_seed)),
    el("p", { class: "verdict" }, cutResult(x), x.link ? [" · ", el("a", { href: x.link }, x.result === "in play" ? "Watch" : "Replay")] : null));
  return el("section", { class: "bracket", "aria-label": `Top ${t.cut} bracket` },
    el("h2", {}, `Top ${2 * t.bracket[0].tables.length}`),
    el("p", { class: "muted" }, "Single elimination: seed 1 meets the lowest seed, the higher seed (the better Swiss rank) takes the first seat, and a drawn game sends the higher seed on."),
    el("div", { class: "bracket-rounds" }, t.bracket.map((r) => el("section", { class: "bracket-round" },
      el("h3", {}, r.name), el("ol", { class: "games" }, r.tables.map(game))))));
}

function cutResult(x) {
  if (x.result === "bye") return `${x.first_name} advances unplayed`;
  if (x.result === "in play") return "in play";
  const going = x.advances === x.first ? x.first_name : x.second_name;
  return x.result === "draw" ? `a draw: ${going} (higher seed) advances` : `${going} won`;
}

function result(x) {
  if (x.result === "first") return `${x.first_name} won`;
  if (x.result === "second") return `${x.second_name} won`;
  if (x.result === "bye") return `${x.first_name}: a bye (a win)`;
  return x.result;
}

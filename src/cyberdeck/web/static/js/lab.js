// The Lab page (/lab, /lab/<game>): a designer's card editor. Browse a game's shipped cards,
// edit a copy number by number (checked as you type by POST .../card-sets/check, each problem
// beside its number), save it as a named card set, read what differs from the shipped set, run a
// what-if of the set against the shipped cards with a progress bar, read the result with its
// intervals, and play the set against the AI. Every rule and every number comes from the server;
// nothing here changes the shipped cards.
import { api, ensureSession, gamesById, me } from "./api.js";
import { card } from "./cards.js";
import { deckBuilder } from "./deckbuilder.js";
import { el, fill } from "./dom.js";

const CHECK_DELAY_MS = 250;
const POLL_MS = 400;
const AGENTS = ["greedy", "random"];

// How a document's entry names its card (the server's key: slug, id, else name).
const keyOf = (entry) => entry.slug ?? entry.id ?? entry.name;
const copy = (value) => JSON.parse(JSON.stringify(value));
const percent = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (x) => `${x > 0 ? "+" : ""}${(100 * x).toFixed(1)}`;

// What the designer typed, as the document holds it: a whole number where it reads as one, else
// the text itself (the server then says what is wrong with it).
function typedValue(text) {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

async function builderData(game, user) {
  const [catalogue, starters, saved] = await Promise.all([
    api(`/api/games/${game.id}/cards`),
    api(`/api/games/${game.id}/starter-decks`),
    user ? api(`/api/games/${game.id}/decks`) : Promise.resolve([]),
  ]);
  return { catalogue, starters, saved };
}

export async function showLab(root, gameId) {
  const games = Object.values(await gamesById());
  const shown = games.find((g) => g.id === gameId) || null;
  const back = el("p", {}, el("a", { href: "/" }, "← Back to the arcade"));
  const tabs = el("nav", { class: "tabs lab-games", "aria-label": "Games" }, games.map((g) =>
    el("a", { href: `/lab/${g.id}`, "aria-current": shown && g.id === shown.id ? "page" : null }, g.title)));
  document.title = `${shown ? `${shown.title} ` : ""}card editor · cyberdeck`;
  const head = [back, el("h1", {}, shown ? `${shown.title}: card editor` : "Lab: card editor"),
    el("p", { class: "muted" }, "Edit a copy of a game's cards, save it as your own card set, see what changed, measure the change in win rates against the shipped cards, and play it against the AI. The shipped cards never change."),
    tabs];
  if (!shown) {
    fill(root, el("section", { class: "lab-page" }, head, el("p", {}, "Choose a game above.")));
    return null;
  }
  const set = await api(`/api/games/${shown.id}/card-set`);
  const user = await me();
  if (!set.editable) {
    // Where the rules fix the cards, the decks over them are the designer's: the deck builder.
    const builder = shown.has_decks ? deckBuilder(shown, await builderData(shown, user)) : null;
    fill(root, el("section", { class: "lab-page" }, head,
      el("section", { class: "panel lab-fixed" }, el("p", {}, set.reason),
        shown.has_decks ? el("p", {}, "Its deck builder is below (and on ", el("a", { href: `/decks/${shown.id}` }, "a page of its own"), ").") : null),
      builder));
    return null;
  }
  const [catalogue, starters, saved] = await Promise.all([
    shown.has_decks ? api(`/api/games/${shown.id}/cards`) : Promise.resolve([]),
    shown.has_decks ? api(`/api/games/${shown.id}/starter-decks`) : Promise.resolve([]),
    user ? api(`/api/games/${shown.id}/card-sets`) : Promise.resolve([]),
  ]);
  const editor = cardEditor(shown, set.cards, { catalogue, starters, saved });
  fill(root, el("section", { class: "lab-page" }, head, editor.node));
  return editor.stop;
}

function cardEditor(game, shipped, { catalogue, starters, saved }) {
  const base = `/api/games/${game.id}`;
  const facts = new Map(catalogue.map((c) => [c.code, c]));
  const s = { doc: copy(shipped), id: null, name: "", filter: "", kind: "", timer: null, asked: 0, sets: saved, poll: null, checked: null };

  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const say = (text, ok = false) => { flash.textContent = text; flash.hidden = !text; flash.classList.toggle("ok", ok); };
  const verdict = el("p", { class: "lab-verdict", role: "status", "aria-live": "polite" }, "The shipped cards: change a number to begin.");
  const problems = el("ul", { class: "lab-problems", "aria-label": "What the card set breaks" });
  const diff = el("div", { class: "lab-diff" });
  const list = el("div", { class: "lab-cards", role: "group", "aria-label": "Cards" });
  const savedBox = el("ul", { class: "lab-saved", "aria-label": "Your card sets" });
  const nameInput = el("input", { type: "text", class: "lab-name", maxlength: 64, placeholder: "Card set name", "aria-label": "Card set name",
    oninput: () => { s.name = nameInput.value; } });
  const kinds = [...new Set(s.doc.cards.map((c) => (facts.get(keyOf(c)) || {}).kind || c.class).filter(Boolean))];

  // --- the cards, each number an input -------------------------------------------------------
  // The numbers a card prints (the fields a designer edits); its words stay the rules'.
  function numbers(entry) {
    const before = shippedEntry(keyOf(entry));
    return Object.keys(entry).filter((k) => typeof entry[k] === "number" || typeof before[k] === "number");
  }
  const shippedByKey = new Map(shipped.cards.map((c) => [keyOf(c), c]));
  const shippedEntry = (key) => shippedByKey.get(key) || {};

  function row(entry) {
    const key = keyOf(entry);
    const about = facts.get(key);
    const words = Object.entries(entry).filter(([k, v]) => typeof v === "string" && typeof shippedEntry(key)[k] === "string" && !["slug", "id", "name"].includes(k));
    return el("article", { class: "lab-card", dataset: { card: key } },
      card(entry.name || key, { small: true }),
      el("div", { class: "lab-card-words" },
        el("strong", {}, entry.name || key), " ", el("span", { class: "muted" }, about ? about.kind : (entry.class || "")),
        about && about.text ? el("div", { class: "lab-card-text" }, about.text) : null,
        words.map(([k, v]) => el("div", { class: "lab-card-text" }, k === "text" ? v : `${k}: ${v}`)),
        el("div", { class: "lab-fields" }, numbers(entry).map((field) => {
          const changed = entry[field] !== shippedEntry(key)[field];
          const input = el("input", { type: "text", inputmode: "numeric", class: ["lab-number", changed ? "changed" : null], value: String(entry[field] ?? ""),
            "aria-label": `${entry.name || key}: ${field}`, dataset: { field },
            oninput: () => {
              entry[field] = typedValue(input.value);
              input.classList.toggle("changed", entry[field] !== shippedEntry(key)[field]);
              later();
            } });
          return el("label", { class: "lab-field" }, el("span", {}, field), input,
            el("span", { class: "lab-field-problem", role: "alert", dataset: { field }, hidden: true }));
        }))));
  }

  function drawList() {
    const words = s.filter.trim().toLowerCase();
    const shownCards = s.doc.cards.filter((c) => {
      const about = facts.get(keyOf(c));
      const kind = about ? about.kind : c.class;
      return (!s.kind || kind === s.kind)
        && (!words || `${keyOf(c)} ${c.name || ""} ${kind || ""} ${about ? about.text : c.text || ""}`.toLowerCase().includes(words));
    });
    fill(list, shownCards.map(row), shownCards.length ? null : el("p", { class: "muted" }, "No card matches."));
    markFields();
  }

  // Each changed number's own problems beside it, from the latest check.
  function markFields() {
    const own = new Map();
    for (const f of (s.checked && s.checked.fields) || []) own.set(`${f.card}\u0000${f.field}`, f.problems);
    for (const node of list.querySelectorAll(".lab-card")) {
      for (const input of node.querySelectorAll("input.lab-number")) {
        const found = own.get(`${node.dataset.card}\u0000${input.dataset.field}`);
        const note = input.parentElement.querySelector(".lab-field-problem");
        input.setAttribute("aria-invalid", found ? "true" : "false");
        note.textContent = found ? found.join(" ") : "";
        note.hidden = !found;
      }
    }
  }

  // --- checking as the designer types --------------------------------------------------------
  function later() {
    clearTimeout(s.timer);
    s.timer = setTimeout(check, CHECK_DELAY_MS);
  }

  async function check() {
    const asked = ++s.asked;
    let answer;
    try {
      answer = await api(`${base}/card-sets/check`, { method: "POST", body: { cards: s.doc } });
    } catch (err) {
      say(err.message);
      return null;
    }
    if (asked !== s.asked) return null;
    s.checked = answer;
    verdict.textContent = answer.ok
      ? (answer.changes.length ? `Playable: ${answer.changes.length} ${answer.changes.length === 1 ? "number" : "numbers"} changed.` : "The shipped cards: change a number to begin.")
      : `Not playable: ${answer.problems.length} ${answer.problems.length === 1 ? "problem" : "problems"}.`;
    verdict.classList.toggle("bad", !answer.ok);
    fill(problems, answer.problems.map((p) => el("li", {}, p)));
    drawDiff(answer.changes);
    markFields();
    return answer;
  }

  function drawDiff(changes) {
    fill(diff, changes.length
      ? el("table", { class: "lab-diff-table" },
        el("caption", {}, "Against the shipped set"),
        el("thead", {}, el("tr", {}, ["card", "number", "shipped", "yours"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, changes.map((c) => el("tr", {},
          el("td", {}, (shippedEntry(c.card).name) || c.card), el("td", {}, c.field),
          el("td", {}, String(c.shipped ?? "–")), el("td", { class: "changed" }, String(c.edited ?? "–"))))))
      : el("p", { class: "muted" }, "No change from the shipped set yet."));
  }

  // --- saved sets ------------------------------------------------------------------------------
  function drawSaved() {
    fill(savedBox, s.sets.length ? s.sets.map((set) => el("li", { dataset: { set: String(set.id) } },
      el("button", { type: "button", class: "link lab-load", onclick: () => load(set) }, set.name),
      el("span", { class: "muted" }, ` ${set.changes.length} changed${set.result ? ` · ${set.result.kind === "tournament" ? "tournament" : "what-if"} kept` : ""} `),
      el("button", { type: "button", class: "link lab-delete", "aria-label": `Delete ${set.name}`, onclick: () => remove(set) }, "Delete")))
      : el("li", { class: "muted" }, "No card set saved yet."));
  }

  async function refreshSaved() {
    s.sets = await api(`${base}/card-sets`);
    drawSaved();
  }

  function load(set) {
    s.doc = copy(set.cards);
    s.id = set.id;
    s.name = set.name;
    nameInput.value = set.name;
    drawList();
    check();
    showJob(null, set.result);
    watch();
    say(`Loaded ${set.name}.`, true);
  }

  async function save(asNew) {
    try {
      await ensureSession();
      const body = { name: s.name, cards: s.doc };
      const made = s.id && !asNew
        ? await api(`${base}/card-sets/${s.id}`, { method: "PUT", body })
        : await api(`${base}/card-sets`, { method: "POST", body });
      s.id = made.id;
      say(`Saved ${made.name}.`, true);
      await refreshSaved();
      showJob(null, made.result);
    } catch (err) {
      say(err.message);
    }
  }

  async function remove(set) {
    try {
      await api(`${base}/card-sets/${set.id}`, { method: "DELETE" });
      if (s.id === set.id) s.id = null;
      await refreshSaved();
    } catch (err) {
      say(err.message);
    }
  }

  async function play() {
    if (!s.id) { say("Save the card set first: a match is played with a saved set."); return; }
    try {
      await ensureSession();
      const made = await api("/api/matches", { method: "POST", body: {
        game: game.id, seats: [{ kind: "human" }, { kind: "ai", level: "normal" }], card_set: s.id, public: false,
      } });
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${made.match.id}` }));
    } catch (err) {
      say(err.message);
    }
  }

  // --- the what-if -----------------------------------------------------------------------------
  const decks = starters.map((d) => d.key);
  const entryRows = el("div", { class: "lab-entries", role: "group", "aria-label": "Entries" });
  const picks = (decks.length ? decks : [null]).flatMap((deck) => AGENTS.map((agent) => ({ agent, deck })));
  const boxes = picks.map((p, i) => el("input", { type: "checkbox", class: "lab-entry", checked: decks.length ? i < 4 && p.agent === "greedy" : true,
    dataset: { agent: p.agent, deck: p.deck ?? "" } }));
  fill(entryRows, picks.map((p, i) => el("label", { class: "lab-entry-label" }, boxes[i], ` ${p.agent}${p.deck ? ` with ${(starters.find((d) => d.key === p.deck) || {}).name || p.deck}` : ""}`)));
  const gamesInput = el("input", { type: "number", class: "lab-games-per-pair", min: 1, max: 20, value: 4, "aria-label": "Games per pair of entries" });
  const bar = el("progress", { class: "lab-progress", max: 1, value: 0, hidden: true, "aria-label": "Games played" });
  const progressText = el("span", { class: "lab-progress-text", role: "status", "aria-live": "polite" });
  const cancel = el("button", { type: "button", class: "lab-cancel", hidden: true, onclick: stopJob }, "Cancel");
  const kindPick = el("fieldset", { class: "lab-kind-pick" }, el("legend", {}, "Run"),
    [["whatif", "a what-if: your set against the shipped cards"], ["tournament", "a small tournament with your set"]].map(([value, words], i) =>
      el("label", {}, el("input", { type: "radio", name: "lab-kind", value, checked: i === 0 }), ` ${words}`)));
  const run = el("button", { type: "button", class: "primary lab-run", onclick: startJob }, "Run it");
  const result = el("div", { class: "lab-result" });

  async function startJob() {
    if (!s.id) { say("Save the card set first: the lab runs a saved set."); return; }
    const entries = boxes.filter((b) => b.checked).map((b) => ({ agent: b.dataset.agent, deck: b.dataset.deck || null }));
    const kind = kindPick.querySelector("input:checked").value;
    try {
      const job = await api(`${base}/card-sets/${s.id}/run`, { method: "POST", body: { kind, entries, games: Number(gamesInput.value) } });
      showJob(job, null);
      watch();
    } catch (err) {
      say(err.message);
    }
  }

  async function stopJob() {
    try {
      showJob(await api(`${base}/card-sets/${s.id}/run`, { method: "DELETE" }), null);
    } catch (err) {
      say(err.message);
    }
  }

  function watch() {
    clearTimeout(s.poll);
    if (!s.id) return;
    const id = s.id;
    s.poll = setTimeout(async () => {
      try {
        const job = await api(`${base}/card-sets/${id}/run`);
        if (id !== s.id) return;
        showJob(job, null);
        if (job.status === "running") watch();
        else if (job.status === "finished") await refreshSaved();
      } catch (err) {
        say(err.message);
      }
    }, POLL_MS);
  }

  function showJob(job, kept) {
    const running = Boolean(job && job.status === "running");
    bar.hidden = !job || job.status === "none" || !job.total;
    if (job && job.total) { bar.max = job.total; bar.value = job.done; }
    cancel.hidden = !running;
    run.disabled = running;
    progressText.textContent = !job || job.status === "none" ? ""
      : running ? `${job.done} of ${job.total} games played`
        : job.status === "finished" ? `Finished: ${job.total ? `${job.total} games` : "kept with the set"}`
          : job.status === "cancelled" ? `Cancelled after ${job.done} of ${job.total} games`
            : job.error || "The run failed.";
    const shownResult = (job && job.result) || kept;
    fill(result, !shownResult ? null : shownResult.kind === "tournament" ? standingsTable(shownResult) : resultTable(shownResult));
  }

  const controls = el("div", { class: "lab-filters" },
    el("input", { type: "search", class: "lab-search", placeholder: "Search cards", "aria-label": "Search cards", oninput: (e) => { s.filter = e.target.value; drawList(); } }),
    kinds.length > 1 ? el("select", { class: "lab-kind", "aria-label": "Kind", onchange: (e) => { s.kind = e.target.value; drawList(); } },
      el("option", { value: "" }, "Every kind"), kinds.map((k) => el("option", { value: k }, k))) : null,
    el("button", { type: "button", class: "lab-reset", onclick: () => { s.doc = copy(shipped); s.id = null; drawList(); check(); showJob(null, null); } }, "Start again from the shipped set"));

  const node = el("div", { class: "lab" },
    el("div", { class: "lab-main" }, controls, list),
    el("aside", { class: "lab-side" },
      el("section", { class: "panel lab-set" },
        el("h2", {}, "Your card set"),
        nameInput, flash, verdict, problems,
        el("div", { class: "db-buttons" },
          el("button", { type: "button", class: "primary lab-save", onclick: () => save(false) }, "Save"),
          el("button", { type: "button", class: "lab-save-new", onclick: () => save(true) }, "Save as new"),
          el("button", { type: "button", class: "lab-play", onclick: play }, "Play it vs the AI (normal)")),
        diff),
      el("section", { class: "panel lab-whatif" },
        el("h2", {}, "What-if or tournament"),
        el("p", { class: "muted" }, "A what-if plays the chosen entries' games with the shipped cards and with your set, on the same deals and seeds; each row's change in win rate has its 95% interval, and a mark means the change passes its test, corrected for the number of rows (Holm). A tournament plays a round robin with your set alone. The games are played in the lab's own worker, never the AI seats'."),
        kindPick, entryRows,
        el("label", { class: "field" }, "Games per pair", gamesInput),
        el("div", { class: "db-buttons" }, run, cancel),
        bar, progressText, result),
      el("section", { class: "panel" }, el("h2", {}, "Saved card sets"), savedBox)));

  drawList();
  drawDiff([]);
  drawSaved();
  return { node, stop: () => { clearTimeout(s.timer); clearTimeout(s.poll); } };
}

// A what-if's rows, grouped by matchup: each entry's win rate with the shipped cards and with
// the set, the change with its 95% interval (in words and drawn on a small bar), and the
// corrected test's mark.
function resultTable(result) {
  const matchups = [...new Set(result.comparisons.map((r) => r.matchup))];
  return el("table", { class: "lab-result-table" },
    el("caption", {}, `${result.played} games a side, seed ${result.seed}; * = significant after ${result.correction === "holm" ? "Holm's" : "Benjamini–Hochberg's"} correction`),
    el("thead", {}, el("tr", {}, ["entry", "win rate", "change, 95% interval", "", "p"].map((h) => el("th", { scope: "col" }, h)))),
    matchups.map((m) => el("tbody", {},
      el("tr", { class: "lab-matchup" }, el("th", { scope: "rowgroup", colspan: 5 }, m)),
      result.comparisons.filter((r) => r.matchup === m).map((r) => el("tr", { class: "lab-row", dataset: { significant: String(r.significant) } },
        el("th", { scope: "row" }, r.entry),
        el("td", {}, `${percent(r.base)} → ${percent(r.changed)}`),
        el("td", {}, `${signed(r.change)} pts${r.significant ? " *" : ""} [${signed(r.ci95[0])}, ${signed(r.ci95[1])}]`),
        el("td", { class: "lab-interval-cell" }, intervalBar(r.ci95, r.change)),
        el("td", {}, String(r.p_adjusted)))))));
}

// A tournament's standings: each entry's games, wins and win rate with its 95% interval.
function standingsTable(result) {
  return el("table", { class: "lab-result-table lab-standings" },
    el("caption", {}, `A round robin with your set: ${result.games} ${result.games === 1 ? "game" : "games"} a pair, ${result.played} in all, seed ${result.seed}`),
    el("thead", {}, el("tr", {}, ["entry", "games", "wins", "win rate, 95% interval", ""].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, result.standings.map((r) => el("tr", { class: "lab-row" },
      el("th", { scope: "row" }, r.entry), el("td", {}, String(r.games)), el("td", {}, String(r.wins)),
      el("td", {}, `${percent(r.rate)} [${percent(r.ci95[0])}, ${percent(r.ci95[1])}]`),
      el("td", { class: "lab-interval-cell" }, intervalBar([2 * r.ci95[0] - 1, 2 * r.ci95[1] - 1], 2 * r.rate - 1, "win rate"))))));
}

// The interval on a line from -100 to +100 points, zero in the middle (a tournament's win rate:
// 0% to 100%, 50% in the middle): a picture of the row, beside the numbers that say the same.
function intervalBar([low, high], change, what = "points") {
  const at = (x) => `${50 + 50 * x}%`;
  // Placed through the style object: the arcade's policy refuses style attributes.
  const span = el("span", { class: "lab-interval-span" });
  span.style.left = at(low);
  span.style.width = `${50 * (high - low)}%`;
  const dot = el("span", { class: "lab-interval-dot" });
  dot.style.left = at(change);
  const words = what === "points" ? `from ${signed(low)} to ${signed(high)} points` : `win rate from ${percent((low + 1) / 2)} to ${percent((high + 1) / 2)}`;
  return el("span", { class: "lab-interval", role: "img", "aria-label": words },
    el("span", { class: "lab-interval-zero" }), span, dot);
}

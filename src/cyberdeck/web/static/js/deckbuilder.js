// The deck builder: pick cards from a game's catalogue (GET /api/games/{game}/cards), see the
// deck-building rules it breaks as it changes (POST .../decks/validate, debounced), start from a
// starter deck, import and export the deck-list text, save to your account, load and delete.
// Every rule comes from the server (the game's own validator); the builder only counts cards.
import { api, ensureSession } from "./api.js";
import { card } from "./cards.js";
import { el, fill } from "./dom.js";
import { levelSelect } from "./levels.js";
import { counted } from "./words.js";

const CHECK_DELAY_MS = 250;

// The deck-list text of a deck: "# name:" first, then one "2x CODE" line per card, in catalogue order.
export function deckText(name, counts, catalogue) {
  const lines = name.trim() ? [`# name: ${name.trim()}`] : [];
  for (const c of catalogue) {
    const n = counts.get(c.code) || 0;
    if (n > 0) lines.push(`${n}x ${c.code}`);
  }
  return `${lines.join("\n")}\n`;
}

// The text with its "# name:" line saying name (added at the top when it has none).
function withName(text, name) {
  const line = `# name: ${name.trim()}`;
  if (/^#\s*name\s*:.*$/im.test(text)) return text.replace(/^#\s*name\s*:.*$/im, name.trim() ? line : "");
  return name.trim() ? `${line}\n${text}` : text;
}

function factsLine(c) {
  return Object.entries(c.facts || {}).map(([k, v]) => `${k} ${v}`).join(" · ");
}

// A card of the catalogue as the builder shows it: a playing card by rank and suit, or (a card
// known by name, written beside it) a band in its kind's colour with its cost.
function picture(c) {
  if (/^(10|[2-9AJQK])[SHDC]$|^JK$/.test(c.code)) return card(c.code, { small: true });
  return el("span", { class: ["db-band", `db-${c.kind.toLowerCase()}`], "aria-hidden": "true" }, "Cost" in c.facts ? String(c.facts.Cost) : "★");
}

export function deckBuilder(game, { catalogue, starters, saved, onChange }) {
  const s = { counts: new Map(), name: "", id: null, filter: "", section: "", faction: "", timer: null, asked: 0, decks: saved };
  const byCode = new Map(catalogue.map((c) => [c.code, c]));
  const sections = [...new Set(catalogue.map((c) => c.section))];
  const factions = [...new Set(catalogue.map((c) => c.facts.Faction).filter(Boolean))];

  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const say = (text, ok = false) => {
    flash.textContent = text;
    flash.hidden = !text;
    flash.classList.toggle("ok", ok);
  };
  const nameInput = el("input", { type: "text", class: "db-name", maxlength: 64, placeholder: "Deck name", "aria-label": "Deck name",
    oninput: () => { s.name = nameInput.value; text.value = withName(text.value, s.name); } });
  const verdict = el("p", { class: "db-verdict", role: "status", "aria-live": "polite" }, "Add cards to build a deck.");
  const problems = el("ul", { class: "db-problems", "aria-label": "What the deck breaks" });
  const summary = el("pre", { class: "db-summary" });
  const size = el("span", { class: "db-size" }, "0 cards");
  // On a phone the deck panel is far below the cards: a bar at the bottom keeps the count and the
  // verdict in sight.
  const bar = el("p", { class: "db-bar", "aria-hidden": "true" });
  const text = el("textarea", { class: "db-text", rows: 10, spellcheck: "false", "aria-label": "Deck list (import or export)",
    oninput: () => { say(""); later(true); } });
  const list = el("div", { class: "db-catalogue", role: "group", "aria-label": "Cards" });
  const savedBox = el("ul", { class: "db-saved", "aria-label": "Your saved decks" });
  const level = levelSelect({ class: "db-level", "aria-label": "AI level" });

  const total = () => [...s.counts.values()].reduce((a, b) => a + b, 0);
  const currentText = () => deckText(s.name, s.counts, catalogue);

  function setCounts(entries) {
    s.counts = new Map();
    for (const { code, count } of entries) if (byCode.has(code)) s.counts.set(code, (s.counts.get(code) || 0) + count);
  }

  async function check(body) {
    const asked = ++s.asked;
    try {
      const result = await api(`/api/games/${game.id}/decks/validate`, { method: "POST", body: { text: body } });
      if (asked !== s.asked) return null; // a newer check is on its way
      fill(problems, result.problems.map((p) => el("li", {}, p)));
      verdict.textContent = !result.size ? "The deck is empty."
        : result.ok ? `A legal ${game.title} deck (${counted(result.size, "card")}).`
          : `Not legal yet: ${counted(result.problems.length, "problem")}.`;
      verdict.className = `db-verdict ${result.ok ? "ok" : "bad"}`;
      summary.textContent = result.summary;
      bar.textContent = `${counted(result.size, "card")} · ${result.ok ? "✓ legal" : `✗ ${counted(result.problems.length, "problem")}`}`;
      bar.className = `db-bar ${result.ok ? "ok" : "bad"}`;
      return result;
    } catch (err) {
      if (asked === s.asked) say(err.message);
      return null;
    }
  }

  function drawCounts() {
    size.textContent = counted(total(), "card");
    drawList();
  }

  // Check the deck list soon (once typing or clicking pauses); fromText: the text was edited by
  // hand, so the picked counts follow what it reads as.
  function later(fromText) {
    clearTimeout(s.timer);
    s.timer = setTimeout(() => sync(fromText), CHECK_DELAY_MS);
  }

  async function sync(fromText) {
    const result = await check(text.value);
    if (result && fromText) {
      setCounts(result.cards);
      if (result.name) {
        s.name = result.name;
        nameInput.value = s.name;
      }
      drawCounts();
    }
    return result;
  }

  // A card was picked or put back: rewrite the deck list from the counts and check it soon.
  // The flash speaks of the deck as it was ("Saved", "Only a legal deck can be played"): a
  // changed deck clears it.
  function changed() {
    say("");
    text.value = currentText();
    drawCounts();
    later(false);
    if (onChange) onChange(s);
  }

  function bump(code, delta) {
    const next = Math.max(0, (s.counts.get(code) || 0) + delta);
    if (next) s.counts.set(code, next);
    else s.counts.delete(code);
    changed();
  }

  function row(c) {
    const n = s.counts.get(c.code) || 0;
    return el("div", { class: ["db-card", n ? "in-deck" : null], dataset: { code: c.code } },
      picture(c),
      el("div", { class: "db-card-words" },
        el("strong", {}, c.name), " ", el("span", { class: "muted" }, c.kind),
        el("div", { class: "db-facts" }, factsLine(c)),
        c.text ? el("div", { class: "db-card-text" }, c.text) : null),
      el("div", { class: "db-count" },
        el("button", { type: "button", class: "db-minus", "aria-label": `One ${c.name} fewer`, disabled: !n, onclick: () => bump(c.code, -1) }, "−"),
        el("span", { class: ["db-n", n > c.copies ? "over" : null], "aria-label": `${n} in the deck, at most ${c.copies}` }, `${n}/${c.copies}`),
        el("button", { type: "button", class: "db-plus", "aria-label": `One more ${c.name}`, onclick: () => bump(c.code, 1) }, "+")));
  }

  function drawList() {
    const words = s.filter.trim().toLowerCase();
    const shown = catalogue.filter((c) => (!s.section || c.section === s.section)
      && (!s.faction || c.facts.Faction === s.faction)
      && (!words || `${c.code} ${c.name} ${c.kind} ${c.text} ${factsLine(c)}`.toLowerCase().includes(words)));
    const groups = sections.filter((sec) => shown.some((c) => c.section === sec));
    fill(list, groups.map((sec) => el("section", { class: "db-section" },
      el("h3", {}, sec, " ", el("span", { class: "muted" }, `(${shown.filter((c) => c.section === sec).reduce((a, c) => a + (s.counts.get(c.code) || 0), 0)} in the deck)`)),
      shown.filter((c) => c.section === sec).map(row))),
    shown.length ? null : el("p", { class: "muted" }, "No card matches."));
  }

  // A deck list from elsewhere (a file, a saved deck, a starter): shown as it is, checked, and
  // its cards picked. Lines that do not read stay in the text, with what is wrong with them.
  async function importText(raw, id = null) {
    clearTimeout(s.timer);
    text.value = raw;
    s.id = id;
    const result = await sync(true);
    if (result) say(result.ok ? "Deck loaded." : "Deck loaded; see what it breaks below.", result.ok);
  }

  function drawSaved() {
    fill(savedBox, s.decks.length ? s.decks.map((d) => el("li", { dataset: { deck: String(d.id) } },
      el("span", { class: "db-saved-name" }, d.name), el("span", { class: "muted" }, ` ${counted(d.size, "card")} `),
      el("button", { type: "button", class: "db-load", onclick: async () => { await importText(d.text, d.id); say(`Loaded ${d.name}.`, true); } }, "Load"),
      el("button", { type: "button", class: "db-delete", onclick: () => remove(d) }, "Delete")))
      : el("li", { class: "muted" }, "No saved decks yet."));
  }

  async function refreshSaved() {
    s.decks = await api(`/api/games/${game.id}/decks`);
    drawSaved();
  }

  async function save(asNew) {
    await ensureSession();
    const body = { name: s.name, text: text.value };
    try {
      const deck = s.id && !asNew
        ? await api(`/api/games/${game.id}/decks/${s.id}`, { method: "PUT", body })
        : await api(`/api/games/${game.id}/decks`, { method: "POST", body });
      s.id = deck.id;
      say(`Saved ${deck.name}.`, true);
      await refreshSaved();
    } catch (err) {
      say(err.message);
    }
  }

  async function remove(deck) {
    try {
      await api(`/api/games/${game.id}/decks/${deck.id}`, { method: "DELETE" });
      if (s.id === deck.id) s.id = null;
      say(`Deleted ${deck.name}.`, true);
      await refreshSaved();
    } catch (err) {
      say(err.message);
    }
  }

  async function play() {
    const result = await check(text.value);
    if (!result || !result.ok) {
      say("Only a legal deck can be played; see what it breaks.");
      return;
    }
    try {
      await ensureSession();
      const made = await api("/api/matches", { method: "POST", body: {
        game: game.id, seats: [{ kind: "human" }, { kind: "ai", level: level.value }], decks: [text.value, null], public: true,
      } });
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${made.match.id}` }));
    } catch (err) {
      say(err.message);
    }
  }

  function download() {
    const blob = new Blob([text.value], { type: "text/plain" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `${(s.name || game.id).replace(/[^A-Za-z0-9_.-]+/g, "-")}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  const fileInput = el("input", { type: "file", accept: ".txt,text/plain", class: "db-file", "aria-label": "Import a deck-list file",
    onchange: async () => {
      const file = fileInput.files && fileInput.files[0];
      if (file) await importText(await file.text());
      fileInput.value = "";
    } });

  const controls = el("div", { class: "db-filters" },
    el("input", { type: "search", class: "db-search", placeholder: "Search cards", "aria-label": "Search cards", oninput: (e) => { s.filter = e.target.value; drawList(); } }),
    el("select", { class: "db-section-filter", "aria-label": "Section", onchange: (e) => { s.section = e.target.value; drawList(); } },
      el("option", { value: "" }, "Every section"), sections.map((sec) => el("option", { value: sec }, sec))),
    factions.length ? el("select", { class: "db-faction", "aria-label": "Faction", onchange: (e) => { s.faction = e.target.value; drawList(); } },
      el("option", { value: "" }, "Every faction"), factions.map((f) => el("option", { value: f }, f))) : null);

  const starterPicker = starters.length ? el("div", { class: "db-starters" },
    el("h3", {}, "Start from a starter deck"),
    el("ul", {}, starters.map((st) => el("li", {},
      el("button", { type: "button", class: "db-starter", dataset: { starter: st.key }, onclick: () => importText(st.text) }, st.name),
      el("span", { class: "muted" }, ` ${st.about}`))))) : null;

  const node = el("div", { class: "db" },
    el("div", { class: "db-main" }, controls, list, bar),
    el("aside", { class: "db-side" },
      el("section", { class: "panel db-deck" },
        el("h2", {}, "Your deck ", size),
        nameInput, flash, verdict, problems,
        el("div", { class: "db-buttons" },
          el("button", { type: "button", class: "primary db-save", onclick: () => save(false) }, "Save"),
          el("button", { type: "button", class: "db-save-new", onclick: () => save(true) }, "Save as new"),
          el("button", { type: "button", class: "db-clear", onclick: () => { s.counts = new Map(); s.id = null; changed(); } }, "Clear")),
        el("div", { class: "db-buttons" },
          el("button", { type: "button", class: "db-play", onclick: play }, "Play vs AI with this deck"), level),
        summary),
      el("section", { class: "panel db-io" },
        el("h2", {}, "Deck list"),
        el("p", { class: "muted" }, "One card a line: ", el("code", {}, game.id === "cipher-run" ? "2x 7H" : "2x Street Samurai"), ". Paste a list and import it, or export yours."),
        text,
        el("div", { class: "db-buttons" },
          el("button", { type: "button", class: "db-import", onclick: () => importText(text.value) }, "Import this text"),
          el("button", { type: "button", class: "db-download", onclick: download }, "Download .txt"),
          el("label", { class: "button db-file-label" }, "Import a file", fileInput))),
      el("section", { class: "panel" }, el("h2", {}, "Saved decks"), savedBox),
      starterPicker ? el("section", { class: "panel" }, starterPicker) : null));

  drawSaved();
  changed();
  return node;
}

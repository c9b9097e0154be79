// Cypher (2–4 seats): the deck and the Display in the middle, every seat's play area with its
// influence, your hand, what you know of other hands and of the deck, the end trigger and the
// question being asked. What the terminal view shows (render.py), drawn as a table.
import { buttons, chooser, movesWhere, namedCard, offer, seatName, stat, zone } from "./kit.js";
import { counted } from "../words.js";

const CLASS_LETTER = { upper: "U", middle: "M", lower: "L", none: "" };
const CLASS_WORD = { upper: "upper class", middle: "middle class", lower: "lower class", none: "no class" };

// A badge's meaning in the rules' words (docs/rules/cypher.md, "The cards" and "The end"). A class
// matters only through the effects that name it, so the cards named are read from the view's own
// cards (a corrected card file keeps the sentence true).
export function classMeaning(view, cls) {
  if (cls === "none") return "No class: no card's effect reaches it by its class.";
  const namers = Object.values(view.cards).filter((c) => String(c.text).includes(`${cls}-class`)).map((c) => `the ${c.name}`);
  const names = namers.length > 1 ? `${namers.slice(0, -1).join(", ")} and ${namers.at(-1)}` : namers[0];
  const word = CLASS_WORD[cls][0].toUpperCase() + CLASS_WORD[cls].slice(1);
  return namers.length
    ? `${word}: ${names} ${namers.length === 1 ? "acts" : "act"} on ${cls}-class cards.`
    : `${word}: no card's effect names ${cls}-class cards.`;
}

export function influenceMeaning(influence) {
  return `${influence} influence: what it adds to its play area's total while it stays there; when the game ends, the highest total wins.`;
}

function info(view, kind) {
  return view.cards[kind] || { name: kind, class: "none", influence: 0, text: "", copies: 1 };
}

// The corner badge ("M2") explained: its class and its influence.
function badgeMeaning(view, i) {
  return `${classMeaning(view, i.class)} ${influenceMeaning(i.influence)}`;
}

// A card by name: class letter and influence in the corner, its text when there is room (hand).
function tile(ctx, view, kind, small = false, withText = false) {
  const i = info(view, kind);
  return namedCard(ctx, {
    name: i.name,
    corner: `${CLASS_LETTER[i.class]}${i.influence}`,
    lines: small ? [] : [CLASS_WORD[i.class]],
    text: withText ? i.text : "",
    cls: `cy-${i.class}`,
    icons: [`class-${i.class}`],
    key: kind,
    title: `${i.name} — ${CLASS_WORD[i.class]}, ${i.influence} influence: ${i.text}\n${badgeMeaning(view, i)}`,
    cornerTitle: badgeMeaning(view, i),
    small,
  });
}

function seatPanel(ctx, view, p) {
  const { el } = ctx;
  const mine = p.seat === ctx.seat;
  const turn = p.seat === view.turn && !view.outcome;
  const deciding = p.seat === view.current_player && !view.outcome;
  const area = el("div", { class: "cy-area" }, p.area.length ? p.area.map((kind) => {
    const node = el("div", { class: "cy-slot" }, tile(ctx, view, kind));
    if (mine) offer(ctx, node, movesWhere(ctx, (k, a) => k === "bump" && a[0] === kind));
    return node;
  }) : el("span", { class: "kit-empty" }, "empty play area"));
  return el("section", { class: ["cy-seat", mine ? "mine" : null, turn ? "to-play" : null], dataset: { seat: String(p.seat) }, "aria-label": seatName(p.seat, ctx) },
    el("header", { class: "cy-seat-head" },
      el("h3", {}, turn ? "▶ " : "", seatName(p.seat, ctx)),
      stat(ctx, "Influence", p.influence, "cy-influence"),
      stat(ctx, "Hand", p.hand_count),
      deciding && !turn ? el("span", { class: "kit-badge" }, "deciding") : null),
    area,
    !mine && p.known_in_hand && p.known_in_hand.length
      ? el("p", { class: "cy-known" }, "You know they hold: ", el("span", { class: "cy-row" }, p.known_in_hand.map((k) => tile(ctx, view, k, true))))
      : null);
}

function middle(ctx, view) {
  const { el, card } = ctx;
  const draws = movesWhere(ctx, (k, a) => k === "draw" && a[0] !== "display");
  const deck = el("div", { class: "cy-deck", "aria-label": `deck, ${counted(view.deck_count, "card")}` },
    view.deck_count ? card(null, { faceDown: true, label: `deck of ${counted(view.deck_count, "card")}` }) : el("span", { class: "kit-empty" }, "empty"),
    stat(ctx, "Deck", view.deck_count));
  offer(ctx, deck, draws, "deck");
  const display = el("div", { class: "cy-display" },
    view.display ? tile(ctx, view, view.display, false, true) : el("span", { class: "kit-empty" }, "empty"));
  offer(ctx, display, movesWhere(ctx, (k, a) => k === "draw" && a[0] === "display"));
  const known = view.deck_known.map((d) => el("li", {}, d.from_top === 0 ? "top" : `${d.from_top + 1} from top`, ": ", tile(ctx, view, d.card, true)));
  const end = view.end && !view.outcome
    ? el("p", { class: "cy-end", role: "status" }, `THE END IS TRIGGERED (${ctx.named(view.end.reason)}): ${counted(view.end.turns_left, "last turn")} to go.`)
    : null;
  return el("div", { class: "cy-middle" },
    el("div", { class: "cy-centre" },
      zone(ctx, "Deck", "cy-deck-zone", deck),
      zone(ctx, "Display", "cy-display-zone", display),
      view.removed_count ? zone(ctx, "Out of the game", "cy-removed", stat(ctx, "Removed", view.removed_count),
        view.removed_known.length ? el("div", { class: "cy-row" }, "You removed: ", view.removed_known.map((k) => tile(ctx, view, k, true))) : null) : null,
      known.length ? zone(ctx, "You know in the deck", "cy-deck-known", el("ul", {}, known)) : null),
    end);
}

function endScreen(ctx, view) {
  const { el } = ctx;
  const scores = view.seats.map((p) => `${ctx.seatName(p.seat)} ${p.influence}`).join(", ");
  return el("div", { class: "cy-over" },
    el("p", {}, `Influence in play: ${scores}.`),
    view.end ? el("p", {}, `The end was triggered by ${ctx.seatName(view.end.triggered_by)} (${ctx.named(view.end.reason)}); ties go clockwise from their left: ${view.tie_order.map((s) => ctx.seatName(s)).join(", ")}.`) : null,
    el("p", { class: "cy-reason" }, `${ctx.named(view.outcome.reason)}.`));
}

function hand(ctx, view, me) {
  const { el } = ctx;
  return el("div", { class: "cy-row cy-hand" }, (me.hand || []).map((kind) => {
    const node = el("div", { class: "cy-slot" }, tile(ctx, view, kind, false, true));
    offer(ctx, node, movesWhere(ctx, (k, a) => ["play", "pass", "discard", "add", "extract"].includes(k) && a[0] === kind), `hand:${kind}`);
    return node;
  }));
}

export function renderTable(view, ctx) {
  const { el } = ctx;
  const seat = typeof ctx.seat === "number" && ctx.seat < view.seats.length ? ctx.seat : null;
  // Your own seat last, next to your hand; the others clockwise from your left.
  const order = seat === null ? view.seats : [...view.seats.slice(seat + 1), ...view.seats.slice(0, seat), view.seats[seat]];
  const others = movesWhere(ctx, (k, a) => k === "guard" || k === "allow" || a[0] === "none");
  return el("div", { class: ["cy-table", `cy-players-${view.players}`] },
    el("p", { class: "cy-head" }, `Cypher · ${view.players} players · turn ${view.turn_number}`, view.burn ? " · burn variant" : "",
      el("span", { class: "muted cy-badges" }, " · a card's corner: its class (U upper, M middle, L lower) and its influence; point at it for what they mean")),
    view.outcome ? endScreen(ctx, view) : view.prompt ? el("p", { class: "cy-prompt" }, ctx.named(view.prompt)) : null,
    buttons(ctx, others), chooser(ctx),
    middle(ctx, view),
    el("div", { class: "cy-seats" }, order.map((p) => seatPanel(ctx, view, p))),
    seat !== null ? zone(ctx, "Your hand", "cy-hand-zone", hand(ctx, view, view.seats[seat])) : null);
}

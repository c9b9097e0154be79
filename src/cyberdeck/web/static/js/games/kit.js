// Pieces the table renderers share (the one visual language of the five tables) (hack-me, cypher, cyberpunk-ccg): finding the moves that belong
// to a thing on the table, making that thing clickable, and small labelled figures. Renderers stay
// pure drawing: a click plays a move from ctx.moves, or selects a thing (kept in ctx.local) whose
// several moves are then offered as buttons.
import { icon } from "../dom.js";
import { counted } from "../words.js";

// The moves whose action text passes test(kind, args, move).
export function movesWhere(ctx, test) {
  return ctx.moves.filter((m) => {
    const [kind, ...args] = m.action.split(" ");
    return test(kind, args, m);
  });
}

// The one move with exactly this action text, or undefined.
export function move(ctx, action) {
  return ctx.moves.find((m) => m.action === action);
}

function activate(node, go) {
  node.classList.add("playable");
  node.setAttribute("tabindex", "0");
  if (!node.getAttribute("role")) node.setAttribute("role", "button");
  node.addEventListener("click", (event) => { event.stopPropagation(); go(); });
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      go();
    }
  });
}

// Makes node play its moves: one move plays on a click; several select the node (key names it in
// ctx.local.selected) so that chooser() offers them. Returns node.
export function offer(ctx, node, moves, key = null) {
  if (!moves.length || ctx.replay) return node;
  if (moves.length === 1) {
    const m = moves[0];
    activate(node, () => ctx.play(m.action));
    node.setAttribute("aria-label", ctx.moveName(m));
    node.title = m.label;
    return node;
  }
  selectable(ctx, node, key || moves.map((m) => m.action).join("|"), moves);
  node.setAttribute("aria-label", `${node.getAttribute("aria-label") || node.textContent}: choose one of ${counted(moves.length, "move")}`);
  node.title = moves.map((m) => m.label).join("\n");
  return node;
}

// Makes a click select node (key names it in ctx.local.selected) and offer ``moves`` through
// chooser(); a renderer may offer more for the selection of its own (a search, say).
export function selectable(ctx, node, key, moves) {
  if (ctx.replay) return node;
  if (ctx.local.selected === key) node.classList.add("selected");
  activate(node, () => {
    ctx.local.selected = ctx.local.selected === key ? null : key;
    ctx.local.choices = ctx.local.selected ? moves.map((m) => m.action) : null;
    ctx.redraw();
  });
  return node;
}

// The buttons of the selected thing's moves (nothing when nothing is selected).
export function chooser(ctx, title = "Choose") {
  const { el } = ctx;
  const wanted = ctx.local.choices || [];
  const moves = ctx.moves.filter((m) => wanted.includes(m.action));
  if (!moves.length) return null;
  return el("div", { class: "kit-chooser", role: "group", "aria-label": title },
    el("span", { class: "kit-chooser-title" }, title),
    moves.map((m) => el("button", { type: "button", class: "kit-choice", "aria-label": ctx.moveName(m), onclick: () => ctx.play(m.action) },
      el("span", { class: "kit-n" }, String(m.n)), " ", m.label)),
    el("button", { type: "button", class: "kit-choice cancel", onclick: () => { ctx.local.selected = null; ctx.local.choices = null; ctx.redraw(); } }, "Cancel"));
}

// Buttons for moves that have no place on the table (keep, pass, pay ...), numbered as in the list.
export function buttons(ctx, moves, label = "Decide") {
  const { el } = ctx;
  if (!moves.length || ctx.replay) return null;
  return el("div", { class: "kit-buttons", role: "group", "aria-label": label },
    moves.map((m) => el("button", { type: "button", class: "kit-choice", "aria-label": ctx.moveName(m), onclick: () => ctx.play(m.action) },
      el("span", { class: "kit-n" }, String(m.n)), " ", m.label)));
}

// A labelled figure: "Stock 12".
export function stat(ctx, label, value, cls = "") {
  const { el } = ctx;
  return el("span", { class: ["kit-stat", cls] }, el("span", { class: "kit-stat-label" }, label), " ",
    el("strong", { class: "kit-stat-value" }, String(value)));
}

// A small titled zone of the table.
export function zone(ctx, title, cls, ...children) {
  const { el } = ctx;
  return el("section", { class: ["kit-zone", cls] }, el("h3", { class: "kit-zone-title" }, title), ...children);
}

// A seat's one name on the page ("You", "Normal AI", "ada"), as the shell gives it.
export function seatName(seat, ctx) {
  return ctx.seatName(seat);
}

// Whose: "your" for the page's own seat, "Normal AI's" for another ("You's" is no word).
export function whose(ctx, seat) {
  return seat === ctx.seat && ctx.seatName(seat) === "You" ? "your" : `${ctx.seatName(seat)}'s`;
}

// A seat with its verb: "You have" for the page's own seat, "Normal AI has" for another.
export function does(ctx, seat, you, other) {
  return seat === ctx.seat && ctx.seatName(seat) === "You" ? `You ${you}` : `${ctx.seatName(seat)} ${other}`;
}

// A card known by its name (Cypher, Cyberpunk CCG): a tile with the name, a corner figure, a few
// lines of facts, and its text as a tooltip. cls carries the card's class or kind for the colour
// band; the words always say it too, so colour is never the only sign.
// key: the card's id in the game's events (data-card), so the last move's cards can be shown.
// cornerTitle: what the corner figure means, as its own tooltip (the title carries it for screen
// readers: the card's accessible description).
// icons: keys of the arcade's icon set (the card's kind, its faction or class) drawn in its head;
// they repeat what the lines say, as a shape to spot across the table.
export function namedCard(ctx, { name, corner = "", lines = [], cls = "", title = "", small = false, text = "", key = "", cornerTitle = "", icons = [] }) {
  const { el } = ctx;
  const marks = icons.filter(Boolean);
  return el("div", { class: ["kit-card", cls, small ? "small" : null], role: "img", "aria-label": [name, corner, ...lines].filter(Boolean).join(", "), title: title || name, dataset: key ? { card: key } : {} },
    el("span", { class: "kit-card-head" },
      marks.length ? el("span", { class: "kit-card-icons" }, marks.map((k) => icon(k))) : null,
      el("span", { class: "kit-card-name" }, name),
      corner ? el("span", { class: "kit-card-corner", title: cornerTitle || null }, corner) : null),
    lines.filter(Boolean).map((l) => el("span", { class: "kit-card-line" }, l)),
    text ? el("span", { class: "kit-card-text" }, text) : null);
}

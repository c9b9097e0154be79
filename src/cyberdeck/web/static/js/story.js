// The last move on the table: the cards and places the last turn touched are highlighted, and a
// card that moved is seen moving (hand -> vault, "to place" -> pile, a face-down firewall turned
// up). Everything is read from the events the page was sent (the last turn's, as the line above
// the table tells it) and from the data attributes the renderers already put on the table
// (data-card on every card, data-pile, data-slot, data-vault, data-resource on places), so no
// game needs code of its own and nothing hidden can show: an event names only what its seat saw.

// The event data that name a card or a place on the table.
const CARD_KEYS = ["card", "cards", "target", "removed"];
const PLACE_KEYS = { vault: "vault", pile: "pile", slot: "slot" };

// {cards, places}: the card codes and the places the events touched. ``placesOf(event)``, a
// renderer's own (``touches``), adds places only the game can read from an event: [{attr, value,
// seat}], the place data-<attr>=value inside the seat's area (data-seat) when seat is given.
export function touchedBy(events, placesOf = null) {
  const cards = new Set();
  const places = [];
  for (const e of events || []) {
    const data = e.data || {};
    for (const key of CARD_KEYS) {
      const value = data[key];
      for (const c of Array.isArray(value) ? value : [value]) if (typeof c === "string" && c) cards.add(c.toUpperCase());
    }
    for (const [key, attr] of Object.entries(PLACE_KEYS)) {
      if (typeof data[key] === "string" && data[key]) places.push({ attr, value: data[key], seat: null });
    }
    if (placesOf) places.push(...(placesOf(e) || []));
  }
  return { cards, places };
}

const cssValue = (text) => (window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, "\\$&"));

// Marks the touched cards (class "touched") and places ("touched-place") on a drawn board;
// returns the touched card elements.
export function markTouched(board, touched) {
  const found = [];
  for (const node of board.querySelectorAll("[data-card]")) {
    if (touched.cards.has(String(node.dataset.card).toUpperCase())) {
      node.classList.add("touched");
      found.push(node);
    }
  }
  for (const { attr, value, seat } of touched.places) {
    const area = seat === null || seat === undefined ? null : board.querySelector(`[data-seat="${seat}"]`);
    for (const node of (area || board).querySelectorAll(`[data-${attr}="${cssValue(value)}"]`)) node.classList.add("touched-place");
  }
  return found;
}

// Where the cards are before the board is drawn again: each card code's boxes, the face-down
// cards' boxes, and the deck's (a card that appears from nowhere comes from there).
export function snapshot(board) {
  const cards = new Map();
  for (const node of board.querySelectorAll("[data-card]")) {
    const code = String(node.dataset.card).toUpperCase();
    if (!cards.has(code)) cards.set(code, []);
    cards.get(code).push(node.getBoundingClientRect());
  }
  const faceDown = [...board.querySelectorAll(".card.face-down")].map((n) => n.getBoundingClientRect());
  const deck = board.querySelector("[data-deck], [data-count=\"deck\"]");
  return { cards, faceDown, deck: deck ? deck.getBoundingClientRect() : null };
}

const near = (a, b) => Math.abs(a.left - b.left) < 4 && Math.abs(a.top - b.top) < 4;

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// Plays each touched card's path from where it was (``before``, a snapshot) to where it is now:
// a move across the table, a turn face up in place, or an arrival from the deck. Nothing moves
// for a person who asked for reduced motion; the highlight says it all the same. Returns how
// many cards it animated (data-path on each says which path: move, flip, arrive).
export function animatePaths(nodes, before, duration) {
  if (!before || reducedMotion() || !(duration > 0)) return 0;
  let count = 0;
  const used = new Map();
  for (const node of nodes) {
    if (typeof node.animate !== "function") continue;
    const code = String(node.dataset.card).toUpperCase();
    const now = node.getBoundingClientRect();
    const olds = before.cards.get(code) || [];
    const k = used.get(code) || 0;
    let frames;
    if (olds.some((r) => near(r, now))) continue; // it stayed where it was: the highlight is enough
    if (k < olds.length) {
      used.set(code, k + 1);
      const from = olds[k];
      frames = [{ transform: `translate(${from.left - now.left}px, ${from.top - now.top}px)` }, { transform: "none" }];
      node.dataset.path = "move";
    } else if (before.faceDown.some((r) => near(r, now))) {
      frames = [{ transform: "perspective(400px) rotateY(90deg)" }, { transform: "none" }];
      node.dataset.path = "flip";
    } else if (before.deck) {
      const from = before.deck;
      frames = [{ transform: `translate(${from.left - now.left}px, ${from.top - now.top}px) scale(0.6)`, opacity: 0.3 }, { transform: "none", opacity: 1 }];
      node.dataset.path = "arrive";
    } else {
      frames = [{ transform: "scale(0.6)", opacity: 0 }, { transform: "none", opacity: 1 }];
      node.dataset.path = "arrive";
    }
    // A card on its way is not there yet: a click meant for the place it passes over gets there.
    node.style.pointerEvents = "none";
    const done = () => { node.style.pointerEvents = ""; };
    const motion = node.animate(frames, { duration, easing: "ease-out" });
    motion.onfinish = done;
    motion.oncancel = done;
    count += 1;
  }
  return count;
}

// The pace an AI's (or another player's) moves are shown at, a setting kept in this browser:
// each move stays on the table at least ms before the next is shown, and the other seats' moves
// between two of this page's own wait turnMs in all at most (a CCG turn is forty moves: at 700 ms
// each a person waited half a minute for a turn they can follow in a few seconds).
export const PACES = [
  { key: "instant", label: "Instant", ms: 0, turnMs: 0 },
  { key: "steady", label: "Steady", ms: 700, turnMs: 2500 },
  { key: "slow", label: "Slow", ms: 1500, turnMs: 8000 },
];
const PACE_KEY = "cyberdeck.pace";

// How long the next of the other seats' moves stays on the table: the pace's ms, unless what is
// left of its turnMs, shared with the queued moves behind it, is less.
export function nextWait(chosen, left, queued) {
  return Math.max(0, Math.min(chosen.ms, left / (queued + 1)));
}

export function pace() {
  let key = null;
  try {
    key = localStorage.getItem(PACE_KEY);
  } catch {
    key = null;
  }
  return PACES.find((p) => p.key === key) || PACES[1];
}

export function setPace(key) {
  try {
    localStorage.setItem(PACE_KEY, key);
  } catch {
    // a browser that keeps nothing plays at the default pace
  }
}

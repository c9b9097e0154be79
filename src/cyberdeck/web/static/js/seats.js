// One name per seat in a game's texts: the page's twin of the engine's seats.py (the same rules,
// tested against it). The games' events and outcomes call a seat by a fixed label ("Player 2",
// "Hacker B"); the page shows the seat's name instead, and "you" for the reader's own seat with
// the verbs of its clause made to agree ("Player 1 draws" -> "You draw").

const IRREGULAR = { is: "are", has: "have", was: "were", does: "do", goes: "go" };
const CLAUSE = /(?:^|[.:;!?—]\s+|\(\s*)$/;
const SENTENCE = /(?:^|[.!?]\s+)$/;
const MARK = "\u0000";
const SUBJECT = /\u0000([^.;:!?]*)/g;
const VERB = /^(\s*(?:[A-Z][a-z]+ )?)([A-Za-z][a-z-]*)\b|\b(and )([a-z][a-z-]*)\b/g;
const THEIR = /\btheir\b/g;

function plain(verb) {
  const low = verb.toLowerCase();
  let p;
  if (Object.hasOwn(IRREGULAR, low)) p = IRREGULAR[low];
  else if (/^[a-z-]*[^aeiou]ies$/.test(low)) p = `${low.slice(0, -3)}y`;
  else if (/^[a-z-]*(ss|sh|ch|x|z)es$/.test(low)) p = low.slice(0, -2);
  else if (/^[a-z-]+[^su]s$/.test(low)) p = low.slice(0, -1);
  else return verb;
  return /^[A-Z]/.test(verb) ? p[0].toUpperCase() + p.slice(1) : p;
}

function agree(_, rest) {
  const verbs = rest.replace(VERB, (m, lead, first, and, next) => (first !== undefined ? lead + plain(first) : and + plain(next)));
  return verbs.replace(THEIR, "your");
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const patterns = new Map();

// text with labels[i] replaced by names[i], and by "you"/"your" for seat `you` (null: a spectator).
export function nameSeats(text, labels, names, you) {
  if (!labels || !labels.length || !text) return text;
  const key = labels.join("\n");
  if (!patterns.has(key)) {
    const words = [...labels].sort((a, b) => b.length - a.length).map(escape).join("|");
    patterns.set(key, new RegExp(`\\b(${words})\\b('s)?`, "gi"));
  }
  const index = new Map(labels.map((l, i) => [l.toLowerCase(), i]));
  const named = text.replace(patterns.get(key), (m, label, owns, offset) => {
    const seat = index.get(label.toLowerCase());
    if (seat !== you) return names[seat] + (owns || "");
    const before = text.slice(0, offset);
    let word = owns ? "Your" : "You";
    if (!SENTENCE.test(before)) word = word.toLowerCase();
    return word + (!owns && CLAUSE.test(before) ? MARK : "");
  });
  return named.includes(MARK) ? named.replace(SUBJECT, agree) : named;
}

// names with each repeated one told apart by its seat ("Normal AI (seat 2)").
export function uniqueNames(names) {
  return names.map((n, i) => (names.filter((x) => x === n).length > 1 ? `${n} (seat ${i + 1})` : n));
}

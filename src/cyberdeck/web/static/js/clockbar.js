// The clocks above an online table: each seat's time left, the running one highlighted and
// counting down, and whether the match is rated or casual. The server keeps the time; this bar
// counts down from what it last said (so a page that sleeps shows the server's time again at the
// next message), and offers a claim only once the server has said a clock fell.
import { el, fill } from "./dom.js";

// 75 s as "1:15", an hour and more as "1:02:03", days as "2 d 4 h".
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) {
    const days = Math.floor(s / 86400);
    const hours = Math.floor((s % 86400) / 3600);
    return `${days} d ${hours} h`;
  }
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// A bar for one table: `nameOf(seat)` names a seat; `onFall(seats)` is called with the seats
// whose clock the server says just fell (the table offers the claim then).
export function clockBar(nameOf, onFall) {
  const node = el("div", { class: "clock-bar", hidden: true, role: "group", "aria-label": "Clocks" });
  let clock = null;
  let at = 0;
  let rated = false;
  // Played with an edited card set (the Lab page's): said beside "Casual", as such a match is.
  let edited = false;
  const kind = (label) => el("span", { class: "clock-kind", dataset: { rated: String(rated), edited: String(edited) } },
    `${rated ? "Rated" : "Casual"}${edited ? " · edited card set" : ""} · ${label}`);

  function left(seat) {
    const base = clock.left[seat];
    return clock.running === seat ? base - (Date.now() - at) / 1000 : base;
  }

  function draw() {
    if (!clock) return;
    node.hidden = false;
    fill(node,
      kind(clock.control.label),
      clock.left.map((_, seat) => {
        const out = clock.out.includes(seat);
        const taken = clock.taken.includes(seat);
        const running = clock.running === seat;
        return el("span", {
          class: ["clock", running ? "running" : null, out ? "out" : null, taken ? "taken" : null],
          dataset: { seat: String(seat), seconds: String(Math.max(0, Math.floor(left(seat)))) },
        },
        el("span", { class: "clock-name" }, nameOf(seat)),
        el("span", { class: "clock-time" }, taken ? "AI plays" : out ? "out of time" : clockText(left(seat))));
      }));
  }

  const ticker = setInterval(() => { if (clock && clock.running !== null) draw(); }, 1000);

  return {
    node,
    // A match's summary: rated or casual, and its time control, are shown at every table of
    // two or more (a match without a clock too), before any clock starts.
    match(summary) {
      rated = Boolean(summary && summary.rated);
      edited = Boolean(summary && summary.edited);
      const control = summary && summary.time_control;
      if (!clock && control && summary.seats.length > 1) {
        node.hidden = false;
        fill(node, kind(control.label));
      }
    },
    // The clocks as a message gave them (null: the match has none).
    set(given) {
      if (!given) return;
      const fell = given.out.filter((seat) => !clock || !clock.out.includes(seat));
      clock = given;
      at = Date.now();
      draw();
      if (fell.length) onFall(fell);
    },
    // A seat that is not one of `yours` has run out of time, by the server's word.
    claimable(yours) {
      return Boolean(clock) && clock.out.some((seat) => !yours.includes(seat));
    },
    timed() { return Boolean(clock); },
    running() { return clock ? clock.running : null; },
    stop() { clearInterval(ticker); },
  };
}

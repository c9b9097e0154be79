// The time control and rated/casual choice of a new online match, on a game's card. Turn-based
// and rated matches need an account: the server says so in a sentence when a guest asks.
import { el } from "./dom.js";

// The fields: a clock (none, real-time, turn-based) with its numbers, and "Rated".
export function timeControlFields(game) {
  const id = (name) => `${game.id}-clock-${name}`;
  const realtime = el("span", { class: "clock-realtime", hidden: true },
    el("label", { for: id("minutes") }, "Minutes"),
    el("input", { id: id("minutes"), class: "clock-minutes", type: "number", min: "1", max: "180", value: "10" }),
    el("label", { for: id("increment") }, "+ seconds a move"),
    el("input", { id: id("increment"), class: "clock-increment", type: "number", min: "0", max: "180", value: "5" }));
  const turnBased = el("span", { class: "clock-turn-based", hidden: true },
    el("label", { for: id("days") }, "Days a move"),
    el("input", { id: id("days"), class: "clock-days", type: "number", min: "1", max: "14", value: "3" }));
  const kind = el("select", {
    id: id("kind"), class: "clock-kind-select", name: "clock",
    onchange: () => { realtime.hidden = kind.value !== "real-time"; turnBased.hidden = kind.value !== "turn-based"; },
  },
  el("option", { value: "none" }, "No clock"),
  el("option", { value: "real-time" }, "Real-time"),
  el("option", { value: "turn-based" }, "Turn-based (days a move)"));
  return el("div", { class: "field time-control" },
    el("label", { for: id("kind") }, "Clock (online)"), kind, realtime, turnBased,
    el("label", { class: "rated-check", title: "A rated match's result moves both players' ratings; it needs an account." },
      el("input", { type: "checkbox", class: "rated" }), " Rated"));
}

// What the fields say, as the match API takes it.
export function readTimeControl(form) {
  const value = (cls) => Number(form.querySelector(cls).value);
  const kind = form.querySelector("select.clock-kind-select").value;
  const clock = { kind };
  if (kind === "real-time") Object.assign(clock, { minutes: value("input.clock-minutes"), increment: value("input.clock-increment") });
  if (kind === "turn-based") clock.days = value("input.clock-days");
  return { clock, rated: form.querySelector("input.rated").checked };
}

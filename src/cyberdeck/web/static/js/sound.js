// Optional sound effects, made in the page with the Web Audio API (no sound files, nothing to
// download): off until a person turns them on, at the volume they choose, both kept in this
// browser. A few short tones, one per kind of moment, so a sound says what happened.
import { el } from "./dom.js";

const KEY = "cyberdeck.sound";

// Each kind of moment: its notes as [frequency in Hz, seconds], played one after another.
const TONES = {
  move: [[660, 0.05]],
  other: [[440, 0.07]],
  hit: [[180, 0.09], [120, 0.12]],
  end: [[523, 0.12], [659, 0.12], [784, 0.22]],
};

let audio = null;
let played = 0;

export function soundSettings() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "{}");
    const volume = Number(kept.volume);
    return { on: kept.on === true, volume: Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0.5 };
  } catch {
    return { on: false, volume: 0.5 };
  }
}

function keep(settings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(settings));
  } catch {
    // a browser that keeps nothing stays silent next time
  }
}

// How many sounds this page has played (tests read it; nothing is timed).
export function playedCount() {
  return played;
}

// Plays the tones of one kind of moment when sound is on; whether it played.
export function playSound(kind) {
  const { on, volume } = soundSettings();
  const notes = TONES[kind];
  if (!on || !volume || !notes) return false;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return false;
  audio = audio || new Context();
  let at = audio.currentTime + 0.01;
  for (const [frequency, seconds] of notes) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "triangle";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25 * volume, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + seconds + 0.02);
    at += seconds;
  }
  played += 1;
  return true;
}

// The control: a switch (off by default) and, while on, a volume slider.
export function soundControl() {
  const settings = soundSettings();
  const volume = el("input", {
    type: "range", class: "sound-volume", min: "0", max: "1", step: "0.1", value: String(settings.volume),
    "aria-label": "Sound volume", hidden: !settings.on,
    oninput: (e) => keep({ ...soundSettings(), volume: Number(e.target.value) }),
  });
  const toggle = el("button", {
    type: "button", class: "sound-toggle", "aria-pressed": String(settings.on), title: "Sound effects",
    onclick: () => {
      const on = !soundSettings().on;
      keep({ ...soundSettings(), on });
      toggle.setAttribute("aria-pressed", String(on));
      toggle.lastChild.textContent = on ? " Sound on" : " Sound off";
      volume.hidden = !on;
      if (on) playSound("move");
    },
  }, el("span", { class: "icon icon-sound", "aria-hidden": "true" }), settings.on ? " Sound on" : " Sound off");
  return el("span", { class: "sound" }, toggle, volume);
}

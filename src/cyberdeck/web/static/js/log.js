// The table's passes in a row for one seat, folded into one log line: the page's twin of the
// engine's autoanswer.folded (the same words, tested against it). A CCG turn asks a seat at every
// step, and a line for each pass the player left to the table buries the turn's moves.

const PREFIX = "no stop at ";

const isPass = (e) => e.kind === "auto" && e.data && e.data.action === "pass";

// One line for a run of the table's passes for one seat: how many, and each reason once.
function fold(run, label) {
  const reasons = [...new Set(run.map((e) => String(e.data.reason ?? "")))];
  const why = reasons.every((r) => r.startsWith(PREFIX))
    ? PREFIX + reasons.map((r) => r.slice(PREFIX.length)).join("; ")
    : reasons.join("; ");
  const text = `The table passes for ${label} ${run.length} times (${why}).`;
  const first = run[0];
  return { ...first, text, words: text, data: { ...first.data, folded: run.length } };
}

// events with each run of two or more of the table's passes for one seat folded into one;
// label(seat) is the game's label for the seat, which the log then names like any other line.
export function foldAnswers(events, label) {
  const out = [];
  let run = [];
  const close = () => {
    if (run.length < 2) out.push(...run);
    else out.push(fold(run, label(run[0].data.seat)));
    run = [];
  };
  for (const e of events) {
    if (isPass(e)) {
      if (run.length && run[0].data.seat !== e.data.seat) close();
      run.push(e);
      continue;
    }
    close();
    out.push(e);
  }
  close();
  return out;
}

// Whether a log must be drawn again, not just added to, when these events join it: a pass by
// the table may fold into the line before it.
export const foldsInto = (events) => events.some(isPass);

// The rematch at the end of an online game, and the series score of a chain of rematches above
// the table. The server keeps the offer and tells every page at the table at once (a "rematch"
// message); once every seat for a person has accepted, the players' pages that saw the offer go
// to the new match (a page opened later is shown a link to it).
import { api } from "./api.js";
import { el, fill } from "./dom.js";

// matchId; query: the invite part of an address ("" or "?invite=…"); send(message);
// nameOf(seat); table(): {yours, humans, watch} as the page knows them now.
export function rematchBox({ matchId, query, send, nameOf, table }) {
  const node = el("div", { class: "rematch", role: "status", "aria-live": "polite" });
  const score = el("p", { class: "rematch-score", hidden: true });
  let state = { offer: null, next: null, text: null };
  // This page offered or answered, or saw the offer: the rematch's start takes it there.
  let involved = false;

  const answer = (accept) => {
    involved = send({ type: "rematch", accept }) || involved;
  };
  const names = (seats) => seats.map(nameOf).join(" and ");

  function draw() {
    const { yours, humans, watch } = table();
    if (state.next) {
      const to = `/${watch ? "watch" : "play"}/${encodeURIComponent(state.next)}${watch ? query : ""}`;
      fill(node, el("a", { class: "button primary rematch-next", href: to }, watch ? "Watch the rematch" : "Play the rematch"));
      return;
    }
    const offer = state.offer;
    const text = state.text ? el("p", { class: "rematch-text" }, state.text) : null;
    if (watch || !yours.length) {
      fill(node, offer ? el("p", { class: "rematch-text" }, `${nameOf(offer.by)} offers a rematch.`) : text);
      return;
    }
    const alone = humans.every((seat) => yours.includes(seat));
    let body;
    if (!offer) {
      body = el("button", { type: "button", class: "primary rematch-offer", onclick: () => answer(true) }, alone ? "Rematch" : "Offer a rematch");
    } else if (yours.every((seat) => offer.accepted.includes(seat))) {
      body = [
        el("p", { class: "rematch-text" }, `Rematch offered; waiting for ${names(offer.waiting)}.`),
        el("button", { type: "button", class: "rematch-withdraw", onclick: () => answer(false) }, offer.by === yours[0] ? "Withdraw" : "Decline"),
      ];
    } else {
      body = [
        el("p", { class: "rematch-text" }, `${nameOf(offer.by)} offers a rematch.`),
        el("button", { type: "button", class: "primary rematch-accept", onclick: () => answer(true) }, "Accept"),
        el("button", { type: "button", class: "rematch-decline", onclick: () => answer(false) }, "Decline"),
      ];
    }
    fill(node, offer ? null : text, body);
  }

  // A "rematch" message: the offer as it stands, or the rematch made (the players go there).
  function update(m) {
    involved = involved || Boolean(state.offer);
    state = m;
    draw();
    if (m.next && involved && !table().watch && table().yours.length) {
      window.dispatchEvent(new CustomEvent("navigate", { detail: `/play/${m.next}` }));
    }
  }

  // The series score, once the match is one of a chain (a rematch, or rematched).
  async function refreshScore() {
    let chain;
    try {
      chain = await api(`/api/matches/${encodeURIComponent(matchId)}/rematches${query}`);
    } catch {
      return;
    }
    if (chain.matches.length < 2) return;
    const wins = chain.wins.map((w, i) => `${nameOf(i)} ${w}`).join(" — ");
    const draws = chain.draws ? `, ${chain.draws} drawn` : "";
    score.hidden = false;
    fill(score, el("strong", {}, "Series: "), `${wins} (${chain.finished} of ${chain.matches.length} games played${draws})`);
  }

  return { node, score, update, draw, refreshScore };
}

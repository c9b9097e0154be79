// The account page's e-mail settings: an address (verified by a mailed link before anything
// else is sent to it; only you ever see it), "your turn" mails on or off, and forgetting the
// address. The verification link brings the player back here with ?mail=verified (or stale).
import { api } from "./api.js";
import { el, fill } from "./dom.js";

const RETURNED = {
  verified: "Your e-mail address is verified.",
  stale: "That verification link is too old or no longer for your address; send a new one below.",
};

export function mailPanel() {
  const panel = el("div", { class: "panel mail-settings", "aria-labelledby": "mail-title" });
  const flash = el("p", { class: "flash", role: "alert", hidden: true });
  const say = (text) => { flash.textContent = text; flash.hidden = !text; };
  const returned = new URLSearchParams(location.search).get("mail");

  async function act(path, options) {
    say("");
    try {
      const mine = await api(path, options);
      draw(mine || await api("/api/me/mail"));
      return true;
    } catch (err) {
      say(err.message);
      return false;
    }
  }

  function draw(mine) {
    if (!mine.available) {
      fill(panel, el("h2", { id: "mail-title" }, "E-mail"),
        el("p", { class: "muted" }, "This arcade sends no e-mail (its operator has not set up a mail server)."));
      return;
    }
    const address = el("input", { type: "email", name: "address", class: "mail-address", required: true, maxlength: "254",
      value: mine.address || "", autocomplete: "email" });
    const turns = el("input", { type: "checkbox", class: "mail-turns", checked: mine.turn_mails, disabled: !mine.verified,
      onchange: () => act("/api/me/mail/settings", { method: "PUT", body: { turn_mails: turns.checked } }) });
    fill(panel,
      el("h2", { id: "mail-title" }, "E-mail"),
      el("p", { class: "muted" }, "An address for \u201cyour turn\u201d mails in turn-based games. Only you see it; nothing is mailed to it before you follow the link we send."),
      returned && RETURNED[returned] ? el("p", { class: returned === "verified" ? "ok" : "" }, RETURNED[returned]) : null,
      el("form", { onsubmit: (e) => { e.preventDefault(); act("/api/me/mail", { method: "PUT", body: { address: address.value } }); } },
        el("label", { class: "field" }, "Address", address),
        el("button", { type: "submit", class: "primary mail-save" }, mine.address ? "Change" : "Save and verify")),
      mine.address ? el("p", { class: "mail-state" }, mine.verified
        ? el("span", { class: "ok" }, "Verified.")
        : ["Not verified yet: follow the link in the mail we sent. ",
          el("button", { type: "button", class: "link mail-resend", onclick: () => act("/api/me/mail/verification", { method: "POST" }) }, "Send it again")]) : null,
      mine.address ? el("label", { class: "check" }, turns, " Mail me when it is my turn (one mail a game until I move)") : null,
      mine.address ? el("p", {}, el("button", { type: "button", class: "link mail-forget", onclick: () => act("/api/me/mail", { method: "DELETE" }) }, "Forget my address")) : null,
      flash);
  }

  api("/api/me/mail").then(draw).catch((err) => { fill(panel, flash); say(err.message); });
  return panel;
}

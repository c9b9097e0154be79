// Links to a game's rules page, opening at one section: the page gives every heading an id made
// from its words (rulesAnchor), so a link names the heading as the rules doc writes it.
export function rulesAnchor(heading) {
  return String(heading || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

export function rulesHref(gameId, section = "") {
  const anchor = rulesAnchor(section);
  return `/rules/${encodeURIComponent(gameId)}${anchor ? `#${anchor}` : ""}`;
}

// Ids on the rules page's headings, then a scroll to the one the address names.
export function anchorHeadings(body) {
  for (const heading of body.querySelectorAll("h1, h2, h3, h4")) {
    if (!heading.id) heading.id = rulesAnchor(heading.textContent);
  }
  const wanted = decodeURIComponent(location.hash.slice(1));
  const target = wanted ? body.querySelector(`[id="${CSS.escape(wanted)}"]`) : null;
  if (target) {
    target.classList.add("rules-here");
    setTimeout(() => target.scrollIntoView({ block: "start" }), 0);
  }
}

// A tiny DOM builder: el("button", {class: "move", onclick: go}, "Place on ", cardEl).
// attrs: "class", "text", "html" is not offered (no raw HTML from data); "on*" take functions;
// "dataset" an object; true/false for boolean attributes; null/undefined are skipped.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replace everything inside node with children.
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

// An icon of the arcade's set (icons/, css/icons.css: game-icons.net, credited on the About
// page), drawn in the text's colour. Decorative unless given a label: the words beside it say
// the same, so an icon is never the only sign.
export function icon(key, label = "") {
  return el("span", { class: ["icon", `icon-${key}`], role: label ? "img" : null, "aria-label": label || null, "aria-hidden": label ? null : "true" });
}

// The HTTP API: JSON in and out; a failed call throws an Error whose message is the server's
// sentence for people.
export async function api(path, { method = "GET", body = undefined } = {}) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && data.detail;
    const message = typeof detail === "string" ? detail
      : Array.isArray(detail) ? detail.map((d) => d.msg).join(" ")
      : `The server answered ${response.status}.`;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}

let meCache = undefined;

// The signed-in user ({id, name, kind}) or null.
export async function me({ fresh = false } = {}) {
  if (meCache !== undefined && !fresh) return meCache;
  // Asked on every page: /api/auth/whoami answers null for a visitor, not a 401 (a console error).
  try {
    meCache = await api("/api/auth/whoami");
  } catch {
    meCache = null;
  }
  return meCache;
}

export function forgetMe() {
  meCache = undefined;
}

// The user, made a guest first when nobody is signed in (playing needs a session).
export async function ensureSession() {
  const user = await me();
  if (user) return user;
  meCache = await api("/api/auth/guest", { method: "POST" });
  window.dispatchEvent(new CustomEvent("session-changed"));
  return meCache;
}

let gamesCache = null;

// Every game the server knows (GET /api/games), by id.
export async function gamesById() {
  if (!gamesCache) {
    const list = await api("/api/games");
    gamesCache = Object.fromEntries(list.map((g) => [g.id, g]));
  }
  return gamesCache;
}

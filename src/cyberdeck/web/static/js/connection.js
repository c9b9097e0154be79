// The websocket of one match, with the seq/id protocol of docs/websocket.md: every move carries the
// sequence number it was chosen at and a fresh message id; a dropped connection comes back by
// itself, reads the welcome (a full resync), and re-sends an unacknowledged move with the same id
// (the server plays it at most once).
let counter = 0;

function freshId(prefix) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export class MatchConnection {
  // options: {watch, invite, seat}; handlers: onMessage(message), onStatus("connecting"|"open"|"closed"|"gone")
  constructor(matchId, options, handlers) {
    this.matchId = matchId;
    this.options = options || {};
    this.handlers = handlers;
    this.socket = null;
    this.seq = 0;
    this.pending = null; // {type, id, seq, action?}: sent, not yet acknowledged
    this.lookWaiters = [];
    this.stopped = false;
    this.retries = 0;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const params = new URLSearchParams();
    if (this.options.watch) params.set("watch", "true");
    if (this.options.invite) params.set("invite", this.options.invite);
    if (this.options.seat !== undefined && this.options.seat !== null) params.set("seat", String(this.options.seat));
    const query = params.toString();
    return `${scheme}//${location.host}/ws/matches/${encodeURIComponent(this.matchId)}${query ? "?" + query : ""}`;
  }

  open() {
    if (this.stopped) return;
    this.handlers.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retries = 0;
      this.handlers.onStatus("open");
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 4403/4401/4404: refused for good (not your seat, signed out, no such match).
      if (this.stopped || [4401, 4403, 4404].includes(event.code)) {
        this.handlers.onStatus("gone");
        return;
      }
      this.handlers.onStatus("closed");
      this.retries += 1;
      // Jittered, so that the players of a restarted (or taken over) server's matches do not
      // all come back in the same instant.
      const wait = Math.min(5000, 250 * 2 ** Math.min(this.retries, 5)) * (0.5 + Math.random());
      setTimeout(() => this.open(), wait);
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message.seq === "number" && (message.type === "welcome" || message.type === "update")) {
      this.seq = message.seq;
    }
    if (message.type === "welcome" && this.pending) {
      // Back after a drop: the move was either committed (a re-send is answered "duplicate")
      // or not (it is played now), if the game has not moved on without it.
      if (this.pending.seq === this.seq) this.socket.send(JSON.stringify(this.pending));
      else this.pending = null;
    }
    // The update that carries our move's id as its ack: the move is committed.
    if (message.type === "update" && this.pending && message.ack === this.pending.id) this.pending = null;
    if (message.type === "error" && this.pending && message.id === this.pending.id) this.pending = null;
    if (message.type === "look") {
      const waiter = this.lookWaiters.shift();
      if (waiter) waiter(message.text);
    }
    this.handlers.onMessage(message);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  // A move at the current sequence number; false when one is already on its way.
  move(action) {
    if (this.pending) return false;
    this.pending = { type: "move", id: freshId("m"), seq: this.seq, action };
    this.send(this.pending);
    this.insist();
    return true;
  }

  // A move the server has not answered after a while (dropped by its rate limit, whose notice
  // cannot name the message) goes again with the same id: the server plays an id at most once.
  insist() {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      if (!this.pending) return;
      this.send(this.pending);
      this.insist();
    }, 2000);
  }

  undo() {
    if (this.pending) return false;
    this.pending = { type: "undo", id: freshId("u"), seq: this.seq };
    this.send(this.pending);
    this.insist();
    return true;
  }

  // The table's proposal (a payment from several sources), taken as one step; the server works
  // its moves out again, so the page only says yes.
  accept() {
    if (this.pending) return false;
    this.pending = { type: "accept", id: freshId("a"), seq: this.seq };
    this.send(this.pending);
    this.insist();
    return true;
  }

  // A gesture the table offers (several of this seat's moves as one click): the page sends its
  // moves as listed, and the server plays it only if it still offers exactly those.
  gesture(actions) {
    if (this.pending) return false;
    this.pending = { type: "gesture", id: freshId("g"), seq: this.seq, actions };
    this.send(this.pending);
    this.insist();
    return true;
  }

  look(target) {
    return new Promise((resolve) => {
      if (!this.send({ type: "look", target })) {
        resolve(null);
        return;
      }
      this.lookWaiters.push(resolve);
    });
  }

  resign() {
    this.send({ type: "resign", id: freshId("r") });
  }

  claim() {
    this.send({ type: "claim", id: freshId("c") });
  }

  close() {
    this.stopped = true;
    if (this.socket) this.socket.close();
  }
}

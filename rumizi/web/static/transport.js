// The table's line to the server: one WebSocket per open table, reopened with backoff when it
// drops (at once when the tab comes back or the network returns), the one action in flight
// and its acknowledgement, and the log put back together from the pieces the server sends.
// The drawing code (pages/table.js) never touches the socket: it receives whole states, asks
// whether it may act, and hands over actions.
//
// The protocol (rumizi/server/ws.py and hub.py):
//   → {"type": "act", "client_id", "version", "action"}   an action, at the version it saw
//   → {"type": "concede", "client_id"}
//   → {"type": "undo", "client_id", "version"}   take back one's last step (../undo.js)
//   ← {"type": "state", "version", "status", "log", "log_start"?, …}   every new position
//   ← {"type": "ack", "client_id", "version"}   the action is stored; its state has that version
//   ← {"type": "error", "code", "message", "client_id"?}
//   → {"type": "chat", "client_id": "chat-…", "text" | "phrase"}   and its answers,
//   ← {"type": "chat", …} and {"type": "chat-history", …}, go to on.chat (../chat.js)

let counter = 0;

/** A fresh id for one message, unique on this page and unlikely to repeat across tabs. */
export function clientId() {
  counter += 1;
  const random = globalThis.crypto && crypto.randomUUID ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
  return `c-${Date.now().toString(36)}-${counter}-${random}`;
}

// With no answer to an action, the controls come back after this long.
const BUSY_TIMEOUT_MS = 8000;
// Reconnect after 0.5 s, 1 s, 2 s, … up to 10 s, each ±20 % so many tabs do not knock at once.
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 10000;

/** The whole log so far, given what we had and a piece of it (`log` from line `log_start`). */
export function joinLog(known, msg) {
  // Without log_start, `log` is the whole log; a new connection starts again at line 0.
  const start = typeof msg.log_start === "number" ? msg.log_start : 0;
  const piece = Array.isArray(msg.log) ? msg.log : [];
  if (start > known.length) console.warn(`log gap: have ${known.length} lines, got lines from ${start}`);
  return known.slice(0, Math.min(start, known.length)).concat(piece);
}

/**
 * Open table `id`'s socket. `on` receives what the page draws:
 *   on.state(msg)  a newer state, its `log` the whole log so far, and `origin`: "sync" (the
 *                  first state of a connection), "own" (the state of this page's own action),
 *                  "other" (someone else's move) or "presence" (only the seats' dots changed);
 *   on.error(msg)  an error the server sent ({code, message}) — for the page to show;
 *   on.change()    the connection or `busy` changed (redraw the connection banner, controls);
 *   on.gone(msg)   the table no longer exists (`reason` "cancelled": its creator called it off
 *                  while it waited; "unknown": the server has no such table): the line closes
 *                  itself.
 * Returns the table's line: `act(action)` and `concede()` (false when they could not be sent),
 * `ready` (open, and this connection's first state is in: what the page shows is current),
 * `busy` (an action is on its way), `connection` ("connecting", "open" or "reconnecting") and
 * `close()`.
 */
export function connectTable(id, on) {
  let socket = null;
  let closed = false;
  let attempt = 0;
  let retryTimer = null;
  let connection = "connecting";
  let latest = null; // {version, status} of the last state taken
  let shown = null; // the last state handed to the page (a presence message updates its seats)
  let synced = false; // this socket has delivered its first state: actions may go
  let log = [];
  let pendingId = null; // the client_id of the action in flight
  let ownVersion = -1; // the version our last acknowledged action made
  let busyTimer = null;

  const isOpen = () => Boolean(socket && socket.readyState === WebSocket.OPEN);
  const isReady = () => synced && isOpen();

  function setPending(cid) {
    pendingId = cid;
    clearTimeout(busyTimer);
    // Never leave the controls dead: if no answer comes, give them back after a while.
    if (cid) {
      busyTimer = setTimeout(() => {
        pendingId = null;
        on.change();
      }, BUSY_TIMEOUT_MS);
    }
  }

  function send(message) {
    if (!isOpen()) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Send an action at the version last seen; one at a time. */
  function act(action) {
    if (pendingId || !isReady()) return false;
    const cid = clientId();
    if (!send({ type: "act", client_id: cid, version: latest.version, action })) return false;
    setPending(cid);
    on.change();
    return true;
  }

  function concede() {
    const cid = clientId();
    if (!send({ type: "concede", client_id: cid })) return false;
    setPending(cid);
    on.change();
    return true;
  }

  /** Ask to take back the last step, at the version last seen. */
  function undo() {
    if (pendingId || !isReady()) return false;
    const cid = clientId();
    if (!send({ type: "undo", client_id: cid, version: latest.version })) return false;
    setPending(cid);
    on.change();
    return true;
  }

  function onMessage(event) {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (msg.type === "state") {
      // An older position of the same phase arrived late: the newer one already showed.
      if (latest && typeof msg.version === "number" && msg.version < latest.version && latest.status === msg.status) return;
      log = joinLog(log, msg);
      latest = { version: msg.version, status: msg.status };
      // The ack comes before its state on the same socket: a state at the acknowledged
      // version (or one that arrives while our action is in flight) is our own move.
      const origin = !synced ? "sync" : msg.version === ownVersion || pendingId ? "own" : "other";
      synced = true;
      setPending(null);
      shown = { ...msg, log, origin };
      on.state(shown);
    } else if (msg.type === "presence") {
      // Someone arrived or left: only the seats' "connected" changes.
      if (!shown || !Array.isArray(msg.connected)) return;
      const seats = shown.seats.map((s) => ({ ...s, connected: msg.connected.includes(s.seat) }));
      shown = { ...shown, seats, origin: "presence" };
      on.state(shown);
    } else if (msg.type === "ack") {
      if (!pendingId || msg.client_id !== pendingId) return;
      if (typeof msg.version === "number") ownVersion = msg.version;
      // Stored; its state may already be here (then we are free), or is on its way (then the
      // state frees us when it comes).
      if (latest && typeof msg.version === "number" && latest.version >= msg.version) {
        setPending(null);
        on.change();
      }
    } else if (msg.type === "gone") {
      closed = true;
      if (socket) socket.close(1000);
      if (on.gone) on.gone(msg);
    } else if (msg.type === "chat" || msg.type === "chat-history") {
      if (on.chat) on.chat(msg);
    } else if (msg.type === "error" && on.chat && String(msg.client_id || "").startsWith("chat-")) {
      on.chat(msg); // a chat line refused: the chat panel says why; no move was in flight
    } else if (msg.type === "error") {
      on.error(msg);
      if (!msg.client_id || msg.client_id === pendingId) {
        setPending(null);
        on.change();
      }
    }
  }

  function connect() {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(id)}`);
    socket = ws;
    synced = false;
    // A socket replaced by a newer one, or of a closed line, says nothing more.
    ws.addEventListener("open", () => {
      if (socket !== ws) return;
      attempt = 0;
      connection = "open";
      on.change();
    });
    ws.addEventListener("message", (event) => {
      if (socket === ws && !closed) onMessage(event);
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws || closed) return;
      if (event.code === 4404) {
        // No such table (any more): reconnecting would only be told so again.
        closed = true;
        if (on.gone) on.gone({ type: "gone", table: id, reason: "unknown" });
        return;
      }
      connection = "reconnecting";
      setPending(null);
      on.change();
      scheduleReconnect();
    });
  }

  function scheduleReconnect(now = false) {
    clearTimeout(retryTimer);
    const delay = now ? 0 : Math.min(RETRY_MOST_MS, RETRY_FIRST_MS * 2 ** attempt) * (0.8 + Math.random() * 0.4);
    attempt = Math.min(attempt + 1, 6);
    retryTimer = setTimeout(connect, delay);
  }

  const wakeUp = () => {
    if (!closed && connection === "reconnecting" && document.visibilityState === "visible") scheduleReconnect(true);
  };
  window.addEventListener("online", wakeUp);
  document.addEventListener("visibilitychange", wakeUp);
  connect();

  /** A chat line (`{text}` or `{phrase}`); its client id, or null when offline. */
  function chat(body) {
    const cid = `chat-${clientId()}`;
    return send({ type: "chat", client_id: cid, ...body }) ? cid : null;
  }

  return {
    act,
    concede,
    chat,
    undo,
    get ready() {
      return isReady();
    },
    get busy() {
      return pendingId !== null;
    },
    get connection() {
      return connection;
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(busyTimer);
      window.removeEventListener("online", wakeUp);
      document.removeEventListener("visibilitychange", wakeUp);
      if (socket) socket.close(1000);
    },
  };
}

// The chat at the table (rumizi/server/chat.py), and the same lines in a replay.
//
// Everything a person wrote is put in the page as text (text nodes through dom.js's h, never
// innerHTML), each line in its own bidi-isolated <bdi dir="auto">, so a Latin line in a Persian
// page (or the other way round) keeps its order and cannot turn the line around. Quick phrases
// arrive as ids and are written in the reader's language. Muting is the reader's own: the
// authors muted at a table are kept in localStorage, their lines replaced by a short note.
// On a phone the panel folds into a round button with the count of unread lines.

import { t, num, personName } from "./i18n.js";
import { h, styleSheet, svgIcon } from "./dom.js";
import { currentUser, showError } from "./api.js";
import { reportDialog } from "./report.js";

export const PHRASES = ["hello", "good-luck", "thinking", "oops", "well-played", "good-game", "thanks"];
const MAX_CHARS = 200; // the server's limit (rumizi.server.chat.MAX_CHARS), counted the same way
const COMPACT = "(max-width: 37.5em)"; // em, as the stylesheets' own
// Icons drawn here (an emoji may have no font on the reader's system): a speech bubble, and a
// speaker struck through.
const BUBBLE = [["path", { d: "M4 4h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H10l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z" }]];
// A small flag: report the line to the moderators (report.js).
const FLAG = [
  ["path", { d: "M5 21V4m0 0h11l-2 4 2 4H5", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linejoin": "round", "stroke-linecap": "round" }],
];

const MUTE = [
  ["path", { d: "M3 9h4l5-4v14l-5-4H3z" }],
  ["path", { d: "M15.5 9.5l5 5m0-5l-5 5", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }],
];

/** The panel's own style sheet, linked once (kept out of app.css, which many pieces edit);
 * settles once loaded. */
export function chatStyles() {
  return styleSheet("chat-css", "/static/chat.css");
}

/** Characters as the server counts them: code points after NFC. */
export function chatLength(text) {
  return [...text.normalize("NFC")].length;
}

/** hh:mm of a message, in the page's digits. */
function clockTime(ms) {
  const d = new Date(ms);
  const two = (n) => String(n).padStart(2, "0");
  return num(`${two(d.getHours())}:${two(d.getMinutes())}`);
}

function mutedKey(tableId) {
  return `rumizi.chat.muted.${tableId}`;
}

function loadMuted(tableId) {
  try {
    const found = JSON.parse(localStorage.getItem(mutedKey(tableId)) || "[]");
    return new Set(Array.isArray(found) ? found.map(String) : []);
  } catch {
    return new Set();
  }
}

function saveMuted(tableId, muted) {
  try {
    localStorage.setItem(mutedKey(tableId), JSON.stringify([...muted]));
  } catch {
    // private mode or a full storage: the mute holds for this page only
  }
}

function errorText(code) {
  const known = t(`api.${code}`);
  return known !== `api.${code}` ? known : t("error.generic");
}

/**
 * One chat line: the author, the words, the time. `mine` styles the reader's own; `onMute`
 * (absent for one's own lines and in a replay) adds the mute button, `onReport` the report one.
 */
export function chatLine(msg, { mine = false, onMute = null, onReport = null, fresh = false } = {}) {
  const words = msg.phrase ? t(`chat.phrase.${msg.phrase}`) : msg.text || "";
  const name = personName(msg.name) || "?"; // a guest in the reader's words («مهمان ۵۶»)
  const watcher = msg.channel === "spectators";
  return h(
    "li",
    {
      class: ["chat-line", mine && "chat-mine", watcher && "chat-watcher", msg.phrase && "chat-phrase", fresh && "chat-fresh"],
      dataset: { testid: "chat-line", from: msg.from || "", channel: msg.channel || "", version: String(msg.version ?? "") },
    },
    h("span", { class: "chat-who" }, h("bdi", { class: "chat-name", dir: "auto" }, name), watcher ? h("span", { class: "tag chat-tag" }, t("chat.watcher")) : null),
    h("bdi", { class: "chat-text", dir: "auto", dataset: { testid: "chat-text" } }, words),
    h(
      "span",
      { class: "chat-meta" },
      h("time", { class: "chat-time", datetime: new Date(msg.at || 0).toISOString() }, clockTime(msg.at || 0)),
      onMute
        ? h(
            "button",
            { type: "button", class: "chat-mute", dataset: { testid: "chat-mute" }, title: t("chat.mute", { name: `\u2068${name}\u2069` }), "aria-label": t("chat.mute", { name: `\u2068${name}\u2069` }), onclick: onMute },
            svgIcon(MUTE, "chat-icon"),
          )
        : null,
      onReport
        ? h(
            "button",
            { type: "button", class: "chat-mute chat-report", dataset: { testid: "chat-report" }, title: t("chat.report"), "aria-label": t("chat.report"), onclick: onReport },
            svgIcon(FLAG, "chat-icon"),
          )
        : null,
    ),
  );
}

/**
 * The table's chat panel. `send(body)` hands `{text}` or `{phrase}` to the table's line and
 * returns its client id (null when offline). Returns {el, receive(msg), setSeat(seat), close()}.
 */
export function mountChat({ tableId, send }) {
  chatStyles();
  const muted = loadMuted(tableId);
  const messages = new Map(); // id -> message, in the order they came
  const sent = new Set(); // client ids sent from this page
  let channel = null; // the channel this reader writes into ("players" or "spectators")
  let canWrite = true;
  let seat = null;
  let unread = 0;
  let open = !window.matchMedia(COMPACT).matches;

  const list = h("ol", { class: "chat-list", dataset: { testid: "chat-list" }, "aria-live": "polite", "aria-label": t("chat.title"), tabindex: "0" });
  const empty = h("p", { class: "muted chat-empty", dataset: { testid: "chat-empty" } }, t("chat.empty"));
  const status = h("p", { class: "chat-status", role: "status", dataset: { testid: "chat-status" } });
  const input = h("input", {
    type: "text",
    class: "chat-input",
    dir: "auto",
    autocomplete: "off",
    maxlength: String(MAX_CHARS * 2), // code units; the real limit is counted below as the server does
    placeholder: t("chat.placeholder"),
    "aria-label": t("chat.placeholder"),
    dataset: { testid: "chat-input" },
  });
  const count = h("span", { class: "chat-count", "aria-hidden": "true" });
  const submit = h("button", { type: "submit", class: "btn btn-primary chat-send", dataset: { testid: "chat-send" } }, t("chat.send"));
  const form = h("form", { class: "chat-form" }, input, count, submit);
  const phrases = h(
    "div",
    { class: "chat-phrases", role: "group", "aria-label": t("chat.phrases") },
    ...PHRASES.map((id) =>
      h("button", { type: "button", class: "chat-chip", dataset: { testid: "chat-phrase", phrase: id }, onclick: () => say({ phrase: id }) }, t(`chat.phrase.${id}`)),
    ),
  );
  const readOnly = h("p", { class: "hint chat-readonly", dataset: { testid: "chat-readonly" }, hidden: true }, t("chat.readOnly"));
  const apart = h("p", { class: "hint chat-apart", hidden: true }, t("chat.apart"));
  const badge = h("span", { class: "chat-unread", dataset: { testid: "chat-unread" }, hidden: true });
  const toggle = h(
    "button",
    { type: "button", class: "chat-toggle", dataset: { testid: "chat-toggle" }, "aria-expanded": String(open), title: t("chat.title") },
    svgIcon(BUBBLE, "chat-icon chat-toggle-icon"),
    h("span", { class: "chat-toggle-label" }, t("chat.title")),
    badge,
  );
  const body = h("div", { class: "chat-body" }, h("h2", { class: "panel-title chat-title" }, t("chat.title")), apart, empty, list, status, phrases, form, readOnly);
  const el = h("section", { class: ["chat-panel", open && "chat-open"], dataset: { testid: "chat" }, "aria-label": t("chat.title") }, toggle, body);

  function setOpen(value) {
    open = value;
    el.classList.toggle("chat-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      list.scrollTop = list.scrollHeight;
    }
    renderBadge();
  }
  toggle.addEventListener("click", () => setOpen(!open));
  // A screen turned phone-sized closes the sheet (it would cover the board); a wide one
  // shows the panel again.
  const compactQuery = window.matchMedia(COMPACT);
  const onResize = (event) => setOpen(!event.matches);
  compactQuery.addEventListener("change", onResize);

  function renderBadge() {
    badge.hidden = unread === 0;
    badge.textContent = num(unread);
    badge.setAttribute("aria-label", t("chat.unread", { n: unread }));
  }

  function myKey() {
    if (seat !== null && seat !== undefined) return `seat-${seat}`;
    const user = currentUser();
    return user && user.id !== undefined ? `user-${user.id}` : null;
  }

  const isMine = (msg) => sent.has(msg.client_id) || (myKey() !== null && msg.from === myKey());

  function mute(from, value) {
    if (value) muted.add(from);
    else muted.delete(from);
    saveMuted(tableId, muted);
    render();
  }

  function render() {
    const nearEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    const lines = [];
    for (const msg of messages.values()) {
      if (!isMine(msg) && muted.has(msg.from)) {
        lines.push(
          h(
            "li",
            { class: "chat-line chat-muted", dataset: { testid: "chat-muted", from: msg.from } },
            h("span", { class: "muted" }, t("chat.mutedLine", { name: `\u2068${personName(msg.name) || "?"}\u2069` })),
            h("button", { type: "button", class: "chat-unmute", dataset: { testid: "chat-unmute" }, onclick: () => mute(msg.from, false) }, t("chat.unmute")),
          ),
        );
        continue;
      }
      const mine = isMine(msg);
      // A line may be reported by anyone signed in who did not write it (its id: the stored line).
      const reportable = !mine && currentUser() && typeof msg.id === "number";
      const onReport = reportable ? () => reportDialog({ kind: "chat", table: tableId, line: msg.id, player: msg.name, quoted: msg.phrase ? t(`chat.phrase.${msg.phrase}`) : msg.text }).catch(showError) : null;
      lines.push(chatLine(msg, { mine, onMute: mine ? null : () => mute(msg.from, true), onReport }));
    }
    list.replaceChildren(...lines);
    empty.hidden = lines.length > 0;
    if (nearEnd || !open) list.scrollTop = list.scrollHeight;
  }

  function renderControls() {
    readOnly.hidden = canWrite;
    form.hidden = phrases.hidden = !canWrite;
    apart.hidden = channel !== "spectators";
    const n = chatLength(input.value.trim());
    count.textContent = n > MAX_CHARS - 50 ? num(`${n}/${MAX_CHARS}`) : "";
    count.classList.toggle("chat-count-over", n > MAX_CHARS);
  }
  input.addEventListener("input", () => {
    status.textContent = "";
    renderControls();
  });

  function say(bodyOut) {
    status.textContent = "";
    const cid = send(bodyOut);
    if (!cid) {
      status.textContent = t("table.reconnecting");
      return false;
    }
    sent.add(cid);
    return true;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (chatLength(text) > MAX_CHARS) {
      status.textContent = errorText("chat-too-long");
      return;
    }
    if (say({ text })) input.value = "";
    renderControls();
  });

  function receive(msg) {
    if (msg.type === "chat-history") {
      messages.clear(); // a reconnection sends the whole chat again
      for (const m of msg.messages || []) messages.set(m.id, m);
      channel = msg.channel || null;
      canWrite = msg.can_write !== false;
      render();
      renderControls();
    } else if (msg.type === "chat") {
      if (messages.has(msg.id)) return;
      messages.set(msg.id, msg);
      if (!isMine(msg) && !muted.has(msg.from) && !open) {
        unread += 1;
        renderBadge();
      }
      render();
    } else if (msg.type === "error") {
      status.textContent = errorText(msg.code);
      if (msg.message) console.info(`server: ${msg.code}: ${msg.message}`);
    }
  }

  // On a phone the moves are a sheet fixed to the bottom of the screen: the chat's button
  // floats just above it, whatever its height.
  let lifted = null;
  function watchLift() {
    const sheet = lifted ? null : el.closest(".table-page")?.querySelector(".moves-panel");
    if (!sheet || typeof ResizeObserver === "undefined") return;
    lifted = new ResizeObserver(() => {
      const compact = window.matchMedia(COMPACT).matches;
      const high = compact && !sheet.hidden && getComputedStyle(sheet).position === "fixed" ? sheet.getBoundingClientRect().height : 0;
      el.style.setProperty("--chat-lift", `${Math.round(high)}px`);
    });
    lifted.observe(sheet);
  }

  renderControls();
  renderBadge();
  return {
    el,
    toggle, // the table puts it in its head: on a phone, the chat opens from there
    receive,
    setSeat(value) {
      watchLift();
      if (value === seat) return;
      seat = value;
      if (seat !== null && seat !== undefined && channel === "spectators") {
        // A spectator who took a seat: from now on a player, who reads the players alone.
        channel = "players";
        for (const [key, m] of messages) if (m.channel === "spectators") messages.delete(key);
        renderControls();
      }
      render();
    },
    close() {
      compactQuery.removeEventListener("change", onResize);
      if (lifted) lifted.disconnect();
    },
  };
}

/** A replay's chat: every line said up to the frame shown. Returns {el, show(version)}. */
export function replayChat(messages) {
  chatStyles();
  const list = h("ol", { class: "chat-list", dataset: { testid: "replay-chat" }, "aria-label": t("chat.title") });
  const empty = h("p", { class: "muted chat-empty" }, t("chat.replayEmpty"));
  const el = h(
    "details",
    { class: "chat-panel chat-replay chat-open", open: true, dataset: { testid: "replay-chat-panel" } },
    h("summary", {}, t("chat.title")),
    h("div", { class: "chat-body" }, empty, list),
  );
  function show(version) {
    const said = (messages || []).filter((m) => m.version <= version);
    list.replaceChildren(...said.map((m) => chatLine(m, { fresh: m.version === version })));
    empty.hidden = said.length > 0;
    empty.textContent = (messages || []).length ? t("chat.replayLater") : t("chat.replayEmpty");
    list.scrollTop = list.scrollHeight;
  }
  return { el, show };
}

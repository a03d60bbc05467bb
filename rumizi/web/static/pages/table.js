// The table: joins with ?invite=CODE, then draws every state the table's line (../transport.js)
// hands it — seats, clocks, board, legal moves, log, result — and gives it the actions the
// player picks. The socket, reconnecting, acknowledgements and the log's pieces live there.

import { t, num, lang, seatNames, ratingText, signed } from "../i18n.js";
import { h, link, toast, confirmDialog } from "../dom.js";
import { api, ensureUser, getGame, getCards, showError } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { renderMoves, installMoveKeys, typing } from "../moves.js";
import { movesDrawer, tableStyles } from "../drawer.js";
import { connectTable } from "../transport.js";
import { mountChat, chatStyles } from "../chat.js";
import { createPacer } from "../pacing.js";
import { inviteBox } from "./new-table.js";
import { installGuide } from "../guide.js";
import { turnAlerts } from "../alerts.js";
import { undoControl, markUndone } from "../undo.js";
import { installBoardKeys } from "../boardkeys.js";

/** Milliseconds as m:ss (h:mm:ss past an hour; "N d h:mm" past a day), in the page's digits. */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n) => String(n).padStart(2, "0");
  let text;
  if (days > 0) text = `${t("table.days", { n: days })} ${hours}:${two(minutes)}`;
  else if (hours > 0) text = `${hours}:${two(minutes)}:${two(seconds)}`;
  else text = `${minutes}:${two(seconds)}`;
  return num(text);
}

/** What a clock shows for `seat` now, counting down the running one locally. */
function clockLeft(clock, seat, receivedAt) {
  const left = clock.remaining_ms && clock.remaining_ms[seat];
  if (typeof left !== "number") return null;
  if (clock.running !== seat) return left;
  // Count from the server's `at` when the two clocks agree (within 5 s); otherwise from
  // when the message arrived, so a wrong computer clock cannot eat the time.
  const at = typeof clock.at === "number" ? clock.at : receivedAt;
  const start = Math.abs(receivedAt - at) < 5000 ? at : receivedAt;
  return left - (Date.now() - start);
}

function errorText(msg) {
  const known = t(`api.${msg.code}`);
  return known !== `api.${msg.code}` ? known : t("error.generic");
}

// ------------------------------------------------------------------ the table's state
// One small object shared by the page's parts below (instead of one long closure):
//   id, code, ctx     the table, the page's language, the router's context;
//   info              the table's answer (GET /api/tables/{id}), refreshed when seated;
//   game, cards, renderer, levelLabel   the game's catalogue entry, card data, renderer,
//                     and bot level → its label;
//   last, receivedAt  the latest state drawn (its `log` the whole log so far) and when;
//   line              the table's line to the server (../transport.js), once opened;
//   closed            the page was left;
//   mapped, drawn     the moves the renderer put on the board, and whether it drew it;
//   ratingChanges     the rating changes, asked once the game is over;
//   el                the page's elements (see layout).

const busy = (table) => Boolean(table.line && table.line.busy);
const offline = (table) => !table.line || !table.line.ready;
const seated = (msg) => Boolean(msg) && msg.seat !== null && msg.seat !== undefined;
const canAct = (table) => !busy(table) && !offline(table) && table.pacer.idle && table.last && (table.last.legal || []).length > 0;

/** Play `action` if the table may act now (false when not sent). */
function act(table, action) {
  // Others' moves still being shown: show the board as it is now instead of acting on an old one.
  if (table.pacer.flush()) return false;
  return canAct(table) ? table.line.act(action) : false;
}

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const code = lang();
  const info = await joinedTable(id, ctx);
  if (!info) return;
  // The table's stylesheets too: a table drawn before them shows unstyled for a moment.
  const [game, cards, renderer] = await Promise.all([
    getGame(info.game, code).catch(() => ({ id: info.game, name: info.game, levels: [] })),
    getCards(info.game, code).catch(() => new Map()),
    loadRenderer(info.game),
    tableStyles(),
    chatStyles(),
  ]);
  if (!ctx.alive()) return;
  ctx.setTitle(`${game.name} · ${t("table.title", { id })}`);
  const table = {
    id,
    code,
    ctx,
    info,
    game,
    cards,
    renderer,
    levelLabel: new Map((game.levels || []).map((l) => [l.value, l.label])),
    last: null,
    receivedAt: 0,
    line: null,
    closed: false,
    mapped: null,
    drawn: false,
    ratingChanges: null,
  };
  table.alerts = turnAlerts({ game: game.name, table: id }); // title mark, icon dot, notification
  table.el = layout(table);
  main.append(table.el.page);
  // The first-game guide (../guide.js): on with ?guide=1, kept per table afterwards.
  table.guide = installGuide({ page: table.el.page, table: id, game: info.game, start: ctx.query.get("guide") === "1" });
  // Others' moves one step at a time (../pacing.js); the line hands it every state.
  table.pacer = createPacer({ board: table.el.board, host: table.el.page, logList: table.el.logList, draw: (msg) => drawState(table, msg) });
  table.el.movesPanel.after(table.pacer.control);
  table.el.concede.addEventListener("click", () => concede(table));
  installBoardKeys(table.el.board);
  return connect(table);
}

/** The table's answer, after taking a seat with ?invite=CODE (as a guest when not signed in);
 * null when the page was left meanwhile. */
async function joinedTable(id, ctx) {
  let info = await api(`/api/tables/${encodeURIComponent(id)}`);
  if (!ctx.alive()) return null;
  const invite = ctx.query.get("invite");
  if (invite) {
    if (info.you === null || info.you === undefined) {
      try {
        await ensureUser();
        const joined = await api(`/api/tables/${encodeURIComponent(id)}/join`, { body: { invite } });
        toast(t("table.joined", { n: (joined.seat ?? 0) + 1 }));
        info = await api(`/api/tables/${encodeURIComponent(id)}`);
      } catch (err) {
        toast(t("table.joinFailed", { msg: err.message || "" }), "error");
      }
      if (!ctx.alive()) return null;
    }
    history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
  }
  return info;
}

// ------------------------------------------------------------------ the page's parts
/** The page's elements, laid out; the moves drawer, the undo button and the chat with them. */
function layout(table) {
  const { id, info, renderer, game } = table;
  const status = h("p", { class: "turn-status", dataset: { testid: "turn-status" }, "aria-live": "polite" }, t("table.connecting"));
  const connection = h("div", { class: "connection", "aria-live": "assertive" });
  const inviteSlot = h("div", { class: "invite-slot" });
  const resultSlot = h("div", { class: "result-slot" });
  const seatsBox = h("ul", { class: "seats", dataset: { testid: "seats" }, "aria-label": t("table.seats") });
  const board = h("div", { class: ["board", renderer ? `board-${info.game}` : "board-generic"], dataset: { testid: "board" } });
  const movesBox = h("div", { class: "moves-box" });
  const movesPanel = h("section", { class: "moves-panel", dataset: { testid: "moves" } }, h("h2", { class: "panel-title" }, t("table.moves")), movesBox);
  const drawer = movesDrawer(movesPanel);
  const logList = h("ol", { class: "log", dataset: { testid: "log" }, tabindex: "0", "aria-label": t("table.log") });
  const concede = h("button", { type: "button", class: "btn btn-danger-ghost", dataset: { testid: "concede" }, hidden: true }, t("table.concede"));
  // The position in words (the renderer's summary), shown and read out: the button or the key S.
  const summaryText = h("p", { class: "table-summary", role: "status", dataset: { testid: "summary-text" }, hidden: true });
  const summary = h("button", { type: "button", class: "btn btn-ghost btn-small", "aria-keyshortcuts": "S", dataset: { testid: "summary" }, hidden: !renderer || !renderer.summary, onclick: () => sayPosition(table) }, t("table.summary"));
  // Each new line of the log, read out once (the log itself is not a live region: it is
  // rewritten whole on a reload, and a screen reader would read it all again).
  const announcer = h("p", { class: "sr-only", "aria-live": "polite", dataset: { testid: "announcer" } });
  const undo = undoControl({ send: () => table.line && table.line.undo(), state: () => table.last, busy: () => busy(table) || offline(table) });
  const spectating = h("p", { class: "hint spectating", dataset: { testid: "spectating" }, hidden: true }, t("table.spectating"));
  // The chat (../chat.js): it talks through the table's line, opened in connect.
  const chat = mountChat({ tableId: id, send: (body) => (table.line ? table.line.chat(body) : null) });

  const page = h(
    "div",
    { class: "table-page", dataset: { testid: "table", table: id, game: info.game } },
    h(
      "div",
      { class: "table-head" },
      h(
        "h1",
        { class: "table-title" },
        link(`/games/${encodeURIComponent(info.game)}`, game.name),
        h("span", { class: "muted table-id" }, ` · ${t("table.title", { id })}`),
        // A tournament's game says so, a click away from the event's standings.
        info.tournament ? h("a", { class: "table-tournament", href: info.tournament.url, dataset: { testid: "table-tournament" } }, t("table.tournament", { round: num(info.tournament.round) })) : null,
      ),
      seatsBox,
      h("div", { class: "table-head-actions" }, status, undo.button, chat.toggle, drawer.toggle), // in reach on a phone, covering nothing
    ),
    connection,
    announcer,
    resultSlot,
    inviteSlot,
    h(
      "div",
      { class: "table-layout" },
      h("section", { class: "board-wrap", "aria-label": t("table.board") }, board, summaryText),
      h(
        "aside",
        { class: "side" },
        movesPanel,
        h(
          "details",
          { class: "log-panel", open: true, dataset: { testid: "log-panel" } },
          h("summary", {}, t("table.log")),
          logList,
        ),
        chat.el,
        spectating,
        h("div", { class: "side-actions" }, link("/accessibility", t("nav.a11y"), { class: "a11y-link", dataset: { testid: "a11y-link" } }), summary, concede),
        table.alerts.controls,
      ),
    ),
  );
  return { page, status, connection, announcer, inviteSlot, resultSlot, seatsBox, board, movesBox, movesPanel, drawer, logList, concede, undo, spectating, chat, summaryText };
}

/** The position in the renderer's words, in the line under the board (a polite status). */
function sayPosition(table) {
  const { renderer, last, cards } = table;
  const box = table.el.summaryText;
  let text = t("table.summaryNone");
  if (renderer && renderer.summary && last && last.view) {
    try {
      text = renderer.summary(last, { cards, busy: false });
    } catch (err) {
      console.error("summary failed", err);
    }
  }
  box.hidden = false;
  // Emptied first: the same words said again are still announced.
  box.textContent = "";
  requestAnimationFrame(() => { box.textContent = text; });
}

async function concede(table) {
  const yes = await confirmDialog(t("table.concedeConfirm"), t("table.concedeYes"), { testid: "concede" });
  if (!yes || table.closed) return;
  if (!table.line.concede()) toast(t("table.reconnecting"), "error");
}

/** The head's line: whose turn it is (also the tab's turn alert). */
function renderStatus(table) {
  const { last, el } = table;
  if (!last) return;
  const names = seatNames(last.seats || []);
  const toAct = last.to_act || [];
  let text;
  if (last.result) text = t("table.result");
  else if (last.status === "waiting") text = t("table.waiting");
  else if (seated(last) && toAct.includes(last.seat)) text = t("table.yourTurn");
  else if (toAct.length) text = t("table.turnOf", { name: toAct.map((s) => names.get(s) || t("new.seat", { n: s + 1 })).join(table.code === "fa" ? "، " : ", ") });
  else text = "";
  el.status.textContent = text;
  el.status.classList.toggle("my-turn", text === t("table.yourTurn"));
  table.alerts.update(text === t("table.yourTurn"));
}

/** The connecting / reconnecting banner. */
function renderConnection(table) {
  const { connection } = table.el;
  connection.replaceChildren();
  const state = table.line ? table.line.connection : "connecting";
  if (state === "reconnecting") {
    connection.append(h("div", { class: "banner banner-warn", role: "status", dataset: { testid: "reconnecting" } }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.reconnecting")));
  } else if (state === "connecting" && !table.last) {
    connection.append(h("div", { class: "banner", role: "status", dataset: { testid: "connecting" } }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.connecting")));
  }
}

// ---- seats and clocks
function botTag(table, seat) {
  const level = table.levelLabel.get(seat.level) || seat.level || "";
  // The server names a bot seat by its level ("Easy bot"): then the tag just says "bot".
  const text = !level || (seat.name || "").includes(level) ? t("table.bot") : `${t("table.bot")}: ${level}`;
  return h("span", { class: "tag tag-bot", dataset: { testid: "seat-level", level: seat.level || "" } }, text);
}

function renderSeats(table) {
  const { last } = table;
  const { seatsBox } = table.el;
  seatsBox.replaceChildren();
  if (!last) return;
  const shownName = seatNames(last.seats || []);
  const toAct = last.to_act || [];
  for (const seat of last.seats || []) {
    const mine = seat.seat === last.seat;
    const free = seat.kind === "human" && (seat.empty === true || !seat.name);
    const acting = toAct.includes(seat.seat) && !last.result;
    const bot = seat.kind === "bot";
    const dot = bot ? null : h("span", {
      class: ["dot", seat.connected ? "dot-on" : "dot-off"],
      title: seat.connected ? t("table.connected") : t("table.disconnected"),
      role: "img",
      "aria-label": seat.connected ? t("table.connected") : t("table.disconnected"),
      dataset: { testid: "seat-connected", connected: String(Boolean(seat.connected)) },
    });
    const clock = h("span", { class: "seat-clock", dataset: { testid: "clock", seat: String(seat.seat) } });
    seatsBox.append(
      h(
        "li",
        {
          class: ["seat", mine && "seat-mine", acting && "seat-acting", free && "seat-free"],
          dataset: { testid: "seat", seat: String(seat.seat), toAct: String(acting) },
        },
        acting ? h("span", { class: "turn-mark", title: t("table.toAct"), "aria-label": t("table.toAct"), role: "img" }, "▸") : null,
        dot,
        h("span", { class: "seat-name" }, free ? t("table.free") : shownName.get(seat.seat)),
        mine ? h("span", { class: "tag tag-you" }, t("table.you")) : null,
        bot ? botTag(table, seat) : null,
        clock,
      ),
    );
  }
  tickClocks(table);
}

function tickClocks(table) {
  const { last } = table;
  if (!last) return;
  const clock = last.clock;
  for (const el of table.el.seatsBox.querySelectorAll('[data-testid="clock"]')) {
    const seat = Number(el.dataset.seat);
    if (!clock || clock.kind === "none") {
      el.textContent = "";
      continue;
    }
    const left = clockLeft(clock, seat, table.receivedAt);
    if (left === null) {
      el.textContent = "";
      continue;
    }
    const running = clock.running === seat && !last.result;
    el.textContent = `⏱ ${formatClock(running ? left : clock.remaining_ms[seat])}`;
    el.classList.toggle("clock-running", running);
    el.classList.toggle("clock-low", running && left < 30000 && clock.kind === "realtime");
  }
}

// ---- the invite, while a seat is free
function renderInvite(table) {
  const { last, info, id } = table;
  const { inviteSlot } = table.el;
  inviteSlot.replaceChildren();
  if (!last || !info.invite || !seated(last) || last.result) return;
  const freeSeat = last.status === "waiting" || (last.seats || []).some((s) => s.kind === "human" && (s.empty === true || !s.name));
  if (!freeSeat) return;
  const url = `${location.origin}/t/${encodeURIComponent(id)}?invite=${encodeURIComponent(info.invite)}`;
  // Its creator may call a table off while nobody else has come (or not everyone).
  const cancel = info.creator && last.status === "waiting" ? cancelButton(table) : null;
  inviteSlot.append(h("section", { class: "panel invite-panel" }, h("h2", { class: "panel-title" }, t("table.invite")), inviteBox(url, { help: t("table.inviteHelp") }), cancel));
}

function cancelButton(table) {
  const button = h("button", { type: "button", class: "btn btn-small cancel-table", dataset: { testid: "cancel-table" } }, t("table.cancel"));
  button.addEventListener("click", async () => {
    const yes = await confirmDialog(t("table.cancelConfirm"), t("table.cancelYes"), { testid: "cancel" });
    if (!yes || table.closed) return;
    button.disabled = true;
    try {
      await api(`/api/tables/${encodeURIComponent(table.id)}/cancel`, { method: "POST" });
    } catch (err) {
      button.disabled = false;
      showError(err);
    }
    // The server tells this page, as every page open on the table, that it is gone.
  });
  return button;
}

// ---- the log
function renderLog(table) {
  const { last } = table;
  const { logList } = table.el;
  const lines = (last && last.log) || [];
  const nearEnd = logList.scrollHeight - logList.scrollTop - logList.clientHeight < 40;
  const fresh = !logList.querySelector(".log-line");
  if (!lines.length) {
    logList.replaceChildren(h("li", { class: "muted log-empty" }, t("table.logEmpty")));
    return;
  }
  logList.querySelector(".log-empty")?.remove();
  // The server sends the whole log each time: keep the lines that did not change, rewrite
  // those that did, add the new ones and drop any left over.
  const items = logList.children;
  const added = [];
  lines.forEach((line, i) => {
    const item = items[i];
    if (item && item.textContent === line) return;
    const node = h("li", { class: ["log-line", /^──/.test(line) && "log-turn"], dataset: { testid: "log-line" } }, line);
    if (item) item.replaceWith(node);
    else {
      logList.append(node);
      if (!/^──/.test(line)) added.push(line);
    }
  });
  // What just happened, read out once (not the whole log of a page just opened).
  if (!fresh && added.length) table.el.announcer.textContent = added.join(" ");
  while (items.length > lines.length) logList.lastElementChild.remove();
  for (const li of logList.querySelectorAll(".log-latest")) li.classList.remove("log-latest");
  if (logList.lastElementChild) logList.lastElementChild.classList.add("log-latest");
  markUndone(logList, last);
  if (fresh || nearEnd) logList.scrollTop = logList.scrollHeight;
}

// ---- the result
// A rated game's rating changes: the table's answer carries them once the game is over
// (asked once; the ratings are written in the same commit as the last move).
function ratingBox(table) {
  if (!table.info.rated) return null;
  const box = h("ul", { class: "rating-changes", dataset: { testid: "rating-changes" } });
  if (!table.ratingChanges) table.ratingChanges = api(`/api/tables/${encodeURIComponent(table.id)}`).then((answer) => answer.ratings || [], () => []);
  table.ratingChanges.then((changes) => {
    const { last } = table;
    const names = seatNames(last.seats || []);
    box.replaceChildren(
      ...changes.map((c) => {
        const mine = c.seat === last.seat;
        const name = mine ? t("rating.you") : names.get(c.seat) || t("new.seat", { n: c.seat + 1 });
        const words = { name, before: ratingText(c.before, c.before_provisional), after: ratingText(c.after, c.after_provisional), change: signed(c.change) };
        return h("li", { class: mine ? "rating-mine" : null, dataset: { testid: "rating-change", seat: String(c.seat) } }, t("rating.change", words));
      }),
    );
  });
  return box;
}

/** "Play again": a new table with the same game, options, seats and clock, never rated. */
function againButton(table) {
  const again = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "play-again" } }, t("table.again"));
  again.addEventListener("click", async () => {
    again.disabled = true;
    try {
      await ensureUser();
      const seats = (table.info.seats || []).map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level || "easy" } : { kind: "human", level: null }));
      const created = await api("/api/tables", {
        body: {
          game: table.info.game,
          options: table.info.options || {},
          seats: seats.length ? seats : [{ kind: "human", level: null }, { kind: "bot", level: "easy" }],
          // The same clock as this table (the table answer carries it); never rated again
          // by surprise.
          clock: table.info.clock && typeof table.info.clock.kind === "string" ? table.info.clock : { kind: "none" },
          rated: false,
        },
      });
      table.ctx.navigate(created.url || `/t/${encodeURIComponent(created.id)}`);
    } catch (err) {
      showError(err);
      again.disabled = false;
    }
  });
  return again;
}

function renderResult(table) {
  const { last } = table;
  const { resultSlot } = table.el;
  resultSlot.replaceChildren();
  if (!last || !last.result) return;
  const again = againButton(table);
  const r = last.result;
  let mood = "neutral";
  if (seated(last) && r.winner !== null && r.winner !== undefined && (last.seats || []).length === 2) {
    mood = r.winner === last.seat ? "won" : "lost";
  }
  resultSlot.append(
    h(
      "section",
      { class: ["panel", "result", `result-${mood}`], dataset: { testid: "result", winner: r.winner === null || r.winner === undefined ? "" : String(r.winner) }, role: "status" },
      h("h2", {}, t("table.result")),
      h("p", { class: "result-text", dataset: { testid: "result-text" } }, r.text || ""),
      ratingBox(table),
      h(
        "div",
        { class: "result-actions" },
        link(`/replay/${encodeURIComponent(table.id)}`, t("table.replay"), { class: "btn", dataset: { testid: "replay-link" } }),
        seated(last) ? again : null,
      ),
    ),
  );
}

// ---- the board and the controls
/** Draw the board (the renderer's, else the generic view); returns the focused element's
 * data-focus-key, to give the focus back once everything is drawn. */
function renderBoard(table) {
  const { renderer, last, cards } = table;
  const { board } = table.el;
  const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
  table.mapped = null;
  table.drawn = false;
  if (renderer && last) {
    try {
      const out = renderer.render(board, last, { act: (action) => act(table, action), cards, busy: busy(table) });
      table.mapped = out && out.mapped instanceof Set ? out.mapped : null;
      table.drawn = true;
    } catch (err) {
      console.error("renderer failed; showing the generic view", err);
    }
  }
  if (!table.drawn) renderGenericBoard(table);
  if (busy(table)) for (const b of board.querySelectorAll("button")) b.disabled = true;
  return focusKey;
}

function renderGenericBoard(table) {
  const { last } = table;
  table.el.board.replaceChildren(
    table.renderer ? null : h("p", { class: "hint" }, t("table.noRenderer")),
    last
      ? h("details", { class: "raw-view" }, h("summary", {}, t("table.rawView")), h("pre", { dir: "ltr" }, JSON.stringify(last.view, null, 1)))
      : null,
  );
}

/** The move list, concede, undo, the spectator's note and the moves drawer. */
function renderControls(table) {
  const { last, mapped, drawn } = table;
  const { page, movesBox, concede, undo, spectating, drawer, board } = table.el;
  const frozen = busy(table) || offline(table);
  page.classList.toggle("is-busy", busy(table));
  renderMoves(movesBox, last, { onPick: (action) => act(table, action), busy: frozen, mapped });
  const sits = last && last.seat !== null && last.seat !== undefined;
  concede.hidden = !sits || !last || Boolean(last.result) || last.status === "over";
  concede.disabled = busy(table);
  undo.render();
  spectating.hidden = !last || sits;
  // Nothing to choose once the game is over, or for a spectator: the moves panel goes away
  // (on a phone it would otherwise keep a strip of the screen).
  drawer.update({ boardFirst: drawn, shown: Boolean(last && !last.result && sits), legal: (last && last.legal) || [], mapped });
  page.classList.toggle("board-first", drawn);
  for (const b of board.querySelectorAll("button")) b.disabled = frozen;
}

function renderAll(table) {
  renderStatus(table);
  renderConnection(table);
  renderSeats(table);
  renderInvite(table);
  renderResult(table);
  const focusKey = renderBoard(table);
  renderControls(table);
  renderLog(table);
  table.guide.update(table.last);
  if (focusKey) {
    const again = table.el.page.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

// ------------------------------------------------------------------ the line to the server
/** A state the pacer lets through: draw it all. */
function drawState(table, msg) {
  table.last = msg;
  table.receivedAt = Date.now();
  table.el.chat.setSeat(msg.seat ?? null);
  const { info, id } = table;
  if (seated(msg) && (info.you === null || info.you === undefined)) {
    // Seated by another tab or a join: learn the invite code.
    api(`/api/tables/${encodeURIComponent(id)}`).then((fresh) => {
      table.info = fresh;
      if (!table.closed) renderInvite(table);
    }, () => {});
    table.info = { ...info, you: msg.seat };
  }
  renderAll(table);
  // A phone opens the table at the top of its screen, the site's header a scroll up away:
  // the board needs the whole height. Only once, and never against the reader's own scroll.
  if (!table.placed) {
    table.placed = true;
    if (window.scrollY === 0 && matchMedia("(max-width: 37.5em)").matches) table.el.page.scrollIntoView({ block: "start" });
  }
}

/** Open the table's line and the page's timers; returns what closes them when the page goes. */
function connect(table) {
  const { el } = table;
  const onError = (msg) => {
    // Known codes in the page's words (the server's technical message goes to the console).
    if (msg.message) console.info(`server: ${msg.code}: ${msg.message}`);
    toast(errorText(msg), "error");
  };
  const onGone = (msg) => {
    if (table.closed) return;
    toast(t(msg.reason === "cancelled" ? "table.cancelled" : msg.reason === "closed" ? "table.closed" : "table.gone"), "info");
    table.ctx.navigate("/");
  };
  const onChange = () => {
    if (table.closed) return;
    renderConnection(table);
    if (table.last) renderControls(table);
  };
  const clockTimer = setInterval(() => tickClocks(table), 250);
  const removeKeys = installMoveKeys(() => (canAct(table) ? el.movesBox : null));
  // S (the same key on a Persian keyboard, where it writes «س»): the position in words.
  const onSummaryKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (!(event.key === "s" || event.key === "S" || event.code === "KeyS")) return;
    if (typing(event.target) || document.querySelector("dialog[open]") || !table.renderer || !table.renderer.summary) return;
    event.preventDefault();
    sayPosition(table);
  };
  document.addEventListener("keydown", onSummaryKey);

  renderConnection(table);
  table.line = connectTable(table.id, { state: (msg) => table.pacer.push(msg), error: onError, change: onChange, chat: el.chat.receive, gone: onGone });

  return () => {
    table.closed = true;
    table.line.close();
    el.chat.close();
    table.pacer.close();
    clearInterval(clockTimer);
    removeKeys();
    document.removeEventListener("keydown", onSummaryKey);
    table.guide.destroy();
    table.alerts.stop();
    el.drawer.remove();
    el.undo.close();
  };
}

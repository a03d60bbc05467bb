// The table: joins with ?invite=CODE, then draws every state the table's line (../transport.js)
// hands it — seats, clocks, board, legal moves, log, result — and gives it the actions the
// player picks. The socket, reconnecting, acknowledgements and the log's pieces live there.

import { t, num, lang, seatNames, ratingText, signed } from "../i18n.js";
import { h, link, toast, confirmDialog } from "../dom.js";
import { api, ensureUser, getGame, getCards, showError } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { renderMoves, installMoveKeys } from "../moves.js";
import { movesDrawer } from "../drawer.js";
import { connectTable } from "../transport.js";
import { mountChat } from "../chat.js";
import { createPacer } from "../pacing.js";
import { inviteBox } from "./new-table.js";
import { installGuide } from "../guide.js";
import { turnAlerts } from "../alerts.js";
import { undoControl, markUndone } from "../undo.js";

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

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const code = lang();
  let info = await api(`/api/tables/${encodeURIComponent(id)}`);
  if (!ctx.alive()) return;

  // An invite in the address: take a seat first (as a guest when not signed in).
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
      if (!ctx.alive()) return;
    }
    history.replaceState(null, "", `/t/${encodeURIComponent(id)}`);
  }

  const [game, cards, renderer] = await Promise.all([
    getGame(info.game, code).catch(() => ({ id: info.game, name: info.game, levels: [] })),
    getCards(info.game, code).catch(() => new Map()),
    loadRenderer(info.game),
  ]);
  if (!ctx.alive()) return;
  ctx.setTitle(`${game.name} · ${t("table.title", { id })}`);
  const levelLabel = new Map((game.levels || []).map((l) => [l.value, l.label]));
  const alerts = turnAlerts({ game: game.name, table: id }); // title mark, icon dot, notification

  // ------------------------------------------------------------------ the page's parts
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
  const undo = undoControl({ send: () => line && line.undo(), state: () => last, busy: () => busy() || offline() });
  const spectating = h("p", { class: "hint spectating", dataset: { testid: "spectating" }, hidden: true }, t("table.spectating"));
  // The chat (../chat.js): it talks through the table's line, opened below.
  const chat = mountChat({ tableId: id, send: (body) => (line ? line.chat(body) : null) });

  const page = h(
    "div",
    { class: "table-page", dataset: { testid: "table", table: id, game: info.game } },
    h(
      "div",
      { class: "table-head" },
      h("h1", { class: "table-title" }, link(`/games/${encodeURIComponent(info.game)}`, game.name), h("span", { class: "muted table-id" }, ` · ${t("table.title", { id })}`)),
      seatsBox,
      h("div", { class: "table-head-actions" }, status, undo.button, chat.toggle, drawer.toggle), // in reach on a phone, covering nothing
    ),
    connection,
    resultSlot,
    inviteSlot,
    h(
      "div",
      { class: "table-layout" },
      h("section", { class: "board-wrap", "aria-label": t("table.board") }, board),
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
        h("div", { class: "side-actions" }, concede),
        alerts.controls,
      ),
    ),
  );
  main.append(page);
  // The first-game guide (../guide.js): on with ?guide=1, kept per table afterwards.
  const guide = installGuide({ page, table: id, game: info.game, start: ctx.query.get("guide") === "1" });
  // Others' moves one step at a time (../pacing.js); onState below hands it every state.
  const pacer = createPacer({ board, host: page, logList, draw: drawState });
  movesPanel.after(pacer.control);

  // ------------------------------------------------------------------ state
  let last = null; // the latest state (its `log` the whole log so far)
  let receivedAt = 0;
  let closed = false;
  let line = null; // the table's line to the server (../transport.js), opened below

  const busy = () => Boolean(line && line.busy);
  const offline = () => !line || !line.ready;
  const canAct = () => !busy() && !offline() && pacer.idle && last && (last.legal || []).length > 0;

  function act(action) {
    // Others' moves still being shown: show the board as it is now instead of acting on an old one.
    if (pacer.flush()) return false;
    return canAct() ? line.act(action) : false;
  }

  concede.addEventListener("click", async () => {
    const yes = await confirmDialog(t("table.concedeConfirm"), t("table.concedeYes"), { testid: "concede" });
    if (!yes || closed) return;
    if (!line.concede()) toast(t("table.reconnecting"), "error");
  });

  // ------------------------------------------------------------------ rendering
  function renderStatus() {
    if (!last) return;
    const names = seatNames(last.seats || []);
    const toAct = last.to_act || [];
    let text;
    if (last.result) text = t("table.result");
    else if (last.status === "waiting") text = t("table.waiting");
    else if (last.seat !== null && last.seat !== undefined && toAct.includes(last.seat)) text = t("table.yourTurn");
    else if (toAct.length) text = t("table.turnOf", { name: toAct.map((s) => names.get(s) || t("new.seat", { n: s + 1 })).join(code === "fa" ? "، " : ", ") });
    else text = "";
    status.textContent = text;
    status.classList.toggle("my-turn", text === t("table.yourTurn"));
    alerts.update(text === t("table.yourTurn"));
  }

  function renderConnection() {
    connection.replaceChildren();
    const state = line ? line.connection : "connecting";
    if (state === "reconnecting") {
      connection.append(h("div", { class: "banner banner-warn", role: "status", dataset: { testid: "reconnecting" } }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.reconnecting")));
    } else if (state === "connecting" && !last) {
      connection.append(h("div", { class: "banner", role: "status", dataset: { testid: "connecting" } }, h("span", { class: "spinner", "aria-hidden": "true" }), t("table.connecting")));
    }
  }

  function botTag(seat) {
    const level = levelLabel.get(seat.level) || seat.level || "";
    // The server names a bot seat by its level ("Easy bot"): then the tag just says "bot".
    const text = !level || (seat.name || "").includes(level) ? t("table.bot") : `${t("table.bot")}: ${level}`;
    return h("span", { class: "tag tag-bot", dataset: { testid: "seat-level", level: seat.level || "" } }, text);
  }

  function renderSeats() {
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
          bot ? botTag(seat) : null,
          clock,
        ),
      );
    }
    tickClocks();
  }

  function tickClocks() {
    if (!last) return;
    const clock = last.clock;
    for (const el of seatsBox.querySelectorAll('[data-testid="clock"]')) {
      const seat = Number(el.dataset.seat);
      if (!clock || clock.kind === "none") {
        el.textContent = "";
        continue;
      }
      const left = clockLeft(clock, seat, receivedAt);
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

  function renderInvite() {
    inviteSlot.replaceChildren();
    if (!last || !info.invite || last.seat === null || last.seat === undefined || last.result) return;
    const freeSeat = last.status === "waiting" || (last.seats || []).some((s) => s.kind === "human" && (s.empty === true || !s.name));
    if (!freeSeat) return;
    const url = `${location.origin}/t/${encodeURIComponent(id)}?invite=${encodeURIComponent(info.invite)}`;
    // Its creator may call a table off while nobody else has come (or not everyone).
    const cancel = info.creator && last.status === "waiting" ? cancelButton() : null;
    inviteSlot.append(h("section", { class: "panel invite-panel" }, h("h2", { class: "panel-title" }, t("table.invite")), inviteBox(url, { help: t("table.inviteHelp") }), cancel));
  }

  function cancelButton() {
    const button = h("button", { type: "button", class: "btn btn-small cancel-table", dataset: { testid: "cancel-table" } }, t("table.cancel"));
    button.addEventListener("click", async () => {
      const yes = await confirmDialog(t("table.cancelConfirm"), t("table.cancelYes"), { testid: "cancel" });
      if (!yes || closed) return;
      button.disabled = true;
      try {
        await api(`/api/tables/${encodeURIComponent(id)}/cancel`, { method: "POST" });
      } catch (err) {
        button.disabled = false;
        showError(err);
      }
      // The server tells this page, as every page open on the table, that it is gone.
    });
    return button;
  }

  function renderLog() {
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
    lines.forEach((line, i) => {
      const item = items[i];
      if (item && item.textContent === line) return;
      const node = h("li", { class: ["log-line", /^──/.test(line) && "log-turn"], dataset: { testid: "log-line" } }, line);
      if (item) item.replaceWith(node);
      else logList.append(node);
    });
    while (items.length > lines.length) logList.lastElementChild.remove();
    for (const li of logList.querySelectorAll(".log-latest")) li.classList.remove("log-latest");
    if (logList.lastElementChild) logList.lastElementChild.classList.add("log-latest");
    markUndone(logList, last);
    if (fresh || nearEnd) logList.scrollTop = logList.scrollHeight;
  }

  // A rated game's rating changes: the table's answer carries them once the game is over
  // (asked once; the ratings are written in the same commit as the last move).
  let ratingChanges = null;
  function ratingBox() {
    if (!info.rated) return null;
    const box = h("ul", { class: "rating-changes", dataset: { testid: "rating-changes" } });
    if (!ratingChanges) ratingChanges = api(`/api/tables/${encodeURIComponent(id)}`).then((answer) => answer.ratings || [], () => []);
    ratingChanges.then((changes) => {
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

  function renderResult() {
    resultSlot.replaceChildren();
    if (!last || !last.result) return;
    const again = h("button", { type: "button", class: "btn btn-primary", dataset: { testid: "play-again" } }, t("table.again"));
    again.addEventListener("click", async () => {
      again.disabled = true;
      try {
        await ensureUser();
        const seats = (info.seats || []).map((s) => (s.kind === "bot" ? { kind: "bot", level: s.level || "easy" } : { kind: "human", level: null }));
        const created = await api("/api/tables", {
          body: {
            game: info.game,
            options: info.options || {},
            seats: seats.length ? seats : [{ kind: "human", level: null }, { kind: "bot", level: "easy" }],
            // The same clock as this table (the table answer carries it); never rated again
            // by surprise.
            clock: info.clock && typeof info.clock.kind === "string" ? info.clock : { kind: "none" },
            rated: false,
          },
        });
        ctx.navigate(created.url || `/t/${encodeURIComponent(created.id)}`);
      } catch (err) {
        showError(err);
        again.disabled = false;
      }
    });
    const r = last.result;
    let mood = "neutral";
    if (last.seat !== null && last.seat !== undefined && r.winner !== null && r.winner !== undefined && (last.seats || []).length === 2) {
      mood = r.winner === last.seat ? "won" : "lost";
    }
    resultSlot.append(
      h(
        "section",
        { class: ["panel", "result", `result-${mood}`], dataset: { testid: "result", winner: r.winner === null || r.winner === undefined ? "" : String(r.winner) }, role: "status" },
        h("h2", {}, t("table.result")),
        h("p", { class: "result-text", dataset: { testid: "result-text" } }, r.text || ""),
        ratingBox(),
        h(
          "div",
          { class: "result-actions" },
          link(`/replay/${encodeURIComponent(id)}`, t("table.replay"), { class: "btn", dataset: { testid: "replay-link" } }),
          last.seat !== null && last.seat !== undefined ? again : null,
        ),
      ),
    );
  }

  let mapped = null;
  let drawn = false; // the renderer drew the board (else the generic view)

  function renderBoard() {
    const focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focusKey : null;
    mapped = null;
    drawn = false;
    if (renderer && last) {
      try {
        const out = renderer.render(board, last, { act, cards, busy: busy() });
        mapped = out && out.mapped instanceof Set ? out.mapped : null;
        drawn = true;
      } catch (err) {
        console.error("renderer failed; showing the generic view", err);
      }
    }
    if (!drawn) renderGenericBoard();
    if (busy()) for (const b of board.querySelectorAll("button")) b.disabled = true;
    return focusKey;
  }

  function renderGenericBoard() {
    board.replaceChildren(
      renderer ? null : h("p", { class: "hint" }, t("table.noRenderer")),
      last
        ? h("details", { class: "raw-view" }, h("summary", {}, t("table.rawView")), h("pre", { dir: "ltr" }, JSON.stringify(last.view, null, 1)))
        : null,
    );
  }

  function renderControls() {
    const frozen = busy() || offline();
    page.classList.toggle("is-busy", busy());
    renderMoves(movesBox, last, { onPick: (action) => act(action), busy: frozen, mapped });
    const seated = last && last.seat !== null && last.seat !== undefined;
    concede.hidden = !seated || !last || Boolean(last.result) || last.status === "over";
    concede.disabled = busy();
    undo.render();
    spectating.hidden = !last || seated;
    // Nothing to choose once the game is over, or for a spectator: the moves panel goes away
    // (on a phone it would otherwise keep a strip of the screen).
    drawer.update({ boardFirst: drawn, shown: Boolean(last && !last.result && seated), legal: (last && last.legal) || [], mapped });
    page.classList.toggle("board-first", drawn);
    for (const b of board.querySelectorAll("button")) b.disabled = frozen;
  }

  function renderAll() {
    renderStatus();
    renderConnection();
    renderSeats();
    renderInvite();
    renderResult();
    const focusKey = renderBoard();
    renderControls();
    renderLog();
    guide.update(last);
    if (focusKey) {
      const again = page.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }

  // ------------------------------------------------------------------ the line to the server
  function onState(msg) {
    pacer.push(msg);
  }

  function drawState(msg) {
    last = msg;
    receivedAt = Date.now();
    chat.setSeat(msg.seat ?? null);
    if (msg.seat !== null && msg.seat !== undefined && (info.you === null || info.you === undefined)) {
      // Seated by another tab or a join: learn the invite code.
      api(`/api/tables/${encodeURIComponent(id)}`).then((fresh) => {
        info = fresh;
        if (!closed) renderInvite();
      }, () => {});
      info = { ...info, you: msg.seat };
    }
    renderAll();
  }

  function onError(msg) {
    // Known codes in the page's words (the server's technical message goes to the console).
    if (msg.message) console.info(`server: ${msg.code}: ${msg.message}`);
    toast(errorText(msg), "error");
  }

  function onGone(msg) {
    if (closed) return;
    toast(t(msg.reason === "cancelled" ? "table.cancelled" : "table.gone"), "info");
    ctx.navigate("/");
  }

  function onChange() {
    if (closed) return;
    renderConnection();
    if (last) renderControls();
  }

  const clockTimer = setInterval(tickClocks, 250);
  const removeKeys = installMoveKeys(() => (canAct() ? movesBox : null));

  renderConnection();
  line = connectTable(id, { state: onState, error: onError, change: onChange, chat: chat.receive, gone: onGone });

  return () => {
    closed = true;
    line.close();
    chat.close();
    pacer.close();
    clearInterval(clockTimer);
    removeKeys();
    guide.destroy();
    alerts.stop();
    drawer.remove();
    undo.close();
  };
}

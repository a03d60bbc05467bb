// A game stepped move by move: GET /api/tables/{id}/replay, drawn with the game's renderer
// (or the raw view), with first/previous/next/last buttons, a slider and the arrow keys.

import { t, num, lang, dir } from "../i18n.js";
import { h, link, svgIcon } from "../dom.js";
import { api, getGame, getCards } from "../api.js";
import { loadRenderer } from "../renderers.js";
import { analysisTab } from "../analysis.js";
import { replayChat } from "../chat.js";
import { replayUndone, undoneTag } from "../undo.js";

function isPrefix(a, b) {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length > b.length) return false;
  return a.every((line, i) => line === b[i]);
}

export async function mount(main, ctx) {
  const id = ctx.params[0];
  const code = lang();
  // ?seat=N: whose side to see; any seat once the game is over (everything is shown then).
  const wanted = ctx.query.get("seat");
  const seatQuery = wanted !== null && /^\d+$/.test(wanted) ? `?seat=${wanted}` : "";
  const [data, info] = await Promise.all([
    api(`/api/tables/${encodeURIComponent(id)}/replay${seatQuery}`),
    api(`/api/tables/${encodeURIComponent(id)}`).catch(() => null),
  ]);
  if (!ctx.alive()) return;
  const gameId = data.game || (info && info.game);
  const [game, cards, renderer] = await Promise.all([
    getGame(gameId, code).catch(() => ({ id: gameId, name: gameId })),
    getCards(gameId, code).catch(() => new Map()),
    loadRenderer(gameId),
  ]);
  if (!ctx.alive()) return;
  ctx.setTitle(`${t("replay.title")} · ${game.name}`);

  const frames = data.frames || [];
  const seats = data.seats || (info && info.seats) || [];
  // Each frame's log: either the whole log so far or only that step's lines.
  const cumulative = frames.length > 1 && frames.every((f, i) => i === 0 || isPrefix(frames[i - 1].log, f.log));
  const logUpTo = (i) => {
    if (cumulative) return { lines: frames[i].log || [], fresh: (frames[i].log || []).length - (i > 0 ? (frames[i - 1].log || []).length : 0) };
    const lines = [];
    for (let k = 0; k <= i; k++) lines.push(...(frames[k].log || []));
    return { lines, fresh: (frames[i].log || []).length };
  };

  const heading = h(
    "div",
    { class: "table-head" },
    h("h1", { class: "table-title" }, t("replay.title"), " · ", link(`/games/${encodeURIComponent(gameId)}`, game.name)),
    h("p", {}, link(`/t/${encodeURIComponent(id)}`, t("replay.toTable"), { dataset: { testid: "replay-table-link" } })),
  );
  main.append(heading);
  if (!frames.length) {
    main.append(h("p", { class: "panel muted", dataset: { testid: "replay-empty" } }, t("replay.empty")));
    return;
  }
  if (data.final === false) main.append(h("p", { class: "banner", dataset: { testid: "replay-live" } }, t("replay.live")));
  if (data.final && seats.length) {
    const current = typeof data.seat === "number" ? String(data.seat) : "";
    const picker = h(
      "select",
      {
        dataset: { testid: "replay-seat" },
        "aria-label": t("replay.seat"),
        onchange: (e) => {
          const value = e.target.value;
          ctx.navigate(`/replay/${encodeURIComponent(id)}${value === "" ? "" : `?seat=${value}`}`);
        },
      },
      current === "" ? h("option", { value: "" }, t("replay.everyone")) : null,
      ...seats.map((s) => h("option", { value: String(s.seat) }, s.name || t("new.seat", { n: num(s.seat + 1) }))),
    );
    picker.value = current;
    main.append(h("p", { class: "replay-seat" }, h("label", {}, t("replay.seat"), " ", picker)));
  }

  let index = 0;
  const rtl = dir(code) === "rtl";
  // Step icons drawn for left-to-right; CSS mirrors them in right-to-left pages so they
  // point the way the game runs.
  const SHAPES = {
    first: "M6 5h2.5v14H6zM19 5v14l-9-7z",
    prev: "M17 5v14L7 12z",
    next: "M7 5v14l10-7z",
    last: "M15.5 5H18v14h-2.5zM5 5v14l9-7z",
  };
  const stepIcon = (name) => svgIcon([["path", { d: SHAPES[name] }]], "step-icon");
  const button = (name, onclick) =>
    h(
      "button",
      { type: "button", class: "btn btn-step", dataset: { testid: `replay-${name}` }, "aria-label": t(`replay.${name}`), title: t(`replay.${name}`), onclick },
      stepIcon(name),
    );
  const first = button("first", () => go(0));
  const prev = button("prev", () => go(index - 1));
  const next = button("next", () => go(index + 1));
  const lastButton = button("last", () => go(frames.length - 1));
  const slider = h("input", {
    type: "range",
    min: "0",
    max: String(frames.length - 1),
    value: "0",
    class: "replay-slider",
    "aria-label": t("replay.slider"),
    dataset: { testid: "replay-slider" },
    oninput: (e) => go(Number(e.target.value)),
  });
  const stepText = h("span", { class: "replay-step", dataset: { testid: "replay-step" }, "aria-live": "polite" });
  const controls = h("div", { class: "replay-controls panel" }, first, prev, slider, next, lastButton, stepText);
  const board = h("div", { class: ["board", renderer ? `board-${gameId}` : "board-generic"], dataset: { testid: "board" } });
  const logList = h("ol", { class: "log", dataset: { testid: "log" }, tabindex: "0", "aria-label": t("table.log") });
  const chat = replayChat(data.chat || []); // each line from the frame it was said at

  const replayPane = h(
    "div",
    { class: "replay-pane", dataset: { testid: "replay-pane" } },
    controls,
    h("p", { class: "hint" }, t("replay.keys")),
    h(
      "div",
      { class: "table-layout replay-layout" },
      h("section", { class: "board-wrap", "aria-label": t("table.board") }, board),
      h("aside", { class: "side" }, h("details", { class: "log-panel", open: true }, h("summary", {}, t("table.log")), logList), chat.el),
    ),
  );

  const mySeat = info && info.you !== undefined ? info.you : null;

  // Draw `view` with the game's renderer (the raw view where there is none or it fails).
  function drawView(target, view, version, over, log) {
    const viewer = typeof view.viewer === "number" ? view.viewer : mySeat;
    const msg = {
      type: "state",
      version,
      status: over ? "over" : "playing",
      seat: viewer,
      view,
      legal: [],
      to_act: typeof view.to_act === "number" ? [view.to_act] : [],
      log,
      seats,
      clock: null,
      result: null,
      replay: true,
    };
    let drawn = false;
    if (renderer) {
      try {
        renderer.render(target, msg, { act: () => false, cards, busy: true, replay: true });
        drawn = true;
      } catch (err) {
        console.error("renderer failed on a replay frame", err);
      }
    }
    if (!drawn) target.replaceChildren(h("pre", { class: "raw-view", dir: "ltr" }, JSON.stringify(view, null, 1)));
  }

  // A finished game has two tabs: the replay, and its analysis (asked for with one click).
  let stopAnalysis = null;
  if (data.final) {
    const analysisPane = h("div", { class: "analysis-pane panel", id: "analysis-pane", role: "tabpanel", hidden: true, dataset: { testid: "analysis-pane" } });
    const names = new Map(seats.map((s) => [s.seat, s.name || t("new.seat", { n: num(s.seat + 1) })]));
    const tabs = [];
    const tab = (key, pane) => {
      const button = h("button", { type: "button", role: "tab", class: "tab", dataset: { testid: `tab-${key}` }, onclick: () => select(button) }, t(`replay.tab${key === "replay" ? "Replay" : "Analysis"}`));
      button.pane = pane;
      tabs.push(button);
      return button;
    };
    const select = (chosen) => {
      for (const button of tabs) {
        const on = button === chosen;
        button.setAttribute("aria-selected", String(on));
        button.pane.hidden = !on;
      }
      if (chosen.pane === analysisPane && !analysisPane.childElementCount) {
        stopAnalysis = analysisTab(analysisPane, {
          table: id,
          plies: frames.length - 1,
          names,
          drawBoard: (target, view) => drawView(target, view, frames.length, true, []),
          alive: () => ctx.alive(),
        });
      }
    };
    const bar = h("div", { class: "tabs", role: "tablist" }, tab("replay", replayPane), tab("analysis", analysisPane));
    main.append(bar, replayPane, analysisPane);
    select(tabs[0]);
  } else {
    main.append(replayPane);
  }

  function draw() {
    const frame = frames[index];
    drawView(board, frame.view || {}, frame.version, index === frames.length - 1 && data.final, logUpTo(index).lines);

    const { lines, fresh } = logUpTo(index);
    const undone = cumulative ? new Set() : replayUndone(frames, index);
    logList.replaceChildren(
      ...lines.map((line, i) => h("li", { class: ["log-line", i >= lines.length - fresh && "log-latest", /^──/.test(line) && "log-turn", undone.has(i) && "log-undone"], dataset: { testid: "log-line" } }, line)),
    );
    logList.scrollTop = logList.scrollHeight;
    chat.show(frame.version);

    slider.value = String(index);
    stepText.replaceChildren(t("replay.step", { i: index + 1, n: frames.length }), undoneTag(frame) || "");
    first.disabled = prev.disabled = index === 0;
    next.disabled = lastButton.disabled = index === frames.length - 1;
  }

  function go(i) {
    const clamped = Math.max(0, Math.min(frames.length - 1, i));
    if (clamped === index && board.childElementCount) return;
    index = clamped;
    draw();
  }

  const onKey = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof Element && target.closest("input:not([type=range]), textarea, select")) return;
    if (replayPane.hidden) return;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let to = null;
    if (event.key === forward) to = index + 1;
    else if (event.key === backward) to = index - 1;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = frames.length - 1;
    if (to === null) return;
    event.preventDefault();
    go(to);
  };
  document.addEventListener("keydown", onKey);
  draw();
  return () => {
    document.removeEventListener("keydown", onKey);
    if (stopAnalysis) stopAnalysis();
  };
}

// The replay page's analysis tab: ask for a finished game's analysis with one click
// (POST /api/tables/{id}/analysis), follow its progress (GET, polled), then draw each seat's
// win chance as an SVG curve, list the marked moves and, at a marked move, draw the board
// after the better move with the game's own renderer.
//
// Every number carries its doubt (rumizi/analysis.py): a chance is drawn with a band of two
// standard errors either side, and written "62% ± 7%" — "± 0%" never, since a sampled chance
// is never certain; only a move that ended the game at once, alike in every world, reads
// "100%" alone.

import { t, num, lang, dir, factSep } from "./i18n.js";
import { h } from "./dom.js";
import { api } from "./api.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const POLL_MS = 700;
// Chart geometry, in the SVG's own units (it scales to the panel's width).
const W = 640;
const H = 220;
const PAD = { left: 44, right: 16, top: 14, bottom: 30 };

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) if (child) el.append(child);
  return el;
}

function percent(chance) {
  const shown = num(Math.round(chance * 100));
  return lang() === "fa" ? `${shown}٪` : `${shown}%`;
}

/** A chance with its standard error: "62% ± 7%" (the error at least 1%), or "100%" when exact. */
export function chanceText(chance, se, exact = false) {
  if (exact) return percent(chance);
  return `${percent(chance)} ± ${percent(Math.max(0.01, se))}`;
}

/** The win-probability chart: one line per seat over the game's moves, marks as dots. */
function chart(result, plies, names) {
  const rtl = dir(lang()) === "rtl";
  const span = Math.max(1, plies);
  // Time runs the way the page reads: right to left in Persian.
  const x = (ply) => {
    const along = PAD.left + (ply / span) * (W - PAD.left - PAD.right);
    return rtl ? W - along : along;
  };
  const y = (chance) => PAD.top + (1 - chance) * (H - PAD.top - PAD.bottom);
  // The chart places its own labels: its text runs left to right whatever the page's
  // direction, so that "start" and "end" anchors mean the same on both pages.
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, direction: "ltr", class: "analysis-chart", role: "img", "aria-label": t("analysis.curve"), "data-testid": "analysis-curve" });
  const axisStart = rtl ? W - PAD.left : PAD.left;
  const axisEnd = rtl ? PAD.right : W - PAD.right;
  for (const level of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg("line", { x1: axisStart, x2: axisEnd, y1: y(level), y2: y(level), class: level === 0.5 ? "chart-even" : "chart-grid" }));
    const label = svg("text", { x: rtl ? W - 6 : 6, y: y(level) + 4, class: "chart-label", "text-anchor": rtl ? "end" : "start" });
    label.textContent = percent(level);
    root.append(label);
  }
  const axis = svg("text", { x: (axisStart + axisEnd) / 2, y: H - 8, class: "chart-label", "text-anchor": "middle" });
  axis.textContent = `${t("analysis.axisMove")} ${num(1)}–${num(plies)}`;
  root.append(axis);
  const seats = [...new Set(result.points.map((p) => p.seat))].sort((a, b) => a - b);
  const clamp = (v) => Math.min(1, Math.max(0, v));
  seats.forEach((seat) => {
    const mine = result.points.filter((p) => p.seat === seat);
    if (!mine.length) return;
    // The band first, under every line: two standard errors either side of the chance.
    const upper = mine.map((p) => `${x(p.ply).toFixed(1)},${y(clamp(p.chance + 2 * p.se)).toFixed(1)}`);
    const lower = mine.map((p) => `${x(p.ply).toFixed(1)},${y(clamp(p.chance - 2 * p.se)).toFixed(1)}`).reverse();
    root.insertBefore(svg("polygon", { points: [...upper, ...lower].join(" "), class: `chart-band chart-seat-${seat % 4}`, "data-testid": "analysis-band" }), root.querySelector(".chart-line"));
    const points = mine.map((p) => `${x(p.ply).toFixed(1)},${y(p.chance).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points, class: `chart-line chart-seat-${seat % 4}`, "data-testid": "analysis-line" });
    const title = svg("title");
    title.textContent = names.get(seat) || t("new.seat", { n: num(seat + 1) });
    line.append(title);
    root.append(line);
  });
  for (const mark of result.marks) {
    const at = result.points.find((p) => p.ply === mark.ply);
    const chance = at ? at.chance : mark.best;
    const dot = svg("circle", { cx: x(mark.ply), cy: y(chance), r: mark.mark === "blunder" ? 6 : 4.5, class: `chart-mark mark-${mark.mark}`, "data-testid": "analysis-dot" });
    const title = svg("title");
    title.textContent = `${t("analysis.move", { n: mark.ply + 1 })}${factSep()}${t(`analysis.${mark.mark}`)}`;
    dot.append(title);
    root.append(dot);
  }
  return root;
}

function legend(result, names) {
  const seats = [...new Set(result.points.map((p) => p.seat))].sort((a, b) => a - b);
  return h(
    "ul",
    { class: "chart-legend" },
    ...seats.map((seat) => h("li", {}, h("span", { class: `legend-swatch chart-seat-${seat % 4}` }), names.get(seat) || t("new.seat", { n: num(seat + 1) }))),
  );
}

/**
 * Mount the tab into `panel`. `table` is the table's id, `plies` the number of moves,
 * `names` seat → name, `drawBoard(element, view)` draws a view with the game's renderer,
 * `alive()` says whether the page is still shown.
 */
export function analysisTab(panel, { table, plies, names, drawBoard, alive }) {
  const url = `/api/tables/${encodeURIComponent(table)}/analysis`;
  const status = h("div", { class: "analysis-status", "aria-live": "polite", dataset: { testid: "analysis-status" } });
  const body = h("div", { class: "analysis-body" });
  panel.replaceChildren(h("p", { class: "hint" }, t("analysis.intro")), status, body);
  let timer = null;

  const askButton = () =>
    h(
      "button",
      {
        type: "button",
        class: "btn btn-primary",
        dataset: { testid: "analysis-request" },
        onclick: async (event) => {
          event.target.disabled = true;
          try {
            show(await api(url, { method: "POST", body: {} }));
          } catch (err) {
            event.target.disabled = false;
            status.replaceChildren(h("p", { class: "banner" }, err.code ? t(`api.${err.code}`) : String(err.message || err)));
          }
        },
      },
      t("analysis.ask"),
    );

  function show(found) {
    if (!alive()) return;
    clearTimeout(timer);
    if (found.status === "none") {
      status.replaceChildren(askButton());
      return;
    }
    if (found.status === "failed") {
      status.replaceChildren(h("p", { class: "banner" }, t("analysis.failed")), askButton());
      return;
    }
    if (found.status === "running") {
      status.replaceChildren(
        h("label", { class: "analysis-progress" }, t("analysis.running", { done: found.done, total: found.total }), " ", h("progress", { max: String(Math.max(1, found.total)), value: String(found.done), dataset: { testid: "analysis-progress" } })),
      );
      timer = setTimeout(poll, POLL_MS);
      return;
    }
    status.replaceChildren(h("p", { class: "muted" }, t("analysis.note", { worlds: found.worlds })));
    done(found);
  }

  async function poll() {
    try {
      show(await api(url));
    } catch (err) {
      if (alive()) timer = setTimeout(poll, POLL_MS * 3);
    }
  }

  function done(found) {
    const boardBox = h("div", { class: "analysis-board", dataset: { testid: "analysis-board" }, hidden: true });
    const items = found.marks.map((mark) =>
      h(
        "li",
        { class: ["analysis-mark", `mark-${mark.mark}`], dataset: { testid: "analysis-mark", mark: mark.mark } },
        h("div", { class: "mark-head" }, h("strong", {}, t("analysis.move", { n: mark.ply + 1 })), factSep(), names.get(mark.seat) || t("new.seat", { n: num(mark.seat + 1) }), factSep(), h("span", { class: "mark-kind" }, t(`analysis.${mark.mark}`))),
        h("div", {}, t("analysis.played", { move: mark.played })),
        h("div", {}, t("analysis.better", { move: mark.better })),
        h("div", { class: "muted", dataset: { testid: "analysis-chance" } }, t("analysis.chance", { after: chanceText(mark.after, mark.after_se, mark.after_exact), best: chanceText(mark.best, mark.best_se, mark.best_exact) })),
        h(
          "button",
          {
            type: "button",
            class: "btn",
            dataset: { testid: "analysis-show" },
            onclick: () => {
              boardBox.hidden = false;
              const target = h("div", { class: "board" });
              const whose = names.get(mark.seat) || t("new.seat", { n: num(mark.seat + 1) });
              boardBox.replaceChildren(h("h3", {}, t("analysis.board", { move: mark.better, name: whose })), target);
              drawBoard(target, mark.board);
              boardBox.scrollIntoView({ block: "nearest" });
            },
          },
          t("analysis.show"),
        ),
      ),
    );
    body.replaceChildren(
      h("h2", {}, t("analysis.curve")),
      h("div", { class: "chart-box" }, chart(found, plies, names)),
      legend(found, names),
      h("h2", {}, t("analysis.marks")),
      items.length ? h("ol", { class: "analysis-marks", dataset: { testid: "analysis-marks" } }, ...items) : h("p", { class: "muted", dataset: { testid: "analysis-none" } }, t("analysis.none")),
      boardBox,
    );
  }

  poll();
  return () => clearTimeout(timer);
}

// The moderators' page (/admin): the open reports (GET /api/admin/reports), each with a form
// to act on it (POST /api/admin/actions: warn, mute, ban, rename, close its table, dismiss),
// a form for an action without a report (a player or a table named by hand), and the audit
// log (GET /api/admin/audit): who did what to whom, why and when. Anyone else is told the
// page is for moderators (the server answers them not-admin, whatever they ask).

import { t, num, personName, dateTime, factSep } from "../i18n.js";
import { h, link, toast } from "../dom.js";
import { api, ApiError } from "../api.js";
import { parseNumber } from "./new-table.js";

const ACTIONS = ["warn", "mute", "ban", "rename", "close", "dismiss", "lift"];

let forms = 0;

/** A name as the reader says it, isolated (a Latin name in a Persian sentence keeps its place). */
function who(name) {
  return name ? h("bdi", { dir: "auto" }, personName(name)) : "—";
}

/**
 * The form of one action. `report`: the report acted on (its player and table are the
 * defaults, and "dismiss" is offered); without one, the player and the table are typed in.
 * `done()` runs once the server has recorded it.
 */
function actionForm({ report = null, done }) {
  const n = ++forms;
  const id = (name) => `admin-${n}-${name}`;
  const offered = ACTIONS.filter((a) => (report ? a !== "lift" && (a !== "close" || report.table) : a !== "dismiss"));
  const action = h("select", { id: id("action"), dataset: { testid: "admin-action" } }, offered.map((a) => h("option", { value: a }, t(`admin.action.${a}`))));
  // Text, read by parseNumber: Persian digits typed on a Persian keyboard count too.
  const minutes = h("input", { id: id("minutes"), type: "text", inputmode: "numeric", dir: "ltr", class: "num-input", autocomplete: "off", dataset: { testid: "admin-minutes" } });
  const minutesField = h("div", { class: "field admin-minutes" }, h("label", { for: minutes.id }, t("admin.minutes")), minutes, h("small", { class: "hint" }, ""));
  const reason = h("input", { id: id("reason"), type: "text", maxlength: 200, required: true, dir: "auto", dataset: { testid: "admin-reason" } });
  const player = report ? null : h("input", { id: id("player"), type: "text", maxlength: 40, dir: "auto", dataset: { testid: "admin-player" } });
  const table = report ? null : h("input", { id: id("table"), type: "text", maxlength: 16, dir: "ltr", dataset: { testid: "admin-table" } });
  const problem = h("p", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "admin-error" } });
  const apply = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "admin-apply" } }, t("admin.apply"));
  const showFields = () => {
    const chosen = action.value;
    minutesField.hidden = chosen !== "mute" && chosen !== "ban";
    minutesField.querySelector("small").textContent = chosen === "ban" ? t("admin.banForGood") : "";
    if (player) player.closest(".field").hidden = chosen === "close";
    if (table) table.closest(".field").hidden = chosen !== "close";
  };
  const form = h(
    "form",
    { class: "admin-form", novalidate: true },
    player ? h("div", { class: "field" }, h("label", { for: player.id }, t("admin.player")), player) : null,
    table ? h("div", { class: "field" }, h("label", { for: table.id }, t("admin.table")), table) : null,
    h("div", { class: "field" }, h("label", { for: action.id }, t("admin.what")), action),
    minutesField,
    h("div", { class: "field admin-reason" }, h("label", { for: reason.id }, t("admin.reason")), reason),
    h("div", { class: "admin-apply" }, apply),
    problem,
  );
  action.addEventListener("change", showFields);
  showFields();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    if (!reason.value.trim()) {
      problem.textContent = t("admin.needReason");
      problem.hidden = false;
      reason.focus();
      return;
    }
    const body = { action: action.value, reason: reason.value.trim() };
    if (report) body.report = report.id;
    if (player && player.value.trim() && action.value !== "close") body.player = player.value.trim();
    if (table && table.value.trim() && action.value === "close") body.table = table.value.trim();
    const wanted = parseNumber(minutes.value);
    if ((action.value === "mute" || action.value === "ban") && wanted >= 1) body.minutes = Math.min(Math.round(wanted), 60 * 24 * 3650);
    if (action.value === "mute" && !body.minutes) body.minutes = 60;
    apply.disabled = true;
    try {
      await api("/api/admin/actions", { body });
      toast(t("admin.done"));
      await done();
    } catch (err) {
      problem.textContent = err instanceof ApiError ? err.message : t("error.generic");
      problem.hidden = false;
    } finally {
      apply.disabled = false;
    }
  });
  return form;
}

function reportCard(report, done) {
  const quoted = report.quoted ? h("blockquote", { class: "report-quote", dataset: { testid: "report-quoted" } }, h("bdi", { dir: "auto" }, report.quoted)) : null;
  return h(
    "article",
    { class: "panel report-card", dataset: { testid: "admin-report", id: String(report.id) } },
    h(
      "p",
      { class: "report-head" },
      h("span", { class: "tag" }, t(`admin.kind.${report.kind}`)),
      " ",
      h("span", { class: "tag tag-reason" }, t(`report.reason.${report.reason}`)),
      " ",
      h("span", { class: "muted nowrap" }, dateTime(report.created)),
    ),
    h("p", { class: "report-who" }, t("admin.reported"), " ", link(`/u/${encodeURIComponent(report.player)}`, who(report.player)), factSep(), h("span", { class: "muted" }, t("admin.by"), " ", who(report.reporter))),
    quoted,
    report.text ? h("p", { class: "report-text" }, h("bdi", { dir: "auto" }, report.text)) : null,
    report.table ? h("p", { class: "muted" }, t("admin.atTable"), " ", link(`/t/${encodeURIComponent(report.table)}`, h("bdi", { dir: "ltr" }, report.table))) : null,
    actionForm({ report, done }),
  );
}

function auditTable(entries) {
  if (!entries.length) return h("p", { class: "muted", dataset: { testid: "admin-audit-empty" } }, t("admin.auditEmpty"));
  const until = (e) => (e.forever ? t("admin.forever") : e.until ? dateTime(e.until) : e.renamed_to ? who(e.renamed_to) : "—");
  // A region that may scroll sideways on a phone: reachable with the keyboard, and named.
  return h(
    "div",
    { class: "table-scroll", tabindex: 0, role: "region", "aria-label": t("admin.audit") },
    h(
      "table",
      { class: "data-table admin-audit", dataset: { testid: "admin-audit" } },
      h("thead", {}, h("tr", {}, ["admin.when", "admin.actor", "admin.what", "admin.player", "admin.reason", "admin.until"].map((k) => h("th", { scope: "col" }, t(k))))),
      h(
        "tbody",
        {},
        entries.map((e) => {
          // Each cell names its column too: on a phone a row is a card of labelled lines.
          const cell = (key, attrs, ...content) => h("td", { ...attrs, dataset: { label: t(key) } }, ...content);
          return h(
            "tr",
            { dataset: { testid: "admin-audit-row", action: e.action } },
            cell("admin.when", { class: "nowrap" }, dateTime(e.at)),
            cell("admin.actor", {}, who(e.actor)),
            cell("admin.what", { class: "nowrap" }, t(`admin.action.${e.action}`), e.report ? h("small", { class: "muted" }, ` #${num(e.report)}`) : null),
            cell("admin.player", {}, e.table ? h("bdi", { dir: "ltr" }, e.table) : who(e.player)),
            cell("admin.reason", {}, h("bdi", { dir: "auto" }, e.reason)),
            cell("admin.until", { class: "nowrap" }, until(e)),
          );
        }),
      ),
    ),
  );
}

export async function mount(main, ctx) {
  ctx.setTitle(t("admin.title"));
  main.append(h("h1", {}, t("admin.title")));
  let reports;
  try {
    reports = await api("/api/admin/reports");
  } catch (err) {
    if (err instanceof ApiError && (err.code === "not-admin" || err.code === "signed-out")) {
      main.append(h("p", { class: "panel", role: "alert", dataset: { testid: "admin-denied" } }, t("admin.denied")));
      return;
    }
    throw err;
  }
  if (!ctx.alive()) return;
  const reportsBox = h("section", { class: "admin-reports", dataset: { testid: "admin-reports" } });
  const auditBox = h("section", { class: "panel" });
  async function refresh(fresh = true) {
    const [open, audit] = await Promise.all([fresh ? api("/api/admin/reports") : reports, api("/api/admin/audit")]);
    if (!ctx.alive()) return;
    reportsBox.replaceChildren(
      h("h2", { class: "panel-title" }, t("admin.open", { n: num(open.length) })),
      ...(open.length ? open.map((r) => reportCard(r, refresh)) : [h("p", { class: "panel muted", dataset: { testid: "admin-no-reports" } }, t("admin.none"))]),
    );
    auditBox.replaceChildren(h("h2", { class: "panel-title" }, t("admin.audit")), auditTable(audit));
  }
  const other = h("section", { class: "panel" }, h("h2", { class: "panel-title" }, t("admin.other")), actionForm({ done: refresh }));
  main.append(reportsBox, other, auditBox);
  await refresh(false);
}

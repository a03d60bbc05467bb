// Reporting a player, one of their chat lines or their name to the moderators
// (POST /api/reports). A small dialog: what is reported (from a profile: the player's
// behaviour or their name), a reason from the fixed list, and a few optional words. The
// reported player never learns who reported them.

import { t, personName } from "./i18n.js";
import { h, toast } from "./dom.js";
import { api, ensureUser, ApiError } from "./api.js";

export const REASONS = ["abuse", "cheating", "spam", "offensive-name", "other"];
const MAX_WORDS = 200; // as a chat line (the server cleans and counts them the same way)

let dialogs = 0;

/**
 * Open the report dialog. `subject` is {kind: "player", player} (a profile: the dialog offers
 * "behaviour" or "name") or {kind: "chat", table, line, player} (one chat line, its author's
 * name for the title). Resolves once it is sent or closed.
 */
export function reportDialog(subject) {
  const n = ++dialogs;
  const id = (name) => `report-${n}-${name}`;
  const shown = `\u2068${personName(subject.player) || "?"}\u2069`;
  const about =
    subject.kind === "chat"
      ? null
      : h(
          "select",
          { id: id("about"), dataset: { testid: "report-about" } },
          h("option", { value: "player" }, t("report.aboutPlayer")),
          h("option", { value: "name" }, t("report.aboutName")),
        );
  const reason = h("select", { id: id("reason"), dataset: { testid: "report-reason" } }, REASONS.map((r) => h("option", { value: r }, t(`report.reason.${r}`))));
  const words = h("textarea", { id: id("text"), rows: 3, maxlength: MAX_WORDS, dir: "auto", dataset: { testid: "report-text" } });
  const problem = h("p", { class: "form-error", role: "alert", hidden: true, dataset: { testid: "report-error" } });
  const send = h("button", { type: "submit", class: "btn btn-primary", dataset: { testid: "report-send" } }, t("report.send"));
  const cancel = h("button", { type: "button", class: "btn", dataset: { testid: "report-cancel" } }, t("cancel"));
  const title = h("h2", { id: id("title") }, t(subject.kind === "chat" ? "report.titleLine" : "report.title", { name: shown }));
  const form = h(
    "form",
    { class: "form report-form", novalidate: true },
    title,
    subject.kind === "chat" && subject.quoted ? h("blockquote", { class: "report-quote" }, h("bdi", { dir: "auto" }, subject.quoted)) : null,
    about ? h("div", { class: "field" }, h("label", { for: about.id }, t("report.about")), about) : null,
    h("div", { class: "field" }, h("label", { for: reason.id }, t("report.reason")), reason),
    h("div", { class: "field" }, h("label", { for: words.id }, t("report.words")), words),
    h("p", { class: "hint" }, t("report.private")),
    problem,
    h("div", { class: "dialog-buttons" }, send, cancel),
  );
  const dialog = h("dialog", { class: "dialog report-dialog", "aria-labelledby": title.id, dataset: { testid: "report-dialog" } }, form);
  return new Promise((resolve) => {
    const close = (sent) => {
      dialog.close();
      dialog.remove();
      resolve(sent);
    };
    cancel.addEventListener("click", () => close(false));
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      close(false);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      send.disabled = true;
      problem.hidden = true;
      try {
        await ensureUser();
        const body = { kind: about ? about.value : "chat", reason: reason.value };
        if (subject.kind === "chat") Object.assign(body, { table: subject.table, line: subject.line });
        else body.player = subject.player;
        if (words.value.trim()) body.text = words.value.trim();
        await api("/api/reports", { body });
        close(true);
        toast(t("report.sent"));
      } catch (err) {
        problem.textContent = err instanceof ApiError ? err.message : t("error.generic");
        problem.hidden = false;
      } finally {
        send.disabled = false;
      }
    });
    document.body.append(dialog);
    dialog.showModal();
    reason.focus();
  });
}

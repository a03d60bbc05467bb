// Undo at the table: the button, its keyboard shortcut (Ctrl+Z, or U alone), and the log's
// moves taken back, struck through. The server decides: the button is on only while the
// state says `undo: true` (the last step is the player's own, in their turn, and revealed
// nothing); a refusal comes back as an error with its code (undo-barrier, undo-other, …),
// which the table shows like any other.

import { t } from "./i18n.js";
import { h } from "./dom.js";

/** Whether a key event asks for undo: Ctrl+Z / ⌘Z, or U (Persian keyboard: ع) alone. */
export function isUndoKey(event) {
  if (event.altKey || event.shiftKey) return false;
  const key = (event.key || "").toLowerCase();
  if (event.ctrlKey || event.metaKey) return key === "z" || event.code === "KeyZ";
  return key === "u" || key === "ع" || event.code === "KeyU";
}

/** Whether the key event was typed into a field (where Ctrl+Z is the field's own). */
function typing(event) {
  const target = event.target;
  return Boolean(target && target.closest && target.closest("input, textarea, select, [contenteditable]"));
}

/**
 * The table's Undo control. `send()` sends the undo (false when it could not); `state()` is
 * the latest state and `busy()` whether a message is on its way. Returns `{button, render,
 * close}`: `render()` after every state or change, `close()` when the page goes.
 */
export function undoControl({ send, state, busy }) {
  const button = h(
    "button",
    {
      type: "button",
      class: "btn btn-ghost undo-button",
      dataset: { testid: "undo" },
      title: t("undo.title"),
      "aria-label": t("undo.button"),
      "aria-keyshortcuts": "Control+Z U",
      hidden: true,
    },
    h("span", { class: "undo-icon", "aria-hidden": "true" }, "↶"),
    h("span", { class: "undo-label" }, t("undo.button")),
  );
  const allowed = () => {
    const last = state();
    return Boolean(last && last.undo === true && !busy());
  };
  const go = () => {
    if (allowed()) send();
  };
  button.addEventListener("click", go);
  const onKey = (event) => {
    if (!isUndoKey(event) || typing(event)) return;
    const last = state();
    if (!last || last.seat === null || last.seat === undefined) return;
    event.preventDefault();
    // Asked when not allowed, the server answers why (the toast says it): only while a
    // message is on its way is the key ignored.
    if (!busy()) send();
  };
  document.addEventListener("keydown", onKey);

  function render() {
    const last = state();
    const seated = Boolean(last && last.seat !== null && last.seat !== undefined);
    button.hidden = !seated || !last || Boolean(last.result) || last.status !== "playing";
    button.disabled = !allowed();
    button.dataset.allowed = String(Boolean(last && last.undo));
  }

  return { button, render, close: () => document.removeEventListener("keydown", onKey) };
}

/** Strike through the log lines of moves taken back (`state.undone`: their indices). */
export function markUndone(logList, state) {
  const undone = new Set((state && state.undone) || []);
  const items = logList.querySelectorAll(".log-line");
  items.forEach((item, i) => {
    const taken = undone.has(i);
    item.classList.toggle("log-undone", taken);
    if (taken) item.title = t("undo.undoneLine");
    else if (item.title === t("undo.undoneLine")) item.removeAttribute("title");
  });
}

/**
 * The replay's log up to frame `index` (each frame holding its own step's lines): the indices
 * of the lines of moves taken back, struck through wherever the replay stands.
 */
export function replayUndone(frames, index) {
  const found = new Set();
  let at = 0;
  for (let k = 0; k <= index && k < frames.length; k++) {
    const count = (frames[k].log || []).length;
    if (frames[k].undone) for (let i = 0; i < count; i++) found.add(at + i);
    at += count;
  }
  return found;
}

/** The tag beside the replay's step counter when the step shown was taken back later. */
export function undoneTag(frame) {
  if (!frame || !frame.undone) return null;
  return h("span", { class: "undone-tag", dataset: { testid: "replay-undone" } }, frame.undone_text || t("undo.frame"));
}

// The generic list of legal moves: one button per legal action with the server's label.
// It works for every game (a game without a renderer is played from it alone), carries
// data-action (the action as JSON) for tests, and is driven by the keyboard: 1–9 pick the
// n-th move, Enter plays the highlighted move (the only one, or "end turn").

import { t, num } from "./i18n.js";
import { h } from "./dom.js";

const END_MOVES = new Set(["end", "pass", "end-turn", "done"]);

/** The JSON of an action with its keys sorted: a stable key to compare actions by. */
export function actionKey(action) {
  const sort = (value) => {
    if (Array.isArray(value)) return value.map(sort);
    if (value && typeof value === "object") {
      const out = {};
      for (const key of Object.keys(value).sort()) out[key] = sort(value[key]);
      return out;
    }
    return value;
  };
  return JSON.stringify(sort(action));
}

/** Index of the move Enter plays: the only legal move, else the "end turn" one (or -1). */
export function defaultMove(legal) {
  if (!legal || !legal.length) return -1;
  if (legal.length === 1) return 0;
  return legal.findIndex((m) => m.action && END_MOVES.has(m.action.do));
}

/** Actions that differ only in a numeric `amount` form one group (a sentence + amount chips). */
function groupMoves(legal) {
  const groups = [];
  legal.forEach((move, index) => {
    const a = move.action || {};
    if (typeof a.amount === "number") {
      const { amount, ...rest } = a;
      const key = actionKey(rest);
      const last = groups[groups.length - 1];
      if (last && last.key === key) {
        last.items.push({ move, index });
        return;
      }
      groups.push({ key, items: [{ move, index }] });
      return;
    }
    groups.push({ key: null, items: [{ move, index }] });
  });
  return groups;
}

function moveButton(move, index, { onPick, highlight, compact, text }) {
  const key = actionKey(move.action);
  const attrs = {
    type: "button",
    class: ["move", highlight && "move-default", compact && "move-chip", move.action && move.action.do && `move-${move.action.do}`],
    // data-action: the action exactly as the server sent it (compact JSON, server key order).
    dataset: { testid: "legal-move", action: JSON.stringify(move.action), index: String(index), focusKey: `move:${key}` },
    title: move.label,
    onclick: () => onPick(move.action, index),
  };
  if (compact) attrs["aria-label"] = move.label;
  if (highlight) attrs["aria-keyshortcuts"] = "Enter";
  else if (index < 9) attrs["aria-keyshortcuts"] = String(index + 1);
  return h(
    "button",
    attrs,
    index < 9
      ? h("kbd", { class: "move-key", "aria-hidden": "true" }, num(index + 1))
      : compact ? null : h("span", { class: "move-key move-key-none", "aria-hidden": "true" }),
    h("span", { class: "move-label", dir: "auto" }, text ?? move.label),
    highlight ? h("span", { class: "move-enter", "aria-hidden": "true" }, "⏎") : null,
  );
}

/**
 * Fill `box` with the legal moves of `msg`; `onPick(action, index)` is called on a click.
 * Returns nothing; buttons are disabled while `busy`.
 */
export function renderMoves(box, msg, { onPick, busy = false, mapped = null } = {}) {
  box.replaceChildren();
  const legal = (msg && msg.legal) || [];
  if (!legal.length) {
    box.append(h("p", { class: "muted no-moves", dataset: { testid: "no-moves" } }, t("table.noMoves")));
    return;
  }
  const def = defaultMove(legal);
  const list = h("div", { class: "move-list", role: "group", "aria-label": t("table.moves"), dataset: { testid: "legal-moves" } });
  for (const group of groupMoves(legal)) {
    if (group.items.length === 1) {
      const { move, index } = group.items[0];
      const button = moveButton(move, index, { onPick, highlight: index === def });
      if (mapped && mapped.has(index)) button.classList.add("move-on-board");
      list.append(button);
      continue;
    }
    // A run of amounts: the sentence of the largest amount, then one chip per amount.
    const largest = group.items[group.items.length - 1];
    const row = h(
      "div",
      { class: "move-group", dataset: { testid: "move-group" } },
      h("span", { class: "move-group-label" }, largest.move.label),
      h(
        "div",
        { class: "move-chips" },
        group.items.map(({ move, index }) =>
          moveButton(move, index, { onPick, highlight: index === def, compact: true, text: num(move.action.amount) }),
        ),
      ),
    );
    list.append(row);
  }
  box.append(list, h("p", { class: "hint keys-hint" }, t("table.keysHelp")));
  if (busy) for (const b of box.querySelectorAll("button")) b.disabled = true;
}

const PERSIAN = "۰۱۲۳۴۵۶۷۸۹";
const ARABIC = "٠١٢٣٤٥٦٧٨٩";

/** Which digit a key event means (Latin, Persian or Arabic-Indic digits, or the key's code). */
function digitOf(event) {
  const k = event.key;
  if (/^[0-9]$/.test(k)) return Number(k);
  if (PERSIAN.includes(k)) return PERSIAN.indexOf(k);
  if (ARABIC.includes(k)) return ARABIC.indexOf(k);
  const m = /^(?:Digit|Numpad)([0-9])$/.exec(event.code || "");
  return m ? Number(m[1]) : null;
}

/** Whether `target` is a field the player types in (a key there is text, not a shortcut). */
export function typing(target) {
  if (!target || !(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

/**
 * Keyboard shortcuts for a move box: 1–9 click the n-th legal move, Enter the highlighted
 * one (unless focus is on another control, which Enter then activates as usual).
 * Returns a function that removes the listener.
 */
export function installMoveKeys(getBox) {
  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    const box = getBox();
    if (!box) return;
    const digit = digitOf(event);
    if (digit !== null && digit >= 1 && digit <= 9) {
      const button = box.querySelector(`[data-testid="legal-move"][data-index="${digit - 1}"]`);
      if (button && !button.disabled) {
        event.preventDefault();
        button.click();
      }
      return;
    }
    if (event.key === "Enter") {
      const active = document.activeElement;
      if (active && active !== document.body && active.matches("button, a[href], input, select, textarea, summary")) return;
      const button = box.querySelector(".move-default");
      if (button && !button.disabled) {
        event.preventDefault();
        button.click();
      }
    }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

// The move list as a drawer. Where a game's renderer draws the board, the board is how one
// plays and the full list of legal moves waits in a drawer, closed at first: a button in the
// table's head opens it (its badge counts the moves the board does not show), and so does the
// key M; Escape closes it; the arrow keys, Home and End walk its moves. A game without a
// renderer is played from the list, so there it starts open, beside the board as before.
// The digit keys and Enter (../moves.js) play from the list whether the drawer is open or not.

import { t, num } from "./i18n.js";
import { h, styleSheet } from "./dom.js";

const MOVE = '[data-testid="legal-move"]';
const CSS_ID = "table-layout-css";

/** The board-first table's styles (table-layout.css), linked once; settles once loaded. */
export function tableStyles() {
  return styleSheet(CSS_ID, new URL("./table-layout.css", import.meta.url).href);
}

function typing(target) {
  return target instanceof Element && Boolean(target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
}

/**
 * Make `panel` (the moves section, holding the list) a drawer. Returns
 * {toggle, update(opts), setOpen(open, {focus}), isOpen(), remove()}: `toggle` is the button to
 * place in the page; update({boardFirst, shown, legal, mapped}) is called after each render.
 */
export function movesDrawer(panel) {
  tableStyles();
  let open = null; // null until the first state decides; then the player's choice
  let boardFirst = false;
  let shown = false;

  const badge = h("span", { class: "moves-toggle-badge", dataset: { testid: "moves-off-board" }, hidden: true });
  const toggle = h(
    "button",
    {
      type: "button",
      class: "btn moves-toggle",
      dataset: { testid: "moves-toggle" },
      "aria-expanded": "false",
      "aria-keyshortcuts": "M",
      title: t("drawer.toggleTitle"),
      "aria-label": t("drawer.toggle"),
      hidden: true,
    },
    h("span", { class: "moves-toggle-icon", "aria-hidden": "true" }, "☰"),
    h("span", { class: "moves-toggle-label" }, t("drawer.toggle")),
    badge,
  );
  const close = h("button", { type: "button", class: "drawer-close", dataset: { testid: "moves-close" }, "aria-label": t("close"), title: t("drawer.close") }, "×");
  const title = panel.querySelector(".panel-title");
  if (title) title.after(close);
  else panel.prepend(close);
  panel.id = panel.id || "moves-drawer";
  toggle.setAttribute("aria-controls", panel.id);

  function paint() {
    const isOpen = Boolean(open);
    panel.hidden = !shown || (boardFirst && !isOpen);
    panel.classList.toggle("moves-drawer", boardFirst);
    panel.dataset.open = String(boardFirst ? isOpen : true);
    close.hidden = !boardFirst;
    toggle.hidden = !shown || !boardFirst;
    toggle.setAttribute("aria-expanded", String(boardFirst && isOpen));
    toggle.classList.toggle("is-open", boardFirst && isOpen);
    document.body.classList.toggle("moves-drawer-open", shown && boardFirst && isOpen);
  }

  function setOpen(value, { focus = false } = {}) {
    open = Boolean(value);
    paint();
    if (!focus) return;
    if (open) {
      const first = panel.querySelector(`${MOVE}.move-default:enabled`) || panel.querySelector(`${MOVE}:enabled`) || close;
      first.focus();
    } else if (!toggle.hidden) toggle.focus();
  }

  toggle.addEventListener("click", () => setOpen(!open, { focus: true }));
  close.addEventListener("click", () => setOpen(false, { focus: true }));

  function update({ boardFirst: first, shown: visible, legal = [], mapped = null }) {
    boardFirst = Boolean(first);
    shown = Boolean(visible);
    if (open === null && shown) open = !boardFirst;
    const offBoard = mapped ? legal.filter((_, i) => !mapped.has(i)).length : legal.length;
    badge.hidden = !boardFirst || !legal.length || offBoard === 0;
    badge.textContent = num(offBoard);
    badge.title = t("drawer.offBoard", { n: offBoard });
    toggle.dataset.offBoard = String(offBoard);
    paint();
  }

  const onKey = (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target) || document.querySelector("dialog[open]")) return;
    // KeyM: the same key on a Persian keyboard (where it writes «پ»).
    if ((event.key === "m" || event.key === "M" || event.code === "KeyM") && shown && boardFirst) {
      event.preventDefault();
      setOpen(!open, { focus: true });
      return;
    }
    if (event.key === "Escape" && boardFirst && open) {
      event.preventDefault();
      setOpen(false, { focus: true });
      return;
    }
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
    if (panel.hidden || !(event.target instanceof Element) || !event.target.closest(MOVE) || !panel.contains(event.target)) return;
    const moves = [...panel.querySelectorAll(`${MOVE}:enabled`)];
    const at = moves.indexOf(event.target);
    if (!moves.length) return;
    let next = at;
    if (event.key === "ArrowDown") next = (at + 1) % moves.length;
    else if (event.key === "ArrowUp") next = (at - 1 + moves.length) % moves.length;
    else if (event.key === "Home") next = 0;
    else next = moves.length - 1;
    event.preventDefault();
    moves[next].focus();
  };
  document.addEventListener("keydown", onKey);

  return {
    toggle,
    update,
    setOpen,
    isOpen: () => Boolean(open),
    remove() {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("moves-drawer-open");
    },
  };
}

// The board by keyboard. Every card, token and zone one may touch is a button, so Enter or
// Space acts on it. Tab goes from zone to zone of the board (a hand, the trade row, the token
// board: a role=group or a named section), one stop each — the card last used there, else its
// first — and within a zone the arrow keys walk its buttons in reading order, Home and End go
// to its first and last (a roving tab stop, as in a toolbar). Escape drops what is being built
// (the renderer's cancel button, marked data-cancel) and keeps the focus on the board.
//
//   installBoardKeys(boardElement)   // once; the renderers may redraw the board at will

const CONTROL = "button:not([disabled]), [tabindex='0'], [data-roving]";
const ZONE = "[role=group], [role=dialog], section[aria-label], section[aria-labelledby]";

function shown(node) {
  return node.getClientRects().length > 0 && getComputedStyle(node).visibility !== "hidden";
}

/** The controls of `zone` that belong to it, not to a zone inside it (a zone that takes the
 * focus itself, to scroll, is a stop of its own). */
function controlsOf(zone) {
  return [...zone.querySelectorAll(CONTROL)].filter(
    (node) => !node.matches(ZONE) && !node.disabled && node.parentElement.closest(ZONE) === zone && shown(node),
  );
}

/** A zone's name, the same from one drawing to the next. */
function zoneName(zone) {
  return `${zone.getAttribute("role") || zone.tagName}:${zone.getAttribute("aria-label") || zone.getAttribute("aria-labelledby") || ""}`;
}

/** Make `node` its zone's tab stop (`on`) or one the arrows reach; the attribute is written
 * only when it changes, so a drawing is followed by no attribute churn. */
function tabStop(node, on) {
  const index = on ? "0" : "-1";
  if (node.getAttribute("tabindex") !== index) node.setAttribute("tabindex", index);
}

/** One tab stop per zone: the control last focused in it (by its data-focus-key), else its
 * first; the others are reached with the arrows. */
function rove(board, last) {
  for (const zone of board.querySelectorAll(ZONE)) {
    const controls = controlsOf(zone);
    if (controls.length < 2) {
      for (const node of controls) if (node.dataset.roving !== undefined) tabStop(node, true);
      continue;
    }
    const key = last.get(zoneName(zone));
    const keep =
      controls.find((node) => node === document.activeElement) ||
      (key && controls.find((node) => node.dataset.focusKey === key)) ||
      controls[0];
    for (const node of controls) {
      if (node.dataset.roving === undefined) node.dataset.roving = "";
      tabStop(node, node === keep);
    }
  }
}

export function installBoardKeys(board) {
  const last = new Map(); // zone's name → the focus key last focused in it
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      rove(board, last);
    });
  };
  new MutationObserver(again).observe(board, { childList: true, subtree: true });
  board.addEventListener("focusin", (event) => {
    const node = event.target;
    const zone = node instanceof Element && node.parentElement && node.parentElement.closest(ZONE);
    if (!zone || !board.contains(zone) || node.matches(ZONE)) return;
    if (node.dataset.focusKey) last.set(zoneName(zone), node.dataset.focusKey);
    if (node.dataset.roving === undefined) return;
    for (const other of controlsOf(zone)) tabStop(other, other === node);
  });
  board.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (event.key === "Escape") {
      const cancel = [...board.querySelectorAll("[data-cancel]:not([disabled])")].find(shown);
      if (cancel) {
        event.preventDefault();
        // The board is drawn again: the focus goes back to where it was, or to the board.
        const key = target.closest("[data-focus-key]")?.dataset.focusKey;
        cancel.click();
        const same = key && board.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
        const back = same && !same.disabled ? same : [...board.querySelectorAll(CONTROL)].find((node) => !node.disabled && shown(node));
        if (back && !board.contains(document.activeElement)) back.focus();
      }
      return;
    }
    const rtl = getComputedStyle(board).direction === "rtl";
    const step = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    if (step === undefined && event.key !== "Home" && event.key !== "End") return;
    if (!target.matches(CONTROL)) return;
    const zone = target.parentElement && target.parentElement.closest(ZONE);
    if (!zone || !board.contains(zone)) return;
    const controls = controlsOf(zone);
    const at = controls.indexOf(target);
    if (at < 0 || controls.length < 2) return;
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = controls.length - 1;
    else next = (at + step + controls.length) % controls.length;
    event.preventDefault();
    controls[next].focus();
  });
}

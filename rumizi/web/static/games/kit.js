// What every game renderer needs besides its own game, written once: the page's language
// tools as the last call brought them, the renderer's stylesheet linked beside it, the last
// call kept to draw again after a click that only changes the board's selection, the
// selection itself (reset when the position changes) and how the board was last touched.
//
// It is a helper module, not a renderer: it exports no render, so ../renderers.js never
// takes it for a game (a table of a game called "kit" would get the generic move list).

import { h, svgIcon } from "../dom.js";

/**
 * The page's words, digits and language for one renderer. Each render(…) and renderCard(…)
 * starts with use(ctx) (ctx.lang, ctx.t, ctx.num: see ../renderers.js); w, n and lang then
 * answer with what that call brought, so the drawing functions need not pass ctx around.
 *
 *   const { use, w, n, lang } = pageWords();
 *   use(ctx);  w("turn", { n: 3 }) → "Turn 3";  n(-3) → "-3" (Persian digits in Persian)
 */
export function pageWords() {
  let tools = { lang: "fa", t: (key) => key, num: (value) => String(value) };
  return {
    use(ctx) {
      tools = ctx;
    },
    /** The renderer's words (its WORDS, then the page's), filled with vars. */
    w: (...args) => tools.t(...args),
    /** A number in the page's digits (a negative keeps its minus on the left). */
    n: (...args) => tools.num(...args),
    /** The page's language: "fa" or "en". */
    lang: () => tools.lang,
    /** A list's separator in the page's language. */
    comma: () => (tools.lang === "fa" ? "، " : ", "),
    /** The page's writing direction. */
    dir: () => (tools.lang === "fa" ? "rtl" : "ltr"),
  };
}

/**
 * A renderer's icons: `shapes` (name → [tag, attributes] pairs on a 24×24 grid, see
 * ../dom.js svgIcon) drawn with the classes `${prefix} ${prefix}-${name}` and any `extra`.
 *
 *   const icon = iconSet(ICONS, "sd-ic");  icon("crown", "big") → <svg class="sd-ic sd-ic-crown big">
 */
export function iconSet(shapes, prefix) {
  return (name, extra = "") => svgIcon(shapes[name], `${prefix} ${prefix}-${name} ${extra}`.trim());
}

/** linkCss(id, href): a renderer's stylesheet (`href`, beside the module), linked once as
 * <link id=…>; the promise settles once it has loaded (../dom.js styleSheet). */
export { styleSheet as linkCss } from "../dom.js";

/**
 * A control on the board (a card, a token, a zone) named the way a screen reader should say
 * it, with what touching it does as its description: `spoken` names it (the card's name,
 * faction, cost, effects…), `does` is the move it makes ("Play Gnat — 3 combat"), left out
 * when it says nothing more.
 *
 * The name comes from the control's own content, not from aria-label: the drawn face (its
 * cost, icons and numbers) is hidden from assistive technology and one visually hidden line
 * says it all instead, in reading order. An aria-label would have to repeat, word for word
 * and in place, every number printed on the face (WCAG 2.5.3, a label in its name), which
 * reads as noise; a face of pictures has no such text. Speech input still finds the card by
 * the words on it: the line starts with its name.
 *
 *   speak(el("button", {}, cost, name), "Gnat · Blob · Ship · cost 1", "Play Gnat")
 *   → <button aria-description="Play Gnat"><b aria-hidden>1</b>…<span class="sr-only">Gnat · …</span>
 */
export function speak(node, spoken, does = "") {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) {
      if (child.textContent.trim()) child.replaceWith(h("span", { "aria-hidden": "true" }, child.textContent));
    } else if (child.nodeType === Node.ELEMENT_NODE && !child.classList.contains("sr-only")) {
      child.setAttribute("aria-hidden", "true");
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      child.remove(); // a line the renderer wrote for this: `spoken` says it now
    }
  }
  node.append(h("span", { class: "sr-only" }, spoken));
  node.removeAttribute("aria-label");
  if (does && does !== spoken) node.setAttribute("aria-description", does);
  else node.removeAttribute("aria-description");
  return node;
}

/** The seat the page draws from below: the view's own viewer field, else the message's seat. */
export function viewerSeat(msg, view, field = "viewer") {
  if (typeof view[field] === "number") return view[field];
  return typeof msg.seat === "number" ? msg.seat : null;
}

/** seat → what the page calls it: "you" for the viewer, else the seat's name or "Player n". */
export function seatNamer(ctx, me) {
  return (q) => (q === me ? ctx.t("you") : (ctx.names && ctx.names.get(q)) || ctx.t("player", { n: q + 1 }));
}

/** The key of one position as the table delivers it: a selection lives until it changes. */
export function positionKey(msg) {
  return `${msg.table || ""}|${msg.version}|${(msg.legal || []).length}`;
}

/**
 * The renderer's last call, kept so that a click which only changes the selection (a token
 * picked, a card chosen) draws the same message again. While the table waits for the server
 * (ctx.busy) the redrawn buttons stay disabled, and the element the player was on (by its
 * data-focus-key) gets the focus back.
 */
export class LastCall {
  constructor(render) {
    this.render = render;
    this.call = null;
  }

  keep(root, msg, ctx) {
    this.call = { root, msg, ctx };
  }

  /** The data-focus-key of the focused element inside the board, if any. */
  focusedKey() {
    if (!this.call || typeof document === "undefined") return null;
    const active = document.activeElement;
    return active && this.call.root.contains(active) ? active.dataset.focusKey : null;
  }

  redraw(focusKey = null) {
    if (!this.call) return;
    const { root, msg, ctx } = this.call;
    this.render(root, msg, ctx);
    if (ctx.busy) for (const b of root.querySelectorAll("button")) b.disabled = true;
    if (focusKey) {
      const again = root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) again.focus();
    }
  }
}

/**
 * What the player is building on the board, kept across draws of one position: `blank()`
 * gives the fields' empty values (fresh arrays each time); the fields live on the object.
 *
 *   const sel = new Selection(() => ({ card: null, cards: [] }));
 *   sel.at(key);   // a new position: every field back to blank
 *   sel.clear();   // the same position, nothing chosen
 */
export class Selection {
  constructor(blank) {
    Object.defineProperty(this, "blank", { value: blank });
    this.key = null;
    Object.assign(this, blank());
  }

  clear() {
    Object.assign(this, this.blank());
    return this;
  }

  /** Nothing chosen, for the position `key`. */
  reset(key) {
    this.key = key;
    return this.clear();
  }

  /** Keep the selection while the position is `key`; a new one starts blank. */
  at(key) {
    if (this.key !== key) this.reset(key);
    return this;
  }
}

/**
 * How the board was last touched: a touch's first tap on a target only shows what it would
 * do (it is "armed"), the second does it; a mouse or a key acts at once. The kind is noted on
 * pointerdown and keydown, before the click they lead to.
 */
export class Pointer {
  constructor() {
    this.kind = "mouse";
    this.watched = new WeakSet();
  }

  get touch() {
    return this.kind === "touch";
  }

  /** Note the pointer of every press inside `node` (once per node). */
  watch(node) {
    if (this.watched.has(node)) return;
    this.watched.add(node);
    node.addEventListener("pointerdown", (event) => {
      this.kind = event.pointerType || "mouse";
    }, true);
    node.addEventListener("keydown", () => {
      this.kind = "keyboard";
    }, true);
  }
}

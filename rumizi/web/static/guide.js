// The first-game guide: a short real game against the easy bot in which a callout points at
// what to click and explains each kind of move the first time it becomes legal.
//
// Nothing here is scripted turn by turn. Each state the table draws goes through `step()`,
// which looks at what is legal now: the first kind of move (in the game's own order) not
// explained yet is the step; when no new kind is legal there is nothing to say and the
// callout hides. A kind counts as explained once the table moves on (a new state version)
// or the player says "got it". The game's words live in /static/guides/{game}.js beside the
// renderers (loaded on demand, as renderers.js does): a game without one has no guide.
//
// What the callout points at is found on the page, never assumed: first a board element whose
// data-action is one of the legal actions of the kind (every renderer marks its clickable
// cards so), then the kind's own selectors, then the button of the move list, else nothing
// (the callout then says where the move is). Renderers redraw at every state, so the target is
// looked up again after each redraw.
//
// The guide's progress is kept per table in localStorage, so a reload continues where it was,
// and the page offers "show the guide again" once it was skipped or finished.

import { t, lang } from "./i18n.js";
import { h } from "./dom.js";
import { actionKey } from "./moves.js";

const cache = new Map();

/** The guide data of `game` ({intro, kinds, enough}), or null when the game has none. */
export function loadGuide(game) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(game || "")) return Promise.resolve(null);
  if (!cache.has(game)) {
    cache.set(
      game,
      import(`/static/guides/${game}.js`).then(
        (mod) => (mod && mod.GUIDE && Array.isArray(mod.GUIDE.kinds) ? mod.GUIDE : null),
        () => null,
      ),
    );
  }
  return cache.get(game);
}

const CSS_ID = "guide-css";

function ensureStyles() {
  if (document.getElementById(CSS_ID)) return;
  const link = document.createElement("link");
  link.id = CSS_ID;
  link.rel = "stylesheet";
  link.href = new URL("./guide.css", import.meta.url).href;
  document.head.append(link);
}

// ---------------------------------------------------------------- progress, per table
const KEY = (table) => `rumizi.guide.${table}`;

function fresh() {
  return { on: true, intro: false, wait: false, done: false, explained: [], turns: 0 };
}

function loadRecord(table) {
  try {
    const raw = localStorage.getItem(KEY(table));
    const rec = raw ? JSON.parse(raw) : null;
    return rec && typeof rec === "object" && Array.isArray(rec.explained) ? { ...fresh(), ...rec } : null;
  } catch {
    return null;
  }
}

function saveRecord(table, rec) {
  try {
    localStorage.setItem(KEY(table), JSON.stringify(rec));
  } catch {
    // Private windows may refuse storage: the guide still runs, it just forgets on reload.
  }
}

// ---------------------------------------------------------------- what is the step now
/** Whether `action` is of `kind` (its `do`, and every field of `kind.where` if given). */
export function isKind(kind, action) {
  if (!action || action.do !== kind.do) return false;
  for (const [field, value] of Object.entries(kind.where || {})) if (action[field] !== value) return false;
  return true;
}

/**
 * The step the guide shows for `msg`: {type: "intro"|"kind"|"wait"|"done", kind?} or null.
 * `rec` is the table's progress, `guide` the game's data.
 */
export function step(guide, rec, msg) {
  if (!rec || !rec.on || !msg) return null;
  const seat = msg.seat;
  if (seat === null || seat === undefined) return null;
  if (msg.result) return rec.done ? null : { type: "done" };
  if (!rec.intro) return { type: "intro" };
  const legal = (msg.legal || []).map((m) => m.action);
  const mine = (msg.to_act || []).includes(seat) && legal.length > 0;
  if (!mine) return !rec.wait && rec.explained.length > 0 ? { type: "wait" } : null;
  const explained = new Set(rec.explained);
  const now = guide.kinds.filter((k) => legal.some((a) => isKind(k, a)));
  const nowIds = new Set(now.map((k) => k.id));
  // `after`: a kind best explained once those kinds are over (end the turn after playing).
  const next = now.find((k) => !explained.has(k.id) && !(k.after || []).some((id) => nowIds.has(id)));
  if (next) return { type: "kind", kind: next };
  const enough = guide.enough || [];
  if (!rec.done && (enough.every((id) => explained.has(id)) || rec.turns >= (guide.turns || 4))) return { type: "done" };
  return null;
}

// ---------------------------------------------------------------- finding what to point at
function visible(el) {
  if (!el || !el.isConnected || el.closest("[hidden]")) return false;
  if (el.disabled) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

function sameAction(a, b) {
  return actionKey(a) === actionKey(b);
}

function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Where the move of `kind` is on `page`: {el, where: "board"|"list"} or {el: null}.
 * The board wins over the move list; a hidden element (a closed drawer, a folded pile) is no
 * target, nor a disabled one.
 */
export function findTarget(page, kind, msg) {
  const actions = ((msg && msg.legal) || []).map((m) => m.action).filter((a) => isKind(kind, a));
  if (!actions.length) return { el: null };
  // Anywhere on the table but the move list: a renderer may draw the hand or the row outside
  // the board's box.
  const list = (el) => Boolean(el.closest('[data-testid="legal-moves"], [data-testid="moves"]'));
  const matches = (el) => {
    const a = parse(el.dataset.action);
    return a && actions.some((b) => sameAction(a, b));
  };
  for (const el of page.querySelectorAll("[data-action]")) if (!list(el) && matches(el) && visible(el)) return { el, where: "board" };
  for (const selector of kind.targets || []) {
    for (const el of page.querySelectorAll(selector)) if (!list(el) && visible(el)) return { el, where: "board" };
  }
  for (const el of page.querySelectorAll('[data-testid="legal-move"][data-action]')) if (matches(el) && visible(el)) return { el, where: "list" };
  return { el: null };
}

// ---------------------------------------------------------------- the callout
const PHONE = "(max-width: 37.5em)"; // em: a reader's larger text narrows the layout too
const GAP = 12;

/** Whether any ancestor of `el` (itself included) is fixed or sticky (scrolling won't move it). */
function pinned(el) {
  for (let node = el; node && node !== document.body; node = node.parentElement) {
    const pos = getComputedStyle(node).position;
    if (pos === "fixed" || pos === "sticky") return true;
  }
  return false;
}

function overlap(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Put `box` next to `target`: below or above it on a wide screen, aligned on the reading
 * side (right in Persian, left in English); docked at the bottom of a phone's screen, or at
 * its top when the target itself sits low in a pinned panel (the phone's moves sheet).
 */
function place(box, target, { scroll = false } = {}) {
  const rtl = document.documentElement.dir === "rtl";
  const phone = window.matchMedia(PHONE).matches;
  box.classList.remove("guide-docked", "guide-docked-top", "guide-floating");
  delete box.dataset.side;
  box.style.removeProperty("left");
  box.style.removeProperty("top");
  if (!target) {
    box.classList.add("guide-docked");
    return;
  }
  if (scroll) {
    const r = target.getBoundingClientRect();
    if (r.top < 60 || r.bottom > window.innerHeight - 20) target.scrollIntoView({ block: "center", inline: "nearest" });
  }
  if (phone) {
    box.classList.add("guide-docked");
    let r = target.getBoundingClientRect();
    let b = box.getBoundingClientRect();
    if (overlap(r, b) && !pinned(target)) {
      // Scroll the page so the target sits above the callout.
      window.scrollBy(0, r.bottom - b.top + GAP);
      r = target.getBoundingClientRect();
      b = box.getBoundingClientRect();
    }
    if (overlap(r, b)) {
      box.classList.remove("guide-docked");
      box.classList.add("guide-docked-top");
    }
    return;
  }
  box.classList.add("guide-floating");
  const w = box.offsetWidth;
  const bh = box.offsetHeight;
  let r = target.getBoundingClientRect();
  const short = window.innerHeight - (r.bottom + GAP + bh + 8);
  if (scroll && short < 0 && !pinned(target)) {
    // Make room below the target (keeping it clear of the page's header) when a step begins.
    window.scrollBy(0, Math.min(-short, Math.max(0, r.top - 80)));
    r = target.getBoundingClientRect();
  }
  const vw = document.documentElement.clientWidth;
  let left = rtl ? r.right - w : r.left;
  left = Math.max(8, Math.min(left, vw - w - 8));
  let top;
  if (r.bottom + GAP + bh <= window.innerHeight) {
    top = r.bottom + GAP;
    box.dataset.side = "below";
  } else if (r.top - GAP - bh >= 0) {
    top = r.top - GAP - bh;
    box.dataset.side = "above";
  } else {
    // A tall target (a whole hand or board): beside it, on the side with more room (the
    // reading side on a tie), else docked.
    const rightRoom = vw - r.right;
    const leftRoom = r.left;
    const right = rightRoom === leftRoom ? rtl : rightRoom > leftRoom;
    if (Math.max(rightRoom, leftRoom) < w + GAP) {
      box.classList.remove("guide-floating");
      box.classList.add("guide-docked");
      return;
    }
    left = right ? r.right + GAP : r.left - GAP - w;
    top = Math.max(8, Math.min(r.top, window.innerHeight - bh - 8));
  }
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

/**
 * Run the guide on a table page. `page` is the table's root element, `table` its id, `game`
 * the game's id, `start` whether the address asked for the guide (?guide=1).
 * Returns {update(msg), destroy()}; update is called after every redraw of the table.
 */
export function installGuide({ page, table, game, start = false }) {
  let guide = null;
  let rec = loadRecord(table);
  if (!rec && start) {
    rec = fresh();
    saveRecord(table, rec);
  }
  let last = null;
  let shown = null; // {type, kind?, version}
  let target = null;
  let states = 0;
  let wasMine = false;
  let destroyed = false;

  const root = h("div", { class: "guide-root", dataset: { testid: "guide", states: "0" } });
  const box = h("section", {
    class: "guide-callout",
    role: "dialog",
    "aria-modal": "false",
    "aria-live": "polite",
    hidden: true,
    dataset: { testid: "guide-callout" },
  });
  root.append(box);
  const reopen = h(
    "button",
    { type: "button", class: "btn btn-small guide-reopen", hidden: true, dataset: { testid: "guide-reopen" } },
    t("guide.reopen"),
  );
  reopen.addEventListener("click", () => {
    rec = fresh();
    saveRecord(table, rec);
    shown = null;
    refresh(true);
  });

  const save = () => saveRecord(table, rec);

  function clearTarget() {
    for (const el of document.querySelectorAll(".guide-target")) el.classList.remove("guide-target");
    target = null;
  }

  function hide() {
    box.hidden = true;
    box.replaceChildren();
    document.body.classList.remove("guide-open");
    clearTarget();
    shown = null;
  }

  function skip() {
    if (!rec) return;
    rec.on = false;
    save();
    hide();
    reopen.hidden = false;
  }

  /** Mark the shown step as done (the player moved on or said "got it"). */
  function settle() {
    if (!shown || !rec) return;
    if (shown.type === "intro") rec.intro = true;
    else if (shown.type === "wait") rec.wait = true;
    else if (shown.type === "kind" && !rec.explained.includes(shown.kind.id)) rec.explained.push(shown.kind.id);
    else if (shown.type === "done") {
      rec.done = true;
      rec.on = false;
    }
    save();
  }

  function text(kind) {
    const words = kind[lang()] || kind.en || kind.fa || {};
    return { title: words.title || "", text: words.text || "" };
  }

  function draw(s) {
    const code = lang();
    let title = "";
    let body = [];
    let primary = t("guide.gotIt");
    if (s.type === "intro") {
      title = t("guide.introTitle");
      body = [(guide.intro && (guide.intro[code] || guide.intro.en)) || "", t("guide.introText")];
      primary = t("guide.start");
    } else if (s.type === "wait") {
      title = t("guide.waitTitle");
      body = [t("guide.waitText")];
      primary = t("guide.ok");
    } else if (s.type === "done") {
      title = t("guide.doneTitle");
      body = [last && last.result ? t("guide.doneOver") : t("guide.doneText")];
      primary = t("guide.close");
    } else {
      const words = text(s.kind);
      title = words.title;
      body = [words.text];
      if (!target) body.push(t("guide.noTarget"));
      else if (target.dataset.testid === "legal-move") body.push(t("guide.inList"));
    }
    const next = h("button", { type: "button", class: "btn btn-primary btn-small", dataset: { testid: "guide-next" } }, primary);
    next.addEventListener("click", () => {
      settle();
      hide();
      if (rec && !rec.on) reopen.hidden = false;
      refresh(false);
    });
    const skipButton = s.type === "done"
      ? null
      : h("button", { type: "button", class: "btn btn-ghost btn-small", dataset: { testid: "guide-skip" }, title: "Esc" }, t("guide.skip"));
    if (skipButton) skipButton.addEventListener("click", skip);
    box.replaceChildren(
      h("p", { class: "guide-kicker" }, t("guide.label")),
      h("h2", { class: "guide-title", dataset: { testid: "guide-title" } }, title),
      ...body.filter(Boolean).map((p) => h("p", { class: "guide-text", dataset: { testid: "guide-text" } }, p)),
      h("div", { class: "guide-actions" }, next, skipButton),
    );
    box.dataset.step = s.type;
    box.dataset.kind = s.kind ? s.kind.id : "";
    box.setAttribute("aria-label", `${t("guide.label")}: ${title}`);
  }

  /** Light up where the move of the step is (nothing for intro, wait and done). */
  function locate(s) {
    const found = s.type === "kind" ? findTarget(page, s.kind, last) : { el: null };
    if (found.el === target) return false;
    clearTarget();
    target = found.el;
    if (target) target.classList.add("guide-target");
    return true;
  }

  function pointAt(s, scroll) {
    // The words say where the move is (board, list, nowhere in sight): rewrite them if that
    // changed.
    if (locate(s)) draw(s);
    place(box, target, { scroll });
  }

  /** Work out the step for the latest state and show it (or hide the callout). */
  function refresh(fromState) {
    if (destroyed || !guide) return;
    reopen.hidden = !rec || rec.on;
    if (!rec || !rec.on || !last) {
      hide();
      return;
    }
    const s = step(guide, rec, last);
    if (!s) {
      hide();
      return;
    }
    const same = shown && shown.type === s.type && (shown.kind ? shown.kind.id : "") === (s.kind ? s.kind.id : "");
    if (!same || fromState) {
      if (!same) shown = { ...s, version: last.version };
      locate(s);
      draw(s);
      box.hidden = false;
      document.body.classList.add("guide-open");
      place(box, target, { scroll: !same });
    }
  }

  function update(msg) {
    if (destroyed) return;
    const moved = last && msg.version !== last.version;
    last = msg;
    states += 1;
    root.dataset.states = String(states);
    if (!rec) return;
    const seat = msg.seat;
    const mine = seat !== null && seat !== undefined && (msg.to_act || []).includes(seat) && (msg.legal || []).length > 0;
    if (mine && !wasMine && rec.on && rec.intro) {
      rec.turns += 1;
      save();
    }
    wasMine = mine;
    // The table moved on since the step was shown: it is done (a wait step ends with the turn;
    // the welcome and the last word wait for their button, whatever the bot does meanwhile).
    if (shown && moved && shown.version !== msg.version && shown.type !== "done" && shown.type !== "intro") {
      if (shown.type !== "wait" || mine) {
        settle();
        shown = null;
      }
    }
    refresh(true);
  }

  const onKey = (event) => {
    if (event.key !== "Escape" || box.hidden || document.querySelector("dialog[open]")) return;
    event.preventDefault();
    skip();
  };
  document.addEventListener("keydown", onKey);

  // Renderers redraw the board and the move list on their own (a busy flag, a selection):
  // find the target again when the one pointed at left the page.
  let pending = false;
  const observer = new MutationObserver(() => {
    if (pending || box.hidden || !shown) return;
    if (target && target.isConnected) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (!box.hidden && shown && last) pointAt(shown, false);
    });
  });
  observer.observe(page, { childList: true, subtree: true });
  const onResize = () => {
    if (!box.hidden && shown) pointAt(shown, false);
  };
  window.addEventListener("resize", onResize);

  if (rec) ensureStyles();
  document.body.append(root);
  // A table the guide never ran at needs neither its words nor the reopen button.
  if (rec) (page.querySelector(".table-head") || page).append(reopen);
  (rec ? loadGuide(game) : Promise.resolve(null)).then((data) => {
    if (destroyed) return;
    guide = data;
    if (!guide) {
      reopen.remove();
      return;
    }
    refresh(true);
  });

  return {
    update,
    destroy() {
      destroyed = true;
      observer.disconnect();
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("resize", onResize);
      clearTarget();
      document.body.classList.remove("guide-open");
      root.remove();
      reopen.remove();
    },
  };
}

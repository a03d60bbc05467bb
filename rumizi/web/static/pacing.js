// Pacing: other players' and bots' moves are shown one step at a time, so a bot's whole turn
// can be followed on the board, not only in the log.
//
// The table's line (transport.js) tags each state with its origin. A state of someone else's
// move ("other") waits in a queue and is drawn step by step, with motion: the table hands
// `show` a drawing function and the pacer animates what it changed. Our own move ("own") and
// a connection's first state ("sync") are drawn at once and drop the queue, so nobody ever
// acts on a stale board. While states wait, the board shows the older ones without legal
// moves, and the table asks `idle` before it sends an action.
//
// A step is timed by what it changes (changeOf, planSteps): a move that changes only its
// player's own things (a card played from the hand: the hand, the cards in play, the pools)
// is "quiet", a short step, and up to `batch` quiet moves of one player in a row are drawn
// as one step, their cards moving together and their log lines lit together; a move that
// changes anything else (a card bought from the shared row, an attack on another player's
// authority, the turn passing) is "loud", a longer step. A bot's Star Realms turn (five
// plays, an attack, a buy or two, the end) took 5.8 s to watch at "normal" when every move
// was a 650 ms step, and takes 2.1 s (medians of 105 recorded turns of the strong bot;
// bench/pacing_schedule.py computes both from pacing.js itself).
//
// The motion is generic, driven by data attributes the renderers put on their elements:
//   data-key or data-card   a thing that can move (a card, a token): drawn again at another
//                           place, it glides there (FLIP: measure First and Last, Invert, Play);
//                           new, it grows in, or flies out of a pile that shrank; gone, a ghost
//                           of it flies into a pile that grew, or fades where it was;
//   data-count-key + data-count   a number (authority, points, a pile's size): it counts from
//                           the old value to the new one and flashes up or down;
//   data-pile               on such a number: it is a pile things fly into or out of ("*"
//                           both ways, "in" or "out" one way, any other word: only things whose
//                           key is that word).
// Under prefers-reduced-motion, in a hidden tab or at the "instant" speed, states are drawn
// at once without motion.

import { t, num } from "./i18n.js";
import { h } from "./dom.js";

/**
 * Each speed, in milliseconds: how long a quiet step and a loud one stay before the next,
 * the longest motion, and how many quiet moves of one player may share a step.
 */
export const SPEEDS = {
  normal: { quiet: 300, loud: 500, motion: 420, batch: 6 },
  fast: { quiet: 100, loud: 200, motion: 180, batch: 10 },
  instant: { quiet: 0, loud: 0, motion: 0, batch: Infinity },
};
const STORE_KEY = "rumizi.pace";

/** The speed the player chose (kept in localStorage), "normal" when none. */
export function getSpeed() {
  try {
    const saved = localStorage.getItem(STORE_KEY);
    if (saved && Object.hasOwn(SPEEDS, saved)) return saved;
  } catch {
    // storage refused (private mode): the default
  }
  return "normal";
}

export function setSpeed(speed) {
  if (!Object.hasOwn(SPEEDS, speed)) return;
  try {
    localStorage.setItem(STORE_KEY, speed);
  } catch {
    // not kept; this page still uses it
  }
}

const reducedMotion = () => Boolean(globalThis.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);

// ------------------------------------------------------------------ the schedule
// Keys of a view that say whose turn it is, not what lies on the board.
const TURN_KEYS = new Set(["to_act", "current", "turn", "viewer"]);

/** The one seat whose move a state awaits (its `to_act`), or null (none, or several). */
export function actorOf(msg) {
  const acting = Array.isArray(msg && msg.to_act) ? msg.to_act : msg && msg.view && typeof msg.view.to_act === "number" ? [msg.view.to_act] : [];
  return acting.length === 1 ? acting[0] : null;
}

const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What the move from state `before` to state `after` changed: "quiet" when only the mover's
 * own things (its entry of the view's `players`, and whose turn it is) changed, else "loud".
 */
export function changeOf(before, after) {
  const actor = actorOf(before);
  const a = before && before.view;
  const b = after && after.view;
  if (actor === null || !a || !b) return "loud";
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (TURN_KEYS.has(key) || same(a[key], b[key])) continue;
    const players = key === "players" && Array.isArray(a.players) && Array.isArray(b.players) && a.players.length === b.players.length;
    if (players && a.players.every((p, seat) => seat === actor || same(p, b.players[seat]))) continue;
    return "loud";
  }
  return "quiet";
}

/**
 * The steps that show `queue` after the state `shown`, at `pace` (one of SPEEDS): each
 * {take, kind, ms} draws the next `take` states at once (the last of them) and stays `ms`.
 * A loud move is a step of its own; quiet moves of one player in a row share a step, up to
 * `pace.batch` of them.
 */
export function planSteps(shown, queue, pace) {
  const steps = [];
  let before = shown;
  let i = 0;
  while (i < queue.length) {
    const kind = changeOf(before, queue[i]);
    let take = 1;
    if (kind === "quiet") {
      const actor = actorOf(before);
      while (i + take < queue.length && take < pace.batch && actorOf(queue[i + take - 1]) === actor && changeOf(queue[i + take - 1], queue[i + take]) === "quiet") take += 1;
    }
    steps.push({ take, kind, ms: kind === "quiet" ? pace.quiet : pace.loud });
    before = queue[i + take - 1];
    i += take;
  }
  return steps;
}

/**
 * How long `queue` takes to watch after `shown` at `pace`: the time until its last state is
 * drawn (what follows the last step is the next player's own time); `rest`: a pause first
 * (after one's own move the pacer rests one quiet step before the first move of the others).
 */
export function watchTime(shown, queue, pace, rest = 0) {
  const steps = planSteps(shown, queue, pace);
  return rest + steps.slice(0, -1).reduce((sum, step) => sum + step.ms, 0);
}

// ------------------------------------------------------------------ the queue
/**
 * The pacer of one table. `board`: the element whose children move; `host`: where the step
 * count is written (data-pace-step, data-pace-wait, data-pace-version, data-pace-queue, for
 * tests and styles);
 * `logList`: the log, whose new lines light up step by step; `draw(msg)`: draw a state.
 * Returns {push(msg), flush(), idle, control, close()}.
 */
export function createPacer({ board, host, logList, draw }) {
  let queue = [];
  let timer = null;
  let shown = null; // the state on the board now
  let steps = 0;
  let waiting = 0;
  let speed = getSpeed();

  const current = () => (reducedMotion() || document.visibilityState === "hidden" ? SPEEDS.instant : SPEEDS[speed]);

  // ---- the "faster" control, and a skip button while moves wait
  const buttons = Object.keys(SPEEDS).map((key) =>
    h(
      "button",
      { type: "button", class: "btn btn-small pace-btn", "aria-pressed": String(key === speed), dataset: { testid: "pace-speed", pace: key }, onclick: () => choose(key) },
      t(`pace.${key}`),
    ),
  );
  const skip = h("button", { type: "button", class: "btn btn-small btn-ghost pace-skip", dataset: { testid: "pace-skip" }, hidden: true, onclick: () => flush() }, t("pace.skip"));
  const left = h("span", { class: "pace-left muted", "aria-live": "off" });
  const control = h(
    "div",
    { class: "pace", role: "group", "aria-label": t("pace.label"), dataset: { testid: "pace" } },
    h("span", { class: "pace-label" }, t("pace.label")),
    h("span", { class: "pace-speeds" }, buttons),
    left,
    skip,
  );

  function choose(key) {
    speed = key;
    setSpeed(key);
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.pace === key));
    if (key === "instant") flush();
  }

  function mark() {
    // What is drawn and what waits, for tests and for anyone reading the page's state.
    const newest = queue.length ? queue[queue.length - 1] : shown;
    host.dataset.paceStep = String(steps);
    host.dataset.paceWait = String(waiting); // how long the step on the board stays (ms)
    host.dataset.paceVersion = shown ? String(shown.version) : "";
    host.dataset.paceOrigin = shown ? shown.origin || "" : "";
    host.dataset.paceQueue = String(queue.length);
    host.dataset.paceNewest = newest ? String(newest.version) : "";
    host.dataset.paceTurn = newest && (newest.legal || []).length ? "mine" : "";
    skip.hidden = queue.length === 0;
    left.textContent = queue.length ? t("pace.showing", { n: num(queue.length) }) : "";
  }

  /** Draw `msg`; `lit`: whether its new log lines light up; `motion`: ms of animation (0: none). */
  function show(msg, { lit, motion }) {
    const logFrom = shown && Array.isArray(shown.log) ? shown.log.length : 0;
    const before = motion > 0 ? snapshot(board) : null;
    shown = msg;
    steps += 1;
    // A state with more behind it is history: no moves may be chosen on it.
    draw(queue.length ? { ...msg, legal: [] } : msg);
    if (before) animate(before, board, motion);
    if (logList) light(logList, lit ? logFrom : null);
    mark();
  }

  function pump() {
    timer = null;
    waiting = 0;
    if (!queue.length) return mark();
    const pace = current();
    if (pace.loud === 0) {
      const last = queue[queue.length - 1];
      queue = [];
      return show(last, { lit: true, motion: 0 });
    }
    // The next step: a loud move alone, or a few quiet ones of one player together.
    const [next] = planSteps(shown, queue, pace);
    const drawn = queue.splice(0, next.take);
    waiting = next.ms;
    show(drawn[drawn.length - 1], { lit: true, motion: Math.min(pace.motion, next.ms) });
    timer = setTimeout(pump, next.ms);
  }

  /** Draw what waits at once (the newest state); true when something waited. */
  function flush() {
    clearTimeout(timer);
    timer = null;
    waiting = 0;
    if (!queue.length) return false;
    const last = queue[queue.length - 1];
    queue = [];
    show(last, { lit: true, motion: 0 });
    return true;
  }

  function push(msg) {
    const origin = msg.origin || "other";
    if (origin === "presence") {
      // Only the seats' dots changed: they ride along with what waits.
      if (queue.length) queue = queue.map((m) => ({ ...m, seats: msg.seats }));
      else {
        shown = msg;
        draw(msg);
      }
      return;
    }
    if (origin !== "other") {
      // Our own move or a fresh connection: at once, and nothing older is shown after it.
      clearTimeout(timer);
      timer = null;
      queue = [];
      waiting = 0;
      show(msg, { lit: false, motion: 0 });
      // After our own move, a quiet step's rest before the next player's first move comes.
      const rest = current().quiet;
      waiting = origin === "own" ? rest : 0;
      if (origin === "own" && rest > 0) timer = setTimeout(pump, rest);
      mark();
      return;
    }
    queue.push(msg);
    if (!timer) return pump();
    // What is drawn is no longer the newest: its moves go until the newest is shown.
    if (queue.length === 1 && shown && (shown.legal || []).length) draw({ ...shown, legal: [] });
    mark();
  }

  const onHidden = () => {
    if (document.visibilityState === "hidden") flush();
  };
  document.addEventListener("visibilitychange", onHidden);

  return {
    push,
    flush,
    get idle() {
      return queue.length === 0;
    },
    control,
    close() {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onHidden);
    },
  };
}

/** Light the log lines from index `from` on (those of the step just drawn); null: none. */
function light(logList, from) {
  const lines = logList.querySelectorAll(".log-line");
  lines.forEach((li, i) => li.classList.toggle("pace-lit", from !== null && i >= from));
}

// ------------------------------------------------------------------ motion
const MOVABLE = "[data-key], [data-card]";
const keyOf = (el) => el.dataset.key || el.dataset.card;

function visible(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? r : null;
}

/** Where every movable thing and number of `root` is now. */
function snapshot(root) {
  const items = [];
  for (const el of root.querySelectorAll(MOVABLE)) {
    // A card inside a card (a mini icon) moves with its parent.
    if (el.parentElement && el.parentElement.closest(MOVABLE)) continue;
    const rect = visible(el);
    if (rect) items.push({ el, key: keyOf(el), rect });
  }
  const counts = new Map();
  for (const el of root.querySelectorAll("[data-count-key]")) counts.set(el.dataset.countKey, { value: Number(el.dataset.count), rect: visible(el) });
  return { items, counts };
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
function distance(a, b) {
  const p = centre(a);
  const q = centre(b);
  return Math.hypot(p.x - q.x, p.y - q.y);
}

/** The nearest pile of `piles` with room that takes a thing of `key` (its room shrinks). */
function nearestPile(piles, key, rect, way) {
  let best = null;
  for (const pile of piles) {
    if (pile.room <= 0) continue;
    const of = pile.of || "*";
    if (of !== "*" && of !== way && of !== key) continue;
    const d = distance(pile.rect, rect);
    if (!best || d < best.d) best = { pile, d };
  }
  if (best) best.pile.room -= 1;
  return best && best.pile;
}

/** A rectangle of `size`'s shape, small, in the middle of `at`. */
function shrunk(size, at, scale = 0.35) {
  const c = centre(at);
  const width = size.width * scale;
  const height = size.height * scale;
  return { left: c.x - width / 2, top: c.y - height / 2, width, height };
}

const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

/** Play the change from `before` to what `root` shows now. */
function animate(before, root, ms) {
  if (typeof Element === "undefined" || !Element.prototype.animate) return;
  const after = snapshot(root);

  // Numbers count; piles that grew or shrank take or give the things that left or came.
  const sinks = [];
  const sources = [];
  for (const el of root.querySelectorAll("[data-count-key]")) {
    const old = before.counts.get(el.dataset.countKey);
    const value = Number(el.dataset.count);
    if (!old || !Number.isFinite(value) || !Number.isFinite(old.value) || value === old.value) continue;
    countUp(el, old.value, value, ms);
    const rect = visible(el);
    if (el.dataset.pile !== undefined && rect) {
      const pile = { rect, of: el.dataset.pile, room: Math.abs(value - old.value) };
      if (value > old.value && pile.of !== "out") sinks.push(pile);
      if (value < old.value && pile.of !== "in") sources.push(pile);
    }
  }

  // Pair each thing with the nearest one of the same key drawn before.
  const olds = new Map();
  for (const o of before.items) {
    if (!olds.has(o.key)) olds.set(o.key, []);
    olds.get(o.key).push(o);
  }
  const pairs = [];
  for (const n of after.items) for (const o of olds.get(n.key) || []) pairs.push({ o, n, d: distance(o.rect, n.rect) });
  pairs.sort((a, b) => a.d - b.d);
  const oldUsed = new Set();
  const newUsed = new Set();
  for (const { o, n, d } of pairs) {
    if (oldUsed.has(o) || newUsed.has(n)) continue;
    oldUsed.add(o);
    newUsed.add(n);
    if (d > 1 || Math.abs(o.rect.width - n.rect.width) > 1) glide(n.el, o.rect, n.rect, ms);
  }
  for (const n of after.items) {
    if (newUsed.has(n)) continue;
    const source = nearestPile(sources, n.key, n.rect, "out");
    if (source) glide(n.el, shrunk(n.rect, source.rect), n.rect, ms, true);
    else n.el.animate([{ opacity: 0, transform: "scale(0.6)" }, { opacity: 1, transform: "none" }], { duration: ms, easing: EASE });
    n.el.classList.add("pace-new");
  }
  for (const o of before.items) {
    if (oldUsed.has(o)) continue;
    const sink = nearestPile(sinks, o.key, o.rect, "in");
    // Into the pile that took it, still visible as it lands; else it fades where it was.
    ghost(root, o, sink ? shrunk(o.rect, sink.rect, 0.5) : shrunk(o.rect, o.rect, 0.8), ms, sink ? 0.6 : 0);
  }
}

/** Move `el` (now at `to`) so it seems to come from `from`. */
function glide(el, from, to, ms, fade = false) {
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  el.animate(
    [
      { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${sx}, ${sy})`, opacity: fade ? 0.3 : 1, zIndex: 5 },
      { transformOrigin: "0 0", transform: "none", opacity: 1, zIndex: 5 },
    ],
    { duration: ms, easing: EASE },
  );
}

/** A copy of a thing that left, flying from where it was to `to`, then gone. */
function ghost(root, item, to, ms, opacity) {
  const copy = item.el.cloneNode(true);
  // The copy is only a picture: no test id, no action, not focusable, not read aloud.
  for (const node of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of [...node.getAttributeNames()]) if (name.startsWith("data-") || name === "id" || name === "title") node.removeAttribute(name);
  }
  copy.classList.add("pace-ghost");
  copy.setAttribute("aria-hidden", "true");
  copy.setAttribute("tabindex", "-1");
  const r = item.rect;
  Object.assign(copy.style, { position: "fixed", left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, margin: "0", pointerEvents: "none", zIndex: "40", boxSizing: "border-box" });
  root.append(copy);
  const dx = to.left - r.left;
  const dy = to.top - r.top;
  const flight = copy.animate(
    [
      { transformOrigin: "0 0", transform: "none", opacity: 1 },
      { transformOrigin: "0 0", transform: `translate(${dx}px, ${dy}px) scale(${to.width / r.width}, ${to.height / r.height})`, opacity },
    ],
    { duration: ms, easing: EASE, fill: "forwards" },
  );
  flight.onfinish = () => copy.remove();
  flight.oncancel = () => copy.remove();
}

/** Count `el`'s number from `from` to `to`, then leave the renderer's own text. */
function countUp(el, from, to, ms) {
  const final = el.textContent;
  el.classList.add(to > from ? "pace-up" : "pace-down");
  const start = performance.now();
  const tick = (now) => {
    if (!el.isConnected) return;
    const k = Math.min(1, (now - start) / ms);
    if (k >= 1) {
      el.textContent = final;
      return;
    }
    el.textContent = num(Math.round(from + (to - from) * k));
    requestAnimationFrame(tick);
  };
  el.textContent = num(from);
  requestAnimationFrame(tick);
}

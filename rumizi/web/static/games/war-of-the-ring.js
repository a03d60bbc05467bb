// War of the Ring at the table: the three battle zones (left flank, centre, right flank) with
// both players' face-down stacks, each zone's result and reward, the shadow rows and their
// activations out of five, graveyards, the hand, whose step it is and who has passed.
// The board is the interface: click a hand card, then a zone, to place it; click a hand card
// and “play its event” to play it, then pay by clicking cards of the hand; zones answer a
// boost, a peek or a move; the reward buttons answer a won zone. The server's legal actions
// are the source of truth (the board only offers what some legal action does), and the
// page's move list always shows every move as a fallback.
//
// Exports render(root, msg, ctx), renderCard(card, ctx) (the gallery on the game page) and
// WORDS; ctx brings the page's language tools (see ../renderers.js). view(msg, ctx) is the
// board's model that render draws: pure, no DOM (tests/web/test_renderer_views.py).
// The renderer's styles live in war-of-the-ring.css, loaded once beside this module.

import { h as el } from "../dom.js";
import { LastCall, Selection, iconSet, linkCss, pageWords, positionKey, seatNamer, speak, viewerSeat } from "./kit.js";

const ensureCss = () => linkCss("war-of-the-ring-css", new URL("./war-of-the-ring.css", import.meta.url));
/** Settles once the board's stylesheet has loaded: pages draw the board after it (../renderers.js). */
export const styles = ensureCss;

// ------------------------------------------------------------------ words of this renderer
export const WORDS = {
  fa: {
    round: "دور {n}",
    you: "شما",
    player: "بازیکن {n}",
    yourStep: "نوبت شماست",
    stepOf: "نوبت {name}",
    waitingFor: "{name} در حال انتخاب است…",
    over: "بازی تمام شد",
    starter: "شروع‌کنندهٔ دور: {name}",
    goal: "هدف: بردن هر سه ناحیه در یک دور، یا فعال کردن ۵ کارت سایه",
    "zone.left": "جناح چپ",
    "zone.centre": "مرکز",
    "zone.right": "جناح راست",
    "reward.centre": "پاداش: یک رویداد رایگان",
    "reward.flank": "پاداش: فعال کردن یک کارت سایه",
    "faction.free": "مردمان آزاد",
    "faction.shadow": "نیروهای تاریک",
    hand: "دست شما",
    handOf: "دست: {n} کارت",
    deck: "دسته: {n}",
    graveyard: "گورستان ({n})",
    emptyGrave: "گورستان خالی است",
    shadowRow: "ردیف سایه: {n}",
    activated: "فعال‌شده: {n} از ۵",
    passed: "گذشت",
    passedYou: "گذشتید",
    boost: "+{n}",
    wonBy: "برندهٔ این ناحیه: {name}",
    tie: "مساوی",
    empty: "کسی نجنگید",
    next: "نبرد بعدی",
    combat: "نیرو",
    cost: "هزینه {n}",
    free: "رایگان",
    eventLabel: "رویداد",
    unitLabel: "واحد",
    faceDown: "کارت رو به پایین",
    seenByOpponent: "حریف این کارت را دیده است",
    copies: "{n} نسخه",
    pickZone: "یک ناحیه را برای «{card}» انتخاب کنید، یا رویدادش را بازی کنید.",
    pickCard: "کارتی از دستتان را انتخاب کنید و سپس ناحیه‌ای را؛ یا رد شوید.",
    placeHere: "اینجا بگذارید",
    playEvent: "بازی رویداد ({cost})",
    cancel: "لغو",
    pass: "رد شدن (پاس)",
    playing: "در حال بازی: {card}",
    "pending.pay": "برای پرداخت، {n} کارت دیگر از دستتان را بزنید.",
    "pending.recover": "کارتی از گورستانتان را برای بازگرداندن بزنید.",
    "pending.boost": "ناحیه‌ای را برای افزودن بزنید.",
    "pending.peek": "ناحیه‌ای را برای دیدن کارت‌های حریف بزنید.",
    "pending.move": "ناحیه‌ای را که کارتتان از آن می‌رود بزنید.",
    "pending.moveTo": "حالا ناحیهٔ مقصد را بزنید.",
    "pending.centre": "مرکز را بردید: رویدادی از دستتان را رایگان بازی کنید (روی کارت بزنید) یا بگذرید.",
    "pending.flank": "جناح را بردید: کارت سایه‌ای فعال کنید یا بگذرید.",
    activate: "فعال کردن کارت سایه",
    decline: "گذشتن از پاداش",
    noHand: "دستتان خالی است",
    battleNow: "نبرد این دور",
    battleLast: "نبرد دور پیش",
    revealed: "رو شد",
    slew: "«{card}» «{victim}» را کشت",
    totals: "مجموع: {top} {a}، {bottom} {b}",
    noCards: "بدون کارت",
  },
  en: {
    round: "Round {n}",
    you: "You",
    player: "Player {n}",
    yourStep: "Your step",
    stepOf: "{name}'s step",
    waitingFor: "{name} is choosing…",
    over: "The game is over",
    starter: "Round started by {name}",
    goal: "Goal: win all three zones in a round, or activate 5 shadow cards",
    "zone.left": "Left flank",
    "zone.centre": "Centre",
    "zone.right": "Right flank",
    "reward.centre": "Reward: a free event",
    "reward.flank": "Reward: activate a shadow card",
    "faction.free": "Free Peoples",
    "faction.shadow": "Shadow",
    hand: "Your hand",
    handOf: "Hand: {n}",
    deck: "Deck: {n}",
    graveyard: "Graveyard ({n})",
    emptyGrave: "The graveyard is empty",
    shadowRow: "Shadow row: {n}",
    activated: "Activated: {n} of 5",
    passed: "passed",
    passedYou: "passed",
    boost: "+{n}",
    wonBy: "Won by {name}",
    tie: "Tie",
    empty: "Nobody fought",
    next: "Next battle",
    combat: "Combat",
    cost: "cost {n}",
    free: "free",
    eventLabel: "Event",
    unitLabel: "Unit",
    faceDown: "Face-down card",
    seenByOpponent: "The opponent has seen this card",
    copies: "{n} copies",
    pickZone: "Choose a zone for “{card}”, or play its event.",
    pickCard: "Choose a card of your hand, then a zone; or pass.",
    placeHere: "Place here",
    playEvent: "Play its event ({cost})",
    cancel: "Cancel",
    pass: "Pass",
    playing: "Playing: {card}",
    "pending.pay": "To pay, click {n} more card(s) of your hand.",
    "pending.recover": "Click a card of your graveyard to take it back.",
    "pending.boost": "Click the zone to boost.",
    "pending.peek": "Click the zone to look at the enemy's cards.",
    "pending.move": "Click the zone your card leaves.",
    "pending.moveTo": "Now click the zone it goes to.",
    "pending.centre": "You won the centre: click a card of your hand to play its event for free, or decline.",
    "pending.flank": "You won a flank: activate a shadow card, or decline.",
    activate: "Activate a shadow card",
    decline: "Decline the reward",
    noHand: "Your hand is empty",
    battleNow: "This round's battle",
    battleLast: "Last round's battle",
    revealed: "revealed",
    slew: "“{card}” slew “{victim}”",
    totals: "Totals: {top} {a}, {bottom} {b}",
    noCards: "no cards",
  },
};

// The page's language, words and digits, as given with each call (./kit.js pageWords).
const { use, w, n, dir } = pageWords();

const ZONES = ["left", "centre", "right"];
const SHADOW_WIN = 5;

// Icon shapes on a 24×24 grid, drawn for this project.
const ICONS = {
  // Crossed swords: combat.
  sword: [
    ["path", { d: "M4 4l10 10M20 4 10 14", class: "i-stroke" }],
    ["path", { d: "M6.5 15.5l2 2M17.5 15.5l-2 2M4.5 19.5l3-3M19.5 19.5l-3-3", class: "i-stroke" }],
  ],
  // An eye: seen by the opponent.
  eye: [
    ["path", { d: "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z", class: "i-stroke" }],
    ["circle", { cx: 12, cy: 12, r: 2.8, class: "i-fill" }],
  ],
  // A ring: a shadow activation.
  ring: [["circle", { cx: 12, cy: 12, r: 7, class: "i-stroke" }]],
  // A flag: the round's starting player.
  flag: [["path", { d: "M6 21V4m0 1h11l-2.5 4L17 13H6", class: "i-stroke" }]],
};

const icon = iconSet(ICONS, "wr-ic");

function cardData(cards, id) {
  if (!id) return null;
  const found = cards && typeof cards.get === "function" ? cards.get(id) : null;
  return found || { id, name: id, faction: id.startsWith("sh-") ? "shadow" : "free", combat: 0, cost: 0, ability_text: "", event_text: "" };
}

/** A face-up card: combat value, name, ability; its event and cost below (unless small). */
function cardEl(card, opts = {}) {
  const size = opts.size || "m";
  const tag = opts.onclick ? "button" : "div";
  const title = card.summary || card.name;
  const attrs = {
    class: ["wr-card", `fac-${card.faction}`, `size-${size}`, opts.playable && "playable", opts.selected && "is-selected"],
    title,
    dataset: { card: card.id, testid: opts.testid || "wr-card", focusKey: opts.focusKey },
  };
  if (tag === "button") Object.assign(attrs, { type: "button", onclick: opts.onclick, "aria-pressed": opts.selected ? "true" : "false" });
  const body = [
    el("span", { class: "wr-combat", title: w("combat") }, n(card.combat)),
    el("span", { class: "wr-name" }, card.name),
    card.ability_text ? el("span", { class: "wr-ability" }, card.ability_text) : null,
  ];
  if (size !== "s") {
    body.push(
      el(
        "span",
        { class: "wr-event" },
        el("b", {}, `${w("eventLabel")} (${card.cost ? w("cost", { n: card.cost }) : w("free")})`),
        ": ",
        card.event_text || "",
      ),
    );
  }
  if (opts.seen) body.push(el("span", { class: "wr-seen", title: w("seenByOpponent") }, icon("eye")));
  const spoken = [title, opts.seen ? w("seenByOpponent") : null].filter(Boolean).join(" · ");
  return speak(el(tag, attrs, body), spoken, opts.label && opts.label !== title ? opts.label : "");
}

function backEl(faction, size = "s") {
  return speak(el("div", { class: ["wr-back", `fac-${faction}`, `size-${size}`], title: w("faceDown"), dataset: { testid: "wr-back" } }, el("span", { class: "wr-back-mark" }, icon("ring"))), w("faceDown"));
}

/** The gallery's card: the drawn card and its name, copies and text. */
export function renderCard(card, ctx) {
  ensureCss();
  use(ctx);
  return el(
    "figure",
    { class: "wr-gallery-card" },
    cardEl(card, { size: "l" }),
    el(
      "figcaption",
      {},
      el("b", {}, card.name),
      el("span", { class: "muted" }, [card.faction_name, w("copies", { n: card.count || 1 })].filter(Boolean).join(" · ")),
      el("span", {}, card.text || ""),
    ),
  );
}

// ------------------------------------------------------------------ the board's state
// What the player is building, kept across renders of the same position.
const sel = new Selection(() => ({ card: null, from: null }));
const last = new LastCall(render);

function mapLegal(legal) {
  const m = { place: new Map(), event: new Map(), pay: new Map(), recover: new Map(), boost: new Map(), peek: new Map(), move: new Map(), pass: null, activate: null, decline: null };
  legal.forEach((move, index) => {
    const a = move.action || {};
    const item = { action: a, label: move.label, index };
    switch (a.do) {
      case "place":
        m.place.set(`${a.card}|${a.zone}`, item);
        break;
      case "event":
      case "pay":
      case "recover":
        m[a.do].set(a.card, item);
        break;
      case "boost":
      case "peek":
        m[a.do].set(a.zone, item);
        break;
      case "move":
        m.move.set(`${a.from}|${a.to}`, item);
        break;
      case "pass":
      case "activate":
      case "decline":
        m[a.do] = item;
        break;
      default:
        break;
    }
  });
  return m;
}

// ------------------------------------------------------------------ the view model
const NO_ZONE = { cards: [[], []], seen: [[], []], boost: [0, 0], result: null };

/**
 * What the board shows, from the server's message alone (no DOM): the seats (`bottom` the
 * viewer's, or seat 0 when watching), who acts and what is pending, the three zones, the
 * last battle, and `m` — the legal moves by target (mapLegal): a hand card's placement per
 * zone, its event, a payment, a recovery, a zone's boost, peek or move, the buttons.
 */
export function view(msg, ctx) {
  const state = msg.view || {};
  const legal = msg.legal || [];
  const me = viewerSeat(msg, state);
  const bottom = me ?? 0;
  const toAct = typeof state.to_act === "number" ? state.to_act : null;
  const pending = state.pending || null;
  const players = state.players || [];
  return {
    round: typeof state.round === "number" ? state.round : null,
    phase: state.phase || "",
    over: Boolean(state.over),
    starter: typeof state.starter === "number" ? state.starter : null,
    playing: state.playing && state.playing.card ? state.playing.card : null,
    players,
    zones: ZONES.map((zone, z) => ({ ...((state.zones || [])[z] || NO_ZONE), zone, z, fighting: state.phase === "battle" && state.zone === z })),
    battles: Array.isArray(state.battles) ? state.battles : [],
    legal,
    m: mapLegal(legal),
    me,
    bottom,
    top: 1 - bottom,
    toAct,
    pending,
    choice: pending ? pending.choice : null,
    myMove: me !== null && toAct === me && legal.length > 0 && !state.over,
    hand: me !== null && players[me] && Array.isArray(players[me].hand) ? players[me].hand : null,
    nameOf: seatNamer(ctx, me),
  };
}

/** What a zone does when clicked now: a legal move, `{from}` (a move's first half), or null. */
function zoneTarget(v, zone) {
  const { m, choice } = v;
  if (!v.myMove) return null;
  if (!choice && sel.card) return m.place.get(`${sel.card}|${zone}`) || null;
  if (choice === "boost") return m.boost.get(zone) || null;
  if (choice === "peek") return m.peek.get(zone) || null;
  if (choice === "move") {
    if (sel.from) return m.move.get(`${sel.from}|${zone}`) || null;
    const from = [...m.move.keys()].some((k) => k.startsWith(`${zone}|`));
    return from ? { from: zone } : null;
  }
  return null;
}

// ------------------------------------------------------------------ drawing
/**
 * The position in a few sentences, for a screen reader's summary key (../pages/table.js):
 * each zone, the cards each side has there and who won it; then your hand.
 */
export function summary(msg, ctx) {
  use(ctx);
  const v = view(msg, ctx);
  const sentences = v.zones.map((info) => {
    const count = (seat) => ((info.cards || [[], []])[seat] || []).length;
    const sides = [v.top, v.bottom].map((seat) => `${v.nameOf(seat)} ${n(count(seat))}`).join(", ");
    let result = "";
    if (info.result === "tie") result = ` (${w("tie")})`;
    else if (info.result === "empty") result = ` (${w("empty")})`;
    else if (typeof info.result === "number") result = ` (${w("wonBy", { name: v.nameOf(info.result) })})`;
    return `${w(`zone.${info.zone}`)}: ${sides}${result}`;
  });
  if (v.hand) sentences.push(`${w("hand")}: ${n(v.hand.length)}`);
  return sentences.join(". ");
}

export function render(root, msg, ctx) {
  ensureCss();
  last.keep(root, msg, ctx);
  use(ctx);
  sel.at(positionKey(msg));
  const v = view(msg, ctx);
  const d = {
    v,
    cards: ctx.cards || new Map(),
    act: (item) => {
      if (!item) return;
      sel.clear();
      ctx.act(item.action);
    },
    rerender: (focusKey) => last.redraw(focusKey),
  };
  // Every legal move has its place on the board (a hand card, a zone, a button).
  const used = new Set();
  const { m } = v;
  for (const group of [m.place, m.event, m.pay, m.recover, m.boost, m.peek, m.move]) for (const item of group.values()) used.add(item.index);
  for (const item of [m.pass, m.activate, m.decline]) if (item) used.add(item.index);

  const board = el("div", { class: ["wr", v.choice && "has-pending"], dataset: { testid: "wr-board", round: String(v.round ?? ""), phase: v.phase } });
  board.append(head(d));
  if (v.players[v.top]) board.append(playerStrip(d, v.top));
  board.append(field(d));
  const report = battleReport(d);
  if (report) board.append(report);
  if (v.players[v.bottom]) board.append(playerStrip(d, v.bottom));
  if (v.hand) board.append(handBox(d));
  root.replaceChildren(board);
  return { mapped: used };
}

// ------------------------------------------------------------------ the zones
/** The top line (round, whose step, the round's starter, the goal), the prompt and buttons. */
function head(d) {
  const { v, cards } = d;
  const { myMove, choice, toAct, nameOf } = v;
  let status = null;
  if (v.over) status = w("over");
  else if (myMove) status = w("yourStep");
  else if (toAct !== null) status = choice ? w("waitingFor", { name: nameOf(toAct) }) : w("stepOf", { name: nameOf(toAct) });
  const line = el(
    "div",
    { class: "wr-topline" },
    v.round !== null ? el("span", { class: "wr-round" }, w("round", { n: v.round })) : null,
    status ? el("span", { class: ["wr-status", myMove && "is-mine"], dataset: { testid: "wr-status" } }, status) : null,
    v.starter !== null ? el("span", { class: "wr-starter" }, icon("flag"), w("starter", { name: nameOf(v.starter) })) : null,
    // The goal on the same line, so the head stays short enough for one screen.
    el("span", { class: "wr-goal muted" }, w("goal")),
  );
  const box = el("div", { class: "wr-head" }, line);
  if (v.playing) box.append(el("p", { class: "wr-playing" }, w("playing", { card: cardData(cards, v.playing).name })));
  if (myMove) {
    box.append(el("p", { class: "wr-pending", role: "status", dataset: { testid: "wr-prompt", choice: choice || "" } }, promptText(d)));
    const buttons = actionButtons(d);
    if (buttons.childElementCount) box.append(buttons);
  }
  return box;
}

/** What the player is asked to do now. */
function promptText(d) {
  const { choice, pending } = d.v;
  if (choice === "move" && sel.from) return w("pending.moveTo");
  if (choice) return w(`pending.${choice}`, { n: pending.owed || 1 });
  if (sel.card) {
    // The chosen card's event in full: on a phone the hand shows it cut short.
    const card = cardData(d.cards, sel.card);
    let text = w("pickZone", { card: card.name });
    if (card.event_text) text += ` — ${w("eventLabel")} (${card.cost ? w("cost", { n: card.cost }) : w("free")}): ${card.event_text}`;
    return text;
  }
  return w("pickCard");
}

/** The moves that are no thing on the table: activate, decline, the chosen card's event, pass. */
function actionButtons(d) {
  const { m, choice } = d.v;
  const buttons = el("div", { class: "wr-actions" });
  if (m.activate) buttons.append(actionButton(d, m.activate, w("activate"), "wr-activate", true));
  if (m.decline) buttons.append(actionButton(d, m.decline, w("decline"), "wr-decline"));
  if (!choice && sel.card && m.event.has(sel.card)) {
    const card = cardData(d.cards, sel.card);
    buttons.append(actionButton(d, m.event.get(sel.card), w("playEvent", { cost: card.cost ? w("cost", { n: card.cost }) : w("free") }), "wr-event", true));
  }
  if (sel.card || sel.from) {
    buttons.append(
      el("button", { type: "button", class: "btn btn-small btn-ghost", dataset: { testid: "wr-cancel", cancel: "" }, onclick: () => {
        sel.clear();
        d.rerender();
      } }, w("cancel")),
    );
  }
  if (m.pass) buttons.append(actionButton(d, m.pass, w("pass"), "wr-pass"));
  return buttons;
}

function actionButton(d, item, text, testid, primary = false) {
  return el(
    "button",
    { type: "button", class: ["btn", "btn-small", primary ? "btn-primary" : "btn-ghost"], title: item.label, dataset: { testid, focusKey: testid, action: JSON.stringify(item.action) }, onclick: () => d.act(item) },
    text,
  );
}

/** A player's line: name, faction, passed, counts, the shadow row and activations, graveyard. */
function playerStrip(d, seat) {
  const { v, cards } = d;
  const p = v.players[seat];
  const mine = seat === v.me;
  const faction = p.faction || "free";
  const activated = Number(p.activated || 0);
  const pips = el(
    "span",
    { class: "wr-pips", title: w("activated", { n: activated }), dataset: { testid: "wr-activated", count: String(activated) } },
    Array.from({ length: SHADOW_WIN }, (_, i) => el("span", { class: ["wr-pip", i < activated && "on"] })),
    el("span", { class: "wr-pips-text" }, w("activated", { n: activated })),
  );
  const row = Array.isArray(p.shadow_row)
    ? p.shadow_row.map((id) => cardEl(cardData(cards, id), { size: "s" }))
    : Array.from({ length: Math.min(p.shadow_size || 0, 8) }, () => backEl(faction === "free" ? "shadow" : "free", "xs"));
  return el(
    "section",
    { class: ["wr-player", `fac-${faction}`, mine && "is-me", v.toAct === seat && !v.over && "is-acting"], "aria-label": v.nameOf(seat), dataset: { testid: mine ? "wr-me" : "wr-opponent", seat: String(seat), player: String(seat) } },
    el(
      "div",
      { class: "wr-player-line" },
      el("b", { class: "wr-player-name" }, v.nameOf(seat)),
      el("span", { class: ["wr-faction", `fac-${faction}`] }, w(`faction.${faction}`)),
      p.passed ? el("span", { class: "wr-passed", dataset: { testid: "wr-passed" } }, mine ? w("passedYou") : w("passed")) : null,
      el("span", { class: "wr-count" }, w("handOf", { n: p.hand_size ?? 0 })),
      el("span", { class: "wr-count" }, w("deck", { n: p.deck_size ?? 0 })),
    ),
    el("div", { class: "wr-shadow" }, el("span", { class: "wr-count" }, w("shadowRow", { n: p.shadow_size ?? (p.shadow_row || []).length })), el("span", { class: "wr-row" }, row), pips),
    graveyard(d, seat),
  );
}

/** A seat's graveyard; the viewer's cards are targets while a recovery is asked. */
function graveyard(d, seat) {
  const { v } = d;
  const grave = v.players[seat].graveyard || [];
  const recovering = v.myMove && v.choice === "recover" && seat === v.me;
  const items = grave.map((id, i) => {
    const item = recovering ? v.m.recover.get(id) : null;
    return cardEl(cardData(d.cards, id), {
      size: "s",
      testid: item ? "wr-recover" : "wr-grave-card",
      playable: Boolean(item),
      onclick: item ? () => d.act(item) : null,
      label: item ? item.label : null,
      focusKey: item ? `grave:${i}` : null,
    });
  });
  return el(
    "details",
    { class: "wr-grave", open: recovering, dataset: { testid: "wr-graveyard" } },
    el("summary", {}, w("graveyard", { n: grave.length })),
    grave.length ? el("div", { class: "wr-grave-cards" }, items) : el("p", { class: "muted" }, w("emptyGrave")),
  );
}

function field(d) {
  const box = el("div", { class: "wr-field", dir: "ltr", dataset: { testid: "wr-field" } });
  for (const info of d.v.zones) box.append(zoneEl(d, info));
  return box;
}

/** One battle zone: both stacks, the result or the next battle, a target when clickable. */
function zoneEl(d, info) {
  const { v, cards } = d;
  const { zone, result, fighting } = info;
  const target = zoneTarget(v, zone);
  const stack = (seat) => {
    const list = (info.cards || [[], []])[seat] || [];
    const seen = (info.seen || [[], []])[seat] || [];
    const faction = (v.players[seat] || {}).faction || "free";
    const boost = (info.boost || [0, 0])[seat] || 0;
    return el(
      "div",
      { class: ["wr-stack", seat === v.bottom ? "is-mine" : "is-theirs"], dataset: { testid: "wr-stack", seat: String(seat), count: String(list.length) } },
      list.map((id, i) => (id ? cardEl(cardData(cards, id), { size: "s", seen: seat === v.me && seen[i] }) : backEl(faction))),
      list.length ? null : el("span", { class: "wr-stack-empty" }, "—"),
      boost ? el("span", { class: "wr-boost", title: w("boost", { n: boost }) }, w("boost", { n: boost })) : null,
    );
  };
  let badge = null;
  if (result === "tie") badge = el("span", { class: "wr-result is-tie" }, w("tie"));
  else if (result === "empty") badge = el("span", { class: "wr-result is-empty" }, w("empty"));
  else if (typeof result === "number") badge = el("span", { class: ["wr-result", result === v.me ? "is-won" : "is-lost"] }, w("wonBy", { name: v.nameOf(result) }));
  else if (fighting && result === null) badge = el("span", { class: "wr-result is-next" }, w("next"));
  const attrs = {
    class: ["wr-zone", `zone-${zone}`, target && "is-target", sel.from === zone && "is-selected", result !== null && "is-resolved"],
    dir: dir(),
    dataset: { testid: "wr-zone", zone, result: result === null ? "" : String(result) },
    role: "group",
    "aria-label": w(`zone.${zone}`),
  };
  // A zone one may place in or move from: a click anywhere on it, and for the keyboard and
  // screen readers a button in its heading (the zone's cards stay readable one by one, which
  // they would not inside a button). The button's click reaches the zone's.
  let name = w(`zone.${zone}`);
  if (target) {
    Object.assign(attrs, { title: target.label || name, onclick: () => clickZone(d, zone, target) });
    name = el("button", { type: "button", class: "wr-zone-go", "aria-description": target.label || undefined, dataset: { focusKey: `zone:${zone}` } }, name);
  }
  return el(
    "section",
    attrs,
    el("h3", { class: "wr-zone-name" }, name),
    el("p", { class: "wr-reward muted" }, w(zone === "centre" ? "reward.centre" : "reward.flank")),
    stack(v.top),
    el("div", { class: "wr-versus" }, badge || el("span", { class: "wr-vs", "aria-hidden": "true" }, icon("sword"))),
    stack(v.bottom),
    target && !v.choice && sel.card ? el("span", { class: "wr-place-hint" }, w("placeHere")) : null,
  );
}

function clickZone(d, zone, target) {
  if (target.from) {
    sel.from = sel.from === zone ? null : zone;
    d.rerender(`zone:${zone}`);
    return;
  }
  d.act(target);
}

// The latest battle, zone by zone and step by step: the reveal, the slays, the totals and
// the result (the engine keeps it in the view until the next battle begins).
function battleReport(d) {
  const { v } = d;
  if (!v.battles.some(Boolean)) return null;
  const box = el("div", { class: "wr-report-grid", dir: "ltr" });
  v.battles.forEach((b, z) => box.append(battleZone(d, ZONES[z], b)));
  return el(
    "section",
    { class: "wr-report", dataset: { testid: "wr-battle-report" } },
    el("h3", {}, w(v.phase === "battle" ? "battleNow" : "battleLast")),
    box,
  );
}

function battleZone(d, zone, b) {
  const { v, cards } = d;
  const { top, bottom, nameOf } = v;
  const attrs = { class: ["wr-report-zone", `zone-${zone}`], dir: dir(), dataset: { testid: "wr-report-zone", zone } };
  if (!b) return el("div", attrs, el("h4", {}, w(`zone.${zone}`)), el("p", { class: "muted" }, "—"));
  const side = (seat) => {
    const list = (b.cards || [[], []])[seat] || [];
    // This side's cards the other side slew, by id (the engine names each victim).
    const lost = new Map();
    for (const [killer, , victim] of b.slain || []) if (killer !== seat) lost.set(victim, (lost.get(victim) || 0) + 1);
    const faction = (v.players[seat] || {}).faction || "free";
    return el(
      "div",
      { class: ["wr-report-side", `fac-${faction}`] },
      el("span", { class: "wr-report-who" }, nameOf(seat)),
      list.length
        ? list.map((id) => {
            const slain = (lost.get(id) || 0) > 0;
            if (slain) lost.set(id, lost.get(id) - 1);
            const card = cardEl(cardData(cards, id), { size: "s" });
            if (slain) card.classList.add("is-slain");
            return card;
          })
        : el("span", { class: "muted" }, w("noCards")),
    );
  };
  let badge;
  if (b.result === "tie") badge = el("span", { class: "wr-result is-tie" }, w("tie"));
  else if (b.result === "empty") badge = el("span", { class: "wr-result is-empty" }, w("empty"));
  else badge = el("span", { class: ["wr-result", b.result === v.me ? "is-won" : "is-lost"] }, w("wonBy", { name: nameOf(b.result) }));
  const steps = [];
  if (b.result !== "empty") {
    steps.push(el("li", {}, el("b", {}, w("revealed")), side(top), side(bottom)));
    for (const [, card, victim] of b.slain || []) {
      steps.push(el("li", { class: "wr-step-slay" }, w("slew", { card: cardData(cards, card).name, victim: cardData(cards, victim).name })));
    }
    const totals = b.totals || [0, 0];
    steps.push(el("li", { class: "wr-step-totals" }, w("totals", { top: nameOf(top), a: totals[top], bottom: nameOf(bottom), b: totals[bottom] })));
  }
  steps.push(el("li", {}, badge));
  return el("div", attrs, el("h4", {}, w(`zone.${zone}`)), el("ol", { class: "wr-steps" }, steps));
}

/** The viewer's hand: each card pays, plays its free event, or is picked to be placed. */
function handBox(d) {
  const { v } = d;
  const { m, choice } = v;
  const hand = v.hand;
  const items = hand.map((id, i) => {
    let onclick = null;
    let playable = false;
    let label = null;
    let testid = "wr-hand-card";
    if (v.myMove) {
      if (choice === "pay" && m.pay.has(id)) {
        const item = m.pay.get(id);
        onclick = () => d.act(item);
        playable = true;
        label = item.label;
        testid = "wr-pay";
      } else if (choice === "centre" && m.event.has(id)) {
        const item = m.event.get(id);
        onclick = () => d.act(item);
        playable = true;
        label = item.label;
        testid = "wr-free-event";
      } else if (!choice && ZONES.some((z) => m.place.has(`${id}|${z}`) || m.event.has(id))) {
        onclick = () => {
          sel.card = sel.card === id ? null : id;
          d.rerender(`hand:${i}`);
        };
        playable = true;
      }
    }
    return cardEl(cardData(d.cards, id), { size: "m", testid, onclick, playable, label, selected: sel.card === id, focusKey: `hand:${i}` });
  });
  // A named strip (it scrolls sideways on a phone); with no card to play in it (another's
  // turn, the game over) it takes the focus itself, so the arrows still scroll it.
  const strip = hand.length ? el("div", { class: "wr-hand-cards", role: "group", "aria-label": w("hand") }, items) : null;
  if (strip && !strip.querySelector("button")) strip.tabIndex = 0;
  return el(
    "section",
    { class: "wr-hand", dataset: { testid: "wr-hand" } },
    el("h3", {}, w("hand"), " ", el("span", { class: "muted" }, `(${n(hand.length)})`)),
    strip || el("p", { class: "muted" }, w("noHand")),
  );
}

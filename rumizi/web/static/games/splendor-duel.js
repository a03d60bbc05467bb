// Splendor Duel at the table: the 5×5 token board with its spiral, the pyramid of jewel
// cards drawn with HTML/CSS, the decks, the royals, both players' tokens, bonuses, points,
// crowns, privileges and reserves, and the open choices. The server's legal actions are the
// source of truth: the board only lets a player build what some legal action does (tokens
// along a line, a card to buy or reserve with a chosen gold, a privilege, a pending choice),
// and every legal move has a target on it (the board's data-unmapped counts those that have
// none: 0, which the browser tests check every turn). The page's move list still shows every
// move, for the keyboard, but playing never needs it. The whole table fits one screen at
// 1366×768 and on a 390×844 phone.
//
// Exports render(root, msg, ctx), renderCard(card, ctx) (the gallery on the game page) and
// WORDS; ctx brings the page's language tools (see ../renderers.js). view(msg, ctx) is the
// board's model that render draws: pure, no DOM (tests/web/test_renderer_views.py).
// The renderer's styles live in splendor-duel.css, loaded once beside this module.

import { h as el } from "../dom.js";
import { LastCall, Pointer, Selection, iconSet, linkCss, pageWords, positionKey, seatNamer, speak, viewerSeat } from "./kit.js";

const ensureCss = () => linkCss("splendor-duel-css", new URL("./splendor-duel.css", import.meta.url));
/** Settles once the board's stylesheet has loaded: pages draw the board after it (../renderers.js). */
export const styles = ensureCss;

// ------------------------------------------------------------------ words of this renderer
export const WORDS = {
  fa: {
    turn: "نوبت {n}",
    you: "شما",
    player: "بازیکن {n}",
    toPlay: "نوبت {name}",
    yourTurn: "نوبت شماست",
    over: "بازی تمام شد",
    goal: "هدف: ۲۰ امتیاز، ۱۰ تاج، ۱۰ امتیاز در یک رنگ",
    board: "صفحهٔ توکن‌ها",
    spiral: "شماره‌ها ترتیب مارپیچ پر شدن صفحه‌اند.",
    freshNote: "توکن‌های تازه: به ترتیب مارپیچ",
    bag: "کیسه",
    bagCount: "کیسه: {n} توکن",
    replenish: "پر کردن صفحه از کیسه",
    supply: "طومارهای ذخیره",
    pyramid: "هرم کارت‌ها",
    royals: "اشراف‌زاده‌ها",
    noRoyals: "اشراف‌زاده‌ای نمانده است",
    deck: "دستهٔ سطح {n}",
    deckCount: "{n} کارت",
    level: "سطح {n}",
    emptySlot: "جای خالی",
    points: "امتیاز",
    crowns: "تاج",
    privileges: "طومار",
    tokens: "توکن",
    bestColor: "بیشترین امتیاز یک رنگ",
    bonus: "پاداش",
    colorPoints: "امتیاز این رنگ",
    reserved: "رزروشده‌ها",
    noReserved: "کارتی رزرو نشده",
    hiddenCard: "کارت پنهان سطح {n}",
    blindMine: "از روی دسته رزرو شده؛ حریف آن را نمی‌بیند",
    royalsOwned: "اشراف‌زاده‌های گرفته‌شده",
    bought: "کارت‌های خریده‌شده",
    none: "هیچ",
    take: "بردارید",
    usePrivilege: "با طومار بردارید",
    clear: "لغو انتخاب",
    buy: "بخرید",
    buyAs: "بخرید به رنگ {color}",
    payWith: "پرداخت با {tokens}",
    reserve: "رزرو",
    reserveWith: "رزرو با طلای {space}",
    goldChosen: "طلای {space} انتخاب شد؛ حالا کارت یا دسته‌ای را برای رزرو انتخاب کنید.",
    pickTokens: "توکن‌ها را در یک خط انتخاب کنید، یا کارتی را برای خرید یا رزرو.",
    extend: "می‌توانید توکن دیگری در همین خط اضافه کنید.",
    notYet: "این انتخاب هنوز کامل نیست؛ توکن دیگری در همین خط انتخاب کنید.",
    chooseGold: "کدام طلا را برمی‌دارید؟",
    noMove: "این کارت را اکنون نمی‌توانید بخرید یا رزرو کنید.",
    "pending.take-bonus": "یک توکن {color} از صفحه انتخاب کنید.",
    "pending.steal": "یکی از جواهرها یا مرواریدهای حریف را برای دزدیدن انتخاب کنید.",
    "pending.royal": "یک اشراف‌زاده انتخاب کنید.",
    "pending.discard": "{n} توکن به کیسه برگردانید: روی توکن‌هایتان کلیک کنید.",
    waitingFor: "{name} در حال انتخاب است…",
    claimable: "حریف سه نوبت وقت‌کشی کرده است: می‌توانید ادعای پیروزی کنید.",
    fresh: "تازه گذاشته شد",
    space: "خانهٔ ({r}، {c})",
    spiralNo: "شمارهٔ مارپیچ {n}",
    empty: "خالی",
    cost: "قیمت",
    free: "رایگان",
    "color.white": "سفید",
    "color.blue": "آبی",
    "color.green": "سبز",
    "color.red": "قرمز",
    "color.black": "سیاه",
    "color.pearl": "مروارید",
    "color.gold": "طلا",
    "ability.again": "نوبت دوباره",
    "ability.token": "توکن",
    "ability.privilege": "طومار",
    "ability.steal": "دزدی",
    joker: "جوکر",
    double: "پاداش دوتایی",
    noBonus: "بدون پاداش",
    royal: "اشراف‌زاده",
    privilegePick: "توکنی را که با طومار برمی‌دارید روی صفحه انتخاب کنید.",
    privilegeHow: "استفاده از یک طومار: سپس توکنی را روی صفحه انتخاب کنید",
    chooseGoldBoard: "کدام طلا را برمی‌دارید؟ روی یک طلای صفحه کلیک کنید.",
    goldFirst: "این طلا را برای رزرو بردارید؛ سپس کارت یا دسته را انتخاب کنید",
    deckChosen: "دستهٔ سطح {n}: کارت رویی را بی‌آنکه ببینید رزرو کنید.",
    passOnly: "هیچ حرکت اجباری‌ای ممکن نیست: نوبت را رد کنید.",
    pass: "رد کردن نوبت",
    claim: "ادعای پیروزی",
    tapAgain: "برای انجام دوباره بزنید",
    replenishShort: "پر کردن",
    jokerAs: "به رنگ:",
    pay: "پرداخت",
    boughtN: "کارت‌ها: {n}",
  },
  en: {
    turn: "Turn {n}",
    you: "You",
    player: "Player {n}",
    toPlay: "{name} to play",
    yourTurn: "Your turn",
    over: "The game is over",
    goal: "Goal: 20 points · 10 crowns · 10 points in one colour",
    board: "Token board",
    spiral: "The numbers give the spiral order in which the board is filled.",
    freshNote: "New tokens, in spiral order",
    bag: "Bag",
    bagCount: "Bag: {n} tokens",
    replenish: "Replenish the board from the bag",
    supply: "Privileges in the supply",
    pyramid: "Pyramid",
    royals: "Royals",
    noRoyals: "No royal is left",
    deck: "Level {n} deck",
    deckCount: "{n} cards",
    level: "Level {n}",
    emptySlot: "empty slot",
    points: "points",
    crowns: "crowns",
    privileges: "privileges",
    tokens: "tokens",
    bestColor: "most points in one colour",
    bonus: "bonus",
    colorPoints: "points of this colour",
    reserved: "Reserved",
    noReserved: "no reserved card",
    hiddenCard: "hidden level-{n} card",
    blindMine: "reserved from the deck: your opponent cannot see it",
    royalsOwned: "Royals",
    bought: "Cards bought",
    none: "none",
    take: "Take",
    usePrivilege: "Use a privilege",
    clear: "Clear",
    buy: "Buy",
    buyAs: "Buy as {color}",
    payWith: "Pay {tokens}",
    reserve: "Reserve",
    reserveWith: "Reserve (gold at {space})",
    goldChosen: "Gold at {space} chosen: now pick a card or a deck to reserve.",
    pickTokens: "Pick tokens in a line, or a card to buy or reserve.",
    extend: "You may add another token of the same line.",
    notYet: "Not a full line yet: pick another token of the same line.",
    chooseGold: "Which gold do you take?",
    noMove: "You cannot buy or reserve this card now.",
    "pending.take-bonus": "Choose a {color} token on the board.",
    "pending.steal": "Choose one of your opponent's gems or pearls to steal.",
    "pending.royal": "Choose a royal.",
    "pending.discard": "Give back {n} token(s) to the bag: click your tokens.",
    waitingFor: "{name} is choosing…",
    claimable: "Your opponent has stalled for three turns: you may claim the win.",
    fresh: "just placed",
    space: "space ({r}, {c})",
    spiralNo: "spiral number {n}",
    empty: "empty",
    cost: "Cost",
    free: "free",
    "color.white": "white",
    "color.blue": "blue",
    "color.green": "green",
    "color.red": "red",
    "color.black": "black",
    "color.pearl": "pearl",
    "color.gold": "gold",
    "ability.again": "Again",
    "ability.token": "Token",
    "ability.privilege": "Privilege",
    "ability.steal": "Steal",
    joker: "Joker",
    double: "Double bonus",
    noBonus: "No bonus",
    royal: "Royal",
    privilegePick: "Pick the token to take with a privilege on the board.",
    privilegeHow: "Use a privilege: then pick a token on the board",
    chooseGoldBoard: "Which gold do you take? Click a gold token on the board.",
    goldFirst: "take this gold to reserve; then pick a card or a deck",
    deckChosen: "Level {n} deck: reserve its top card unseen.",
    passOnly: "No mandatory action is possible: pass your turn.",
    pass: "Pass",
    claim: "Claim the win",
    tapAgain: "tap again to do it",
    replenishShort: "Replenish",
    jokerAs: "As:",
    pay: "Pay",
    boughtN: "Cards: {n}",
  },
};

// The page's language, words and digits, as given with each call (./kit.js pageWords):
// w(key, vars) finds the words above, n(value) writes a number in the page's digits.
const { use, w, n, lang } = pageWords();

const colorWord = (c) => w(`color.${c}`);
const spaceWord = (key) => {
  const [r, c] = key.split(",").map(Number);
  return lang() === "fa" ? `(${n(r)}، ${n(c)})` : `(${r}, ${c})`;
};

// ------------------------------------------------------------------ the game's facts
const COLORS = ["white", "blue", "green", "red", "black"];
const TOKENS = [...COLORS, "pearl", "gold"];
const LETTERS = { W: "white", B: "blue", G: "green", R: "red", K: "black", P: "pearl", Y: "gold" };
// The spiral the board is filled in, from the centre (the engine's SPIRAL), as "row,col".
const SPIRAL = [
  [3, 3], [4, 3], [4, 2], [3, 2], [2, 2], [2, 3], [2, 4], [3, 4], [4, 4], [5, 4],
  [5, 3], [5, 2], [5, 1], [4, 1], [3, 1], [2, 1], [1, 1], [1, 2], [1, 3], [1, 4],
  [1, 5], [2, 5], [3, 5], [4, 5], [5, 5],
];
const SPIRAL_NO = new Map(SPIRAL.map(([r, c], i) => [`${r},${c}`, i + 1]));
const WIN = { points: 20, crowns: 10, color: 10, tokens: 10 };

// ------------------------------------------------------------------ elements and icons
// Elements are built with the page's own helper (../dom.js h).

// Icon shapes on a 24×24 grid, drawn for this project.
const ICONS = {
  crown: [
    ["path", { d: "M3 8.5 7.5 12 12 4.5 16.5 12 21 8.5 19 18H5z", class: "i-fill" }],
    ["rect", { x: 5, y: 19, width: 14, height: 2.6, rx: 1, class: "i-fill" }],
  ],
  star: [["path", { d: "M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5L2.5 9.3l6.6-.8z", class: "i-fill" }]],
  // A circular arrow: play again.
  again: [
    ["path", { d: "M18.5 8.5A7.5 7.5 0 1 0 19.5 14", class: "i-stroke" }],
    ["path", { d: "M20.5 3.5v6h-6z", class: "i-fill" }],
  ],
  // A token with a plus: take a token.
  token: [
    ["circle", { cx: 12, cy: 12, r: 9, class: "i-fill" }],
    ["path", { d: "M12 7.5v9M7.5 12h9", class: "i-mark" }],
  ],
  // A scroll: a privilege.
  privilege: [
    ["rect", { x: 5, y: 4, width: 13, height: 16, rx: 2, class: "i-fill" }],
    ["path", { d: "M4 6.5a2.5 2.5 0 0 1 5 0M15 17.5a2.5 2.5 0 0 0 5 0", class: "i-stroke" }],
    ["path", { d: "M8.5 9h6M8.5 12.5h6M8.5 16h4", class: "i-mark" }],
  ],
  // A hook pulling a token away: steal.
  steal: [
    ["circle", { cx: 15.5, cy: 12, r: 6, class: "i-fill" }],
    ["path", { d: "M2 12h8.5m-3.5-3.5L10.5 12 7 15.5", class: "i-stroke" }],
  ],
  // An eye with a slash: unseen by the opponent.
  hidden: [
    ["path", { d: "M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z", class: "i-stroke" }],
    ["circle", { cx: 12, cy: 12, r: 2.6, class: "i-fill" }],
    ["path", { d: "M4 20 20 4", class: "i-stroke" }],
  ],
  bag: [
    ["path", { d: "M8 6h8l-1.5 3c3.5 1.5 5.5 5 5.5 8.5 0 2.5-2 3.5-4 3.5H8c-2 0-4-1-4-3.5C4 14 6 10.5 9.5 9z", class: "i-fill" }],
    ["path", { d: "M9 9h6", class: "i-stroke" }],
  ],
};

const icon = iconSet(ICONS, "sd-ic");

/** A token disc of `kind` (a colour, pearl or gold). */
function disc(kind, extra = "", key = undefined) {
  // `key` (data-key) lets the table's pacing move a token from the board to a player (pacing.js).
  return el("span", { class: ["sd-tok", `sd-t-${kind}`, extra], "aria-hidden": "true", dataset: { key } });
}

// ------------------------------------------------------------------ cards
/** A card's data from the server's card list, or a guess from its id when the list is missing. */
function cardData(cards, id) {
  const found = cards && cards.get && cards.get(id);
  if (found) return found;
  if (String(id).startsWith("royal-")) return { id, kind: "royal", name: id, points: 0, ability: "none", cost: {} };
  const [level, color] = String(id).split("-");
  return { id, kind: "jewel", name: id, level: Number(level) || 1, color: color === "grey" ? "none" : color, bonus: 1, points: 0, crowns: 0, ability: "none", cost: {} };
}

function bandColor(card) {
  return card.color === "joker" || card.color === "none" ? "grey" : card.color;
}

function costPips(cost) {
  return el(
    "span",
    { class: "sd-cost" },
    Object.entries(cost || {})
      .filter(([, count]) => count > 0)
      .map(([kind, count]) => el("span", { class: ["sd-pip", `sd-t-${kind}`], title: `${n(count)} ${colorWord(kind)}` }, n(count))),
  );
}

function abilityBadge(ability) {
  if (!ability || ability === "none") return null;
  return el("span", { class: ["sd-ability", `sd-ab-${ability}`], title: w(`ability.${ability}`) }, icon(ability));
}

function crownBadge(count) {
  if (!count) return null;
  return el(
    "span",
    { class: "sd-crowns", title: `${n(count)} ${w("crowns")}` },
    Array.from({ length: count }, () => icon("crown")),
  );
}

function cardDescription(card, jokerColor) {
  const parts = [card.name];
  if (card.text) parts.push(card.text);
  if (jokerColor) parts.push(`${w("joker")}: ${colorWord(jokerColor)}`);
  return parts.join(" — ");
}

/**
 * One jewel card or royal. opts: {size: "s"|"m"|"l", onClick, label, testid, selected,
 * buyable, jokerColor, blindMine, focusKey, extra}. With onClick the card is a button.
 */
function cardEl(card, opts = {}) {
  const size = opts.size || "m";
  const royal = card.kind === "royal";
  const band = royal ? "royal" : bandColor(card);
  const description = cardDescription(card, opts.jokerColor);
  let gem = null;
  if (!royal) {
    if (card.color === "joker") {
      gem = opts.jokerColor ? disc(opts.jokerColor, "sd-joker-set") : disc("joker");
    } else if (card.color !== "none") {
      gem = card.bonus === 2 ? el("span", { class: "sd-double", title: w("double") }, disc(card.color), disc(card.color)) : disc(card.color);
    }
  }
  const children = [
    el(
      "span",
      { class: "sd-card-top" },
      el("b", { class: "sd-points", title: `${n(card.points || 0)} ${w("points")}` }, card.points ? n(card.points) : ""),
      royal ? icon("crown", "sd-royal-mark") : el("span", { class: "sd-gem", title: card.color === "joker" ? w("joker") : card.color === "none" ? w("noBonus") : colorWord(card.color) }, gem),
    ),
    el(
      "span",
      { class: "sd-card-body" },
      royal ? null : costPips(card.cost),
      el("span", { class: "sd-card-side" }, crownBadge(card.crowns), abilityBadge(card.ability)),
    ),
    !royal && size !== "s" ? el("span", { class: "sd-level", "aria-hidden": "true" }, "•".repeat(card.level || 1)) : null,
    royal ? el("span", { class: "sd-card-name" }, card.name) : null,
    opts.blindMine ? el("span", { class: "sd-blind-mark", title: w("blindMine") }, icon("hidden")) : null,
    el("span", { class: "sr-only" }, description),
  ];
  const classes = [
    "sd-card",
    `sd-band-${band}`,
    `size-${size}`,
    royal && "sd-royal",
    card.color === "joker" && "sd-is-joker",
    opts.selected && "is-selected",
    opts.buyable && "is-buyable",
    opts.blindMine && "is-blind",
    opts.extra,
  ];
  const dataset = { testid: opts.testid, card: card.id, points: String(card.points || 0), focusKey: opts.focusKey };
  if (opts.onClick) {
    return speak(
      el(
        "button",
        {
          type: "button",
          class: [...classes, "playable"],
          title: opts.label ? `${opts.label}\n${description}` : description,
          "aria-pressed": opts.selected ? "true" : "false",
          dataset,
          onclick: opts.onClick,
        },
        children,
      ),
      description,
      opts.label,
    );
  }
  return el("div", { class: classes, title: description, dataset }, children);
}

function backEl(level, opts = {}) {
  const label = opts.count !== undefined ? `${w("deck", { n: level })} · ${w("deckCount", { n: opts.count })}` : w("hiddenCard", { n: level });
  const children = [
    el("span", { class: "sd-back-level" }, "•".repeat(level)),
    opts.count !== undefined ? el("b", { class: "sd-back-count", dataset: { countKey: `deck:${level}`, count: String(opts.count), pile: "out" } }, n(opts.count)) : null,
    el("span", { class: "sr-only" }, label),
  ];
  const classes = ["sd-card", "sd-back", `sd-back-${level}`, `size-${opts.size || "m"}`, opts.selected && "is-selected", opts.count === 0 && "is-empty"];
  if (opts.onClick) {
    return speak(
      el(
        "button",
        { type: "button", class: [...classes, "playable"], title: opts.title || label, "aria-pressed": opts.selected ? "true" : "false", dataset: { testid: opts.testid, deck: String(level), focusKey: opts.focusKey }, onclick: opts.onClick },
        children,
      ),
      label,
      opts.title,
    );
  }
  return el("div", { class: classes, title: label, dataset: { testid: opts.testid, deck: String(level) } }, children);
}

/** The gallery's card: the drawn card and its name and text. */
export function renderCard(card, ctx) {
  ensureCss();
  use(ctx);
  return el(
    "figure",
    { class: "sd-gallery-card" },
    cardEl(card, { size: "l" }),
    el("figcaption", {}, el("b", {}, card.name), el("span", {}, card.text || "")),
  );
}

// ------------------------------------------------------------------ the board's state
// What the player is building, kept across renders of the same position.
// tokens: spaces picked for a take; card/deck: the card or deck whose choices are open;
// gold: a gold picked before the card; goldFor: a reserve waiting for its gold (several on
// the board); priv: a privilege chosen, waiting for its token; armed: the element a first
// touch showed (a second touch does it).
const sel = new Selection(() => ({ tokens: [], card: null, deck: null, gold: null, goldFor: false, priv: false, armed: null }));
// How the last click began: a touch shows what it would do first, a mouse acts at once.
const pointer = new Pointer();
// Tokens the last replenish placed, to show the spiral order they came in.
const memory = { table: null, version: -1, board: null, fresh: new Map() };
const last = new LastCall(render);

function trackFresh(msg, view) {
  const table = msg.table || msg.game || "";
  const board = (view.board || []).join("");
  const version = typeof msg.version === "number" ? msg.version : -1;
  if (memory.table !== table || version < memory.version || !memory.board || board.length !== 25) {
    memory.fresh = new Map();
  } else if (version > memory.version) {
    for (let i = 0; i < 25; i++) if (memory.board[i] === "." && board[i] !== ".") memory.fresh.set(i, view.turn);
  }
  for (const [i, turn] of memory.fresh) {
    if (board[i] === "." || (typeof view.turn === "number" && view.turn - turn > 1)) memory.fresh.delete(i);
  }
  Object.assign(memory, { table, version, board });
}

const spaceKey = (space) => `${space[0]},${space[1]}`;

function push(map, key, item) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(item);
}

/** The legal actions by where they show on the board. */
function mapLegal(legal) {
  const m = {
    takes: [],
    privilege: new Map(),
    bonus: new Map(),
    buy: new Map(),
    reserveCard: new Map(),
    reserveDeck: new Map(),
    steal: new Map(),
    royal: new Map(),
    discard: new Map(),
    replenish: null,
    pass: null,
    claim: null,
  };
  legal.forEach((move, index) => {
    const a = move.action || {};
    const item = { action: a, label: move.label, index };
    switch (a.do) {
      case "take":
        if (Array.isArray(a.spaces)) m.takes.push({ ...item, cells: a.spaces.map(spaceKey) });
        break;
      case "privilege":
        m.privilege.set(spaceKey(a.space), item);
        break;
      case "take-bonus":
        m.bonus.set(spaceKey(a.space), item);
        break;
      case "buy":
        push(m.buy, a.card, item);
        break;
      case "reserve":
        if (a.deck !== undefined) push(m.reserveDeck, a.deck, { ...item, gold: spaceKey(a.gold) });
        else push(m.reserveCard, a.card, { ...item, gold: spaceKey(a.gold) });
        break;
      case "steal":
        m.steal.set(a.token, item);
        break;
      case "royal":
        m.royal.set(a.card, item);
        break;
      case "discard":
        m.discard.set(a.token, item);
        break;
      case "replenish":
        m.replenish = item;
        break;
      case "pass":
        m.pass = item;
        break;
      case "claim-stall":
        m.claim = item;
        break;
      default:
        break;
    }
  });
  return m;
}


// ------------------------------------------------------------------ the view model
/**
 * What the board shows, from the server's message alone (no DOM): the seats (`bottom` the
 * viewer's, or seat 0 when watching), who acts, what is pending, the token board's rows,
 * the pyramid, decks, royals, bag and privileges, and `m` — the legal moves by where they
 * show on the board (mapLegal).
 */
export function view(msg, ctx) {
  const state = msg.view || {};
  const legal = msg.legal || [];
  const me = viewerSeat(msg, state);
  const bottom = me ?? 0;
  const toAct = typeof state.to_act === "number" ? state.to_act : null;
  const pending = state.pending || null;
  const myMove = me !== null && toAct === me && legal.length > 0;
  return {
    turn: typeof state.turn === "number" ? state.turn : null,
    over: Boolean(state.over),
    players: state.players || [],
    board: state.board || [],
    pyramid: state.pyramid || [],
    decks: state.decks || [],
    royals: state.royals || [],
    bag: state.bag_size ?? 0,
    supply: state.privileges || 0,
    legal,
    m: mapLegal(legal),
    me,
    bottom,
    top: 1 - bottom,
    toAct,
    pending,
    myMove,
    free: myMove && !pending, // a main action may be built
    nameOf: seatNamer(ctx, me),
  };
}

// ------------------------------------------------------------------ drawing
/**
 * One drawing of the board: the view model, the card data, the legal moves shown so far
 * (`used`), the label of what the armed (first-touched) target would do, for the prompt
 * line, and what the selection allows.
 */
class Drawing {
  constructor(v, ctx) {
    this.v = v;
    this.m = v.m;
    this.cards = ctx.cards || new Map();
    this.used = new Set();
    this.armedLabel = null;
    this.reserveGolds = new Set([...v.m.reserveCard.values(), ...v.m.reserveDeck.values()].flat().map((i) => i.gold));
    const m = v.m;
    this.act = (item) => {
      if (!item) return;
      sel.reset(null);
      ctx.act(item.action);
    };
    this.rerender = (focusKey) => last.redraw(focusKey);
    this.mark = (items) => {
      for (const item of [].concat(items || [])) if (item) this.used.add(item.index);
    };
    /**
     * A click that plays a move at once. By mouse or keyboard it plays; a first touch only
     * shows what it would do (the prompt line says it, the target is ringed), a second plays.
     */
    this.guarded = (focusKey, item) => () => {
      if (pointer.touch && sel.armed !== focusKey) {
        sel.armed = focusKey;
        return this.rerender(focusKey);
      }
      this.act(item);
    };
    // ---- what the selection allows
    this.takesWith = (cells) => m.takes.filter((t) => cells.every((c) => t.cells.includes(c)));
    this.exactTake = (cells) => m.takes.find((t) => t.cells.length === cells.length && cells.every((c) => t.cells.includes(c)));
    this.goldOptions = (items) => (sel.gold ? items.filter((i) => i.gold === sel.gold) : items);
    this.reserveItems = () => (sel.card ? m.reserveCard.get(sel.card) || [] : sel.deck !== null ? m.reserveDeck.get(sel.deck) || [] : []);
  }
}

// The table in four bands that fit one screen: the head (turn, and the prompt line that says
// what to do, what a hovered or first-touched target would do, and holds the buttons of a
// selection), the opponent, the middle (token board, pyramid, royals) and the player. Every
// legal move has a target on the board: tokens (a take, a privilege, a Token ability, the
// gold of a reserve), the bag (replenish), cards and decks (buy, reserve: the choices open on
// the card), the players' tokens (steal, discard), the royals, and the prompt's own buttons
// for what is not a thing on the table (pass, claim the stalling win).
/**
 * The position in a few sentences, for a screen reader's summary key (../pages/table.js):
 * each player's points, crowns and privileges, tokens and bonuses colour by colour.
 */
export function summary(msg, ctx) {
  use(ctx);
  const v = view(msg, ctx);
  const comma = lang() === "fa" ? "، " : ", ";
  return v.players
    .map((p, q) => {
      const tokens = p.tokens || {};
      const bonuses = p.bonuses || {};
      const held = [...COLORS, "pearl", "gold"].filter((k) => tokens[k]).map((k) => `${colorWord(k)} ${n(tokens[k])}`);
      const bonus = COLORS.filter((k) => bonuses[k]).map((k) => `${colorWord(k)} ${n(bonuses[k])}`);
      const parts = [`${w("points")} ${n(p.points || 0)}`, `${w("crowns")} ${n(p.crowns || 0)}`, `${w("privileges")} ${n(p.privileges || 0)}`];
      parts.push(`${w("tokens")}: ${held.length ? held.join(comma) : n(0)}`, `${w("bonus")}: ${bonus.length ? bonus.join(comma) : n(0)}`);
      return `${v.nameOf(q)}: ${parts.join(comma)}`;
    })
    .join(". ");
}

export function render(root, msg, ctx) {
  ensureCss();
  last.keep(root, msg, ctx);
  use(ctx);
  sel.at(positionKey(msg));
  trackFresh(msg, msg.view || {});
  const v = view(msg, ctx);
  const d = new Drawing(v, ctx);
  const board = el("div", { class: ["sd", v.pending && "has-pending", !v.myMove && "is-waiting"], dataset: { testid: "sd-board" } });

  // Build the parts first (they mark the moves they show), the head last: it reads armedLabel.
  const opponent = v.players[v.top] ? playerPanel(d, v.top, false) : null;
  const middle = el("div", { class: "sd-middle" }, tokenZone(d), cardZone(d));
  const mine = v.players[v.bottom] ? playerPanel(d, v.bottom, v.me === v.bottom) : null;
  board.append(head(d), ...[opponent, middle, mine].filter(Boolean));
  watchPreview(board);
  // How many of the legal moves have no target on the board (0 is the aim; tests read it).
  board.dataset.unmapped = String(v.legal.filter((_, i) => !d.used.has(i)).length);

  root.replaceChildren(board);
  return { mapped: d.used };
}

// ------------------------------------------------------------------ the parts
function head(d) {
  const { v } = d;
  const { toAct, pending, myMove, nameOf } = v;
  let status;
  if (v.over) status = w("over");
  else if (myMove) status = w("yourTurn");
  else if (toAct !== null) status = pending ? w("waitingFor", { name: nameOf(toAct) }) : w("toPlay", { name: nameOf(toAct) });
  const line = el(
    "div",
    { class: "sd-topline", title: w("goal") },
    v.turn !== null ? el("span", { class: "sd-turn" }, w("turn", { n: v.turn })) : null,
    status ? el("span", { class: ["sd-status", myMove && "is-mine"], dataset: { testid: "sd-status" } }, status) : null,
    el("span", { class: "sr-only" }, w("goal")),
  );
  return el("div", { class: "sd-head" }, line, promptLine(d));
}

/** The prompt: what to do now, the hovered target's move, and a selection's buttons. */
function promptLine(d) {
  const { v, cards, m, mark, act, guarded, takesWith, exactTake } = d;
  const { pending, myMove } = v;
  const box = el("div", { class: ["sd-prompt", myMove && "is-mine", pending && "is-pending"], role: "status", dataset: { testid: "sd-prompt" } });
  const text = el("p", { class: "sd-prompt-text", dataset: { testid: "sd-prompt-text" } });
  const buttons = el("div", { class: "sd-bar-buttons" });
  const say = (words, extra) => {
    text.replaceChildren(...[].concat(extra || []), el("span", { class: "sd-say" }, words));
  };
  if (!myMove) {
    say(v.over ? w("over") : w("goal"));
  } else if (pending) {
    box.dataset.choice = pending.choice;
    say(w(`pending.${pending.choice}`, { color: colorWord(pending.color || ""), n: pending.count || 1 }));
    box.append(el("span", { class: "sr-only", dataset: { testid: "pending-choice", choice: pending.choice } }, pending.choice));
  } else if (sel.priv) {
    say(w("privilegePick"), icon("privilege"));
    buttons.append(clearButton(d));
  } else if (sel.goldFor) {
    say(w("chooseGoldBoard"), disc("gold"));
    buttons.append(clearButton(d));
  } else if (sel.gold && !sel.card && sel.deck === null) {
    say(w("goldChosen", { space: spaceWord(sel.gold) }), disc("gold"));
    buttons.append(clearButton(d));
  } else if (sel.tokens.length) {
    const exact = exactTake(sel.tokens);
    const privilege = sel.tokens.length === 1 ? m.privilege.get(sel.tokens[0]) : null;
    const grows = takesWith(sel.tokens).some((t) => t.cells.length > sel.tokens.length);
    const kinds = [...sel.tokens].sort().map((k) => {
      const [r, c] = k.split(",").map(Number);
      return LETTERS[(v.board[r - 1] || "")[c - 1]];
    });
    const picked = el("span", { class: "sd-bar-tokens" }, kinds.map((kind) => disc(kind)));
    const words = exact ? exact.label : privilege ? privilege.label : w("notYet");
    say(exact && grows ? `${words} · ${w("extend")}` : words, picked);
    if (exact) buttons.append(el("button", { type: "button", class: "btn btn-primary", title: exact.label, dataset: { testid: "sd-take", action: JSON.stringify(exact.action), focusKey: "sd-take", preview: exact.label }, onclick: () => act(exact) }, w("take")));
    if (privilege) buttons.append(el("button", { type: "button", class: "btn", title: privilege.label, dataset: { testid: "sd-privilege", action: JSON.stringify(privilege.action), focusKey: "sd-privilege", preview: privilege.label }, onclick: () => act(privilege) }, icon("privilege"), w("usePrivilege")));
    buttons.append(clearButton(d));
  } else if (sel.card || sel.deck !== null) {
    say(sel.card ? `${cardData(cards, sel.card).name}${cardData(cards, sel.card).text ? ` — ${cardData(cards, sel.card).text}` : ""}` : w("deckChosen", { n: sel.deck }));
    buttons.append(clearButton(d));
  } else {
    say(m.claim ? w("claimable") : m.pass ? w("passOnly") : w("pickTokens"));
  }
  // Moves that are not a thing on the table: the prompt's own buttons.
  if (myMove && m.claim) {
    mark(m.claim);
    buttons.prepend(el("button", { type: "button", class: ["btn btn-primary", sel.armed === "claim" && "is-armed"], title: m.claim.label, dataset: { testid: "sd-claim", focusKey: "claim", preview: m.claim.label }, onclick: guarded("claim", m.claim) }, w("claim")));
  }
  if (myMove && m.pass) {
    mark(m.pass);
    buttons.prepend(el("button", { type: "button", class: ["btn", sel.armed === "pass" && "is-armed"], title: m.pass.label, dataset: { testid: "sd-pass", focusKey: "pass", preview: m.pass.label }, onclick: guarded("pass", m.pass) }, w("pass")));
  }
  if (sel.armed === "claim" && m.claim) d.armedLabel = m.claim.label;
  if (sel.armed === "pass" && m.pass) d.armedLabel = m.pass.label;
  if (d.armedLabel) {
    text.classList.add("is-armed");
    say(`${d.armedLabel} · ${w("tapAgain")}`);
  }
  box.append(text, el("p", { class: "sd-preview", hidden: true, "aria-hidden": "true", dataset: { testid: "sd-preview" } }), buttons);
  return box;
}

/** The ✕ that drops what is being built. */
function clearButton(d) {
  const { rerender } = d;
  return el(
    "button",
    { type: "button", class: "btn btn-small btn-ghost sd-clear", title: w("clear"), "aria-label": w("clear"), dataset: { testid: "sd-clear", focusKey: "sd-clear", cancel: "" }, onclick: () => {
      sel.clear();
      rerender();
    } },
    "✕",
  );
}

// ------------------------------------------------------------------ the token board
function tokenZone(d) {
  const { v, m, mark, guarded, takesWith } = d;
  const { myMove, free } = v;
  const grid = el("div", { class: "sd-grid", dir: "ltr", role: "group", "aria-label": w("board"), dataset: { testid: "sd-grid" } });
  const rows = v.board;
  const selected = new Set(sel.tokens);
  const extendable = new Set();
  if (free && sel.tokens.length) {
    for (const t of takesWith(sel.tokens)) for (const c of t.cells) if (!selected.has(c)) extendable.add(c);
  }
  if (free) mark(m.takes);
  for (let r = 1; r <= 5; r++) {
    for (let c = 1; c <= 5; c++) {
      const k = `${r},${c}`;
      const i = (r - 1) * 5 + (c - 1);
      const kind = LETTERS[(rows[r - 1] || "")[c - 1]] || null;
      grid.append(cell(d, k, i, kind, selected, extendable));
    }
  }
  const zone = el("section", { class: "sd-board-zone", "aria-label": w("board") }, grid);
  const foot = el("div", { class: "sd-board-foot" });
  // The bag: a button when the board may be replenished.
  const bagText = w("bagCount", { n: v.bag });
  if (m.replenish && myMove) {
    mark(m.replenish);
    if (sel.armed === "replenish") d.armedLabel = m.replenish.label;
    foot.append(
      speak(
        el(
          "button",
          { type: "button", class: ["sd-bag playable", sel.armed === "replenish" && "is-armed"], title: m.replenish.label, dataset: { testid: "sd-replenish", focusKey: "replenish", preview: m.replenish.label }, onclick: guarded("replenish", m.replenish) },
          icon("bag"),
          el("span", { class: "sd-bag-word" }, w("replenishShort")),
          el("b", {}, n(v.bag)),
        ),
        `${w("replenishShort")} · ${bagText}`,
        m.replenish.label,
      ),
    );
  } else {
    foot.append(el("span", { class: "sd-bag", title: bagText, dataset: { preview: bagText } }, icon("bag"), el("b", {}, n(v.bag)), el("span", { class: "sr-only" }, bagText)));
  }
  foot.append(
    el(
      "span",
      { class: "sd-supply", title: `${w("supply")}: ${n(v.supply)}`, dataset: { preview: `${w("supply")}: ${n(v.supply)}` } },
      Array.from({ length: v.supply }, () => icon("privilege")),
      el("b", {}, n(v.supply)),
      el("span", { class: "sr-only" }, w("supply")),
    ),
  );
  if (memory.fresh.size) foot.append(el("span", { class: "sd-fresh-note", title: w("freshNote") }, el("span", { class: "sd-fresh-swatch" }), el("span", { class: "sd-fresh-word" }, w("freshNote"))));
  zone.append(foot);
  return zone;
}

/** One space of the token board: a target when some move takes, picks or asks for it. */
function cell(d, k, i, kind, selected, extendable) {
  const { m, mark, act, rerender, guarded, takesWith, exactTake, goldOptions, reserveItems, reserveGolds } = d;
  const { pending, myMove, free } = d.v;
  const spiral = SPIRAL_NO.get(k);
  const fresh = memory.fresh.has(i);
  const [r, c] = k.split(",").map(Number);
  const what = kind ? colorWord(kind) : w("empty");
  const base = `${w("space", { r, c })} · ${what} · ${w("spiralNo", { n: spiral })}${fresh ? ` · ${w("fresh")}` : ""}`;
  let onClick = null;
  let label = base;
  let testid = "sd-cell";
  const focusKey = `cell:${k}`;
  const classes = ["sd-cell", kind ? `has-${kind}` : "is-empty", fresh && "is-fresh", selected.has(k) && "is-selected", extendable.has(k) && "is-option"];
  const direct = (item) => {
    mark(item);
    classes.push("is-target");
    label = item.label;
    if (sel.armed === focusKey) {
      classes.push("is-armed");
      d.armedLabel = item.label;
    }
    onClick = guarded(focusKey, item);
  };
  if (myMove && kind) {
    if (pending && pending.choice === "take-bonus" && m.bonus.has(k)) {
      direct(m.bonus.get(k));
    } else if (free && sel.priv) {
      if (m.privilege.has(k)) direct(m.privilege.get(k));
    } else if (free && sel.goldFor) {
      const found = goldOptions(reserveItems()).find((x) => x.gold === k);
      if (found) direct(found);
    } else if (free && kind === "gold" && reserveGolds.has(k)) {
      classes.push("is-gold-choice");
      if (sel.gold === k) classes.push("is-selected");
      label = `${base} — ${w("goldFirst")}`;
      onClick = () => {
        if (sel.card || sel.deck !== null) {
          const found = reserveItems().find((x) => x.gold === k);
          if (found) return act(found);
        }
        sel.gold = sel.gold === k ? null : k;
        sel.tokens = [];
        rerender(focusKey);
      };
    } else if (free && (takesWith([k]).length || m.privilege.has(k))) {
      onClick = () => pickToken(d, k);
      if (m.privilege.has(k)) mark(m.privilege.get(k));
      const single = exactTake([k]);
      if (!sel.tokens.length && single) label = `${single.label}…`;
    }
  }
  const content = [
    kind ? disc(kind, "sd-cell-tok", `tok:${kind}`) : null,
    el("span", { class: "sd-spiral", "aria-hidden": "true" }, n(spiral)),
  ];
  if (onClick) {
    return speak(
      el(
        "button",
        { type: "button", class: [...classes, "playable"], title: label, "aria-pressed": selected.has(k) ? "true" : "false", dataset: { testid, space: k, token: kind || "", focusKey, preview: label }, onclick: onClick },
        content,
      ),
      base,
      label,
    );
  }
  return speak(el("div", { class: classes, title: base, dataset: { testid, space: k, token: kind || "" } }, content), base);
}

/** Add a token to the take being built (or start a new one, or drop it). */
function pickToken(d, k) {
  const { rerender, takesWith } = d;
  sel.armed = null;
  sel.card = null;
  sel.deck = null;
  sel.gold = null;
  if (sel.tokens.includes(k)) sel.tokens = sel.tokens.filter((x) => x !== k);
  else {
    const grown = [...sel.tokens, k];
    if (takesWith(grown).length) sel.tokens = grown;
    else sel.tokens = [k];
  }
  rerender(`cell:${k}`);
}

// ------------------------------------------------------------------ cards: pyramid, decks, royals
function cardZone(d) {
  const { v, cards, m, mark, guarded } = d;
  const { pending, myMove } = v;
  const zone = el("section", { class: "sd-card-zone", "aria-label": w("pyramid") });
  // The pyramid: level 3 on top, then 2, then 1; each row starts with its deck.
  const pyramid = el("div", { class: "sd-pyramid", dataset: { testid: "sd-pyramid" } }, el("h3", { class: "sr-only" }, w("pyramid")));
  for (const level of [3, 2, 1]) {
    const row = el("div", { class: ["sd-pyr-row", `sd-pyr-${level}`], dataset: { level: String(level) } });
    row.append(deckEl(d, level));
    const slots = v.pyramid[level - 1] || [];
    slots.forEach((id, slot) => {
      if (!id) {
        row.append(el("div", { class: "sd-card sd-slot", title: w("emptySlot") }, el("span", { class: "sr-only" }, w("emptySlot"))));
        return;
      }
      // Choices open towards the middle of the row, so they stay on the screen.
      row.append(buyableCard(d, id, "sd-card", `pyr:${id}:${slot}`, { side: slot < slots.length / 2 ? "start" : "end", level }));
    });
    pyramid.append(row);
  }
  zone.append(pyramid);

  // Royals on offer.
  const royals = v.royals;
  const royalRow = el("div", { class: "sd-royals", dataset: { testid: "sd-royals" } }, el("h3", { class: "sd-zone-title" }, w("royals")));
  const royalCards = el("div", { class: "sd-royal-cards" });
  if (!royals.length) royalCards.append(el("p", { class: "muted sd-empty" }, w("noRoyals")));
  for (const id of royals) {
    const item = myMove && pending && pending.choice === "royal" ? m.royal.get(id) : null;
    const focusKey = `royal:${id}`;
    if (item) mark(item);
    if (item && sel.armed === focusKey) d.armedLabel = item.label;
    royalCards.append(cardEl(cardData(cards, id), { size: "s", testid: item ? "sd-royal" : "sd-royal-card", label: item && item.label, onClick: item ? guarded(focusKey, item) : null, extra: item && (sel.armed === focusKey ? "is-target is-armed" : "is-target"), focusKey }));
  }
  royalRow.append(royalCards);
  zone.append(royalRow);
  return zone;
}

/** A deck of the pyramid: a target when it may be reserved from. */
function deckEl(d, level) {
  const { v, m, mark, act, rerender, goldOptions } = d;
  const { free } = v;
  const count = v.decks[level - 1] ?? 0;
  const items = free ? m.reserveDeck.get(level) || [] : [];
  if (items.length) mark(items);
  const focusKey = `deck:${level}`;
  const back = backEl(level, {
    count,
    testid: items.length ? "sd-deck" : "sd-deck-pile",
    selected: sel.deck === level,
    title: items.length ? `${w("deck", { n: level })} · ${w("deckCount", { n: count })} — ${items[0].label.split(" — ")[0]}` : undefined,
    focusKey,
    onClick: items.length
      ? () => {
          const opening = sel.deck !== level;
          Object.assign(sel, { deck: opening ? level : null, card: null, tokens: [], goldFor: false, priv: false, armed: null });
          const options = goldOptions(items);
          if (opening && sel.gold && options.length === 1) return act(options[0]);
          rerender(focusKey);
        }
      : null,
  });
  if (back.dataset) back.dataset.preview = back.title;
  const slot = el("div", { class: ["sd-slotwrap", "sd-deckwrap"] }, back);
  if (sel.deck === level && items.length) slot.append(cardPop(d, { side: "start" }));
  return slot;
}

/** A card of the pyramid or of the reserve: a button when it can be bought or reserved. */
function buyableCard(d, id, testid, focusKey, opts = {}) {
  const { cards, m, mark, rerender } = d;
  const { free } = d.v;
  const buys = free ? m.buy.get(id) || [] : [];
  const reserves = free ? m.reserveCard.get(id) || [] : [];
  mark(buys);
  mark(reserves);
  const playable = buys.length || reserves.length;
  const label = buys.length ? buys[0].label : reserves.length ? reserves[0].label : null;
  const card = cardEl(cardData(cards, id), {
    ...opts,
    testid,
    label,
    focusKey,
    selected: sel.card === id,
    buyable: buys.length > 0,
    onClick: playable
      ? () => {
          const opening = sel.card !== id;
          Object.assign(sel, { card: opening ? id : null, deck: null, tokens: [], goldFor: false, priv: false, armed: null });
          rerender(focusKey);
        }
      : null,
  });
  if (playable) card.dataset.preview = label ? label.split(" — ")[0] : "";
  const slot = el("div", { class: "sd-slotwrap" }, card);
  if (sel.card === id && playable) slot.append(cardPop(d, opts));
  return slot;
}

/** The choices on the chosen card or deck: buy it (a joker: as which colour; which payment), reserve it. */
function cardPop(d, opts) {
  const { m, act, rerender, goldOptions, reserveItems } = d;
  const buys = sel.card ? m.buy.get(sel.card) || [] : [];
  const reserves = goldOptions(reserveItems());
  const pop = el("div", { class: ["sd-pop", `sd-pop-${opts.side || "start"}`, opts.up && "sd-pop-up"], role: "group", dataset: { testid: "sd-card-menu" } });
  const jokers = buys.filter((i) => i.action.color && !i.action.pay);
  if (jokers.length) pop.append(el("p", { class: "sd-pop-ask" }, w("jokerAs")));
  const swatches = jokers.length ? el("div", { class: "sd-pop-swatches" }) : null;
  for (const item of buys) {
    const color = item.action.color;
    const pay = item.action.pay;
    const attrs = (testid, cls) => ({ type: "button", class: cls, title: item.label, dataset: { testid, action: JSON.stringify(item.action), focusKey: `buy:${item.index}`, preview: item.label }, onclick: () => act(item) });
    if (color && !pay) {
      // A joker's colour: a token of that colour to click.
      swatches.append(speak(el("button", attrs("sd-buy", "sd-swatch playable"), disc(color)), w("buyAs", { color: colorWord(color) }), item.label));
      continue;
    }
    // Another payment than the automatic one: the tokens it hands back.
    const body = pay
      ? [color ? disc(color) : null, el("span", {}, w("pay")), ...Object.entries(pay).flatMap(([k, c]) => [el("b", {}, n(c)), disc(k, "sd-mini")])]
      : [w("buy")];
    const button = el("button", attrs(pay ? "sd-pay" : "sd-buy", pay ? "btn sd-pay-btn" : "btn btn-primary sd-buy-btn"), body);
    // "Buy" says itself, the card and price in its description; a payment's tokens are drawn.
    if (pay) speak(button, item.label);
    else button.setAttribute("aria-description", item.label);
    pop.append(button);
  }
  if (swatches) pop.append(swatches);
  if (reserves.length) {
    const only = reserves.length === 1 ? reserves[0] : null;
    pop.append(
      el(
        "button",
        {
          type: "button",
          class: "btn sd-reserve-btn",
          title: only ? only.label : w("chooseGoldBoard"),
          dataset: { testid: "sd-reserve", action: only ? JSON.stringify(only.action) : "", golds: String(reserves.length), focusKey: "sd-reserve", preview: only ? only.label : w("chooseGoldBoard") },
          onclick: () => {
            if (only) return act(only);
            sel.goldFor = true;
            rerender("sd-clear");
          },
        },
        disc("gold"),
        w("reserve"),
      ),
    );
  }
  if (!buys.length && !reserves.length) pop.append(el("p", { class: "muted" }, w("noMove")));
  return pop;
}

// ------------------------------------------------------------------ a player's area
function playerPanel(d, q, mine) {
  const { players, toAct, nameOf } = d.v;
  const p = players[q];
  const acting = q === toAct && !d.v.over;
  const panel = el("section", {
    class: ["sd-player", mine ? "sd-me" : "sd-opp", acting && "is-current"],
    dataset: { testid: mine ? "my-area" : "opponent", player: String(q) },
    "aria-label": nameOf(q),
  });
  panel.append(playerHead(d, q, mine, acting));
  const body = el("div", { class: "sd-player-body" });
  // Tokens, bonuses and points, colour by colour; then reserved cards and royals; then the
  // cards bought.
  body.append(holdingsEl(d, q, mine), reservedEl(d, q, mine));
  const royals = ownedRoyals(d, q);
  if (royals) body.append(royals);
  body.append(boughtEl(d, q, mine));
  panel.append(body);
  return panel;
}

/** A player's name and numbers: points, crowns, the best colour, privileges, tokens. */
function playerHead(d, q, mine, acting) {
  const { m, rerender } = d;
  const { players, free, nameOf } = d.v;
  const p = players[q];
  const colorPoints = p.color_points || {};
  const best = COLORS.reduce((a, b) => ((colorPoints[b] || 0) > (colorPoints[a] || 0) ? b : a), COLORS[0]);
  const stat = (kind, value, goal, title, testid, extra) =>
    el(
      "span",
      { class: ["sd-stat", `sd-stat-${kind}`], title, dataset: { testid, preview: title } },
      extra || icon(kind === "points" ? "star" : kind === "crowns" ? "crown" : kind),
      el("b", { dataset: { countKey: `p${q}:${kind}`, count: String(value) } }, n(value)),
      goal ? el("span", { class: "sd-goal-n" }, `/${n(goal)}`) : null,
      el("span", { class: "sd-stat-label" }, title),
    );
  // A privilege of one's own, usable now: a button; then a token of the board.
  const privileges = p.privileges || 0;
  let privilege = stat("privilege", privileges, null, w("privileges"), mine ? "my-privileges" : "opponent-privileges");
  if (mine && free && m.privilege.size) {
    privilege = el(
      "button",
      { type: "button", class: ["sd-stat", "sd-stat-privilege", "sd-use-priv", "playable", sel.priv && "is-selected"], title: w("privilegeHow"), "aria-pressed": sel.priv ? "true" : "false", dataset: { testid: "sd-use-privilege", focusKey: "use-privilege", preview: w("privilegeHow") }, onclick: () => {
        const on = !sel.priv;
        sel.clear();
        sel.priv = on;
        rerender("use-privilege");
      } },
      icon("privilege"),
      el("b", { dataset: { testid: "my-privileges" } }, n(privileges)),
      el("span", { class: "sd-stat-label" }, w("privileges")),
    );
  }
  return el(
    "header",
    { class: "sd-player-head" },
    acting ? el("span", { class: "sd-current-mark", "aria-hidden": "true" }, "▸") : null,
    el("span", { class: "sd-player-name" }, nameOf(q)),
    el(
      "span",
      { class: "sd-stats" },
      stat("points", p.points || 0, WIN.points, w("points"), mine ? "my-points" : "opponent-points"),
      stat("crowns", p.crowns || 0, WIN.crowns, w("crowns"), mine ? "my-crowns" : "opponent-crowns"),
      stat("best", colorPoints[best] || 0, WIN.color, `${w("bestColor")}: ${colorWord(best)}`, null, disc(best)),
      privilege,
      el(
        "span",
        { class: ["sd-stat", "sd-stat-tokens", (p.token_count || 0) > WIN.tokens && "is-over"], title: w("tokens"), dataset: { testid: mine ? "my-token-count" : "opponent-token-count" } },
        disc("gold", "sd-mini"),
        el("b", { dataset: { countKey: `p${q}:tokens`, count: String(p.token_count || 0) } }, n(p.token_count || 0)),
        el("span", { class: "sd-goal-n" }, `/${n(WIN.tokens)}`),
        el("span", { class: "sd-stat-label" }, w("tokens")),
      ),
    ),
  );
}

/** A player's tokens, bonuses and points, colour by colour, then pearls and gold; the tokens
 * are targets while a steal or a discard is asked. */
function holdingsEl(d, q, mine) {
  const { m, mark, guarded } = d;
  const { players, pending, myMove } = d.v;
  const p = players[q];
  const colorPoints = p.color_points || {};
  const tokens = p.tokens || {};
  const bonuses = p.bonuses || {};
  const choice = myMove && pending ? pending.choice : null;
  const target = (kind) => {
    if (choice === "steal" && !mine) return m.steal.get(kind) || null;
    if (choice === "discard" && mine) return m.discard.get(kind) || null;
    return null;
  };
  const holdings = el("div", { class: "sd-holdings" });
  for (const kind of TOKENS) {
    const item = target(kind);
    const count = tokens[kind] || 0;
    const tokenCount = { countKey: `p${q}:tok:${kind}`, count: String(count), pile: `tok:${kind}` };
    let chip;
    if (item) {
      mark(item);
      const focusKey = `${choice}:${kind}`;
      if (sel.armed === focusKey) d.armedLabel = item.label;
      chip = el(
        "button",
        { type: "button", class: ["sd-tok-chip", "playable", "is-target", sel.armed === focusKey && "is-armed"], title: item.label, dataset: { testid: choice === "steal" ? "sd-steal" : "sd-discard", token: kind, focusKey, preview: item.label }, onclick: guarded(focusKey, item) },
        disc(kind),
        el("b", { dataset: tokenCount }, n(count)),
      );
      speak(chip, `${colorWord(kind)}: ${n(count)}`, item.label);
    } else {
      chip = el("span", { class: ["sd-tok-chip", !count && "is-zero"], title: `${colorWord(kind)}: ${n(count)}`, dataset: { testid: "token-count", token: kind } }, disc(kind), el("b", { dataset: tokenCount }, n(count)));
    }
    const column = el("div", { class: ["sd-col", `sd-col-${kind}`] }, chip);
    if (COLORS.includes(kind)) {
      const shown = `${w("bonus")} ${colorWord(kind)}: ${n(bonuses[kind] || 0)} · ${w("colorPoints")}: ${n(colorPoints[kind] || 0)}`;
      column.prepend(
        el(
          "span",
          { class: ["sd-bonus-chip", `sd-band-${kind}`, !bonuses[kind] && "is-zero"], title: shown, dataset: { preview: shown } },
          el("b", { dataset: { countKey: `p${q}:bonus:${kind}`, count: String(bonuses[kind] || 0), pile: "in" } }, n(bonuses[kind] || 0)),
          colorPoints[kind] ? el("span", { class: "sd-col-points" }, icon("star"), n(colorPoints[kind])) : null,
        ),
      );
    }
    holdings.append(column);
  }
  return holdings;
}

/** A player's reserved cards (theirs are bought from here) and the empty places left. */
function reservedEl(d, q, mine) {
  const { cards } = d;
  const p = d.v.players[q];
  const reserved = p.reserved || [];
  const reservedRow = el("div", { class: "sd-reserved", dataset: { testid: mine ? "my-reserved" : "opponent-reserved" } }, el("h4", { class: "sr-only" }, `${w("reserved")} ${n(reserved.length)}/${n(3)}`));
  const reservedCards = el("div", { class: "sd-row-cards" });
  reserved.forEach((entry, i) => {
    if (!entry.card) reservedCards.append(backEl(entry.level || 1, { size: "s", testid: "sd-hidden-reserve" }));
    else if (mine) reservedCards.append(buyableCard(d, entry.card, "sd-reserved-card", `res:${entry.card}:${i}`, { size: "s", blindMine: entry.blind, up: true, side: i < 2 ? "start" : "end" }));
    else reservedCards.append(cardEl(cardData(cards, entry.card), { size: "s", testid: "sd-reserved-card" }));
  });
  for (let i = reserved.length; i < 3; i++) reservedCards.append(el("span", { class: "sd-card sd-slot size-s", title: w("noReserved"), "aria-hidden": "true" }));
  reservedRow.append(reservedCards);
  return reservedRow;
}

/** The royals a player holds; null when none. */
function ownedRoyals(d, q) {
  const royals = d.v.players[q].royals || [];
  if (!royals.length) return null;
  return el(
    "div",
    { class: "sd-owned-royals" },
    el("h4", { class: "sd-zone-title" }, w("royalsOwned")),
    el("div", { class: "sd-row-cards" }, royals.map((id) => cardEl(cardData(d.cards, id), { size: "s", testid: "sd-owned-royal" }))),
  );
}

/** Cards bought: a count that opens the small cards over the table. */
function boughtEl(d, q, mine) {
  const { cards } = d;
  const p = d.v.players[q];
  const bought = p.cards || [];
  const jokers = p.jokers || {};
  const details = el("details", { class: "sd-bought", dataset: { testid: mine ? "my-cards" : "opponent-cards" } }, el("summary", {}, w("boughtN", { n: bought.length })));
  details.append(
    el(
      "div",
      { class: "sd-bought-cards" },
      bought.length ? el("div", { class: "sd-row-cards" }, bought.map((id) => cardEl(cardData(cards, id), { size: "s", jokerColor: jokers[id] }))) : el("p", { class: "muted sd-empty" }, w("none")),
    ),
  );
  return details;
}

/**
 * The prompt line shows what the target under the pointer (or focused) would do; the words
 * come from the target's data-preview, the server's label of its move. A touch is noted so
 * the next click only shows (see guarded in render).
 */
function watchPreview(board) {
  const show = (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-preview]") : null;
    // The armed target already says so in the prompt, with "tap again".
    if (target && target.classList.contains("is-armed")) return;
    const preview = board.querySelector(".sd-preview");
    const text = board.querySelector(".sd-prompt-text");
    if (!preview || !text) return;
    const words = target && board.contains(target) ? target.dataset.preview : "";
    preview.textContent = words;
    preview.hidden = !words;
    text.hidden = Boolean(words);
  };
  board.addEventListener("pointerover", show);
  board.addEventListener("focusin", show);
  board.addEventListener("pointerleave", () => show({ target: null }));
  pointer.watch(board);
}

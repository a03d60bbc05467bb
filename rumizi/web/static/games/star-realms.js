// Star Realms at the table: cards drawn with HTML/CSS and small inline SVG icons, the trade
// row, the hand, cards in play, bases, every player's authority and piles, the turn's pools
// and pending choices. The server's legal actions are the source of truth: each one is
// mapped onto a card or a player by its `card` / `base` / `player` fields, and whatever is
// not mapped stays in the page's generic move list (which always shows every move).
//
// Exports render(root, msg, ctx), renderCard(card, ctx) (the gallery on the game page) and
// WORDS; ctx brings the page's language tools (see ../renderers.js).

import { h as el, svgIcon } from "../dom.js";

// The board's own styles (the cards' look is in app.css): star-realms.css, linked once.
const CSS_ID = "star-realms-css";
function ensureCss() {
  if (typeof document === "undefined" || document.getElementById(CSS_ID)) return;
  document.head.append(el("link", { id: CSS_ID, rel: "stylesheet", href: new URL("./star-realms.css", import.meta.url).href }));
}

// ------------------------------------------------------------------ words of this renderer
export const WORDS = {
  fa: {
    tradeRow: "ردیف بازار",
    explorers: "کاوشگرها",
    explorersHint: "همیشه موجود",
    tradeDeck: "دستهٔ بازار",
    scrapHeap: "اسقاط\u200cشده\u200cها",
    hand: "دست شما",
    handOf: "دست {name}",
    inPlay: "در بازی",
    bases: "پایگاه\u200cها",
    noBases: "بدون پایگاه",
    discard: "دورریز",
    deck: "دسته",
    deckCards: "کارت\u200cهای دستهٔ شما (بی\u200cترتیب)",
    authority: "اقتدار",
    trade: "تجارت",
    combat: "حمله",
    handCount: "دست",
    you: "شما",
    player: "بازیکن {n}",
    current: "در نوبت",
    eliminated: "حذف\u200cشده",
    team0: "تیم الف",
    team1: "تیم ب",
    boss: "رئیس",
    raider: "مهاجم",
    emperor: "امپراتور",
    admiral: "دریاسالار",
    mustDiscard: "در آغاز نوبت {n} کارت دور می\u200cریزد",
    knownHand: "کارت\u200cهای آشکار در دست",
    empty: "خالی",
    emptySlot: "جای خالی",
    ally: "متحد",
    scrap: "اسقاط",
    outpost: "پاسگاه",
    base: "پایگاه",
    ship: "سفینه",
    defense: "دفاع {n}",
    cost: "هزینه {n}",
    damage: "آسیب {n}",
    copies: "{n} نسخه در دستهٔ بازار",
    turn: "نوبت {n}",
    attackHint: "برای حمله کلیک کنید",
    waitingFor: "{name} در حال انتخاب است…",
    endTurn: "پایان نوبت",
    skip: "بگذر",
    passTo: "سپردن بازی",
    cancel: "انصراف",
    tapAgain: "برای انجام، دوباره بزنید",
    chooseOf: "{what} … (انتخاب با شما)",
    howMuch: "چقدر؟ {what}",
    pickOne: "یکی را انتخاب کنید",
    "choose.scrap-card": "یک کارت از دست یا دورریزتان را برای اسقاط انتخاب کنید (اختیاری).",
    "choose.clear-row": "یک کارت از ردیف بازار را برای پاک\u200cکردن انتخاب کنید (اختیاری).",
    "choose.discard": "یک کارت از دستتان را دور بریزید.",
    "choose.opp-discard": "حریفی را انتخاب کنید که در آغاز نوبتش یک کارت دور بریزد.",
    "choose.bequeath": "کارتی را برای سپردن به هم\u200cتیمی\u200cتان انتخاب کنید (اختیاری).",
    "short.draw": "کشیدن {n}",
    "short.scrap-card": "اسقاط",
    "short.clear-row": "پاک\u200cسازی",
    "short.opp-discard": "دورریز حریف",
    "fx.trade": "{n} تجارت",
    "fx.combat": "{n} حمله",
    "fx.authority": "{n} اقتدار",
    "fx.draw": "کشیدن {n} کارت",
    "fx.scrap-card": "اسقاط {n} کارت از دست یا دورریز",
    "fx.clear-row": "پاک\u200cکردن {n} کارت از ردیف بازار",
    "fx.opp-discard": "حریف {n} کارت دور می\u200cریزد",
    "format.duel": "دونفره",
    "format.free-for-all": "همه با همه",
    "format.hunter": "شکارچی",
    "format.hydra": "هیدرا",
    "format.emperor": "امپراتور",
    "format.raid": "یورش",
    "faction.federation": "فدراسیون",
    "faction.empire": "امپراتوری",
    "faction.machine-cult": "ماشین\u200cپرستان",
    "faction.monsters": "هیولاها",
    "faction.none": "بی\u200cجناح",
  },
  en: {
    tradeRow: "Trade row",
    explorers: "Explorers",
    explorersHint: "always available",
    tradeDeck: "Trade deck",
    scrapHeap: "Scrap heap",
    hand: "Your hand",
    handOf: "{name}'s hand",
    inPlay: "In play",
    bases: "Bases",
    noBases: "no bases",
    discard: "Discard",
    deck: "Deck",
    deckCards: "Cards in your deck (any order)",
    authority: "Authority",
    trade: "Trade",
    combat: "Combat",
    handCount: "Hand",
    you: "You",
    player: "Player {n}",
    current: "to play",
    eliminated: "eliminated",
    team0: "Team A",
    team1: "Team B",
    boss: "Boss",
    raider: "Raider",
    emperor: "Emperor",
    admiral: "Admiral",
    mustDiscard: "discards {n} at the start of their turn",
    knownHand: "Known cards in hand",
    empty: "empty",
    emptySlot: "empty slot",
    ally: "Ally",
    scrap: "Scrap",
    outpost: "Outpost",
    base: "Base",
    ship: "Ship",
    defense: "defense {n}",
    cost: "cost {n}",
    damage: "damage {n}",
    copies: "{n} copies in the trade deck",
    turn: "Turn {n}",
    attackHint: "click to attack",
    waitingFor: "{name} is choosing…",
    endTurn: "End turn",
    skip: "Skip",
    passTo: "Hand play over",
    cancel: "Cancel",
    tapAgain: "tap again to do it",
    chooseOf: "{what} … (you choose)",
    howMuch: "How much? {what}",
    pickOne: "Choose one",
    "choose.scrap-card": "Choose a card from your hand or discard pile to scrap (optional).",
    "choose.clear-row": "Choose a trade-row card to clear away (optional).",
    "choose.discard": "Discard a card from your hand.",
    "choose.opp-discard": "Choose an opponent who must discard a card at the start of their turn.",
    "choose.bequeath": "Choose a card to pass on to your teammate (optional).",
    "short.draw": "draw {n}",
    "short.scrap-card": "scrap",
    "short.clear-row": "clear row",
    "short.opp-discard": "opp. discards",
    "fx.trade": "{n} trade",
    "fx.combat": "{n} combat",
    "fx.authority": "{n} authority",
    "fx.draw": "draw {n}",
    "fx.scrap-card": "scrap {n} from hand or discard",
    "fx.clear-row": "clear {n} from the trade row",
    "fx.opp-discard": "opponent discards {n}",
    "format.duel": "Duel",
    "format.free-for-all": "Free-for-all",
    "format.hunter": "Hunter",
    "format.hydra": "Hydra",
    "format.emperor": "Emperor",
    "format.raid": "Raid",
    "faction.federation": "Federation",
    "faction.empire": "Empire",
    "faction.machine-cult": "Machine Cult",
    "faction.monsters": "Monsters",
    "faction.none": "Unaligned",
  },
};

// The page's language, words and digits, as given with each call (ctx.lang, ctx.t, ctx.num):
// w(key, vars) finds the words above, n(value) writes a number in the page's digits.
let LANG = "fa";
let w;
let n;

function use(ctx) {
  ({ lang: LANG, t: w, num: n } = ctx);
}

// ------------------------------------------------------------------ elements and icons
// Elements are built with the page's own helper (../dom.js h).

// Icon shapes on a 24×24 grid, drawn for this project.
const ICONS = {
  // A coin: rim, face and a small diamond stamp.
  trade: [
    ["circle", { cx: 12, cy: 12, r: 10, class: "i-fill" }],
    ["circle", { cx: 12, cy: 12, r: 7, class: "i-line" }],
    ["path", { d: "M12 8.2 15 12l-3 3.8L9 12z", class: "i-mark" }],
  ],
  // A burst with eight points.
  combat: [
    ["path", { d: "M12 1.5l2.3 5.6 5.9-1.9-2.6 5.5 5 3.3-5.9 1.1.6 6-4.7-3.7L8 21.1l.6-6-5.9-1.1 5-3.3L5 5.2l5.9 1.9z", class: "i-fill" }],
    ["circle", { cx: 12, cy: 12.3, r: 2.6, class: "i-mark" }],
  ],
  // A cross in a rounded square: the health of a player.
  authority: [
    ["rect", { x: 2, y: 2, width: 20, height: 20, rx: 6, class: "i-fill" }],
    ["path", { d: "M10 6h4v4h4v4h-4v4h-4v-4H6v-4h4z", class: "i-mark" }],
  ],
  // A card with an arrow into it.
  draw: [
    ["rect", { x: 5, y: 3, width: 14, height: 18, rx: 2.5, class: "i-fill" }],
    ["path", { d: "M12 7v7m-3.2-3.2L12 14l3.2-3.2", class: "i-stroke" }],
  ],
  // A bin with a lid: scrap this card (its scrap ability).
  scrap: [
    ["path", { d: "M5 7h14l-1.3 13.2a2 2 0 0 1-2 1.8H8.3a2 2 0 0 1-2-1.8z", class: "i-fill" }],
    ["path", { d: "M3.5 5h17M9.5 5V3h5v2M10 10.5v7m4-7v7", class: "i-stroke" }],
  ],
  // A small card going into the bin.
  "scrap-card": [
    ["path", { d: "M6 10h12l-1.1 10.2a2 2 0 0 1-2 1.8H9.1a2 2 0 0 1-2-1.8z", class: "i-fill" }],
    ["rect", { x: 8.5, y: 1.5, width: 7, height: 9.5, rx: 1.3, class: "i-mark" }],
  ],
  // Three slots with the middle one swept away.
  "clear-row": [
    ["rect", { x: 1.5, y: 7, width: 6, height: 10, rx: 1.2, class: "i-fill" }],
    ["rect", { x: 16.5, y: 7, width: 6, height: 10, rx: 1.2, class: "i-fill" }],
    ["path", { d: "M9.5 9.5l5 5m0-5-5 5", class: "i-stroke" }],
  ],
  // A card with a minus: an opponent discards.
  "opp-discard": [
    ["rect", { x: 5, y: 3, width: 14, height: 18, rx: 2.5, class: "i-fill" }],
    ["path", { d: "M8.5 12h7", class: "i-stroke" }],
  ],
  // Defense of a base: a round shield.
  base: [["path", { d: "M12 2 20 5v6.5c0 5-3.4 8.7-8 10.5-4.6-1.8-8-5.5-8-10.5V5z", class: "i-fill" }]],
  // Defense of an outpost: a shield with battlements (it must be destroyed first).
  outpost: [
    ["path", { d: "M4 3h3v2h2.5V3h5v2H17V3h3v8.5c0 5-3.4 8.7-8 10.5-4.6-1.8-8-5.5-8-10.5z", class: "i-fill" }],
  ],
  // Hand of cards.
  hand: [
    ["rect", { x: 3, y: 5, width: 10, height: 15, rx: 2, class: "i-fill", transform: "rotate(-12 8 12)" }],
    ["rect", { x: 10, y: 4, width: 10, height: 15, rx: 2, class: "i-fill", transform: "rotate(8 15 12)" }],
  ],
  // Deck: a stack.
  deck: [
    ["rect", { x: 6, y: 2, width: 13, height: 17, rx: 2, class: "i-fill" }],
    ["path", { d: "M4.5 5.5V20a2 2 0 0 0 2 2h10", class: "i-stroke" }],
  ],
  // Discard: a fanned pile face up.
  discard: [
    ["rect", { x: 4, y: 6, width: 13, height: 15, rx: 2, class: "i-fill", transform: "rotate(-15 10 13)" }],
    ["path", { d: "M9 3h9a2 2 0 0 1 2 2v12", class: "i-stroke" }],
  ],
};

function icon(name, extra = "") {
  return svgIcon(ICONS[name], `ic ic-${name} ${extra}`.trim());
}

// ------------------------------------------------------------------ cards
const FACTION_CLASS = { federation: "fed", empire: "emp", "machine-cult": "mc", monsters: "blob", none: "neutral" };

function cardData(cards, id) {
  return (cards && cards.get && cards.get(id)) || { id, name: id, faction: "none", type: "ship", cost: 0, defense: 0, primary: [], ally: [], scrap: [], text: {} };
}

function fxText(effect, amount) {
  return w(`fx.${effect}`, { n: amount });
}

function fxChips(effects) {
  return (effects || []).map(([effect, amount]) => {
    const numeric = ["trade", "combat", "authority"].includes(effect);
    let label;
    if (numeric) label = el("b", {}, n(amount));
    else if (effect === "draw") label = el("span", { class: "fx-word" }, w("short.draw", { n: amount }));
    else label = el("span", { class: "fx-word" }, amount > 1 ? `${w(`short.${effect}`)} ×${n(amount)}` : w(`short.${effect}`));
    return el("span", { class: ["fx", `fx-${effect}`], title: fxText(effect, amount) }, icon(effect), label);
  });
}

function cardDescription(card) {
  const parts = [card.name];
  parts.push(card.faction_name || w(`faction.${card.faction}`));
  parts.push(w(card.type));
  if (card.defense) parts.push(w("defense", { n: card.defense }));
  if (card.cost) parts.push(w("cost", { n: card.cost }));
  const text = card.text || {};
  const say = (key, effects) => text[key] || (effects || []).map(([e, a]) => fxText(e, a)).join(LANG === "fa" ? "، " : ", ");
  if ((card.primary || []).length) parts.push(say("primary", card.primary));
  if ((card.ally || []).length) parts.push(`${w("ally")}: ${say("ally", card.ally)}`);
  if ((card.scrap || []).length) parts.push(`${w("scrap")}: ${say("scrap", card.scrap)}`);
  return parts.join(" · ");
}

/**
 * One card. opts: {size: "s"|"m"|"l", action, label, act, testid, focusKey, extra (class),
 * damage}. With an action the card is a button that plays it.
 */
function cardEl(card, opts = {}) {
  const size = opts.size || "m";
  const base = card.type === "base" || card.type === "outpost";
  const text = card.text || {};
  const description = cardDescription(card);
  const line = (key, effects, marker) => {
    if (!(effects || []).length) return null;
    return el(
      "span",
      { class: ["sr-fx", `sr-fx-${key}`] },
      marker,
      el("span", { class: "sr-chips" }, fxChips(effects)),
      size === "l" && text[key] ? el("span", { class: "sr-fx-text" }, text[key]) : null,
    );
  };
  const faction = FACTION_CLASS[card.faction] || "neutral";
  const children = [
    el(
      "span",
      { class: "sr-card-head" },
      card.cost > 0 || card.id === "explorer" ? el("span", { class: "sr-cost", title: w("cost", { n: card.cost }) }, icon("trade"), el("b", {}, n(card.cost))) : null,
      el("span", { class: "sr-name" }, card.name),
    ),
    size !== "s" ? el("span", { class: "sr-type" }, `${card.faction_name || w(`faction.${card.faction}`)} · ${w(card.type)}`) : null,
    el(
      "span",
      { class: "sr-body" },
      line("primary", card.primary),
      line("ally", card.ally, el("span", { class: "sr-ally-mark", title: w("ally"), "aria-hidden": "true" })),
      line("scrap", card.scrap, el("span", { class: "sr-scrap-mark", title: w("scrap") }, icon("scrap"))),
    ),
    base
      ? el(
          "span",
          { class: ["sr-def", card.type === "outpost" && "sr-def-outpost"], title: `${w(card.type)} · ${w("defense", { n: card.defense })}` },
          icon(card.type === "outpost" ? "outpost" : "base"),
          el("b", {}, n(opts.damage ? Math.max(0, card.defense - opts.damage) : card.defense)),
        )
      : null,
    opts.damage ? el("span", { class: "sr-damage" }, w("damage", { n: opts.damage })) : null,
    el("span", { class: "sr-only" }, description),
  ];
  const classes = ["sr-card", `fac-${faction}`, `size-${size}`, base && "is-base", card.type === "outpost" && "is-outpost", opts.extra];
  if (opts.moves && opts.moves.length && opts.bind) {
    const label = moveSummary(opts.moves);
    const button = el(
      "button",
      {
        type: "button",
        class: [...classes, "playable"],
        "aria-label": `${label} — ${description}`,
        dataset: { testid: opts.testid, card: card.id, action: JSON.stringify(opts.moves[0].action), focusKey: opts.focusKey },
      },
      children,
    );
    opts.bind(button, opts.moves);
    return button;
  }
  return el("div", { class: classes, title: description, dataset: { testid: opts.testid, card: card.id } }, children);
}

/** What a click on a target does: its one move's label, or the choice it opens. */
function moveSummary(moves) {
  if (moves.length === 1) return moves[0].label;
  return w("chooseOf", { what: moves[moves.length - 1].label });
}

/** A card for the gallery on the game page. */
export function renderCard(card, ctx) {
  use(ctx);
  const node = cardEl(card, { size: ctx.size || "l" });
  const type = node.querySelector(".sr-type");
  if (card.copies && type) type.append(el("span", { class: "sr-copies", title: w("copies", { n: card.copies }) }, ` · ×${n(card.copies)}`));
  return node;
}

// ------------------------------------------------------------------ seats, teams, roles
// Each seat's team and role come with the view (the engine's seat_team and seat_role). A role
// has a tag where it has a name; a hydra "member" has none, as in the texts.
const NAMED_ROLES = new Set(["boss", "raider", "emperor", "admiral"]);

/** Team tags where sides of several seats face each other (hydra, emperor); in raid the
 * boss and the raiders' roles already say who is on which side. */
function teamsFaceTeams(players) {
  const sizes = new Map();
  for (const p of players) if (typeof p.team === "number") sizes.set(p.team, (sizes.get(p.team) || 0) + 1);
  return [...sizes.values()].filter((size) => size > 1).length > 1;
}

// ------------------------------------------------------------------ mapping legal actions
/** Where an action shows on the board, or null (then it lives only in the move list). Every
 * action shape the engine makes, in every format, has a key here. */
function targetKey(a) {
  switch (a.do) {
    case "play":
      return `hand:${a.card}`;
    case "buy": // Hydra's {member} buys share the card: a click asks for whom
      return a.card === "explorer" ? "explorer" : `row:${a.card}`;
    case "scrap":
      return `mine:${a.card}`;
    case "choose":
      if (a.card === undefined && a.player !== undefined) return `player:${a.player}`;
      if (a.from === "hand") return `hand:${a.card}`;
      if (a.from === "discard") return `discard:${a.card}`;
      if (a.from === "trade_row") return `row:${a.card}`;
      if (a.from === "deck") return `deck:${a.card}`; // a bequest from the deck (its cards are known)
      if (a.from === "bases") return `mine:${a.card}`;
      return null;
    case "attack": // with {amount} (several opponents): a click asks how much
      return a.base !== undefined ? `base:${a.player}:${a.base}` : `player:${a.player}`;
    case "transfer": // Emperor: a discard-pile card sent to a teammate
      return `discard:${a.card}`;
    case "pass": // Hydra: hand play to a teammate
      return `pass:${a.player}`;
    case "skip":
      return "skip";
    case "end":
      return "end";
    default:
      return null;
  }
}

/** key → [{action, label, index}] in the server's order (amounts rise). */
function mapActions(legal) {
  const map = new Map();
  legal.forEach((move, index) => {
    const key = targetKey(move.action || {});
    if (!key) return;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push({ action: move.action, label: move.label, index });
  });
  return map;
}

// ------------------------------------------------------------------ the board
/** A number on the board; `count` ({key, pile}) lets the table's pacing animate it (pacing.js). */
function stat(kind, value, label, testid, count = null) {
  return el(
    "span",
    { class: ["sr-stat", `sr-stat-${kind}`], title: label, dataset: { testid } },
    icon(kind),
    el("b", { dataset: count ? { countKey: count.key, count: String(value), pile: count.pile } : {} }, n(value)),
    el("span", { class: "sr-stat-label" }, label),
  );
}

// A touch's first tap on a target shows what it would do; the second does it. The pointer's
// kind is known from pointerdown, before the click it leads to.
let lastPointer = "mouse";

export function render(root, msg, ctx) {
  use(ctx);
  ensureCss();
  const view = msg.view || {};
  const players = view.players || [];
  const format = view.format || "duel";
  const cards = ctx.cards || new Map();
  const legal = msg.legal || [];
  const actions = mapActions(legal);
  const used = new Set();
  const me = typeof view.viewer === "number" ? view.viewer : typeof msg.seat === "number" ? msg.seat : null;
  const current = view.current;
  const toAct = typeof view.to_act === "number" ? view.to_act : current;
  const nameOf = (q) => (q === me ? w("you") : ctx.names.get(q) || w("player", { n: q + 1 }));
  const act = ctx.act;
  const teamTags = teamsFaceTeams(players);

  const board = el("div", { class: ["sr", `sr-${format}`, players.length > 2 && "sr-multi"], dataset: { testid: "sr-board", format } });
  // The preview of a target (hover, focus, a first tap) and the on-board choice of a move.
  const tip = el("div", { class: "sr-tip", dataset: { testid: "sr-tip" }, "aria-hidden": "true", hidden: true });
  let armed = null;
  let picker = null;

  /** The moves a click on `key` offers (and note them as shown on the board). */
  const take = (key) => {
    const found = actions.get(key);
    if (found) for (const m of found) used.add(m.index);
    return found || null;
  };
  const cardFor = (id, key, opts = {}) => {
    const moves = key ? take(key) : null;
    return cardEl(cardData(cards, id), { ...opts, moves, bind });
  };

  // The format and the turn: a line of their own with many players, else on the row's title.
  const topline = el(
    "div",
    { class: "sr-topline" },
    el("span", { class: "sr-format" }, w(`format.${format}`)),
    typeof view.turn === "number" ? el("span", { class: "sr-turn" }, w("turn", { n: view.turn })) : null,
  );
  if (players.length > 2) board.append(topline);

  // ---- opponents (everyone else; every player when watching)
  const others = players.map((_, q) => q).filter((q) => q !== me);
  const oppBox = el("section", { class: ["sr-opponents", others.length > 1 && "sr-opponents-many"], dataset: { testid: "opponents" } });
  for (const q of others) oppBox.append(playerPanel(q));
  board.append(oppBox);

  // ---- the trade row, explorers, trade deck, scrap heap
  const row = el("div", { class: "sr-row-cards" });
  (view.trade_row || []).forEach((id, i) => {
    if (id === null || id === undefined) {
      row.append(el("div", { class: "sr-card sr-slot size-m", dataset: { testid: "trade-row-empty" } }, el("span", { class: "sr-slot-text" }, w("emptySlot"))));
      return;
    }
    row.append(cardFor(id, `row:${id}`, { testid: "trade-row-card", focusKey: `row:${id}:${i}` }));
  });
  const explorer = cardFor("explorer", "explorer", { testid: "explorer-pile", extra: "sr-pile", focusKey: "explorer" });
  const tradeDeck = el(
    "div",
    { class: "sr-card sr-back size-m", dataset: { testid: "trade-deck" }, title: w("tradeDeck") },
    el("span", { class: "sr-back-label" }, w("tradeDeck")),
    el("b", { class: "sr-back-count", dataset: { countKey: "trade-deck", count: String(view.trade_deck_size ?? 0), pile: "out" } }, n(view.trade_deck_size ?? 0)),
  );
  const heap = view.scrap_heap || [];
  board.append(
    el(
      "section",
      { class: "sr-center", dataset: { testid: "trade-row" } },
      el("div", { class: "sr-center-head" }, el("h3", { class: "sr-zone-title" }, w("tradeRow")), players.length > 2 ? null : topline),
      el(
        "div",
        { class: "sr-row" },
        row,
        el("div", { class: "sr-supply" }, el("div", { class: "sr-pile-wrap" }, explorer, el("span", { class: "sr-pile-label" }, `${w("explorers")} · ${w("explorersHint")}`)), tradeDeck),
      ),
      pileDetails(w("scrapHeap"), heap, "scrap-heap"),
    ),
  );

  // ---- my side of the table
  if (me !== null && players[me]) board.append(mySide(me));

  board.append(tip);
  board.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType || "mouse";
    if (armed && !armed.contains(event.target)) disarm();
    if (picker && !picker.contains(event.target) && !(picker.owner && picker.owner.contains(event.target))) closePicker();
  });
  root.replaceChildren(board);
  return { mapped: used };

  // ================================================================ targets: preview, touch, choice
  /** Wire a board element to its moves: a preview of what it does, then the move (or a choice). */
  function bind(node, moves) {
    const label = moveSummary(moves);
    node.dataset.label = label;
    if (moves.length > 1) {
      node.dataset.choices = String(moves.length);
      node.setAttribute("aria-haspopup", "dialog");
    }
    node.addEventListener("mouseenter", () => showTip(node, label));
    node.addEventListener("mouseleave", () => node !== armed && hideTip());
    // A keyboard's focus shows it too; not the focus the page puts back after a click.
    node.addEventListener("focus", () => node.matches(":focus-visible") && showTip(node, label));
    node.addEventListener("blur", () => node !== armed && hideTip());
    node.addEventListener("click", (event) => {
      event.preventDefault();
      if (lastPointer === "touch" && armed !== node) {
        arm(node, label);
        return;
      }
      lastPointer = "mouse"; // a key or a mouse click next acts at once
      disarm();
      hideTip();
      if (moves.length === 1) act(moves[0].action);
      else openPicker(node, moves);
    });
  }

  function place(box, node, { below = false } = {}) {
    const outer = board.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    box.hidden = false;
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    let left = r.left - outer.left + r.width / 2 - width / 2;
    left = Math.max(4, Math.min(left, outer.width - width - 4));
    let top = below ? r.bottom - outer.top + 6 : r.top - outer.top - height - 6;
    if (!below && top < 0) top = r.bottom - outer.top + 6;
    box.style.setProperty("left", `${Math.round(left)}px`);
    box.style.setProperty("top", `${Math.round(top)}px`);
  }

  function showTip(node, label, extra = null) {
    if (picker) return;
    tip.replaceChildren(el("span", { class: "sr-tip-label", dir: "auto" }, label));
    if (extra) tip.append(el("span", { class: "sr-tip-extra" }, extra));
    place(tip, node);
  }

  function hideTip() {
    tip.hidden = true;
  }

  function arm(node, label) {
    disarm();
    armed = node;
    node.classList.add("is-armed");
    board.dataset.armed = node.dataset.label || "";
    showTip(node, label, w("tapAgain"));
  }

  function disarm() {
    if (!armed) return;
    armed.classList.remove("is-armed");
    armed = null;
    delete board.dataset.armed;
    hideTip();
  }

  /** Several moves on one target (amounts, a teammate to buy for or send to): ask on the board. */
  function openPicker(node, moves) {
    closePicker();
    const amounts = moves.every((m) => typeof m.action.amount === "number");
    const options = moves.map((m) => {
      const a = m.action;
      let text = m.label;
      if (amounts) text = n(a.amount);
      else if (a.do === "buy" && typeof a.member === "number") text = nameOf(a.member);
      else if (a.do === "transfer") text = nameOf(a.player);
      const option = el(
        "button",
        { type: "button", class: ["sr-pick", amounts && "sr-pick-amount"], title: m.label, "aria-label": m.label, dataset: { testid: "sr-pick", action: JSON.stringify(a) } },
        text,
      );
      option.addEventListener("click", () => {
        closePicker();
        act(a);
      });
      return option;
    });
    const cancel = el("button", { type: "button", class: "sr-pick-cancel", dataset: { testid: "sr-pick-cancel" }, "aria-label": w("cancel"), title: w("cancel") }, "×");
    cancel.addEventListener("click", () => {
      closePicker();
      node.focus();
    });
    picker = el(
      "div",
      { class: "sr-picker", role: "dialog", "aria-label": moveSummary(moves), dataset: { testid: "sr-picker" } },
      el("div", { class: "sr-picker-head" }, el("span", { class: "sr-picker-title", dir: "auto" }, amounts ? w("howMuch", { what: moves[moves.length - 1].label }) : w("pickOne")), cancel),
      el("div", { class: "sr-picker-options" }, options),
    );
    picker.owner = node;
    picker.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      closePicker();
      node.focus();
    });
    board.append(picker);
    place(picker, node, { below: true });
    (amounts ? options[options.length - 1] : options[0]).focus();
  }

  function closePicker() {
    if (!picker) return;
    picker.remove();
    picker = null;
  }

  /** A plain button on the board for a move without a card (end the turn, skip, hand play). */
  function moveButton(key, text, testid, extra = null) {
    const moves = take(key);
    if (!moves) return null;
    const button = el("button", { type: "button", class: ["btn", "sr-move", extra], "aria-label": moveSummary(moves), dataset: { testid, action: JSON.stringify(moves[0].action), focusKey: `move:${key}` } }, text);
    bind(button, moves);
    return button;
  }

  // ================================================================ helpers using the scope
  function pileDetails(title, list, testid, { open = false, key = null } = {}) {
    const details = el(
      "details",
      { class: "sr-pile-list", dataset: { testid }, open },
      el("summary", {}, `${title} (${n(list.length)})`),
    );
    if (list.length) {
      details.append(
        el(
          "div",
          { class: "sr-mini-row" },
          list.map((id, i) => cardFor(id, key ? `${key}:${id}` : null, { size: "s", testid: `${testid}-card`, focusKey: `${testid}:${id}:${i}` })),
        ),
      );
    } else details.append(el("p", { class: "sr-empty" }, w("empty")));
    return details;
  }

  function tagsFor(q) {
    const tags = [];
    const { role, team } = players[q];
    if (NAMED_ROLES.has(role)) tags.push(el("span", { class: ["sr-tag", `sr-role-${role}`] }, w(role)));
    if (teamTags) tags.push(el("span", { class: ["sr-tag", `sr-team-${team}`] }, w(`team${team}`)));
    if (players[q].eliminated) tags.push(el("span", { class: "sr-tag sr-tag-out" }, w("eliminated")));
    return tags;
  }

  function poolStats(p, q) {
    if (typeof p.trade !== "number" && typeof p.combat !== "number") return null;
    return el(
      "div",
      { class: "sr-pools" },
      stat("trade", p.trade ?? 0, w("trade"), q === me ? "pool-trade" : "opponent-trade", { key: `p${q}:trade` }),
      stat("combat", p.combat ?? 0, w("combat"), q === me ? "pool-combat" : "opponent-combat", { key: `p${q}:combat` }),
    );
  }

  function basesRow(p, q, size) {
    const bases = p.bases || [];
    if (!bases.length) return el("p", { class: "sr-empty sr-no-bases" }, w("noBases"));
    return el(
      "div",
      { class: "sr-bases" },
      bases.map((id, i) => {
        const key = q === me ? `mine:${id}` : `base:${q}:${id}`;
        const damage = Array.isArray(p.damage) ? p.damage[i] || 0 : 0;
        return cardFor(id, key, { size, testid: q === me ? "my-base" : "base-card", damage, focusKey: `base:${q}:${id}:${i}` });
      }),
    );
  }

  function playerPanel(q) {
    const p = players[q];
    const target = take(`player:${q}`);
    const isCurrent = q === current && !view.over;
    const attacking = target && target.some((m) => m.action.do === "attack");
    const authority = el(
      target ? "button" : "div",
      {
        type: target ? "button" : undefined,
        class: ["sr-authority", target && "sr-target"],
        title: target ? undefined : w("authority"),
        "aria-label": target ? moveSummary(target) : `${w("authority")}: ${n(p.authority)}`,
        dataset: { testid: "opponent-authority", player: String(q), action: target ? JSON.stringify(target[0].action) : undefined, focusKey: `player:${q}` },
      },
      icon("authority"),
      el("b", { dataset: { countKey: `p${q}:authority`, count: String(p.authority) } }, n(p.authority)),
      attacking ? icon("combat", "sr-target-mark") : null,
    );
    if (target) bind(authority, target);
    const pass = moveButton(`pass:${q}`, w("passTo"), "sr-pass");
    const panel = el(
      "section",
      {
        class: ["sr-player", "sr-opp", isCurrent && "is-current", p.eliminated && "is-out", target && "is-target"],
        dataset: { testid: "opponent", player: String(q) },
        "aria-label": nameOf(q),
      },
      el(
        "header",
        { class: "sr-player-head" },
        isCurrent ? el("span", { class: "sr-current-mark", title: w("current") }, "▸") : null,
        el("span", { class: "sr-player-name" }, nameOf(q)),
        tagsFor(q),
      ),
      el(
        "div",
        { class: "sr-player-stats" },
        authority,
        stat("hand", p.hand_size ?? 0, w("handCount"), "opponent-hand-count", { key: `p${q}:hand`, pile: "out" }),
        stat("deck", p.deck_size ?? 0, w("deck"), "opponent-deck-count", { key: `p${q}:deck`, pile: "out" }),
        stat("discard", (p.discard || []).length, w("discard"), "opponent-discard-count", { key: `p${q}:discard`, pile: "in" }),
        pass,
      ),
      p.pending_discards ? el("p", { class: "sr-warn" }, w("mustDiscard", { n: p.pending_discards })) : null,
      basesRow(p, q, "s"),
    );
    if (isCurrent || (p.in_play && p.in_play.length)) {
      const inPlay = p.in_play || [];
      if (inPlay.length || typeof p.trade === "number") {
        panel.append(
          el(
            "div",
            { class: "sr-opp-turn" },
            poolStats(p, q),
            inPlay.length ? el("div", { class: "sr-mini-row" }, inPlay.map((id) => cardFor(id, null, { size: "s", testid: "opponent-in-play" }))) : null,
          ),
        );
      }
    }
    if (Array.isArray(p.hand) && p.hand.length) {
      // Raiders see each other's hands; a finished game shows everything.
      panel.append(el("div", { class: "sr-open-hand" }, el("span", { class: "sr-zone-label" }, w("handOf", { name: nameOf(q) })), el("div", { class: "sr-mini-row" }, p.hand.map((id) => cardFor(id, null, { size: "s", testid: "opponent-hand-card" })))));
    } else if ((p.known_hand || []).length) {
      panel.append(el("div", { class: "sr-open-hand" }, el("span", { class: "sr-zone-label" }, w("knownHand")), el("div", { class: "sr-mini-row" }, p.known_hand.map((id) => cardFor(id, null, { size: "s", testid: "opponent-known-card" })))));
    }
    if ((p.discard || []).length) panel.append(pileDetails(w("discard"), p.discard, "opponent-discard"));
    // The opponent's cards (bases, in play, known hand) in one sideways strip: the panel stays
    // one line tall however many there are, so the row and the hand stay on the screen.
    const strip = el("div", { class: "sr-opp-cards" });
    for (const part of panel.querySelectorAll(":scope > .sr-bases, :scope > .sr-no-bases, :scope > .sr-opp-turn, :scope > .sr-open-hand")) strip.append(part);
    panel.append(strip);
    return panel;
  }

  function mySide(q) {
    const p = players[q];
    const mine = el("section", { class: ["sr-player", "sr-me", q === current && !view.over && "is-current", p.eliminated && "is-out"], dataset: { testid: "my-area", player: String(q) } });
    const target = take(`player:${q}`); // e.g. a Hydra teammate choice never targets oneself, but be safe
    const self = target ? el("button", { type: "button", class: "btn sr-move", dataset: { action: JSON.stringify(target[0].action) } }, moveSummary(target)) : null;
    if (self) bind(self, target);
    // A pending choice: what to do, in the page's words (the moves themselves are the server's).
    // A bequest is asked of its giver, who is not the player whose turn it is. It sits in the
    // head line, beside the turn's buttons, so that it costs the hand no height.
    const pending = (players[current] || {}).pending || null;
    let banner = null;
    if (pending && toAct === me) {
      const source = pending.card ? cardData(cards, pending.card).name : null;
      banner = el(
        "div",
        { class: "sr-pending", role: "status", dataset: { testid: "pending-choice", choice: pending.choice } },
        el("span", {}, source ? el("b", {}, LANG === "fa" ? `«${source}»: ` : `${source}: `) : null, w(`choose.${pending.choice}`)),
        moveButton("skip", w("skip"), "sr-skip"),
      );
    } else if (pending && typeof toAct === "number" && q === current) {
      banner = el("div", { class: "sr-pending", role: "status" }, w("waitingFor", { name: nameOf(toAct) }));
    }
    mine.append(
      el(
        "header",
        { class: "sr-player-head sr-my-head" },
        q === current && !view.over ? el("span", { class: "sr-current-mark" }, "▸") : null,
        el("span", { class: "sr-player-name" }, nameOf(q)),
        tagsFor(q),
        el(
          "div",
          { class: "sr-player-stats sr-my-stats" },
          el("span", { class: "sr-authority sr-my-authority", title: w("authority"), dataset: { testid: "player-authority", player: String(q) } }, icon("authority"), el("b", { dataset: { countKey: `p${q}:authority`, count: String(p.authority) } }, n(p.authority)), el("span", { class: "sr-only" }, w("authority"))),
          poolStats(p, q),
          stat("deck", p.deck_size ?? 0, w("deck"), "my-deck-count", { key: `p${q}:deck`, pile: "out" }),
          stat("discard", (p.discard || []).length, w("discard"), "my-discard-count", { key: `p${q}:discard`, pile: "in" }),
        ),
        banner,
        self,
        moveButton("end", w("endTurn"), "sr-end", "btn-primary sr-end"),
      ),
    );
    if (p.pending_discards) mine.append(el("p", { class: "sr-warn" }, w("mustDiscard", { n: p.pending_discards })));

    const bases = p.bases || [];
    const inPlay = p.in_play || [];
    const table = el("div", { class: "sr-my-table" });
    if (bases.length) table.append(el("div", { class: "sr-zone sr-bases-zone" }, el("h3", { class: "sr-zone-title" }, w("bases")), basesRow(p, q, "s")));
    if (inPlay.length) {
      table.append(
        el(
          "div",
          { class: "sr-zone sr-inplay-zone", dataset: { testid: "in-play" } },
          el("h3", { class: "sr-zone-title" }, w("inPlay")),
          el("div", { class: "sr-inplay" }, inPlay.map((id, i) => cardFor(id, `mine:${id}`, { size: "s", testid: "in-play-card", focusKey: `play:${id}:${i}`, extra: (p.allied || []).includes(id) && "is-allied" }))),
        ),
      );
    }
    const hand = p.hand || [];
    mine.append(
      el(
        "div",
        { class: "sr-me-cards" },
        el(
        "div",
        { class: "sr-zone sr-hand-zone" },
        el("h3", { class: "sr-zone-title" }, `${w("hand")} (${n(hand.length)})`),
        el(
          "div",
          { class: "sr-hand", dataset: { testid: "hand" } },
          hand.length ? hand.map((id, i) => cardFor(id, `hand:${id}`, { testid: "hand-card", focusKey: `hand:${id}:${i}` })) : el("p", { class: "sr-empty" }, w("empty")),
        ),
        ),
        table.childElementCount ? table : null,
      ),
    );
    const fromPile = (where) => legal.some((m) => m.action && ((m.action.do === "choose" && m.action.from === where) || (where === "discard" && m.action.do === "transfer")));
    mine.append(
      el(
        "div",
        { class: "sr-piles" },
        pileDetails(w("discard"), p.discard || [], "discard-pile", { open: fromPile("discard"), key: "discard" }),
        Array.isArray(p.unseen) ? pileDetails(w("deckCards"), p.unseen, "deck-contents", { open: fromPile("deck"), key: "deck" }) : null,
      ),
    );
    return mine;
  }
}

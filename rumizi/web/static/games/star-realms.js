// Star Realms at the table: cards drawn with HTML/CSS and small inline SVG icons, the trade
// row, the hand, cards in play, bases, every player's authority and piles, the turn's pools
// and pending choices. The server's legal actions are the source of truth: each one is
// mapped onto a card or a player by its `card` / `base` / `player` fields, and whatever is
// not mapped stays in the page's generic move list (which always shows every move).
//
// Exports render(root, msg, ctx), renderCard(card, ctx) (the gallery on the game page) and
// WORDS; ctx brings the page's language tools (see ../renderers.js). view(msg, ctx) is the
// board's model that render draws: pure, no DOM (tests/web/test_renderer_views.py).

import { h as el } from "../dom.js";
import { Pointer, iconSet, linkCss, pageWords, seatNamer, speak, viewerSeat } from "./kit.js";

// The board's own styles (the cards' look is in app.css): star-realms.css, linked once.
const ensureCss = () => linkCss("star-realms-css", new URL("./star-realms.css", import.meta.url));
/** Settles once the board's stylesheet has loaded: pages draw the board after it (../renderers.js). */
export const styles = ensureCss;

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

// The page's language, words and digits, as given with each call (./kit.js pageWords):
// w(key, vars) finds the words above, n(value) writes a number in the page's digits.
const { use, w, n, lang, comma } = pageWords();

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

const icon = iconSet(ICONS, "ic");

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
  const say = (key, effects) => text[key] || (effects || []).map(([e, a]) => fxText(e, a)).join(comma());
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
    const button = speak(
      el(
        "button",
        {
          type: "button",
          class: [...classes, "playable"],
          dataset: { testid: opts.testid, card: card.id, action: JSON.stringify(opts.moves[0].action), focusKey: opts.focusKey },
        },
        children,
      ),
      description,
      label,
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

// ------------------------------------------------------------------ the view model
/**
 * What the board shows, from the server's message alone (no DOM): the seats and who acts,
 * each zone's cards, and `actions` — target key → the legal moves a click on it offers
 * (see targetKey). Drawing reads this and nothing else of the message.
 */
export function view(msg, ctx) {
  const state = msg.view || {};
  const players = state.players || [];
  const legal = msg.legal || [];
  const me = viewerSeat(msg, state);
  const current = state.current;
  const toAct = typeof state.to_act === "number" ? state.to_act : current;
  const cards = ctx.cards || new Map();
  const onPile = (where) => legal.some((m) => m.action && ((m.action.do === "choose" && m.action.from === where) || (where === "discard" && m.action.do === "transfer")));
  // A pending choice belongs to the player whose turn it is; a bequest is asked of its giver.
  const pending = (players[current] || {}).pending || null;
  return {
    format: state.format || "duel",
    turn: typeof state.turn === "number" ? state.turn : null,
    over: Boolean(state.over),
    players,
    legal,
    actions: mapActions(legal),
    me,
    current,
    toAct,
    nameOf: seatNamer(ctx, me),
    teamTags: teamsFaceTeams(players),
    // Everyone else (every player when watching), in seat order.
    others: players.map((_, q) => q).filter((q) => q !== me),
    tradeRow: (state.trade_row || []).map((id) => (id === null || id === undefined ? null : id)),
    tradeDeckSize: state.trade_deck_size ?? 0,
    scrapHeap: state.scrap_heap || [],
    pending: pending && { choice: pending.choice, source: pending.card ? cardData(cards, pending.card).name : null },
    // The piles a choice takes from open by themselves.
    openPiles: { discard: onPile("discard"), deck: onPile("deck") },
  };
}

// ------------------------------------------------------------------ targets on the board
// A touch's first tap on a target shows what it would do; the second does it. The pointer's
// kind is known from pointerdown, before the click it leads to.
const pointer = new Pointer();

/**
 * The board's live targets: the tip that previews a move (hover, keyboard focus, a first
 * tap), the armed target of a touch, and the on-board picker when one target offers several
 * moves (amounts, a teammate). One per drawing.
 */
class Targets {
  constructor(board, act, nameOf) {
    this.board = board;
    this.act = act;
    this.nameOf = nameOf;
    this.tip = el("div", { class: "sr-tip", dataset: { testid: "sr-tip" }, "aria-hidden": "true", hidden: true });
    this.armed = null;
    this.picker = null;
  }

  /** Close what a press elsewhere on the board leaves behind (the armed target, the picker). */
  listen() {
    this.board.addEventListener("pointerdown", (event) => {
      pointer.kind = event.pointerType || "mouse";
      if (this.armed && !this.armed.contains(event.target)) this.disarm();
      const picker = this.picker;
      if (picker && !picker.contains(event.target) && !(picker.owner && picker.owner.contains(event.target))) this.closePicker();
    });
  }

  /** Wire a board element to its moves: a preview of what it does, then the move (or a choice). */
  bind(node, moves) {
    const label = moveSummary(moves);
    node.dataset.label = label;
    if (moves.length > 1) {
      node.dataset.choices = String(moves.length);
      node.setAttribute("aria-haspopup", "dialog");
    }
    node.addEventListener("mouseenter", () => this.showTip(node, label));
    node.addEventListener("mouseleave", () => node !== this.armed && this.hideTip());
    // A keyboard's focus shows it too; not the focus the page puts back after a click.
    node.addEventListener("focus", () => node.matches(":focus-visible") && this.showTip(node, label));
    node.addEventListener("blur", () => node !== this.armed && this.hideTip());
    node.addEventListener("click", (event) => {
      event.preventDefault();
      if (pointer.touch && this.armed !== node) {
        this.arm(node, label);
        return;
      }
      pointer.kind = "mouse"; // a key or a mouse click next acts at once
      this.disarm();
      this.hideTip();
      if (moves.length === 1) this.act(moves[0].action);
      else this.openPicker(node, moves);
    });
  }

  place(box, node, { below = false } = {}) {
    const outer = this.board.getBoundingClientRect();
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

  showTip(node, label, extra = null) {
    if (this.picker) return;
    this.tip.replaceChildren(el("span", { class: "sr-tip-label", dir: "auto" }, label));
    if (extra) this.tip.append(el("span", { class: "sr-tip-extra" }, extra));
    this.place(this.tip, node);
  }

  hideTip() {
    this.tip.hidden = true;
  }

  arm(node, label) {
    this.disarm();
    this.armed = node;
    node.classList.add("is-armed");
    this.board.dataset.armed = node.dataset.label || "";
    this.showTip(node, label, w("tapAgain"));
  }

  disarm() {
    if (!this.armed) return;
    this.armed.classList.remove("is-armed");
    this.armed = null;
    delete this.board.dataset.armed;
    this.hideTip();
  }

  /** Several moves on one target (amounts, a teammate to buy for or send to): ask on the board. */
  openPicker(node, moves) {
    this.closePicker();
    const amounts = moves.every((m) => typeof m.action.amount === "number");
    const options = moves.map((m) => {
      const a = m.action;
      let text = m.label;
      if (amounts) text = n(a.amount);
      else if (a.do === "buy" && typeof a.member === "number") text = this.nameOf(a.member);
      else if (a.do === "transfer") text = this.nameOf(a.player);
      const option = speak(
        el("button", { type: "button", class: ["sr-pick", amounts && "sr-pick-amount"], title: m.label, dataset: { testid: "sr-pick", action: JSON.stringify(a) } }, text),
        m.label,
      );
      option.addEventListener("click", () => {
        this.closePicker();
        this.act(a);
      });
      return option;
    });
    const cancel = el("button", { type: "button", class: "sr-pick-cancel", dataset: { testid: "sr-pick-cancel" }, "aria-label": w("cancel"), title: w("cancel") }, "×");
    cancel.addEventListener("click", () => {
      this.closePicker();
      node.focus();
    });
    const picker = el(
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
      this.closePicker();
      node.focus();
    });
    this.picker = picker;
    this.board.append(picker);
    this.place(picker, node, { below: true });
    (amounts ? options[options.length - 1] : options[0]).focus();
  }

  closePicker() {
    if (!this.picker) return;
    this.picker.remove();
    this.picker = null;
  }
}

// ------------------------------------------------------------------ drawing
/**
 * One drawing of the board: the view model, the card data, the targets, and the legal moves
 * shown so far (`used`: what is not shown stays in the page's move list only).
 */
class Drawing {
  constructor(v, ctx, board) {
    this.v = v;
    this.cards = ctx.cards || new Map();
    this.targets = new Targets(board, ctx.act, v.nameOf);
    this.used = new Set();
  }

  /** The moves a click on `key` offers (and note them as shown on the board). */
  take(key) {
    const found = this.v.actions.get(key);
    if (found) for (const m of found) this.used.add(m.index);
    return found || null;
  }

  /** A card, a button for the moves of `key` when it has any. */
  card(id, key, opts = {}) {
    const moves = key ? this.take(key) : null;
    return cardEl(cardData(this.cards, id), { ...opts, moves, bind: (node, found) => this.targets.bind(node, found) });
  }

  /** A plain button on the board for a move without a card (end the turn, skip, hand play). */
  moveButton(key, text, testid, extra = null) {
    const moves = this.take(key);
    if (!moves) return null;
    // Named by its words ("End turn"); the move it makes, in full, is its description.
    const summary = moveSummary(moves);
    const button = el("button", { type: "button", class: ["btn", "sr-move", extra], "aria-description": summary === text ? undefined : summary, dataset: { testid, action: JSON.stringify(moves[0].action), focusKey: `move:${key}` } }, text);
    this.targets.bind(button, moves);
    return button;
  }
}

/**
 * The position in a few sentences, for a screen reader's summary key (../pages/table.js):
 * each player's authority and hand, the trade and combat of the player whose turn it is.
 */
export function summary(msg, ctx) {
  use(ctx);
  const v = view(msg, ctx);
  return v.players
    .map((p, q) => {
      const hand = Array.isArray(p.hand) ? p.hand.length : p.hand_size ?? 0;
      const parts = [`${w("authority")} ${n(p.authority ?? 0)}`, `${w("handCount")} ${n(hand)}`];
      if (q === v.current && !v.over) parts.push(`${w("trade")} ${n(p.trade ?? 0)}`, `${w("combat")} ${n(p.combat ?? 0)}`);
      if (p.eliminated) parts.push(w("eliminated"));
      return `${v.nameOf(q)}: ${parts.join(comma())}`;
    })
    .join(". ");
}

export function render(root, msg, ctx) {
  use(ctx);
  ensureCss();
  const v = view(msg, ctx);
  const board = el("div", { class: ["sr", `sr-${v.format}`, v.players.length > 2 && "sr-multi"], dataset: { testid: "sr-board", format: v.format } });
  const d = new Drawing(v, ctx, board);
  // The format and the turn: a line of their own with many players, else on the row's title.
  const line = topline(v);
  if (v.players.length > 2) board.append(line);
  board.append(opponents(d), tradeRow(d, v.players.length > 2 ? null : line));
  if (v.me !== null && v.players[v.me]) board.append(mySide(d, v.me));
  board.append(d.targets.tip);
  d.targets.listen();
  root.replaceChildren(board);
  return { mapped: d.used };
}

// ------------------------------------------------------------------ the zones
function topline(v) {
  return el(
    "div",
    { class: "sr-topline" },
    el("span", { class: "sr-format" }, w(`format.${v.format}`)),
    v.turn !== null ? el("span", { class: "sr-turn" }, w("turn", { n: v.turn })) : null,
  );
}

/** The other players' panels. */
function opponents(d) {
  const box = el("section", { class: ["sr-opponents", d.v.others.length > 1 && "sr-opponents-many"], dataset: { testid: "opponents" } });
  for (const q of d.v.others) box.append(playerPanel(d, q));
  return box;
}

/** A strip that scrolls sideways on a phone, named `label`: when nothing in it takes the focus
 * (a replay, the opponent's cards) it takes it itself, so the keyboard's arrows scroll it. */
function scrollZone(zone, label) {
  zone.setAttribute("role", "group");
  zone.setAttribute("aria-label", label);
  if (!zone.querySelector("button, a[href], [tabindex]")) zone.tabIndex = 0;
  return zone;
}

/** The trade row, the explorers, the trade deck and the scrap heap. */
function tradeRow(d, line) {
  const v = d.v;
  const row = el("div", { class: "sr-row-cards" });
  v.tradeRow.forEach((id, i) => {
    if (id === null) {
      row.append(el("div", { class: "sr-card sr-slot size-m", dataset: { testid: "trade-row-empty" } }, el("span", { class: "sr-slot-text" }, w("emptySlot"))));
      return;
    }
    row.append(d.card(id, `row:${id}`, { testid: "trade-row-card", focusKey: `row:${id}:${i}` }));
  });
  const explorer = d.card("explorer", "explorer", { testid: "explorer-pile", extra: "sr-pile", focusKey: "explorer" });
  const tradeDeck = el(
    "div",
    { class: "sr-card sr-back size-m", dataset: { testid: "trade-deck" }, title: w("tradeDeck") },
    el("span", { class: "sr-back-label" }, w("tradeDeck")),
    el("b", { class: "sr-back-count", dataset: { countKey: "trade-deck", count: String(v.tradeDeckSize), pile: "out" } }, n(v.tradeDeckSize)),
  );
  return el(
    "section",
    { class: "sr-center", dataset: { testid: "trade-row" } },
    el("div", { class: "sr-center-head" }, el("h3", { class: "sr-zone-title" }, w("tradeRow")), line),
    scrollZone(
      el(
        "div",
        { class: "sr-row" },
        row,
        el("div", { class: "sr-supply" }, el("div", { class: "sr-pile-wrap" }, explorer, el("span", { class: "sr-pile-label" }, `${w("explorers")} · ${w("explorersHint")}`)), tradeDeck),
      ),
      w("tradeRow"),
    ),
    pileDetails(d, w("scrapHeap"), v.scrapHeap, "scrap-heap"),
  );
}

/** A pile as a <details> of small cards; `key` makes them targets (`${key}:${id}`). */
function pileDetails(d, title, list, testid, { open = false, key = null } = {}) {
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
        list.map((id, i) => d.card(id, key ? `${key}:${id}` : null, { size: "s", testid: `${testid}-card`, focusKey: `${testid}:${id}:${i}` })),
      ),
    );
  } else details.append(el("p", { class: "sr-empty" }, w("empty")));
  return details;
}

/** A seat's role, team and elimination tags. */
function tagsFor(v, q) {
  const tags = [];
  const { role, team } = v.players[q];
  if (NAMED_ROLES.has(role)) tags.push(el("span", { class: ["sr-tag", `sr-role-${role}`] }, w(role)));
  if (v.teamTags) tags.push(el("span", { class: ["sr-tag", `sr-team-${team}`] }, w(`team${team}`)));
  if (v.players[q].eliminated) tags.push(el("span", { class: "sr-tag sr-tag-out" }, w("eliminated")));
  return tags;
}

/** The turn's trade and combat, where the view has them. */
function poolStats(v, p, q) {
  if (typeof p.trade !== "number" && typeof p.combat !== "number") return null;
  return el(
    "div",
    { class: "sr-pools" },
    stat("trade", p.trade ?? 0, w("trade"), q === v.me ? "pool-trade" : "opponent-trade", { key: `p${q}:trade` }),
    stat("combat", p.combat ?? 0, w("combat"), q === v.me ? "pool-combat" : "opponent-combat", { key: `p${q}:combat` }),
  );
}

function basesRow(d, p, q, size) {
  const me = d.v.me;
  const bases = p.bases || [];
  if (!bases.length) return el("p", { class: "sr-empty sr-no-bases" }, w("noBases"));
  return el(
    "div",
    { class: "sr-bases" },
    bases.map((id, i) => {
      const key = q === me ? `mine:${id}` : `base:${q}:${id}`;
      const damage = Array.isArray(p.damage) ? p.damage[i] || 0 : 0;
      return d.card(id, key, { size, testid: q === me ? "my-base" : "base-card", damage, focusKey: `base:${q}:${id}:${i}` });
    }),
  );
}

/** Another player: authority (a target when attacked), piles, bases, their turn, open cards. */
function playerPanel(d, q) {
  const v = d.v;
  const p = v.players[q];
  const target = d.take(`player:${q}`);
  const isCurrent = q === v.current && !v.over;
  const attacking = target && target.some((m) => m.action.do === "attack");
  const authority = speak(
    el(
      target ? "button" : "div",
      {
        type: target ? "button" : undefined,
        class: ["sr-authority", target && "sr-target"],
        title: target ? undefined : w("authority"),
        dataset: { testid: "opponent-authority", player: String(q), action: target ? JSON.stringify(target[0].action) : undefined, focusKey: `player:${q}` },
      },
      icon("authority"),
      el("b", { dataset: { countKey: `p${q}:authority`, count: String(p.authority) } }, n(p.authority)),
      attacking ? icon("combat", "sr-target-mark") : null,
    ),
    `${v.nameOf(q)} · ${w("authority")}: ${n(p.authority)}`,
    target ? moveSummary(target) : "",
  );
  if (target) d.targets.bind(authority, target);
  const pass = d.moveButton(`pass:${q}`, w("passTo"), "sr-pass");
  const panel = el(
    "section",
    {
      class: ["sr-player", "sr-opp", isCurrent && "is-current", p.eliminated && "is-out", target && "is-target"],
      dataset: { testid: "opponent", player: String(q) },
      "aria-label": v.nameOf(q),
    },
    el(
      "header",
      { class: "sr-player-head" },
      isCurrent ? el("span", { class: "sr-current-mark", title: w("current") }, "▸") : null,
      el("span", { class: "sr-player-name" }, v.nameOf(q)),
      tagsFor(v, q),
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
  );
  // The opponent's cards (bases, in play, known hand) in one sideways strip: the panel stays
  // one line tall however many there are, so the row and the hand stay on the screen.
  const strip = el("div", { class: "sr-opp-cards" }, basesRow(d, p, q, "s"));
  if (isCurrent || (p.in_play && p.in_play.length)) {
    const inPlay = p.in_play || [];
    if (inPlay.length || typeof p.trade === "number") {
      strip.append(
        el(
          "div",
          { class: "sr-opp-turn" },
          poolStats(v, p, q),
          inPlay.length ? el("div", { class: "sr-mini-row" }, inPlay.map((id) => d.card(id, null, { size: "s", testid: "opponent-in-play" }))) : null,
        ),
      );
    }
  }
  if (Array.isArray(p.hand) && p.hand.length) {
    // Raiders see each other's hands; a finished game shows everything.
    strip.append(el("div", { class: "sr-open-hand" }, el("span", { class: "sr-zone-label" }, w("handOf", { name: v.nameOf(q) })), el("div", { class: "sr-mini-row" }, p.hand.map((id) => d.card(id, null, { size: "s", testid: "opponent-hand-card" })))));
  } else if ((p.known_hand || []).length) {
    strip.append(el("div", { class: "sr-open-hand" }, el("span", { class: "sr-zone-label" }, w("knownHand")), el("div", { class: "sr-mini-row" }, p.known_hand.map((id) => d.card(id, null, { size: "s", testid: "opponent-known-card" })))));
  }
  if ((p.discard || []).length) panel.append(pileDetails(d, w("discard"), p.discard, "opponent-discard"));
  panel.append(scrollZone(strip, v.nameOf(q)));
  return panel;
}

/** The viewer's own side: the head line (stats, a pending choice, the turn's buttons), the
 * hand with bases and cards in play beside it, and the piles. */
function mySide(d, q) {
  const v = d.v;
  const p = v.players[q];
  const mine = el("section", { class: ["sr-player", "sr-me", q === v.current && !v.over && "is-current", p.eliminated && "is-out"], dataset: { testid: "my-area", player: String(q) } });
  mine.append(myHead(d, q, p));
  if (p.pending_discards) mine.append(el("p", { class: "sr-warn" }, w("mustDiscard", { n: p.pending_discards })));
  mine.append(el("div", { class: "sr-me-cards" }, myHand(d, p), myTable(d, q, p)));
  mine.append(
    el(
      "div",
      { class: "sr-piles" },
      pileDetails(d, w("discard"), p.discard || [], "discard-pile", { open: v.openPiles.discard, key: "discard" }),
      Array.isArray(p.unseen) ? pileDetails(d, w("deckCards"), p.unseen, "deck-contents", { open: v.openPiles.deck, key: "deck" }) : null,
    ),
  );
  return mine;
}

function myHead(d, q, p) {
  const v = d.v;
  const target = d.take(`player:${q}`); // e.g. a Hydra teammate choice never targets oneself, but be safe
  const self = target ? el("button", { type: "button", class: "btn sr-move", dataset: { action: JSON.stringify(target[0].action) } }, moveSummary(target)) : null;
  if (self) d.targets.bind(self, target);
  return el(
    "header",
    { class: "sr-player-head sr-my-head" },
    q === v.current && !v.over ? el("span", { class: "sr-current-mark" }, "▸") : null,
    el("span", { class: "sr-player-name" }, v.nameOf(q)),
    tagsFor(v, q),
    el(
      "div",
      { class: "sr-player-stats sr-my-stats" },
      el("span", { class: "sr-authority sr-my-authority", title: w("authority"), dataset: { testid: "player-authority", player: String(q) } }, icon("authority"), el("b", { dataset: { countKey: `p${q}:authority`, count: String(p.authority) } }, n(p.authority)), el("span", { class: "sr-only" }, w("authority"))),
      poolStats(v, p, q),
      stat("deck", p.deck_size ?? 0, w("deck"), "my-deck-count", { key: `p${q}:deck`, pile: "out" }),
      stat("discard", (p.discard || []).length, w("discard"), "my-discard-count", { key: `p${q}:discard`, pile: "in" }),
    ),
    pendingBanner(d, q),
    self,
    d.moveButton("end", w("endTurn"), "sr-end", "btn-primary sr-end"),
  );
}

/** A pending choice: what to do, in the page's words (the moves themselves are the server's).
 * It sits in the head line, beside the turn's buttons, so that it costs the hand no height. */
function pendingBanner(d, q) {
  const { pending, toAct, me, current } = d.v;
  if (pending && toAct === me) {
    const source = pending.source;
    return el(
      "div",
      { class: "sr-pending", role: "status", dataset: { testid: "pending-choice", choice: pending.choice } },
      el("span", {}, source ? el("b", {}, lang() === "fa" ? `«${source}»: ` : `${source}: `) : null, w(`choose.${pending.choice}`)),
      d.moveButton("skip", w("skip"), "sr-skip"),
    );
  }
  if (pending && typeof toAct === "number" && q === current) return el("div", { class: "sr-pending", role: "status" }, w("waitingFor", { name: d.v.nameOf(toAct) }));
  return null;
}

function myHand(d, p) {
  const hand = p.hand || [];
  return el(
    "div",
    { class: "sr-zone sr-hand-zone" },
    el("h3", { class: "sr-zone-title" }, `${w("hand")} (${n(hand.length)})`),
    scrollZone(
      el(
        "div",
        { class: "sr-hand", dataset: { testid: "hand" } },
        hand.length ? hand.map((id, i) => d.card(id, `hand:${id}`, { testid: "hand-card", focusKey: `hand:${id}:${i}` })) : el("p", { class: "sr-empty" }, w("empty")),
      ),
      w("hand"),
    ),
  );
}

/** The viewer's bases and cards in play, beside the hand; null when there are none. */
function myTable(d, q, p) {
  const bases = p.bases || [];
  const inPlay = p.in_play || [];
  const table = el("div", { class: "sr-my-table" });
  if (bases.length) table.append(el("div", { class: "sr-zone sr-bases-zone" }, el("h3", { class: "sr-zone-title" }, w("bases")), basesRow(d, p, q, "s")));
  if (inPlay.length) {
    table.append(
      el(
        "div",
        { class: "sr-zone sr-inplay-zone", dataset: { testid: "in-play" } },
        el("h3", { class: "sr-zone-title" }, w("inPlay")),
        scrollZone(el("div", { class: "sr-inplay" }, inPlay.map((id, i) => d.card(id, `mine:${id}`, { size: "s", testid: "in-play-card", focusKey: `play:${id}:${i}`, extra: (p.allied || []).includes(id) && "is-allied" }))), w("inPlay")),
      ),
    );
  }
  return table.childElementCount ? scrollZone(table, `${w("bases")} · ${w("inPlay")}`) : null;
}

// Fantasy Realms at the table: your hand with its live best score and every card's line, the
// discard area as a face-up spread, the deck, the items face up and face down, the other
// players, and at the end every hand's breakdown with the choices the scorer made.
// The player acts by touching cards: the deck draws, a card of the discard area is taken, a
// hand card is discarded, the face-up item is used or dropped; after the discard, while that
// item could still be used, "end turn" in the top line ends the turn. The server's legal
// actions are the source of truth: only what a legal action does is a button here, and every
// legal action has a place on the board (the board's data-unmapped counts those that have
// none: it should be 0). Moves that take several cards (the Staff of Transmutation, the Sealed Vault, the Gold
// Mirror, an offer to a Market Wagon) are built by touching the cards, then "confirm"; the
// Cauldron's cards, the Wagon's offers, a borrowed item and the searches ask on the board.
// What a target would do shows in the prompt line on hover or focus; on a touch screen the
// first tap shows it (the target is ringed), the second does it.
//
// The live score: the seat's own hand (and nothing else that is hidden) is posted to the
// scorer, POST /api/fantasy-realms/score, once per position; the answer is kept and drawn.
//
// Exports render(root, msg, ctx), renderCard(card, ctx) and WORDS (see ../renderers.js), and
// view(msg, ctx), the board's model that render draws (pure: no DOM).
//
// What it reads of the engine's view (FantasyRealmsState.view): `you` (the seat, null for a
// spectator), `players`, `options` {suits, items, jester, phoenix}, `turn`, `phase`
// ("take", "discard", "after" — the discard made, the item still usable, "end turn" —,
// "draft-discard", "rake", "genie", "necromancer", "shed", "over" …),
// `pending` (`drawn`: the cards just drawn — a count for the others; `discards`), `deck` (a
// count), `area` (the discard area, oldest first), `sealed` ([card, owner]), `hands` (a list
// for the seat and, once over, for all; a count otherwise), `items` {up, down (a list for the
// seat, a count for the others until the end), dropped}, `seen` (what the seat was shown),
// `searching` (the Genie's or the Wishing Ring's deck, to the seat searching), `results`
// (per seat: total, strength, choices, cards: the scorer's lines, items) and `winners`; and of
// the message `to_act`, `legal`, `seat`, `seats`. The card data comes from web.cards().
//
// The chaos realms (`options.variant` "chaos"): every seat in `to_act` trades at once. One more
// part between the top line and the hand holds the countdown (the message's `timer`: `ends_at`
// on the server's clock, `at` the server's time when it was sent, so the page's own clock
// does not matter), the open offers (`pending.offers`: yours with "withdraw", those made to
// you with "refuse" and "give a card": a hand card touched then is the one given back) and
// "I'm done" (`pending.done`: the others' marks are on their seats). A swap is offered by
// touching a hand card, then a seat. After the trading the Necromancer's holder draws three
// (`summon`) and keeps one (`keep`, `pending.drawn`) on the board. The swaps, refusals and the
// Necromancer's draw stay in `seen`. Every one of them is a legal action of the seat.

import { h as el } from "../dom.js";
import { api } from "../api.js";
import { LastCall, Pointer, Selection, linkCss, pageWords, seatNamer, speak, viewerSeat } from "./kit.js";

const ensureCss = () => linkCss("fantasy-realms-css", new URL("./fantasy-realms.css", import.meta.url));
/** Settles once the board's stylesheet has loaded: pages draw the board after it (../renderers.js). */
export const styles = ensureCss;

export const WORDS = {
  fa: {
    you: "شما",
    player: "بازیکن {n}",
    yourHand: "دست شما",
    hand: "دست",
    cards: "{n} کارت",
    oneCard: "{n} کارت",
    live: "امتیاز فعلی",
    scoring: "در حال شمردن…",
    deck: "دسته",
    deckCount: "{n} کارت در دسته",
    area: "کارت‌های سوخته",
    areaCount: "{n} از {m}",
    areaEmpty: "هنوز کارتی سوخته نشده است.",
    sealed: "مهروموم‌شده",
    items: "آیتم‌ها",
    faceUp: "رو به بالا",
    faceDown: "به پشت",
    downCount: "{n} آیتم به پشت",
    noItem: "بدون آیتم",
    use: "استفاده",
    drop: "کنار گذاشتن در پایان نوبت",
    dropShort: "کنار گذاشتن",
    dropping: "در پایان نوبت کنار می‌رود",
    points: "{n} امتیاز",
    turn: "نوبت {n}",
    yourTurn: "نوبت شماست",
    playing: "نوبت {name}",
    over: "بازی تمام شد",
    "prompt.first": "نخستین نوبت بازی: روی دسته بزنید و کارت بکشید.",
    "prompt.take": "روی دسته بزنید یا کارتی از کارت‌های سوخته بردارید.",
    "prompt.draft": "روی دسته بزنید تا دو کارت بکشید، یا کارتی از کارت‌های سوخته بردارید.",
    "prompt.discard": "روی کارتی از دستتان بزنید تا بسوزد.",
    "prompt.discards": "روی کارتی از دستتان بزنید تا بسوزد ({n} کارت).",
    "prompt.draftDiscard": "یکی از دو کارت تازه را بسوزانید.",
    "prompt.rake": "کارت دیگری از کارت‌های سوخته بردارید.",
    "prompt.shed": "دستتان از سقف بیشتر است: کارتی را بسوزانید.",
    "prompt.necromancer": "با مرگ‌ساحر کارتی از کارت‌های سوخته بردارید، یا «هیچ» را بزنید.",
    "prompt.genie": "با غول چراغ کارتی از دسته انتخاب کنید، یا «هیچ» را بزنید.",
    "prompt.ring": "کارتی از دسته را انتخاب کنید تا روی دسته برود.",
    search: "دسته (جست‌وجو)",
    "prompt.list": "این انتخاب را از فهرست حرکت‌ها انجام دهید.",
    waiting: "{name} در حال بازی است…",
    base: "پایه",
    bonus: "پاداش",
    penalty: "جریمه",
    blanked: "پوچ",
    total: "جمع",
    strength: "جمع قدرت پایه: {n}",
    cardStrength: "قدرت {n}",
    winner: "برنده",
    conceded: "انصراف داد",
    choices: "انتخاب‌ها",
    results: "امتیازهای پایانی",
    copies: "کپی {x}",
    "choice.copies": "کپی",
    "choice.target": "کارت",
    "choice.new_suit": "گونهٔ تازه",
    "choice.clears": "پاک‌سازی",
    "choice.protects": "محافظت",
    "choice.none": "هیچ",
    itemsPoints: "آیتم‌ها",
    seen: "آنچه دیده‌اید",
    draft: "دست کامل نیست: {n} از {m}",
    wild: "آزاد",
    trading: "معاوضه",
    timeLeft: "زمان باقی‌مانده",
    done: "معاوضه‌هایم تمام شد",
    youDone: "شما اعلام کرده‌اید که تمام شد؛ هنوز می‌توانید به پیشنهادها پاسخ دهید.",
    doneMark: "تمام کرد",
    toYou: "پیشنهادها به شما",
    yours: "پیشنهادهای شما",
    othersOffers: "پیشنهادهای دیگران",
    fromWhom: "از {name}",
    toWhom: "به {name}",
    between: "{a} ← {b}",
    give: "یک کارت بدهید",
    giving: "کارتی از دستتان را بزنید…",
    refuse: "رد",
    withdraw: "پس گرفتن",
    offerTo: "پیشنهاد به {name}",
    noOffers: "هنوز پیشنهادی نیست.",
    "prompt.trade": "روی کارتی از دستتان بزنید، سپس روی بازیکنی، تا معاوضه پیشنهاد دهید.",
    "prompt.pickSeat": "«{card}»: روی بازیکنی بزنید تا به او پیشنهاد شود.",
    "prompt.give": "روی کارتی از دستتان بزنید تا در عوض «{card}» بدهید.",
    "prompt.summon": "مرگ‌ساحر: سه کارت بکشید و یکی را نگه دارید، یا نکشید.",
    "prompt.keep": "یکی از سه کارت تازه را نگه دارید.",
    drawThree: "سه کارت بکشید",
    noDraw: "نکشید",
    keepOne: "نگه داشتن یکی",
    summoning: "{name} با مرگ‌ساحر کارت می‌کشد…",
    "seen.swap": "⇄ با {name}: «{gave}» دادید، «{got}» گرفتید",
    "seen.refused": "✗ {name} «{card}» را نپذیرفت",
    "seen.necro": "مرگ‌ساحر: «{card}» را نگه داشتید",
    tapAgain: "برای انجام دوباره بزنید",
    confirm: "تأیید",
    cancel: "انصراف",
    choose: "انتخاب کارت‌ها",
    "prompt.pick": "«{item}»: کارت‌ها را انتخاب کنید و تأیید بزنید ({n} انتخاب شده).",
    "prompt.offer": "برای گاری بازار تا سه کارت از دستتان پیشنهاد دهید (یا هیچ) و تأیید بزنید.",
    offerNone: "پیشنهاد نمی‌دهم",
    "prompt.cauldron": "پاتیل: هر کارت را روی دسته یا زیر دسته برگردانید.",
    cauldron: "پاتیل",
    toTop: "روی دسته",
    toBottom: "زیر دسته",
    "prompt.wagon": "گاری بازار: کارتی از پیشنهادها بگیرید، یا کارتتان را نگه دارید یا بسوزانید.",
    wagon: "گاری بازار",
    wagonKeep: "نگه داشتن کارتم",
    wagonDiscard: "سوزاندن و کشیدن",
    noOffer: "پیشنهادی نداد",
    "prompt.borrowed": "از این آیتم استفاده کنید یا آن را به پشت بگذارید.",
    forgo: "استفاده نمی‌کنم",
    "prompt.after": "کارت سوخت؛ هنوز می‌توانید از آیتمتان استفاده کنید، یا نوبت را تمام کنید.",
    endTurn: "پایان نوبت",
    none: "هیچ",
    details: "متن کامل «{name}»",
    close: "بستن",
    cursedItem: "آیتم نفرین‌شده",
    when: "زمان استفاده: {x}",
    emptyHand: "هنوز کارتی در دستتان نیست.",
  },
  en: {
    you: "You",
    player: "Player {n}",
    yourHand: "Your hand",
    hand: "Hand",
    cards: "{n} cards",
    oneCard: "{n} card",
    live: "Score now",
    scoring: "scoring…",
    deck: "Deck",
    deckCount: "{n} cards in the deck",
    area: "Discard area",
    areaCount: "{n} of {m}",
    areaEmpty: "No card has been discarded yet.",
    sealed: "sealed",
    items: "Items",
    faceUp: "face up",
    faceDown: "face down",
    downCount: "{n} face down",
    noItem: "no item",
    use: "Use",
    drop: "Discard at the end of the turn",
    dropShort: "Discard it",
    dropping: "goes at the end of the turn",
    points: "{n} points",
    turn: "Turn {n}",
    yourTurn: "Your turn",
    playing: "{name} to play",
    over: "The game is over",
    "prompt.first": "The game's first turn: touch the deck to draw.",
    "prompt.take": "Touch the deck to draw, or take a card of the discard area.",
    "prompt.draft": "Touch the deck to draw two, or take a card of the discard area.",
    "prompt.discard": "Touch a card of your hand to discard it.",
    "prompt.discards": "Touch a card of your hand to discard it ({n} cards).",
    "prompt.draftDiscard": "Discard one of the two cards you drew.",
    "prompt.rake": "Take another card of the discard area.",
    "prompt.shed": "Your hand is over the limit: discard a card.",
    "prompt.necromancer": "Take a card of the discard area with the Necromancer, or touch None.",
    "prompt.genie": "Pick a card of the deck with the Genie, or touch None.",
    "prompt.ring": "Pick a card of the deck to put on top of it.",
    search: "The deck (searched)",
    "prompt.list": "Make this choice in the move list.",
    waiting: "{name} is playing…",
    base: "base",
    bonus: "bonus",
    penalty: "penalty",
    blanked: "blanked",
    total: "total",
    strength: "base strengths: {n}",
    cardStrength: "strength {n}",
    winner: "winner",
    conceded: "conceded",
    choices: "Choices",
    results: "Final scores",
    copies: "copies {x}",
    "choice.copies": "copies",
    "choice.target": "card",
    "choice.new_suit": "new suit",
    "choice.clears": "clears",
    "choice.protects": "protects",
    "choice.none": "none",
    itemsPoints: "Items",
    seen: "What you were shown",
    draft: "Hand not full yet: {n} of {m}",
    wild: "Wild",
    trading: "Trading",
    timeLeft: "Time left",
    done: "I'm done trading",
    youDone: "You said you are done; you can still answer offers.",
    doneMark: "done",
    toYou: "Offers to you",
    yours: "Your offers",
    othersOffers: "Other offers",
    fromWhom: "from {name}",
    toWhom: "to {name}",
    between: "{a} → {b}",
    give: "Give a card",
    giving: "Touch a card of your hand…",
    refuse: "Refuse",
    withdraw: "Withdraw",
    offerTo: "Offer to {name}",
    noOffers: "No offers yet.",
    "prompt.trade": "Touch a card of your hand, then a player, to offer a swap.",
    "prompt.pickSeat": "{card}: touch a player to offer it to them.",
    "prompt.give": "Touch a card of your hand to give for {card}.",
    "prompt.summon": "Necromancer: draw three cards and keep one, or do not draw.",
    "prompt.keep": "Keep one of the three cards you drew.",
    drawThree: "Draw three",
    noDraw: "Don't draw",
    keepOne: "Keep one",
    summoning: "{name} is drawing with the Necromancer…",
    "seen.swap": "⇄ with {name}: you gave {gave}, got {got}",
    "seen.refused": "✗ {name} refused {card}",
    "seen.necro": "Necromancer: you kept {card}",
    tapAgain: "tap again to do it",
    confirm: "Confirm",
    cancel: "Cancel",
    choose: "Choose cards",
    "prompt.pick": "{item}: pick the cards, then confirm ({n} picked).",
    "prompt.offer": "Offer up to three cards of your hand to the Market Wagon (or none), then confirm.",
    offerNone: "Offer nothing",
    "prompt.cauldron": "Cauldron: put each card back on top of the deck or at its bottom.",
    cauldron: "Cauldron",
    toTop: "On top",
    toBottom: "At the bottom",
    "prompt.wagon": "Market Wagon: take a card offered, or keep your card, or discard it and draw.",
    wagon: "Market Wagon",
    wagonKeep: "Keep my card",
    wagonDiscard: "Discard and draw",
    noOffer: "offered nothing",
    "prompt.borrowed": "Use this item, or turn it face down unused.",
    forgo: "Don't use it",
    "prompt.after": "Your discard is made; you may still use your item, or end your turn.",
    endTurn: "End turn",
    none: "None",
    details: "Full text of {name}",
    close: "Close",
    cursedItem: "Cursed Item",
    when: "When: {x}",
    emptyHand: "No cards in your hand yet.",
  },
};

// The page's language, words and digits, as given with each call (./kit.js pageWords).
const { use, w, n, lang, comma } = pageWords();

// A signed number, kept left to right inside Persian text ("+۲۵", "−۱۰").
const signed = (value) => el("bdi", { dir: "ltr" }, value > 0 ? `+${n(value)}` : value < 0 ? `−${n(-value)}` : n(0));

// ------------------------------------------------------------------ the live score
// One scored hand per position key; `pending` holds the key being fetched.
const live = { key: null, score: null, pending: null, failed: false };
const last = new LastCall(render);

function scoreKey(body) {
  return JSON.stringify(body);
}

function wantScore(body) {
  const key = scoreKey(body);
  if (live.key === key && (live.score || live.pending || live.failed)) return live.score;
  live.key = key;
  live.score = null;
  live.failed = false;
  live.pending = api("/api/fantasy-realms/score", { body }).then(
    (score) => {
      if (live.key !== key) return;
      live.score = score;
      live.pending = null;
      if (last.call) redraw();
    },
    () => {
      if (live.key !== key) return;
      live.pending = null;
      live.failed = true;
    },
  );
  return null;
}

/** Draw the last call again, the focus kept where it was. */
function redraw() {
  last.redraw(last.focusedKey());
}

// ------------------------------------------------------------------ the chaos countdown
// When each timer arrived, on this page's clock: the time left is the server's (`ends_at` −
// `at`) less what passed here since.
const arrived = new WeakMap();
let ticker = null;

function endsHere(timer) {
  if (!arrived.has(timer)) arrived.set(timer, Date.now());
  return arrived.get(timer) + (timer.ends_at - timer.at);
}

function clockText(ms) {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(secs / 60);
  const s = secs % 60;
  return `${n(m)}:${s < 10 ? n(0) : ""}${n(s)}`;
}

function tick() {
  const shown = document.querySelectorAll("[data-testid=frt-timer]");
  if (!shown.length) {
    clearInterval(ticker);
    ticker = null;
    return;
  }
  for (const box of shown) {
    const left = Number(box.dataset.ends) - Date.now();
    box.querySelector("b").textContent = clockText(left);
    box.classList.toggle("is-low", left < 30_000);
  }
}

// What the seat chose on the board during the trading: a hand card to offer, or an offer
// made to it that a hand card will answer.
const pick = { card: null, offer: null };

// Outside the trading: the moves the board is building (`key` the position they belong to):
// `use` the item whose cards are being picked, `cards` those picked, `armed` the target a
// first touch showed (its action, as JSON).
const sel = new Selection(() => ({ use: null, cards: [], armed: null, ways: null }));
const MANY_WAYS = 4; // an item with more ways of use than this shows them behind one "Use…"
const pointer = new Pointer();

/** Note how the board is touched (a touch arms first), and show what a target would do. */
function watchBoard(root) {
  if (pointer.watched.has(root)) return;
  pointer.watch(root);
  const show = (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-preview]") : null;
    const line = root.querySelector("[data-testid=frt-preview]");
    const text = root.querySelector("[data-testid=frt-prompt]");
    if (!line || !text || (target && target.classList.contains("is-armed"))) return;
    const words = target && root.contains(target) ? target.dataset.preview : "";
    if (line.textContent === words && line.hidden === !words) return;
    line.textContent = words;
    line.hidden = !words;
    // covered, not hidden: the prompt keeps its box, so the board does not move
    text.classList.toggle("is-covered", Boolean(words));
  };
  root.addEventListener("pointerover", show);
  root.addEventListener("focusin", show);
  root.addEventListener("pointerleave", () => show({ target: null }));
}

// ------------------------------------------------------------------ cards
function cardInfo(cards, id, hoard) {
  const c = cards.get(id) || { id, name: id, suit: "wild", suit_name: "", strength: 0 };
  if (hoard && c.hoard) return { ...c, ...c.hoard };
  return c;
}

// A signed number of an effect's words ("+۵۰", "−۴۰") kept left to right, as in the lines.
const SIGNED = /([+−-][0-9۰-۹]+)/;

/** An effect's words, its signed numbers kept whole. */
function effectEl(text, className, tag = "span") {
  const parts = String(text || "").split(SIGNED).map((part, i) => (i % 2 ? el("bdi", { dir: "ltr" }, part) : part));
  return el(tag, { class: className }, parts);
}

/**
 * A card of the main deck: its suit's colour, strength, name, suit and what it does in short.
 * Beside it an "i" opens the whole text (openDetails), without playing the card; a card that
 * makes no move opens it too when touched. `details: false` leaves both out (the gallery,
 * which prints the whole text under the card).
 */
function cardEl(card, opts = {}) {
  const classes = ["frt-card", `suit-${card.suit || "wild"}`, opts.size && `size-${opts.size}`, opts.onClick && "playable", opts.details !== false && "has-info", opts.extra];
  const children = [
    el("span", { class: "frt-card-head" }, el("span", { class: "frt-strength" }, n(card.strength ?? 0)), el("span", { class: "frt-suit" }, card.suit_name || "")),
    el("span", { class: "frt-name" }, card.name),
    effectEl(card.short || card.text, "frt-effect"),
    opts.badge ? el("span", { class: "frt-badge" }, opts.badge) : null,
  ];
  const data = { testid: opts.testid, card: card.id, focusKey: opts.focusKey };
  // Read as a sighted player reads it: name, suit, strength, what it does; then the move.
  const spoken = [card.name, card.suit_name, w("cardStrength", { n: n(card.strength ?? 0) }), card.short || card.text, opts.badge].filter(Boolean).join(" · ");
  const face = opts.onClick
    ? speak(el("button", { type: "button", class: classes, title: opts.label || card.text || card.name, "aria-pressed": opts.pressed, dataset: { ...data, action: opts.action ? JSON.stringify(opts.action) : undefined }, onclick: opts.onClick }, children), spoken, opts.label)
    : speak(el("div", { class: classes, title: card.text || card.name, dataset: data }, children), spoken);
  if (opts.details === false) return face;
  const info = infoButton(card, opts.focusKey);
  if (!opts.onClick) face.addEventListener("click", () => openDetails(card, info));
  return el("div", { class: ["frt-cardbox", opts.size && `size-${opts.size}`] }, face, info);
}

/** The "i" of a card or an item: its whole text in a sheet (a dialog: touch, mouse, keys). */
function infoButton(card, focusKey) {
  const button = el(
    "button",
    { type: "button", class: "frt-info", title: w("details", { name: card.name }), "aria-label": w("details", { name: card.name }), "aria-haspopup": "dialog", dataset: { testid: "frt-info", card: card.id, focusKey: focusKey ? `info:${focusKey}` : undefined } },
    "i",
  );
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    openDetails(card, button);
  });
  return button;
}

/**
 * The whole text of a card (or a Cursed Item) over the page, until closed (its button, Escape,
 * a touch outside it). It lives outside the board, so a new position drawn meanwhile leaves it
 * open; on closing, the focus goes back to the "i" that opened it (or to the one drawn anew).
 */
function openDetails(card, opener) {
  for (const old of document.querySelectorAll("dialog.frt-sheet")) old.remove();
  const item = card.kind === "item";
  const back = opener && opener.dataset ? opener.dataset.focusKey : null;
  const close = el("button", { type: "button", class: "btn btn-small", dataset: { testid: "frt-details-close" } }, w("close"));
  const sheet = el(
    "dialog",
    { class: ["dialog", "frt-sheet", item ? "is-item" : `suit-${card.suit || "wild"}`], "aria-labelledby": "frt-sheet-name", dataset: { testid: "frt-details", card: card.id } },
    el(
      "div",
      { class: "frt-sheet-body" },
      el(
        "div",
        { class: "frt-sheet-head" },
        item ? el("span", { class: "frt-item-points" }, signed(card.points ?? 0)) : el("span", { class: "frt-strength" }, n(card.strength ?? 0)),
        el("h2", { class: "frt-sheet-name", id: "frt-sheet-name" }, card.name),
        el("span", { class: "frt-sheet-suit" }, item ? w("cursedItem") : card.suit_name || ""),
      ),
      item && card.timing ? el("p", { class: "frt-sheet-when muted" }, w("when", { x: card.timing })) : null,
      effectEl(card.text || card.short || "", "frt-sheet-text", "p"),
      el("div", { class: "dialog-buttons" }, close),
    ),
  );
  close.addEventListener("click", () => sheet.close());
  // a touch on the backdrop (the dialog itself; its words lie in the body inside it)
  sheet.addEventListener("click", (event) => {
    if (event.target === sheet) sheet.close();
  });
  // the page left (the browser's back button) takes the sheet with it
  const leaving = new AbortController();
  window.addEventListener("popstate", () => sheet.close(), { signal: leaving.signal });
  sheet.addEventListener("close", () => {
    leaving.abort();
    sheet.remove();
    const again = opener && opener.isConnected ? opener : back ? document.querySelector(`[data-focus-key="${CSS.escape(back)}"]`) : null;
    if (again) again.focus();
  });
  document.body.append(sheet);
  sheet.showModal();
  close.focus();
}

/** A Cursed Item: face up (its name and points; a touch shows its whole text) or face down. */
function itemEl(item, opts = {}) {
  if (!item) return el("div", { class: "frt-item is-back", dataset: { testid: opts.testid } }, el("span", { class: "frt-item-name" }, opts.text || ""));
  const chip = el(
    opts.details === false ? "div" : "button",
    { type: opts.details === false ? undefined : "button", class: ["frt-item", opts.down && "is-down"], title: item.text || item.name, "aria-haspopup": opts.details === false ? undefined : "dialog", dataset: { testid: opts.testid, item: item.id } },
    el("span", { class: "frt-item-name" }, item.name),
    el("span", { class: "frt-item-points" }, signed(item.points ?? 0)),
  );
  if (opts.details !== false) chip.addEventListener("click", () => openDetails({ kind: "item", ...item }, chip));
  return chip;
}

export function renderCard(card, ctx) {
  ensureCss();
  use(ctx);
  const pic = card.kind === "item" ? itemEl(card, { details: false }) : cardEl(card, { size: "l", details: false });
  return el("figure", { class: "frt-gallery-card" }, pic, el("figcaption", {}, el("b", {}, card.name), effectEl(card.text, "frt-gallery-text")));
}

// ------------------------------------------------------------------ the legal moves, by place
function mapLegal(legal) {
  const m = { deck: null, take: new Map(), discard: new Map(), shed: new Map(), drop: null, uses: [], necro: new Map(), search: new Map(), other: 0 };
  Object.assign(m, { propose: new Map(), accept: new Map(), refuse: new Map(), withdraw: new Map(), done: null, summon: null, pass: null, keep: new Map() });
  Object.assign(m, { none: null, cauldron: new Map(), offers: [], wagonKeep: null, wagonDiscard: null, wagonSwap: new Map(), forgo: null, endTurn: null });
  const deeper = (map, key) => map.get(key) || map.set(key, new Map()).get(key);
  legal.forEach((move, index) => {
    const a = move.action || {};
    const item = { action: a, label: move.label, index };
    if (a.do === "draw" || a.do === "draw-two") m.deck = item;
    else if (a.do === "take") m.take.set(a.card, item);
    else if (a.do === "discard") m.discard.set(a.card, item);
    else if (a.do === "shed") m.shed.set(a.card, item);
    else if (a.do === "drop-item") m.drop = item;
    else if (a.do === "use") m.uses.push(item);
    else if (a.do === "necromancer" && a.card) m.necro.set(a.card, item);
    else if ((a.do === "genie" || a.do === "ring") && a.card) m.search.set(a.card, item);
    else if (a.do === "propose") deeper(m.propose, a.card).set(a.to, item);
    else if (a.do === "accept") deeper(m.accept, a.offer).set(a.card, item);
    else if (a.do === "refuse") m.refuse.set(a.offer, item);
    else if (a.do === "withdraw") m.withdraw.set(a.offer, item);
    else if (a.do === "done") m.done = item;
    else if (a.do === "draw-three") m.summon = item;
    else if (a.do === "pass") m.pass = item;
    else if (a.do === "keep") m.keep.set(a.card, item);
    else if ((a.do === "genie" || a.do === "necromancer") && !a.card) m.none = item;
    else if (a.do === "return") deeper(m.cauldron, a.card).set(a.to, item);
    else if (a.do === "offer") m.offers.push(item);
    else if (a.do === "wagon-keep") m.wagonKeep = item;
    else if (a.do === "wagon-discard") m.wagonDiscard = item;
    else if (a.do === "wagon-swap") deeper(m.wagonSwap, a.player).set(a.card, item);
    else if (a.do === "forgo") m.forgo = item;
    else if (a.do === "end-turn") m.endTurn = item;
    else m.other += 1;
  });
  return m;
}

// ------------------------------------------------------------------ the view model
// Moves made of cards picked on the board: the offer to a Market Wagon, or an item's use
// whose choice is one or more cards (of the hand or of the discard area).
const cardsOf = (item) => (Array.isArray(item.action.cards) ? item.action.cards : typeof item.action.card === "string" ? [item.action.card] : []);
const picksCards = (list) => list.length > 0 && list.every((u) => "cards" in u.action || typeof u.action.card === "string");
const same = (a, b) => a.length === b.length && [...a].sort().join("|") === [...b].sort().join("|");

/**
 * What the board shows, from the server's message alone (no DOM): the phase and who acts
 * (all the traders at once in the chaos realms), the hands, the discard area, the deck, the
 * items, what was seen, the trading's offers, the results, and `m` — the legal moves by
 * place (mapLegal), with `usesBy` the item uses by item.
 */
export function view(msg, ctx) {
  const state = msg.view || {};
  const opts = state.options || {};
  const hoard = Boolean(opts.suits);
  const players = state.players || (state.hands || []).length;
  const legal = msg.legal || [];
  const m = mapLegal(legal);
  const me = viewerSeat(msg, state, "you");
  const actors = msg.to_act || [];
  const toAct = actors[0];
  const chaos = opts.variant === "chaos";
  const trading = chaos && state.phase === "trade";
  const myMove = me !== null && (chaos ? actors.includes(me) : toAct === me) && legal.length > 0 && !ctx.replay;
  const pend = state.pending || {};
  const usesBy = new Map();
  for (const u of m.uses) (usesBy.get(u.action.item) || usesBy.set(u.action.item, []).get(u.action.item)).push(u);
  return {
    // the position a selection belongs to
    key: JSON.stringify([state.turn, state.phase, msg.to_act, legal.length, legal[0] && legal[0].action]),
    phase: state.phase,
    turn: state.turn,
    opts,
    hoard,
    players,
    legal,
    m,
    usesBy,
    me,
    actors,
    toAct,
    over: state.phase === "over",
    chaos,
    trading,
    myMove,
    pend,
    offers: trading ? pend.offers || [] : [],
    doneSeats: new Set(trading ? pend.done || [] : []),
    timer: msg.timer,
    nameOf: seatNamer(ctx, me),
    handSize: hoard ? 8 : 7,
    endAt: players === 2 ? (hoard ? 14 : 12) : hoard ? 12 : 10,
    area: state.area || [],
    hands: state.hands || [],
    items: state.items || {},
    deck: typeof state.deck === "number" ? state.deck : 0,
    sealed: state.sealed || [],
    seen: state.seen || [],
    results: state.results || [],
    winners: state.winners || [],
  };
}

// ------------------------------------------------------------------ drawing
/**
 * One drawing of the board: the view model, the card data, the legal moves shown so far
 * (`used`), and the moves being built: the chaos realms' pick, an item's cards (`picking`).
 */
class Drawing {
  constructor(v, ctx) {
    const { m, myMove, me, hands, usesBy } = v;
    this.v = v;
    this.cards = ctx.cards || new Map();
    this.used = new Set();
    this.info = (id) => cardInfo(this.cards, id, v.hoard);
    this.mark = (item) => item && this.used.add(item.index);
    this.choose = (what, value) => {
      pick.card = what === "card" && pick.card !== value ? value : null;
      pick.offer = what === "offer" && pick.offer !== value ? value : null;
      redraw();
    };
    this.act = (item) => {
      if (!item) return;
      // a first touch only shows what the target would do; the second does it
      const key = JSON.stringify(item.action);
      if (pointer.touch && sel.armed !== key) {
        sel.armed = key;
        redraw();
        return;
      }
      pick.card = null;
      pick.offer = null;
      Object.assign(sel, { use: null, cards: [], armed: null });
      ctx.act(item.action);
    };
    if (sel.use && !picksCards(usesBy.get(sel.use) || [])) Object.assign(sel, { use: null, cards: [] });
    let picking = null;
    if (myMove && m.offers.length) picking = { options: m.offers, from: "hand", title: this.info("market-wagon").name, offer: true };
    else if (myMove && sel.use) {
      const options = usesBy.get(sel.use);
      const handSet = new Set(Array.isArray(hands[me]) ? hands[me] : []);
      const from = options.every((u) => cardsOf(u).every((c) => handSet.has(c))) ? "hand" : "area";
      picking = { options, from, title: (this.cards.get(sel.use) || { name: sel.use }).name };
    }
    this.picking = picking;
    this.exact = () => (picking ? picking.options.find((o) => same(cardsOf(o), sel.cards)) : null);
    // can card `id` be picked (or unpicked) now: some option holds the picked cards and it
    this.pickable = (id) => {
      if (!picking) return false;
      if (sel.cards.includes(id)) return true;
      const want = [...sel.cards, id];
      return picking.options.some((o) => want.every((c) => cardsOf(o).includes(c)));
    };
    this.toggle = (id) => {
      sel.cards = sel.cards.includes(id) ? sel.cards.filter((c) => c !== id) : [...sel.cards, id];
      sel.armed = null;
      redraw();
    };
    if (picking) for (const o of picking.options) this.mark(o);
  }
}

/**
 * The position in a few sentences, for a screen reader's summary key (../pages/table.js):
 * your hand and its best score now, the discard area against the end, the deck, the others.
 */
export function summary(msg, ctx) {
  use(ctx);
  const v = view(msg, ctx);
  const parts = [];
  if (v.me !== null) {
    const hand = v.hands[v.me] || [];
    const score = live.score && live.key !== null ? live.score.total : null;
    parts.push(`${w("yourHand")}: ${w("cards", { n: hand.length })}${score === null ? "" : `${comma()}${w("live")} ${n(score)}`}`);
  }
  parts.push(`${w("area")}: ${n(v.area.length)} / ${n(v.endAt)}`, w("deckCount", { n: v.deck }));
  v.hands.forEach((hand, q) => {
    if (q !== v.me) parts.push(`${v.nameOf(q)}: ${w("cards", { n: Array.isArray(hand) ? hand.length : hand })}`);
  });
  return parts.join(". ");
}

export function render(root, msg, ctx) {
  ensureCss();
  use(ctx);
  last.keep(root, msg, ctx);
  const v = view(msg, ctx);
  watchBoard(root);
  sel.at(v.key);
  if (!v.trading || !v.myMove) {
    pick.card = null;
    pick.offer = null;
  }
  if (pick.card !== null && !v.m.propose.has(pick.card)) pick.card = null;
  if (pick.offer !== null && !v.m.accept.has(pick.offer)) pick.offer = null;
  const d = new Drawing(v, ctx);

  const board = el("div", { class: ["frt", v.over && "is-over"], dataset: { testid: "frt-board", phase: v.phase || "" } });
  const top = topLine(d);
  board.append(top);
  if (v.trading && !ctx.replay) board.append(tradePanel(d));
  if (v.over) board.append(resultsPanel(d));
  if (v.me !== null && Array.isArray(v.hands[v.me]) && !v.over) board.append(myPanel(d));
  board.append(middle(d));
  board.append(othersPanel(d));
  // every target says what it would do (the server's label); the touched one is ringed
  let armedLabel = null;
  for (const t of board.querySelectorAll("[data-action]")) {
    if (t.title) t.dataset.preview = t.title;
    if (sel.armed && t.dataset.action === sel.armed) {
      t.classList.add("is-armed");
      armedLabel = t.title;
    }
  }
  if (armedLabel) {
    const text = top.querySelector("[data-testid=frt-prompt]");
    text.textContent = `${armedLabel} · ${w("tapAgain")}`;
    text.classList.add("is-armed");
  }
  board.dataset.unmapped = String(v.legal.filter((_, i) => !d.used.has(i)).length);
  root.replaceChildren(board);
  if (board.querySelector("[data-testid=frt-timer]") && !ticker) ticker = setInterval(tick, 250);
  return { mapped: d.used };
}

// ------------------------------------------------------------------ the parts
function prompt(d) {
  const { v, info, picking } = d;
  const { m, me, toAct, over, chaos, trading, myMove, doneSeats, nameOf } = v;
  if (over) return "";
  if (trading) {
    if (!myMove) return me !== null && doneSeats.has(me) ? w("youDone") : "";
    if (pick.offer !== null) return w("prompt.give", { card: info(offerOf(d, pick.offer).card).name });
    if (pick.card !== null) return w("prompt.pickSeat", { card: info(pick.card).name });
    return doneSeats.has(me) ? w("youDone") : w("prompt.trade");
  }
  if (chaos && (v.phase === "summon" || v.phase === "keep")) {
    if (!myMove) return w("summoning", { name: nameOf(toAct) });
    return w(v.phase === "summon" ? "prompt.summon" : "prompt.keep");
  }
  if (!myMove) return toAct !== undefined && toAct !== null ? w("waiting", { name: nameOf(toAct) }) : "";
  const ph = v.phase;
  if (picking && !picking.offer) return w("prompt.pick", { item: picking.title, n: sel.cards.length });
  if (ph === "take") {
    if (m.deck && m.deck.action.do === "draw-two") return w("prompt.draft");
    return m.take.size ? w("prompt.take") : w("prompt.first");
  }
  if (ph === "discard") {
    const left = v.pend.discards;
    return left > 1 ? w("prompt.discards", { n: left }) : w("prompt.discard");
  }
  if (ph === "draft-discard") return w("prompt.draftDiscard");
  if (ph === "after") return w("prompt.after");
  if (ph === "rake") return w("prompt.rake");
  if (ph === "shed") return w("prompt.shed");
  if (ph === "necromancer" || ph === "genie" || ph === "ring") return w(`prompt.${ph}`);
  if (ph === "offer" || ph === "cauldron" || ph === "wagon" || ph === "borrowed") return w(`prompt.${ph}`);
  return w("prompt.list");
}

/** The top line: the turn, whose turn it is, the prompt (and the preview over it), end turn. */
function topLine(d) {
  const { v, mark, picking } = d;
  const { m, toAct, over, chaos, trading, myMove, nameOf } = v;
  // while cards are picked for the item, "end turn" waits (it is back on "cancel")
  if (myMove) mark(m.endTurn);
  let status = over ? w("over") : myMove ? w("yourTurn") : toAct !== undefined && toAct !== null ? w("playing", { name: nameOf(toAct) }) : "";
  if (trading) status = w("trading");
  return el(
    "div",
    { class: "frt-top" },
    chaos ? null : el("span", { class: "frt-turn" }, w("turn", { n: v.turn || 1 })),
    el("span", { class: ["frt-status", myMove && "is-mine"], dataset: { testid: "frt-status" } }, status),
    // the preview lies over the prompt, in its box: showing it never moves the board
    el(
      "div",
      { class: "frt-say" },
      el("p", { class: "frt-prompt", dataset: { testid: "frt-prompt" }, "aria-live": "polite" }, prompt(d)),
      el("p", { class: "frt-prompt frt-preview", hidden: true, "aria-hidden": "true", dataset: { testid: "frt-preview" } }),
    ),
    picking ? pickBar(d) : null,
    myMove && m.endTurn && !picking ? endBar(d) : null,
  );
}

/** After the discard, while the item can still be used: "end turn" leaves it for later. */
function endBar(d) {
  const { v, act } = d;
  const { m } = v;
  return el(
    "div",
    { class: "frt-pickbar", dataset: { testid: "frt-endbar" } },
    el("button", { type: "button", class: "btn btn-small btn-primary", title: m.endTurn.label, dataset: { testid: "frt-end-turn", action: JSON.stringify(m.endTurn.action), focusKey: "end-turn" }, onclick: () => act(m.endTurn) }, w("endTurn")),
  );
}

/** The picked cards' move: "confirm" once they make one, and "cancel". */
function pickBar(d) {
  const { act, picking, exact } = d;
  const ok = exact();
  const bar = el("div", { class: "frt-pickbar", dataset: { testid: "frt-pickbar" } });
  const text = picking.offer && !sel.cards.length ? w("offerNone") : `${w("confirm")}${sel.cards.length ? ` (${n(sel.cards.length)})` : ""}`;
  bar.append(el("button", { type: "button", class: "btn btn-small btn-primary", disabled: !ok, title: ok ? ok.label : "", dataset: { testid: "frt-confirm", action: ok ? JSON.stringify(ok.action) : undefined, focusKey: "confirm" }, onclick: () => act(ok) }, text));
  if (!picking.offer) bar.append(el("button", { type: "button", class: "btn btn-small", dataset: { testid: "frt-cancel", focusKey: "cancel", cancel: "" }, onclick: () => { Object.assign(sel, { use: null, cards: [], armed: null }); redraw(); } }, w("cancel")));
  return bar;
}

/** A card picked or to pick for the move being built. */
function pickCard(d, id, focusKey) {
  const { info, picking, toggle } = d;
  const on = sel.cards.includes(id);
  return cardEl(info(id), { testid: "frt-pick", onClick: () => toggle(id), focusKey, extra: on ? "is-picked" : "is-target", pressed: on ? "true" : "false", label: `${info(id).name} · ${picking.title}` });
}

/** A hand card's line from the scorer: its total, bonus or penalty, blanked, and why. */
function lineOf(d, line) {
  const { info } = d;
  if (!line) return el("span", { class: "frt-line muted" }, "");
  const reason = line.reason ? line.reason[lang() === "fa" ? "fa" : "en"] : "";
  const parts = [];
  // a blanked card's reason already says "blanked by …": the word alone only without one
  if (line.blanked) {
    if (!reason) parts.push(el("b", { class: "frt-blank" }, w("blanked")));
  } else {
    parts.push(el("b", { class: ["frt-total-n", line.total < 0 && "neg"] }, n(line.total)));
    if (line.bonus) parts.push(el("span", { class: "frt-plus" }, signed(line.bonus)));
    if (line.penalty) parts.push(el("span", { class: "frt-minus" }, signed(line.penalty)));
  }
  return el(
    "span",
    { class: ["frt-line", line.blanked && "is-blanked"], dataset: { testid: "frt-line", card: line.id, total: String(line.total) } },
    parts.length ? el("span", { class: "frt-line-nums" }, parts) : null,
    // the scorer's reason names what a copy copies; without one, say it here
    reason ? el("small", { class: "frt-reason" }, reason) : line.copies ? el("small", { class: "frt-reason" }, w("copies", { x: info(line.copies).name })) : null,
  );
}

/** The seat's hand with its live score, each card's line and what it can do now. */
function myPanel(d) {
  const { v, info, mark, choose, act, picking, pickable } = d;
  const { hoard, players, m, me, toAct, trading, myMove, handSize, area, hands, items } = v;
  const hand = hands[me] || [];
  const body = { hand, discards: area, expansion: hoard, items: (items.down || [])[me] || [], players };
  const score = hand.length ? wantScore(body) : null;
  const lines = new Map(((score && score.cards) || []).map((c) => [c.id, c]));
  const panel = el("section", { class: ["frt-me", myMove && "is-current"], dataset: { testid: "frt-my-hand" }, "aria-label": w("yourHand") });
  const totalText = score ? n(score.total) : live.failed ? "–" : w("scoring");
  const short = players === 2 && hand.length < handSize;
  panel.append(
    el(
      "header",
      { class: "frt-me-head" },
      el("h3", { class: "frt-title" }, w("yourHand"), " ", el("span", { class: "muted" }, `(${n(hand.length)})`)),
      short ? el("span", { class: "frt-draft muted" }, w("draft", { n: hand.length, m: handSize })) : null,
      // an empty hand (the two-player draft's start) has no score to wait for
      hand.length ? el("span", { class: "frt-live", dataset: { testid: "frt-live-total", ready: score ? "true" : "false" } }, el("span", { class: "frt-live-label" }, w("live")), el("b", {}, totalText)) : null,
    ),
  );
  const row = el("div", { class: "frt-hand" });
  if (!hand.length) row.append(el("p", { class: "muted frt-empty", dataset: { testid: "frt-empty-hand" } }, w("emptyHand")));
  const fresh = v.pend.drawn; // the cards just drawn (a count for the others)
  const drawn = new Set(Array.isArray(fresh) && toAct === me ? fresh : []);
  for (const id of [...hand].sort((a, b) => info(a).suit.localeCompare(info(b).suit) || a.localeCompare(b))) {
    const slot = el("div", { class: ["frt-slot", drawn.has(id) && "is-new", pick.card === id && "is-picked"] });
    if (trading && myMove) {
      // an offer picked: this card answers it; else the card is picked to be offered
      const answer = pick.offer !== null ? (m.accept.get(pick.offer) || new Map()).get(id) : null;
      const seats = m.propose.get(id);
      if (seats) for (const item of seats.values()) mark(item);
      for (const byCard of m.accept.values()) for (const item of byCard.values()) mark(item);
      const onClick = answer ? () => act(answer) : seats && pick.offer === null ? () => choose("card", id) : null;
      const testid = answer ? "frt-give" : onClick ? "frt-offer-card" : "frt-hand-card";
      slot.append(cardEl(info(id), { testid, action: answer && answer.action, label: answer ? answer.label : undefined, onClick, focusKey: `hand:${id}` }));
      slot.append(lineOf(d, lines.get(id)));
      row.append(slot);
      continue;
    }
    // while cards are picked for an item the other moves wait (they are back on "cancel")
    const waiting = myMove ? m.discard.get(id) || m.shed.get(id) : null;
    mark(waiting);
    if (picking && picking.from === "hand" && pickable(id)) {
      slot.append(pickCard(d, id, `hand:${id}`));
      slot.append(lineOf(d, lines.get(id)));
      row.append(slot);
      continue;
    }
    const item = picking ? null : waiting;
    slot.append(cardEl(info(id), { testid: item ? "frt-discard" : "frt-hand-card", action: item && item.action, label: item && item.label, onClick: item ? () => act(item) : null, focusKey: `hand:${id}` }));
    slot.append(lineOf(d, lines.get(id)));
    row.append(slot);
  }
  panel.append(row);
  const itemsBox = myItems(d, score);
  if (itemsBox) panel.append(itemsBox);
  const seen = v.seen[me] || [];
  if (seen.length) panel.append(seenBox(d, seen));
  return panel;
}

/** The seat's items: the face-up one with its uses (or dropping it), the face-down ones. */
function myItems(d, score) {
  const { v, cards, mark, act } = d;
  const { opts, m, me, toAct, myMove, items, usesBy } = v;
  if (!opts.items) return null;
  const box = el("div", { class: "frt-items", dataset: { testid: "frt-my-items" } }, el("span", { class: "frt-items-title" }, w("items")));
  const up = (items.up || [])[me];
  if (up) {
    const upBox = el("div", { class: "frt-up" }, itemEl(cards.get(up) || { id: up, name: up }, { testid: "frt-my-item" }));
    const mine = myMove && v.phase !== "borrowed" ? usesBy.get(up) || [] : [];
    const buttons = useButtons(d, up, mine);
    if (myMove && m.drop) {
      mark(m.drop);
      buttons.append(el("button", { type: "button", class: "btn btn-small", title: m.drop.label, dataset: { testid: "frt-drop", action: JSON.stringify(m.drop.action), focusKey: "drop" }, onclick: () => act(m.drop) }, el("span", { class: "frt-long" }, w("drop")), el("span", { class: "frt-short" }, w("dropShort"))));
    } else if (items.dropped && toAct === me) buttons.append(el("span", { class: "muted frt-hint" }, w("dropping")));
    upBox.append(buttons);
    box.append(upBox);
  } else box.append(el("span", { class: "muted" }, w("noItem")));
  // a borrowed item (the Larcenous Gloves, the Junkyard Map, the Repair Kit): its uses, or none
  if (myMove && v.phase === "borrowed") {
    const lent = v.pend.item || (m.uses[0] && m.uses[0].action.item);
    const buttons = useButtons(d, lent, usesBy.get(lent) || []);
    if (m.forgo) {
      mark(m.forgo);
      buttons.append(el("button", { type: "button", class: "btn btn-small", title: m.forgo.label, dataset: { testid: "frt-forgo", action: JSON.stringify(m.forgo.action), focusKey: "forgo" }, onclick: () => act(m.forgo) }, w("forgo")));
    }
    box.append(el("div", { class: "frt-up is-borrowed", dataset: { testid: "frt-borrowed" } }, itemEl(cards.get(lent) || { id: lent, name: lent }), buttons));
  }
  const down = (items.down || [])[me] || [];
  const points = new Map(((score && score.items) || []).map((i) => [i.id, i.points]));
  for (const id of down) {
    const it = cards.get(id) || { id, name: id, points: points.get(id) || 0 };
    box.append(itemEl(it, { down: true, testid: "frt-my-down" }));
  }
  return box;
}

/** An item's uses: "Choose cards" where they are cards, else one button per way. */
function useButtons(d, id, mine) {
  const { mark, act } = d;
  const buttons = el("div", { class: "frt-item-buttons" });
  if (picksCards(mine)) {
    for (const u of mine) mark(u);
    const on = sel.use === id;
    buttons.append(el("button", { type: "button", class: ["btn", "btn-small", on ? "btn-primary" : null], "aria-pressed": on ? "true" : "false", title: w("choose"), dataset: { testid: "frt-use-pick", preview: w("choose"), focusKey: `pick:${id}` }, onclick: () => { Object.assign(sel, { use: on ? null : id, cards: [], armed: null }); redraw(); } }, `${w("use")}: ${w("choose")}`));
    return buttons;
  }
  // one button per way of using it: "Use", or "Use: Player 2" / "Use: Flame" …; an item with
  // many ways (Lantern names any of a dozen suits) shows them once "Use…" is touched, so
  // that they do not push the table below the screen
  const many = mine.length > MANY_WAYS;
  if (many && sel.ways !== id) {
    for (const u of mine) mark(u);
    buttons.append(el("button", { type: "button", class: "btn btn-small btn-primary", "aria-expanded": "false", title: w("use"), dataset: { testid: "frt-use-more", preview: `${w("use")}…`, focusKey: `more:${id}` }, onclick: () => { sel.ways = id; redraw(); } }, `${w("use")}…`));
    return buttons;
  }
  for (const u of mine) {
    mark(u);
    const what = useChoice(d, u.action);
    buttons.append(el("button", { type: "button", class: "btn btn-small btn-primary", title: u.label, dataset: { testid: "frt-use", action: JSON.stringify(u.action), focusKey: `use:${what}` }, onclick: () => act(u) }, what ? `${w("use")}: ${what}` : w("use")));
  }
  if (many) buttons.append(el("button", { type: "button", class: "btn btn-small", "aria-expanded": "true", dataset: { testid: "frt-use-less", focusKey: `less:${id}`, cancel: "" }, onclick: () => { sel.ways = null; redraw(); } }, w("cancel")));
  return buttons;
}

/** What one way of using an item chooses, in words (a seat, a suit, cards). */
function useChoice(d, a) {
  const { v, cards, info } = d;
  const { nameOf } = v;
  if (typeof a.player === "number") return nameOf(a.player);
  if (a.suit) return suitWord(d, a.suit);
  if (a.card) return info(a.card).name;
  if (Array.isArray(a.cards)) return a.cards.map((c) => info(c).name).join(comma());
  const other = a.take || a.copy;
  if (other) return (cards.get(other) || { name: other }).name;
  return "";
}

/** The last things the seat was shown (a swap, a refused offer, the Necromancer's draw). */
function seenBox(d, seen) {
  const { v, cards, info } = d;
  const { chaos, nameOf } = v;
  const list = el("ul", { class: "frt-seen-list" });
  for (const s of seen.slice(-4)) {
    if ("swap" in s) {
      list.append(el("li", { dataset: { testid: "frt-seen-swap" } }, w("seen.swap", { name: nameOf(s.with), gave: info(s.gave).name, got: info(s.got).name })));
      continue;
    }
    if ("refused" in s) {
      list.append(el("li", {}, w("seen.refused", { name: nameOf(s.to), card: info(s.card).name })));
      continue;
    }
    if ("necromancer" in s) {
      list.append(el("li", {}, w("seen.necro", { card: info(s.necromancer).name })));
      continue;
    }
    const what = (s.cards || []).map((c) => info(c).name).join(comma());
    const head = s.item ? (cards.get(s.item) || { name: s.item }).name : "⇄";
    const whom = typeof s.player === "number" ? ` (${nameOf(s.player)})` : "";
    list.append(el("li", {}, el("b", {}, `${head}${whom}: `), what));
  }
  return el("details", { class: "frt-seen", open: chaos, dataset: { testid: "frt-seen" } }, el("summary", {}, w("seen")), list);
}

/** The deck, the discard area (cards to take or pick) and the sealed cards, with the asks that come from them. */
function middle(d) {
  const { v, info, mark, act, picking, pickable } = d;
  const { m, myMove, nameOf, endAt, area } = v;
  const zone = el("section", { class: "frt-middle" });
  const deckItem = myMove ? m.deck : null;
  mark(deckItem);
  const deckCount = v.deck;
  const deckChildren = [el("span", { class: "frt-deck-title" }, w("deck")), el("b", { class: "frt-deck-n", dataset: { countKey: "deck", count: String(deckCount), pile: "out" } }, n(deckCount))];
  zone.append(
    deckItem
      ? speak(el("button", { type: "button", class: "frt-deck playable", title: deckItem.label, dataset: { testid: "frt-deck", action: JSON.stringify(deckItem.action), focusKey: "deck" }, onclick: () => act(deckItem) }, deckChildren), `${w("deck")} · ${w("deckCount", { n: deckCount })}`, deckItem.label)
      : el("div", { class: "frt-deck", title: w("deckCount", { n: deckCount }), dataset: { testid: "frt-deck-pile" } }, deckChildren),
  );
  const spread = el("div", { class: "frt-area", role: "group", "aria-label": w("area"), dataset: { testid: "frt-area" } });
  const sealed = new Map(v.sealed.map(([c, owner]) => [c, owner]));
  if (!area.length) spread.append(el("p", { class: "muted frt-empty" }, w("areaEmpty")));
  area.forEach((id, i) => {
    mark(myMove ? m.take.get(id) || m.necro.get(id) : null);
    if (picking && picking.from === "area" && pickable(id)) {
      spread.append(pickCard(d, id, `area:${id}:${i}`));
      return;
    }
    const item = myMove && !picking ? m.take.get(id) || m.necro.get(id) : null;
    mark(item);
    const badge = sealed.has(id) ? `🔒 ${nameOf(sealed.get(id))}` : null;
    spread.append(cardEl(info(id), { size: "s", testid: item ? "frt-take" : "frt-area-card", action: item && item.action, label: item && item.label, onClick: item ? () => act(item) : null, badge, focusKey: `area:${id}:${i}`, extra: i === area.length - 1 && "is-last" }));
  });
  if (myMove && m.search.size) zone.append(searchBox(d));
  if (myMove && m.cauldron.size) zone.append(cauldronBox(d));
  if (myMove && (m.wagonKeep || m.wagonDiscard || m.wagonSwap.size)) zone.append(wagonBox(d));
  if (myMove && m.none && !m.search.size) {
    // the Necromancer's "none": next to the discard area it takes from
    mark(m.none);
    zone.append(el("div", { class: "frt-search" }, el("button", { type: "button", class: "btn btn-small", title: m.none.label, dataset: { testid: "frt-none", action: JSON.stringify(m.none.action), focusKey: "none" }, onclick: () => act(m.none) }, w("none"))));
  }
  if (myMove && (m.summon || m.pass || m.keep.size)) zone.append(summonBox(d));
  zone.append(
    el(
      "div",
      { class: "frt-area-box" },
      el("h3", { class: "frt-title" }, w("area"), " ", el("span", { class: "muted", dataset: { testid: "frt-area-count" } }, `(${w("areaCount", { n: area.length, m: endAt })})`)),
      spread,
    ),
  );
  return zone;
}

/** The Genie or the Wishing Ring: the deck, searched (its cards in order of name). */
function searchBox(d) {
  const { v, info, mark, act } = d;
  const { m } = v;
  const row = el("div", { class: "frt-area frt-search-cards" });
  for (const [id, item] of m.search) {
    mark(item);
    row.append(cardEl(info(id), { size: "s", testid: "frt-search", action: item.action, label: item.label, onClick: () => act(item), focusKey: `search:${id}` }));
  }
  if (m.none) {
    mark(m.none);
    row.append(el("button", { type: "button", class: "btn btn-small", title: m.none.label, dataset: { testid: "frt-none", action: JSON.stringify(m.none.action), focusKey: "none" }, onclick: () => act(m.none) }, w("none")));
  }
  return el("div", { class: "frt-search", dataset: { testid: "frt-search-box" } }, el("h3", { class: "frt-title" }, w("search")), row);
}

/** The Cauldron: each card drawn goes back on top of the deck or at its bottom. */
function cauldronBox(d) {
  const { v, info, mark, act } = d;
  const { m } = v;
  const row = el("div", { class: "frt-area frt-search-cards" });
  for (const [id, ways] of m.cauldron) {
    const buttons = el("span", { class: "frt-ways" });
    for (const [to, item] of ways) {
      mark(item);
      buttons.append(el("button", { type: "button", class: "btn btn-small", title: item.label, dataset: { testid: "frt-return", to, action: JSON.stringify(item.action), focusKey: `return:${id}:${to}` }, onclick: () => act(item) }, w(to === "top" ? "toTop" : "toBottom")));
    }
    row.append(el("div", { class: "frt-way" }, cardEl(info(id), { size: "s" }), buttons));
  }
  return el("div", { class: "frt-search", dataset: { testid: "frt-cauldron" } }, el("h3", { class: "frt-title" }, w("cauldron")), row);
}

/** The Market Wagon's offers: take one of them for your card, keep it, or discard it. */
function wagonBox(d) {
  const { v, info, mark, act } = d;
  const { m, nameOf } = v;
  const box = el("div", { class: "frt-search", dataset: { testid: "frt-wagon" } }, el("h3", { class: "frt-title" }, w("wagon")));
  for (const [q, byCard] of m.wagonSwap) {
    const row = el("div", { class: "frt-area frt-search-cards" }, el("span", { class: "frt-offer-who" }, nameOf(q)));
    for (const [id, item] of byCard) {
      mark(item);
      row.append(cardEl(info(id), { size: "s", testid: "frt-wagon-swap", action: item.action, label: item.label, onClick: () => act(item), focusKey: `wagon:${q}:${id}` }));
    }
    box.append(row);
  }
  const buttons = el("div", { class: "frt-item-buttons" });
  for (const [item, word, testid] of [[m.wagonKeep, "wagonKeep", "frt-wagon-keep"], [m.wagonDiscard, "wagonDiscard", "frt-wagon-discard"]]) {
    if (!item) continue;
    mark(item);
    buttons.append(el("button", { type: "button", class: "btn btn-small", title: item.label, dataset: { testid, action: JSON.stringify(item.action), focusKey: testid }, onclick: () => act(item) }, w(word)));
  }
  box.append(buttons);
  return box;
}

/** The chaos realms' Necromancer: draw three or not, then keep one of the three. */
function summonBox(d) {
  const { v, info, mark, act } = d;
  const { m } = v;
  const row = el("div", { class: "frt-area frt-search-cards" });
  for (const item of [m.summon, m.pass]) {
    if (!item) continue;
    mark(item);
    const draw = item === m.summon;
    row.append(el("button", { type: "button", class: ["btn", draw && "btn-primary"], title: item.label, dataset: { testid: draw ? "frt-draw-three" : "frt-no-draw", action: JSON.stringify(item.action), focusKey: item.action.do }, onclick: () => act(item) }, w(draw ? "drawThree" : "noDraw")));
  }
  for (const [id, item] of m.keep) {
    mark(item);
    row.append(cardEl(info(id), { size: "s", testid: "frt-keep", action: item.action, label: item.label, onClick: () => act(item), focusKey: `keep:${id}` }));
  }
  const title = m.keep.size ? w("keepOne") : info("necromancer").name;
  return el("div", { class: "frt-search", dataset: { testid: "frt-summon" } }, el("h3", { class: "frt-title" }, title), row);
}

/** The open offer with this id (an empty one when gone). */
function offerOf(d, id) {
  const { v } = d;
  const { offers } = v;
  return offers.find((o) => o.id === id) || {};
}

/** The chaos trading: the countdown, the open offers and "I'm done". */
function tradePanel(d) {
  const { v, info, mark, choose, act } = d;
  const { m, me, myMove, offers, doneSeats, nameOf } = v;
  const box = el("section", { class: "frt-trade", dataset: { testid: "frt-trade" } });
  const head = el("div", { class: "frt-trade-head" });
  if (v.timer && typeof v.timer.ends_at === "number") {
    const ends = endsHere(v.timer);
    head.append(el("span", { class: ["frt-timer", ends - Date.now() < 30_000 && "is-low"], role: "timer", "aria-label": w("timeLeft"), dataset: { testid: "frt-timer", ends: String(ends) } }, el("span", { class: "frt-timer-label" }, w("timeLeft")), el("b", { dir: "ltr" }, clockText(ends - Date.now()))));
  }
  if (myMove && m.done) {
    mark(m.done);
    head.append(el("button", { type: "button", class: "btn btn-small frt-done", title: m.done.label, dataset: { testid: "frt-done", action: JSON.stringify(m.done.action), focusKey: "done" }, onclick: () => act(m.done) }, w("done")));
  } else if (me !== null && doneSeats.has(me)) head.append(el("span", { class: "frt-done-mark", dataset: { testid: "frt-you-done" } }, `✓ ${w("doneMark")}`));
  box.append(head);
  const toMe = offers.filter((o) => o.to === me);
  const mine = offers.filter((o) => o.by === me);
  const rest = offers.filter((o) => o.to !== me && o.by !== me);
  const row = (o, parts) => el("li", { class: ["frt-offer", pick.offer === o.id && "is-picked"], dataset: { testid: "frt-offer", offer: String(o.id), by: String(o.by), to: String(o.to) } }, parts);
  if (toMe.length) {
    const list = el("ul", { class: "frt-offers", "aria-label": w("toYou") });
    for (const o of toMe) {
      const refuse = myMove ? m.refuse.get(o.id) : null;
      mark(refuse);
      const canGive = myMove && m.accept.has(o.id);
      list.append(
        row(o, [
          o.card ? cardEl(info(o.card), { size: "s" }) : null,
          el("span", { class: "frt-offer-who" }, w("fromWhom", { name: nameOf(o.by) })),
          canGive ? el("button", { type: "button", class: ["btn", "btn-small", pick.offer === o.id ? "btn-primary" : null], "aria-pressed": pick.offer === o.id ? "true" : "false", dataset: { testid: "frt-answer", focusKey: `answer:${o.id}` }, onclick: () => choose("offer", o.id) }, pick.offer === o.id ? w("giving") : w("give")) : null,
          refuse ? el("button", { type: "button", class: "btn btn-small", title: refuse.label, dataset: { testid: "frt-refuse", action: JSON.stringify(refuse.action), focusKey: `refuse:${o.id}` }, onclick: () => act(refuse) }, w("refuse")) : null,
        ]),
      );
    }
    box.append(el("div", { class: "frt-offer-group" }, el("h3", { class: "frt-title" }, w("toYou")), list));
  }
  if (mine.length) {
    const list = el("ul", { class: "frt-offers", "aria-label": w("yours") });
    for (const o of mine) {
      const back = myMove ? m.withdraw.get(o.id) : null;
      mark(back);
      list.append(
        row(o, [
          o.card ? cardEl(info(o.card), { size: "s" }) : null,
          el("span", { class: "frt-offer-who" }, w("toWhom", { name: nameOf(o.to) })),
          back ? el("button", { type: "button", class: "btn btn-small", title: back.label, dataset: { testid: "frt-withdraw", action: JSON.stringify(back.action), focusKey: `withdraw:${o.id}` }, onclick: () => act(back) }, w("withdraw")) : null,
        ]),
      );
    }
    box.append(el("div", { class: "frt-offer-group" }, el("h3", { class: "frt-title" }, w("yours")), list));
  }
  if (rest.length) {
    const list = el("ul", { class: "frt-offers is-public" });
    for (const o of rest) list.append(row(o, el("span", { class: "muted" }, w("between", { a: nameOf(o.by), b: nameOf(o.to) }))));
    box.append(el("div", { class: "frt-offer-group" }, el("h3", { class: "frt-title muted" }, w("othersOffers")), list));
  }
  if (!offers.length) box.append(el("p", { class: "muted frt-empty" }, w("noOffers")));
  return box;
}

/** The other players: hand size, items, their mark while trading; their hands once over. */
function othersPanel(d) {
  const { v, cards, info } = d;
  const { opts, players, me, toAct, over, trading, doneSeats, nameOf, hands, items } = v;
  const box = el("section", { class: "frt-others", dataset: { testid: "frt-others" } });
  for (let q = 0; q < players; q++) {
    if (q === me && !over) continue;
    const count = Array.isArray(hands[q]) ? hands[q].length : hands[q] || 0;
    const up = (items.up || [])[q];
    const down = (items.down || [])[q];
    const downN = Array.isArray(down) ? down.length : down || 0;
    box.append(
      el(
        "div",
        { class: ["frt-other", q === toAct && !over && !trading && "is-current", target(d, q) && "is-target"], dataset: { testid: "frt-opponent", player: String(q) } },
        q === toAct && !over && !trading ? el("span", { class: "frt-mark", "aria-hidden": "true" }, "▸") : null,
        el("b", { class: "frt-other-name" }, nameOf(q)),
        trading && doneSeats.has(q) ? el("span", { class: "frt-done-mark", dataset: { testid: "frt-other-done" } }, `✓ ${w("doneMark")}`) : null,
        target(d, q),
        el("span", { class: "frt-other-hand", dataset: { testid: "frt-other-count" } }, w(count === 1 ? "oneCard" : "cards", { n: count })),
        opts.items
          ? el(
              "span",
              { class: "frt-other-items" },
              up ? itemEl(cards.get(up) || { id: up, name: up }, { testid: "frt-other-item" }) : null,
              // face down: a count, and their names once the game is over (or in a replay)
              Array.isArray(down)
                ? down.map((id) => itemEl(cards.get(id) || { id, name: id }, { down: true, testid: "frt-other-down-item" }))
                : downN ? el("span", { class: "frt-down-n", dataset: { testid: "frt-other-down" } }, w("downCount", { n: downN })) : null,
            )
          : null,
        // a replay shows every hand
        Array.isArray(hands[q]) && !over
          ? el("div", { class: "frt-other-cards", dataset: { testid: "frt-other-hand" } }, hands[q].map((id) => cardEl(info(id), { size: "s" })))
          : null,
      ),
    );
  }
  return box;
}

/** During the trading, with a hand card picked: the button that offers it to seat ``q``. */
function target(d, q) {
  const { v, act } = d;
  const { m, trading, myMove, nameOf } = v;
  if (!trading || pick.card === null) return null;
  const item = myMove ? (m.propose.get(pick.card) || new Map()).get(q) : null;
  if (!item) return null;
  return el("button", { type: "button", class: "btn btn-small btn-primary frt-offer-to", title: item.label, dataset: { testid: "frt-offer-to", player: String(q), action: JSON.stringify(item.action), focusKey: `offer:${q}` }, onclick: () => act(item) }, w("offerTo", { name: nameOf(q) }));
}

/** The choices the scorer made for a card, in words. */
function choiceText(d, card, choice) {
  const { info } = d;
  const parts = [];
  for (const [key, value] of Object.entries(choice || {})) {
    let shown = value === null || value === undefined ? w("choice.none") : key === "new_suit" ? suitWord(d, value) : info(value).name;
    parts.push(`${w(`choice.${key}`)}: ${shown}`);
  }
  return `${info(card).name} — ${parts.join(comma())}`;
}

/** A suit's name as the card data writes it. */
function suitWord(d, suit) {
  const { cards } = d;
  for (const c of cards.values()) if (c.suit === suit && c.suit_name) return c.suit_name;
  return suit;
}

/** The end: every hand's total and breakdown, the winners first, those who conceded last. */
function resultsPanel(d) {
  const { v, cards, info } = d;
  const { me, nameOf } = v;
  const winners = new Set(v.winners);
  const rank = (r) => (winners.has(r.player) ? 0 : r.conceded ? 2 : 1);
  const results = [...v.results].sort((a, b) => rank(a) - rank(b) || b.total - a.total || a.strength - b.strength);
  const box = el("section", { class: "frt-results", dataset: { testid: "frt-results" } }, el("h3", { class: "frt-title" }, w("results")));
  for (const r of results) {
    const q = r.player;
    const win = winners.has(q);
    const rows = (r.cards || []).map((c) =>
      el(
        "tr",
        { class: c.blanked ? "is-blanked" : "", dataset: { testid: "frt-result-line", card: c.id } },
        el(
          "td",
          {},
          // the card's name opens its whole text; what it does, in short, under it
          resultName(d, info(c.id)),
          effectEl(info(c.id).short || info(c.id).text, "frt-effect frt-row-effect", "small"),
          c.reason && c.reason[lang()] ? el("small", { class: "frt-reason" }, c.reason[lang()]) : c.copies ? el("small", { class: "frt-reason" }, w("copies", { x: info(c.copies).name })) : null,
        ),
        el("td", { class: "num" }, n(c.base)),
        el("td", { class: "num" }, c.bonus ? signed(c.bonus) : ""),
        el("td", { class: "num" }, c.penalty ? signed(c.penalty) : ""),
        el("td", { class: "num" }, c.blanked ? w("blanked") : n(c.total)),
      ),
    );
    for (const it of r.items || []) {
      rows.push(el("tr", { class: "frt-item-row" }, el("td", {}, `${w("itemsPoints")}: ${(cards.get(it.id) || { name: it.id }).name}`), el("td"), el("td"), el("td"), el("td", { class: "num" }, signed(it.points))));
    }
    const choices = Object.entries(r.choices || {});
    box.append(
      el(
        "details",
        { class: ["frt-result", win && "is-winner"], open: q === me || win || results.length <= 2, dataset: { testid: "frt-result", player: String(q), total: String(r.total) } },
        el(
          "summary",
          {},
          win ? el("span", { class: "frt-crown", title: w("winner") }, "★") : null,
          el("b", {}, nameOf(q)),
          r.conceded ? el("span", { class: "frt-conceded", dataset: { testid: "frt-conceded" } }, w("conceded")) : null,
          el("span", { class: "frt-result-total" }, n(r.total)),
          el("span", { class: "muted frt-result-strength" }, w("strength", { n: r.strength })),
        ),
        choices.length ? el("p", { class: "frt-choices", dataset: { testid: "frt-choices" } }, `${w("choices")}: `, choices.map(([c, ch]) => choiceText(d, c, ch)).join(" · ")) : null,
        el(
          "table",
          { class: "frt-table" },
          // the numbers' columns centre their heads and their numbers alike, in both directions
          el("thead", {}, el("tr", {}, el("th", {}, w("hand")), el("th", { class: "num" }, w("base")), el("th", { class: "num" }, w("bonus")), el("th", { class: "num" }, w("penalty")), el("th", { class: "num" }, w("total")))),
          el("tbody", {}, rows),
        ),
      ),
    );
  }
  return box;
}

/** A card's name in the score table: a touch (or Enter) shows its whole text. */
function resultName(d, card) {
  const button = el("button", { type: "button", class: "frt-row-name", title: w("details", { name: card.name }), "aria-haspopup": "dialog", dataset: { testid: "frt-info", card: card.id } }, el("span", { class: ["frt-dot", `suit-${card.suit}`] }), card.name);
  button.addEventListener("click", () => openDetails(card, button));
  return button;
}


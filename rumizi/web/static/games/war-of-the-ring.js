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
// WORDS; ctx brings the page's language tools (see ../renderers.js).
// The renderer's styles live in war-of-the-ring.css, loaded once beside this module.

import { h as el, svgIcon } from "../dom.js";

const CSS_ID = "war-of-the-ring-css";

function ensureCss() {
  if (typeof document === "undefined" || document.getElementById(CSS_ID)) return;
  const link = document.createElement("link");
  link.id = CSS_ID;
  link.rel = "stylesheet";
  link.href = new URL("./war-of-the-ring.css", import.meta.url).href;
  document.head.append(link);
}

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

let LANG = "fa";
let w;
let n;

function use(ctx) {
  ({ lang: LANG, t: w, num: n } = ctx);
}

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

function icon(name, extra = "") {
  return svgIcon(ICONS[name], `wr-ic wr-ic-${name} ${extra}`.trim());
}

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
  if (tag === "button") Object.assign(attrs, { type: "button", onclick: opts.onclick, "aria-pressed": opts.selected ? "true" : "false", "aria-label": opts.label || title });
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
  return el(tag, attrs, body);
}

function backEl(faction, size = "s") {
  return el("div", { class: ["wr-back", `fac-${faction}`, `size-${size}`], title: w("faceDown"), dataset: { testid: "wr-back" } }, el("span", { class: "wr-back-mark" }, icon("ring")));
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
const sel = { key: null, card: null, from: null };
let lastCall = null;

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

// ------------------------------------------------------------------ rendering
export function render(root, msg, ctx) {
  ensureCss();
  lastCall = { root, msg, ctx };
  use(ctx);
  const view = msg.view || {};
  const players = view.players || [];
  const zones = view.zones || [];
  const cards = ctx.cards || new Map();
  const legal = msg.legal || [];
  const m = mapLegal(legal);
  const used = new Set();
  const me = typeof view.viewer === "number" ? view.viewer : typeof msg.seat === "number" ? msg.seat : null;
  const bottom = me ?? 0;
  const top = 1 - bottom;
  const toAct = typeof view.to_act === "number" ? view.to_act : null;
  const pending = view.pending || null;
  const choice = pending ? pending.choice : null;
  const myMove = me !== null && toAct === me && legal.length > 0 && !view.over;
  const key = `${msg.table || ""}|${msg.version}|${legal.length}`;
  if (sel.key !== key) Object.assign(sel, { key, card: null, from: null });

  const nameOf = (q) => (q === me ? w("you") : (ctx.names && ctx.names.get(q)) || w("player", { n: q + 1 }));
  const act = (item) => {
    if (!item) return;
    Object.assign(sel, { card: null, from: null });
    ctx.act(item.action);
  };
  const mark = (item) => {
    if (item) used.add(item.index);
  };
  const rerender = (focusKey) => {
    if (!lastCall) return;
    render(lastCall.root, lastCall.msg, lastCall.ctx);
    if (lastCall.ctx.busy) for (const b of lastCall.root.querySelectorAll("button")) b.disabled = true;
    if (focusKey) {
      const again = lastCall.root.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`);
      if (again) again.focus();
    }
  };
  for (const group of [m.place, m.event, m.pay, m.recover, m.boost, m.peek, m.move]) for (const item of group.values()) mark(item);
  mark(m.pass);
  mark(m.activate);
  mark(m.decline);

  const board = el("div", { class: ["wr", choice && "has-pending"], dataset: { testid: "wr-board", round: String(view.round ?? ""), phase: view.phase || "" } });
  board.append(head());
  if (players[top]) board.append(playerStrip(top));
  board.append(field());
  const report = battleReport();
  if (report) board.append(report);
  if (players[bottom]) board.append(playerStrip(bottom));
  if (me !== null && players[me] && Array.isArray(players[me].hand)) board.append(handBox());
  root.replaceChildren(board);
  return { mapped: used };

  // ================================================================ parts
  function head() {
    let status = null;
    if (view.over) status = w("over");
    else if (myMove) status = w("yourStep");
    else if (toAct !== null) status = choice ? w("waitingFor", { name: nameOf(toAct) }) : w("stepOf", { name: nameOf(toAct) });
    const line = el(
      "div",
      { class: "wr-topline" },
      typeof view.round === "number" ? el("span", { class: "wr-round" }, w("round", { n: view.round })) : null,
      status ? el("span", { class: ["wr-status", myMove && "is-mine"], dataset: { testid: "wr-status" } }, status) : null,
      typeof view.starter === "number" ? el("span", { class: "wr-starter" }, icon("flag"), w("starter", { name: nameOf(view.starter) })) : null,
      // The goal on the same line, so the head stays short enough for one screen.
      el("span", { class: "wr-goal muted" }, w("goal")),
    );
    const box = el("div", { class: "wr-head" }, line);
    if (view.playing && view.playing.card) {
      const card = cardData(cards, view.playing.card);
      box.append(el("p", { class: "wr-playing" }, w("playing", { card: card.name })));
    }
    if (myMove) {
      let text;
      if (choice === "move" && sel.from) text = w("pending.moveTo");
      else if (choice) text = w(`pending.${choice}`, { n: pending.owed || 1 });
      else if (sel.card) {
        // The chosen card's event in full: on a phone the hand shows it cut short.
        const card = cardData(cards, sel.card);
        text = w("pickZone", { card: card.name });
        if (card.event_text) text += ` — ${w("eventLabel")} (${card.cost ? w("cost", { n: card.cost }) : w("free")}): ${card.event_text}`;
      }
      else text = w("pickCard");
      box.append(el("p", { class: "wr-pending", role: "status", dataset: { testid: "wr-prompt", choice: choice || "" } }, text));
      const buttons = el("div", { class: "wr-actions" });
      if (m.activate) buttons.append(actionButton(m.activate, w("activate"), "wr-activate", true));
      if (m.decline) buttons.append(actionButton(m.decline, w("decline"), "wr-decline"));
      if (!choice && sel.card && m.event.has(sel.card)) {
        const card = cardData(cards, sel.card);
        buttons.append(actionButton(m.event.get(sel.card), w("playEvent", { cost: card.cost ? w("cost", { n: card.cost }) : w("free") }), "wr-event", true));
      }
      if (sel.card || sel.from) {
        buttons.append(
          el("button", { type: "button", class: "btn btn-small btn-ghost", dataset: { testid: "wr-cancel" }, onclick: () => {
            Object.assign(sel, { card: null, from: null });
            rerender();
          } }, w("cancel")),
        );
      }
      if (m.pass) buttons.append(actionButton(m.pass, w("pass"), "wr-pass"));
      if (buttons.childElementCount) box.append(buttons);
    }
    return box;
  }

  function actionButton(item, text, testid, primary = false) {
    return el(
      "button",
      { type: "button", class: ["btn", "btn-small", primary ? "btn-primary" : "btn-ghost"], title: item.label, dataset: { testid, focusKey: testid, action: JSON.stringify(item.action) }, onclick: () => act(item) },
      text,
    );
  }

  function playerStrip(seat) {
    const p = players[seat];
    const mine = seat === me;
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
    const strip = el(
      "section",
      { class: ["wr-player", `fac-${faction}`, mine && "is-me", toAct === seat && !view.over && "is-acting"], "aria-label": nameOf(seat), dataset: { testid: mine ? "wr-me" : "wr-opponent", seat: String(seat), player: String(seat) } },
      el(
        "div",
        { class: "wr-player-line" },
        el("b", { class: "wr-player-name" }, nameOf(seat)),
        el("span", { class: ["wr-faction", `fac-${faction}`] }, w(`faction.${faction}`)),
        p.passed ? el("span", { class: "wr-passed", dataset: { testid: "wr-passed" } }, mine ? w("passedYou") : w("passed")) : null,
        el("span", { class: "wr-count" }, w("handOf", { n: p.hand_size ?? 0 })),
        el("span", { class: "wr-count" }, w("deck", { n: p.deck_size ?? 0 })),
      ),
      el("div", { class: "wr-shadow" }, el("span", { class: "wr-count" }, w("shadowRow", { n: p.shadow_size ?? (p.shadow_row || []).length })), el("span", { class: "wr-row" }, row), pips),
      graveyard(seat),
    );
    return strip;
  }

  function graveyard(seat) {
    const p = players[seat];
    const grave = p.graveyard || [];
    const recovering = myMove && choice === "recover" && seat === me;
    const items = grave.map((id, i) => {
      const item = recovering ? m.recover.get(id) : null;
      return cardEl(cardData(cards, id), {
        size: "s",
        testid: item ? "wr-recover" : "wr-grave-card",
        playable: Boolean(item),
        onclick: item ? () => act(item) : null,
        label: item ? item.label : null,
        focusKey: item ? `grave:${i}` : null,
      });
    });
    const box = el(
      "details",
      { class: "wr-grave", open: recovering, dataset: { testid: "wr-graveyard" } },
      el("summary", {}, w("graveyard", { n: grave.length })),
      grave.length ? el("div", { class: "wr-grave-cards" }, items) : el("p", { class: "muted" }, w("emptyGrave")),
    );
    return box;
  }

  function field() {
    const box = el("div", { class: "wr-field", dir: "ltr", dataset: { testid: "wr-field" } });
    ZONES.forEach((zone, z) => box.append(zoneEl(zone, z)));
    return box;
  }

  function zoneTarget(zone) {
    if (!myMove) return null;
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

  function zoneEl(zone, z) {
    const info = zones[z] || { cards: [[], []], seen: [[], []], boost: [0, 0], result: null };
    const result = info.result;
    const target = zoneTarget(zone);
    const fighting = view.phase === "battle" && view.zone === z && result === null;
    const stack = (seat) => {
      const list = (info.cards || [[], []])[seat] || [];
      const seen = (info.seen || [[], []])[seat] || [];
      const faction = (players[seat] || {}).faction || "free";
      const boost = (info.boost || [0, 0])[seat] || 0;
      return el(
        "div",
        { class: ["wr-stack", seat === bottom ? "is-mine" : "is-theirs"], dataset: { testid: "wr-stack", seat: String(seat), count: String(list.length) } },
        list.map((id, i) => (id ? cardEl(cardData(cards, id), { size: "s", seen: seat === me && seen[i] }) : backEl(faction))),
        list.length ? null : el("span", { class: "wr-stack-empty" }, "—"),
        boost ? el("span", { class: "wr-boost", title: w("boost", { n: boost }) }, w("boost", { n: boost })) : null,
      );
    };
    let badge = null;
    if (result === "tie") badge = el("span", { class: "wr-result is-tie" }, w("tie"));
    else if (result === "empty") badge = el("span", { class: "wr-result is-empty" }, w("empty"));
    else if (typeof result === "number") badge = el("span", { class: ["wr-result", result === me ? "is-won" : "is-lost"] }, w("wonBy", { name: nameOf(result) }));
    else if (fighting) badge = el("span", { class: "wr-result is-next" }, w("next"));
    const attrs = {
      class: ["wr-zone", `zone-${zone}`, target && "is-target", sel.from === zone && "is-selected", result !== null && "is-resolved"],
      dir: LANG === "fa" ? "rtl" : "ltr",
      dataset: { testid: "wr-zone", zone, result: result === null ? "" : String(result) },
      "aria-label": w(`zone.${zone}`),
    };
    if (target) {
      Object.assign(attrs, {
        role: "button",
        tabindex: "0",
        title: target.label || w(`zone.${zone}`),
        onclick: () => clickZone(zone, target),
        onkeydown: (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            clickZone(zone, target);
          }
        },
      });
      attrs.dataset.focusKey = `zone:${zone}`;
    }
    return el(
      "section",
      attrs,
      el("h3", { class: "wr-zone-name" }, w(`zone.${zone}`)),
      el("p", { class: "wr-reward muted" }, w(zone === "centre" ? "reward.centre" : "reward.flank")),
      stack(top),
      el("div", { class: "wr-versus" }, badge || el("span", { class: "wr-vs", "aria-hidden": "true" }, icon("sword"))),
      stack(bottom),
      target && !choice && sel.card ? el("span", { class: "wr-place-hint" }, w("placeHere")) : null,
    );
  }

  // The latest battle, zone by zone and step by step: the reveal, the slays, the totals and
  // the result (the engine keeps it in the view until the next battle begins).
  function battleReport() {
    const battles = Array.isArray(view.battles) ? view.battles : [];
    if (!battles.some(Boolean)) return null;
    const box = el("div", { class: "wr-report-grid", dir: "ltr" });
    battles.forEach((b, z) => box.append(battleZone(ZONES[z], b)));
    return el(
      "section",
      { class: "wr-report", dataset: { testid: "wr-battle-report" } },
      el("h3", {}, w(view.phase === "battle" ? "battleNow" : "battleLast")),
      box,
    );
  }

  function battleZone(zone, b) {
    const attrs = { class: ["wr-report-zone", `zone-${zone}`], dir: LANG === "fa" ? "rtl" : "ltr", dataset: { testid: "wr-report-zone", zone } };
    if (!b) return el("div", attrs, el("h4", {}, w(`zone.${zone}`)), el("p", { class: "muted" }, "—"));
    const side = (seat) => {
      const list = (b.cards || [[], []])[seat] || [];
      // This side's cards the other side slew, by id (the engine names each victim).
      const lost = new Map();
      for (const [killer, , victim] of b.slain || []) if (killer !== seat) lost.set(victim, (lost.get(victim) || 0) + 1);
      const faction = (players[seat] || {}).faction || "free";
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
    else badge = el("span", { class: ["wr-result", b.result === me ? "is-won" : "is-lost"] }, w("wonBy", { name: nameOf(b.result) }));
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

  function clickZone(zone, target) {
    if (target.from) {
      sel.from = sel.from === zone ? null : zone;
      rerender(`zone:${zone}`);
      return;
    }
    act(target);
  }

  function handBox() {
    const hand = players[me].hand || [];
    const items = hand.map((id, i) => {
      let onclick = null;
      let playable = false;
      let label = null;
      let testid = "wr-hand-card";
      if (myMove) {
        if (choice === "pay" && m.pay.has(id)) {
          const item = m.pay.get(id);
          onclick = () => act(item);
          playable = true;
          label = item.label;
          testid = "wr-pay";
        } else if (choice === "centre" && m.event.has(id)) {
          const item = m.event.get(id);
          onclick = () => act(item);
          playable = true;
          label = item.label;
          testid = "wr-free-event";
        } else if (!choice && ZONES.some((z) => m.place.has(`${id}|${z}`) || m.event.has(id))) {
          onclick = () => {
            sel.card = sel.card === id ? null : id;
            rerender(`hand:${i}`);
          };
          playable = true;
        }
      }
      return cardEl(cardData(cards, id), { size: "m", testid, onclick, playable, label, selected: sel.card === id, focusKey: `hand:${i}` });
    });
    return el(
      "section",
      { class: "wr-hand", dataset: { testid: "wr-hand" } },
      el("h3", {}, w("hand"), " ", el("span", { class: "muted" }, `(${n(hand.length)})`)),
      hand.length ? el("div", { class: "wr-hand-cards" }, items) : el("p", { class: "muted" }, w("noHand")),
    );
  }
}

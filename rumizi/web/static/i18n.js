// Every word of the page's own interface, in Persian (the default) and English.
// Texts that come from the server (game names, rules, move labels, the log) are already in
// the cookie's language; this file only covers what the page itself writes.
// Persian strings spell the zero-width non-joiner as \u200c so it is visible in the source.

import { ERROR_TEXTS } from "./errors.js";

const Z = "\u200c"; // zero-width non-joiner, for the few strings built by concatenation

const STRINGS = {
  fa: {
    "app.name": "رومیزی",
    "app.tagline": "جایی برای بازی\u200cهای کارتی",
    "nav.home": "بازی\u200cها",
    "nav.me": "بازی\u200cهای من",
    "nav.login": "ورود",
    "nav.signup": "ثبت\u200cنام",
    "nav.logout": "خروج",
    "nav.main": "پیمایش اصلی",
    "lang.switch": "English",
    "lang.switchTitle": "Switch to English",
    "user.guest": "مهمان",
    "loading": "در حال بارگذاری…",
    "close": "بستن",
    "skip": "رفتن به محتوا",
    "cancel": "انصراف",
    "error.network": "ارتباط با سرور برقرار نشد. اتصال اینترنت را بررسی کنید.",
    "error.generic": "خطایی رخ داد. دوباره امتحان کنید.",
    "error.rate": "تلاش\u200cهای زیادی انجام شد؛ کمی بعد دوباره امتحان کنید.",
    "error.notFound": "پیدا نشد.",
    "notFound.title": "این صفحه پیدا نشد",
    "notFound.back": "بازگشت به فهرست بازی\u200cها",

    "home.title": "بازی\u200cها",
    "home.intro": "با دوستانتان یا با ربات\u200cها بازی کنید — روی میز، در مرورگر.",
    "home.empty": "هنوز هیچ بازی\u200cای در فهرست نیست.",
    "home.tools": "ابزارهای سر میز",
    "home.frScorer": "امتیازشمار قلمرو افسانه\u200cای",
    "home.frScorerAbout": "کارت\u200cهای دستتان را بچینید؛ بهترین انتخاب\u200cها و امتیاز هر کارت را می\u200cبینید.",
    "game.players": "{n} بازیکن",
    "game.minutes": "{n} دقیقه",
    "game.age": "سن {n}+",
    "game.open": "صفحهٔ بازی",
    "game.playNow": "همین حالا در برابر ربات آسان بازی کنید",
    "game.newTable": "میز تازه",
    "game.rules": "قوانین",
    "game.cards": "کارت\u200cها",
    "game.cardsCount": "{n} کارت",
    "game.leaderboard": "جدول رده\u200cبندی",
    "game.starting": "در حال آماده\u200cکردن میز…",

    "new.title": "میز تازه: {game}",
    "new.options": "گزینه\u200cها",
    "new.players": "تعداد بازیکنان",
    "new.seats": "صندلی\u200cها",
    "new.seat": "صندلی {n}",
    "new.human": "انسان",
    "new.botLevel": "ربات — {level}",
    "new.youSit": "شما روی نخستین صندلی انسان می\u200cنشینید؛ صندلی\u200cهای انسان دیگر با پیوند دعوت پر می\u200cشوند.",
    "new.clock": "ساعت",
    "new.clockNone": "بدون ساعت",
    "new.clockRealtime": "هم\u200cزمان",
    "new.clockTurn": "نوبتی (یک روز برای هر حرکت)",
    "new.minutes": "دقیقه برای هر بازیکن",
    "new.increment": "افزایش پس از هر حرکت (ثانیه)",
    "new.rated": "رتبه\u200cای (در جدول رده\u200cبندی حساب می\u200cشود)",
    "new.create": "ساختن میز",
    "new.needHuman": "دست\u200cکم یک صندلی باید انسان باشد.",
    "new.created": "میز ساخته شد.",
    "new.inviteHelp": "این پیوند را برای دوستانتان بفرستید تا روی صندلی\u200cهای خالی بنشینند:",
    "new.goTable": "رفتن به میز",

    "table.title": "میز {id}",
    "table.yourTurn": "نوبت شماست",
    "table.turnOf": "نوبت {name}",
    "table.waiting": "در انتظار بازیکنان…",
    "table.spectating": "شما تماشاگر این میز هستید.",
    "table.connecting": "در حال اتصال…",
    "table.reconnecting": "اتصال قطع شد؛ در حال اتصال دوباره…",
    "table.moves": "حرکت\u200cهای مجاز",
    "table.noMoves": "منتظر بازیکنان دیگر…",
    "table.keysHelp": "کلیدهای ۱ تا ۹ حرکت\u200cها را انتخاب می\u200cکنند؛ Enter حرکت برجسته را انجام می\u200cدهد.",
    "table.log": "گزارش بازی",
    "table.logEmpty": "هنوز حرکتی انجام نشده است.",
    "table.board": "وضعیت بازی",
    "table.seats": "بازیکنان",
    "table.concede": "تسلیم",
    "table.concedeConfirm": "می\u200cخواهید تسلیم شوید؟ این بازی را می\u200cبازید.",
    "table.concedeYes": "بله، تسلیم می\u200cشوم",
    "table.invite": "پیوند دعوت",
    "table.inviteHelp": "صندلی خالی هست؛ این پیوند را برای کسی بفرستید که می\u200cخواهد بازی کند.",
    "table.copy": "رونوشت",
    "table.copied": "پیوند رونوشت شد.",
    "table.copyFailed": "رونوشت نشد؛ پیوند را خودتان انتخاب کنید.",
    "table.free": "صندلی خالی",
    "table.you": "شما",
    "table.bot": "ربات",
    "table.connected": "آنلاین",
    "table.disconnected": "آفلاین",
    "table.toAct": "نوبت این بازیکن است",
    "table.result": "پایان بازی",
    "table.replay": "بازبینی بازی",
    "table.again": "دوباره بازی کنید",
    "table.joined": "روی صندلی {n} نشستید.",
    "table.joinFailed": "نتوانستید به میز بپیوندید: {msg}",
    "table.noRenderer": "این بازی هنوز صفحهٔ ویژه ندارد؛ از فهرست حرکت\u200cها بازی کنید.",
    "table.rawView": "دادهٔ خام وضعیت",
    "table.sending": "در حال فرستادن…",
    "table.clockNone": "بدون ساعت",
    "table.days": "{n} روز",


    "replay.title": "بازبینی",
    "replay.first": "نخستین",
    "replay.prev": "قبلی",
    "replay.next": "بعدی",
    "replay.last": "آخرین",
    "replay.step": "گام {i} از {n}",
    "replay.slider": "گام بازبینی",
    "replay.live": "بازی هنوز در جریان است؛ بازبینی تا همین لحظه است.",
    "replay.empty": "این بازی هنوز حرکتی ندارد.",
    "replay.toTable": "رفتن به میز",
    "replay.seat": "از دید:",
    "replay.everyone": "همهٔ کارت\u200cها",
    "replay.keys": "با کلیدهای جهت\u200cنما گام\u200cبه\u200cگام جلو و عقب بروید.",
    "replay.tabReplay": "بازبینی",
    "replay.tabAnalysis": "تحلیل",
    "analysis.intro": "هر تصمیم از دید همان بازیکن سنجیده می\u200cشود: کارت\u200cهای پنهان حدس زده می\u200cشوند، هرگز دیده نمی\u200cشوند.",
    "analysis.ask": "تحلیل این بازی",
    "analysis.running": "در حال تحلیل: {done} از {total} تصمیم",
    "analysis.failed": "تحلیل انجام نشد؛ دوباره امتحان کنید.",
    "analysis.curve": "شانس برد هر بازیکن از دید خودش",
    "analysis.axisMove": "حرکت",
    "analysis.marks": "حرکت\u200cهای نشان\u200cدار",
    "analysis.none": "هیچ حرکتی نشان نخورد: هیچ\u200cکدام سهم روشنی از شانس برد را از دست نداد.",
    "analysis.inaccuracy": "بی\u200cدقتی",
    "analysis.mistake": "اشتباه",
    "analysis.blunder": "اشتباه فاحش",
    "analysis.move": "حرکت {n}",
    "analysis.played": "انجام\u200cشده: {move}",
    "analysis.better": "بهتر: {move}",
    "analysis.chance": "شانس برد {after} به جای {best}",
    "analysis.show": "حرکت بهتر روی صفحه",
    "analysis.board": "صفحه پس از حرکت بهتر ({move})",
    "analysis.note": "{worlds} جهان نمونه برای هر تصمیم؛ ± خطای معیار است.",

    "me.title": "بازی\u200cهای من",
    "me.empty": "هنوز بازی\u200cای نکرده\u200cاید.",
    "me.signin": "برای دیدن بازی\u200cهایتان وارد شوید یا یک بازی را شروع کنید.",
    "me.game": "بازی",
    "me.status": "وضعیت",
    "me.result": "نتیجه",
    "me.created": "تاریخ",
    "me.players": "بازیکنان",
    "me.open": "باز کردن",
    "me.won": "بردید",
    "me.lost": "باختید",
    "me.draw": "مساوی",
    "me.replay": "بازبینی",
    "status.waiting": "در انتظار",
    "status.playing": "در جریان",
    "status.over": "تمام\u200cشده",

    "lb.title": "جدول رده\u200cبندی: {game}",
    "lb.rank": "رتبه",
    "lb.name": "نام",
    "lb.rating": "امتیاز",
    "lb.uncertainty": "نااطمینانی",
    "lb.about": "امتیاز برآوردی محتاطانه است: بازیکن به\u200cاحتمال زیاد دست\u200cکم همین\u200cقدر تواناست. هر بازی نااطمینانی را کم می\u200cکند.",
    "lb.games": "بازی\u200cها",
    "lb.empty": "هنوز بازی رتبه\u200cای انجام نشده است.",

    "auth.login": "ورود",
    "auth.signup": "ثبت\u200cنام",
    "auth.username": "نام کاربری",
    "auth.password": "گذرواژه",
    "auth.toSignup": "حساب ندارید؟ ثبت\u200cنام کنید",
    "auth.toLogin": "حساب دارید؟ وارد شوید",
    "auth.guestKeeps": "اگر تا حالا مهمان بوده\u200cاید، بازی\u200cهایتان در حساب تازه می\u200cمانند.",
    "auth.welcome": "خوش آمدید، {name}!",
    "auth.loggedOut": "از حساب خارج شدید.",
    "undo.button": "برگرداندن",
    "undo.title": "حرکت آخرتان را پس بگیرید (Ctrl+Z یا U)",
    "undo.undoneLine": "این حرکت پس گرفته شد",
    "undo.option": "پس گرفتن حرکت در نوبت خود",
    "undo.optionHelp": "تا وقتی کارتی رو نشده و چیزی به شانس نبوده؛ در بازی‌های رتبه‌ای پیش‌فرض خاموش است.",
    "undo.frame": "پس گرفته شد",
  },
  en: {
    "app.name": "Rumizi",
    "app.tagline": "a place to play card games",
    "nav.home": "Games",
    "nav.me": "My games",
    "nav.login": "Sign in",
    "nav.signup": "Sign up",
    "nav.logout": "Sign out",
    "nav.main": "Main navigation",
    "lang.switch": "فارسی",
    "lang.switchTitle": "به فارسی",
    "user.guest": "guest",
    "loading": "Loading…",
    "close": "Close",
    "skip": "Skip to content",
    "cancel": "Cancel",
    "error.network": "Could not reach the server. Check your connection.",
    "error.generic": "Something went wrong. Please try again.",
    "error.rate": "Too many attempts; please wait a little and try again.",
    "error.notFound": "Not found.",
    "notFound.title": "Page not found",
    "notFound.back": "Back to the games",

    "home.title": "Games",
    "home.intro": "Play with friends or against bots — at the table, in your browser.",
    "home.empty": "No games are listed yet.",
    "home.tools": "Tools for the table",
    "home.frScorer": "Fantasy Realms scorer",
    "home.frScorerAbout": "lay out your hand and see the best choices and every card's score.",
    "game.players": "{n} players",
    "game.minutes": "{n} min",
    "game.age": "ages {n}+",
    "game.open": "Game page",
    "game.playNow": "Play now vs the easy bot",
    "game.newTable": "New table",
    "game.rules": "Rules",
    "game.cards": "Cards",
    "game.cardsCount": "{n} cards",
    "game.leaderboard": "Leaderboard",
    "game.starting": "Setting up the table…",

    "new.title": "New table: {game}",
    "new.options": "Options",
    "new.players": "Players",
    "new.seats": "Seats",
    "new.seat": "Seat {n}",
    "new.human": "Human",
    "new.botLevel": "Bot — {level}",
    "new.youSit": "You take the first human seat; other human seats are filled through the invite link.",
    "new.clock": "Clock",
    "new.clockNone": "No clock",
    "new.clockRealtime": "Real time",
    "new.clockTurn": "Turn-based (1 day per move)",
    "new.minutes": "Minutes per player",
    "new.increment": "Increment per move (seconds)",
    "new.rated": "Rated (counts on the leaderboard)",
    "new.create": "Create table",
    "new.needHuman": "At least one seat must be human.",
    "new.created": "The table is ready.",
    "new.inviteHelp": "Send this link to friends so they can take the free seats:",
    "new.goTable": "Go to the table",

    "table.title": "Table {id}",
    "table.yourTurn": "Your turn",
    "table.turnOf": "{name} to play",
    "table.waiting": "Waiting for players…",
    "table.spectating": "You are watching this table.",
    "table.connecting": "Connecting…",
    "table.reconnecting": "Connection lost; reconnecting…",
    "table.moves": "Legal moves",
    "table.noMoves": "Waiting for the other players…",
    "table.keysHelp": "Keys 1–9 pick a move; Enter plays the highlighted move.",
    "table.log": "Game log",
    "table.logEmpty": "No moves yet.",
    "table.board": "Game state",
    "table.seats": "Players",
    "table.concede": "Concede",
    "table.concedeConfirm": "Do you want to concede? You will lose this game.",
    "table.concedeYes": "Yes, concede",
    "table.invite": "Invite link",
    "table.inviteHelp": "A seat is free: send this link to whoever wants to play.",
    "table.copy": "Copy",
    "table.copied": "Link copied.",
    "table.copyFailed": "Could not copy; select the link yourself.",
    "table.free": "Free seat",
    "table.you": "you",
    "table.bot": "bot",
    "table.connected": "online",
    "table.disconnected": "offline",
    "table.toAct": "this player is to act",
    "table.result": "Game over",
    "table.replay": "Watch the replay",
    "table.again": "Play again",
    "table.joined": "You took seat {n}.",
    "table.joinFailed": "Could not join the table: {msg}",
    "table.noRenderer": "This game has no table view yet; play from the list of moves.",
    "table.rawView": "Raw game state",
    "table.sending": "Sending…",
    "table.clockNone": "No clock",
    "table.days": "{n} d",


    "replay.title": "Replay",
    "replay.first": "First",
    "replay.prev": "Previous",
    "replay.next": "Next",
    "replay.last": "Last",
    "replay.step": "Step {i} of {n}",
    "replay.slider": "Replay step",
    "replay.live": "The game is still running; the replay goes up to now.",
    "replay.empty": "This game has no moves yet.",
    "replay.toTable": "Go to the table",
    "replay.seat": "Seen by:",
    "replay.everyone": "All cards",
    "replay.keys": "Use the arrow keys to step back and forth.",
    "replay.tabReplay": "Replay",
    "replay.tabAnalysis": "Analysis",
    "analysis.intro": "Every decision is judged from its player's own view: hidden cards are guessed, never looked at.",
    "analysis.ask": "Analyse this game",
    "analysis.running": "Analysing: {done} of {total} decisions",
    "analysis.failed": "The analysis failed; try again.",
    "analysis.curve": "Each player's win chance, from their own view",
    "analysis.axisMove": "Move",
    "analysis.marks": "Marked moves",
    "analysis.none": "No move was marked: none gave away a clear share of the win chance.",
    "analysis.inaccuracy": "Inaccuracy",
    "analysis.mistake": "Mistake",
    "analysis.blunder": "Blunder",
    "analysis.move": "Move {n}",
    "analysis.played": "Played: {move}",
    "analysis.better": "Better: {move}",
    "analysis.chance": "Win chance {after} instead of {best}",
    "analysis.show": "Show the better move",
    "analysis.board": "The board after the better move ({move})",
    "analysis.note": "{worlds} sampled worlds a decision; ± is the standard error.",

    "me.title": "My games",
    "me.empty": "You have not played yet.",
    "me.signin": "Sign in, or start a game, to see your games here.",
    "me.game": "Game",
    "me.status": "Status",
    "me.result": "Result",
    "me.created": "Date",
    "me.players": "Players",
    "me.open": "Open",
    "me.won": "You won",
    "me.lost": "You lost",
    "me.draw": "Draw",
    "me.replay": "Replay",
    "status.waiting": "waiting",
    "status.playing": "playing",
    "status.over": "finished",

    "lb.title": "Leaderboard: {game}",
    "lb.rank": "Rank",
    "lb.name": "Name",
    "lb.rating": "Rating",
    "lb.uncertainty": "Uncertainty",
    "lb.about": "The rating is a cautious estimate: the player is very likely at least this strong. Every game makes the uncertainty smaller.",
    "lb.games": "Games",
    "lb.empty": "No rated games yet.",

    "auth.login": "Sign in",
    "auth.signup": "Sign up",
    "auth.username": "Username",
    "auth.password": "Password",
    "auth.toSignup": "No account? Sign up",
    "auth.toLogin": "Have an account? Sign in",
    "auth.guestKeeps": "If you have been playing as a guest, your games move to the new account.",
    "auth.welcome": "Welcome, {name}!",
    "auth.loggedOut": "You are signed out.",
    "undo.button": "Undo",
    "undo.title": "Take back your last move (Ctrl+Z or U)",
    "undo.undoneLine": "This move was taken back",
    "undo.option": "Moves may be taken back within one's turn",
    "undo.optionHelp": "As long as no card was revealed and nothing left to chance; off by default in rated games.",
    "undo.frame": "taken back",
  },
};

// Every error code's sentence comes from the server's table (errors.js, generated from
// rumizi/server/errors.py): "api.<code>" in both languages, for the JSON API and the socket.
for (const code of Object.keys(STRINGS)) {
  for (const [name, text] of Object.entries(ERROR_TEXTS[code] || {})) STRINGS[code][`api.${name}`] = text;
}

export const LANGS = ["fa", "en"];
const COOKIE = "rumizi_lang";

function readCookie(name) {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

let current = LANGS.includes(readCookie(COOKIE)) ? readCookie(COOKIE) : "fa";

export function lang() {
  return current;
}

export function dir(code = current) {
  return code === "fa" ? "rtl" : "ltr";
}

/** Switch the page's language: cookie, <html lang dir>; the caller re-renders. */
export function setLang(code) {
  if (!LANGS.includes(code)) return;
  current = code;
  document.cookie = `${COOKIE}=${code}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  applyToDocument();
}

export function applyToDocument() {
  const html = document.documentElement;
  html.lang = current;
  html.dir = dir();
}

const FA_DIGITS = "۰۱۲۳۴۵۶۷۸۹";

/** Digits of a number or string in the current language (Persian digits in fa). */
export function num(value, code = current) {
  const text = String(value);
  if (code !== "fa") return text;
  const shown = text.replace(/[0-9]/g, (d) => FA_DIGITS[d]);
  // A negative number keeps its minus on the left inside right-to-left text.
  return /^-[۰-۹]/.test(shown) ? `\u2066\u2212${shown.slice(1)}\u2069` : shown;
}

function fill(text, vars, code) {
  for (const [name, value] of Object.entries(vars)) {
    const shown = typeof value === "number" ? num(value, code) : String(value);
    text = text.split(`{${name}}`).join(shown);
  }
  return text;
}

/** A UI string with {placeholders} filled in; numbers are shown in the current language. */
export function t(key, vars = {}, code = current) {
  const table = STRINGS[code] || STRINGS.fa;
  return fill(table[key] ?? STRINGS.en[key] ?? key, vars, code);
}

/**
 * `t` that knows more words: `words` ({fa: {...}, en: {...}}, a game renderer's own) come
 * first (in the language asked for, else in English), then the page's own strings.
 */
export function withWords(words) {
  return (key, vars = {}, code = current) => {
    const text = (words[code] || {})[key] ?? (words.en || {})[key];
    return text === undefined ? t(key, vars, code) : fill(text, vars, code);
  };
}

/** Seat → the name to show; names that several seats share (three "Easy bot"s) get a number. */
export function seatNames(seats) {
  const count = new Map();
  for (const s of seats) if (s.name) count.set(s.name, (count.get(s.name) || 0) + 1);
  return new Map(seats.map((s) => [s.seat, s.name && count.get(s.name) > 1 ? `${s.name} ${num(s.seat + 1)}` : s.name]));
}

/** "2–4" style range in the current language. */
export function range(list) {
  if (!list || !list.length) return "";
  const lo = Math.min(...list);
  const hi = Math.max(...list);
  return lo === hi ? num(lo) : `${num(lo)}–${num(hi)}`;
}

/** A date and time in the current language (the Persian calendar in fa). */
export function dateTime(value) {
  const d = typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value ?? "");
  const locale = current === "fa" ? "fa-IR" : "en-GB";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(d);
}

export const ZWNJ = Z;
export { STRINGS };

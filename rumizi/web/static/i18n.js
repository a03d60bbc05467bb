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
    "user.guestName": "مهمان {n}",
    "loading": "در حال بارگذاری…",
    "close": "بستن",
    "skip": "رفتن به محتوا",
    "cancel": "انصراف",
    "error.network": "ارتباط با سرور برقرار نشد. اتصال اینترنت را بررسی کنید.",
    "error.generic": "خطایی رخ داد. دوباره امتحان کنید.",
    "error.rate": "تلاش\u200cهای زیادی انجام شد؛ کمی بعد دوباره امتحان کنید.",
    "error.notFound": "پیدا نشد.",
    "notFound.title": "این صفحه پیدا نشد",
    "nav.a11y": "دسترس\u200cپذیری",
    "a11y.title": "بازی با صفحه\u200cکلید و صفحه\u200cخوان",
    "a11y.homeAbout": "کلیدهای میز، آنچه صفحه\u200cخوان می\u200cخواند و آنچه ساعت\u200cها اجازه می\u200cدهند.",
    "a11y.intro": "هر بازیِ رومیزی را می\u200cشود بی موس و بی دیدنِ صفحه هم تا آخر بازی کرد. هر کارت و مهره\u200cای که روی میز لمس می\u200cکنید یک دکمه است و صفحه\u200cکلید به آن می\u200cرسد.",
    "a11y.boardTitle": "کلیدهای میز",
    "a11y.keyTab": "از یک بخشِ میز به بخشِ بعد: دستِ شما، بازار یا صفحهٔ بازی، حریفان، دکمه\u200cها.",
    "a11y.keyArrows": "درونِ یک بخش (مثلاً دستِ شما) از کارتی به کارتِ کناری.",
    "a11y.keyEnds": "اولین و آخرین کارتِ همان بخش.",
    "a11y.keyAct": "انجامِ کاری که آن کارت یا مهره می\u200cکند.",
    "a11y.keyEscape": "رها کردنِ حرکتی که نیمه\u200cکاره ساخته\u200cاید، یا بستنِ پنجره.",
    "a11y.keySummary": "خلاصهٔ وضعیت با کلمات: اقتدار و دست\u200cها، توکن\u200cها و پاداش\u200cها، امتیازِ دستِ شما یا وضعِ هر ناحیه.",
    "a11y.keyMoves": "باز و بسته کردنِ فهرستِ حرکت\u200cها (همهٔ حرکت\u200cهای مجاز، یکی زیرِ دیگری).",
    "a11y.keyDigits": "انجامِ حرکتِ شمارهٔ ۱ تا ۹ِ همان فهرست.",
    "a11y.keyUndo": "خواستنِ برگرداندنِ حرکتِ آخر، هر جا قانونِ میز بگذارد.",
    "a11y.persianKeys": "با صفحه\u200cکلیدِ فارسی هم همین کلیدها کار می\u200cکنند: «س» همان S است و «پ» همان M.",
    "a11y.readerTitle": "با صفحه\u200cخوان",
    "a11y.readerCards": "هر کارت همان\u200cطور خوانده می\u200cشود که روی آن چاپ شده: نام، جناح یا دسته، هزینه یا قدرت و کاری که می\u200cکند؛ بعد کاری که لمسِ آن انجام می\u200cدهد. کارتِ رو به پایین «رو به پایین» خوانده می\u200cشود.",
    "a11y.readerLog": "هر کاری که دیگران می\u200cکنند یک بار و با همان جمله\u200cای که در گزارشِ بازی می\u200cآید خوانده می\u200cشود.",
    "a11y.timeTitle": "زمان و حرکت",
    "a11y.timeClock": "ساعتِ هم\u200cزمان را در میانهٔ بازی نمی\u200cشود نگه داشت یا بیشتر کرد؛ آن را سازندهٔ میز پیش از بازی تعیین می\u200cکند. اگر وقتِ بیشتری لازم دارید، میزی «بدون ساعت» یا «نوبتی (یک روز برای هر حرکت)» بسازید یا انتخاب کنید؛ ربات\u200cها هر قدر لازم باشد منتظرتان می\u200cمانند.",
    "a11y.timeMotion": "حرکت\u200cهای دیگران با سرعتی که خودتان کنارِ میز انتخاب می\u200cکنید نشان داده می\u200cشوند (عادی، تند، بی\u200cدرنگ) و اگر در تنظیماتِ دستگاه «کاهشِ حرکت» را روشن کرده باشید، صفحه چیزی را به حرکت درنمی\u200cآورد.",
    "a11y.sightTitle": "دیدن",
    "a11y.sightText": "رنگ هیچ\u200cجا تنها نشانه نیست: جناح\u200cها و رنگِ جواهرها نام یا نشانِ خود را هم دارند. اندازهٔ متن را تا دو برابر بزرگ کنید؛ چیزی از صفحه گم نمی\u200cشود.",
    "notFound.back": "بازگشت به فهرست بازی\u200cها",

    "home.title": "بازی\u200cها",
    "home.intro": "با دوستانتان یا با ربات\u200cها بازی کنید — روی میز، در مرورگر.",
    "home.empty": "هنوز هیچ بازی\u200cای در فهرست نیست.",
    "home.tools": "ابزارهای سر میز",
    "home.frScorer": "امتیازشمار قلمرو افسانه\u200cای",
    "home.frScorerAbout": "کارت\u200cهای دستتان را بچینید؛ بهترین انتخاب\u200cها و امتیاز هر کارت را می\u200cبینید.",
    "home.puzzles": "معماهای قلمرو افسانه\u200cای",
    "home.puzzlesAbout": "از بازی\u200cهای واقعی: کدام کارت را بسوزانید؟ پاسخ را موتور بازی ثابت کرده است.",
    "game.puzzles": "معماها ({n})",
    "puzzle.title": "معماها",
    "puzzle.titleOf": "معماهای {game}",
    "puzzle.next": "معمای بعدی",
    "puzzle.right": "درست است!",
    "puzzle.wrong": "این بهترین حرکت نبود.",
    "puzzle.answer": "پاسخ: {move}",
    "puzzle.rating": "درجهٔ سختی معما: {rating}",
    "puzzle.yourRating": "امتیاز معمای شما: {rating} ({change})",
    "puzzle.unrated": "این معما را پیش\u200cتر امتحان کرده بودید؛ امتیازتان ({rating}) تغییر نکرد.",
    "puzzle.streakTitle": "معماهای پشت\u200cسرهم",
    "puzzle.streakTitleOf": "معماهای پشت\u200cسرهم {game}",
    "puzzle.streakAbout": "معما پشت معما، هر کدام کمی سخت\u200cتر؛ با اولین اشتباه تمام می\u200cشود. امتیاز معمایتان تغییر نمی\u200cکند.",
    "puzzle.playStreak": "معماهای پشت\u200cسرهم",
    "puzzle.oneByOne": "معماها یکی\u200cیکی",
    "puzzle.streakCount": "پشت\u200cسرهم: {n}",
    "puzzle.streakOver": "تمام شد: {n} معما پشت\u200cسرهم حل کردید.",
    "puzzle.streakBest": "بهترین رکورد شما: {n}",
    "puzzle.newStreak": "دوباره از اول",
    "puzzle.startOver": "از اول",
    "puzzle.step": "حرکت {k} از {n}",
    "puzzle.stepEnd": "پس از آخرین حرکت",
    "puzzle.stepBack": "حرکت قبلی",
    "puzzle.stepOn": "حرکت بعدی",
    "puzzle.moveMade": "حرکت\u200cهای انجام\u200cشده: {n}؛ ادامه دهید.",
    "home.daily": "معمای امروز",

    "lobby.online": "{n} نفر آنلاین",
    "lobby.mine": "بازی\u200cهای شما",
    "lobby.yourTurn": "نوبت شما",
    "lobby.theirTurn": "نوبت حریف",
    "lobby.waitingPlayers": "در انتظار بازیکن",
    "lobby.vs": "در برابر",
    "lobby.open": "باز کردن",
    "lobby.openTables": "میزهای باز",
    "lobby.noOpen": "میز بازی نیست؛ یکی بسازید یا «بازی سریع» را بزنید.",
    "lobby.newTable": "میز تازه",
    "lobby.join": "نشستن",
    "lobby.playing": "در حال بازی",
    "lobby.watch": "تماشا",
    "lobby.watching": "{n} تماشاگر",
    "lobby.rated": "رتبه\u200cای",
    "lobby.queued": "{n} نفر در صف بازی سریع",
    "lobby.quick": "بازی سریع",
    "lobby.quickAbout": "با کسی که همین بازی را می\u200cخواهد جفت می\u200cشوید؛ اگر در زمانی که می\u200cگویید کسی نیامد، با ربات بازی کنید.",
    "lobby.quickGame": "بازی",
    "lobby.quickClock": "ساعت",
    "lobby.quickWait": "صبر تا",
    "lobby.seconds": "{n} ثانیه",
    "lobby.minutes": "{n} دقیقه",
    "lobby.clockNone": "بدون ساعت",
    "lobby.clockDay": "یک روز برای هر حرکت",
    "lobby.clockRealtime": "{n} دقیقه + {inc} ثانیه",
    "lobby.quickStart": "پیدا کردن حریف",
    "lobby.quickWaiting": "در جست\u200cوجوی حریف برای {game}…",
    "lobby.quickCancel": "انصراف",
    "lobby.quickExpired": "کسی برای {game} نیامد. با ربات بازی می\u200cکنید؟",
    "lobby.quickBot": "بازی با ربات",
    "lobby.quickAgain": "باز هم صبر کن",
    "lobby.quickMatched": "حریف پیدا شد!",
    "lobby.listed": "نمایش در سالن (هر کسی می\u200cتواند از آنجا روی صندلی خالی بنشیند)",
    "alerts.notify": "وقتی نوبتم شد خبرم کن",
    "alerts.notifyOn": "اعلان نوبت روشن است.",
    "alerts.notifyBlocked": "اعلان\u200cها در این مرورگر بسته\u200cاند.",
    "alerts.sound": "صدا در نوبت من",
    "alerts.title": "نوبت شماست: {game}",
    "alerts.body": "میز {id} منتظر حرکت شماست.",
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
    "table.summary": "خلاصهٔ وضعیت (S)",
    "table.summaryNone": "هنوز وضعیتی برای خلاصه نیست.",
    "table.concedeConfirm": "می\u200cخواهید تسلیم شوید؟ این بازی را می\u200cبازید.",
    "table.concedeYes": "بله، تسلیم می\u200cشوم",
    "table.invite": "پیوند دعوت",
    "table.cancel": "لغو این میز",
    "table.cancelConfirm": "میز لغو شود؟ کسانی که پشت آن نشسته‌اند باخبر می‌شوند.",
    "table.cancelYes": "لغو میز",
    "table.cancelled": "سازندهٔ میز آن را لغو کرد.",
    "table.gone": "این میز دیگر وجود ندارد.",
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
    "rating.change": "{name}: {before} ← {after} ({change})",
    "rating.you": "ریتینگ شما",
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
    "analysis.board": "صفحه پس از حرکت بهتر ({move})، از سوی {name}",
    "analysis.note": "{worlds} جهان نمونه برای هر تصمیم (و بیشتر جایی که نشانی در میان است)؛ ± خطای معیار است و نوار کم\u200cرنگ دور هر خط، دو خطای معیار از هر سو.",

    "me.title": "بازی\u200cهای من",
    "me.empty": "هنوز بازی\u200cای نکرده\u200cاید.",
    "me.puzzles": "معماها",
    "me.puzzleRating": "امتیاز معمای شما {rating} است: {tried} معما امتحان کرده\u200cاید و {solved} را حل کرده\u200cاید.",
    "me.puzzleSolved": "حل شد",
    "me.puzzleMissed": "حل نشد",
    "me.puzzleTry": "امتیاز {rating} ({change})، {when}",
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
    "me.rating": "ریتینگ",
    "me.failuresTitle": "ورودهای ناموفق به حساب شما",
    "me.failuresWrong": "گذرواژه\u200cهای نادرست از مرورگرهای دیگر: {n}",
    "me.failuresRefused": "ورودهایی که هنگام توقف ورود به حسابتان رد شد: {n}",
    "me.failuresWhen": "از {first} تا {last}",
    "me.failuresSafe": "مرورگرهای خودتان و جاهایی که پیش\u200cتر از آن\u200cها وارد شده بودید متوقف نشدند.",
    "me.failuresSeen": "دیدم",
    "status.waiting": "در انتظار",
    "status.playing": "در جریان",
    "status.over": "تمام\u200cشده",

    "lb.title": "جدول رده\u200cبندی: {game}",
    "lb.rank": "رتبه",
    "lb.name": "نام",
    "lb.rating": "ریتینگ",
    "lb.about": "ریتینگ هر بازیکن از ۱۵۰۰ شروع می\u200cشود و با هر بازی رتبه\u200cای بالا یا پایین می\u200cرود، مثل ریتینگ شطرنج: با ۴۰۰ امتیاز اختلاف، بازیکن قوی\u200cتر از هر ۱۱ بازی حدود ۱۰ بازی را می\u200cبرد. «؟» یعنی ریتینگ هنوز موقت است: کمتر از {n} بازی رتبه\u200cای.",
    "lb.provisional": "موقت: کمتر از {n} بازی رتبه\u200cای",
    "lb.deviation": "دقت برآورد: حدود ±{d} امتیاز",
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
    "auth.failures": "از جای دیگری {n} بار ورود ناموفق به حساب شما بود، آخرینش {last}؛ جزئیات در «بازی\u200cهای من».",

    "guide.learn": "بازی آموزشی",
    "guide.learnHint": "یک بازی کوتاه در برابر ربات آسان، با راهنمایی گام\u200cبه\u200cگام",
    "guide.label": "راهنمای بازی",
    "guide.introTitle": "بازی آموزشی",
    "guide.introText": "این یک بازی واقعی در برابر ربات آسان است. هر بار که نوع تازه\u200cای از حرکت ممکن شود، راهنما جایی را که باید بزنید روشن می\u200cکند و آن حرکت را توضیح می\u200cدهد.",
    "guide.start": "شروع",
    "guide.gotIt": "فهمیدم",
    "guide.ok": "باشه",
    "guide.close": "بستن",
    "guide.skip": "رد کردن راهنما",
    "guide.reopen": "نمایش دوبارهٔ راهنما",
    "guide.waitTitle": "نوبت حریف",
    "guide.waitText": "ربات حرکت\u200cهایش را انجام می\u200cدهد؛ هر حرکت در گزارش بازی می\u200cآید. نوبت شما که شد، ادامه می\u200cدهیم.",
    "guide.doneTitle": "همین\u200cقدر کافی است!",
    "guide.doneText": "حرکت\u200cهای اصلی را می\u200cشناسید. بازی را تا پایان ادامه دهید؛ هر وقت خواستید، با «نمایش دوبارهٔ راهنما» آن را باز کنید.",
    "guide.doneOver": "بازی تمام شد و حرکت\u200cهای اصلی را دیدید. بازی بعدی را بدون راهنما امتحان کنید!",
    "guide.inList": "همین حرکت در فهرست حرکت\u200cها هم هست.",
    "guide.noTarget": "این حرکت را در فهرست حرکت\u200cها پیدا می\u200cکنید.",

    "chat.title": "گفت\u200cوگو",
    "chat.placeholder": "پیامی بنویسید…",
    "chat.send": "بفرست",
    "chat.phrases": "عبارت\u200cهای آماده",
    "chat.empty": "هنوز پیامی نیست؛ سلام کنید!",
    "chat.watcher": "تماشاگر",
    "chat.apart": "شما تماشاگرید: بازیکنان پیام\u200cهای تماشاگران را نمی\u200cبینند.",
    "chat.readOnly": "برای نوشتن، وارد شوید یا مهمان بازی کنید.",
    "chat.mute": "بی\u200cصدا کردن {name}",
    "chat.unmute": "نمایش دوباره",
    "chat.mutedLine": "پیامی از {name} پنهان شد (بی\u200cصدا).",
    "chat.unread": "{n} پیام تازه",
    "chat.replayEmpty": "در این بازی کسی چیزی ننوشت.",
    "chat.replayLater": "تا این حرکت هنوز کسی چیزی ننوشته بود.",
    "chat.phrase.hello": "سلام!",
    "chat.phrase.good-luck": "موفق باشید!",
    "chat.phrase.thinking": "دارم فکر می\u200cکنم…",
    "chat.phrase.oops": "اوه، اشتباه شد!",
    "chat.phrase.well-played": "آفرین، خوب بازی کردید!",
    "chat.phrase.good-game": "بازی خوبی بود!",
    "chat.phrase.thanks": "ممنون!",
    // pacing: others' moves shown one step at a time (static/pacing.js)
    "pace.label": "سرعت نمایش حرکت\u200cهای دیگران",
    "pace.normal": "عادی",
    "pace.fast": "تند",
    "pace.instant": "بی\u200cدرنگ",
    "pace.skip": "رفتن به آخر",
    "pace.showing": "نمایش حرکت\u200cها: {n} مانده",

    "drawer.toggle": "حرکت\u200cها",
    "drawer.toggleTitle": "فهرست همهٔ حرکت\u200cهای مجاز (کلید M)",
    "drawer.close": "بستن فهرست حرکت\u200cها (Esc)",
    "drawer.offBoard": "{n} حرکت فقط در این فهرست است",

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
    "user.guestName": "Guest {n}",
    "loading": "Loading…",
    "close": "Close",
    "skip": "Skip to content",
    "cancel": "Cancel",
    "error.network": "Could not reach the server. Check your connection.",
    "error.generic": "Something went wrong. Please try again.",
    "error.rate": "Too many attempts; please wait a little and try again.",
    "error.notFound": "Not found.",
    "notFound.title": "Page not found",
    "nav.a11y": "Accessibility",
    "a11y.title": "Playing with a keyboard or a screen reader",
    "a11y.homeAbout": "the keys at the table, what a screen reader hears, what the clocks allow.",
    "a11y.intro": "Every game on Rumizi can be played to its end without a mouse and without seeing the screen. Each card and token you touch on the table is a button the keyboard reaches.",
    "a11y.boardTitle": "Keys at the table",
    "a11y.keyTab": "From one part of the table to the next: your hand, the market or board, the opponents, the buttons.",
    "a11y.keyArrows": "Within one part (your hand, say), from a card to the one beside it.",
    "a11y.keyEnds": "The first and the last card of that part.",
    "a11y.keyAct": "Do what that card or token does.",
    "a11y.keyEscape": "Drop a move you were building, or close a window.",
    "a11y.keySummary": "The position in words: authority and hands, tokens and bonuses, your hand's score or each zone.",
    "a11y.keyMoves": "Open or close the list of moves (every legal move, one under another).",
    "a11y.keyDigits": "Make move 1 to 9 of that list.",
    "a11y.keyUndo": "Ask to take your last move back, where the table's rules allow it.",
    "a11y.persianKeys": "The same keys work on a Persian keyboard: «س» is S and «پ» is M.",
    "a11y.readerTitle": "With a screen reader",
    "a11y.readerCards": "Each card is read as it is printed: its name, faction or suit, cost or strength and what it does; then what touching it does. A face-down card is read as face-down.",
    "a11y.readerLog": "Whatever the others do is read out once, in the words of the game log.",
    "a11y.timeTitle": "Time and motion",
    "a11y.timeClock": "A real-time clock cannot be paused or extended during a game: whoever makes the table sets it beforehand. If you need more time, make or choose a table with no clock or with one day a move; the bots wait for you as long as it takes.",
    "a11y.timeMotion": "Others' moves are shown at the speed you choose beside the table (normal, fast, instant), and nothing moves when your device asks for reduced motion.",
    "a11y.sightTitle": "Sight",
    "a11y.sightText": "Colour is never the only sign: factions and gem colours carry their names or marks too. Text can be enlarged to twice its size without losing anything.",
    "notFound.back": "Back to the games",

    "home.title": "Games",
    "home.intro": "Play with friends or against bots — at the table, in your browser.",
    "home.empty": "No games are listed yet.",
    "home.tools": "Tools for the table",
    "home.frScorer": "Fantasy Realms scorer",
    "home.frScorerAbout": "lay out your hand and see the best choices and every card's score.",
    "home.puzzles": "Fantasy Realms puzzles",
    "home.puzzlesAbout": "from real games: which card do you discard? The engine proves the answer.",
    "game.puzzles": "Puzzles ({n})",
    "puzzle.title": "Puzzles",
    "puzzle.titleOf": "{game} puzzles",
    "puzzle.next": "Next puzzle",
    "puzzle.right": "Right!",
    "puzzle.wrong": "That was not the best move.",
    "puzzle.answer": "The answer: {move}",
    "puzzle.rating": "Puzzle rating: {rating}",
    "puzzle.yourRating": "Your puzzle rating: {rating} ({change})",
    "puzzle.unrated": "You had tried this puzzle before; your rating ({rating}) did not change.",
    "puzzle.streakTitle": "Puzzle streak",
    "puzzle.streakTitleOf": "{game} puzzle streak",
    "puzzle.streakAbout": "Puzzle after puzzle, each a little harder, until the first miss. Your puzzle rating does not change.",
    "puzzle.playStreak": "Play a streak",
    "puzzle.oneByOne": "One puzzle at a time",
    "puzzle.streakCount": "Streak: {n}",
    "puzzle.streakOver": "Streak over: you solved {n} in a row.",
    "puzzle.streakBest": "Your best: {n}",
    "puzzle.newStreak": "New streak",
    "puzzle.startOver": "Start over",
    "puzzle.step": "Move {k} of {n}",
    "puzzle.stepEnd": "After the last move",
    "puzzle.stepBack": "Previous move",
    "puzzle.stepOn": "Next move",
    "puzzle.moveMade": "Moves so far: {n}. Go on.",
    "home.daily": "Puzzle of the day",

    "lobby.online": "{n} online",
    "lobby.mine": "Your games",
    "lobby.yourTurn": "Your turn",
    "lobby.theirTurn": "Their turn",
    "lobby.waitingPlayers": "Waiting for players",
    "lobby.vs": "vs",
    "lobby.open": "Open",
    "lobby.openTables": "Open tables",
    "lobby.noOpen": "No open tables; make one or press “Quick match”.",
    "lobby.newTable": "New table",
    "lobby.join": "Join",
    "lobby.playing": "Being played",
    "lobby.watch": "Watch",
    "lobby.watching": "{n} watching",
    "lobby.rated": "rated",
    "lobby.queued": "{n} waiting for a quick match",
    "lobby.quick": "Quick match",
    "lobby.quickAbout": "Get paired with someone who wants the same game; if nobody comes in the time you choose, play a bot.",
    "lobby.quickGame": "Game",
    "lobby.quickClock": "Clock",
    "lobby.quickWait": "Wait up to",
    "lobby.seconds": "{n} seconds",
    "lobby.minutes": "{n} min",
    "lobby.clockNone": "No clock",
    "lobby.clockDay": "A day per move",
    "lobby.clockRealtime": "{n} min + {inc} s",
    "lobby.quickStart": "Find an opponent",
    "lobby.quickWaiting": "Looking for an opponent for {game}…",
    "lobby.quickCancel": "Cancel",
    "lobby.quickExpired": "Nobody came for {game}. Play against a bot instead?",
    "lobby.quickBot": "Play the bot",
    "lobby.quickAgain": "Keep looking",
    "lobby.quickMatched": "Opponent found!",
    "lobby.listed": "Show in the lobby (anyone may take a free seat from there)",
    "alerts.notify": "Notify me on my turn",
    "alerts.notifyOn": "Turn notifications are on.",
    "alerts.notifyBlocked": "Notifications are blocked in this browser.",
    "alerts.sound": "Sound on my turn",
    "alerts.title": "Your turn: {game}",
    "alerts.body": "Table {id} is waiting for your move.",
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
    "table.summary": "Position summary (S)",
    "table.summaryNone": "There is no position to sum up yet.",
    "table.concedeConfirm": "Do you want to concede? You will lose this game.",
    "table.concedeYes": "Yes, concede",
    "table.invite": "Invite link",
    "table.cancel": "Cancel this table",
    "table.cancelConfirm": "Cancel the table? Anyone seated at it will be told.",
    "table.cancelYes": "Cancel table",
    "table.cancelled": "The table was cancelled by the person who made it.",
    "table.gone": "This table no longer exists.",
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
    "rating.change": "{name}: {before} → {after} ({change})",
    "rating.you": "Your rating",
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
    "analysis.board": "The board after the better move ({move}), from {name}'s side",
    "analysis.note": "{worlds} sampled worlds a decision (more where a mark is at stake); ± is the standard error, and the pale band around each line two standard errors either side.",

    "me.title": "My games",
    "me.empty": "You have not played yet.",
    "me.puzzles": "Puzzles",
    "me.puzzleRating": "Your puzzle rating is {rating}: {tried} tried, {solved} solved.",
    "me.puzzleSolved": "Solved",
    "me.puzzleMissed": "Missed",
    "me.puzzleTry": "rating {rating} ({change}), {when}",
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
    "me.rating": "Rating",
    "me.failuresTitle": "Failed sign-ins to your account",
    "me.failuresWrong": "Wrong passwords from other browsers: {n}",
    "me.failuresRefused": "Sign-ins refused while your account was paused: {n}",
    "me.failuresWhen": "From {first} to {last}",
    "me.failuresSafe": "Your own browsers, and the places you had signed in from, were not paused.",
    "me.failuresSeen": "Got it",
    "status.waiting": "waiting",
    "status.playing": "playing",
    "status.over": "finished",

    "lb.title": "Leaderboard: {game}",
    "lb.rank": "Rank",
    "lb.name": "Name",
    "lb.rating": "Rating",
    "lb.about": "Everyone starts at 1500 and moves up or down with each rated game, as in chess: with a 400-point gap the stronger player wins about 10 games in 11. A “?” marks a provisional rating: fewer than {n} rated games.",
    "lb.provisional": "Provisional: fewer than {n} rated games",
    "lb.deviation": "Accurate to about ±{d} points",
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
    "auth.failures": "Sign-ins to your account failed {n} times from elsewhere, the last on {last}; details under My games.",

    "guide.learn": "Learn with a guided game",
    "guide.learnHint": "A short game against the easy bot, guided step by step",
    "guide.label": "Game guide",
    "guide.introTitle": "A guided game",
    "guide.introText": "This is a real game against the easy bot. Each time a new kind of move becomes possible, the guide lights up where to click and explains that move.",
    "guide.start": "Start",
    "guide.gotIt": "Got it",
    "guide.ok": "OK",
    "guide.close": "Close",
    "guide.skip": "Skip the guide",
    "guide.reopen": "Show the guide again",
    "guide.waitTitle": "The opponent's turn",
    "guide.waitText": "The bot is making its moves; each one appears in the game log. We go on when it is your turn.",
    "guide.doneTitle": "You know enough!",
    "guide.doneText": "You know the main moves. Play the game to its end; whenever you like, open the guide again with “Show the guide again”.",
    "guide.doneOver": "The game is over and you have seen the main moves. Try the next one without the guide!",
    "guide.inList": "The same move is also in the move list.",
    "guide.noTarget": "You will find this move in the move list.",

    "chat.title": "Chat",
    "chat.placeholder": "Write a message…",
    "chat.send": "Send",
    "chat.phrases": "Quick phrases",
    "chat.empty": "No messages yet; say hello!",
    "chat.watcher": "spectator",
    "chat.apart": "You are watching: players do not see the spectators' messages.",
    "chat.readOnly": "Sign in, or play as a guest, to write.",
    "chat.mute": "Mute {name}",
    "chat.unmute": "Show again",
    "chat.mutedLine": "A message from {name} is hidden (muted).",
    "chat.unread": "{n} new messages",
    "chat.replayEmpty": "Nobody wrote anything in this game.",
    "chat.replayLater": "Nobody had written anything yet at this move.",
    "chat.phrase.hello": "Hello!",
    "chat.phrase.good-luck": "Good luck!",
    "chat.phrase.thinking": "Thinking…",
    "chat.phrase.oops": "Oops!",
    "chat.phrase.well-played": "Well played!",
    "chat.phrase.good-game": "Good game!",
    "chat.phrase.thanks": "Thanks!",
    // pacing: others' moves shown one step at a time (static/pacing.js)
    "pace.label": "Speed of others' moves",
    "pace.normal": "Normal",
    "pace.fast": "Fast",
    "pace.instant": "Instant",
    "pace.skip": "Skip to the end",
    "pace.showing": "Showing moves: {n} left",

    "drawer.toggle": "Moves",
    "drawer.toggleTitle": "The list of every legal move (key M)",
    "drawer.close": "Close the list of moves (Esc)",
    "drawer.offBoard": "{n} moves only in this list",

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

/**
 * A person's name as this reader sees it. A guest is stored as "guest-<number>" (one name,
 * in no language) and read «مهمان ۵۶» or "Guest 56": the rule of rumizi.server.auth.shown_name,
 * which names guests in what the server writes (seats, the log, the lobby, replays); this one
 * names them in what the page writes itself (the header, the chat).
 */
export function personName(name, code = current) {
  const found = /^guest-([0-9]+)$/.exec(String(name ?? ""));
  return found ? t("user.guestName", { n: Number(found[1]) }, code) : String(name ?? "");
}

/** Seat → the name to show; names that several seats share (three "Easy bot"s) get a number. */
export function seatNames(seats) {
  const count = new Map();
  for (const s of seats) if (s.name) count.set(s.name, (count.get(s.name) || 0) + 1);
  return new Map(seats.map((s) => [s.seat, s.name && count.get(s.name) > 1 ? `${s.name} ${num(s.seat + 1)}` : s.name]));
}

/**
 * A rating as chess sites show it (rumizi.server.ratings): its number, and a "?" while it is
 * provisional («۱۵۷۸؟» in Persian, whose question mark follows the number as the text runs).
 */
export function ratingText(value, provisional, code = current) {
  return `${num(value, code)}${provisional ? (code === "fa" ? "؟" : "?") : ""}`;
}

/** A change with its sign, "+78" / "−78" (in Persian kept left to right: «+۷۸»). */
export function signed(value, code = current) {
  const sign = value > 0 ? "+" : value < 0 ? "\u2212" : "±";
  const shown = `${sign}${num(Math.abs(value), code)}`;
  return code === "fa" ? `\u2066${shown}\u2069` : shown;
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

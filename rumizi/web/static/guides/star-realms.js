// The first-game guide's words for Star Realms (read by ../guide.js): the game's goal, then
// each kind of move in the order a first turn meets them. `do` (and `where`) say which legal
// actions a kind covers; `targets` are the renderer's elements to light when no element of
// the board carries the move itself; `after` holds a kind back while those kinds are legal.
// Persian follows the rulebook's words as the renderer writes them (تجارت، حمله، اقتدار،
// ردیف بازار، اسقاط، دورریز).

export const GUIDE = {
  intro: {
    fa: "هدف: اقتدار حریف را از ۵۰ به صفر برسانید. در نوبتتان کارت\u200cها را بازی می\u200cکنید، با «تجارت» کارت\u200cهای بهتر می\u200cخرید و با «حمله» به حریف آسیب می\u200cزنید.",
    en: "Goal: bring your opponent's authority from 50 down to zero. On your turn you play cards, buy better ones with trade and hurt your opponent with combat.",
  },
  kinds: [
    {
      id: "play",
      do: "play",
      targets: ['[data-testid="hand"]'],
      fa: {
        title: "بازی کردن کارت",
        text: "روی کارتی از دستتان بزنید تا بازی شود. هر کارت «تجارت» (برای خرید)، «حمله» (برای آسیب زدن) یا «اقتدار» (جان شما) می\u200cدهد. معمولاً همهٔ کارت\u200cهای دستتان را بازی می\u200cکنید.",
      },
      en: {
        title: "Play a card",
        text: "Click a card in your hand to play it. Each card gives trade (to buy), combat (to attack) or authority (your life). Usually you play every card in your hand.",
      },
    },
    {
      id: "buy",
      do: "buy",
      targets: ['[data-testid="trade-row"]'],
      fa: {
        title: "خرید از ردیف بازار",
        text: "با تجارتی که جمع کرده\u200cاید، کارتی از ردیف بازار یا یک کاوشگر بخرید؛ هزینه بالای کارت نوشته شده است. کارت خریده\u200cشده به دورریز شما می\u200cرود و در نوبت\u200cهای بعد به دستتان می\u200cآید.",
      },
      en: {
        title: "Buy from the trade row",
        text: "Spend the trade you gathered on a card of the trade row or an Explorer; the cost is at the card's top. A bought card goes to your discard pile and reaches your hand in later turns.",
      },
    },
    {
      id: "attack",
      do: "attack",
      targets: ['[data-testid="opponent"]'],
      fa: {
        title: "حمله",
        text: "حمله\u200cای را که جمع کرده\u200cاید خرج کنید: روی اقتدار حریف (یا یکی از پایگاه\u200cهایش) بزنید. پاسگاه\u200cهای حریف را باید اول نابود کنید. اقتدار حریف به صفر برسد، برده\u200cاید.",
      },
      en: {
        title: "Attack",
        text: "Spend the combat you gathered: click your opponent's authority (or one of their bases). Outposts must be destroyed first. When their authority reaches zero, you win.",
      },
    },
    {
      id: "scrap",
      do: "scrap",
      targets: ['[data-testid="in-play"]'],
      fa: {
        title: "اسقاط",
        text: "کارتی که نشان اسقاط دارد را می\u200cتوانید اسقاط کنید: برای همیشه از بازی بیرون می\u200cرود و پاداش اسقاطش را می\u200cگیرید. بهتر است کارت\u200cهای ضعیف را اسقاط کنید.",
      },
      en: {
        title: "Scrap",
        text: "A card with the scrap mark can be scrapped: it leaves the game for good and you get its scrap bonus. Scrapping weak cards makes your deck stronger.",
      },
    },
    {
      id: "choose",
      do: "choose",
      targets: ['[data-testid="pending-choice"]'],
      fa: {
        title: "انتخاب برای یک کارت",
        text: "کارتی که بازی کردید از شما انتخابی می\u200cخواهد؛ در ناحیهٔ شما نوشته شده چه چیزی. روی یکی از کارت\u200cهای روشن بزنید.",
      },
      en: {
        title: "A card asks you to choose",
        text: "A card you played asks for a choice; your area says which. Click one of the lit cards.",
      },
    },
    {
      id: "skip",
      do: "skip",
      fa: {
        title: "گذشتن از انتخاب",
        text: "این انتخاب اختیاری است؛ اگر نمی\u200cخواهید، از آن بگذرید.",
      },
      en: {
        title: "Skip the choice",
        text: "This choice is optional; skip it if you do not want it.",
      },
    },
    {
      id: "end",
      do: "end",
      after: ["play"],
      fa: {
        title: "پایان نوبت",
        text: "کارت\u200cهایتان را بازی کرده\u200cاید. تجارت و حملهٔ خرج\u200cنشده از دست می\u200cرود؛ با پایان نوبت کارت\u200cهای بازی\u200cشده به دورریز می\u200cروند و پنج کارت تازه می\u200cکشید.",
      },
      en: {
        title: "End your turn",
        text: "Your cards are played. Unspent trade and combat are lost; ending the turn sends your played cards to the discard pile and you draw five new ones.",
      },
    },
  ],
  // Once these are explained (or after a few turns) the guide says "you know enough".
  enough: ["play", "buy", "attack", "end"],
  turns: 4,
};

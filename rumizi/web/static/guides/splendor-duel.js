// The first-game guide's words for Splendor Duel (read by ../guide.js); the layout of each
// kind is explained in ./star-realms.js. Persian follows the renderer's words (توکن، طلا،
// طومار، هرم کارت‌ها، رزرو، اشراف‌زاده، تاج).

export const GUIDE = {
  intro: {
    fa: "هدف: زودتر از حریف به ۲۰ امتیاز، یا ۱۰ تاج، یا ۱۰ امتیاز در یک رنگ برسید. در هر نوبت یک کار اصلی می\u200cکنید: توکن برمی\u200cدارید، کارتی می\u200cخرید یا کارتی را رزرو می\u200cکنید.",
    en: "Goal: reach 20 points, or 10 crowns, or 10 points in one colour before your opponent. Each turn you do one main action: take tokens, buy a card or reserve a card.",
  },
  kinds: [
    {
      id: "take",
      do: "take",
      targets: ['[data-testid="sd-grid"]'],
      fa: {
        title: "برداشتن توکن",
        text: "تا سه توکن کنار هم در یک خط (افقی، عمودی یا مورب) روی صفحه انتخاب کنید و بعد «بردارید» را بزنید. طلا را فقط با رزرو کردن می\u200cشود برداشت.",
      },
      en: {
        title: "Take tokens",
        text: "Pick up to three tokens next to each other in one line (across, down or diagonal) on the board, then press “Take”. Gold can only be taken by reserving.",
      },
    },
    {
      id: "reserve",
      do: "reserve",
      targets: ['[data-testid="sd-pyramid"]'],
      fa: {
        title: "رزرو کارت",
        text: "روی کارتی از هرم بزنید و «رزرو» را انتخاب کنید: کارت نزد شما می\u200cماند تا بعداً بخرید و یک طلا می\u200cگیرید که جای هر رنگی حساب می\u200cشود. حداکثر سه کارت رزروشده دارید.",
      },
      en: {
        title: "Reserve a card",
        text: "Click a card of the pyramid and choose “Reserve”: it waits in front of you to be bought later, and you take a gold, which counts as any colour. You may hold three reserved cards.",
      },
    },
    {
      id: "buy",
      do: "buy",
      targets: ['[data-testid="sd-pyramid"]', '[data-testid="sd-reserve"]'],
      fa: {
        title: "خرید کارت",
        text: "کارتی را که توکن\u200cهایش را دارید بخرید: روی آن در هرم (یا در رزروشده\u200cهایتان) بزنید و «بخرید». هر کارت خریده\u200cشده پاداشی دائمی از رنگ خودش می\u200cدهد که از قیمت کارت\u200cهای بعدی کم می\u200cشود.",
      },
      en: {
        title: "Buy a card",
        text: "Buy a card whose tokens you have: click it in the pyramid (or among your reserved cards) and press “Buy”. Every card bought gives a lasting bonus of its colour that lowers later prices.",
      },
    },
    {
      id: "privilege",
      do: "privilege",
      targets: ['[data-testid="sd-grid"]'],
      fa: {
        title: "استفاده از طومار",
        text: "پیش از کار اصلی\u200cتان، به ازای هر طومار یک توکن دلخواه (جز طلا) از صفحه بردارید: توکن را انتخاب کنید و «با طومار بردارید» را بزنید.",
      },
      en: {
        title: "Use a privilege",
        text: "Before your main action, each privilege scroll takes one token of your choice (not gold) from the board: pick the token and press “Use a privilege”.",
      },
    },
    {
      id: "replenish",
      do: "replenish",
      fa: {
        title: "پر کردن صفحه",
        text: "پیش از کار اصلی می\u200cتوانید صفحه را از کیسه پر کنید؛ ولی در عوض حریف یک طومار می\u200cگیرد.",
      },
      en: {
        title: "Refill the board",
        text: "Before your main action you may refill the board from the bag, but your opponent then takes a privilege.",
      },
    },
    {
      id: "discard",
      do: "discard",
      fa: {
        title: "برگرداندن توکن",
        text: "بیش از ده توکن نمی\u200cتوانید داشته باشید؛ توکن\u200cهای اضافه را با زدن روی آن\u200cها به کیسه برگردانید.",
      },
      en: {
        title: "Return tokens",
        text: "You may not keep more than ten tokens; return the extra ones to the bag by clicking them.",
      },
    },
    {
      id: "take-bonus",
      do: "take-bonus",
      targets: ['[data-testid="sd-grid"]'],
      fa: {
        title: "توکن پاداش",
        text: "کارتی که خریدید یک توکن هم\u200cرنگ خودش از صفحه به شما می\u200cدهد؛ آن را روی صفحه انتخاب کنید.",
      },
      en: {
        title: "A bonus token",
        text: "The card you bought gives you a token of its colour from the board; pick it on the board.",
      },
    },
    {
      id: "royal",
      do: "royal",
      targets: ['[data-testid="sd-royals"]'],
      fa: {
        title: "اشراف\u200cزاده",
        text: "به ۳ یا ۶ تاج رسیدید: یک اشراف\u200cزاده انتخاب کنید؛ امتیازش مال شماست.",
      },
      en: {
        title: "A royal card",
        text: "You reached 3 or 6 crowns: choose a royal card; its points are yours.",
      },
    },
    {
      id: "steal",
      do: "steal",
      fa: {
        title: "دزدیدن توکن",
        text: "کارتی که خریدید اجازه می\u200cدهد یک توکن (جواهر یا مروارید، نه طلا) از حریف بدزدید.",
      },
      en: {
        title: "Steal a token",
        text: "The card you bought lets you steal one token (a gem or a pearl, not gold) from your opponent.",
      },
    },
  ],
  enough: ["take", "reserve", "buy"],
  turns: 5,
};

// The first-game guide's words for Fantasy Realms (read by ../guide.js); the layout of each
// kind is explained in ./star-realms.js. Persian follows the renderer's words (دسته، کارت‌های
// سوخته، سوزاندن، دست).

export const GUIDE = {
  intro: {
    fa: "هدف: در پایان بازی بهترین دست را داشته باشید. کارت\u200cها با هم امتیاز می\u200cگیرند: پاداش و جریمهٔ هر کارت به کارت\u200cهای دیگر دستتان بستگی دارد. در هر نوبت کارتی برمی\u200cدارید و کارتی می\u200cسوزانید؛ وقتی کارت\u200cهای سوخته به سقف برسند، بازی تمام می\u200cشود.",
    en: "Goal: hold the best hand when the game ends. Cards score together: each card's bonus and penalty depend on the other cards in your hand. Each turn you take a card and discard one; when the discard area is full, the game ends.",
  },
  kinds: [
    {
      id: "draw",
      do: "draw",
      targets: ['[data-testid="frt-deck"]', '[data-testid="frt-deck-pile"]'],
      fa: {
        title: "کشیدن از دسته",
        text: "روی دسته بزنید تا کارت رویی آن به دستتان بیاید. کارت\u200cهای دسته را کسی نمی\u200cبیند؛ شانس خود را امتحان می\u200cکنید.",
      },
      en: {
        title: "Draw from the deck",
        text: "Click the deck to take its top card into your hand. Nobody sees the deck's cards: you try your luck.",
      },
    },
    {
      id: "draw-two",
      do: "draw-two",
      targets: ['[data-testid="frt-deck"]', '[data-testid="frt-deck-pile"]'],
      fa: {
        title: "کشیدن دو کارت",
        text: "روی دسته بزنید تا دو کارت بکشید؛ سپس یکی را نگه می\u200cدارید و دیگری را می\u200cسوزانید.",
      },
      en: {
        title: "Draw two cards",
        text: "Click the deck to draw two cards; then you keep one and discard the other.",
      },
    },
    {
      id: "take",
      do: "take",
      targets: ['[data-testid="frt-area"]'],
      fa: {
        title: "برداشتن از کارت\u200cهای سوخته",
        text: "به جای کشیدن از دسته، می\u200cتوانید هر کارتی از کارت\u200cهای سوخته را بردارید: کارتی را که با دستتان جور است انتخاب کنید. حریف می\u200cبیند چه برداشتید.",
      },
      en: {
        title: "Take from the discard area",
        text: "Instead of drawing, you may take any card of the discard area: pick one that fits your hand. Your opponent sees what you took.",
      },
    },
    {
      id: "discard",
      do: "discard",
      targets: ['[data-testid="frt-my-hand"]'],
      fa: {
        title: "سوزاندن کارت",
        text: "روی کارتی از دستتان بزنید تا بسوزد و به کارت\u200cهای سوخته برود. به امتیاز فعلی نگاه کنید: کارتی را بسوزانید که کمترین سود را دارد. حریف می\u200cتواند آن را بردارد!",
      },
      en: {
        title: "Discard a card",
        text: "Click a card in your hand to discard it to the discard area. Watch your current score: discard the card that helps least. Your opponent may take it!",
      },
    },
    {
      id: "necromancer",
      do: "necromancer",
      fa: {
        title: "مرگ\u200cساحر",
        text: "در پایان بازی، مرگ\u200cساحر اجازه می\u200cدهد کارتی از کارت\u200cهای سوخته به دستتان اضافه کنید؛ یکی را انتخاب کنید یا بگذرید.",
      },
      en: {
        title: "The Necromancer",
        text: "At the end of the game the Necromancer lets you add a card from the discard area to your hand; pick one or pass.",
      },
    },
    {
      id: "genie",
      do: "genie",
      fa: {
        title: "غول چراغ",
        text: "غول چراغ کارتی از دسته را به انتخاب شما به دستتان می\u200cآورد؛ یکی را انتخاب کنید یا بگذرید.",
      },
      en: {
        title: "The Genie",
        text: "The Genie brings a card of your choice from the deck into your hand; pick one or pass.",
      },
    },
    {
      id: "shed",
      do: "shed",
      targets: ['[data-testid="frt-my-hand"]'],
      fa: {
        title: "بیش از سقف دست",
        text: "دستتان از سقف بیشتر شده است: کارتی را بسوزانید تا به اندازه برگردد.",
      },
      en: {
        title: "Over the hand limit",
        text: "Your hand is over its limit: discard a card to bring it back.",
      },
    },
  ],
  enough: ["draw", "discard"],
  turns: 4,
};

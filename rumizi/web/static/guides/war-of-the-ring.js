// The first-game guide's words for the War of the Ring card game (read by ../guide.js); the
// layout of each kind is explained in ./star-realms.js. Persian follows the renderer's words
// (ناحیه، جناح چپ، مرکز، جناح راست، رویداد، گورستان، کارت سایه، رد شدن).

export const GUIDE = {
  intro: {
    fa: "هدف: در یک دور هر سه ناحیه را ببرید، یا ۵ کارت سایه فعال کنید. در هر دور دو بازیکن به نوبت کارت\u200cها را رو به پایین در سه ناحیه می\u200cگذارند یا رویداد بازی می\u200cکنند؛ سپس ناحیه\u200cها می\u200cجنگند و نیروی بیشتر می\u200cبرد.",
    en: "Goal: win all three zones in one round, or activate 5 shadow cards. Each round the two players take turns placing cards face down in the three zones or playing events; then the zones fight and the stronger side wins.",
  },
  kinds: [
    {
      id: "place",
      do: "place",
      // Once a card is picked the renderer marks the zones it may go to.
      targets: ['[data-testid="wr-zone"].is-target', '[data-testid="wr-hand"]'],
      fa: {
        title: "گذاشتن کارت در ناحیه",
        text: "کارتی از دستتان را بزنید و سپس ناحیه\u200cای را (جناح چپ، مرکز یا جناح راست). کارت رو به پایین می\u200cماند تا نبرد؛ در هر ناحیه حداکثر سه کارت از شما.",
      },
      en: {
        title: "Place a card in a zone",
        text: "Click a card in your hand, then a zone (left flank, centre or right flank). It stays face down until the battle; at most three of your cards per zone.",
      },
    },
    {
      id: "event",
      do: "event",
      targets: ['[data-testid="wr-hand"]'],
      fa: {
        title: "بازی رویداد",
        text: "به جای گذاشتن، کارتی را به\u200cعنوان رویداد بازی کنید: کارت را بزنید و «بازی رویداد» را. هزینهٔ رویداد را با کارت\u200cهای دیگر دستتان می\u200cپردازید.",
      },
      en: {
        title: "Play an event",
        text: "Instead of placing it, play a card as an event: click the card, then “Play event”. You pay its cost with other cards of your hand.",
      },
    },
    {
      id: "pay",
      do: "pay",
      targets: ['[data-testid="wr-hand"]'],
      fa: {
        title: "پرداخت هزینه",
        text: "برای هزینهٔ رویداد، کارت\u200cهایی از دستتان را بزنید؛ آن\u200cها به گورستان می\u200cروند.",
      },
      en: {
        title: "Pay the cost",
        text: "To pay the event's cost, click cards in your hand; they go to your graveyard.",
      },
    },
    {
      id: "pass",
      do: "pass",
      fa: {
        title: "رد شدن",
        text: "وقتی نمی\u200cخواهید کارت دیگری بگذارید، رد شوید (پاس). پس از رد شدن در این دور دیگر کارتی نمی\u200cگذارید.",
      },
      en: {
        title: "Pass",
        text: "When you do not want to place another card, pass. Once you pass you place no more cards this round.",
      },
    },
    {
      id: "recover",
      do: "recover",
      targets: ['[data-testid="wr-graveyard"]'],
      fa: { title: "بازگرداندن از گورستان", text: "کارتی از گورستانتان را بزنید تا به دستتان برگردد." },
      en: { title: "Recover a card", text: "Click a card of your graveyard to bring it back to your hand." },
    },
    {
      id: "boost",
      do: "boost",
      targets: ['[data-testid="wr-field"]'],
      fa: { title: "تقویت ناحیه", text: "ناحیه\u200cای را بزنید تا نیروی شما در آن بیشتر شود." },
      en: { title: "Boost a zone", text: "Click a zone to add strength to your side there." },
    },
    {
      id: "peek",
      do: "peek",
      targets: ['[data-testid="wr-field"]'],
      fa: { title: "نگاه به کارت\u200cهای حریف", text: "ناحیه\u200cای را بزنید تا کارت\u200cهای رو به پایین حریف در آن را ببینید." },
      en: { title: "Peek", text: "Click a zone to see your opponent's face-down cards there." },
    },
    {
      id: "move",
      do: "move",
      targets: ['[data-testid="wr-field"]'],
      fa: { title: "جابه\u200cجایی کارت", text: "ناحیه\u200cای را بزنید که کارتتان از آن می\u200cرود، سپس ناحیهٔ مقصد را." },
      en: { title: "Move a card", text: "Click the zone your card leaves, then the zone it goes to." },
    },
    {
      id: "activate",
      do: "activate",
      fa: { title: "فعال کردن کارت سایه", text: "جناحی را بردید: قدیمی\u200cترین کارت ردیف سایه\u200cتان را فعال کنید. پنج کارت فعال\u200cشده یعنی پیروزی." },
      en: { title: "Activate a shadow card", text: "You won a flank: activate the oldest card of your shadow row. Five activated cards win the game." },
    },
    {
      id: "decline",
      do: "decline",
      fa: { title: "گذشتن از پاداش", text: "اگر پاداش این ناحیه را نمی\u200cخواهید، از آن بگذرید." },
      en: { title: "Decline the reward", text: "If you do not want this zone's reward, decline it." },
    },
  ],
  enough: ["place", "pass"],
  turns: 4,
};

"""The rules page of War of the Ring: the Card Game (the seed's version), in English and Persian.

What the game page shows under "rules": a one-sentence catalogue line (:data:`TAGLINE`) and
the rules as titled sections of short, plain paragraphs (:data:`RULES`, no markup). The text
restates spec ``war-of-the-ring.md`` as the engine implements it — every number here (7 cards,
3 per zone, 5 activated shadow cards, combat 0–6, costs 0–3) is the engine's, and
``tests/games/war_of_the_ring/test_texts.py`` checks them against :mod:`.engine`. Persian uses
Persian digits and proper zero-width non-joiners.

The sections, in both languages and in this order, are those of :data:`SECTION_IDS`;
:data:`MINUTES` and :data:`AGE` are the catalogue's playing time and age.

>>> [s.title for s in rules("en")][:3]
['Overview and goal', 'Components and the two decks', 'Setting up']
>>> rules("fa")[SECTION_IDS.index("battle")].title
'نبرد'
>>> tagline("xx")
Traceback (most recent call last):
...
ValueError: unknown language 'xx'; Rumizi speaks: fa, en
"""

from __future__ import annotations

from rumizi.core.i18n import Section, check_lang

__all__ = ["AGE", "MINUTES", "RULES", "SECTION_IDS", "TAGLINE", "Section", "rules", "tagline"]

# The catalogue line of spec §0: 2 players, 30 minutes, age 13+.
MINUTES = 30
AGE = 13

SECTION_IDS: tuple[str, ...] = (
    "overview",
    "components",
    "setup",
    "round",
    "planning",
    "events",
    "battle",
    "abilities",
    "rewards",
    "cleanup",
    "victory",
    "rumizi",
)

TAGLINE: dict[str, str] = {
    "en": (
        "The Free Peoples against the Shadow in three battle zones: commit cards face down, "
        "reveal, and sweep the field or turn five shadow cards to win."
    ),
    "fa": (
        "مردمان آزاد در برابر نیروهای تاریک در سه ناحیهٔ نبرد: کارت‌ها را رو به پایین بچینید، "
        "رو کنید و با بردن هر سه ناحیه یا فعال کردن پنج کارت سایه پیروز شوید."
    ),
}

_EN: tuple[Section, ...] = (
    Section(
        "Overview and goal",
        (
            "Two players, one for the Free Peoples and one for the Shadow (the Dark Forces), "
            "fight over three battle zones: the left flank, the centre and the right flank. "
            "Each round both commit cards face down, then every zone is revealed and fought.",
            "You win at once by winning all three zones in one round; or at the end of a round "
            "in which you have activated 5 shadow cards; or when your opponent begins a round "
            "with no card left in hand, deck or graveyard.",
            "This is the version of Rumizi's source text, not the published game: the two "
            "decks are Rumizi's own design.",
        ),
    ),
    Section(
        "Components and the two decks",
        (
            "Each faction has a deck of 30 cards. Every card has a combat value (0 to 6) and "
            "an event with a cost (0 to 3). A card is used either as a unit, placed in a zone "
            "where its combat value counts, or as an event, whose effect happens before the "
            "card goes to the graveyard.",
            "The Shadow is numbers and attrition: many cheap units whose horde bonus rewards "
            "outnumbering the enemy, Nazgûl whose fear weakens every enemy unit beside them, "
            "and events that make the Free Peoples discard. The Free Peoples are fewer and "
            "stronger units, leaders and guards, and events that draw, recover cards from the "
            "graveyard, peek and move.",
            "Each player also has a graveyard (face up, open to both) and a shadow row: cards "
            "of the opponent's deck lying face down, unseen by anyone until activated.",
        ),
    ),
    Section(
        "Setting up",
        (
            "Each player shuffles their deck and draws 7 cards. Then each takes the top card "
            "of the opponent's deck, face down, into their own shadow row. A coin toss decides "
            "who starts the first round.",
        ),
    ),
    Section(
        "A round",
        (
            "A round has three phases: planning, battle and cleanup. The round's starting "
            "player takes the first planning step.",
        ),
    ),
    Section(
        "Planning",
        (
            "The players take single steps in turn. A step is one of: place one card from "
            "your hand face down into a zone (at most 3 of your cards in each zone); play one "
            "event from your hand; or pass.",
            "A player who has passed takes no more steps this round; the other keeps stepping "
            "until they pass too. Planning ends when both have passed. Your opponent sees how "
            "many cards you placed in each zone, but not which.",
        ),
    ),
    Section(
        "Events and their cost",
        (
            "To play an event, discard as many other cards from your hand as its cost, to "
            "your graveyard. An event whose cost is more than the rest of your hand cannot be "
            "played. The event card goes to the graveyard once its effect is done.",
            "Effects: draw cards; take a card of your choice from your graveyard back to hand "
            "(your opponent then knows it is there); make your opponent discard cards at "
            "random; add to your total in a zone this round; look at the opponent's face-down "
            "cards in a zone; move your most recently placed card from one zone to another; "
            "take cards from the top of the opponent's deck into your shadow row. A boost, a "
            "peek or a move only chooses zones not yet fought this round; an effect with "
            "nothing to act on does nothing.",
        ),
    ),
    Section(
        "Battle",
        (
            "The zones are fought in order: left, centre, right. The zone's cards are "
            "revealed, the effects that happen before comparison apply, and each side adds up "
            "its combat values.",
            "The higher total wins the zone: the loser's cards there go to their graveyard, "
            "and the winner's stay until cleanup. On equal totals both sides' cards go to "
            "their graveyards and nobody wins. If only one side has cards there, it wins the "
            "zone automatically, reward included. If nobody has, the zone is empty: no reward.",
        ),
    ),
    Section(
        "Unit abilities",
        (
            "Continuous abilities last while the card is in the zone and end when it leaves: "
            "aura (your other units there count more), fear (the enemy's units there count "
            "less, never below 0), guard (your units there cannot be slain).",
            "Before comparison, once per battle: slay (the enemy's weakest unit there goes to "
            "its graveyard; the starting player's cards slay first, and a slain card does "
            "nothing more), horde (more if you outnumber the enemy there), stand (more if you "
            "are outnumbered there). Numbers are counted after slaying.",
        ),
    ),
    Section(
        "Rewards",
        (
            "The winner of a zone takes its reward at once: draw 1 card. For the centre you "
            "may also play one event from your hand for free, only one whose cost the rest of "
            "your hand could have paid. For a flank you may activate a card of your shadow "
            "row (the oldest one): it is revealed, its event happens for you, and it goes to "
            "its owner's graveyard. It counts as one activated shadow card for you.",
        ),
    ),
    Section(
        "Cleanup",
        (
            "Every card still in a zone goes to its owner's graveyard. Each player takes the "
            "top card of the opponent's deck face down into their shadow row.",
            "The next round is started by the player whose cards that took part in battles "
            "this round had the higher total printed combat value; on a tie the same player "
            "starts again. Each player draws up to 7 cards. An empty deck is replaced by its "
            "shuffled graveyard; with both empty, you draw what there is.",
        ),
    ),
    Section(
        "Winning",
        (
            "A sweep — winning all three zones in one round — wins at once. Zones won "
            "automatically count; an empty zone is won by nobody.",
            "At the end of a round, a player with 5 activated shadow cards wins. A player who "
            "begins a round with no card in hand, deck or graveyard loses. If both players "
            "meet a victory condition at the same moment, the round's starting player wins.",
        ),
    ),
    Section(
        "On Rumizi",
        (
            "Place a card by choosing it and then a zone; events, payments and every choice "
            "an effect opens are listed among your moves. The log tells each step in plain "
            "words, but never names a face-down card before it is revealed.",
            "Either seat can be given to another player or to a bot from easy to hard. After "
            "the game its replay can be watched step by step.",
        ),
    ),
)

_FA: tuple[Section, ...] = (
    Section(
        "کلیات و هدف",
        (
            "دو بازیکن، یکی با مردمان آزاد و دیگری با نیروهای تاریک (سایه)، بر سر سه ناحیهٔ "
            "نبرد می‌جنگند: جناح چپ، مرکز و جناح راست. در هر دور هر دو کارت‌هایی را رو به "
            "پایین می‌چینند، سپس هر ناحیه رو می‌شود و نبرد آن انجام می‌شود.",
            "برنده کسی است که در یک دور هر سه ناحیه را ببرد (بی‌درنگ)؛ یا در پایان دوری ۵ کارت "
            "سایه فعال کرده باشد؛ یا حریفش دوری را بی هیچ کارتی در دست، دسته و گورستان آغاز کند.",
            "این نسخهٔ متن منبع رومیزی است، نه بازی منتشرشده: دو دستهٔ کارت طراحی خود رومیزی‌اند.",
        ),
    ),
    Section(
        "اجزا و دو دستهٔ کارت",
        (
            "هر جبهه دسته‌ای ۳۰ کارتی دارد. هر کارت یک نیروی جنگی (۰ تا ۶) و یک رویداد با "
            "هزینه (۰ تا ۳) دارد. هر کارت یا به‌عنوان واحد در ناحیه‌ای گذاشته می‌شود و نیرویش "
            "حساب می‌شود، یا به‌عنوان رویداد بازی می‌شود و پس از اجرای جلوه‌اش به گورستان می‌رود.",
            "نیروهای تاریک یعنی شمار و فرسایش: واحدهای ارزان فراوان که پاداش انبوهی‌شان با "
            "پرشمارتر بودن در یک ناحیه می‌آید، نزگول‌هایی که هراسشان واحدهای دشمنِ کنارشان را "
            "ضعیف می‌کند، و رویدادهایی که مردمان آزاد را به دور انداختن کارت وامی‌دارند. "
            "مردمان آزاد واحدهای کمتر و نیرومندتر، فرماندهان و نگهبانان، و رویدادهایی برای "
            "کشیدن کارت، بازگرداندن از گورستان، دیدن و جابه‌جا کردن دارند.",
            "هر بازیکن یک گورستان (رو به بالا و پیدا برای هر دو) و یک ردیف سایه دارد: کارت‌هایی "
            "از دستهٔ حریف که رو به پایین‌اند و تا فعال شدن، کسی آن‌ها را ندیده است.",
        ),
    ),
    Section(
        "آماده‌سازی",
        (
            "هر بازیکن دستهٔ خود را بُر می‌زند و ۷ کارت برمی‌دارد. سپس هر کدام کارت رویی دستهٔ "
            "حریف را رو به پایین در ردیف سایهٔ خود می‌گذارد. شیر یا خط تعیین می‌کند چه کسی دور "
            "اول را آغاز کند.",
        ),
    ),
    Section(
        "یک دور",
        (
            "هر دور سه فاز دارد: برنامه‌ریزی، نبرد و پاک‌سازی. بازیکن شروع‌کنندهٔ دور نخستین "
            "گام برنامه‌ریزی را برمی‌دارد.",
        ),
    ),
    Section(
        "برنامه‌ریزی",
        (
            "بازیکنان به نوبت یک گام برمی‌دارند. هر گام یکی از این‌هاست: یک کارت از دست را رو "
            "به پایین در یک ناحیه بگذارید (در هر ناحیه حداکثر ۳ کارت از شما)؛ یک رویداد از دست "
            "بازی کنید؛ یا بگذرید (پاس).",
            "بازیکنی که گذشته است دیگر در این دور گامی برنمی‌دارد؛ دیگری تا وقتی خودش هم "
            "بگذرد گام برمی‌دارد. برنامه‌ریزی وقتی تمام می‌شود که هر دو گذشته باشند. حریف "
            "می‌بیند در هر ناحیه چند کارت گذاشته‌اید، اما نه کدام‌ها را.",
        ),
    ),
    Section(
        "رویدادها و هزینهٔ آن‌ها",
        (
            "برای بازی کردن یک رویداد، به اندازهٔ هزینه‌اش از کارت‌های دیگر دستتان به گورستان "
            "بیندازید. رویدادی که هزینه‌اش از بقیهٔ دستتان بیشتر باشد بازی نمی‌شود. کارت رویداد "
            "پس از اجرای جلوه‌اش به گورستان می‌رود.",
            "جلوه‌ها: کشیدن کارت؛ بازگرداندن کارتی دلخواه از گورستان به دست (حریف می‌داند که "
            "در دست شماست)؛ دور انداختن تصادفی کارت از دست حریف؛ افزودن به مجموع شما در یک "
            "ناحیه در این دور؛ دیدن کارت‌های رو به پایین حریف در یک ناحیه؛ بردن آخرین کارتی "
            "که در یک ناحیه گذاشته‌اید به ناحیه‌ای دیگر؛ برداشتن کارت از روی دستهٔ حریف به "
            "ردیف سایهٔ خود. افزودن، دیدن و جابه‌جایی فقط ناحیه‌هایی را برمی‌گزینند که نبردشان "
            "هنوز انجام نشده؛ جلوه‌ای که چیزی برای اثر کردن نیابد کاری نمی‌کند.",
        ),
    ),
    Section(
        "نبرد",
        (
            "ناحیه‌ها به ترتیب جنگیده می‌شوند: چپ، مرکز، راست. کارت‌های ناحیه رو می‌شوند، "
            "جلوه‌های «پیش از مقایسه» اجرا می‌شوند و هر طرف نیروهای جنگی‌اش را جمع می‌زند.",
            "مجموع بیشتر ناحیه را می‌برد: کارت‌های بازنده در آن ناحیه به گورستانش می‌روند و "
            "کارت‌های برنده تا پاک‌سازی می‌مانند. در تساوی کارت‌های هر دو طرف به گورستان "
            "می‌روند و کسی نمی‌برد. اگر فقط یک طرف آنجا کارت داشته باشد، خودکار می‌برد و "
            "پاداشش را می‌گیرد. اگر هیچ‌کس کارتی نداشته باشد، ناحیه خالی است و پاداشی ندارد.",
        ),
    ),
    Section(
        "توانایی واحدها",
        (
            "توانایی‌های مستمر تا وقتی کارت در ناحیه است برقرارند و با بیرون رفتنش از بین "
            "می‌روند: فرماندهی (واحدهای دیگر شما در آنجا نیروی بیشتری دارند)، هراس (واحدهای "
            "دشمن در آنجا نیروی کمتری دارند، نه کمتر از ۰)، نگهبانی (واحدهای شما در آنجا "
            "کشته نمی‌شوند).",
            "پیش از مقایسه، یک بار در هر نبرد: کشتن (ضعیف‌ترین واحد دشمن در آنجا به گورستانش "
            "می‌رود؛ کارت‌های بازیکن شروع‌کننده زودتر می‌کشند و کارتِ کشته‌شده دیگر کاری "
            "نمی‌کند)، انبوهی (اگر در آنجا پرشمارتر از دشمن باشید، بیشتر)، ایستادگی (اگر "
            "کم‌شمارتر باشید، بیشتر). شمارش پس از کشتن انجام می‌شود.",
        ),
    ),
    Section(
        "پاداش‌ها",
        (
            "برندهٔ هر ناحیه بی‌درنگ پاداشش را می‌گیرد: ۱ کارت می‌کشد. برای مرکز می‌تواند یک "
            "رویداد از دستش را هم رایگان بازی کند، فقط رویدادی که بقیهٔ دستش از پس هزینه‌اش "
            "برمی‌آمد. برای یک جناح می‌تواند یک کارت ردیف سایه‌اش (قدیمی‌ترین) را فعال کند: "
            "رو می‌شود، رویدادش برای او اجرا می‌شود و به گورستان صاحبش می‌رود. این یک کارت "
            "سایهٔ فعال‌شده برای او به حساب می‌آید.",
        ),
    ),
    Section(
        "پاک‌سازی",
        (
            "هر کارتی که هنوز در ناحیه‌ای است به گورستان صاحبش می‌رود. هر بازیکن کارت رویی "
            "دستهٔ حریف را رو به پایین در ردیف سایهٔ خود می‌گذارد.",
            "دور بعد را بازیکنی آغاز می‌کند که مجموع نیروی چاپ‌شدهٔ کارت‌هایش که در نبردهای "
            "این دور شرکت کردند بیشتر بود؛ در تساوی همان بازیکن قبلی شروع می‌کند. هر بازیکن "
            "دستش را به ۷ کارت می‌رساند. دستهٔ تمام‌شده با گورستانِ بُرخورده جایگزین می‌شود؛ "
            "اگر هر دو خالی باشند، همان‌قدر که هست می‌کشید.",
        ),
    ),
    Section(
        "پیروزی",
        (
            "بردن هر سه ناحیه در یک دور بی‌درنگ برنده می‌کند. ناحیه‌هایی که خودکار برده شده‌اند "
            "حساب می‌شوند؛ ناحیهٔ خالی را کسی نمی‌برد.",
            "در پایان یک دور، بازیکنی که ۵ کارت سایه فعال کرده باشد برنده است. بازیکنی که دوری "
            "را بی هیچ کارتی در دست، دسته و گورستان آغاز کند بازنده است. اگر هر دو بازیکن در "
            "یک لحظه به شرط پیروزی برسند، بازیکن شروع‌کنندهٔ آن دور برنده است.",
        ),
    ),
    Section(
        "در رومیزی",
        (
            "برای گذاشتن کارت، آن را و سپس یک ناحیه را برگزینید؛ رویدادها، پرداخت‌ها و هر "
            "انتخابی که جلوه‌ای پیش می‌آورد در فهرست حرکت‌هایتان آمده‌اند. گزارش بازی هر گام "
            "را به زبان ساده می‌گوید، اما هیچ کارت رو به پایینی را پیش از رو شدن نام نمی‌برد.",
            "هر صندلی را می‌توان به بازیکنی دیگر یا به رباتی از آسان تا سخت سپرد. پس از بازی "
            "می‌توانید بازپخش آن را گام به گام ببینید.",
        ),
    ),
)

RULES: dict[str, tuple[Section, ...]] = {"en": _EN, "fa": _FA}


def rules(lang: str) -> tuple[Section, ...]:
    """The rules page in ``lang`` (``"en"`` or ``"fa"``); ``ValueError`` for another language."""
    return RULES[check_lang(lang)]


def tagline(lang: str) -> str:
    """The catalogue line in ``lang``; ``ValueError`` for another language."""
    return TAGLINE[check_lang(lang)]

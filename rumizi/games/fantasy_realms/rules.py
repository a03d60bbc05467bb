"""The rules page of Fantasy Realms with the Cursed Hoard, in Persian and English.

What the game page shows under "rules": a catalogue line (:data:`TAGLINE`) and the rules as
titled sections of plain paragraphs (:data:`RULES`), restated from the platform's spec and
the Persian rulebook (the seed) as the engine plays them: the numbers here (hands of 7 or 8,
the end at 10 or 12 discards, 12 or 14 with two players, the hand limit of 9) are the
engine's, and ``tests/games/fantasy_realms/test_web_texts.py`` checks them against
:mod:`.engine`. Persian uses the rulebook's words: a discarded card is *burnt* («سوزاندن»),
the discard area is «کارت‌های سوخته».

>>> [s.title for s in rules("en")][:3]
['Overview and goal', 'Setting up', 'A turn']
>>> len(rules("fa")) == len(rules("en")) == len(SECTION_IDS)
True
"""

from __future__ import annotations

from rumizi.core.i18n import Section, check_lang

__all__ = ["RULES", "SECTION_IDS", "TAGLINE", "Section", "rules", "tagline"]

SECTION_IDS: tuple[str, ...] = (
    "overview",
    "setup",
    "turn",
    "end",
    "scoring",
    "items",
    "suits",
    "two",
    "promos",
    "site",
)

TAGLINE: dict[str, str] = {
    "fa": "دستی هفت‌کارتی از جانوران، ارتش‌ها و جادوگران بچینید که کارت‌هایش به هم امتیاز بدهند.",
    "en": "Build a seven-card hand of beasts, armies and wizards whose cards reward each other.",
}

RULES: dict[str, tuple[Section, ...]] = {
    "en": (
        Section(
            "Overview and goal",
            (
                "Every card has a name, a suit, a base strength, and a bonus, a penalty or "
                "both that depend on the other cards of the same hand. You change your hand "
                "one card at a time; when the game ends, the strongest hand wins.",
                "Only the cards in your own hand count: other players' cards never change "
                "your score. Mirage and Shapeshifter may copy a card you do not hold.",
            ),
        ),
        Section(
            "Setting up",
            (
                "Shuffle the deck and deal 7 cards to each player (8 with the Cursed Hoard "
                "suits). Who starts is agreed when the table is made, or drawn at random; "
                "play then goes round the table, seat after seat.",
                "A table may add modules: the Cursed Items, the Cursed Hoard suits, or both, "
                "and the promo cards (the Jester, and one of the two Phoenix cards).",
            ),
        ),
        Section(
            "A turn",
            (
                "Take one card: the top card of the deck, or any card of the discard area. "
                "Then discard one card of your hand face up into the discard area, where "
                "every card stays spread out for all to see.",
                "The very first turn of the game must draw from the deck.",
            ),
        ),
        Section(
            "The end",
            (
                "The game ends the moment the discard area holds 10 cards (12 with the "
                "Cursed Hoard suits), even in the middle of a turn (a Winged Boots before "
                "the draw). Cards that add cards at the end come first: the "
                "Leprechaun takes the top card, the Genie picks a card of the deck, the "
                "Necromancer may take an Army, Leader, Wizard or Beast (or Undead) from the "
                "discard area.",
                "Everyone then scores their hand. The highest total wins; a tie goes to the "
                "lower sum of base strengths (a blanked card has none); a tie that remains "
                "is shared.",
            ),
        ),
        Section(
            "Scoring",
            (
                "Each card scores its base strength plus its bonuses and minus its penalties. "
                "A blanked card counts for nothing: no name, no suit, no strength, no bonus. "
                "A cleared penalty simply does not apply; clearing happens before any "
                "penalty.",
                "“With” pays once however many cards fulfil it; “for each” pays for every "
                "one of them.",
                "Some cards ask for a choice when hands are scored (what a wild card copies, "
                "which suit Book of Changes gives, what Island clears). The site finds the "
                "choices that score best for every player and shows them.",
            ),
        ),
        Section(
            "Cursed Items",
            (
                "A separate deck. Everyone starts with one item face up. On your turn you may "
                "leave it, discard it at the end of the turn to the item discard and draw "
                "another, or use it. Some items replace your whole turn; the others may be "
                "used at any moment of your turn: before you draw or take, or after your "
                "discard. While your item can still be used after the discard, the turn "
                "waits for you to use it or to end the turn.",
                "A used item is turned face down in front of you and you draw a new one at "
                "the end of the turn. You may look at your own face-down items, never at "
                "anyone else's. Every used item scores at the end, most of them negatively. "
                "When the item deck runs out, the item discard is shuffled into a new one.",
            ),
        ),
        Section(
            "The Cursed Hoard suits",
            (
                "Buildings, Outsiders and Undead join the deck with the Garden; the base "
                "game's Bell Tower is left in the box (the expansion has its own). Hands are "
                "8 cards and the game ends at 12 discards.",
                "When the Leprechaun, the Genie or the Necromancer adds cards, a hand may "
                "never hold more than 9, the Portal's card included: extra cards are "
                "discarded at once, never the cards that brought them. With Cursed Items but "
                "without these suits, a hand that ends with 9 cards discards one.",
            ),
        ),
        Section(
            "Two players",
            (
                "Nobody is dealt a hand. On your turn take one face-up card from the discard "
                "area, or draw two cards and discard one of them, until both of you hold 7 "
                "(8 with the suits); then play normal turns.",
                "The game ends when both hands are full and the discard area holds at least "
                "12 cards (14 with the suits). No Cursed Item is drawn before your hand is "
                "full.",
            ),
        ),
        Section(
            "Promo cards",
            (
                "The Jester (a Wizard) rewards odd base strengths. The Phoenix is a Beast that "
                "also counts as a Flame and a Weather; a table uses the promo Phoenix or the "
                "deluxe one, never both.",
            ),
        ),
        Section(
            "Playing on this site",
            (
                "Touch the deck to draw, a card of the discard area to take it, then a card "
                "of your hand to discard it. Your face-up item has its own buttons. The move "
                "list beside the table always offers every legal move too.",
                "Your hand shows its best score as it stands, card by card, and changes as "
                "you draw and discard. At the end every hand is shown with its lines and the "
                "choices that were made for it.",
            ),
        ),
    ),
    "fa": (
        Section(
            "نگاه کلی و هدف",
            (
                "هر کارت یک نام، یک گونه، یک قدرت پایه و یک پاداش یا جریمه (یا هر دو) دارد "
                "که به کارت‌های دیگرِ همان دست بستگی دارد. دستتان را کارت به کارت تغییر "
                "می‌دهید و وقتی بازی تمام شود، قوی‌ترین دست برنده است.",
                "فقط کارت‌های دست خودتان به حساب می‌آیند و کارت‌های دیگران هیچ اثری بر "
                "امتیاز شما ندارند. سراب و تبدیل‌شونده می‌توانند کارتی را کپی کنند که در "
                "دستتان نیست.",
            ),
        ),
        Section(
            "چیدمان",
            (
                "دسته را بُر بزنید و به هر بازیکن ۷ کارت بدهید (با گونه‌های افزوده ۸ کارت). "
                "آغازکننده هنگام ساختن میز با توافق تعیین می‌شود یا به قرعه؛ بعد نوبت "
                "صندلی به صندلی دور میز می‌چرخد.",
                "هر میز می‌تواند بخش‌هایی را اضافه کند: آیتم‌های نفرین‌شده، گونه‌های "
                "افزودهٔ گنج نفرین‌شده یا هر دو، و کارت‌های تبلیغاتی (دلقک و یکی از دو "
                "ققنوس).",
            ),
        ),
        Section(
            "یک نوبت",
            (
                "یک کارت بردارید: کارت روی دسته، یا هر کارتی از کارت‌های سوخته. بعد یک "
                "کارت از دستتان را رو به بالا بسوزانید؛ کارت‌های سوخته پخش می‌مانند تا "
                "همه ببینند.",
                "نخستین نوبت بازی باید از دسته کارت بکشد.",
            ),
        ),
        Section(
            "پایان بازی",
            (
                "بازی همان لحظه که کارت‌های سوخته به ۱۰ برسند تمام می‌شود (با گونه‌های "
                "افزوده ۱۲)، حتی وسط یک نوبت (چکمه‌های بالدار پیش از کشیدن کارت). اول "
                "کارت‌هایی که در پایان کارت اضافه می‌کنند: لپرکان کارت روی دسته را "
                "برمی‌دارد، غول چراغ کارتی از دسته انتخاب می‌کند و مرگ‌ساحر می‌تواند یک "
                "ارتش، فرمانده، جادوگر یا جانور (یا نامیرا) را از کارت‌های سوخته بردارد.",
                "بعد همه دستشان را می‌شمارند. بیشترین جمع برنده است؛ در تساوی، کسی که جمع "
                "قدرت‌های پایه‌اش کمتر است (کارت پوچ قدرت پایه ندارد)؛ اگر باز هم برابر باشند، "
                "پیروزی مشترک است.",
            ),
        ),
        Section(
            "امتیازشماری",
            (
                "هر کارت قدرت پایه‌اش را می‌آورد، به‌اضافهٔ پاداش‌ها و منهای جریمه‌هایش. "
                "کارت پوچ هیچ به حساب نمی‌آید: نه نام دارد، نه گونه، نه قدرت و نه پاداش. "
                "جریمهٔ پاک‌شده اعمال نمی‌شود و پاک‌سازی پیش از هر جریمه‌ای انجام می‌شود.",
                "«به‌همراه» فقط یک بار پاداش می‌دهد، هر چند کارت هم که شرط را داشته باشند؛ "
                "«به ازای هر» برای هر کدام جداگانه.",
                "بعضی کارت‌ها هنگام امتیازشماری انتخابی می‌خواهند (کارت آزاد چه چیزی را کپی "
                "کند، کتاب تبدیلات چه گونه‌ای بدهد، جزیره چه چیزی را پاک کند). سایت برای "
                "هر بازیکن بهترین انتخاب‌ها را پیدا می‌کند و نشان می‌دهد.",
            ),
        ),
        Section(
            "آیتم‌های نفرین‌شده",
            (
                "دسته‌ای جدا. هر بازیکن با یک آیتم رو به بالا شروع می‌کند. در نوبتتان "
                "می‌توانید آن را نگه دارید، در پایان نوبت کنارش بگذارید و آیتم تازه‌ای "
                "بکشید، یا از آن استفاده کنید. بعضی آیتم‌ها جای کل نوبت را می‌گیرند و بقیه "
                "را در هر لحظه از نوبتتان می‌شود به کار برد: پیش از کشیدن یا برداشتن "
                "کارت، یا بعد از سوزاندن کارت. تا وقتی آیتمتان بعد از سوزاندن هنوز به کار می‌آید، "
                "نوبت منتظر می‌ماند تا از آن استفاده کنید یا نوبت را تمام کنید.",
                "آیتم استفاده‌شده پیش رویتان به پشت برمی‌گردد و در پایان نوبت آیتم تازه‌ای "
                "می‌کشید. آیتم‌های به‌پشت خودتان را هر وقت بخواهید می‌بینید، ولی هرگز "
                "آیتم‌های دیگران را. همهٔ آیتم‌های استفاده‌شده در پایان امتیاز دارند که "
                "بیشترشان منفی است. وقتی دستهٔ آیتم‌ها تمام شود، آیتم‌های کنارگذاشته بُر "
                "می‌خورند و دستهٔ تازه‌ای می‌شوند.",
            ),
        ),
        Section(
            "گونه‌های افزوده",
            (
                "ساختمان‌ها، ماورایی‌ها و نامیراها با کارت باغ به دسته اضافه می‌شوند و برج "
                "ناقوسِ بازی اصلی در جعبه می‌ماند (افزونه برج ناقوس خودش را دارد). دست‌ها "
                "۸ کارتی‌اند و بازی با ۱۲ کارت سوخته تمام می‌شود.",
                "وقتی لپرکان، غول چراغ یا مرگ‌ساحر کارت اضافه کنند، هیچ دستی نمی‌تواند "
                "بیش از ۹ کارت داشته باشد، کارت دروازه هم حساب است: کارت‌های اضافه همان "
                "لحظه سوزانده می‌شوند، ولی نه کارت‌هایی که آن‌ها را آورده‌اند. با "
                "آیتم‌های نفرین‌شده و بدون گونه‌های "
                "افزوده، دستی که با ۹ کارت تمام شود یک کارت می‌سوزاند.",
            ),
        ),
        Section(
            "بازی دونفره",
            (
                "در آغاز به کسی کارت داده نمی‌شود. در نوبتتان یک کارت رو به بالا از کارت‌های سوخته "
                "بردارید، یا دو کارت بکشید و یکی را بسوزانید، تا هر دو نفر ۷ کارت (با "
                "گونه‌های افزوده ۸) داشته باشید؛ از آن پس نوبت‌ها عادی‌اند.",
                "بازی وقتی تمام می‌شود که هر دو دست کامل باشند و دست‌کم ۱۲ کارت سوخته "
                "باشد (با گونه‌های افزوده ۱۴). پیش از کامل شدن دست، آیتم نفرین‌شده کشیده "
                "نمی‌شود.",
            ),
        ),
        Section(
            "کارت‌های تبلیغاتی",
            (
                "دلقک (یک جادوگر) به قدرت‌های پایهٔ فرد پاداش می‌دهد. ققنوس جانوری است که "
                "آتش و هوا هم به حساب می‌آید؛ هر میز ققنوس تبلیغاتی یا ققنوس دلوکس را "
                "می‌گذارد، نه هر دو را.",
            ),
        ),
        Section(
            "بازی در این سایت",
            (
                "برای کشیدن روی دسته بزنید، برای برداشتن روی کارتی از کارت‌های سوخته، و "
                "بعد روی کارتی از دستتان تا بسوزد. آیتم رو به بالای شما دکمه‌های خودش را "
                "دارد. فهرست حرکت‌ها در کنار میز هم همیشه همهٔ حرکت‌های مجاز را دارد.",
                "دستتان بهترین امتیاز فعلی‌اش را کارت به کارت نشان می‌دهد و با هر کشیدن و "
                "سوزاندن تازه می‌شود. در پایان، دست همه با سطرهایش و انتخاب‌هایی که برایش "
                "شده نشان داده می‌شود.",
            ),
        ),
    ),
}


def rules(lang: str) -> tuple[Section, ...]:
    """The sections of the rules in ``lang``; ``ValueError`` for another language."""
    return RULES[check_lang(lang)]


def tagline(lang: str) -> str:
    """The catalogue line in ``lang``."""
    return TAGLINE[check_lang(lang)]

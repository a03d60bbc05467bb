"""The rules page of Splendor Duel (the platform's own card set), in English and Persian.

What the web platform's game page shows under "rules": a one-sentence catalogue line
(:data:`TAGLINE`) and the rules as titled sections of short, plain paragraphs (:data:`RULES`,
no markup). The text restates spec ``splendor-duel.md`` as the engine implements it: every
number here (tokens, privileges, the pyramid, the 10-token limit, the crown thresholds, the
three ways to win, stalling) is the engine's, and
``tests/games/splendor_duel/test_web_texts.py`` checks them against :mod:`.engine` and
:mod:`.cards`. Persian uses the words of :mod:`.texts` (طومار، اشراف‌زاده، مروارید، طلا،
پاداش، هرم …), Persian digits and proper zero-width non-joiners.

The sections, in both languages and in this order, are those of :data:`SECTION_IDS`.

>>> [s.title for s in rules("en")][:3]
['Overview and goal', 'Components', 'Setting up']
>>> rules("fa")[SECTION_IDS.index("privileges")].title
'طومارها'
>>> tagline("xx")
Traceback (most recent call last):
...
ValueError: unknown language 'xx'; Rumizi speaks: fa, en
"""

from __future__ import annotations

from rumizi.core.i18n import Section, check_lang

__all__ = ["RULES", "SECTION_IDS", "TAGLINE", "Section", "rules", "tagline"]


SECTION_IDS: tuple[str, ...] = (
    "overview",
    "components",
    "setup",
    "turn",
    "take",
    "privileges",
    "replenish",
    "reserve",
    "buy",
    "abilities",
    "royals",
    "limit",
    "end",
    "stalling",
    "rumizi",
)

TAGLINE: dict[str, str] = {
    "en": (
        "A jewellers' duel: take gems from a shared board, buy cards that make the next ones "
        "cheaper, and be first to 20 points, 10 crowns or 10 points in one colour."
    ),
    "fa": (
        "دوئل دو جواهرفروش: از صفحهٔ مشترک جواهر بردارید، کارت‌هایی بخرید که خریدهای بعدی را "
        "ارزان‌تر می‌کنند و زودتر از حریف به ۲۰ امتیاز، ۱۰ تاج یا ۱۰ امتیاز در یک رنگ برسید."
    ),
}

_EN: tuple[Section, ...] = (
    Section(
        "Overview and goal",
        (
            "Splendor Duel is a game for two jewellers. You take gem tokens from a board you "
            "share with your opponent and spend them on jewel cards. Every card you own is a "
            "bonus that makes later cards of its colour cheaper, and many cards also bring "
            "prestige points, crowns or a one-time ability.",
            "You win at once, at the end of one of your turns, if you have 20 or more prestige "
            "points, or 10 or more crowns, or 10 or more points on cards of a single colour.",
            "The cards are those of Rumizi's own set, built to the structure of the published "
            "game.",
        ),
    ),
    Section(
        "Components",
        (
            "25 tokens: 4 gems in each of five colours (white, blue, green, red and black), "
            "2 pearls and 3 gold. They lie on a board of 5 × 5 spaces; tokens that are neither "
            "on the board nor held by a player wait in the bag.",
            "3 privilege scrolls, 4 royal cards, and 67 jewel cards in three levels: 30 of "
            "level 1, 24 of level 2 and 13 of level 3.",
            "A jewel card shows its bonus colour, its prestige points, its crowns, its ability "
            "if it has one, and its cost in gems and pearls. Grey cards are special: a joker "
            "takes the colour of a bonus you already own, and a grey card without a bonus only "
            "brings points.",
        ),
    ),
    Section(
        "Setting up",
        (
            "Each level is shuffled into its own face-down deck, and the pyramid is dealt face "
            "up: 5 cards of level 1, 4 of level 2 and 3 of level 3.",
            "All 25 tokens go into the bag and are drawn at random onto the board, starting "
            "from the centre and following the spiral.",
            "The first player is drawn at random; the second player starts with 1 privilege.",
        ),
    ),
    Section(
        "A turn",
        (
            "A turn has two parts: optional actions first, then exactly one mandatory action.",
            "The optional actions come in this order, each at most once: use privileges, then "
            "replenish the board. You may do both, either or neither.",
            "The mandatory action is one of three: take 1 to 3 tokens in a line; take 1 gold "
            "and reserve a card; or buy a card.",
            "If you cannot do any mandatory action, you must replenish the board first. In the "
            "rare case that even this is impossible (the bag is empty, or you have replenished "
            "already), you pass.",
            "After the mandatory action come its effects (the card's ability, a royal), then "
            "the 10-token limit, then the check for victory.",
        ),
    ),
    Section(
        "Taking tokens",
        (
            "Take 1, 2 or 3 tokens that lie next to each other in one unbroken straight line: "
            "a row, a column or a diagonal.",
            "Only gems and pearls can be taken this way. A gold token or an empty space breaks "
            "the line: tokens on both sides of it are not next to each other.",
            "If you take 3 tokens of the same colour, or both pearls, your opponent takes 1 "
            "privilege.",
        ),
    ),
    Section(
        "Privileges",
        (
            "There are 3 privilege scrolls. At the start of your turn, before replenishing, "
            "you may give back any number of your privileges; for each one, take 1 gem or "
            "pearl of your choice from anywhere on the board. A privilege never takes gold.",
            "You gain a privilege when your opponent replenishes the board, when your opponent "
            "takes 3 tokens of one colour or both pearls, and through some card abilities and "
            "one royal.",
            "When you must take a privilege and none are left in the supply, you take one from "
            "your opponent; if you already hold all 3, nothing happens.",
        ),
    ),
    Section(
        "Replenishing the board",
        (
            "You may replenish the board only if the bag is not empty. Every empty space is "
            "filled with a token drawn at random from the bag, following the spiral from the "
            "centre outwards, until the spaces or the bag run out. The small numbers on the "
            "board's spaces show the spiral's order.",
            "Whenever you replenish, your opponent takes 1 privilege. After replenishing you "
            "can no longer use privileges this turn.",
            "Tokens come back to the bag when players spend them on cards or give them back "
            "to keep within the 10-token limit.",
        ),
    ),
    Section(
        "Reserving a card",
        (
            "Take 1 gold from the board and reserve a card: either a face-up card of the "
            "pyramid, whose place is refilled from its deck at once, or the top card of any of "
            "the three decks, which your opponent does not get to see.",
            "You may reserve only while a gold lies on the board and you hold fewer than 3 "
            "reserved cards. Reserving is the only way to take gold.",
            "Reserved cards stay in front of you, face down, and can only be bought by you. "
            "They score nothing until you buy them, and there is no penalty for those never "
            "bought.",
        ),
    ),
    Section(
        "Buying a card",
        (
            "Buy a face-up card of the pyramid or one of your reserved cards. Its cost is "
            "lowered by your bonuses: for each colour, one gem less for every bonus of that "
            "colour you own, but never below zero. Pearls are never lowered.",
            "Gold stands for any one gem or pearl. Spent tokens, gold included, go back into "
            "the bag.",
            "A card bought from the pyramid is replaced at once from its deck; if the deck is "
            "empty, the place stays empty.",
            "You choose which tokens pay. On Rumizi the first way offered is the usual one: "
            "your gems and pearls pay first, and gold covers whatever is still missing. When "
            "you hold spare gold, the other ways follow (gold in place of a pearl, to keep "
            "the pearl); what you hand back goes to the bag, for your opponent to draw. Each "
            "move says exactly what it will cost.",
            "A card with a double bonus counts as 2 gems of its colour for every later purchase.",
        ),
    ),
    Section(
        "Card abilities",
        (
            "A card's ability works once, as soon as the card is bought.",
            "Again: take another turn after this one. Two such effects in one turn still give "
            "only one extra turn.",
            "Token: take 1 token of the card's bonus colour from the board, if there is one.",
            "Privilege: take 1 privilege.",
            "Steal: take 1 gem or pearl (never gold) from your opponent, if they have one.",
            "Joker: when you buy the card, choose the colour of one of the bonuses you already "
            "own; the card becomes a bonus of that colour for the rest of the game, and its "
            "points count for that colour. You cannot buy a joker while you own no bonus.",
        ),
    ),
    Section(
        "Crowns and royals",
        (
            "Some cards carry crowns. When your crowns reach 3, and again when they reach 6, "
            "you take one of the royal cards still on offer and its ability works at once. "
            "Taking a royal is not an action.",
            "The royals: the Treasurer, 3 points; the Queen, 2 points and another turn; the "
            "Chancellor, 2 points and a privilege; the Spymaster, 2 points and a steal.",
            "One card carries at most 3 crowns, so one purchase gives at most one royal. If no "
            "royal is left, nothing happens.",
        ),
    ),
    Section(
        "Ten tokens at most",
        (
            "At the end of your turn you may hold at most 10 tokens, gold included. If you "
            "hold more, give tokens of your choice back to the bag until you have 10.",
        ),
    ),
    Section(
        "The end of the game",
        (
            "At the end of each turn, after the 10-token limit, the player who has just moved "
            "checks the three ways to win. The game ends at once if they have:",
            "20 or more prestige points, counting the points of their cards and royals;",
            "10 or more crowns;",
            "or 10 or more points on cards of a single colour. A joker counts for the colour "
            "chosen for it; a grey card without a bonus counts for no colour.",
            "A player may also concede at any moment; the opponent then wins.",
        ),
    ),
    Section(
        "Stalling",
        (
            "Holding all the gold and both pearls can block the game. So if a player starts 3 "
            "turns in a row holding all 3 gold and both pearls, and buys no card in those "
            "turns, their opponent may claim the win on their own turn. The claim is possible "
            "until the staller ends a turn that does not count towards this rule.",
        ),
    ),
    Section(
        "Playing on Rumizi",
        (
            "The board shows the 25 spaces with their spiral numbers. To take tokens, click "
            "them one by one: only tokens that can still belong to a legal line light up. Then "
            "press the Take button. With one token chosen and a privilege in hand, a second "
            "button uses a privilege on it instead.",
            "Click a card of the pyramid or of your reserve to see what it costs you and to "
            "buy or reserve it; click a deck to reserve its top card. When more than one gold "
            "lies on the board, you choose which one to take.",
            "Choices that follow a move (the token of a Token ability, the gem to steal, the "
            "royal, the tokens to give back) are made by clicking on the board as well.",
            "Every legal move is also listed in the moves panel, and keys 1 to 9 pick them. "
            "The log reports everything that happens, in plain words; your opponent's reserved "
            "cards lie face down until they are bought (the log tells which card was taken "
            "from the pyramid, but not what came from a deck).",
            "Each seat can be taken by another player or by a bot, from easy to hard. After "
            "the game you can watch the replay move by move, with every reserved card shown.",
        ),
    ),
)

_FA: tuple[Section, ...] = (
    Section(
        "هدف بازی",
        (
            "کهربا دوئل بازی دو جواهرفروش است. از صفحه‌ای که با حریف مشترک دارید توکن جواهر "
            "برمی‌دارید و با آن‌ها کارت جواهر می‌خرید. هر کارتی که دارید پاداشی است که "
            "کارت‌های بعدیِ هم‌رنگش را ارزان‌تر می‌کند و بسیاری از کارت‌ها امتیاز اعتبار، تاج "
            "یا یک قابلیت یک‌باره هم دارند.",
            "اگر در پایان یکی از نوبت‌هایتان ۲۰ امتیاز اعتبار یا بیشتر، یا ۱۰ تاج یا بیشتر، یا "
            "۱۰ امتیاز یا بیشتر روی کارت‌های یک رنگ داشته باشید، همان دم برنده می‌شوید.",
            "کارت‌ها از مجموعهٔ ویژهٔ رومیزی‌اند که بر پایهٔ ساختار بازی منتشرشده ساخته شده است.",
        ),
    ),
    Section(
        "اجزای بازی",
        (
            "۲۵ توکن: از هر یک از پنج رنگ سفید، آبی، سبز، قرمز و سیاه ۴ جواهر، ۲ مروارید و ۳ "
            "طلا. توکن‌ها روی صفحه‌ای با ۵ × ۵ خانه قرار می‌گیرند و توکن‌هایی که نه روی صفحه‌اند و "
            "نه دست بازیکنان، در کیسه می‌مانند.",
            "۳ طومار، ۴ کارت اشراف‌زاده و ۶۷ کارت جواهر در سه سطح: ۳۰ کارت سطح ۱، ۲۴ کارت سطح ۲ "
            "و ۱۳ کارت سطح ۳.",
            "روی هر کارت جواهر رنگ پاداش، امتیاز اعتبار، تاج‌ها، قابلیتش (اگر داشته باشد) و "
            "قیمتش به جواهر و مروارید آمده است. کارت‌های خاکستری ویژه‌اند: جوکر رنگ یکی از "
            "پاداش‌هایی را می‌گیرد که از پیش دارید، و کارت خاکستریِ بی‌پاداش فقط امتیاز می‌دهد.",
        ),
    ),
    Section(
        "چیدمان",
        (
            "کارت‌های هر سطح جداگانه بُر می‌خورند و دستهٔ رو به پایین خودشان را می‌سازند. سپس هرم "
            "رو به بالا چیده می‌شود: ۵ کارت سطح ۱، ۴ کارت سطح ۲ و ۳ کارت سطح ۳.",
            "هر ۲۵ توکن در کیسه ریخته می‌شوند و به‌تصادف، از خانهٔ وسط و در امتداد مارپیچ، روی "
            "صفحه چیده می‌شوند.",
            "بازیکن اول به قرعه تعیین می‌شود و بازیکن دوم بازی را با ۱ طومار آغاز می‌کند.",
        ),
    ),
    Section(
        "یک نوبت",
        (
            "هر نوبت دو بخش دارد: نخست کارهای اختیاری، سپس دقیقاً یک کار اجباری.",
            "کارهای اختیاری به این ترتیب و هر کدام حداکثر یک بار انجام می‌شوند: نخست استفاده از "
            "طومارها، سپس پر کردن صفحه. می‌توانید هر دو، یکی یا هیچ‌کدام را انجام دهید.",
            "کار اجباری یکی از این سه است: برداشتن ۱ تا ۳ توکن در یک خط؛ برداشتن ۱ طلا و رزرو "
            "یک کارت؛ یا خرید یک کارت.",
            "اگر هیچ کار اجباری‌ای ممکن نباشد، باید نخست صفحه را پر کنید. در حالت نادری که این "
            "هم ممکن نباشد (کیسه خالی باشد یا صفحه را همین نوبت پر کرده باشید)، از نوبت "
            "می‌گذرید.",
            "پس از کار اجباری، اثرهای آن (قابلیت کارت یا گرفتن اشراف‌زاده) می‌آیند، سپس سقف ۱۰ "
            "توکن و در آخر بررسی پیروزی.",
        ),
    ),
    Section(
        "برداشتن توکن",
        (
            "۱، ۲ یا ۳ توکن بردارید که کنار هم و در یک خط راستِ پیوسته باشند: یک ردیف، یک ستون "
            "یا یک قطر.",
            "به این روش فقط جواهر و مروارید برداشته می‌شود. طلا یا خانهٔ خالی خط را می‌شکند: "
            "توکن‌های دو طرف آن کنار هم به شمار نمی‌آیند.",
            "اگر ۳ توکن هم‌رنگ یا هر دو مروارید را بردارید، حریف ۱ طومار می‌گیرد.",
        ),
    ),
    Section(
        "طومارها",
        (
            "بازی ۳ طومار دارد. در آغاز نوبت و پیش از پر کردن صفحه، می‌توانید هر تعداد از "
            "طومارهایتان را پس بدهید و به ازای هر کدام ۱ جواهر یا مروارید دلخواه را از هر جای "
            "صفحه بردارید. با طومار هرگز نمی‌توان طلا برداشت.",
            "وقتی حریف صفحه را پر می‌کند، وقتی حریف ۳ توکن هم‌رنگ یا هر دو مروارید را برمی‌دارد، "
            "و با قابلیت برخی کارت‌ها و یکی از اشراف‌زاده‌ها، یک طومار می‌گیرید.",
            "اگر باید طوماری بگیرید و در ذخیره طوماری نمانده باشد، آن را از حریف می‌گیرید؛ اگر "
            "هر ۳ طومار از پیش نزد شما باشد، اتفاقی نمی‌افتد.",
        ),
    ),
    Section(
        "پر کردن صفحه",
        (
            "فقط وقتی کیسه خالی نیست می‌توانید صفحه را پر کنید. هر خانهٔ خالی با توکنی که "
            "به‌تصادف از کیسه بیرون می‌آید پر می‌شود، در امتداد مارپیچ از وسط به بیرون، تا "
            "خانه‌های خالی یا توکن‌های کیسه تمام شوند. شماره‌های کوچک روی خانه‌های صفحه ترتیب "
            "مارپیچ را نشان می‌دهند.",
            "هر بار که صفحه را پر می‌کنید، حریف ۱ طومار می‌گیرد. پس از پر کردن صفحه دیگر در آن "
            "نوبت نمی‌توانید از طومار استفاده کنید.",
            "توکن‌ها وقتی به کیسه برمی‌گردند که بازیکنان آن‌ها را خرج کارت کنند یا برای ماندن زیر "
            "سقف ۱۰ توکن پس بدهند.",
        ),
    ),
    Section(
        "رزرو کارت",
        (
            "۱ طلا از صفحه بردارید و یک کارت رزرو کنید: یا کارتی رو به بالا از هرم، که جایش "
            "بی‌درنگ از دستهٔ همان سطح پر می‌شود، یا کارت رویِ یکی از سه دسته، که حریف آن را "
            "نمی‌بیند.",
            "فقط وقتی می‌توانید رزرو کنید که طلایی روی صفحه باشد و کمتر از ۳ کارت رزروشده داشته "
            "باشید. رزرو تنها راه برداشتن طلاست.",
            "کارت‌های رزروشده رو به پایین جلوی شما می‌مانند و فقط خودتان می‌توانید آن‌ها را "
            "بخرید. تا وقتی خریده نشده‌اند امتیازی نمی‌دهند و برای کارت‌هایی که هرگز خریده نشوند "
            "جریمه‌ای نیست.",
        ),
    ),
    Section(
        "خرید کارت",
        (
            "کارتی رو به بالا از هرم یا یکی از کارت‌های رزروشدهٔ خودتان را بخرید. پاداش‌هایتان "
            "قیمت را پایین می‌آورند: در هر رنگ، به ازای هر پاداش آن رنگ یک جواهر کمتر، ولی هرگز "
            "کمتر از صفر. قیمت مروارید هیچ‌وقت کم نمی‌شود.",
            "هر طلا جای یک جواهر یا مروارید دلخواه را می‌گیرد. توکن‌های خرج‌شده، طلا هم، به کیسه "
            "برمی‌گردند.",
            "جای کارتی که از هرم خریده شود بی‌درنگ از دستهٔ همان سطح پر می‌شود؛ اگر دسته تمام "
            "شده باشد، جایش خالی می‌ماند.",
            "شما انتخاب می‌کنید کدام توکن‌ها را بپردازید. در رومیزی نخستین راه، راه معمول "
            "است: نخست جواهرها و مرواریدهای شما خرج می‌شوند و طلا کسری را می‌پوشاند. اگر "
            "طلای اضافه داشته باشید، راه‌های دیگر هم می‌آیند (طلا به جای مروارید، تا مروارید "
            "بماند)؛ هر چه بپردازید به کیسه برمی‌گردد و حریف ممکن است آن را بکشد. هر حرکت "
            "دقیقاً می‌گوید چه چیزی خرج می‌شود.",
            "کارتی که پاداش دوتایی دارد در هر خرید بعدی ۲ جواهر از رنگ خودش به حساب می‌آید.",
        ),
    ),
    Section(
        "قابلیت کارت‌ها",
        (
            "قابلیت هر کارت یک بار و درست هنگام خرید آن اجرا می‌شود.",
            "نوبت دوباره: پس از این نوبت، یک نوبت دیگر بازی کنید. دو اثر «نوبت دوباره» در یک "
            "نوبت هم فقط یک نوبت اضافه می‌دهد.",
            "توکن: ۱ توکن هم‌رنگ پاداش کارت را، اگر روی صفحه باشد، بردارید.",
            "طومار: ۱ طومار بگیرید.",
            "دزدی: ۱ جواهر یا مروارید (هرگز طلا) از حریف بگیرید، اگر داشته باشد.",
            "جوکر: هنگام خرید، رنگ یکی از پاداش‌هایی را که از پیش دارید انتخاب کنید؛ کارت تا "
            "پایان بازی پاداشی از آن رنگ است و امتیازهایش هم برای همان رنگ حساب می‌شود. تا وقتی "
            "هیچ پاداشی ندارید نمی‌توانید جوکر بخرید.",
        ),
    ),
    Section(
        "تاج‌ها و اشراف‌زاده‌ها",
        (
            "برخی کارت‌ها تاج دارند. وقتی تاج‌هایتان به ۳ می‌رسد و دوباره وقتی به ۶ می‌رسد، یکی "
            "از کارت‌های اشراف‌زادهٔ باقی‌مانده را برمی‌دارید و قابلیتش بی‌درنگ اجرا می‌شود. "
            "گرفتن اشراف‌زاده کار جداگانه‌ای به حساب نمی‌آید.",
            "اشراف‌زاده‌ها: خزانه‌دار، ۳ امتیاز؛ ملکه، ۲ امتیاز و یک نوبت دوباره؛ صدراعظم، ۲ "
            "امتیاز و یک طومار؛ رئیس جاسوسان، ۲ امتیاز و یک دزدی.",
            "هیچ کارتی بیش از ۳ تاج ندارد، پس هر خرید حداکثر یک اشراف‌زاده می‌دهد. اگر "
            "اشراف‌زاده‌ای نمانده باشد، اتفاقی نمی‌افتد.",
        ),
    ),
    Section(
        "سقف ۱۰ توکن",
        (
            "در پایان نوبتتان حداکثر ۱۰ توکن، با طلا، می‌توانید داشته باشید. اگر بیشتر دارید، "
            "توکن‌های دلخواهتان را به کیسه برگردانید تا ۱۰ تا بماند.",
        ),
    ),
    Section(
        "پایان بازی",
        (
            "در پایان هر نوبت، پس از سقف ۱۰ توکن، سه راه پیروزی برای بازیکنی که حرکت کرده "
            "بررسی می‌شود. بازی همان دم تمام می‌شود اگر او داشته باشد:",
            "۲۰ امتیاز اعتبار یا بیشتر، با امتیاز کارت‌ها و اشراف‌زاده‌هایش؛",
            "۱۰ تاج یا بیشتر؛",
            "یا ۱۰ امتیاز یا بیشتر روی کارت‌های یک رنگ. جوکر برای رنگی که برایش انتخاب شده حساب "
            "می‌شود و کارت خاکستریِ بی‌پاداش برای هیچ رنگی.",
            "هر بازیکن هر وقت بخواهد می‌تواند انصراف دهد؛ آن‌گاه حریفش برنده است.",
        ),
    ),
    Section(
        "وقت‌کشی",
        (
            "نگه داشتن همهٔ طلاها و هر دو مروارید می‌تواند بازی را قفل کند. پس اگر بازیکنی ۳ "
            "نوبت پشت سر هم را با هر ۳ طلا و هر دو مروارید آغاز کند و در آن نوبت‌ها هیچ کارتی "
            "نخرد، حریفش می‌تواند در نوبت خودش ادعای پیروزی کند. این ادعا تا وقتی ممکن است که "
            "بازیکنِ وقت‌کش نوبتی را تمام کند که در این قاعده به حساب نیاید.",
        ),
    ),
    Section(
        "بازی در رومیزی",
        (
            "صفحه ۲۵ خانه را با شمارهٔ مارپیچ هر خانه نشان می‌دهد. برای برداشتن توکن، آن‌ها را "
            "یکی‌یکی انتخاب کنید: فقط توکن‌هایی روشن می‌شوند که هنوز می‌توانند در یک خط مجاز "
            "باشند. سپس دکمهٔ «بردارید» را بزنید. اگر یک توکن انتخاب کرده باشید و طومار داشته "
            "باشید، دکمهٔ دیگری به جای آن یک طومار خرج می‌کند.",
            "روی کارتی از هرم یا از کارت‌های رزروشده‌تان کلیک کنید تا ببینید برایتان چقدر "
            "تمام می‌شود و آن را بخرید یا رزرو کنید؛ روی یک دسته کلیک کنید تا کارت رویش را رزرو "
            "کنید. اگر بیش از یک طلا روی صفحه باشد، خودتان انتخاب می‌کنید کدام را بردارید.",
            "انتخاب‌هایی که پس از یک حرکت پیش می‌آیند (توکنِ قابلیت توکن، جواهری که می‌دزدید، "
            "اشراف‌زاده، توکن‌هایی که پس می‌دهید) هم با کلیک روی صفحه انجام می‌شوند.",
            "همهٔ حرکت‌های مجاز در بخش حرکت‌ها هم فهرست شده‌اند و کلیدهای ۱ تا ۹ آن‌ها را انتخاب "
            "می‌کنند. گزارش بازی هر چه را رخ می‌دهد به زبان ساده می‌گوید؛ کارت‌های رزروشدهٔ حریف "
            "تا وقتی خریده نشوند رو به پایین می‌مانند (گزارش می‌گوید کدام کارت از هرم برداشته "
            "شد، اما نه آنچه از روی دسته آمد).",
            "هر صندلی را می‌توان به بازیکنی دیگر یا به رباتی از آسان تا سخت سپرد. پس از بازی "
            "می‌توانید بازپخش آن را حرکت به حرکت ببینید و همهٔ کارت‌های رزروشده پیدا هستند.",
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

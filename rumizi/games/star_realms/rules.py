"""The rules page of Star Realms (the platform's own card version), in English and Persian.

What the web platform's game page shows under "rules": a one-sentence catalogue line
(:data:`TAGLINE`) and the rules as titled sections of short, plain paragraphs (:data:`RULES`,
no markup). The text restates spec ``star-realms.md`` as the engine implements it: every
number here (authority, hand sizes, the trade row, costs, the formats' seats and rules) is
the engine's, and ``tests/games/star_realms/test_rules_text.py`` checks them against
:mod:`.engine` and :mod:`.cards`. Persian uses the terms of :mod:`.texts` (اقتدار، تجارت،
حمله، پاسگاه، ردیف بازار …), Persian digits and proper zero-width non-joiners.

The sections, in both languages and in this order, are those of :data:`SECTION_IDS`: the
duel (overview, setting up, a turn, cards, combat, the end), then one per multiplayer format,
then playing on Rumizi.

>>> [s.title for s in rules("en")][:3]
['Overview and goal', 'Setting up', 'A turn']
>>> rules("fa")[SECTION_IDS.index("raid")].title
'یورش'
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
    "setup",
    "turn",
    "cards",
    "combat",
    "end",
    "free-for-all",
    "hunter",
    "hydra",
    "emperor",
    "raid",
    "rumizi",
)

TAGLINE: dict[str, str] = {
    "en": (
        "Build your fleet by buying ships and bases from the trade row, and bring your opponents' "
        "authority down to zero."
    ),
    "fa": (
        "با خرید سفینه و پایگاه از ردیف بازار ناوگانتان را بسازید و اقتدار حریفان را به صفر "
        "برسانید."
    ),
}

_EN: tuple[Section, ...] = (
    Section(
        "Overview and goal",
        (
            "Star Realms is a deck-building game of space battles. Everyone starts with the same "
            "small deck and makes it stronger during the game by buying new ships and bases.",
            "Cards give you three resources: trade, to buy new cards; combat, to attack your "
            "opponents and their bases; and authority, which is your life total.",
            "Every player starts with 50 authority. In the duel, whoever brings the opponent's "
            "authority down to zero or below wins at once. The multiplayer formats are explained "
            "further down.",
            "The cards' names and effects are those of Rumizi's own version of the game. Every "
            "effect is fixed: no card asks you to pick one of two effects.",
        ),
    ),
    Section(
        "Setting up",
        (
            "Each player has a starting deck of their own: 10 cards, namely 8 Lookouts (1 trade "
            "each) and 2 Vipers (1 combat each). Each player shuffles their own deck.",
            "Each player starts with 50 authority. Authority you gain later has no upper limit.",
            "The trade deck holds 65 cards from four factions. It is shuffled, and its top 5 cards "
            "are laid face up as the trade row, which everyone buys from.",
            "Next to the trade row lies an unlimited supply of Explorers. An Explorer costs 2 and "
            "gives 2 trade; it can also be scrapped for 2 combat.",
            "The first player is drawn at random. In the duel the first player's opening hand is 3 "
            "cards and the second player's is 5; after that, every hand is 5 cards. The other "
            "formats' opening hands are given in their own sections.",
        ),
    ),
    Section(
        "A turn",
        (
            "A turn has three phases: the main phase, the discard phase and the draw phase.",
            "During the main phase you may play cards, buy cards, scrap cards and attack, as often "
            "as you like and in any order.",
            "Playing a card from your hand is free, and its main effect happens at once.",
            "With the trade you have gathered this turn you may buy any card of the trade row for "
            "its cost, or an Explorer for 2 trade. A bought card goes to your discard pile, not to "
            "your hand, and its place in the row is refilled at once from the trade deck; if the "
            "trade deck has run out, the place stays empty.",
            "You may scrap a card you have in play that has a scrap ability (marked ♻) to get that "
            "ability's effect.",
            "With the combat you have gathered you may attack an opponent or their bases (see "
            "Combat).",
            "Ally effects are not yours to choose: they fire by themselves as soon as their "
            "condition holds (see Cards).",
            "When you end your turn, the discard phase follows: the ships you played and all cards "
            "left in your hand go to your discard pile, and any unspent trade and combat is lost. "
            "Bases stay in play.",
            "In the draw phase you draw 5 new cards. Whenever you must draw from an empty deck, "
            "your discard pile is shuffled and becomes your new deck.",
            "At the start of your next turn, before anything else, you first discard the cards an "
            "opponent has forced on you; then your bases give their main effects again, in the "
            "order they were played; then the ally effects whose condition holds fire.",
        ),
    ),
    Section(
        "Cards",
        (
            "Every card has a main effect, and many also have an ally effect, a scrap effect or "
            "both. Effects give trade, combat or authority, draw cards, or open a choice.",
            "A ship gives its effect when you play it and goes to your discard pile at the end of "
            "the turn.",
            "A base stays in play until it is destroyed or scrapped. Its main effect happens when "
            "you play it and again at the start of each of your turns. Every base has a defense: "
            "the combat an opponent must spend to destroy it.",
            "An outpost is a base that also guards its owner: while you have an outpost in play, "
            "opponents can attack neither you nor your other bases, only your outposts.",
            "An ally effect fires by itself, once per turn, as soon as you have played another "
            "card of the same faction this turn or have another base of that faction in play. A "
            "card played earlier in the turn still counts even if it has since been scrapped. "
            "Lookouts, Vipers and Explorers belong to no faction.",
            "A scrap effect (♻) is yours to use: during the main phase you may remove such a card "
            "in play from the game for good and get its scrap effect. A scrapped Explorer goes "
            "back to the Explorer supply.",
            "Some effects open a choice that is answered at once, before anything else: you may "
            "scrap a card from your hand or discard pile (Machine Cult); you may clear a card from "
            "the trade row, and its place is refilled at once (Monsters); or an opponent must "
            "discard a card of their choice at the start of their next turn (Empire). The first "
            "two are optional, the third is compulsory.",
            "The trade deck has four factions: the Federation (17 cards) brings trade and "
            "authority; the Monsters (17 cards) hit hard and clear the trade row; the Machine Cult "
            "(15 cards) scraps weak cards from your deck; and the Empire (16 cards) draws cards "
            "and makes opponents discard.",
        ),
    ),
    Section(
        "Combat",
        (
            "The combat you gather during a turn can be spent on bases and on players, in any mix, "
            "for as long as it lasts.",
            "To destroy a base you need at least as much combat as its defense. Exactly the "
            "defense is spent, and the base goes to its owner's discard pile.",
            "Outposts first: while a player has an outpost in play, you cannot attack that player "
            "or their ordinary bases. You must destroy all of their outposts first.",
            "In the duel, an attack on the opponent takes all of your remaining combat off their "
            "authority at once. While you have more than one opponent in the game (in Hunter and "
            "for an Emperor admiral too, who may hit only one of them at a time), you decide how "
            "much combat each attack deals.",
            "Combat you do not spend is lost at the end of the turn.",
        ),
    ),
    Section(
        "End of the game",
        (
            "As soon as a player's authority falls to zero or below, that player is out of the "
            "game. In the duel the other player wins at once; there are no draws.",
            "You may concede at any time. Conceding counts as a loss, just as if your authority "
            "had fallen to zero.",
            "In the multiplayer formats, play goes on without the players who are out until only "
            "one player or one team is left; each format's section says who wins.",
        ),
    ),
    Section(
        "Free-for-all",
        (
            "Free-for-all is for 3 to 6 players, each playing for themselves.",
            "The first player is drawn at random and play goes clockwise. The first player opens "
            "with 3 cards, the next player with 4 and everyone else with 5.",
            "On your turn you may attack any opponent and any of their bases, in any mix and "
            "order. When you attack a player you decide how much combat to deal, so you can share "
            "your combat among several opponents. An effect that makes an opponent discard lets "
            "you pick which opponent.",
            "An outpost protects only its owner: one player's outpost never stops you from "
            "attacking another player.",
            "A player whose authority falls to zero or below is out. The last player left wins.",
        ),
    ),
    Section(
        "Hunter",
        (
            "Hunter is for 3 to 6 players, each playing for themselves. The first player is drawn "
            "at random and play goes clockwise; opening hands are as in free-for-all: 3 cards for "
            "the first player, 4 for the next and 5 for everyone else.",
            "You may attack only the player on your left, the one who plays right after you, and "
            "your discard effects always hit that player. When you attack them you decide how much "
            "combat to deal: if they fall, the combat you have left can go on against your next "
            "target.",
            "You may also attack the bases of both your neighbours, on your left and on your "
            "right; here too their outposts must be destroyed first.",
            "When the player on your left is out, the next player clockwise who is still in the "
            "game becomes your target. The last player left wins.",
        ),
    ),
    Section(
        "Hydra",
        (
            "Hydra is a team game for 4 or 6 players in two teams: two against two, each team "
            "sharing 75 authority, or three against three, each team sharing 100.",
            "Teammates sit in alternate seats. Each player keeps their own deck, hand, discard "
            "pile and cards in play; a teammate's cards never count for your ally effects.",
            "The team that starts is drawn at random. Its players open with 3 cards each, and the "
            "other team's players with 5.",
            "A team takes its turn together: its members play their main phases at the same time, "
            "and then all of them discard and draw. On Rumizi one member acts at a time: the "
            "first in seat order begins, and may hand play to a teammate and take it back later, "
            "so the team's cards can go into play in any order. A member handed play must do "
            "something (or end their main phase) before handing it on. Ending your main phase "
            "hands play to the next teammate still in theirs; when the last one ends, the team's "
            "turn is over.",
            "The team's trade and combat are one pool: whatever any member makes, any member may "
            "spend, to buy cards, destroy bases or hit the enemy team (an attack on a player deals "
            "the whole pool at once). A purchase names the member who takes the card, into their "
            "discard pile.",
            "A team's authority is one shared total: a hit on any member lowers it, and authority "
            "gained by any member raises it. An outpost of any member protects the whole team: "
            "while it stands, no member and none of their ordinary bases can be attacked.",
            "A team whose authority falls to zero or below loses, and the other team wins.",
        ),
    ),
    Section(
        "Emperor",
        (
            "Emperor is for exactly 6 players in two teams of three: team A and team B. Each team "
            "sits together, its emperor between its two admirals; the two emperors face each "
            "other, so each admiral sits opposite an enemy admiral.",
            "Admirals start with 50 authority and emperors with 60. Team A's players open with 3 "
            "cards each and team B's with 5. The first admiral of team A starts, and play goes "
            "clockwise.",
            "An admiral may attack only the enemy admiral sitting opposite and that admiral's "
            "bases. Once that admiral is out, the enemy emperor and the emperor's bases become the "
            "target, and combat left over from the fall can go on against them. An emperor may "
            "attack any enemy player and any enemy base.",
            "During your main phase you may, as often as you like, pay 1 trade to move a card from "
            "your discard pile to the discard pile of a teammate who is still in the game.",
            "An admiral who is knocked out (rather than conceding) may give one of their cards, "
            "from hand, deck, discard pile or bases, to their emperor; it goes into the emperor's "
            "discard pile.",
            "When an emperor falls, their whole team loses. A team that has lost its admirals "
            "plays on as long as its emperor stands.",
        ),
    ),
    Section(
        "Raid",
        (
            "Raid is for 3 to 6 players: one boss against 2 to 5 raiders, who play as a team. The "
            "boss starts, and play goes clockwise.",
            "The boss's authority and the number of cards the boss draws each turn depend on the "
            "number of raiders: with 2 raiders, 50 authority and 7 cards; with 3 raiders, 70 and "
            "7; with 4 raiders, 70 and 8; with 5 raiders, 90 and 8. The boss's opening hand is 2 "
            "cards smaller, so 5 or 6 cards.",
            "Each raider starts with 50 authority, opens with 5 cards and draws 5 cards each turn.",
            "Raiders may attack only the boss and the boss's bases. The boss may attack any raider "
            "and share out their combat among the raiders as they like.",
            "A raider need not spend a base's whole defense at once on one of the boss's bases: "
            "they may deal only part of it. That damage stays until the boss's next turn begins, "
            "so several raiders can wear the same base down together; the base is destroyed when "
            "its damage reaches its defense.",
            "Raiders see each other's hands, but each raider has their own trade, combat and "
            "decisions.",
            "A raider who is knocked out (rather than conceding) may give one of their cards to "
            "each other raider still in the game; each card goes into that raider's discard pile.",
            "If the boss's authority falls to zero or below, the raiders win; if every raider is "
            "out, the boss wins.",
        ),
    ),
    Section(
        "Playing on Rumizi",
        (
            "When it is your turn, the cards you can use are highlighted. Click a card to play, "
            "buy or scrap it, or click one of the move buttons, which show every move the rules "
            "allow at that moment, from attacks to ending your turn.",
            "When an effect asks for a choice, the options appear as buttons, with one more button "
            "to skip the choice when it is optional.",
            "With the keyboard, press the number shown beside a move to make it.",
            "The log tells in words everything that happens, in order. Cards hidden from you stay "
            "hidden: the log says how many cards a player drew, not which ones.",
            "Any seat can be taken by another person or by a bot, from easy to hard.",
            "After a game you can watch its replay and step through it move by move; once the game "
            "is over, every card is shown.",
        ),
    ),
)

_FA: tuple[Section, ...] = (
    Section(
        "نگاه کلی و هدف",
        (
            "استار رلمز یک بازی دسته‌سازی با موضوع نبردهای فضایی است. همه با دسته‌ای کوچک و یکسان "
            "شروع می‌کنند و در طول بازی با خریدن سفینه‌ها و پایگاه‌های تازه آن را قوی‌تر می‌کنند.",
            "کارت‌ها سه منبع به شما می‌دهند: تجارت برای خریدن کارت‌های تازه، حمله برای زدن حریفان "
            "و پایگاه‌هایشان، و اقتدار که حکم جان شما را دارد.",
            "هر بازیکن با ۵۰ اقتدار شروع می‌کند. در بازی دونفره هر کس اقتدار حریف را به صفر یا "
            "کمتر برساند، همان لحظه برنده است. قوانین حالت‌های چندنفره در ادامه آمده است.",
            "نام و اثر کارت‌های این بازی ویژهٔ نسخهٔ خود رومیزی است. اثر همهٔ کارت‌ها ثابت است و "
            "هیچ کارتی از شما نمی‌خواهد یکی از دو اثر را برگزینید.",
        ),
    ),
    Section(
        "آماده‌سازی",
        (
            "هر بازیکن دستهٔ شروع خودش را دارد: ۱۰ کارت، یعنی ۸ دیده‌بان (هر کدام ۱ تجارت) و ۲ "
            "افعی (هر کدام ۱ حمله). هر کس دستهٔ خودش را بُر می‌زند.",
            "هر بازیکن با ۵۰ اقتدار شروع می‌کند. اقتداری که بعداً به دست می‌آورید سقفی ندارد.",
            "دستهٔ بازار ۶۵ کارت از چهار جناح دارد. این دسته بُر می‌خورد و ۵ کارت رویی آن رو به "
            "بالا چیده می‌شود تا ردیف بازار ساخته شود؛ همه از همین ردیف خرید می‌کنند.",
            "کنار ردیف بازار ذخیرهٔ نامحدودی از کاوشگرها هست. قیمت کاوشگر ۲ است و ۲ تجارت می‌دهد؛ "
            "می‌توان آن را در ازای ۲ حمله اسقاط هم کرد.",
            "بازیکن اول به قید قرعه انتخاب می‌شود. در بازی دونفره دست اول بازیکن اول ۳ کارت است و "
            "دست اول بازیکن دوم ۵ کارت؛ از آن به بعد هر دست ۵ کارت است. دست اول حالت‌های دیگر در "
            "بخش خودشان آمده است.",
        ),
    ),
    Section(
        "نوبت شما",
        (
            "هر نوبت سه مرحله دارد: مرحلهٔ اصلی، مرحلهٔ دور ریختن و مرحلهٔ کشیدن.",
            "در مرحلهٔ اصلی می‌توانید به هر ترتیب و هر چند بار که بخواهید کارت بازی کنید، کارت "
            "بخرید، کارت اسقاط کنید و حمله کنید.",
            "بازی کردن کارت از دست رایگان است و اثر اصلی آن همان لحظه اجرا می‌شود.",
            "با تجارتی که در این نوبت جمع کرده‌اید می‌توانید هر کارت ردیف بازار را به قیمتش بخرید، "
            "یا یک کاوشگر را به ۲ تجارت. کارت خریداری‌شده به دورریز شما می‌رود، نه به دستتان، و "
            "خانهٔ خالی‌اش در ردیف بی‌درنگ از دستهٔ بازار پر می‌شود؛ اگر دستهٔ بازار تمام شده "
            "باشد، آن خانه خالی می‌ماند.",
            "می‌توانید کارتی را که در بازی دارید و توانایی اسقاط (با نشان ♻) دارد اسقاط کنید تا "
            "اثر آن توانایی را بگیرید.",
            "با حمله‌ای که جمع کرده‌اید می‌توانید به حریف یا پایگاه‌هایش حمله کنید (بخش «حمله» را "
            "ببینید).",
            "اثرهای متحد به انتخاب شما نیستند: به محض اینکه شرطشان برقرار شود، خودبه‌خود فعال "
            "می‌شوند (بخش «کارت‌ها» را ببینید).",
            "وقتی نوبتتان را تمام می‌کنید، مرحلهٔ دور ریختن می‌رسد: سفینه‌هایی که بازی کرده‌اید و "
            "همهٔ کارت‌های مانده در دستتان به دورریز می‌روند و تجارت و حملهٔ خرج‌نشده از بین "
            "می‌رود. پایگاه‌ها در بازی می‌مانند.",
            "در مرحلهٔ کشیدن ۵ کارت تازه می‌کشید. هر وقت لازم باشد از دسته‌ای خالی کارت بکشید، "
            "دورریزتان بُر می‌خورد و دستهٔ تازه‌تان می‌شود.",
            "در آغاز نوبت بعد، پیش از هر کار دیگری، نخست کارت‌هایی را که حریف شما را به دور "
            "ریختنشان وادار کرده است دور می‌ریزید؛ سپس پایگاه‌هایتان به همان ترتیبی که بازی "
            "شده‌اند دوباره اثر اصلی خود را می‌دهند؛ و بعد اثرهای متحدی که شرطشان برقرار است فعال "
            "می‌شوند.",
        ),
    ),
    Section(
        "کارت‌ها",
        (
            "هر کارت یک اثر اصلی دارد و بسیاری از کارت‌ها اثر متحد، اثر اسقاط یا هر دو را هم "
            "دارند. اثرها تجارت، حمله یا اقتدار می‌دهند، کارت می‌کشند یا انتخابی پیش می‌گذارند.",
            "سفینه وقتی بازی‌اش می‌کنید اثرش را می‌دهد و در پایان نوبت به دورریز می‌رود.",
            "پایگاه پس از بازی شدن در بازی می‌ماند تا نابود یا اسقاط شود. اثر اصلی‌اش همان لحظهٔ "
            "بازی شدن و دوباره در آغاز هر نوبت شما اجرا می‌شود. هر پایگاه دفاعی دارد: مقدار "
            "حمله‌ای که حریف برای نابود کردنش باید خرج کند.",
            "پاسگاه پایگاهی است که از صاحبش هم محافظت می‌کند: تا وقتی پاسگاهی در بازی دارید، "
            "حریفان نه به خود شما می‌توانند حمله کنند و نه به پایگاه‌های دیگرتان، فقط به "
            "پاسگاه‌هایتان.",
            "اثر متحد هر نوبت یک بار و خودبه‌خود فعال می‌شود، به محض اینکه در همان نوبت کارت دیگری "
            "از همان جناح بازی کرده باشید یا پایگاه دیگری از آن جناح در بازی داشته باشید. کارتی که "
            "پیش‌تر در همان نوبت بازی شده، حتی اگر بعداً اسقاط شود، باز هم به حساب می‌آید. "
            "دیده‌بان، افعی و کاوشگر به هیچ جناحی تعلق ندارند.",
            "اثر اسقاط (♻) به اختیار شماست: در مرحلهٔ اصلی می‌توانید چنین کارتی را که در بازی است "
            "برای همیشه از بازی بیرون ببرید و اثر اسقاطش را بگیرید. کاوشگر اسقاط‌شده به ذخیرهٔ "
            "کاوشگرها برمی‌گردد.",
            "برخی اثرها انتخابی پیش می‌گذارند که باید همان لحظه و پیش از هر کار دیگری انجام شود: "
            "می‌توانید کارتی از دست یا دورریزتان را اسقاط کنید (ماشین‌پرستان)؛ می‌توانید کارتی را "
            "از ردیف بازار پاک کنید تا جایش بی‌درنگ پر شود (هیولاها)؛ یا حریف باید در آغاز نوبت "
            "بعدش کارتی به انتخاب خودش دور بریزد (امپراتوری). دو مورد اول اختیاری‌اند و سومی "
            "اجباری است.",
            "دستهٔ بازار چهار جناح دارد: فدراسیون (۱۷ کارت) تجارت و اقتدار می‌آورد؛ هیولاها (۱۷ "
            "کارت) ضربه‌های سنگین می‌زنند و ردیف بازار را پاک می‌کنند؛ ماشین‌پرستان (۱۵ کارت) "
            "کارت‌های ضعیف را از دسته‌تان اسقاط می‌کنند؛ و امپراتوری (۱۶ کارت) کارت می‌کشد و حریف "
            "را به دور ریختن وادار می‌کند.",
        ),
    ),
    Section(
        "حمله",
        (
            "حمله‌ای را که در طول نوبت جمع می‌کنید، تا وقتی تمام نشده، می‌توانید به هر ترکیبی خرج "
            "پایگاه‌ها و بازیکنان کنید.",
            "برای نابود کردن یک پایگاه دست‌کم به اندازهٔ دفاعش حمله لازم است. دقیقاً همان مقدار "
            "دفاع خرج می‌شود و پایگاه به دورریز صاحبش می‌رود.",
            "اول پاسگاه‌ها: تا وقتی بازیکنی پاسگاهی در بازی دارد، نه به خودش می‌توانید حمله کنید و "
            "نه به پایگاه‌های معمولی‌اش. اول باید همهٔ پاسگاه‌هایش را نابود کنید.",
            "در بازی دونفره، حمله به حریف همهٔ حملهٔ باقی‌ماندهٔ شما را یکجا از اقتدار او کم "
            "می‌کند. تا وقتی بیش از یک حریف در بازی دارید (در حالت شکارچی و برای دریاسالار هم، "
            "که هر بار فقط به یکی از آن‌ها می‌توانند حمله کنند)، مقدار هر حمله را خودتان تعیین "
            "می‌کنید.",
            "حمله‌ای که خرج نکنید در پایان نوبت از بین می‌رود.",
        ),
    ),
    Section(
        "پایان بازی",
        (
            "به محض اینکه اقتدار بازیکنی به صفر یا کمتر برسد، آن بازیکن از بازی بیرون می‌رود. در "
            "بازی دونفره حریفش همان لحظه برنده می‌شود؛ مساوی در کار نیست.",
            "هر وقت بخواهید می‌توانید انصراف دهید. انصراف باخت به حساب می‌آید، درست مثل اینکه "
            "اقتدارتان به صفر رسیده باشد.",
            "در حالت‌های چندنفره بازی بدون بازیکنان حذف‌شده ادامه پیدا می‌کند تا فقط یک بازیکن یا "
            "یک تیم بماند؛ برندهٔ هر حالت در بخش خودش آمده است.",
        ),
    ),
    Section(
        "همه با همه",
        (
            "حالت همه با همه برای ۳ تا ۶ بازیکن است و هر کس برای خودش بازی می‌کند.",
            "بازیکن اول به قید قرعه انتخاب می‌شود و بازی در جهت عقربه‌های ساعت پیش می‌رود. بازیکن "
            "اول با ۳ کارت شروع می‌کند، نفر بعدی با ۴ کارت و بقیه با ۵ کارت.",
            "در نوبتتان می‌توانید به هر حریف و هر پایگاهش، به هر ترکیب و ترتیبی، حمله کنید. هنگام "
            "حمله به یک بازیکن خودتان تعیین می‌کنید چه مقدار حمله وارد شود؛ پس می‌توانید حمله‌تان "
            "را میان چند حریف پخش کنید. اثری که حریف را به دور ریختن وادار می‌کند، انتخاب آن حریف "
            "را به خودتان می‌سپارد.",
            "پاسگاه فقط از صاحبش محافظت می‌کند: پاسگاه یک بازیکن هرگز مانع حملهٔ شما به بازیکن "
            "دیگری نمی‌شود.",
            "هر بازیکنی که اقتدارش به صفر یا کمتر برسد حذف می‌شود. آخرین بازیکنی که بماند برنده "
            "است.",
        ),
    ),
    Section(
        "شکارچی",
        (
            "حالت شکارچی برای ۳ تا ۶ بازیکن است و هر کس برای خودش بازی می‌کند. بازیکن اول به قید "
            "قرعه انتخاب می‌شود و بازی در جهت عقربه‌های ساعت پیش می‌رود؛ دست اول مثل حالت همه با "
            "همه است: ۳ کارت برای بازیکن اول، ۴ کارت برای نفر بعدی و ۵ کارت برای بقیه.",
            "فقط به بازیکن سمت چپتان، یعنی کسی که درست بعد از شما بازی می‌کند، می‌توانید حمله کنید "
            "و اثرهای دور ریختن شما هم همیشه به او می‌رسد. هنگام حمله به او خودتان تعیین می‌کنید چه "
            "مقدار حمله وارد شود: اگر حذف شود، حملهٔ باقی‌مانده‌تان را می‌توانید به هدف بعدی‌تان "
            "بزنید.",
            "به پایگاه‌های هر دو همسایه‌تان، چه سمت چپ و چه سمت راست، هم می‌توانید حمله کنید؛ "
            "اینجا هم اول باید پاسگاه‌هایشان را نابود کنید.",
            "وقتی بازیکن سمت چپتان حذف شود، نفر بعدی در جهت عقربه‌های ساعت که هنوز در بازی است هدف "
            "شما می‌شود. آخرین بازیکنی که بماند برنده است.",
        ),
    ),
    Section(
        "هیدرا",
        (
            "هیدرا حالتی تیمی برای ۴ یا ۶ بازیکن در دو تیم است: دو نفر در برابر دو نفر که هر تیم "
            "۷۵ اقتدار مشترک دارد، یا سه نفر در برابر سه نفر با ۱۰۰ اقتدار مشترک برای هر تیم.",
            "هم‌تیمی‌ها یک‌درمیان می‌نشینند. هر بازیکن دسته، دست، دورریز و کارت‌های در بازی خودش "
            "را دارد؛ کارت‌های هم‌تیمی هیچ‌وقت برای اثرهای متحد شما حساب نمی‌شوند.",
            "تیم شروع‌کننده به قید قرعه انتخاب می‌شود. بازیکنان این تیم هر کدام با ۳ کارت شروع "
            "می‌کنند و بازیکنان تیم دیگر با ۵ کارت.",
            "هر تیم نوبتش را با هم بازی می‌کند: اعضا مرحلهٔ اصلی خود را هم‌زمان بازی می‌کنند و بعد "
            "همه با هم دور می‌ریزند و کارت می‌کشند. در رومیزی هر بار یک عضو بازی می‌کند: اولین عضو "
            "به ترتیب صندلی شروع می‌کند و می‌تواند بازی را به هم‌تیمی بسپارد و بعد دوباره پس "
            "بگیرد، پس کارت‌های تیم به هر ترتیبی به بازی می‌آیند. عضوی که بازی به او سپرده شده، "
            "پیش از سپردن دوباره باید کاری بکند (یا مرحلهٔ اصلی‌اش را تمام کند). با تمام کردن "
            "مرحلهٔ اصلی، بازی به هم‌تیمی بعدی می‌رسد که هنوز مرحله‌اش تمام نشده؛ وقتی آخرین عضو "
            "تمام کند، نوبت تیم تمام است.",
            "تجارت و حملهٔ تیم یک ذخیرهٔ مشترک است: هرچه هر عضو به دست بیاورد، هر عضوی می‌تواند "
            "خرج کند؛ برای خرید کارت، نابودی پایگاه یا ضربه به تیم حریف (حمله به بازیکن همهٔ "
            "ذخیره را یکجا وارد می‌کند). هر خرید نام عضوی را می‌گوید که کارت به دورریز او می‌رود.",
            "اقتدار تیم یک عدد مشترک است: ضربه به هر عضو از آن کم می‌کند و اقتداری که هر عضو به "
            "دست بیاورد به آن اضافه می‌شود. پاسگاه هر عضو از کل تیم محافظت می‌کند: تا وقتی سر "
            "پاست، نه به هیچ عضوی می‌توان حمله کرد و نه به پایگاه‌های معمولی‌شان.",
            "تیمی که اقتدارش به صفر یا کمتر برسد می‌بازد و تیم دیگر برنده است.",
        ),
    ),
    Section(
        "امپراتور",
        (
            "حالت امپراتور دقیقاً برای ۶ بازیکن در دو تیم سه‌نفره است: تیم الف و تیم ب. اعضای هر "
            "تیم کنار هم می‌نشینند و امپراتورشان میان دو دریاسالار است؛ دو امپراتور روبه‌روی "
            "هم‌اند و در نتیجه هر دریاسالار روبه‌روی یک دریاسالار دشمن می‌نشیند.",
            "دریاسالارها با ۵۰ اقتدار و امپراتورها با ۶۰ اقتدار شروع می‌کنند. بازیکنان تیم الف هر "
            "کدام با ۳ کارت و بازیکنان تیم ب با ۵ کارت شروع می‌کنند. نخستین دریاسالار تیم الف بازی "
            "را آغاز می‌کند و بازی در جهت عقربه‌های ساعت پیش می‌رود.",
            "دریاسالار فقط به دریاسالار دشمنی که روبه‌رویش نشسته و پایگاه‌های او می‌تواند حمله "
            "کند. وقتی آن دریاسالار حذف شد، امپراتور دشمن و پایگاه‌هایش هدف او می‌شوند و حمله‌ای "
            "که از آن نوبت مانده به آن‌ها هم می‌رسد. امپراتور به هر بازیکن و هر پایگاه دشمن "
            "می‌تواند حمله کند.",
            "در مرحلهٔ اصلی، هر چند بار که بخواهید، می‌توانید ۱ تجارت بپردازید و کارتی را از "
            "دورریز خودتان به دورریز هم‌تیمی‌ای بفرستید که هنوز در بازی است.",
            "دریاسالاری که حذف شود (نه با انصراف) می‌تواند یکی از کارت‌هایش را، از دست، دسته، "
            "دورریز یا پایگاه‌هایش، به امپراتور خودش ببخشد؛ این کارت به دورریز امپراتور می‌رود.",
            "وقتی امپراتوری بیفتد، کل تیمش می‌بازد. تیمی که دریاسالارهایش را از دست داده، تا وقتی "
            "امپراتورش سر پاست به بازی ادامه می‌دهد.",
        ),
    ),
    Section(
        "یورش",
        (
            "حالت یورش برای ۳ تا ۶ بازیکن است: یک رئیس در برابر ۲ تا ۵ مهاجم که با هم یک تیم‌اند. "
            "رئیس بازی را آغاز می‌کند و بازی در جهت عقربه‌های ساعت پیش می‌رود.",
            "اقتدار رئیس و تعداد کارت‌هایی که هر نوبت می‌کشد به تعداد مهاجمان بستگی دارد: با ۲ "
            "مهاجم، ۵۰ اقتدار و ۷ کارت؛ با ۳ مهاجم، ۷۰ و ۷؛ با ۴ مهاجم، ۷۰ و ۸؛ با ۵ مهاجم، ۹۰ و "
            "۸. دست اول رئیس ۲ کارت کمتر است، یعنی ۵ یا ۶ کارت.",
            "هر مهاجم با ۵۰ اقتدار شروع می‌کند، دست اولش ۵ کارت است و هر نوبت ۵ کارت می‌کشد.",
            "مهاجمان فقط به رئیس و پایگاه‌هایش می‌توانند حمله کنند. رئیس به هر مهاجمی می‌تواند "
            "حمله کند و حمله‌اش را هر طور بخواهد میانشان پخش کند.",
            "مهاجم لازم نیست برای یکی از پایگاه‌های رئیس یکجا به اندازهٔ کل دفاعش حمله خرج کند؛ "
            "می‌تواند فقط بخشی از آن را بزند. این آسیب تا آغاز نوبت بعدی رئیس باقی می‌ماند، پس چند "
            "مهاجم می‌توانند با هم یک پایگاه را فرسوده کنند؛ وقتی آسیب به اندازهٔ دفاع برسد، "
            "پایگاه نابود می‌شود.",
            "مهاجمان دست یکدیگر را می‌بینند، اما هر مهاجم تجارت، حمله و تصمیم‌های خودش را دارد.",
            "مهاجمی که حذف شود (نه با انصراف) می‌تواند به هر مهاجم دیگری که هنوز در بازی است یکی "
            "از کارت‌هایش را ببخشد؛ هر کارت به دورریز همان مهاجم می‌رود.",
            "اگر اقتدار رئیس به صفر یا کمتر برسد مهاجمان برنده‌اند و اگر همهٔ مهاجمان حذف شوند "
            "رئیس برنده است.",
        ),
    ),
    Section(
        "بازی در رومیزی",
        (
            "وقتی نوبت شماست، کارت‌هایی که می‌توانید از آن‌ها استفاده کنید برجسته می‌شوند. روی "
            "کارت کلیک کنید تا بازی‌اش کنید، بخریدش یا اسقاطش کنید، یا یکی از دکمه‌های حرکت را "
            "بزنید؛ این دکمه‌ها همهٔ حرکت‌هایی را که قوانین در آن لحظه اجازه می‌دهند نشان می‌دهند، "
            "از حمله تا تمام کردن نوبت.",
            "وقتی اثری از شما انتخابی می‌خواهد، گزینه‌ها به شکل دکمه ظاهر می‌شوند و اگر انتخاب "
            "اختیاری باشد، دکمه‌ای هم برای گذشتن از آن هست.",
            "با صفحه‌کلید هم می‌توانید بازی کنید: عددی را که کنار هر حرکت نوشته شده بزنید.",
            "بخش رویدادها هر چه را رخ می‌دهد، به ترتیب و به زبان ساده گزارش می‌کند. کارت‌هایی که "
            "از شما پنهان‌اند پنهان می‌مانند: رویدادها می‌گویند بازیکن چند کارت کشید، نه کدام "
            "کارت‌ها را.",
            "هر صندلی را می‌توان به بازیکنی دیگر یا به رباتی از آسان تا سخت سپرد.",
            "پس از بازی می‌توانید بازپخش آن را ببینید و حرکت به حرکت جلو بروید؛ وقتی بازی تمام شده "
            "باشد، همهٔ کارت‌ها پیدا هستند.",
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

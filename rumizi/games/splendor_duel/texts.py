"""Every word of Splendor Duel a player reads, in English and Persian.

Names of colours, tokens, abilities, cards and royals; one line per legal action for a move
menu (:func:`action_text`, said to the player to act); what an open choice asks
(:func:`choice_text`); and one log sentence per engine event (:func:`event_text`). Persian text
uses Persian digits and zero-width non-joiners. Sentences about a player agree with who
acts: seat names come from ``names`` (``Player 1`` / «بازیکن ۱» for seat 0 by default), and
the seat ``you`` is addressed as “you” («شما», with second-person verbs).

>>> event_text({"event": "take", "player": 1, "spaces": [[2, 3], [2, 4]],
...             "tokens": ["blue", "pearl"]}, "en", names=["Ana", "Bot"])
'Bot took blue and pearl.'
>>> event_text({"event": "buy", "player": 0, "card": "1-red-b", "from": "pyramid",
...             "paid": {"white": 3}}, "fa", you=0)
'شما «قرمز ۱-ب» را خریدید (پرداخت: ۳ سفید).'
>>> card_summary("2-white-d", "en")
'level 2 white — 1 point, double bonus; costs 2 blue, 5 red'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience, LogLine
from rumizi.core.i18n import check_lang, join, number, persian_verb
from rumizi.games.splendor_duel.cards import (
    BY_ID,
    CARDS,
    COLORS,
    GOLD,
    ROYAL_BY_ID,
    ROYALS,
    TOKEN_NAMES,
)
from rumizi.games.splendor_duel.engine import WIN_COLOR, WIN_CROWNS, WIN_POINTS

__all__ = [
    "EVENT_KINDS",
    "ability_name",
    "action_text",
    "audience_names",
    "audience_who",
    "card_name",
    "card_summary",
    "choice_text",
    "color_name",
    "counted_tokens",
    "end_text",
    "event_text",
    "is_reader",
    "line_text",
    "log_entries",
    "quoted",
    "royal_name",
    "seat_label",
    "seat_name",
    "space_text",
    "token_name",
    "won_verb",
]

# Every kind of event the engine writes to ``state.events``.
EVENT_KINDS: tuple[str, ...] = (
    "turn",
    "use-privilege",
    "replenish",
    "privilege",
    "take",
    "reserve",
    "refill",
    "buy",
    "again",
    "take-bonus",
    "steal",
    "royal",
    "no-effect",
    "discard",
    "pass",
    "claim-stall",
    "concede",
    "game-over",
)

_TOKENS: dict[str, tuple[str, str]] = {
    "white": ("white", "سفید"),
    "blue": ("blue", "آبی"),
    "green": ("green", "سبز"),
    "red": ("red", "قرمز"),
    "black": ("black", "سیاه"),
    "pearl": ("pearl", "مروارید"),
    "gold": ("gold", "طلا"),
    "grey": ("grey", "خاکستری"),
}
_ABILITIES: dict[str, tuple[str, str]] = {
    "again": ("again (an extra turn)", "نوبت دوباره"),
    "token": ("token (take a token of its colour)", "توکن (یک توکن هم‌رنگش)"),
    "privilege": ("privilege (take a privilege)", "طومار (یک طومار بگیرید)"),
    "steal": ("steal (a gem or pearl from the opponent)", "دزدی (یک جواهر یا مروارید از حریف)"),
    "joker": ("joker (its bonus takes a colour you own)", "جوکر (پاداشش رنگی از پاداش‌های شما)"),
    "double": ("double bonus", "پاداش دوتایی"),
}
_FA_LETTERS = {"a": "الف", "b": "ب", "c": "پ", "d": "ت", "e": "ث"}
_ROYAL_NAMES: dict[str, tuple[str, str]] = {
    "royal-3": ("the Treasurer", "خزانه‌دار"),
    "royal-again": ("the Queen", "ملکه"),
    "royal-privilege": ("the Chancellor", "صدراعظم"),
    "royal-steal": ("the Spymaster", "رئیس جاسوسان"),
}
_REASONS: dict[str, tuple[str, str]] = {
    "points": ("with 20 or more prestige points", "با دست‌کم ۲۰ امتیاز اعتبار"),
    "crowns": ("with 10 or more crowns", "با دست‌کم ۱۰ تاج"),
    "color": ("with 10 or more points in one colour", "با دست‌کم ۱۰ امتیاز در یک رنگ"),
    "stall": ("because the opponent stalled", "به خاطر وقت‌کشی حریف"),
    "concede": ("because the opponent conceded", "با انصراف حریف"),
}


def _fa(lang: str) -> bool:
    return check_lang(lang) == "fa"


def color_name(color: str, lang: str) -> str:
    """A colour (or token kind) in ``lang``: ``color_name("red", "fa") == "قرمز"``."""
    pair = _TOKENS.get(color)
    if pair is None:
        return color
    return pair[1] if _fa(lang) else pair[0]


def token_name(token: str, lang: str) -> str:
    """A token kind in ``lang`` (the same words as the colours, plus pearl and gold)."""
    return color_name(token, lang)


def ability_name(ability: str, lang: str) -> str:
    """An ability with a few words on what it does."""
    pair = _ABILITIES.get(ability)
    if pair is None:
        return ability
    return pair[1] if _fa(lang) else pair[0]


def card_name(card_id: str, lang: str) -> str:
    """A card's short name: ``"White 1a"`` / «سفید ۱-الف»; royals by their title.

    >>> card_name("3-grey-b", "en"), card_name("3-grey-b", "fa")
    ('Grey 3b', 'خاکستری ۳-ب')
    """
    if card_id in ROYAL_BY_ID:
        return royal_name(card_id, lang)
    parts = card_id.split("-")
    if len(parts) != 3 or card_id not in BY_ID:
        return card_id
    level, color, letter = parts
    if _fa(lang):
        return f"{color_name(color, lang)} {number(int(level), lang)}-{_FA_LETTERS[letter]}"
    return f"{color.capitalize()} {level}{letter}"


def quoted(card_id: str, lang: str) -> str:
    """A card name as a sentence quotes it («…» in Persian)."""
    name = card_name(card_id, lang)
    return f"«{name}»" if _fa(lang) else name


def royal_name(royal_id: str, lang: str) -> str:
    """A royal's title."""
    pair = _ROYAL_NAMES.get(royal_id)
    if pair is None:
        return royal_id
    return pair[1] if _fa(lang) else pair[0]


def _count(n: int, what: str, lang: str) -> str:
    """``2 points`` / ``۲ امتیاز`` (Persian nouns stay singular after a number)."""
    if _fa(lang):
        return f"{number(n, lang)} {what}"
    return f"{n} {what}" + ("" if n == 1 else "s")


def _costs(cost: Mapping[str, int], lang: str) -> str:
    return join((f"{number(n, lang)} {token_name(k, lang)}" for k, n in cost.items() if n), lang)


def card_summary(card_id: str, lang: str) -> str:
    """What a card is: its level and colour, points, crowns, ability and cost."""
    fa = _fa(lang)
    r = ROYAL_BY_ID.get(card_id)
    if r is not None:
        royal = ROYALS[r]
        parts = [_count(royal.points, "امتیاز" if fa else "point", lang)]
        if royal.ability != "none":
            parts.append(ability_name(royal.ability, lang))
        return join(parts, lang)
    card = CARDS[BY_ID[card_id]]
    color = "grey" if card.color in ("joker", "none") else card.color
    head = (
        f"سطح {number(card.level, lang)}، {color_name(color, lang)}"
        if fa
        else f"level {card.level} {color}"
    )
    parts = []
    if card.points:
        parts.append(_count(card.points, "امتیاز" if fa else "point", lang))
    if card.crowns:
        parts.append(_count(card.crowns, "تاج" if fa else "crown", lang))
    if card.color == "joker":
        parts.append(ability_name("joker", lang).split(" (")[0])
    elif card.color == "none":
        parts.append("بدون پاداش" if fa else "no bonus")
    if card.bonus == 2:
        parts.append(ability_name("double", lang))
    if card.ability != "none":
        parts.append(ability_name(card.ability, lang).split(" (")[0])
    what = join(parts, lang) if parts else ("فقط پاداش" if fa else "bonus only")
    cost = _costs(card.cost, lang)
    if fa:
        return f"{head} — {what}؛ قیمت: {cost}"
    return f"{head} — {what}; costs {cost}"


def space_text(space: Sequence[int], lang: str) -> str:
    """A board space as written to players: ``(2, 3)`` (row, then column, from 1)."""
    r, c = int(space[0]), int(space[1])
    if _fa(lang):
        return f"({number(r, lang)}، {number(c, lang)})"
    return f"({r}, {c})"


# ---------------------------------------------------------------------- who acts


def seat_name(
    seat: Any, lang: str, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """How a seat is named: ``names[seat]``, “You”/«شما» for ``you``, else “Player n”
    (seats counted from one, as the page and the terminal count them: seat 0 is “Player 1”)."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        return "—"
    if seat == you:
        return "شما" if _fa(lang) else "You"
    if names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"بازیکن {number(seat + 1, lang)}" if _fa(lang) else f"Player {seat + 1}"


def _past(stem: str, seat: Any, you: int | None) -> str:
    """A Persian past-tense verb agreeing with the seat («برداشت» / «برداشتید»)."""
    return persian_verb(stem, you=seat == you and you is not None)


def _and(items: Sequence[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    if _fa(lang):
        return "، ".join(items[:-1]) + " و " + items[-1]
    return ", ".join(items[:-1]) + " and " + items[-1]


# ---------------------------------------------------------------------- the move menu


def _payment(card_id: str, player: Mapping[str, Any]) -> dict[str, int]:
    """What the engine's automatic payment takes for a card (coloured tokens, then gold)."""
    card = CARDS[BY_ID[card_id]]
    tokens = player["tokens"]
    bonuses = player.get("bonuses", {})
    paid: dict[str, int] = {}
    gold = 0
    for kind in TOKEN_NAMES[:GOLD]:
        n = card.cost.get(kind, 0) - (bonuses.get(kind, 0) if kind in COLORS else 0)
        if n > 0:
            use = min(n, int(tokens.get(kind, 0)))
            if use:
                paid[kind] = use
            gold += n - use
    if gold:
        paid["gold"] = gold
    return paid


def _tokens_at(view: Mapping[str, Any], spaces: Sequence[Sequence[int]]) -> list[str]:
    letters = "WBGRKPY"
    board = view["board"]
    out = []
    for r, c in spaces:
        ch = board[r - 1][c - 1]
        out.append(TOKEN_NAMES[letters.index(ch)] if ch in letters else "?")
    return out


def action_text(
    action: Mapping[str, Any],
    view: Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """One line for a move menu: what ``action`` does, said to the player to act.

    >>> from rumizi.games.splendor_duel import GAME
    >>> state = GAME.new(seed=7)
    >>> view = state.view(0)
    >>> action_text({"do": "take", "spaces": [[4, 1], [4, 2]]}, view, "en", you=0)
    'Take pearl and pearl from (4, 1)–(4, 2) — Player 2 gains a privilege'
    >>> action_text({"do": "replenish"}, view, "fa", you=0)
    'صفحه را از کیسه پر کنید (حریف یک طومار می\u200cگیرد)'
    """
    fa = _fa(lang)
    do = action.get("do")
    actor = view.get("to_act")
    if not isinstance(actor, int):
        actor = int(view.get("current", 0))
    other = seat_name(1 - actor, lang, names, you)
    player = view["players"][actor]
    if do == "take":
        spaces = action["spaces"]
        kinds = _tokens_at(view, spaces)
        what = _and([token_name(k, lang) for k in kinds], lang)
        where = space_text(spaces[0], lang)
        if len(spaces) > 1:
            where += "–" + space_text(spaces[-1], lang)
        gift = (len(kinds) == 3 and len(set(kinds)) == 1) or kinds.count("pearl") == 2
        if fa:
            text = f"{what} را از {where} بردارید"
            return text + (f" — {other} یک طومار می‌گیرد" if gift else "")
        return f"Take {what} from {where}" + (f" — {other} gains a privilege" if gift else "")
    if do == "buy":
        card = str(action["card"])
        paid = _payment(card, player)
        kept = ""
        chosen = action.get("pay")
        if isinstance(chosen, Mapping):
            # Another payment: say which tokens it keeps that the automatic one hands back.
            keep = {k: n - int(chosen.get(k, 0)) for k, n in paid.items() if k != "gold"}
            keep = {k: n for k, n in keep.items() if n > 0}
            paid = {k: int(n) for k, n in chosen.items()}
            if keep:
                kept = (
                    f"؛ {_costs(keep, lang)} برای شما می‌ماند"
                    if fa
                    else f", keeping {_costs(keep, lang)}"
                )
        pay = _costs(paid, lang) if paid else ("رایگان" if fa else "free")
        color = action.get("color")
        if fa:
            as_color = f" به رنگ {color_name(str(color), lang)}" if color else ""
            return (
                f"{quoted(card, lang)} را{as_color} بخرید ({pay}{kept}) — "
                f"{card_summary(card, lang)}"
            )
        as_color = f" as {color}" if color else ""
        return (
            f"Buy {card_name(card, lang)}{as_color} (pay {pay}{kept}) — {card_summary(card, lang)}"
        )
    if do == "reserve":
        gold = space_text(action["gold"], lang)
        if "deck" in action:
            lv = number(int(action["deck"]), lang)
            if fa:
                return f"طلای {gold} را بردارید و کارت رویِ دستهٔ سطح {lv} را رزرو کنید"
            return f"Take the gold at {gold} and reserve the top card of the level-{lv} deck"
        card = str(action["card"])
        if fa:
            return (
                f"طلای {gold} را بردارید و {quoted(card, lang)} را رزرو کنید — "
                f"{card_summary(card, lang)}"
            )
        return (
            f"Take the gold at {gold} and reserve {card_name(card, lang)} — "
            f"{card_summary(card, lang)}"
        )
    if do in ("privilege", "take-bonus"):
        space = action["space"]
        token = token_name(_tokens_at(view, [space])[0], lang)
        where = space_text(space, lang)
        if do == "privilege":
            if fa:
                return f"با یک طومار، {token} خانهٔ {where} را بردارید"
            return f"Use a privilege to take the {token} at {where}"
        return f"{token} خانهٔ {where} را بردارید" if fa else f"Take the {token} at {where}"
    if do == "replenish":
        if fa:
            return "صفحه را از کیسه پر کنید (حریف یک طومار می‌گیرد)"
        return f"Replenish the board from the bag ({other} gains a privilege)"
    if do == "steal":
        token = token_name(str(action["token"]), lang)
        return f"یک توکن {token} از {other} بدزدید" if fa else f"Steal a {token} from {other}"
    if do == "royal":
        card = str(action["card"])
        if fa:
            return f"{royal_name(card, lang)} را بگیرید — {card_summary(card, lang)}"
        return f"Take {royal_name(card, lang)} — {card_summary(card, lang)}"
    if do == "discard":
        token = token_name(str(action["token"]), lang)
        return f"یک توکن {token} به کیسه برگردانید" if fa else f"Return a {token} to the bag"
    if do == "pass":
        if fa:
            return "بگذرید (هیچ کار اجباری‌ای ممکن نیست)"
        return "Pass (no mandatory action is possible)"
    if do == "claim-stall":
        if fa:
            return f"ادعای پیروزی کنید: {other} سه نوبت وقت‌کشی کرده است"
        return f"Claim the win: {other} has stalled for three turns"
    if do == "concede":
        return "انصراف دهید" if fa else "Concede"
    return str(dict(action))


def choice_text(
    view: Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """What the open choice (``view["pending"]``) asks of the player to act; ``""`` if none.

    >>> choice_text({"to_act": 0, "pending": {"choice": "discard", "count": 2}}, "fa", you=0)
    'شما باید ۲ توکن به کیسه برگردانید (حداکثر ۱۰ توکن).'
    """
    pending = view.get("pending")
    if not pending:
        return ""
    fa = _fa(lang)
    actor = view.get("to_act")
    who = seat_name(actor, lang, names, you)

    def must(stem: str) -> str:
        return f"{who} باید " + persian_verb(
            stem, you=actor == you and you is not None, present=True
        )

    kind = pending.get("choice")
    if kind == "take-bonus":
        color = color_name(str(pending.get("color")), lang)
        if fa:
            return must(f"یک توکن {color} از صفحه بردار") + "."
        return f"{who} must take a {color} token from the board."
    if kind == "steal":
        if fa:
            return must("یک جواهر یا مروارید از حریف بدزد") + "."
        return f"{who} must steal a gem or pearl from the opponent."
    if kind == "royal":
        return must("یک اشراف‌زاده بگیر") + "." if fa else f"{who} must take a royal card."
    if kind == "discard":
        n = int(pending.get("count", 1))
        if fa:
            return must(f"{number(n, lang)} توکن به کیسه برگردان") + " (حداکثر ۱۰ توکن)."
        return f"{who} must return {_count(n, 'token', lang)} to the bag (10 at most)."
    return must("انتخاب کن") + "." if fa else f"{who} must choose."


# ---------------------------------------------------------------------- the log


def end_text(
    winner: Any,
    reason: Any,
    lang: str = "en",
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """The final line: who won and how."""
    fa = _fa(lang)
    who = seat_name(winner, lang, names, you)
    pair = _REASONS.get(str(reason))
    how = "" if pair is None else " " + (pair[1] if fa else pair[0])
    if fa:
        return f"{who}{how} {_past('برنده شد', winner, you)}."
    return f"{who} won{how}."


def event_text(
    event: Mapping[str, Any],
    lang: str = "en",
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """One sentence of the game log for an engine event (see ``state.events``).

    >>> event_text({"event": "privilege", "player": 0, "from": "opponent",
    ...             "reason": "replenish"}, "en", names=["Ana", "Bot"])
    'Ana took a privilege from Bot.'
    >>> event_text({"event": "game-over", "winner": 1, "reason": "crowns"}, "fa", you=0)
    'بازیکن ۲ با دست‌کم ۱۰ تاج برنده شد.'
    """
    fa = _fa(lang)
    kind = str(event.get("event"))
    seat = event.get("winner" if kind == "game-over" else "player")
    p = seat_name(seat, lang, names, you)
    other = seat_name(1 - seat, lang, names, you) if isinstance(seat, int) else "—"

    def v(stem: str) -> str:
        return _past(stem, seat, you)

    def tok(key: str = "token") -> str:
        return token_name(str(event.get(key)), lang)

    if kind == "turn":
        turn = number(int(event.get("turn", 0)), lang)
        extra = event.get("extra")
        if fa:
            return f"نوبت {turn}: {p}" + (" (نوبت دوباره)" if extra else "")
        return f"Turn {turn}: {p}" + (" (extra turn)" if extra else "")
    if kind == "use-privilege":
        where = space_text(event["space"], lang)
        if fa:
            return f"{p} با یک طومار {tok()} خانهٔ {where} را {v('برداشت')}."
        return f"{p} used a privilege to take the {tok()} at {where}."
    if kind == "replenish":
        placed = event.get("placed", [])
        what = join((token_name(str(x[2]), lang) for x in placed), lang)
        n = len(placed)
        if fa:
            return f"{p} صفحه را پر {v('کرد')}: {number(n, lang)} توکن به ترتیب مارپیچ ({what})."
        return f"{p} replenished the board: {_count(n, 'token', lang)} in spiral order ({what})."
    if kind == "privilege":
        source = event.get("from")
        if source == "supply":
            return f"{p} یک طومار {v('گرفت')}." if fa else f"{p} gained a privilege."
        if source == "opponent":
            if fa:
                return f"{p} یک طومار از {other} {v('گرفت')}."
            return f"{p} took a privilege from {other}."
        if fa:
            has = persian_verb("دار", you=seat == you and you is not None, present=True)
            return f"{p} هر سه طومار را {has}؛ طوماری اضافه نشد."
        hold = "hold" if seat == you and you is not None else "holds"
        return f"{p} already {hold} all 3 privileges."
    if kind == "take":
        kinds = [token_name(str(k), lang) for k in event.get("tokens", [])]
        return (
            f"{p} {_and(kinds, lang)} را {v('برداشت')}." if fa else f"{p} took {_and(kinds, lang)}."
        )
    if kind == "reserve":
        gold = space_text(event["gold"], lang)
        if "deck" in event:
            lv = number(int(event["deck"]), lang)
            if fa:
                return (
                    f"{p} طلای {gold} را {v('برداشت')} و کارت رویِ دستهٔ سطح {lv} را رزرو {v('کرد')}."
                )
            return f"{p} took the gold at {gold} and reserved the top card of the level-{lv} deck."
        card = str(event.get("card"))
        if fa:
            return f"{p} طلای {gold} را {v('برداشت')} و {quoted(card, lang)} را رزرو {v('کرد')}."
        return f"{p} took the gold at {gold} and reserved {card_name(card, lang)}."
    if kind == "refill":
        dealt = event.get("card")
        lv = number(int(event.get("level", 0)), lang)
        if dealt is None:
            if fa:
                return f"دستهٔ سطح {lv} تمام شده است؛ جای کارت در هرم خالی ماند."
            return f"The level-{lv} deck is empty; the pyramid slot stays empty."
        if fa:
            return f"{quoted(str(dealt), lang)} از دستهٔ سطح {lv} به هرم آمد."
        return f"{card_name(str(dealt), lang)} was dealt into the pyramid from the level-{lv} deck."
    if kind == "buy":
        card = str(event.get("card"))
        paid = event.get("paid") or {}
        pay = _costs(paid, lang) if paid else ("رایگان" if fa else "nothing")
        color = event.get("color")
        if fa:
            as_color = f" به رنگ {color_name(str(color), lang)}" if color else ""
            return f"{p} {quoted(card, lang)} را{as_color} {v('خرید')} (پرداخت: {pay})."
        as_color = f" as {color}" if color else ""
        return f"{p} bought {card_name(card, lang)}{as_color} (paid {pay})."
    if kind == "again":
        if fa:
            return (
                f"{p} یک نوبت دوباره {v('گرفت')}."
                if event.get("first", True)
                else ("دو اثر «نوبت دوباره» در یک نوبت فقط یک نوبت اضافه می‌دهد.")
            )
        if event.get("first", True):
            return f"{p} will play again."
        return "Two again effects in one turn still give a single extra turn."
    if kind == "take-bonus":
        where = space_text(event["space"], lang)
        if fa:
            return f"{p} با قابلیت کارت {tok()} خانهٔ {where} را {v('برداشت')}."
        return f"{p} took the {tok()} at {where} (token ability)."
    if kind == "steal":
        victim = seat_name(event.get("from"), lang, names, you)
        return (
            f"{p} یک توکن {tok()} از {victim} {v('دزدید')}."
            if fa
            else (f"{p} stole a {tok()} from {victim}.")
        )
    if kind == "royal":
        card = str(event.get("card"))
        if fa:
            return f"{p} {royal_name(card, lang)} را {v('گرفت')} ({card_summary(card, lang)})."
        return f"{p} took {royal_name(card, lang)} ({card_summary(card, lang)})."
    if kind == "no-effect":
        ability = str(event.get("ability"))
        fa_what = {
            "token": "توکنی از رنگ کارت روی صفحه نبود",
            "steal": "حریف جواهر یا مرواریدی نداشت",
            "royal": "اشراف‌زاده‌ای نمانده بود",
        }
        en_what = {
            "token": "no token of the card's colour was on the board",
            "steal": "the opponent had no gem or pearl to steal",
            "royal": "no royal card was left",
        }
        if fa:
            return f"بی‌اثر برای {p}: {fa_what.get(ability, ability)}."
        return f"No effect for {p}: {en_what.get(ability, ability)}."
    if kind == "discard":
        return (
            f"{p} یک توکن {tok()} به کیسه {v('برگرداند')}."
            if fa
            else (f"{p} returned a {tok()} to the bag.")
        )
    if kind == "pass":
        return (
            f"{p} {v('گذشت')}: کار اجباری‌ای ممکن نبود."
            if fa
            else (f"{p} passed: no mandatory action was possible.")
        )
    if kind == "claim-stall":
        if fa:
            return f"{p} به خاطر وقت‌کشی {other} ادعای پیروزی {v('کرد')}."
        return f"{p} claimed the win: {other} stalled."
    if kind == "concede":
        return f"{p} انصراف {v('داد')}." if fa else f"{p} conceded."
    if kind == "game-over":
        return end_text(seat, event.get("reason"), lang, names, you)
    return f"{kind}: " + ", ".join(f"{k}={val}" for k, val in event.items() if k != "event")


# ---------------------------------------------------------------------- the reader


def seat_label(seat: int, lang: str) -> str:
    """An unnamed seat: “Player N” / «بازیکن N», counted from one (seat 0 is “Player 1”)."""
    return seat_name(seat, lang)


def audience_names(audience: Audience) -> list[str]:
    """Seat names for :mod:`.texts`: every seat named (an empty one by its number)."""
    return [name or seat_label(i, audience.lang) for i, name in enumerate(audience.names)] or [
        seat_label(0, audience.lang),
        seat_label(1, audience.lang),
    ]


def audience_who(seat: Any, audience: Audience) -> str:
    """How the reader calls ``seat``: “You”, its name, or “Player N”."""
    return seat_name(seat, audience.lang, audience_names(audience), audience.seat)


def is_reader(seat: Any, audience: Audience) -> bool:
    """Whether ``seat`` is the reader's own (addressed as “you”)."""
    return audience.seat is not None and seat == audience.seat


def counted_tokens(kinds: Sequence[str], lang: str) -> str:
    """``["red", "pearl", "red"]`` → “2 red and 1 pearl” / «۲ قرمز و ۱ مروارید»."""
    parts = [
        f"{number(kinds.count(k), lang)} {token_name(k, lang)}"
        for k in (*TOKEN_NAMES, "?")
        if k in kinds
    ]
    if len(parts) <= 1:
        return "".join(parts)
    glue = "، " if lang == "fa" else ", "
    tail = " و " if lang == "fa" else " and "
    return glue.join(parts[:-1]) + tail + parts[-1]


def line_text(spaces: Sequence[Sequence[int]], lang: str) -> str:
    """Where a line of spaces lies: “row 3, columns 1–3”, “column 2, rows 4–5”, a diagonal."""
    fa = lang == "fa"

    def n(x: Any) -> str:
        return number(int(x), lang)

    if len(spaces) == 1:
        r, c = spaces[0]
        return f"ردیف {n(r)}، ستون {n(c)}" if fa else f"row {r}, column {c}"
    (r1, c1), (r2, c2) = spaces[0], spaces[-1]
    if r1 == r2:
        lo, hi = sorted((int(c1), int(c2)))
        return f"ردیف {n(r1)}، ستون‌های {n(lo)} تا {n(hi)}" if fa else f"row {r1}, columns {lo}–{hi}"
    if c1 == c2:
        lo, hi = sorted((int(r1), int(r2)))
        return f"ستون {n(c1)}، ردیف‌های {n(lo)} تا {n(hi)}" if fa else f"column {c1}, rows {lo}–{hi}"
    start, end = space_text(spaces[0], lang), space_text(spaces[-1], lang)
    return f"قطری از {start} تا {end}" if fa else f"diagonal {start}–{end}"


def _turn_line(event: Mapping[str, Any], audience: Audience) -> str:
    lang = audience.lang
    who = audience_who(event.get("player"), audience)
    turn = number(int(event.get("turn", 0)), lang)
    if lang == "fa":
        extra = " (نوبت دوباره)" if event.get("extra") else ""
        return f"── نوبت {turn} · {who}{extra} ──"
    extra = " (extra turn)" if event.get("extra") else ""
    return f"── Turn {turn} · {who}{extra} ──"


def won_verb(seat: Any, audience: Audience) -> str:
    """Persian «برنده شد», agreeing with the reader («برنده شدید»)."""
    return "برنده " + persian_verb("شد", you=is_reader(seat, audience))


def _game_over_line(event: Mapping[str, Any], audience: Audience) -> str:
    lang = audience.lang
    winner = event.get("winner")
    reason = event.get("reason")
    who = audience_who(winner, audience)
    fa = lang == "fa"
    reach = {
        "points": (
            f"by reaching {WIN_POINTS} prestige points",
            f"با رسیدن به {number(WIN_POINTS, lang)} امتیاز اعتبار",
        ),
        "crowns": (
            f"by reaching {WIN_CROWNS} crowns",
            f"با رسیدن به {number(WIN_CROWNS, lang)} تاج",
        ),
        "color": (
            f"by reaching {WIN_COLOR} points in one colour",
            f"با رسیدن به {number(WIN_COLOR, lang)} امتیاز در یک رنگ",
        ),
    }.get(str(reason))
    if reach is None:
        return end_text(winner, reason, lang, audience_names(audience), audience.seat)
    if fa:
        return f"{who} {reach[1]} {won_verb(winner, audience)}."
    return f"{who} won {reach[0]}."


def _take_line(event: Mapping[str, Any], audience: Audience) -> str:
    """“Easy bot took 2 blue and 1 pearl (column 1, rows 1–3).”"""
    lang = audience.lang
    seat = event.get("player")
    who = audience_who(seat, audience)
    what = counted_tokens([str(k) for k in event.get("tokens", [])], lang)
    where = line_text(event.get("spaces") or [], lang) if event.get("spaces") else ""
    place = f" ({where})" if where else ""
    if lang == "fa":
        verb = persian_verb("برداشت", you=is_reader(seat, audience))
        return f"{who} {what} {verb}{place}."
    return f"{who} took {what}{place}."


def _public_event(event: Mapping[str, Any], audience: Audience) -> Mapping[str, Any]:
    """The event as the reader may see it: a card reserved blind only for its owner."""
    blind = event.get("event") == "reserve" and "deck" in event and "card" in event
    if blind and not is_reader(event.get("player"), audience):
        return {k: v for k, v in event.items() if k != "card"}
    return event


def _reserve_blind_line(event: Mapping[str, Any], audience: Audience) -> str | None:
    """A blind reserve read by its owner, when the event names the card (it may one day)."""
    if not ("deck" in event and event.get("card") and is_reader(event.get("player"), audience)):
        return None
    lang = audience.lang
    card = str(event["card"])
    gold = space_text(event["gold"], lang)
    lv = number(int(event["deck"]), lang)
    if lang == "fa":
        return (
            f"شما طلای {gold} را برداشتید و کارت رویِ دستهٔ سطح {lv} را رزرو کردید: "
            f"{quoted(card, lang)} (فقط شما آن را می‌بینید)."
        )
    return (
        f"You took the gold at {gold} and reserved the top card of the level-{lv} deck: "
        f"{card_name(card, lang)} (only you can see it)."
    )


def log_entries(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[LogLine]:
    """One line per event, public information only, addressed to the reader."""
    return [
        LogLine(text, _TONES.get(str(event.get("event")), ""), _cards_of(event))
        for event, text in zip(events, _log_sentences(events, audience), strict=True)
    ]


_TONES = {"turn": "heading", "game-over": "alert", "concede": "alert", "claim-stall": "alert"}


def _cards_of(event: Mapping[str, Any]) -> tuple[str, ...]:
    card = event.get("card")
    return (card,) if isinstance(card, str) and card in BY_ID else ()


def _log_sentences(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
    lines: list[str] = []
    names = audience_names(audience)
    for raw in events:
        event = _public_event(raw, audience)
        kind = event.get("event")
        if kind == "turn":
            lines.append(_turn_line(event, audience))
        elif kind == "take":
            lines.append(_take_line(event, audience))
        elif kind == "game-over":
            lines.append(_game_over_line(event, audience))
        elif kind == "reserve" and (own := _reserve_blind_line(event, audience)):
            lines.append(own)
        else:
            lines.append(event_text(event, audience.lang, names, audience.seat))
    return lines


# ---------------------------------------------------------------------- the result

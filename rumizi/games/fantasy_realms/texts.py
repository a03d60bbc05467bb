"""Every sentence of Fantasy Realms a player reads, in Persian and English.

Names come from the cards file (:mod:`.cards`): a card's name, a Cursed Item's, a suit's.
Two families of sentences are built here and shared by the page and the terminal (and the
cards' effects in a few words, :func:`short_effect`, which the page prints on each card):

* :func:`action_text` — one legal move, said to the player who makes it (an imperative:
  “Discard Dragon” / «اژدها» را بسوزانید»);
* :func:`event_text` / :func:`log_entries` — one log line per engine event, said to its
  reader: the reader's own seat is “you” («شما», with second-person verbs), other seats go
  by their names, an unnamed seat by its number.

The Persian words follow the Persian rulebook (the seed): a discarded card is *burnt*
(«سوزاندن»), the discard area is «کارت‌های سوخته», the Cursed Items «آیتم‌های نفرین‌شده».

Nothing hidden reaches a log line: the engine logs a Staff of Transmutation with the hand
cards it sent away, a Market Wagon offer with the offered cards and a swap with the card
taken; those cards are named only to the seats that saw them, the others read a count.

>>> event_text({"event": "discard", "player": 1, "card": "dragon"}, "en", names=["Ana", "Bo"])
'Bo discarded Dragon.'
>>> event_text({"event": "take", "player": 0, "card": "dragon"}, "fa", you=0)
'شما «اژدها» را از کارت‌های سوخته برداشتید.'
>>> action_text({"do": "discard", "card": "king"}, "fa")
'«پادشاه» را بسوزانید'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from rumizi.core.addons import Audience, LogLine
from rumizi.core.i18n import check_lang, join, number
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, REPRINTS, SUIT_NAMES

__all__ = [
    "CHAOS_EVENT_KINDS",
    "CHAOS_MOVES",
    "EVENT_KINDS",
    "action_text",
    "audience_names",
    "card_name",
    "event_text",
    "item_name",
    "log_entries",
    "seat_name",
    "short_effect",
    "suit_name",
    "who",
]

#: Every kind of event the engine writes to ``state.events``, and ``start`` (the opening).
EVENT_KINDS: tuple[str, ...] = (
    "start",
    "draw",
    "take",
    "discard",
    "drop-item",
    "use",
    "forgo",
    "return",
    "offer",
    "wagon-keep",
    "wagon-discard",
    "wagon-swap",
    "ring",
    "reshuffle-items",
    "end-turn",
    "leprechaun",
    "genie",
    "necromancer",
    "shed",
    "end",
)

#: The chaos realms' events (the trading, the timer's ring, the Necromancer's draw of three).
CHAOS_EVENT_KINDS: tuple[str, ...] = (
    "propose",
    "refuse",
    "withdraw",
    "swap",
    "done",
    "ring",
    "draw",
    "keep",
)

#: The chaos realms' moves (``ring`` is the server's, never a player's).
CHAOS_MOVES: tuple[str, ...] = (
    "propose",
    "accept",
    "refuse",
    "withdraw",
    "done",
    "draw-three",
    "pass",
    "keep",
)


def _fa(lang: str) -> bool:
    return check_lang(lang) == "fa"


def card_name(card_id: str, lang: str) -> str:
    """A card's name (a Cursed Item's too): ``card_name("king", "fa") == "پادشاه"``."""
    info = CARDS.get(card_id) or ITEMS.get(card_id)
    if info is None:
        return card_id
    return info.fa if _fa(lang) else info.en


def item_name(item_id: str, lang: str) -> str:
    """A Cursed Item's name."""
    return card_name(item_id, lang)


def suit_name(suit: str, lang: str) -> str:
    """A suit's name as the Persian rulebook and the English cards print it."""
    pair = SUIT_NAMES.get(suit)
    if pair is None:
        return suit
    return pair[0] if _fa(lang) else pair[1]


def _q(card_id: object, lang: str) -> str:
    """A card's name as a sentence quotes it («…» in Persian)."""
    name = card_name(str(card_id), lang)
    return f"«{name}»" if _fa(lang) else name


def _cards(cards: Sequence[str], lang: str) -> str:
    if not cards:
        return "هیچ کارتی" if _fa(lang) else "no card"
    return join((_q(c, lang) for c in cards), lang)


def seat_name(seat: int, lang: str) -> str:
    """An unnamed seat: ``Player 1`` / «بازیکن ۱» (seats counted from one)."""
    return f"بازیکن {number(seat + 1, lang)}" if _fa(lang) else f"Player {seat + 1}"


def audience_names(audience: Audience) -> list[str]:
    """The seat names of ``audience``, with “Player N” where a seat has none."""
    count = max(len(audience.names), int(audience.options.get("players", 0) or 0))
    names = list(audience.names) + [""] * (count - len(audience.names))
    return [name or seat_name(i, audience.lang) for i, name in enumerate(names)]


def who(seat: int, lang: str, names: Sequence[str] = (), you: int | None = None) -> str:
    """How a sentence names ``seat``: “you” for the reader, else the seat's name."""
    if seat == you:
        return "شما" if _fa(lang) else "you"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return seat_name(seat, lang)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ---------------------------------------------------------------------- moves


def _use_text(a: Mapping[str, Any], lang: str, names: Sequence[str], you: int | None) -> str:
    fa = _fa(lang)
    item = _q(a["item"], lang)
    extra = ""
    if "player" in a:
        target = who(int(a["player"]), lang, names, you)
        extra = f" روی {target}" if fa else f" on {target}"
    elif "suit" in a:
        extra = f" ({suit_name(a['suit'], lang)})"
    elif "card" in a:
        extra = f" ({_q(a['card'], lang)})"
    elif "cards" in a:
        extra = f" ({_cards(a['cards'], lang)})"
    elif "take" in a:
        taken = _q(a["take"], lang)
        extra = f" و {taken} را بردارید و به کار ببرید" if fa else f", taking and using {taken}"
    elif "copy" in a:
        if a["copy"] is None:
            extra = (
                " (آیتمی برای تکرار نیست: آیتم تازه بکشید)"
                if fa
                else " (nothing to copy: draw a new item)"
            )
        else:
            copied = _q(a["copy"], lang)
            extra = f" و {copied} را تکرار کنید" if fa else f" to repeat {copied}"
    return f"از {item}{extra} استفاده کنید" if fa else f"Use {item}{extra}"


def action_text(
    action: Mapping[str, Any],
    lang: str,
    names: Sequence[str] = (),
    you: int | None = None,
    view: Mapping[str, Any] | None = None,
) -> str:
    """One legal move as an imperative sentence for the player who makes it.

    >>> action_text({"do": "take", "card": "dragon"}, "en")
    'Take Dragon from the discard area'
    >>> action_text({"do": "use", "item": "spyglass", "player": 2}, "en", names=["A", "B", "C"])
    'Use Spyglass on C'
    """
    fa = _fa(lang)
    kind = action.get("do")
    card = action.get("card")
    if kind == "draw":
        return "کارت روی دسته را بکشید" if fa else "Draw the top card of the deck"
    if kind == "draw-two":
        return (
            "دو کارت بکشید و یکی از آن دو را بسوزانید"
            if fa
            else "Draw two cards, then discard one of them"
        )
    if kind == "take":
        phase = (view or {}).get("phase")
        if phase == "rake":
            return f"{_q(card, lang)} را با شن‌کش بردارید" if fa else f"Rake up {_q(card, lang)}"
        return (
            f"{_q(card, lang)} را از کارت‌های سوخته بردارید"
            if fa
            else f"Take {_q(card, lang)} from the discard area"
        )
    if kind == "discard":
        return f"{_q(card, lang)} را بسوزانید" if fa else f"Discard {_q(card, lang)}"
    if kind == "drop-item":
        up = (view or {}).get("items", {}).get("up") or []
        item = up[you] if you is not None and you < len(up) and up[you] else None
        what = _q(item, lang) if item else ("آیتم رو‌به‌رو" if fa else "your face-up item")
        return (
            f"{what} را در پایان نوبت کنار بگذارید و آیتم تازه‌ای بکشید"
            if fa
            else f"Discard {what} at the end of the turn and draw a new item"
        )
    if kind == "end-turn":  # after the discard, the item left unused for a later turn
        return "نوبتتان را تمام کنید" if fa else "End your turn"
    if kind == "use":
        return _use_text(action, lang, names, you)
    if kind == "forgo":
        item = ((view or {}).get("pending") or {}).get("item")
        what = _q(item, lang) if item else ("این آیتم" if fa else "the item")
        return (
            f"از {what} استفاده نکنید (به پشت برمی‌گردد)"
            if fa
            else f"Do not use {what} (it is turned face down)"
        )
    if kind == "return":
        top = action.get("to") == "top"
        if fa:
            return f"{_q(card, lang)} را به {'روی' if top else 'زیر'} دسته برگردانید"
        return f"Put {_q(card, lang)} back on the {'top' if top else 'bottom'} of the deck"
    if kind == "offer":
        cards = list(action.get("cards") or [])
        if not cards:
            return "چیزی پیشنهاد نکنید" if fa else "Offer nothing"
        return f"{_cards(cards, lang)} را پیشنهاد کنید" if fa else f"Offer {_cards(cards, lang)}"
    if kind in ("wagon-keep", "wagon-discard", "wagon-swap"):
        shown = ((view or {}).get("pending") or {}).get("card")
        what = _q(shown, lang) if shown else ("کارت نشان‌داده" if fa else "the shown card")
        if kind == "wagon-keep":
            return f"{what} را نگه دارید" if fa else f"Keep {what}"
        if kind == "wagon-discard":
            return (
                f"{what} را بسوزانید و کارتی از دسته بکشید"
                if fa
                else f"Discard {what} and draw a card"
            )
        other = who(int(action["player"]), lang, names, you)
        return (
            f"{what} را با {_q(card, lang)} از {other} عوض کنید"
            if fa
            else f"Swap {what} for {other}'s {_q(card, lang)}"
        )
    if kind in CHAOS_MOVES:
        return _chaos_action(action, lang, names, you, view)
    if kind == "ring" and card is None:  # the chaos timer: the server plays it
        return "زمان معاوضه را تمام کنید" if fa else "End the trading (the timer)"
    if kind == "ring":
        return (
            f"{_q(card, lang)} را روی دسته بگذارید"
            if fa
            else f"Put {_q(card, lang)} on top of the deck"
        )
    if kind == "genie":
        if card is None:
            return "با غول چراغ کارتی برندارید" if fa else "Take no card with the Genie"
        return (
            f"{_q(card, lang)} را با غول چراغ از دسته بردارید"
            if fa
            else f"Take {_q(card, lang)} from the deck with the Genie"
        )
    if kind == "necromancer":
        if card is None:
            return "با مرگ‌ساحر کارتی برندارید" if fa else "Take no card with the Necromancer"
        return (
            f"{_q(card, lang)} را با مرگ‌ساحر از کارت‌های سوخته بردارید"
            if fa
            else f"Take {_q(card, lang)} from the discard area with the Necromancer"
        )
    if kind == "shed":
        return (
            f"{_q(card, lang)} را بسوزانید (سقف کارت‌های دست)"
            if fa
            else f"Discard {_q(card, lang)} (the hand limit)"
        )
    return str(dict(action))


def _open_offer(view: Mapping[str, Any] | None, oid: Any) -> Mapping[str, Any]:
    offers = ((view or {}).get("pending") or {}).get("offers") or []
    return next((o for o in offers if o.get("id") == oid), {})


def _chaos_action(
    a: Mapping[str, Any],
    lang: str,
    names: Sequence[str],
    you: int | None,
    view: Mapping[str, Any] | None,
) -> str:
    """A chaos realms move: the trading's offers and answers, the Necromancer's draw."""
    fa = _fa(lang)
    kind = a["do"]
    card = a.get("card")
    if kind == "propose":
        other = who(int(a["to"]), lang, names, you)
        if fa:
            return f"{_q(card, lang)} را برای معاوضه به {other} پیشنهاد کنید"
        return f"Offer {_q(card, lang)} to {other} in a swap"
    if kind == "done":
        return "معاوضه‌هایم تمام شد" if fa else "I'm done trading"
    if kind == "draw-three":
        return (
            "با مرگ‌ساحر سه کارت بکشید و یکی را نگه دارید"
            if fa
            else "Draw three cards with the Necromancer and keep one"
        )
    if kind == "pass":
        return (
            "با مرگ‌ساحر کارت نکشید (متن کارت به کار می‌رود)"
            if fa
            else "Draw nothing with the Necromancer (its text applies)"
        )
    if kind == "keep":
        if fa:
            return f"{_q(card, lang)} را نگه دارید (دو کارت دیگر به زیر دسته می‌روند)"
        return f"Keep {_q(card, lang)} (the other two go to the bottom of the deck)"
    offer = _open_offer(view, a.get("offer"))
    oid = number(int(a.get("offer", 0)), lang)
    offered = offer.get("card")
    if kind == "withdraw":
        to = offer.get("to")
        if offered is not None and isinstance(to, int):
            other = who(to, lang, names, you)
            if fa:
                return f"پیشنهاد {_q(offered, lang)} به {other} را پس بگیرید"
            return f"Withdraw your offer of {_q(offered, lang)} to {other}"
        return f"پیشنهاد {oid} را پس بگیرید" if fa else f"Withdraw offer {oid}"
    by = offer.get("by")
    from_whom = who(int(by), lang, names, you) if isinstance(by, int) else ""
    if kind == "refuse":
        if offered is not None and from_whom:
            if fa:
                return f"پیشنهاد {from_whom} ({_q(offered, lang)}) را رد کنید"
            return f"Refuse {from_whom}'s offer of {_q(offered, lang)}"
        return f"پیشنهاد {oid} را رد کنید" if fa else f"Refuse offer {oid}"
    # accept: the card you give back for the offered one
    if offered is not None and from_whom:
        if fa:
            return f"{_q(card, lang)} را بدهید و {_q(offered, lang)} را از {from_whom} بگیرید"
        return f"Give {_q(card, lang)} for {from_whom}'s {_q(offered, lang)}"
    if fa:
        return f"پیشنهاد {oid} را بپذیرید و {_q(card, lang)} را بدهید"
    return f"Accept offer {oid}, giving {_q(card, lang)}"


# ---------------------------------------------------------------------- the log


def _say(fa: bool, subject: str, you: bool, fa_text: str, en: str) -> str:
    """``subject`` and its predicate; Persian verbs agree with the reader when they act.

    The Persian predicate is written in the third person with each verb marked: ``~`` after
    a past stem (کشید~ → کشیدید for “you”), ``^`` for a present ending (می‌گذار^ → می‌گذارد /
    می‌گذارید).
    """
    if fa:
        text = fa_text.replace("~", "ید" if you else "").replace("^", "ید" if you else "د")
        return f"{subject} {text}"
    return _cap(f"{subject} {en}")


def _use_event(e: Mapping[str, Any], lang: str, names: Sequence[str], reader: int | None) -> str:
    fa = _fa(lang)
    p = int(e["player"])
    me = p == reader
    s = who(p, lang, names, reader)
    item = _q(e["item"], lang)
    detail = ""
    if isinstance(e.get("target"), int):
        target = who(int(e["target"]), lang, names, reader)
        detail = f" روی {target}" if fa else f" on {target}"
    if "suit" in e:
        detail = f" ({suit_name(e['suit'], lang)})"
    if "card" in e:
        detail = f" ({_q(e['card'], lang)})"
    if "cards" in e:
        cards = list(e["cards"])
        if e["item"] == "staff-of-transmutation" and not me:  # hand cards: never named
            n = number(len(cards), lang)
            detail = f" ({n} کارت دست)" if fa else f" ({len(cards)} hand cards)"
        else:
            detail = f" ({_cards(cards, lang)})"
    if e.get("take"):
        detail = f" ({_q(e['take'], lang)})"
    if e.get("copy"):
        detail = f" ({_q(e['copy'], lang)})"
    if fa:
        verb = "استفاده کردید" if me else "استفاده کرد"
        return f"{s} از {item}{detail} {verb}."
    return f"{_cap(s)} used {item}{detail}."


def event_text(
    event: Mapping[str, Any],
    lang: str,
    names: Sequence[str] = (),
    you: int | None = None,
) -> str:
    """One log sentence for ``event``, said to the seat ``you`` (``None``: a spectator).

    >>> event_text({"event": "draw", "player": 2, "count": 2}, "en")
    'Player 3 drew two cards.'
    >>> event_text({"event": "end", "winners": [0, 1]}, "fa", names=["Ana", "Bo"])
    'بازی تمام شد: Ana و Bo با هم برنده شدند.'
    """
    fa = _fa(lang)
    kind = event.get("event")
    p = event.get("player")
    me = p is not None and p == you
    s = who(int(p), lang, names, you) if isinstance(p, int) else ""
    card = event.get("card")
    if kind == "start" and p is None:  # the chaos realms: everybody trades at once
        secs = int(event.get("timer", 0))
        left = number(secs // 60, lang) if secs % 60 == 0 else number(secs, lang)
        unit_fa, unit_en = ("دقیقه", "minutes") if secs % 60 == 0 else ("ثانیه", "seconds")
        if fa:
            return f"معاوضه‌ها آغاز شد: همه با هم، {left} {unit_fa}."
        return f"The trading begins: everybody at once, {left} {unit_en}."
    if kind == "start":
        if fa:
            return f"بازی آغاز شد: نوبت اول با {s} است."
        return f"The game begins: {s} {'play' if me else 'plays'} first."
    if kind == "draw":
        count = int(event.get("count", 1))
        if count == 3:  # the chaos realms' Necromancer
            return _say(
                fa,
                s,
                me,
                "با مرگ‌ساحر سه کارت کشید~ تا یکی را نگه دار^.",
                "drew three cards with the Necromancer, to keep one.",
            )
        if count not in (1, 2):
            n = number(count, lang)
            return _say(fa, s, me, f"{n} کارت کشید~.", f"drew {n} cards.")
        two = count == 2
        return _say(
            fa,
            s,
            me,
            "دو کارت کشید~." if two else "یک کارت کشید~.",
            "drew two cards." if two else "drew a card.",
        )
    if kind in ("propose", "refuse", "withdraw", "swap", "done", "keep") or (
        kind == "ring" and p is None
    ):
        return _chaos_event(event, lang, names, you)
    if kind == "take":
        q = _q(card, lang)
        return _say(
            fa,
            s,
            me,
            f"{q} را از کارت‌های سوخته برداشت~.",
            f"took {q} from the discard area.",
        )
    if kind == "discard":
        q = _q(card, lang)
        return _say(fa, s, me, f"{q} را سوزاند~.", f"discarded {q}.")
    if kind == "drop-item":
        q = _q(event.get("item") or "", lang)
        return _say(
            fa,
            s,
            me,
            f"{q} را در پایان نوبت کنار می‌گذار^.",
            f"will discard {q} at the end of the turn.",
        )
    if kind == "use":
        return _use_event(event, lang, names, you)
    if kind == "forgo":
        q = _q(event.get("item") or "", lang)
        return _say(
            fa,
            s,
            me,
            f"از {q} استفاده نکرد~ و آن را به پشت گذاشت~.",
            f"turned {q} face down without using it.",
        )
    if kind == "return":
        top = event.get("to") == "top"
        where_fa = "روی" if top else "زیر"
        return _say(
            fa,
            s,
            me,
            f"کارتی را به {where_fa} دسته برگرداند~.",
            f"put a card back on the {'top' if top else 'bottom'} of the deck.",
        )
    if kind == "offer":
        cards = list(event.get("cards") or [])
        if not cards:
            return _say(fa, s, me, "چیزی پیشنهاد نکرد~.", "offered nothing.")
        if me:
            what = _cards(cards, lang)
        elif fa:
            what = f"{number(len(cards), lang)} کارت"
        else:
            what = f"{len(cards)} card" + ("s" if len(cards) > 1 else "")
        return _say(fa, s, me, f"{what} پیشنهاد کرد~.", f"offered {what}.")
    if kind == "wagon-keep":
        return _say(
            fa,
            s,
            me,
            "کارت نشان‌داده را نگه داشت~.",
            "kept the shown card.",
        )
    if kind == "wagon-discard":
        return _say(
            fa,
            s,
            me,
            "کارت نشان‌داده را سوزاند~ و کارتی کشید~.",
            "discarded the shown card and drew a card.",
        )
    if kind == "wagon-swap":
        seat = int(event.get("target", -1))
        other = who(seat, lang, names, you)
        # the card taken is named only to the two who swapped
        got = f" ({_q(card, lang)})" if card and you in (p, seat) else ""
        return _say(
            fa,
            s,
            me,
            f"با {other} کارت عوض کرد~{got}.",
            f"swapped a card with {other}{got}.",
        )
    if kind == "ring":
        return _say(
            fa,
            s,
            me,
            "دسته را گشت~ و کارتی را روی آن گذاشت~.",
            "searched the deck and put a card on top.",
        )
    if kind == "reshuffle-items":
        if fa:
            return "آیتم‌های کنارگذاشته بُر خوردند و دستهٔ تازهٔ آیتم‌ها شدند."
        return "The discarded Cursed Items were shuffled into a new item deck."
    if kind == "end-turn":
        if fa:
            return f"── پایان نوبت {s} ──"
        return "── end of your turn ──" if me else f"── end of {s}'s turn ──"
    if kind == "leprechaun":
        return _say(
            fa,
            s,
            me,
            "با لپرکان کارت روی دسته را برداشت~.",
            "drew the top card with the Leprechaun.",
        )
    if kind == "genie":
        if event.get("took"):
            return _say(
                fa,
                s,
                me,
                "با غول چراغ کارتی از دسته برداشت~.",
                "took a card from the deck with the Genie.",
            )
        return _say(
            fa,
            s,
            me,
            "از غول چراغ استفاده نکرد~.",
            "did not use the Genie.",
        )
    if kind == "necromancer":
        if card:
            q = _q(card, lang)
            return _say(
                fa,
                s,
                me,
                f"با مرگ‌ساحر {q} را از کارت‌های سوخته برداشت~.",
                f"took {q} from the discard area with the Necromancer.",
            )
        return _say(
            fa,
            s,
            me,
            "از مرگ‌ساحر استفاده نکرد~.",
            "did not use the Necromancer.",
        )
    if kind == "shed":
        q = _q(card, lang)
        return _say(
            fa,
            s,
            me,
            f"{q} را برای سقف دست سوزاند~.",
            f"discarded {q} to keep within the hand limit.",
        )
    if kind == "end":
        winners = [int(w) for w in event.get("winners") or []]
        listed = [who(w, lang, names, you) for w in winners]
        if fa:
            if len(listed) == 1:
                verb = "برنده شدید" if winners[0] == you else "برنده شد"
                return f"بازی تمام شد: {listed[0]} {verb}."
            both = " و ".join(listed)
            return f"بازی تمام شد: {both} با هم برنده شدند."
        if len(listed) == 1:
            return f"The game is over: {listed[0]} won."
        return f"The game is over: {' and '.join(listed)} share the win."
    return str(dict(event))


def _chaos_event(event: Mapping[str, Any], lang: str, names: Sequence[str], you: int | None) -> str:
    """The chaos realms' log: offers by number (their cards stay with the two seats)."""
    fa = _fa(lang)
    kind = event["event"]
    if kind == "ring":
        if fa:
            return "⏰ زمان تمام شد: معاوضه‌ها به پایان رسید."
        return "⏰ Time is up: the trading is over."
    if kind == "swap":
        a, b = (int(q) for q in event["players"])
        first, second = who(a, lang, names, you), who(b, lang, names, you)
        if you in (a, b):
            other = who(b if you == a else a, lang, names, you)
            return (
                f"شما با {other} کارتی معاوضه کردید." if fa else f"You swapped a card with {other}."
            )
        if fa:
            return f"{first} و {second} کارتی با هم معاوضه کردند."
        return f"{first} and {second} swapped a card."
    p = int(event["player"])
    me = p == you
    s = who(p, lang, names, you)
    oid = number(int(event.get("offer", 0)), lang)
    if kind == "propose":
        to = who(int(event["to"]), lang, names, you)
        return _say(
            fa,
            s,
            me,
            f"به {to} پیشنهاد معاوضه داد~ (پیشنهاد {oid}).",
            f"offered {to} a swap (offer {oid}).",
        )
    if kind == "refuse":
        by_seat = int(event["by"])
        by = who(by_seat, lang, names, you)
        if fa:
            return _say(fa, s, me, f"پیشنهاد {by} را رد کرد~ (پیشنهاد {oid}).", "")
        whose = "your" if by_seat == you else f"{by}'s"
        return _say(fa, s, me, "", f"refused {whose} offer (offer {oid}).")
    if kind == "withdraw":
        return _say(
            fa,
            s,
            me,
            f"پیشنهادش را پس گرفت~ (پیشنهاد {oid}).".replace(
                "پیشنهادش", "پیشنهادتان" if me else "پیشنهادش"
            ),
            f"withdrew {'your' if me else 'their'} offer (offer {oid}).",
        )
    if kind == "done":
        return _say(
            fa,
            s,
            me,
            "معاوضه‌هایش را تمام کرد~.".replace("هایش", "هایتان" if me else "هایش"),
            f"{'are' if me else 'is'} done trading.",
        )
    # keep: the Necromancer's kept card is the holder's secret
    return _say(
        fa,
        s,
        me,
        "یکی از سه کارت را نگه داشت~ و دو کارت را به زیر دسته برگرداند~.",
        "kept one of the three cards and put two at the bottom of the deck.",
    )


_TONES = {"start": "heading", "end-turn": "heading", "end": "alert", "ring": "alert"}


def _named(event: Mapping[str, Any]) -> tuple[str, ...]:
    found = [event[k] for k in ("card", "item", "take", "copy") if isinstance(event.get(k), str)]
    return tuple(found)


def log_entries(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[LogLine]:
    """The engine's events as log lines for ``audience`` (public information only)."""
    names = audience_names(audience)
    out = []
    for event in events:
        text = event_text(event, audience.lang, names, audience.seat)
        tone = _TONES.get(str(event.get("event")), "")
        if not tone and event.get("player") not in (None, audience.seat):
            tone = "quiet"
        out.append(LogLine(text, tone, _named(event)))
    return out


# ---------------------------------------------------------------------- cards, in short

# What each card does in a few words (English, Persian), printed on the card at the table; the
# full effect (:meth:`.cards.CardInfo.effect`) is one tap away. A short form may leave out a
# detail (the Wildfire's five named cards, the Gem of Order's scale) but never says what the
# card does not do. The Cursed Hoard reprints have their own.
SHORT_EFFECTS: Final[dict[str, tuple[str, str]]] = {
    "mountain": (
        "+50 with Smoke and Wildfire. No Flood penalty.",
        "با دود و آتش وحشی +۵۰. جریمهٔ آب‌ها پاک می‌شود.",
    ),
    "cavern": (
        "+25 with Dragon or Dwarvish Infantry. No Weather penalty.",
        "با پیاده‌نظام کوتوله‌ها یا اژدها +۲۵. جریمهٔ هواها پاک می‌شود.",
    ),
    "bell-tower": (
        "+15 with a Wizard.",
        "با یک جادوگر +۱۵.",
    ),
    "forest": (
        "+12 per Beast; +12 more with Elven Archers.",
        "+۱۲ برای هر جانور؛ با کمانداران الفی +۱۲ دیگر.",
    ),
    "earth-elemental": (
        "+15 per other Land.",
        "+۱۵ برای هر خاک دیگر.",
    ),
    "garden": (
        "+11 per Leader and Beast. Undead, Necromancer, Demon blank it.",
        "+۱۱ برای هر فرمانده و جانور. با نامیرا، مرگ‌ساحر یا دیو پوچ می‌شود.",
    ),
    "fountain-of-life": (
        "+ base strength of a Weapon, Flood, Flame, Land or Weather.",
        "+ قدرت پایهٔ یک سلاح، آب، آتش، خاک یا هوای دست.",
    ),
    "swamp": (
        "−3 per Army and Flame.",
        "−۳ برای هر ارتش و آتش.",
    ),
    "great-flood": (
        "Blanks Armies, Lands but Mountain, Flames but Lightning.",
        "پوچ می‌کند: ارتش، خاک جز کوهستان، آتش جز آذرخش.",
    ),
    "island": (
        "Clears the penalty of one Flood or Flame.",
        "جریمهٔ یک آب یا آتش را پاک می‌کند.",
    ),
    "water-elemental": (
        "+15 per other Flood.",
        "+۱۵ برای هر آب دیگر.",
    ),
    "rainstorm": (
        "+10 per Flood. Blanks Flames but Lightning.",
        "+۱۰ برای هر آب. آتش‌ها جز آذرخش را پوچ می‌کند.",
    ),
    "blizzard": (
        "Blanks Floods. −5 per Army, Leader, Beast and Flame.",
        "آب‌ها را پوچ می‌کند. −۵ برای هر ارتش، فرمانده، جانور و آتش.",
    ),
    "smoke": (
        "Blanked without a Flame.",
        "بی آتش پوچ می‌شود.",
    ),
    "whirlwind": (
        "+40 with Rainstorm plus Blizzard or Great Flood.",
        "با رگبار، به همراه بوران یا سیل ویرانگر +۴۰.",
    ),
    "air-elemental": (
        "+15 per other Weather.",
        "+۱۵ برای هر هوای دیگر.",
    ),
    "wildfire": (
        "Blanks all but Flame, Wizard, Weather, Weapon, Artifact, 5 more.",
        "همه را پوچ می‌کند جز آتش، جادوگر، هوا، سلاح، سحرافزار و پنج کارت دیگر.",
    ),
    "candle": (
        "+100 with Book of Changes, Bell Tower and a Wizard.",
        "با کتاب تبدیلات، برج ناقوس و یک جادوگر +۱۰۰.",
    ),
    "forge": (
        "+9 per Weapon and Artifact.",
        "+۹ برای هر سلاح و سحرافزار.",
    ),
    "lightning": (
        "+30 with Rainstorm.",
        "با رگبار +۳۰.",
    ),
    "fire-elemental": (
        "+15 per other Flame.",
        "+۱۵ برای هر آتش دیگر.",
    ),
    "knights": (
        "−8 without a Leader.",
        "بی فرمانده −۸.",
    ),
    "elven-archers": (
        "+5 with no Weather.",
        "اگر هوا نباشد +۵.",
    ),
    "light-cavalry": (
        "−2 per Land.",
        "−۲ برای هر خاک.",
    ),
    "dwarvish-infantry": (
        "−2 per other Army.",
        "−۲ برای هر ارتش دیگر.",
    ),
    "rangers": (
        "+10 per Land. Strikes “Army” from every penalty.",
        "+۱۰ برای هر خاک. «ارتش» از همهٔ جریمه‌ها حذف می‌شود.",
    ),
    "collector": (
        "Per suit with 3, 4, 5+ names: +10, +40, +100.",
        "هر گونه با ۳، ۴، ۵ نام یا بیشتر: +۱۰، +۴۰، +۱۰۰.",
    ),
    "beastmaster": (
        "+9 per Beast. No Beast penalty.",
        "+۹ برای هر جانور. جریمهٔ جانوران پاک می‌شود.",
    ),
    "necromancer": (
        "At the end, take a discarded Army, Leader, Wizard or Beast.",
        "در پایان یک ارتش، فرمانده، جادوگر یا جانور سوخته را بردارید.",
    ),
    "warlock-lord": (
        "−10 per Leader and other Wizard.",
        "−۱۰ برای هر فرمانده و جادوگر دیگر.",
    ),
    "enchantress": (
        "+5 per Land, Weather, Flood and Flame.",
        "+۵ برای هر خاک، هوا، آب و آتش.",
    ),
    "jester": (
        "+3 per other odd card, or +50 if all are odd.",
        "+۳ برای هر کارت فرد دیگر، یا +۵۰ اگر همه فرد باشند.",
    ),
    "king": (
        "+5 per Army; with Queen +20 per Army.",
        "+۵ برای هر ارتش؛ با ملکه +۲۰ برای هر ارتش.",
    ),
    "queen": (
        "+5 per Army; with King +20 per Army.",
        "+۵ برای هر ارتش؛ با پادشاه +۲۰ برای هر ارتش.",
    ),
    "princess": (
        "+8 per Army, Wizard and other Leader.",
        "+۸ برای هر ارتش، جادوگر و فرماندهٔ دیگر.",
    ),
    "warlord": (
        "+ base strengths of your Armies.",
        "+ قدرت پایهٔ همهٔ ارتش‌های دست.",
    ),
    "empress": (
        "+10 per Army; −5 per other Leader.",
        "+۱۰ برای هر ارتش؛ −۵ برای هر فرماندهٔ دیگر.",
    ),
    "unicorn": (
        "+30 with Princess, else +15 with Empress, Queen or Enchantress.",
        "با شاهدخت +۳۰؛ وگرنه با امپراتریس، ملکه یا افسونگر +۱۵.",
    ),
    "basilisk": (
        "Blanks Armies, Leaders and other Beasts.",
        "ارتش‌ها، فرمانده‌ها و جانوران دیگر را پوچ می‌کند.",
    ),
    "warhorse": (
        "+14 with a Leader or Wizard.",
        "با فرمانده یا جادوگر +۱۴.",
    ),
    "dragon": (
        "−40 without a Wizard.",
        "بی جادوگر −۴۰.",
    ),
    "hydra": (
        "+28 with Swamp.",
        "با مرداب +۲۸.",
    ),
    "phoenix": (
        "Also a Flame and a Weather. Blanked by any Flood.",
        "آتش و هوا هم هست. با هر آب پوچ می‌شود.",
    ),
    "phoenix-deluxe": (
        "Also a Flame and a Weather. Only a Flood blanks it.",
        "آتش و هوا هم هست. فقط آب پوچش می‌کند.",
    ),
    "warship": (
        "Strikes “Army” from Flood penalties. Blanked without a Flood.",
        "«ارتش» از جریمهٔ آب‌ها حذف می‌شود. بی آب پوچ می‌شود.",
    ),
    "magic-wand": (
        "+25 with a Wizard.",
        "با یک جادوگر +۲۵.",
    ),
    "sword-of-keth": (
        "+10 with a Leader; +40 with a Leader and Shield of Keth.",
        "با فرمانده +۱۰؛ با فرمانده و سپر کث +۴۰.",
    ),
    "elven-longbow": (
        "+30 with Elven Archers, Warlord or Beastmaster.",
        "با کمانداران الفی، جنگ‌سالار یا ارباب جانوران +۳۰.",
    ),
    "war-dirigible": (
        "Blanked without an Army, or with any Weather.",
        "بی ارتش، یا با هوا، پوچ می‌شود.",
    ),
    "shield-of-keth": (
        "+15 with a Leader; +40 with a Leader and Sword of Keth.",
        "با فرمانده +۱۵؛ با فرمانده و شمشیر کث +۴۰.",
    ),
    "gem-of-order": (
        "Runs of 3 to 7 strengths in a row: +10 to +150.",
        "رشتهٔ ۳ تا ۷ قدرت پشت‌سرهم: +۱۰ تا +۱۵۰.",
    ),
    "world-tree": (
        "+50 if no two standing cards share a suit.",
        "+۵۰ اگر هیچ دو کارت پوچ‌نشده‌ای هم‌گونه نباشند.",
    ),
    "book-of-changes": (
        "Changes another card's suit.",
        "گونهٔ کارت دیگری را عوض می‌کند.",
    ),
    "protection-rune": (
        "Clears every penalty in your hand.",
        "جریمهٔ همهٔ کارت‌های دست پاک می‌شود.",
    ),
    "shapeshifter": (
        "Takes name and suit of any Artifact, Leader, Wizard, Weapon or Beast.",
        "نام و گونهٔ یک سحرافزار، فرمانده، جادوگر، سلاح یا جانور را می‌گیرد.",
    ),
    "mirage": (
        "Takes name and suit of any Army, Land, Weather, Flood or Flame.",
        "نام و گونهٔ یک ارتش، خاک، هوا، آب یا آتش را می‌گیرد.",
    ),
    "doppelganger": (
        "Copies another card of your hand, but not its bonus.",
        "کارت دیگری از دست را کپی می‌کند، جز امتیازش.",
    ),
    "dungeon": (
        "+5 to +10 per Undead, Beast, Artifact; +5 per Necromancer, Warlock Lord, Demon.",
        "+۵ تا +۱۰ برای هر نامیرا، جانور، سحرافزار؛ +۵ برای مرگ‌ساحر، ارباب جادوی سیاه، دیو.",
    ),
    "castle": (
        "+10 each with a Leader, Army, Land; +5 to +10 per other Building.",
        "با فرمانده، ارتش، خاک هر کدام +۱۰؛ +۵ تا +۱۰ برای هر ساختمان دیگر.",
    ),
    "crypt": (
        "+ base strengths of your Undead. Blanks Leaders.",
        "+ قدرت پایهٔ نامیراهای دست. فرمانده‌ها را پوچ می‌کند.",
    ),
    "chapel": (
        "+40 with exactly two Leaders, Wizards, Outsiders or Undead in all.",
        "+۴۰ با دقیقاً دو فرمانده، جادوگر، ماورایی یا نامیرا روی هم.",
    ),
    "genie": (
        "+10 per other player. At the end, take a card of the deck.",
        "+۱۰ برای هر بازیکن دیگر. در پایان یک کارت از دسته بردارید.",
    ),
    "judge": (
        "+10 per card with an uncleared penalty.",
        "+۱۰ برای هر کارت با جریمهٔ پاک‌نشده.",
    ),
    "angel": (
        "Keeps another card from blanking; never blanked itself.",
        "کارت دیگری را از پوچ شدن نگه می‌دارد؛ خودش هرگز پوچ نمی‌شود.",
    ),
    "leprechaun": (
        "At the end, draw the deck's top card as an extra.",
        "در پایان کارت روی دسته را هم بکشید.",
    ),
    "demon": (
        "First blanks every non-Outsider alone in its suit.",
        "هر کارت غیرماورایی که هم‌گونه ندارد، اول پوچ می‌شود.",
    ),
    "dark-queen": (
        "+5 per discarded Land, Flood, Flame, Weather and Unicorn.",
        "+۵ برای هر خاک، آب، آتش، هوا و تک‌شاخ سوخته.",
    ),
    "ghoul": (
        "+4 per discarded Wizard, Leader, Army, Beast, Undead.",
        "+۴ برای هر جادوگر، فرمانده، ارتش، جانور، نامیرای سوخته.",
    ),
    "specter": (
        "+6 per discarded Wizard, Artifact, Outsider.",
        "+۶ برای هر جادوگر، سحرافزار، ماورایی سوخته.",
    ),
    "lich": (
        "+10 with Necromancer and per other Undead; Undead never blanked.",
        "با مرگ‌ساحر +۱۰، و +۱۰ برای هر نامیرای دیگر. نامیراها پوچ نمی‌شوند.",
    ),
    "death-knight": (
        "+7 per discarded Weapon and Army.",
        "+۷ برای هر سلاح و ارتش سوخته.",
    ),
}

SHORT_REPRINTS: Final[dict[str, tuple[str, str]]] = {
    "fountain-of-life": (
        "+ base strength of a Weapon, Flood, Flame, Land, Weather or Building.",
        "+ قدرت پایهٔ یک سلاح، آب، آتش، خاک، هوا یا ساختمان دست.",
    ),
    "great-flood": (
        "Blanks Armies, Buildings, Lands but Mountain, Flames but Lightning.",
        "پوچ می‌کند: ارتش، ساختمان، خاک جز کوهستان، آتش جز آذرخش.",
    ),
    "rangers": (
        "+10 per Land and Building. Strikes “Army” from every penalty.",
        "+۱۰ برای هر خاک و ساختمان. «ارتش» از همهٔ جریمه‌ها حذف می‌شود.",
    ),
    "necromancer": (
        "End: take a discarded Army, Leader, Wizard, Beast or Undead; Undead never blanked.",
        "در پایان یک ارتش، فرمانده، جادوگر، جانور یا نامیرای سوخته بردارید؛ نامیرا پوچ نمی‌شود.",
    ),
    "world-tree": (
        "+70 if no two standing cards share a suit.",
        "+۷۰ اگر هیچ دو کارت پوچ‌نشده‌ای هم‌گونه نباشند.",
    ),
    "shapeshifter": (
        "Takes name and suit of any Artifact, Leader, Wizard, Weapon, Beast, Undead.",
        "نام و گونهٔ یک سحرافزار، فرمانده، جادوگر، سلاح، جانور یا نامیرا را می‌گیرد.",
    ),
    "mirage": (
        "Takes name and suit of any Army, Land, Weather, Flood, Flame, Building.",
        "نام و گونهٔ یک ارتش، خاک، هوا، آب، آتش یا ساختمان را می‌گیرد.",
    ),
    "bell-tower": (
        "+15 with a Wizard or Undead.",
        "با جادوگر یا نامیرا +۱۵.",
    ),
}


def short_effect(card_id: str, lang: str, *, reprint: bool = False) -> str:
    """A card's effect in short, as the table prints it on the card (``reprint``: the Cursed
    Hoard's text of a reprinted card); the full text where none is written.

    >>> short_effect("dragon", "en"), short_effect("dragon", "fa")
    ('−40 without a Wizard.', 'بی جادوگر −۴۰.')
    >>> short_effect("world-tree", "en", reprint=True)
    '+70 if no two standing cards share a suit.'
    """
    table = SHORT_REPRINTS if reprint else SHORT_EFFECTS
    pair = table.get(card_id)
    if pair is not None:
        return pair[1] if _fa(lang) else pair[0]
    info = (REPRINTS if reprint else CARDS).get(card_id)
    return info.effect(lang) if info is not None else ""

"""Every word of War of the Ring a player reads, in English and Persian, as plain strings.

Names of factions, zones, abilities, effects and cards; a card's line of what it does
(:func:`card_line`) and its summary (:func:`card_summary`), both made from its data so that a
card never says one number and does another; one line per legal action for a move menu
(:func:`action_text`, said to the player to act); what an open choice asks
(:func:`choice_text`); one log sentence per engine event (:func:`event_text`) and the end of
the game (:func:`end_text`). Persian uses Persian digits and zero-width non-joiners.
Sentences agree with who acts: seat names come from ``names`` (``Player 1`` / «بازیکن ۱» for seat 0
by default) and the seat ``you`` is addressed as “you” («شما», with second-person verbs);
:func:`log_entries` gives a whole log as :class:`~rumizi.core.addons.LogLine` items for an
:class:`~rumizi.core.addons.Audience`. Nothing here imports more than :mod:`rumizi.core` and
this package, and everything returned is a plain string.

>>> event_text({"event": "place", "player": 1, "zone": "centre"}, "en", names=["Ana", "Bot"])
'Bot placed a card face down in the centre.'
>>> event_text({"event": "event", "player": 0, "card": "fp-hobbits", "how": "paid"}, "fa", you=0)
'شما رویداد «هابیت‌های شایر» را بازی کردید.'
>>> card_summary("sh-orcs", "en")
'Orc Warband — combat 2, horde +2; event (cost 1): the opponent discards 1 at random'
>>> card_line("sh-orcs", "en")
'Unit: +2 when outnumbering the enemy here. Event: the opponent discards 1 at random.'
>>> card_line("fp-elrond", "fa")
'واحد: واحدهای دیگرِ شما در این ناحیه +۱. رویداد: ۳ کارت بکشید، سپس ۱ کارت سایه بردارید.'
>>> action_text({"do": "place", "card": "fp-aragorn", "zone": "left"}, "fa")
'«آراگورن، وارث ایسیلدور» را در جناح چپ بگذارید'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience, LogLine
from rumizi.core.i18n import check_lang, join, number, persian_verb
from rumizi.games.war_of_the_ring.cards import (
    BY_ID,
    CARDS,
    COMBAT,
    COST,
    EFFECT_NAMES,
    EVENT,
    UNIT,
    UNIT_N,
    UNIT_NAMES,
)

__all__ = [
    "EVENT_KINDS",
    "ability_text",
    "action_text",
    "card_line",
    "card_name",
    "card_summary",
    "choice_text",
    "effect_text",
    "end_text",
    "event_text",
    "faction_name",
    "log_entries",
    "quoted",
    "seat_name",
    "zone_name",
]

# Every kind of event the engine writes to ``state.events``.
EVENT_KINDS: tuple[str, ...] = (
    "round",
    "place",
    "event",
    "pay",
    "draw",
    "reshuffle",
    "recover",
    "discard",
    "boost",
    "peek",
    "move",
    "shadow-take",
    "pass",
    "reveal",
    "slay",
    "totals",
    "battle",
    "decline",
    "cleanup",
    "concede",
    "game-over",
)

_ZONES: dict[str, tuple[str, str]] = {
    "left": ("the left flank", "جناح چپ"),
    "centre": ("the centre", "مرکز"),
    "right": ("the right flank", "جناح راست"),
}
_FACTIONS: dict[str, tuple[str, str]] = {
    "free": ("the Free Peoples", "مردمان آزاد"),
    "shadow": ("the Shadow", "نیروهای تاریک"),
}
_ABILITIES: dict[str, tuple[str, str]] = {
    "aura": ("aura +{n}", "فرماندهی +{n}"),
    "fear": ("fear −{n}", "هراس −{n}"),
    "guard": ("guard", "نگهبانی"),
    "horde": ("horde +{n}", "انبوهی +{n}"),
    "stand": ("stand +{n}", "ایستادگی +{n}"),
    "slay": ("slay", "کشتن"),
}
# What a unit's ability does, as its card says it ({n}: the number in the card's data).
_UNIT_LINES: dict[str, tuple[str, str]] = {
    "aura": ("your other units here +{n}", "واحدهای دیگرِ شما در این ناحیه +{n}"),
    "fear": ("enemy units here −{n}", "واحدهای دشمن در این ناحیه −{n}"),
    "guard": ("your units here cannot be slain", "واحدهای شما در این ناحیه کشته نمی‌شوند"),
    "horde": ("+{n} when outnumbering the enemy here", "اگر در این ناحیه پرشمارتر باشید +{n}"),
    "stand": ("+{n} when outnumbered here", "اگر در این ناحیه کم‌شمارتر باشید +{n}"),
    "slay": ("slays the weakest enemy unit here", "ضعیف‌ترین واحد دشمن در این ناحیه را می‌کشد"),
}
# One step of an event, said to whoever plays it ({cards}: "card" or "cards" after {n}).
_EFFECTS: dict[str, tuple[str, str]] = {
    "draw": ("draw {n}", "{n} کارت بکشید"),
    "recover": ("recover {n} {cards} from your graveyard", "{n} کارت از گورستان بازگردانید"),
    "discard": ("the opponent discards {n} at random", "حریف {n} کارت تصادفی دور می‌اندازد"),
    "boost": ("+{n} in a zone", "+{n} در یک ناحیه"),
    "peek": ("look at the enemy's cards in a zone", "کارت‌های دشمن در یک ناحیه را ببینید"),
    "move": ("move one of your units", "یکی از واحدهایتان را جابه‌جا کنید"),
    "shadow": ("take {n} shadow {cards}", "{n} کارت سایه بردارید"),
}
_REASONS: dict[str, tuple[str, str]] = {
    "sweep": ("by winning all three zones", "با بردن هر سه ناحیه"),
    "shadows": ("with five activated shadow cards", "با پنج کارت سایهٔ فعال‌شده"),
    "exhaustion": ("because the opponent ran out of cards", "چون کارت‌های حریف تمام شد"),
    "concede": ("because the opponent conceded", "با انصراف حریف"),
}


def _fa(lang: str) -> bool:
    return check_lang(lang) == "fa"


def zone_name(zone: str, lang: str) -> str:
    """``"left"`` → "the left flank" / «جناح چپ»."""
    return _ZONES[zone][1 if _fa(lang) else 0]


def faction_name(faction: str, lang: str) -> str:
    """``"free"`` / ``"shadow"`` → the faction's name."""
    return _FACTIONS[faction][1 if _fa(lang) else 0]


def card_name(card_id: str, lang: str) -> str:
    """The card's name in ``lang``."""
    return CARDS[BY_ID[card_id]].names[check_lang(lang)]


def quoted(card_id: str, lang: str) -> str:
    """The card's name in the quotation marks of ``lang``."""
    name = card_name(card_id, lang)
    return f"«{name}»" if _fa(lang) else f"“{name}”"


def ability_text(card_id: str, lang: str) -> str | None:
    """The card's unit ability (``None`` if it has none): ``"horde +2"``."""
    k = BY_ID[card_id]
    if not UNIT[k]:
        return None
    template = _ABILITIES[UNIT_NAMES[UNIT[k]]][1 if _fa(lang) else 0]
    return template.format(n=number(UNIT_N[k], lang))


def effect_text(effect: str, n: int, lang: str) -> str:
    """One step of an event: ``effect_text("draw", 2, "en") == "draw 2"``."""
    template = _EFFECTS[effect][1 if _fa(lang) else 0]
    return template.format(n=number(n, lang), cards="card" if n == 1 else "cards")


def card_line(card_id: str, lang: str) -> str:
    """The card's line of what it does, its ability then its event (``Unit: … Event: …``),
    made from its data: every number in it is the number the engine plays."""
    k = BY_ID[card_id]
    fa = _fa(lang)
    parts = []
    if UNIT[k]:
        ability = _UNIT_LINES[UNIT_NAMES[UNIT[k]]][1 if fa else 0]
        parts.append(("واحد: " if fa else "Unit: ") + ability.format(n=number(UNIT_N[k], lang)))
    steps = [effect_text(EFFECT_NAMES[e], n, lang) for e, n in EVENT[k]]
    parts.append(("رویداد: " if fa else "Event: ") + ("، سپس " if fa else ", then ").join(steps))
    return " ".join(part + "." for part in parts)


def card_summary(card_id: str, lang: str) -> str:
    """The card's name, combat value, ability and event, from its data."""
    k = BY_ID[card_id]
    fa = _fa(lang)
    steps = [effect_text(EFFECT_NAMES[e], n, lang) for e, n in EVENT[k]]
    ability = ability_text(card_id, lang)
    combat = number(COMBAT[k], lang)
    cost = number(COST[k], lang)
    if fa:
        unit = f"نیرو {combat}" + (f"، {ability}" if ability else "")
        return f"{card_name(card_id, lang)} — {unit}؛ رویداد (هزینه {cost}): {'، '.join(steps)}"
    unit = f"combat {combat}" + (f", {ability}" if ability else "")
    return f"{card_name(card_id, lang)} — {unit}; event (cost {cost}): {', '.join(steps)}"


def seat_name(
    seat: Any, lang: str, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """How a seat is called: its name, "you" / «شما», or ``Player 1`` / «بازیکن ۱» for seat 0
    (seats counted from one, as the page and the terminal count them)."""
    fa = _fa(lang)
    if seat is None:
        return "کسی" if fa else "nobody"
    if you is not None and seat == you:
        return "شما" if fa else "you"
    if names is not None and 0 <= seat < len(names):
        return str(names[seat])
    return f"بازیکن {number(seat + 1, lang)}" if fa else f"Player {seat + 1}"


def _subject(seat: Any, lang: str, names: Sequence[str] | None, you: int | None) -> str:
    name = seat_name(seat, lang, names, you)
    return name[0].upper() + name[1:] if not _fa(lang) else name


def _verb(stem: str, seat: Any, you: int | None) -> str:
    """A Persian past-tense verb agreeing with the subject: «کشید» / «کشیدید»."""
    return persian_verb(stem, you=you is not None and seat == you)


def action_text(action: Mapping[str, Any], lang: str) -> str:
    """A line for the move menu, said to the player to act."""
    fa = _fa(lang)
    do = action["do"]
    if do == "place":
        card, zone = quoted(action["card"], lang), zone_name(action["zone"], lang)
        return f"{card} را در {zone} بگذارید" if fa else f"Place {card} in {zone}"
    if do == "event":
        card = quoted(action["card"], lang)
        return f"رویداد {card} را بازی کنید" if fa else f"Play the event of {card}"
    if do == "pay":
        card = quoted(action["card"], lang)
        return f"{card} را برای هزینه دور بیندازید" if fa else f"Discard {card} to pay"
    if do == "recover":
        card = quoted(action["card"], lang)
        return f"{card} را از گورستان بازگردانید" if fa else f"Take {card} back from your graveyard"
    if do == "boost":
        zone = zone_name(action["zone"], lang)
        return f"افزودن به {zone}" if fa else f"Boost {zone}"
    if do == "peek":
        zone = zone_name(action["zone"], lang)
        return f"کارت‌های دشمن در {zone} را ببینید" if fa else f"Look at the enemy's cards in {zone}"
    if do == "move":
        a, b = zone_name(action["from"], lang), zone_name(action["to"], lang)
        return (
            f"آخرین کارتتان را از {a} به {b} ببرید" if fa else f"Move your top card from {a} to {b}"
        )
    if do == "activate":
        return "یک کارت سایه فعال کنید" if fa else "Activate a shadow card"
    if do == "decline":
        return "از پاداش بگذرید" if fa else "Decline the reward"
    if do == "pass":
        return "بگذرید (پاس)" if fa else "Pass"
    if do == "concede":
        return "انصراف" if fa else "Concede"
    raise ValueError(f"unknown action {do!r}")


def choice_text(view: Mapping[str, Any], lang: str) -> str | None:
    """What the open choice asks of the player to act (``None`` in a plain planning step)."""
    pending = view.get("pending")
    if not pending:
        return None
    fa = _fa(lang)
    choice = pending["choice"]
    if choice == "pay":
        n = number(pending.get("owed", 1), lang)
        return f"{n} کارت دیگر برای هزینه دور بیندازید." if fa else f"Discard {n} more to pay."
    texts = {
        "recover": (
            "Choose a card to take back from your graveyard.",
            "کارتی را برای بازگرداندن از گورستان برگزینید.",
        ),
        "boost": ("Choose the zone to boost.", "ناحیه‌ای را برای افزودن برگزینید."),
        "peek": ("Choose the zone to look into.", "ناحیه‌ای را برای دیدن برگزینید."),
        "move": ("Choose which card to move, and where.", "برگزینید کدام کارت به کجا برود."),
        "centre": (
            "You won the centre: play an event for free, or decline.",
            "مرکز را بردید: یک رویداد را رایگان بازی کنید یا بگذرید.",
        ),
        "flank": (
            "You won a flank: activate a shadow card, or decline.",
            "یک جناح را بردید: یک کارت سایه فعال کنید یا بگذرید.",
        ),
    }
    return texts[choice][1 if fa else 0]


def end_text(
    winner: int, reason: str, lang: str, names: Sequence[str] | None = None, you: int | None = None
) -> str:
    """The sentence that ends the game."""
    fa = _fa(lang)
    how = _REASONS[reason][1 if fa else 0]
    who = _subject(winner, lang, names, you)
    if fa:
        return f"{who} {how} {_verb('برد', winner, you)}."
    verb = "win" if you is not None and winner == you else "wins"
    return f"{who} {verb} {how}."


def event_text(
    event: Mapping[str, Any],
    lang: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> str:
    """One log sentence for an engine event."""
    fa = _fa(lang)
    kind = event["event"]
    seat = event.get("player")
    who = _subject(seat, lang, names, you) if seat is not None else ""

    def v(stem: str) -> str:
        return _verb(stem, seat, you)

    if kind == "round":
        r = number(event["round"], lang)
        starter = seat_name(event["starter"], lang, names, you)
        yours = you is not None and event["starter"] == you  # "you start", «شما شروع می‌کنید»
        if fa:
            return f"دور {r} آغاز شد؛ {starter} شروع {'می‌کنید' if yours else 'می‌کند'}."
        return f"Round {r} begins; {starter} {'start' if yours else 'starts'}."
    if kind == "place":
        zone = zone_name(event["zone"], lang)
        if fa:
            return f"{who} کارتی را رو به پایین در {zone} {v('گذاشت')}."
        return f"{who} placed a card face down in {zone}."
    if kind == "event":
        card = quoted(event["card"], lang)
        how = event["how"]
        if fa:
            if how == "shadow":
                return f"{who} کارت سایهٔ {card} را {v('فعال کرد')}."
            free = " رایگان" if how == "free" else ""
            return f"{who} رویداد {card} را{free} {v('بازی کرد')}."
        if how == "shadow":
            return f"{who} activated the shadow card {card}."
        return f"{who} played the event of {card}" + (" for free." if how == "free" else ".")
    if kind == "pay":
        card = quoted(event["card"], lang)
        return (
            f"{who} {card} را برای هزینه دور {v('انداخت')}."
            if fa
            else f"{who} discarded {card} to pay."
        )
    if kind == "draw":
        n = number(event["count"], lang)
        if fa:
            return f"{who} {n} کارت {v('کشید')}."
        return f"{who} drew {n} card{'s' if event['count'] != 1 else ''}."
    if kind == "reshuffle":
        return (
            f"گورستانِ {seat_name(seat, lang, names, you)} بُر خورد و دستهٔ تازه شد."
            if fa
            else f"{who} shuffled their graveyard into a new deck."
        )
    if kind == "recover":
        card = quoted(event["card"], lang)
        return (
            f"{who} {card} را از گورستان {v('بازگرداند')}."
            if fa
            else f"{who} took {card} back from the graveyard."
        )
    if kind == "discard":
        card = quoted(event["card"], lang)
        return f"{who} {card} را دور {v('انداخت')}." if fa else f"{who} discarded {card}."
    if kind == "boost":
        zone, n = zone_name(event["zone"], lang), number(event["amount"], lang)
        return f"{who} {n} به {zone} {v('افزود')}." if fa else f"{who} added {n} in {zone}."
    if kind == "peek":
        zone = zone_name(event["zone"], lang)
        return (
            f"{who} کارت‌های حریف را در {zone} {v('دید')}."
            if fa
            else f"{who} looked at the enemy's cards in {zone}."
        )
    if kind == "move":
        a, b = zone_name(event["from"], lang), zone_name(event["to"], lang)
        return (
            f"{who} کارتی را از {a} به {b} {v('برد')}."
            if fa
            else f"{who} moved a card from {a} to {b}."
        )
    if kind == "shadow-take":
        n = number(event["count"], lang)
        if fa:
            return f"{who} {n} کارت سایه {v('برداشت')}."
        return f"{who} took {n} shadow card{'s' if event['count'] != 1 else ''}."
    if kind == "pass":
        return f"{who} {v('گذشت')}." if fa else f"{who} passed."
    if kind == "reveal":
        zone = zone_name(event["zone"], lang)
        sides = [
            join([quoted(c, lang) for c in cards], lang) or ("هیچ" if fa else "nothing")
            for cards in event["cards"]
        ]
        if fa:
            return f"نبرد {zone}: {sides[0]} در برابر {sides[1]}."
        return f"Battle in {zone}: {sides[0]} against {sides[1]}."
    if kind == "slay":
        card, victim = quoted(event["card"], lang), quoted(event["victim"], lang)
        return f"{card} {victim} را کشت." if fa else f"{card} slew {victim}."
    if kind == "totals":
        a, b = (number(t, lang) for t in event["totals"])
        return f"مجموع‌ها: {a} در برابر {b}." if fa else f"Totals: {a} against {b}."
    if kind == "battle":
        zone = zone_name(event["zone"], lang)
        result = event["result"]
        if result == "empty":
            return f"{zone} خالی ماند." if fa else f"Nobody fought in {zone}."
        if result == "tie":
            return f"نبرد {zone} مساوی شد." if fa else f"The battle in {zone} was a tie."
        winner = event["winner"]
        name = _subject(winner, lang, names, you)
        return f"{name} {zone} را {_verb('برد', winner, you)}." if fa else f"{name} won {zone}."
    if kind == "decline":
        return f"{who} از پاداش {v('گذشت')}." if fa else f"{who} declined the reward."
    if kind == "cleanup":
        nxt = seat_name(event["next"], lang, names, you)
        yours = you is not None and event["next"] == you
        if fa:
            return f"پاک‌سازی؛ دور بعد را {nxt} آغاز {'می‌کنید' if yours else 'می‌کند'}."
        return f"Cleanup; {nxt} {'start' if yours else 'starts'} the next round."
    if kind == "concede":
        return f"{who} {v('انصراف داد')}." if fa else f"{who} conceded."
    if kind == "game-over":
        return end_text(event["winner"], event["reason"], lang, names, you)
    raise ValueError(f"unknown event {kind!r}")


# ---------------------------------------------------------------------- the log

# How each kind of event looks in a log (the terminal styles tones; the web ignores them).
_TONES: dict[str, str] = {
    "round": "heading",
    "game-over": "alert",
    "concede": "alert",
    "reveal": "attack",
    "slay": "attack",
    "totals": "attack",
    "battle": "attack",
    "cleanup": "quiet",
    "draw": "quiet",
    "reshuffle": "quiet",
}


def audience_names(audience: Audience) -> list[str]:
    """Every seat's name for the reader (an unnamed seat by its number)."""
    found = list(audience.names) or ["", ""]
    return [name or seat_name(i, audience.lang) for i, name in enumerate(found)]


def _cards_of(event: Mapping[str, Any]) -> tuple[str, ...]:
    found: list[str] = []
    for key in ("card", "victim"):
        value = event.get(key)
        if isinstance(value, str) and value in BY_ID:
            found.append(value)
    for side in event.get("cards") or ():
        found += [c for c in side if isinstance(c, str) and c in BY_ID]
    return tuple(found)


def log_entries(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[LogLine]:
    """One :class:`LogLine` per engine event, addressed to the reader.

    Every event the engine writes is public (a placed card is only “a card”; a paid, recovered
    or discarded card goes to a public graveyard), so nothing is dropped. Another player's
    routine steps are ``quiet``; a round begins as a ``heading``; battles are ``attack``.

    >>> lines = log_entries(
    ...     [{"event": "round", "round": 2, "starter": 1}, {"event": "pass", "player": 0}],
    ...     Audience("fa", 0, ("", "Bot"), {}),
    ... )
    >>> [(line.text, line.tone) for line in lines]
    [('دور ۲ آغاز شد؛ Bot شروع می‌کند.', 'heading'), ('شما گذشتید.', '')]
    """
    names = audience_names(audience)
    out: list[LogLine] = []
    for event in events:
        kind = str(event.get("event"))
        tone = _TONES.get(kind, "")
        seat = event.get("player")
        if not tone and kind in ("place", "pass") and seat != audience.seat:
            tone = "quiet"
        text = event_text(event, audience.lang, names, audience.seat)
        out.append(LogLine(text, tone, _cards_of(event)))
    return out

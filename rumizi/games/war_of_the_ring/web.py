"""War of the Ring on the web platform: catalogue line, options, cards, moves, log and result.

This is the game's ``web`` add-on (:class:`rumizi.core.addons.WebAddOn`), which the platform
calls. Its words come from :mod:`rumizi.games.war_of_the_ring.texts`, which the terminal
shares; this module adds what a web table needs on top: the card gallery's data (both decks,
each card's combat value, ability, cost and event), a result line with each side's zones and
shadow activations, and a finished game's view with every hidden card shown.

Texts are addressed to their reader (:class:`~rumizi.core.addons.Audience`): the reader's own
seat is “you” («شما»), other seats go by their names, an unnamed seat by its number. Every
event the engine writes is public, so the log shows nothing hidden.

>>> catalog("en")["minutes"], CATALOGUE_RANK
(30, 4)
>>> [c["value"] for c in options("en")[1]["choices"]]
[1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, Event, GameState, View
from rumizi.core.i18n import number
from rumizi.games.war_of_the_ring import GAME, texts
from rumizi.games.war_of_the_ring import rules as rules_text
from rumizi.games.war_of_the_ring.cards import BY_ID, CARDS, COST

CATALOGUE_RANK = 4  # Star Realms 1, Splendor Duel 2, Fantasy Realms 3
FORMAT_OPTIONS: tuple[str, ...] = ()  # one format: who starts and who is Shadow are seatings


def catalog(lang: str) -> dict[str, Any]:
    """The catalogue entry: name, tagline, 2 players, 30 minutes, 13+."""
    return {
        "name": GAME.names[lang],
        "tagline": rules_text.tagline(lang),
        "players": number(2, lang),
        "minutes": rules_text.MINUTES,
        "age": rules_text.AGE,
    }


def _seat_label(seat: int, lang: str) -> str:
    """A seat as the new-table form's seat pickers name it, counted from one ("Seat 1")."""
    return f"صندلی {number(seat + 1, lang)}" if lang == "fa" else f"Seat {seat + 1}"


def options(lang: str) -> list[dict[str, Any]]:
    """Who starts (drawn at random by default) and which seat plays the Shadow (the second by
    default). The choices carry no player counts, so the new-table form keeps its 2 seats.
    Values are seat indexes (0, 1); labels count seats from one, as the seat pickers do."""
    fa = lang == "fa"
    return [
        {
            "name": "first",
            "label": "چه کسی دور اول را شروع می‌کند" if fa else "Who starts the first round",
            "choices": [
                {"value": "random", "label": "به قرعه" if fa else "Drawn at random"},
                *({"value": seat, "label": _seat_label(seat, lang)} for seat in (0, 1)),
            ],
        },
        {
            "name": "shadow",
            "label": "نیروهای تاریک با کدام صندلی" if fa else "Who plays the Shadow",
            "choices": [
                {
                    "value": seat,
                    "label": (
                        f"{_seat_label(seat, lang)} (مردمان آزاد: {_seat_label(1 - seat, lang)})"
                        if fa
                        else f"{_seat_label(seat, lang)} (Free Peoples: "
                        f"{_seat_label(1 - seat, lang)})"
                    ),
                }
                for seat in (1, 0)
            ],
        },
    ]


def cards(lang: str) -> list[dict[str, Any]]:
    """Every card kind of both decks (the Free Peoples first) with what the page draws."""
    found: list[dict[str, Any]] = []
    for card in CARDS:
        found.append(
            {
                "id": card.id,
                "faction": card.faction,
                "faction_name": texts.faction_name(card.faction, lang),
                "name": card.names[lang],
                "count": card.count,
                "combat": card.combat,
                "ability": card.unit[0] if card.unit else "",
                "ability_n": card.unit[1] if card.unit else 0,
                "ability_text": texts.ability_text(card.id, lang) or "",
                "cost": card.cost,
                "effects": [
                    {"effect": e, "n": n, "text": texts.effect_text(e, n, lang)}
                    for e, n in card.event
                ],
                "event_text": ("، " if lang == "fa" else ", ").join(
                    texts.effect_text(e, n, lang) for e, n in card.event
                ),
                "text": texts.card_line(card.id, lang),
                "summary": texts.card_summary(card.id, lang),
            }
        )
    return found


def action_label(view: View, action: Action, audience: Audience) -> str:
    """One clear sentence per legal action, said to the player who acts; a paid event says
    its cost, a free one says it is free."""
    label = texts.action_text(action, audience.lang)
    if action.get("do") == "event" and isinstance(action.get("card"), str):
        fa = audience.lang == "fa"
        pending = view.get("pending") or {}
        if pending.get("choice") == "centre":
            label += " — رایگان" if fa else " — free"
        else:
            cost = COST[BY_ID[action["card"]]]
            if cost:
                label += f" — هزینه {number(cost, 'fa')} کارت" if fa else f" — costs {cost}"
    return label


def log_lines(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
    """One sentence per event, addressed to the reader (every event is public)."""
    return [line.text for line in texts.log_entries(events, audience)]


def result_text(view: View, audience: Audience) -> str:
    """Who won and how, with each side's shadow activations."""
    lang = audience.lang
    fa = lang == "fa"
    winner = view.get("winner")
    reason = view.get("end")
    players = view.get("players") or []
    if not isinstance(winner, int) or not isinstance(reason, str) or winner >= len(players):
        return "بازی تمام شد." if fa else "The game is over."
    names = texts.audience_names(audience)
    head = texts.end_text(winner, reason, lang, names, audience.seat)
    parts = []
    for seat, player in enumerate(players):
        who = texts.seat_name(seat, lang, names, audience.seat)
        n = int(player.get("activated", 0))
        faction = texts.faction_name(str(player.get("faction")), lang)
        if fa:
            parts.append(f"{who} ({faction}): {number(n, lang)} کارت سایهٔ فعال‌شده")
        else:
            parts.append(f"{who} ({faction}): {n} shadow card{'s' if n != 1 else ''} activated")
    return f"{head} ({('؛ ' if fa else '; ').join(parts)})"


def opening_events(state: GameState) -> list[Event]:
    """The first round's heading, which the engine announces inside ``new()``."""
    doc = state.export()
    return [{"event": "round", "round": doc["round"], "starter": doc["starter"]}]


def revealed_view(state: GameState, seat: int | None) -> View:
    """The view of ``seat`` with every hidden card shown (for replays of finished games):
    both hands, every zone card and both shadow rows (as ``shadow_row``)."""
    view: View = state.view(seat)
    full = state.export()
    for mine, truth in zip(view["players"], full["players"], strict=True):
        mine["hand"] = list(truth["hand"])
        mine["shadow_row"] = list(truth["shadow_row"])
    for zone, truth in zip(view["zones"], full["zones"], strict=True):
        zone["cards"] = [list(cards) for cards in truth["cards"]]
    return view

"""Splendor Duel on the web platform: catalog line, rules, card data, move labels and the log.

This is the game's ``web`` add-on (:class:`rumizi.core.addons.WebAddOn`), which the platform
calls. The words come from :mod:`rumizi.games.splendor_duel.texts` (colour names, card names,
abilities, the sentences of moves and of the log, which the terminal shares); this module
adds what a web table needs on top: a take label that counts the tokens and names the line
(“Take 2 red and 1 pearl — row 3, columns 1–3”), a result line with the final score, and the
finished game's view with the cards reserved blind shown.

Texts are addressed to their reader (:class:`~rumizi.core.addons.Audience`): the reader's
own seat is “you” («شما»), other seats go by their names, an unnamed seat by its number.
Nothing hidden from the reader reaches a log line: the engine's events carry no card reserved
from a deck, and :func:`~rumizi.games.splendor_duel.texts.log_entries` drops one if an event
ever does, for everyone but its owner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, View
from rumizi.core.i18n import number
from rumizi.games.splendor_duel import GAME, texts
from rumizi.games.splendor_duel import rules as rules_text
from rumizi.games.splendor_duel.cards import CARDS, COLORS, ROYALS, TOKEN_NAMES

# Catalog line (spec): 2 players, 30 minutes, age 10+.
MINUTES = 30
AGE = 10
CATALOGUE_RANK = 2  # after Star Realms on the home page (platform.md)
FORMAT_OPTIONS: tuple[str, ...] = ()  # one format: who starts is a seating, not a format
_LETTERS = "WBGRKPY"


def catalog(lang: str) -> dict[str, Any]:
    return {
        "name": GAME.names[lang],
        "tagline": rules_text.tagline(lang),
        "players": number(2, lang),
        "minutes": MINUTES,
        "age": AGE,
    }


def _seat_label(seat: int, lang: str) -> str:
    """A seat as the new-table form's seat pickers name it, counted from one ("Seat 1")."""
    return f"صندلی {number(seat + 1, lang)}" if lang == "fa" else f"Seat {seat + 1}"


def options(lang: str) -> list[dict[str, Any]]:
    """Who starts: the seed has the players agree on it; by default it is drawn at random.

    The choices carry no player counts, so the new-table form keeps its 2 seats.
    """
    fa = lang == "fa"
    return [
        {
            "name": "first",
            "label": "چه کسی شروع می‌کند" if fa else "Who starts",
            "choices": [
                {"value": "random", "label": "به قرعه" if fa else "Drawn at random"},
                *({"value": seat, "label": _seat_label(seat, lang)} for seat in (0, 1)),
            ],
        }
    ]


def _ordered_cost(cost: Mapping[str, int]) -> dict[str, int]:
    return {k: int(cost[k]) for k in TOKEN_NAMES if cost.get(k)}


def cards(lang: str) -> list[dict[str, Any]]:
    """Every jewel card, then the royals, with what the page needs to draw them."""
    found: list[dict[str, Any]] = []
    for card in CARDS:
        found.append(
            {
                "id": card.id,
                "kind": "jewel",
                "name": texts.card_name(card.id, lang),
                "level": card.level,
                "color": card.color,  # white … black, "joker" or "none"
                "color_name": texts.color_name(
                    "grey" if card.color in ("joker", "none") else card.color, lang
                ),
                "bonus": card.bonus,
                "points": card.points,
                "crowns": card.crowns,
                "ability": card.ability,
                "ability_name": (
                    texts.ability_name(card.ability, lang) if card.ability != "none" else ""
                ),
                "cost": _ordered_cost(card.cost),
                "text": texts.card_summary(card.id, lang),
            }
        )
    for royal in ROYALS:
        found.append(
            {
                "id": royal.id,
                "kind": "royal",
                "name": texts.royal_name(royal.id, lang),
                "level": None,
                "color": "royal",
                "color_name": "",
                "bonus": 0,
                "points": royal.points,
                "crowns": 0,
                "ability": royal.ability,
                "ability_name": (
                    texts.ability_name(royal.ability, lang) if royal.ability != "none" else ""
                ),
                "cost": {},
                "text": texts.card_summary(royal.id, lang),
            }
        )
    return found


# ---------------------------------------------------------------------- who is who


# ---------------------------------------------------------------------- move labels


def _tokens_at(view: View, spaces: Sequence[Sequence[int]]) -> list[str]:
    board = view["board"]
    found = []
    for r, c in spaces:
        letter = board[int(r) - 1][int(c) - 1]
        found.append(TOKEN_NAMES[_LETTERS.index(letter)] if letter in _LETTERS else "?")
    return found


def _take_label(view: View, action: Action, audience: Audience) -> str:
    lang = audience.lang
    spaces = action["spaces"]
    kinds = _tokens_at(view, spaces)
    what = texts.counted_tokens(kinds, lang)
    where = texts.line_text(spaces, lang)
    gift = (len(kinds) == 3 and len(set(kinds)) == 1) or kinds.count("pearl") == 2
    actor = view.get("to_act")
    opponent = 1 - actor if isinstance(actor, int) else None
    other = texts.audience_who(opponent, audience)
    if lang == "fa":
        verb = "می‌گیرید" if texts.is_reader(opponent, audience) else "می‌گیرد"
        return f"{what} بردارید ({where})" + (f" — {other} یک طومار {verb}" if gift else "")
    gains = "gain" if texts.is_reader(opponent, audience) else "gains"
    return f"Take {what} ({where})" + (f" — {other} {gains} a privilege" if gift else "")


def action_label(view: View, action: Action, audience: Audience) -> str:
    """One clear sentence per legal action, said to the player who acts."""
    if action.get("do") == "take":
        return _take_label(view, action, audience)
    label = texts.action_text(
        action, view, audience.lang, texts.audience_names(audience), audience.seat
    )
    if action.get("do") == "buy":
        actor = view.get("to_act")
        players = view.get("players") or []
        if isinstance(actor, int) and actor < len(players):
            mine = [r.get("card") for r in players[actor].get("reserved", [])]
            if action.get("card") in mine:
                label += " — از رزروهای شما" if audience.lang == "fa" else " — from your reserve"
    return label


# ---------------------------------------------------------------------- the log


def log_lines(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
    """One line per event, public information only, addressed to the reader."""
    return [line.text for line in texts.log_entries(events, audience)]


def _score(view: View, audience: Audience) -> str:
    lang = audience.lang
    parts = []
    for seat, player in enumerate(view.get("players") or []):
        points = number(int(player.get("points", 0)), lang)
        crowns = number(int(player.get("crowns", 0)), lang)
        who = texts.audience_who(seat, audience)
        if lang == "fa":
            parts.append(f"{who}: {points} امتیاز، {crowns} تاج")
        else:
            p = int(player.get("points", 0))
            c = int(player.get("crowns", 0))
            parts.append(
                f"{who}: {p} point{'s' if p != 1 else ''}, {c} crown{'s' if c != 1 else ''}"
            )
    return ("؛ " if lang == "fa" else "; ").join(parts)


def result_text(view: View, audience: Audience) -> str:
    """Who won and how, with the final score."""
    lang = audience.lang
    fa = lang == "fa"
    winner = view.get("winner")
    reason = view.get("end")
    players = view.get("players") or []
    if not isinstance(winner, int) or winner >= len(players):
        return "بازی تمام شد." if fa else "The game is over."
    who = texts.audience_who(winner, audience)
    mine = players[winner]
    if reason == "points":
        p = int(mine.get("points", 0))
        head = (
            f"{who} با {number(p, lang)} امتیاز اعتبار {texts.won_verb(winner, audience)}."
            if fa
            else f"{who} won with {p} prestige points."
        )
    elif reason == "crowns":
        c = int(mine.get("crowns", 0))
        head = (
            f"{who} با {number(c, lang)} تاج {texts.won_verb(winner, audience)}."
            if fa
            else f"{who} won with {c} crowns."
        )
    elif reason == "color":
        per = mine.get("color_points") or {}
        color = max(COLORS, key=lambda k: int(per.get(k, 0)))
        n = int(per.get(color, 0))
        name = texts.color_name(color, lang)
        head = (
            f"{who} با {number(n, lang)} امتیاز روی کارت‌های {name} "
            f"{texts.won_verb(winner, audience)}."
            if fa
            else f"{who} won with {n} points on {name} cards."
        )
    else:
        head = texts.end_text(winner, reason, lang, texts.audience_names(audience), audience.seat)
    return f"{head} ({_score(view, audience)})"


# ---------------------------------------------------------------------- replays


def revealed_view(state: Any, seat: int | None) -> View:
    """The view of ``seat`` with every reserved card shown (for replays of finished games)."""
    view: View = state.view(seat)
    full = state.export()["players"]
    for who, player in enumerate(view["players"]):
        known = full[who]["reserved"]
        for entry, truth in zip(player.get("reserved", []), known, strict=False):
            if entry.get("card") is None:
                entry["card"] = truth["card"]
    return view


def opening_events(state: Any) -> list[dict[str, Any]]:
    """The first turn's heading, which the engine announces inside ``new()``."""
    return [{"event": "turn", "player": state.current, "turn": state.turn, "extra": False}]

"""Fantasy Realms on the web platform: catalogue line, table options, cards, moves, log, result.

This is the game's ``web`` add-on (:class:`rumizi.core.addons.WebAddOn`). The words come
from :mod:`.texts` (shared with the terminal); this module adds the catalogue entry, the
options of a new table, the cards the page's renderer draws (``/static/games/
fantasy-realms.js``), the result line and the views of a replay.

Table options (each an engine option of :meth:`FantasyRealms.new`, the values words or
seats, as the platform's form sends them):

* ``variant`` — ``"standard"`` (2 to 6 players: with 2, the two-player draft) or
  ``"chaos"`` (the chaos realms, 3 to 7 players); it drives the form's seat count;
* ``timer`` — the chaos trading's seconds (``"300"``, five minutes, by default; ``"120"``
  or ``"600"`` only at chaos tables, which their ``requires`` says);
* ``items`` — the Cursed Items (``"false"`` / ``"true"``; ``"true"`` requires the standard
  variant: the chaos realms have no turns to use them in);
* ``suits`` — the Cursed Hoard suits (Building, Outsider, Undead, Garden, the reprints);
* ``jester`` — the Jester promo; ``phoenix`` — ``"none"``, ``"promo"`` or ``"deluxe"``;
* ``first`` — ``"random"`` (the default) or a seat (``"0"``, ``"1"`` …), each seat offered
  only at the tables that have it (its choice carries the player counts, which also drive
  the form's seat count).

>>> [o["name"] for o in options("en")]
['variant', 'timer', 'items', 'suits', 'jester', 'phoenix', 'first']
>>> [(c["value"], c["players"]) for c in options("en")[0]["choices"]]
[('standard', [2, 3, 4, 5, 6]), ('chaos', [3, 4, 5, 6, 7])]
>>> catalog("fa")["players"]
'۲–۷'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import check_lang, number
from rumizi.games.fantasy_realms import rules as rules_text
from rumizi.games.fantasy_realms import texts
from rumizi.games.fantasy_realms.cards import CARDS, ITEMS, REPRINTS
from rumizi.games.fantasy_realms.game import GAME

MINUTES = 20
AGE = 14
CATALOGUE_RANK = 3  # Star Realms 1, Splendor Duel 2, Fantasy Realms 3, War of the Ring 4
FORMAT_OPTIONS = ("variant",)  # the base game or the chaos realms (expansions are extras)
PLAYERS = tuple(range(GAME.min_players, GAME.max_players + 1))  # 7 only in chaos
STANDARD = tuple(n for n in PLAYERS if n <= 6)
CHAOS = tuple(n for n in PLAYERS if n >= 3)
TIMERS = (300, 120, 600)  # the chaos trading's seconds, the default first


def catalog(lang: str) -> dict[str, Any]:
    """The catalogue entry (2–7 players: the two-player variant, the 3–6 game, chaos 3–7)."""
    return {
        "name": GAME.names[check_lang(lang)],
        "tagline": rules_text.tagline(lang),
        "players": f"{number(PLAYERS[0], lang)}–{number(PLAYERS[-1], lang)}",
        "minutes": MINUTES,
        "age": AGE,
    }


def _yes_no(name: str, fa_label: str, en_label: str, lang: str, **with_it: Any) -> dict[str, Any]:
    fa = lang == "fa"
    return {
        "name": name,
        "label": fa_label if fa else en_label,
        "choices": [
            {"value": "false", "label": "بدون آن" if fa else "Without"},
            {"value": "true", "label": "با آن" if fa else "With", **with_it},
        ],
    }


def _minutes(seconds: int, lang: str) -> str:
    n = number(seconds // 60, lang)
    return f"{n} دقیقه" if lang == "fa" else f"{n} minutes"


def options(lang: str) -> list[dict[str, Any]]:
    """The variant and its timer, the modules of a table, then who starts (drawn by default)."""
    fa = check_lang(lang) == "fa"
    return [
        {
            "name": "variant",
            "label": "گونهٔ بازی" if fa else "Variant",
            "choices": [
                {
                    "value": "standard",
                    "label": "معمولی (۲ نفر: دونفره)" if fa else "Standard (2 players: the draft)",
                    "players": list(STANDARD),
                },
                {
                    "value": "chaos",
                    "label": "قلمروهای آشوب (معاوضه)" if fa else "Chaos Realms (trading)",
                    "players": list(CHAOS),
                },
            ],
        },
        {
            "name": "timer",
            "label": "زمان معاوضه در آشوب" if fa else "Chaos trading time",
            "choices": [
                {
                    "value": str(seconds),
                    "label": _minutes(seconds, lang),
                    **({} if seconds == TIMERS[0] else {"requires": {"variant": ["chaos"]}}),
                }
                for seconds in TIMERS
            ],
        },
        _yes_no(
            "items", "آیتم‌های نفرین‌شده", "Cursed Items", lang, requires={"variant": ["standard"]}
        ),
        _yes_no("suits", "گونه‌های افزوده (گنج نفرین‌شده)", "Cursed Hoard suits", lang),
        _yes_no("jester", "کارت تبلیغاتی دلقک", "Jester promo card", lang),
        {
            "name": "phoenix",
            "label": "کارت تبلیغاتی ققنوس" if fa else "Phoenix promo card",
            "choices": [
                {"value": "none", "label": "بدون ققنوس" if fa else "No Phoenix"},
                {"value": "promo", "label": "ققنوس تبلیغاتی" if fa else "Promo Phoenix"},
                {"value": "deluxe", "label": "ققنوس نسخهٔ دلوکس" if fa else "Deluxe Phoenix"},
            ],
        },
        {
            "name": "first",
            "label": "چه کسی شروع می‌کند" if fa else "Who starts",
            "choices": [
                {
                    "value": "random",
                    "label": "به قرعه" if fa else "Drawn at random",
                    "players": list(PLAYERS),
                },
                *(  # the chaos realms have no turns: nobody starts a table of 7
                    {
                        "value": str(seat),  # a word, as the form sends it back
                        "label": texts.seat_name(seat, lang),
                        "players": [n for n in STANDARD if n > seat],
                    }
                    for seat in range(STANDARD[-1])
                ),
            ],
        },
    ]


def cards(lang: str) -> list[dict[str, Any]]:
    """Every card (base, Cursed Hoard, promos), then every Cursed Item, for the renderer.

    A card carries its suit, strength and module; a reprinted card also its Cursed Hoard
    suit, strength and texts (``hoard``), which the renderer uses at tables with the suits.
    Card texts are the players' effect texts in ``lang`` (``text`` in full, ``short`` as the
    table prints it on the card); the Cursed Items' texts are the cards file's English
    restatements in both languages.

    >>> dragon = next(c for c in cards("en") if c["id"] == "dragon")
    >>> dragon["short"], dragon["text"]
    ('−40 without a Wizard.', '−40 unless your hand holds a Wizard.')
    """
    fa = check_lang(lang) == "fa"
    found: list[dict[str, Any]] = []
    for card, info in CARDS.items():
        entry: dict[str, Any] = {
            "id": card,
            "kind": "card",
            "name": info.fa if fa else info.en,
            "suit": info.suit,
            "suit_name": texts.suit_name(info.suit, lang),
            "strength": info.strength,
            "module": info.module,
            "text": info.effect(lang),
            "short": texts.short_effect(card, lang),
        }
        if card in REPRINTS:
            r = REPRINTS[card]
            entry["hoard"] = {
                "suit": r.suit,
                "suit_name": texts.suit_name(r.suit, lang),
                "strength": r.strength,
                "text": r.effect(lang),
                "short": texts.short_effect(card, lang, reprint=True),
            }
        found.append(entry)
    for item, it in ITEMS.items():
        found.append(
            {
                "id": item,
                "kind": "item",
                "name": it.fa if fa else it.en,
                "points": it.points,
                "timing": it.when(lang),
                "text": it.effect(lang),
            }
        )
    return found


# ---------------------------------------------------------------------- moves and the log


def action_label(view: View, action: Action, audience: Audience) -> str:
    """One clear sentence per legal action, said to the player who acts."""
    return texts.action_text(
        action, audience.lang, texts.audience_names(audience), audience.seat, view
    )


def log_lines(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
    """One line per event, public information only, addressed to the reader."""
    return [line.text for line in texts.log_entries(events, audience)]


def result_text(view: View, audience: Audience) -> str:
    """Who won, with every total (a shared win names every winner; the seats that conceded
    come last, marked)."""
    lang = audience.lang
    fa = lang == "fa"
    results = list(view.get("results") or [])
    winners = [int(w) for w in view.get("winners") or []]
    if not results or not winners:
        return "بازی تمام شد." if fa else "The game is over."
    names = texts.audience_names(audience)
    you = audience.seat
    total = {int(r["player"]): int(r["total"]) for r in results}
    listed = [texts.who(w, lang, names, you) for w in winners]
    best = number(total[winners[0]], lang)
    gone = {int(r["player"]) for r in results if r.get("conceded")}
    if len(winners) == 1 and len(gone) == len(results) - 1:  # everybody else conceded
        verb = "برنده شدید" if winners[0] == you else "برنده شد"
        head = (
            f"{listed[0]} {verb}: بقیه انصراف دادند."
            if fa
            else f"{texts._cap(listed[0])} won: everybody else conceded."
        )
    elif fa:
        if len(winners) == 1:
            verb = "برنده شدید" if winners[0] == you else "برنده شد"
            head = f"{listed[0]} با {best} امتیاز {verb}."
        else:
            head = f"{' و '.join(listed)} با {best} امتیاز با هم برنده شدند."
    else:
        if len(winners) == 1:
            head = f"{texts._cap(listed[0])} won with {best} points."
        else:
            head = f"{' and '.join(listed)} share the win with {best} points."
    order = sorted(total, key=lambda q: (q in gone, -total[q], q))
    mark = " (انصراف)" if fa else " (conceded)"
    parts = [
        f"{texts.who(q, lang, names, you)}{mark if q in gone else ''}: {number(total[q], lang)}"
        for q in order
    ]
    return f"{head} ({('؛ ' if fa else '; ').join(parts)})"


# ---------------------------------------------------------------------- replays


def revealed_view(state: GameState, seat: int | None) -> View:
    """``seat``'s view with every hand and every face-down item shown (replays)."""
    view: View = state.view(seat)
    doc = state.export()
    view["hands"] = [list(h) for h in doc["hands"]]
    view["items"]["down"] = [list(d) for d in doc["items"]["down"]]
    return view


def opening_events(state: GameState) -> list[dict[str, Any]]:
    """Who plays first: the engine decides it inside ``new()``, before any log is kept; a
    chaos table has no first player, its trading starts with its timer (seconds)."""
    doc = state.export()
    if doc["options"].get("variant") == "chaos":
        return [{"event": "start", "timer": int(doc["options"]["timer"])}]
    return [{"event": "start", "player": int(doc["current"])}]

"""Star Realms on the web platform: catalog line, options, card data, move labels and the log.

This is the game's ``web`` add-on (:class:`rumizi.core.addons.WebAddOn`), which the platform
calls; every sentence comes from :mod:`rumizi.games.star_realms.texts`, the same words the
terminal uses (the log as :class:`~rumizi.core.addons.LogLine` items, sent as plain text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import number
from rumizi.games.star_realms import GAME, texts
from rumizi.games.star_realms import rules as rules_text
from rumizi.games.star_realms.cards import CARDS, EFFECTS, FACTION_NAMES
from rumizi.games.star_realms.engine import FORMATS, HYDRA_AUTHORITY

# Catalog line (spec): 2 players (up to 6 in the multiplayer formats), 20 minutes, age 12+.
MINUTES = 20
AGE = 12
CATALOGUE_RANK = 1  # first on the home page (platform.md)
FORMAT_OPTIONS = ("format",)  # duel, free-for-all, hunter...: each its own game on a profile


def catalog(lang: str) -> dict[str, Any]:
    return {
        "name": GAME.names[lang],
        "tagline": rules_text.tagline(lang),
        "players": f"{number(2, lang)}–{number(6, lang)}",
        "minutes": MINUTES,
        "age": AGE,
    }


def _player_counts(fmt: str) -> list[int]:
    fewest, most = FORMATS[fmt]
    counts = range(fewest, most + 1)
    return [n for n in counts if fmt != "hydra" or n in HYDRA_AUTHORITY]


def options(lang: str) -> list[dict[str, Any]]:
    return [
        {
            "name": "format",
            "label": "قالب بازی" if lang == "fa" else "Format",
            "choices": [
                {
                    "value": fmt,
                    "label": texts.format_name(fmt, lang),
                    "players": _player_counts(fmt),
                }
                for fmt in FORMATS
            ],
        }
    ]


def _effects(effects: Sequence[tuple[int, int]]) -> list[list[Any]]:
    return [[EFFECTS[code], amount] for code, amount in effects]


def cards(lang: str) -> list[dict[str, Any]]:
    """Every distinct card with what the page needs to draw it."""
    found = []
    for card in CARDS:
        found.append(
            {
                "id": card.id,
                "name": card.name(lang),
                "faction": card.faction,
                "faction_name": FACTION_NAMES[card.faction][lang],
                "type": card.type,
                "type_name": texts.type_text(card, lang, short=True),
                "cost": card.cost,
                "defense": card.defense,
                "copies": card.copies,
                "primary": _effects(card.primary),
                "ally": _effects(card.ally),
                "scrap": _effects(card.scrap),
                "text": {
                    "primary": texts.effects_text(card.primary, lang),
                    "ally": texts.effects_text(card.ally, lang) if card.ally else "",
                    "scrap": texts.effects_text(card.scrap, lang) if card.scrap else "",
                },
            }
        )
    return found


def _seats(audience: Audience, fmt: str, players: int) -> list[texts.Who]:
    names = {i: name for i, name in enumerate(audience.names) if name}
    return texts.table_seats(audience.lang, fmt, players, you=audience.seat, names=names)


def action_label(view: View, action: Action, audience: Audience) -> str:
    seats = _seats(audience, view.get("format", "duel"), len(view["players"]))
    return texts.action_text(action, view, seats)


def log_lines(events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
    return [line.text for line in texts.log_entries(events, audience)]


def result_text(view: View, audience: Audience) -> str:
    seats = _seats(audience, view.get("format", "duel"), len(view["players"]))
    return texts.result_text(view.get("winner"), seats)


def revealed_view(state: GameState, seat: int | None) -> View:
    """The view of ``seat`` with every player's hand shown (for replays of finished games)."""
    view = state.view(seat)
    for who, player in enumerate(view["players"]):
        if "hand" not in player:
            player["hand"] = state.view(who)["players"][who].get("hand", [])
    return view


def opening_events(state: Any) -> list[dict[str, Any]]:
    """The first turn's heading, which the engine announces inside ``new()``."""
    return [{"event": "turn", "player": state.current, "turn": state.turn}]

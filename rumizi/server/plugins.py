"""What the platform needs from each game beyond the engine contract, and a default for it.

A game joins the web platform by putting a ``web`` module beside its engine (found with
:func:`rumizi.bots.base.game_module`). Every function in it is optional; what a game leaves
out falls back to :class:`DefaultWeb`, which works for any game from the contract alone (moves
labelled by their JSON, no log), so a new game is playable before it has any page texts.

The functions take an :class:`Audience`: the reader's language, their seat and the names of
the seats, because sentences depend on who reads them (“You bought…” / “Ali bought…”).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rumizi.bots.base import game_module
from rumizi.core.contract import Action, Game, View
from rumizi.core.i18n import number
from rumizi.core.registry import game

LANGS = ("fa", "en")
# The catalogue's order on the home page (platform.md); games not listed come after, by id.
CATALOGUE = ("star-realms", "splendor-duel", "fantasy-realms", "war-of-the-ring")


def catalogue_order(ids: Sequence[str]) -> list[str]:
    """``ids`` in the catalogue's order."""
    return sorted(ids, key=lambda g: (CATALOGUE.index(g) if g in CATALOGUE else len(CATALOGUE), g))


@dataclass(frozen=True)
class Audience:
    """Who reads a text: language, own seat (``None``: a spectator), seat names, options."""

    lang: str
    seat: int | None
    names: tuple[str, ...]
    options: Mapping[str, Any]


class DefaultWeb:
    """The platform's texts for a game that brings none of its own."""

    def __init__(self, game_obj: Game) -> None:
        self.game = game_obj

    def catalog(self, lang: str) -> dict[str, Any]:
        fewest, most = self.game.min_players, self.game.max_players
        players = (
            number(fewest, lang)
            if fewest == most
            else f"{number(fewest, lang)}–{number(most, lang)}"
        )
        return {
            "name": self.game.names.get(lang, self.game.id),
            "tagline": "",
            "players": players,
            "minutes": None,
            "age": None,
        }

    def rules(self, lang: str) -> list[dict[str, Any]]:
        """The sections of the game's ``rules`` module (``rules(lang)``), if it has one."""
        module = game_module(self.game.id, "rules")
        if module is None or not hasattr(module, "rules"):
            return []
        return [
            {"title": section.title, "paragraphs": list(section.paragraphs)}
            for section in module.rules(lang)
        ]

    def options(self, lang: str) -> list[dict[str, Any]]:
        counts = list(range(self.game.min_players, self.game.max_players + 1))
        label = "بازیکنان" if lang == "fa" else "Players"
        return [
            {
                "name": "players",
                "label": label,
                "choices": [{"value": n, "label": number(n, lang), "players": [n]} for n in counts],
            }
        ]

    def cards(self, lang: str) -> list[dict[str, Any]]:
        return []

    def action_label(self, view: View, action: Action, audience: Audience) -> str:
        return json.dumps(action, ensure_ascii=False, sort_keys=True)

    def log_lines(self, events: Sequence[Mapping[str, Any]], audience: Audience) -> list[str]:
        return []

    def result_text(self, view: View, audience: Audience) -> str:
        winner = view.get("winner")
        if audience.lang == "fa":
            return "بازی تمام شد." if winner is None else f"برنده: {audience.names[winner]}"
        return "The game is over." if winner is None else f"Winner: {audience.names[winner]}"

    def opening_events(self, state: Any) -> list[dict[str, Any]]:
        """Events of the deal, which happen inside ``new()`` before anyone records them."""
        return []

    def revealed_view(self, state: Any, seat: int | None) -> View:
        """A finished game's view with every card shown (the default: the seat's own view)."""
        view: View = state.view(seat)
        return view


class GameWeb:
    """A game's web texts: its ``web`` module's functions over :class:`DefaultWeb`."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.game = game(game_id)
        self._default = DefaultWeb(self.game)
        self._module: ModuleType | None = game_module(game_id, "web")

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._module, name, None) if self._module is not None else None
        return found if found is not None else getattr(self._default, name)


_PLUGINS: dict[str, GameWeb] = {}


def plugin(game_id: str) -> GameWeb:
    """The web texts of ``game_id`` (``KeyError`` for an unknown game)."""
    found = _PLUGINS.get(game_id)
    if found is None:
        found = _PLUGINS[game_id] = GameWeb(game_id)
    return found

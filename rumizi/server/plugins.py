"""What the platform shows of each game: its ``web`` add-on over a default that always works.

A game joins the web platform by putting a ``web`` module beside its engine (found through
the registry, :func:`rumizi.core.registry.game_module`); what it may define is
:class:`rumizi.core.addons.WebAddOn`. Every member is optional: what a game leaves out falls
back to :class:`DefaultWeb`, which works for any game from the contract alone (moves
labelled by their JSON, no log), so a new game is playable before it has any page texts.

The functions take an :class:`~rumizi.core.addons.Audience`: the reader's language, their
seat and the names of the seats, because sentences depend on who reads them (“You bought…” /
“Ali bought…”).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from rumizi.core.addons import Audience, RulesAddOn, WebAddOn
from rumizi.core.contract import Action, Event, Game, GameState, View
from rumizi.core.i18n import LANGS, number
from rumizi.core.registry import game, game_module

__all__ = [
    "LANGS",
    "Audience",
    "DefaultWeb",
    "GameWeb",
    "catalogue_order",
    "format_key",
    "format_label",
    "plugin",
]

#: The catalogue rank of a game whose ``web`` declares none: after every game that does.
LAST_RANK = 1_000_000


def catalogue_order(ids: Sequence[str]) -> list[str]:
    """``ids`` in the catalogue's order: each game's ``CATALOGUE_RANK``, then its id.

    >>> catalogue_order(["splendor-duel", "star-realms"])
    ['star-realms', 'splendor-duel']
    """
    return sorted(ids, key=lambda g: (plugin(g).CATALOGUE_RANK, g))


def format_key(game_id: str, options: Mapping[str, Any], players: int) -> str:
    """The format a table of ``game_id`` was played in, as a key: its seat count and the
    values of the game's ``FORMAT_OPTIONS`` (a missing one: the option's first choice).

    >>> format_key("star-realms", {"format": "hunter"}, 3)
    '3|hunter'
    >>> format_key("splendor-duel", {"first": 1}, 2)
    '2'
    """
    values = [str(players)]
    values += [str(options.get(name, default)) for name, default in _format_defaults(game_id)]
    return "|".join(values)


@functools.cache
def _format_defaults(game_id: str) -> tuple[tuple[str, Any], ...]:
    """``game_id``'s ``FORMAT_OPTIONS`` with each one's first choice, worked out once per game
    (a profile keys every finished table by its format)."""
    web = plugin(game_id)
    shown = {o["name"]: o for o in web.options("en")}
    found = []
    for name in web.FORMAT_OPTIONS:
        choices = shown[name]["choices"] if name in shown else []
        found.append((name, choices[0]["value"] if choices else ""))
    return tuple(found)


def format_label(game_id: str, key: str, lang: str) -> str:
    """A :func:`format_key` as its reader reads it: the format options' labels (less the
    new-table form's explanations in brackets), then the seat count.

    >>> format_label("star-realms", "3|hunter", "en")
    'Hunter · 3 players'
    >>> format_label("star-realms", "3|hunter", "fa")
    'شکارچی، ۳ بازیکن'
    >>> format_label("fantasy-realms", "4|chaos", "en")
    'Chaos Realms · 4 players'
    """
    web = plugin(game_id)
    players, *values = key.split("|")
    shown = {o["name"]: o for o in web.options(lang)}
    parts = []
    for name, value in zip(web.FORMAT_OPTIONS, values, strict=False):
        choices = shown[name]["choices"] if name in shown else []
        label = next((c["label"] for c in choices if str(c["value"]) == value), value)
        parts.append(label.split(" (")[0])  # the name, without the form's explanation
    count = number(int(players), lang)
    if lang == "fa":  # a middle dot beside Persian digits reads as a zero: a comma instead
        return "، ".join([*parts, f"{count} بازیکن"])
    return " · ".join([*parts, f"{count} players"])


class DefaultWeb:
    """The platform's texts for a game that brings none of its own (a :class:`WebAddOn`)."""

    CATALOGUE_RANK = LAST_RANK
    FORMAT_OPTIONS: tuple[str, ...] = ()  # the seat count alone tells the formats apart

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

    def opening_events(self, state: GameState) -> list[Event]:
        return []

    def revealed_view(self, state: GameState, seat: int | None) -> View:
        """The default: the seat's own view (a game with hidden cards shows them itself)."""
        return state.view(seat)


class GameWeb:
    """A game's web texts: each member of its ``web`` module, else :class:`DefaultWeb`'s."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.game = game(game_id)
        module: object = game_module(game_id, "web")
        self.default = DefaultWeb(self.game)

        def pick(name: str) -> Any:
            found = getattr(module, name, None)
            return found if found is not None else getattr(self.default, name)

        self.CATALOGUE_RANK: int = pick("CATALOGUE_RANK")
        self.FORMAT_OPTIONS: tuple[str, ...] = tuple(pick("FORMAT_OPTIONS"))
        self.catalog: Callable[[str], dict[str, Any]] = pick("catalog")
        self.options: Callable[[str], list[dict[str, Any]]] = pick("options")
        self.cards: Callable[[str], list[dict[str, Any]]] = pick("cards")
        self.action_label: Callable[[View, Action, Audience], str] = pick("action_label")
        self.log_lines: Callable[[Sequence[Mapping[str, Any]], Audience], list[str]] = pick(
            "log_lines"
        )
        self.result_text: Callable[[View, Audience], str] = pick("result_text")
        self.opening_events: Callable[[GameState], list[Event]] = pick("opening_events")
        self.revealed_view: Callable[[GameState, int | None], View] = pick("revealed_view")

    def rules(self, lang: str) -> list[dict[str, Any]]:
        """The sections of the game's ``rules`` add-on, if it has one."""
        module: RulesAddOn | None = game_module(self.id, "rules")
        if module is None:
            return []
        return [
            {"title": section.title, "paragraphs": list(section.paragraphs)}
            for section in module.rules(lang)
        ]


if TYPE_CHECKING:
    _default_is_complete: WebAddOn = DefaultWeb(cast(Game, None))


_PLUGINS: dict[str, GameWeb] = {}


def plugin(game_id: str) -> GameWeb:
    """The web texts of ``game_id`` (``KeyError`` for an unknown game)."""
    found = _PLUGINS.get(game_id)
    if found is None:
        found = _PLUGINS[game_id] = GameWeb(game_id)
    return found

"""How the command line finds a game's terminal, and the plain one for games without a board.

A game draws its own board with a ``tui`` module beside its engine (found through the
registry, :func:`rumizi.core.registry.game_module`); what that module provides, and the
widgets and words it shares with the command line, are in :mod:`rumizi.core.terminal_kit`
(re-exported here for the command line). A game without a ``tui`` module still plays:
:class:`PlainTerminal` draws a numbered list of the legal actions, labelled and logged by the
game's ``web`` hooks when it has them (:mod:`rumizi.server.plugins`), else by the actions'
JSON.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from rumizi.core.addons import Audience
from rumizi.core.contract import Action, GameState, View
from rumizi.core.i18n import number
from rumizi.core.registry import game, game_module
from rumizi.core.terminal_kit import (
    GameTerminal,
    Header,
    Packed,
    Reply,
    Seating,
    TuiAddOn,
    human_label,
    keys_help,
    keys_panel,
    label,
    message,
)

__all__ = [
    "GameTerminal",
    "Header",
    "Packed",
    "PlainTerminal",
    "Reply",
    "Seating",
    "game_terminal",
    "human_label",
    "keys_help",
    "keys_panel",
    "label",
    "message",
    "table_options",
]


def game_terminal(game_id: str, seating: Seating) -> GameTerminal:
    """The terminal of ``game_id``: its ``tui`` module's, else :class:`PlainTerminal`."""
    module: TuiAddOn | None = game_module(game_id, "tui")
    if module is None:
        return PlainTerminal(game_id, seating)
    return module.terminal(seating)


def table_options(
    game_id: str,
    fmt: str | None,
    players: int | None,
    *,
    variant: str | None = None,
    modules: Sequence[str] = (),
) -> dict[str, Any]:
    """The options of a new game from ``--format``, ``--players``, ``--variant`` and
    ``--modules`` (``ValueError`` if bad).

    A game's ``table_options(fmt, players)`` hook may also take ``variant`` and ``modules``
    keywords; a variant or modules given for a game whose hook does not take them are refused.
    """
    module = game_module(game_id, "tui")
    hook = getattr(module, "table_options", None) if module is not None else None
    extra: dict[str, Any] = {}
    if variant is not None:
        extra["variant"] = variant
    if modules:
        extra["modules"] = list(modules)
    takes = set(inspect.signature(hook).parameters) if hook is not None else set()
    for key in extra:
        if key not in takes:
            name = game(game_id).names.get("en", game_id)
            raise ValueError(f"{name} has no {'variants' if key == 'variant' else 'modules'}")
    if hook is not None:
        found: dict[str, Any] = hook(fmt, players, **extra)
        return found
    game_obj = game(game_id)
    n = players if players is not None else game_obj.min_players
    if not game_obj.min_players <= n <= game_obj.max_players:
        fewest, most = game_obj.min_players, game_obj.max_players
        allowed = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise ValueError(f"{game_obj.names.get('en', game_id)} is for {allowed} players, not {n}")
    options: dict[str, Any] = {"players": n}
    if fmt is not None:
        options["format"] = fmt
    return options


# ---------------------------------------------------------------------- the words


# ---------------------------------------------------------------------- the plain fallback


class PlainTerminal:
    """The terminal of a game without a ``tui`` module: a header, the log and the numbered
    actions, worded by the game's ``web`` hooks (its move labels, log and result line)."""

    log_events = 1

    def __init__(self, game_id: str, seating: Seating) -> None:
        from rumizi.server.plugins import plugin  # only games without a board need it

        self.game = game(game_id)
        self.seating = seating
        self.lang = seating.lang
        self.names = [seating.name(i) for i in range(seating.players)]
        self.web = plugin(game_id)
        self.audience = Audience(seating.lang, seating.you, tuple(self.names), seating.options)

    def board(
        self,
        view: View,
        *,
        log: Sequence[Text] = (),
        legal: Sequence[Action] | None = None,
        note: str = "",
    ) -> RenderableType:
        lang = self.lang
        title = Text(self.game.names.get(lang, self.game.id), style="bold")
        turn = view.get("turn")
        if isinstance(turn, int):
            title.append(f" · {label('turn', lang)} {number(turn, lang)}")
        if view.get("over"):
            title.append(" · ")
            title.append(self.result_text(view), style="reverse")
        else:
            to_act = view.get("to_act")
            if isinstance(to_act, int) and 0 <= to_act < len(self.names):
                title.append(" · ")
                title.append(message("to-act", lang, who=self.names[to_act]), style="bold")
        parts: list[RenderableType] = [Header(title, note)]
        if log:
            parts.append(Panel(Group(*log), title=label("log", lang), title_align="left"))
        if legal:
            lines = [
                Text.assemble((f"{number(k, lang):>3}. ", "bold"), self.action_text(view, a))
                for k, a in enumerate(legal, 1)
            ]
            parts.append(Panel(Group(*lines), title=label("moves", lang), title_align="left"))
        return Group(*parts)

    def action_text(self, view: View, action: Action) -> str:
        return str(self.web.action_label(view, action, self.audience))

    def log_lines(self, events: Sequence[Mapping[str, Any]]) -> list[Text]:
        return [Text(str(line)) for line in self.web.log_lines(events, self.audience)]

    def result_text(self, view: View) -> str:
        text = str(self.web.result_text(view, self.audience))
        return text or message("over", self.lang)

    def reveal_all(self, state: GameState) -> View:
        found: View = self.web.revealed_view(state, None)
        return found

"""The catalogue: every game, a game's page (rules, options, bot levels) and its cards."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from rumizi.bots.base import bot_label
from rumizi.core.registry import game_ids
from rumizi.server.bots import LEVELS, expert_where
from rumizi.server.deps import GameDep, LangDep, PuzzlesDep
from rumizi.server.errors import ErrorCode, refusals
from rumizi.server.plugins import catalogue_order, plugin
from rumizi.server.routes.pages import static_dir
from rumizi.server.schemas import Cards, CatalogEntry, GamePage

router = APIRouter(prefix="/api/games", tags=["games"])
UNKNOWN_GAME = refusals(ErrorCode.UNKNOWN_GAME)


def _catalog(game_id: str, lang: str) -> dict[str, Any]:
    entry = dict(plugin(game_id).catalog(lang))
    entry["id"] = game_id
    return entry


@router.get("")
def games(lang: LangDep) -> list[CatalogEntry]:
    """Every game, in the catalogue's order, in the cookie's language."""
    return [
        CatalogEntry.model_validate(_catalog(game_id, lang))
        for game_id in catalogue_order(game_ids())
    ]


# A choice's "players" is left out when the game gives none (the form then keeps its seats).
@router.get("/{game_id}", responses=UNKNOWN_GAME, response_model_exclude_unset=True)
def game_page(game_id: GameDep, lang: LangDep, served: PuzzlesDep) -> GamePage:
    """A game's page: its catalogue entry, rules, new-table options and bot levels."""
    web = plugin(game_id)
    entry = _catalog(game_id, lang)
    entry["rules"] = web.rules(lang)
    entry["options"] = web.options(lang)
    entry["renderer"] = (static_dir() / "games" / f"{game_id}.js").is_file()
    entry["levels"] = levels(game_id, lang)
    entry["puzzles"] = sum(p.game == game_id for p in served.values())
    return GamePage.model_validate(entry)


def levels(game_id: str, lang: str) -> list[dict[str, Any]]:
    """The bot levels a table of ``game_id`` may seat; ``expert`` where a network plays."""
    found: list[dict[str, Any]] = []
    for level in LEVELS:
        entry: dict[str, Any] = {"value": level, "label": bot_label(level, lang)}
        if level == "expert":
            where = expert_where(game_id)
            if where is None:
                continue
            entry["players"], entry["requires"] = where
        found.append(entry)
    return found


@router.get("/{game_id}/cards", responses=UNKNOWN_GAME)
def game_cards(game_id: GameDep, lang: LangDep) -> Cards:
    """Every card of the game with what the table and the gallery draw it from."""
    return Cards.model_validate({"cards": plugin(game_id).cards(lang)})

"""The Fantasy Realms scorer over HTTP: the card list and one scoring route.

``GET /api/fantasy-realms/cards`` lists every card (ids, names in both languages, suits,
strengths, modules) and the suit names; ``POST /api/fantasy-realms/score`` scores one hand
as :func:`rumizi.games.fantasy_realms.score_hand` does (the best choices unless some are
given) and answers the ``Score`` as JSON. Nothing is stored and no account is needed; the POST
takes the CSRF token like every POST of the platform. Bad input answers 422 with the
scorer's message.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import BaseModel, Field

from rumizi.games.fantasy_realms import CARDS, ITEMS, score_hand
from rumizi.games.fantasy_realms.cards import REPRINTS, SUIT_NAMES, card_info
from rumizi.server.deps import ApiError, check_csrf

router = APIRouter(prefix="/api/fantasy-realms", tags=["fantasy-realms"])


class ScoreRequest(BaseModel):
    """One hand to score."""

    hand: list[str] = Field(max_length=20)
    discards: list[str] = Field(default_factory=list, max_length=80)
    expansion: bool = False
    items: list[str] = Field(default_factory=list, max_length=24)
    players: int = 4
    choices: dict[str, dict[str, str | None]] | None = None


@router.get("/cards")
def cards() -> dict[str, Any]:
    """Every card and item, with both names, and the suits' names."""
    out = []
    for card, info in CARDS.items():
        ch = card_info(card, expansion=True)
        out.append(
            {
                "id": card,
                "en": info.en,
                "fa": info.fa,
                "suit": info.suit,
                "suit_expansion": ch.suit,
                "strength": info.strength,
                "module": info.module,
                "text": info.text,
                "text_expansion": REPRINTS[card].text if card in REPRINTS else info.text,
            }
        )
    return {
        "cards": out,
        "items": [{"id": i.id, "en": i.en, "fa": i.fa, "points": i.points} for i in ITEMS.values()],
        "suits": {s: {"fa": fa, "en": en} for s, (fa, en) in SUIT_NAMES.items()},
    }


@router.post("/score")
def score(body: ScoreRequest, _: Annotated[None, Depends(check_csrf)]) -> dict[str, Any]:
    """The hand's score: the total, the choices used and every card's line."""
    try:
        result = score_hand(
            body.hand,
            discards=body.discards,
            expansion=body.expansion,
            items=body.items,
            players=body.players,
            choices=body.choices,
        )
    except ValueError as exc:
        raise ApiError(422, "bad-hand", str(exc)) from exc
    return result.as_dict()

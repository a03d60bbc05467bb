"""The Fantasy Realms scorer over HTTP: its cards, and one hand scored with the best choices.

``GET /api/fantasy-realms/cards`` lists every card and Cursed Item (ids, names in both
languages, suits, strengths, modules) and the suits' names; ``POST /api/fantasy-realms/score``
scores one hand as :func:`rumizi.games.fantasy_realms.score_hand` does (the best choices for
the ACTION cards unless some are given). Nothing is stored and no account is needed; the POST
takes the CSRF token like every POST of the platform. A hand the scorer refuses answers
``bad-hand`` with the scorer's reason.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from rumizi.games.fantasy_realms import CARDS, ITEMS, ScoringError, score_hand
from rumizi.games.fantasy_realms.cards import REPRINTS, SUIT_NAMES, card_info
from rumizi.server.deps import CsrfDep
from rumizi.server.errors import ApiError, ErrorCode, refusals

router = APIRouter(prefix="/api/fantasy-realms", tags=["fantasy-realms"])


class ScoreIn(BaseModel):
    """One hand to score, with what the scorer needs to know about the table."""

    hand: list[str] = Field(max_length=20)
    discards: list[str] = Field(default_factory=list, max_length=80)
    expansion: bool = False
    items: list[str] = Field(default_factory=list, max_length=24)
    players: int = Field(default=4, ge=2, le=7)
    choices: dict[str, dict[str, str | None]] | None = None


class Effect(BaseModel):
    """What a card does, told to players in both languages."""

    fa: str
    en: str


class ScorerCard(BaseModel):
    """A card as the scorer page lists it."""

    id: str
    en: str
    fa: str
    suit: str
    suit_expansion: str
    strength: int
    module: str
    text: str
    text_expansion: str
    effect: Effect
    effect_expansion: Effect


class ScorerItem(BaseModel):
    """A Cursed Item and the points it is worth face down."""

    id: str
    en: str
    fa: str
    points: int


class SuitName(BaseModel):
    """A suit's name in both languages."""

    fa: str
    en: str


class ScorerCards(BaseModel):
    """Everything the scorer page picks from."""

    cards: list[ScorerCard]
    items: list[ScorerItem]
    suits: dict[str, SuitName]


class Reason(BaseModel):
    """Why a card scores what it does, in both languages."""

    fa: str
    en: str


class CardLine(BaseModel):
    """One card of a scored hand: what it copies, its suits after changes and its points."""

    id: str
    copies: str | None
    suits: list[str]
    base: int
    bonus: int
    penalty: int
    total: int
    blanked: bool
    cleared: bool
    protected: bool
    reason: Reason


class ItemPoints(BaseModel):
    """A used Cursed Item's points."""

    id: str
    points: int


class ScoreOut(BaseModel):
    """A scored hand: the total, the choices used, every card's line, the items' points."""

    total: int
    choices: dict[str, dict[str, str | None]]
    cards: list[CardLine]
    items: list[ItemPoints]


@router.get("/cards")
def cards() -> ScorerCards:
    """Every card and Cursed Item, with both names, and the suits' names."""
    listed = []
    for card, info in CARDS.items():
        later = REPRINTS.get(card, info)
        listed.append(
            ScorerCard(
                id=card,
                en=info.en,
                fa=info.fa,
                suit=info.suit,
                suit_expansion=card_info(card, expansion=True).suit,
                strength=info.strength,
                module=info.module,
                text=info.text,
                text_expansion=REPRINTS[card].text if card in REPRINTS else info.text,
                effect=Effect(fa=info.effect_fa, en=info.effect_en),
                effect_expansion=Effect(fa=later.effect_fa, en=later.effect_en),
            )
        )
    return ScorerCards(
        cards=listed,
        items=[ScorerItem(id=i.id, en=i.en, fa=i.fa, points=i.points) for i in ITEMS.values()],
        suits={s: SuitName(fa=fa, en=en) for s, (fa, en) in SUIT_NAMES.items()},
    )


@router.post("/score", responses=refusals(ErrorCode.CSRF, ErrorCode.MALFORMED, ErrorCode.BAD_HAND))
def score(body: ScoreIn, _: CsrfDep) -> ScoreOut:
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
    except ScoringError as exc:
        texts = {"fa": exc.fa, "en": exc.en}
        raise ApiError(ErrorCode.BAD_HAND, str(exc), texts=texts) from exc
    except ValueError as exc:
        raise ApiError(ErrorCode.BAD_HAND, str(exc)) from exc
    return ScoreOut.model_validate(result.as_dict())

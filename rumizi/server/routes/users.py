"""People: a player's public profile, ``GET /api/users/{name}``; following a player,
``POST`` / ``DELETE /api/users/{name}/follow``, and whom one follows with the games they are
playing now, ``GET /api/my/following``; blocking a player, ``POST`` / ``DELETE
/api/users/{name}/block``, and whom one blocked, ``GET /api/my/blocks``; one's own bio,
languages and display language, ``GET`` / ``PATCH /api/account/profile``.

What anyone may read (:mod:`rumizi.server.profiles`): per game the finished games played,
won, drawn and lost (as ``stats``), the rating and its history, the newest finished
tables as a spectator sees them (no invite code), what the player favours in each game
(:mod:`rumizi.server.favourites`), and the bio and languages they wrote.
Nothing private: a signed-in stranger, a visitor and the player read the same answer (the
display language is the member's alone). A block is not in it either: the blocker
learns whom they blocked from their own ``GET /api/my/blocks``, and nobody else from anything
(:mod:`rumizi.server.blocks`).
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from fastapi import APIRouter, BackgroundTasks, Response
from pydantic import BaseModel, ConfigDict, Field

from rumizi.server import blocks, challenges, favourites, profiles
from rumizi.server.auth import LANG_COOKIE
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    LangDep,
    StoreDep,
    UserDep,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.plugins import format_label
from rumizi.server.profiles import Outcome
from rumizi.server.routes.tables import table_model
from rumizi.server.schemas import Lang, Table
from rumizi.server.store import Store, UserRow

router = APIRouter(prefix="/api", tags=["users"])


class RatingPoint(BaseModel):
    """The rating after one rated game, and when that game ended."""

    at: datetime
    rating: int


class FormatStats(BaseModel):
    """A profile's count of one format of a game (finished games only)."""

    key: str = Field(description="the seat count and the format's options, joined by “|”")
    label: str = Field(description="the format as the reader reads it (“Hunter · 3 players”)")
    played: int
    won: int
    drawn: int
    lost: int


class GameStats(BaseModel):
    """One game's line of a profile (finished games only)."""

    game: str
    played: int
    won: int
    drawn: int
    lost: int
    rating: int | None = Field(description="none before the player's first rated game of it")
    provisional: bool = Field(description="the rating is shown with a “?” (few rated games)")
    rated_games: int
    history: list[RatingPoint] = Field(description="the rating after each rated game, oldest first")
    formats: list[FormatStats] = Field(
        default_factory=list, description="the same counts per format, the most played first"
    )


class PlayedGame(BaseModel):
    """One of the player's finished games: the table as a spectator sees it, the player's
    seat and how it went for them."""

    table: Table
    seat: int
    outcome: Outcome


class Favourite(BaseModel):
    """One thing a player favours in a game, named in the reader's language."""

    key: str = Field(description="the game's own id of it (a faction, suit, colour, side)")
    label: str
    count: int = Field(description="cards bought, cards in winning hands, or games played")
    won: int | None = Field(default=None, description="of those games, how many were won")


class GameFavourites(BaseModel):
    """One game's favourites of a player: what is counted, the most first."""

    game: str
    title: str = Field(description="what is counted, in the reader's language")
    items: list[Favourite]


class Profile(BaseModel):
    """A player as anyone may read it."""

    name: str
    guest: bool
    bot: bool = Field(default=False, description="a bot account: a program plays it")
    joined: datetime
    followers: int = Field(description="how many players follow this one")
    bio: str = Field(default="", description="what the player wrote about themselves")
    languages: list[str] = Field(
        default_factory=list, description="the languages they speak, codes of the fixed list"
    )
    stats: list[GameStats] = Field(description="per game, the most played first")
    recent: list[PlayedGame] = Field(description="the newest finished games, newest first")
    favourites: list[GameFavourites] = Field(
        default_factory=list, description="per game with favourites, from the games counted"
    )
    favourites_pending: int = Field(
        default=0, description="finished games not counted yet (counted after this answer)"
    )


def game_stats(line: profiles.GameStats, lang: Lang) -> GameStats:
    """A profile's line of one game, its formats named in the reader's language."""
    formats = [
        FormatStats(
            key=key,
            label=format_label(line.game, key, lang),
            played=tally.played,
            won=tally.won,
            drawn=tally.drawn,
            lost=tally.lost,
        )
        for key, tally in sorted(line.formats.items(), key=lambda kv: (-kv[1].played, kv[0]))
    ]
    return GameStats(
        game=line.game,
        played=line.played,
        won=line.won,
        drawn=line.drawn,
        lost=line.lost,
        rating=line.rating,
        provisional=line.provisional,
        rated_games=line.rated_games,
        history=[RatingPoint(at=p.at, rating=p.rating) for p in line.history],
        formats=formats,
    )


@router.get(
    "/users/{name}", responses=refusals(ErrorCode.UNKNOWN_USER), response_model_exclude_unset=True
)
def profile(name: str, store: StoreDep, lang: LangDep, later: BackgroundTasks) -> Profile:
    """The public profile of the player ``name``.

    Favourites come from the finished games counted so far: this read counts a few more
    (the newest), says how many still wait, and counts those after answering.
    """
    found = store.profile(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    person, tables = found
    pending = favourites.count_some(store, person.user_id, favourites.COUNT_NOW)
    if pending:
        later.add_task(favourites.count_waiting, store, person.user_id)
    with store.sessions() as s:
        favoured = favourites.read(s, person.user_id, lang)
    rows = {row.id: row for row in tables}
    return Profile(
        name=person.name,
        guest=person.guest,
        bot=person.bot,
        joined=person.joined,
        followers=person.followers,
        bio=person.bio,
        languages=person.languages,
        favourites=[
            GameFavourites(
                game=f.game,
                title=f.favourites.title,
                items=[
                    Favourite(key=i.key, label=i.label, count=i.count, won=i.won)
                    for i in f.favourites.items
                ],
            )
            for f in favoured
        ],
        favourites_pending=pending,
        stats=[game_stats(line, lang) for line in person.stats],
        recent=[
            PlayedGame(
                table=table_model(rows[p.table_id], None, lang), seat=p.seat, outcome=p.outcome
            )
            for p in person.recent
            if p.table_id in rows
        ],
    )


class Following(BaseModel):
    """Whether the caller now follows the player."""

    following: bool


class PlayingNow(BaseModel):
    """A game a followed player is playing now (open it to watch)."""

    table_id: str
    game: str


class Followed(BaseModel):
    """A player the caller follows."""

    name: str
    guest: bool
    online: bool = Field(default=False, description="on the site within the last five minutes")
    playing: list[PlayingNow]


def _followed(store: Store, user: UserRow, name: str) -> int:
    found = store.user_id(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    if found == user.id:
        raise ApiError(ErrorCode.FOLLOW_SELF, "a player cannot follow themselves")
    return found


FOLLOW_REFUSALS = refusals(ErrorCode.UNKNOWN_USER, ErrorCode.FOLLOW_SELF, *SIGNED_IN, *POSTED)


@router.post("/users/{name}/follow", responses=FOLLOW_REFUSALS)
def follow(name: str, user: UserDep, store: StoreDep, _csrf: CsrfDep) -> Following:
    """Follow the player ``name`` (again: nothing changes)."""
    store.follow(user.id, _followed(store, user, name), True)
    return Following(following=True)


@router.delete("/users/{name}/follow", responses=FOLLOW_REFUSALS)
def unfollow(name: str, user: UserDep, store: StoreDep, _csrf: CsrfDep) -> Following:
    """Stop following the player ``name`` (not following: nothing changes)."""
    store.follow(user.id, _followed(store, user, name), False)
    return Following(following=False)


@router.get("/my/following", responses=refusals(*SIGNED_IN))
def my_following(user: UserDep, store: StoreDep) -> list[Followed]:
    """The players the caller follows, by name, each online or not, with its games now."""
    return [
        Followed(
            name=f.name,
            guest=f.guest,
            online=f.online,
            playing=[PlayingNow(table_id=t, game=g) for t, g in f.playing],
        )
        for f in store.following(user.id)
    ]


# ---------------------------------------------------------------------- blocking


class Blocking(BaseModel):
    """Whether the caller now blocks the player."""

    blocked: bool


class BlockedPlayer(BaseModel):
    """A player the caller blocked, and since when."""

    name: str
    guest: bool
    since: datetime


def _blocked(store: Store, user: UserRow, name: str) -> int:
    found = store.user_id(name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    if found == user.id:
        raise ApiError(ErrorCode.BLOCK_SELF, "a player cannot block themselves")
    return found


BLOCK_REFUSALS = refusals(ErrorCode.UNKNOWN_USER, ErrorCode.BLOCK_SELF, *SIGNED_IN, *POSTED)


@router.post("/users/{name}/block", responses=BLOCK_REFUSALS)
async def block(name: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep) -> Blocking:
    """Block the player ``name``: no challenges, pairing or chat with them (again: the same).

    A challenge pending between the two ends; nobody else, the blocked one included, is told.
    """
    blocked = await asyncio.to_thread(_blocked, store, user, name)
    await hub.db(challenges.blocking, store, user.id, blocked, True)
    hub.tell("")  # each one's lobby drops the challenge that ended
    return Blocking(blocked=True)


@router.delete("/users/{name}/block", responses=BLOCK_REFUSALS)
async def unblock(
    name: str, user: UserDep, store: StoreDep, hub: HubDep, _csrf: CsrfDep
) -> Blocking:
    """Stop blocking the player ``name`` (not blocked: nothing changes)."""
    blocked = await asyncio.to_thread(_blocked, store, user, name)
    await hub.db(challenges.blocking, store, user.id, blocked, False)
    return Blocking(blocked=False)


@router.get("/my/blocks", responses=refusals(*SIGNED_IN))
def my_blocks(user: UserDep, store: StoreDep) -> list[BlockedPlayer]:
    """The players the caller blocked, by name (nobody else can read this list)."""
    with store.sessions() as s:
        found = blocks.blocked_list(s, user.id)
    return [BlockedPlayer(name=b.name, guest=b.guest, since=b.since) for b in found]


# ---------------------------------------------------------------------- one's own profile


class AccountProfile(BaseModel):
    """What a member set on their own profile; only ``display_lang`` is theirs alone."""

    bio: str
    languages: list[str] = Field(description="codes of the profile's fixed list")
    display_lang: Lang | None = Field(
        description="the site's language for them when they sign in (none: the browser's)"
    )
    choices: list[str] = Field(description="the languages one may choose, in the list's order")


class AccountProfileChange(BaseModel):
    """The settings to change; those left out stay as they are (``null`` clears one)."""

    model_config = ConfigDict(extra="forbid")

    bio: str | None = Field(
        default=None, description="at most 200 characters once cleaned as a chat line"
    )
    languages: list[str] | None = Field(default=None, max_length=32)
    display_lang: Lang | None = None


PROFILE_REFUSALS = refusals(
    *SIGNED_IN,
    *POSTED,
    *BODY,
    ErrorCode.GUEST_PROFILE,
    ErrorCode.BIO_TOO_LONG,
    ErrorCode.UNKNOWN_LANGUAGE,
)


def _account_profile(found: profiles.Settings) -> AccountProfile:
    shown: Lang | None = None
    if found.display_lang in ("fa", "en"):
        shown = "fa" if found.display_lang == "fa" else "en"
    return AccountProfile(
        bio=found.bio,
        languages=found.languages,
        display_lang=shown,
        choices=list(profiles.LANGUAGES),
    )


def _member(user: UserRow) -> None:
    if user.guest or user.bot:
        raise ApiError(ErrorCode.GUEST_PROFILE, "sign up to write a profile")


@router.get("/account/profile", responses=refusals(*SIGNED_IN, ErrorCode.GUEST_PROFILE))
def my_profile(user: UserDep, store: StoreDep) -> AccountProfile:
    """The caller's own bio, languages and display language."""
    _member(user)
    with store.sessions() as s:
        return _account_profile(profiles.settings(s, user.id))


@router.patch("/account/profile", responses=PROFILE_REFUSALS)
def change_my_profile(
    body: AccountProfileChange,
    response: Response,
    user: UserDep,
    store: StoreDep,
    _csrf: CsrfDep,
) -> AccountProfile:
    """Change the caller's bio, languages or display language (those sent; ``null`` clears).

    The bio is cleaned as a chat line is (NFC, one space between words, no control or
    bidi-override characters) and may be 200 characters; languages come from the fixed list
    (each once, in the order sent). A refusal changes nothing. A display language also sets
    this browser's language cookie, and each sign-in sets it again.
    """
    _member(user)
    changes: dict[str, object] = {}
    for name in body.model_fields_set:
        value = getattr(body, name)
        changes[name] = value if value is not None else {"bio": "", "languages": []}.get(name)
    try:
        with store.sessions.begin() as s:
            found = profiles.change_settings(s, user.id, changes)
    except profiles.ProfileRefused as refused:
        if refused.code == "bio-too-long":
            raise ApiError(ErrorCode.BIO_TOO_LONG, str(refused)) from None
        raise ApiError(ErrorCode.UNKNOWN_LANGUAGE, str(refused)) from None
    if found.display_lang is not None and "display_lang" in changes:
        set_lang_cookie(response, found.display_lang)
    return _account_profile(found)


def set_lang_cookie(response: Response, lang: str) -> None:
    """This browser speaks ``lang`` from now on (as ``POST /api/lang`` sets it)."""
    response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax", path="/")

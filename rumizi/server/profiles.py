"""A player's public profile: what anyone may read about an account.

Per game, the finished games played, won, drawn and lost; the rating (``None`` before a
rated game) and its history, one point per rated game; and the newest finished games. A game
is *won* by a seat whose result is a winner's (``returns`` above one half) while someone else
lost, *drawn* when every seat shares the result, *lost* otherwise (a concession included).
Games still being played are not counted or listed: a profile says what is settled.

Nothing private is here: no password, session, sign-in failure, or invite code (the tables
come without theirs, as to a spectator), nor the member's display language (their own
setting, :func:`settings`). What the member wrote for everyone is: a short bio, cleaned and
limited as a chat line is (:mod:`rumizi.server.chat`), and the languages they speak, codes of
:data:`LANGUAGES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from rumizi.core.registry import game_ids
from rumizi.server import chat, ratings
from rumizi.server.db import Follow, GameTable, Rating, RatingChange, Seat, User, now
from rumizi.server.plugins import format_key

#: How many of the newest finished games a profile lists.
RECENT = 10

Outcome = Literal["won", "drawn", "lost"]

#: The languages a member may say they speak (ISO 639-1 codes; the page names each in both
#: of its languages): Persian and English first, then the region's and the most spoken.
LANGUAGES: tuple[str, ...] = (
    "fa", "en", "ar", "tr", "az", "ku", "ps", "ur", "hi", "ru", "de", "fr", "es", "zh"
)  # fmt: skip
#: A bio's longest, in characters after cleaning: a chat line's.
BIO_CHARS = chat.MAX_CHARS
#: How often an account's last visit is written (on a request with its session), and how
#: recent it must be for the people who follow it to see it online.
SEEN_EVERY = timedelta(minutes=1)
ONLINE_WITHIN = timedelta(minutes=5)


@dataclass(frozen=True)
class RatingPoint:
    """The rating after one rated game, and when that game ended."""

    at: datetime
    rating: int


@dataclass
class Tally:
    """Finished games: how many, and how they went."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0

    def add(self, said: Outcome) -> None:
        self.played += 1
        self.won += said == "won"
        self.drawn += said == "drawn"
        self.lost += said == "lost"


@dataclass
class GameStats(Tally):
    """One game's line of a profile, and its formats' (keys of
    :func:`rumizi.server.plugins.format_key`, the most played first once read)."""

    game: str = ""
    rating: int | None = None
    provisional: bool = True
    rated_games: int = 0
    history: list[RatingPoint] = field(default_factory=list)
    formats: dict[str, Tally] = field(default_factory=dict)


@dataclass(frozen=True)
class Played:
    """One finished game of the player's: the table, the player's seat and how it went."""

    table_id: str
    seat: int
    outcome: Outcome


@dataclass(frozen=True)
class Profile:
    """An account as anyone may read it; ``recent`` newest first."""

    user_id: int
    name: str
    guest: bool
    joined: datetime
    stats: list[GameStats]
    recent: list[Played]
    followers: int = 0
    bot: bool = False  # a bot account (rumizi.server.bot_accounts)
    bio: str = ""
    languages: list[str] = field(default_factory=list)


def outcome(result: dict[str, Any] | None, seat: int) -> Outcome:
    """``"won"``, ``"drawn"`` or ``"lost"`` for ``seat`` of a finished table's ``result``.

    >>> outcome({"returns": [1.0, 0.0]}, 0), outcome({"returns": [1.0, 0.0]}, 1)
    ('won', 'lost')
    >>> outcome({"returns": [0.5, 0.5]}, 1), outcome({"returns": [1.0, 0.0, 1.0]}, 2)
    ('drawn', 'won')
    """
    returns: Sequence[float] = (result or {}).get("returns") or []
    if seat >= len(returns):
        return "lost"
    if len(set(returns)) == 1:
        return "drawn"
    return "won" if returns[seat] > 0.5 else "lost"


def read(s: Session, user: User) -> Profile:
    """``user``'s profile."""
    by_game: dict[str, GameStats] = {}
    known = set(game_ids())  # a game this server no longer has keeps its totals only
    finished = s.execute(
        select(
            GameTable.id,
            GameTable.game,
            GameTable.result,
            GameTable.options,
            GameTable.players,
            Seat.seat,
        )
        .join(Seat, Seat.table_id == GameTable.id)
        .where(Seat.user_id == user.id, GameTable.status == "over")
        .order_by(GameTable.finished.desc(), GameTable.id)
    ).all()
    played = []
    for table_id, game, result, options, players, seat in finished:
        if (result or {}).get("closed"):
            continue  # a moderator closed it: no result, so neither won nor lost
        line = by_game.setdefault(game, GameStats(game=game))
        said = outcome(result, seat)
        line.add(said)
        if game in known:
            kind = format_key(game, options or {}, players)
            line.formats.setdefault(kind, Tally()).add(said)
        played.append(Played(table_id, seat, said))
    for rating in s.scalars(select(Rating).where(Rating.user_id == user.id)):
        line = by_game.setdefault(rating.game, GameStats(game=rating.game))
        line.rating = ratings.display(rating.mu)
        line.rated_games = rating.games
        line.provisional = ratings.provisional(rating.games)
    changes = s.execute(
        select(RatingChange.game, RatingChange.mu_after, GameTable.finished)
        .join(GameTable, GameTable.id == RatingChange.table_id)
        .where(RatingChange.user_id == user.id)
        .order_by(RatingChange.id)
    ).all()
    for game, mu_after, at in changes:
        if at is not None and game in by_game:
            by_game[game].history.append(RatingPoint(at, ratings.display(mu_after)))
    return Profile(
        user.id,
        user.name,
        user.guest,
        user.created,
        sorted(by_game.values(), key=_order),
        played[:RECENT],
        s.scalar(select(func.count()).where(Follow.followed_id == user.id)) or 0,
        bool(user.bot),
        user.bio or "",
        known_languages(user.languages),
    )


# ---------------------------------------------------------------------- the member's own


def known_languages(codes: object) -> list[str]:
    """The codes of :data:`LANGUAGES` among ``codes`` (as stored), in the member's order."""
    if not isinstance(codes, list):
        return []
    return [c for c in dict.fromkeys(codes) if c in LANGUAGES]


class ProfileRefused(ValueError):
    """A change to a profile refused, and nothing changed: its ``code`` (an error code)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_bio(text: str) -> str:
    """``text`` as a bio is kept: cleaned as a chat line (:func:`.chat.clean_text`: NFC, one
    space between words, no control or bidi-override characters, the ZWNJ kept); an empty
    one clears it. :class:`ProfileRefused` (``bio-too-long``) past :data:`BIO_CHARS`.

    >>> clean_bio("  می\\u200cخواهم\\n  بازی \\u202e ")
    'می\\u200cخواهم بازی'
    """
    cleaned = chat.clean_text(text)
    if len(cleaned) > BIO_CHARS:
        raise ProfileRefused("bio-too-long", f"a bio is at most {BIO_CHARS} characters")
    return cleaned


def clean_languages(codes: Sequence[str]) -> list[str]:
    """The languages as kept: each once, in the order given; :class:`ProfileRefused`
    (``unknown-language``) for a code not in :data:`LANGUAGES`."""
    unknown = [c for c in codes if c not in LANGUAGES]
    if unknown:
        raise ProfileRefused("unknown-language", f"not a language of the list: {unknown[0]!r}")
    return list(dict.fromkeys(codes))


@dataclass(frozen=True)
class Settings:
    """What a member set on their own profile: the bio and languages everyone reads, and
    the display language (``None``: the browser's choice) only they do."""

    bio: str
    languages: list[str]
    display_lang: str | None


def settings(s: Session, user_id: int) -> Settings:
    """``user_id``'s own profile settings."""
    user = s.get(User, user_id)
    if user is None:
        return Settings("", [], None)
    lang = user.display_lang if user.display_lang in ("fa", "en") else None
    return Settings(user.bio or "", known_languages(user.languages), lang)


def change_settings(s: Session, user_id: int, changes: dict[str, Any]) -> Settings:
    """Change ``user_id``'s settings named in ``changes`` (``bio``, ``languages``,
    ``display_lang``), each checked first: one refused (:class:`ProfileRefused`) changes
    nothing."""
    bio = clean_bio(changes["bio"]) if "bio" in changes else None
    languages = clean_languages(changes["languages"]) if "languages" in changes else None
    user = s.get(User, user_id)
    if user is None:  # (removed since the request was signed in: nothing to change)
        return Settings("", [], None)
    if bio is not None:
        user.bio = bio or None
    if languages is not None:
        user.languages = languages
    if "display_lang" in changes:
        user.display_lang = changes["display_lang"]
    s.flush()
    return settings(s, user_id)


def _order(line: GameStats) -> tuple[int, str]:
    return (-line.played, line.game)


# ---------------------------------------------------------------------- following


@dataclass(frozen=True)
class Followed:
    """A player someone follows, whether they are online (came to the site within
    :data:`ONLINE_WITHIN`), and the games they are playing now (table id, game)."""

    name: str
    guest: bool
    playing: list[tuple[str, str]]
    online: bool = False


def follow(s: Session, follower: int, followed: int, on: bool) -> None:
    """``follower`` follows ``followed`` (``on``) or no longer does; asking twice is the same."""
    s.execute(delete(Follow).where(Follow.follower_id == follower, Follow.followed_id == followed))
    if on:
        s.add(Follow(follower_id=follower, followed_id=followed))


def following(s: Session, follower: int) -> list[Followed]:
    """The players ``follower`` follows, by name, each with the games it is playing now."""
    people = s.execute(
        select(User.id, User.name, User.guest, User.seen)
        .join(Follow, Follow.followed_id == User.id)
        .where(Follow.follower_id == follower)
        .order_by(User.name)
    ).all()
    ids = [user_id for user_id, _, _, _ in people]
    playing: dict[int, list[tuple[str, str]]] = {user_id: [] for user_id in ids}
    if ids:
        rows = s.execute(
            select(Seat.user_id, GameTable.id, GameTable.game)
            .join(GameTable, GameTable.id == Seat.table_id)
            .where(Seat.user_id.in_(ids), GameTable.status == "playing")
            .order_by(GameTable.created.desc())
        ).all()
        for user_id, table_id, game in rows:
            if user_id is not None:
                playing[user_id].append((table_id, game))
    recent = now() - ONLINE_WITHIN
    return [
        Followed(name, guest, playing[user_id], seen is not None and seen > recent)
        for user_id, name, guest, seen in people
    ]

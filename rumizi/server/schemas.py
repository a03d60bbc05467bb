"""The JSON API's bodies: what each route takes and answers, as pydantic models.

The routes (:mod:`rumizi.server.routes`) name these as their ``response_model`` (by their return
annotations), so ``/api/openapi.json`` describes every answer, and FastAPI checks each answer
against its model before it leaves. The page (``rumizi/web/static``) relies on these exact
field names; a field that is sometimes absent (``invite``, a choice's ``players``) is left out
of the answer rather than sent as ``null``, on routes marked ``response_model_exclude_unset``.

Game-provided parts are open where each game adds its own fields: a card carries what its
renderer draws, a view is the game's own document.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from rumizi.server.auth import PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN

MAX_CLOCK = 7 * 24 * 3600  # a week: the longest clock a table may set

Lang = Literal["fa", "en"]  # the page's languages (rumizi.server.plugins.LANGS)
Status = Literal["waiting", "playing", "over"]
SeatKind = Literal["human", "bot"]
Level = Literal["easy", "medium", "hard", "expert"]


# ---------------------------------------------------------------------- session and accounts


class User(BaseModel):
    """A signed-in account, or a guest bound to one browser."""

    id: int
    name: str
    guest: bool


class Me(BaseModel):
    """The session: who is signed in (``null``: nobody), the language and the CSRF token."""

    user: User | None
    lang: Lang
    csrf: str


class LangIn(BaseModel):
    lang: Lang


class LangOut(BaseModel):
    lang: Lang


class Credentials(BaseModel):
    """A sign-in: the name as the person types it (it is matched in its clean form)."""

    username: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=512)


class NewAccount(BaseModel):
    """A sign-up; the name's rules beyond its length are the server's (``invalid-username``)."""

    username: str = Field(min_length=USERNAME_MIN, max_length=USERNAME_MAX)
    password: str = Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX)


class SignInFailures(BaseModel):
    """Failed sign-ins to this account from browsers it does not trust, not yet seen.

    Counted since its owner last said they had seen them (``POST /api/auth/failures/seen``).
    """

    wrong: int = Field(description="wrong passwords")
    refused: int = Field(
        description="attempts turned away while sign-ins to the account were paused "
        "(its own browsers and the addresses it signed in from went on signing in)"
    )
    first: datetime
    last: datetime


class AccountFailures(BaseModel):
    """The account's failed sign-ins from elsewhere (``null``: none since its owner saw them)."""

    failures: SignInFailures | None


class SignedIn(BaseModel):
    """The account a guest, sign-up or sign-in request left this browser with.

    A sign-in also says what failed on the account from elsewhere (``failures``), if anything.
    """

    user: User
    failures: SignInFailures | None = None


class Nothing(BaseModel):
    """An empty answer, ``{}``."""


# ---------------------------------------------------------------------- the catalogue


class CatalogEntry(BaseModel):
    """A game in the catalogue, in the cookie's language."""

    id: str
    name: str
    tagline: str
    players: str = Field(description="how many play, as people read it (“۲–۶”, “2–6”)")
    minutes: int | None
    age: int | None


class RulesSection(BaseModel):
    title: str
    paragraphs: list[str]


class OptionChoice(BaseModel):
    value: str | int
    label: str
    players: list[int] | None = Field(
        default=None, description="the player counts the choice allows; absent: any"
    )
    requires: dict[str, list[str | int]] | None = Field(
        default=None,
        description="the values other options must take with this choice; absent: any",
    )


class GameOption(BaseModel):
    """One option of a new table (a format, who starts) and its choices."""

    name: str
    label: str
    choices: list[OptionChoice]


class BotLevel(BaseModel):
    """A bot level a new table may seat; left out ``players`` and ``requires``: any table."""

    value: Level
    label: str
    players: list[int] | None = Field(
        default=None, description="the seat counts of the tables it plays (expert's networks)"
    )
    requires: dict[str, list[str | int]] | None = Field(
        default=None, description="per option, the choices of the tables it plays"
    )


class GamePage(CatalogEntry):
    """A game's page: its catalogue entry, rules, options and bot levels."""

    rules: list[RulesSection]
    options: list[GameOption]
    renderer: bool = Field(description="whether /static/games/{game}.js draws its table")
    levels: list[BotLevel]
    puzzles: int = Field(default=0, description="how many puzzles of the game are shipped")


class Card(BaseModel):
    """A card as the page draws it: an id and a name, and the game's own fields beside them."""

    model_config = ConfigDict(extra="allow")

    id: str
    name: str


class Cards(BaseModel):
    cards: list[Card]


# ---------------------------------------------------------------------- tables


class SeatIn(BaseModel):
    kind: SeatKind
    level: Level | None = None


class ClockIn(BaseModel):
    kind: Literal["none", "realtime", "turn"] = "none"
    initial: int = Field(default=600, ge=10, le=MAX_CLOCK)
    increment: int = Field(default=10, ge=0, le=3600)
    per_move: int = Field(default=86400, ge=60, le=MAX_CLOCK)


# Option names and values are short words (a format's name); longer ones are refused at once.
OptionName = Annotated[str, Field(max_length=40)]
# Strict: true or 1.0 is not quietly taken for the seat 1 (nor false for 0).
OptionValue = Annotated[str, Field(max_length=40, strict=True)] | StrictInt


class TableIn(BaseModel):
    game: str = Field(max_length=40)
    options: dict[OptionName, OptionValue] = Field(default_factory=dict, max_length=8)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    clock: ClockIn = Field(default_factory=ClockIn)
    rated: bool = False
    listed: bool = Field(default=False, description="shown in the lobby: anyone may join there")
    undo: bool | None = Field(
        None, description="players may take moves back in their turn (default: unless rated)"
    )


class TableMade(BaseModel):
    """A new table: its id, the creator's seat, the invite code and the table's page."""

    id: str
    seat: int
    invite: str
    url: str


class Clock(BaseModel):
    """A table's clock: ``none``, ``realtime`` (seconds and an increment) or ``turn``."""

    model_config = ConfigDict(extra="allow")

    kind: Literal["none", "realtime", "turn"]
    initial: int | None = None
    increment: int | None = None
    per_move: int | None = None


class Result(BaseModel):
    """How a game ended: the winning seat (``null``: a draw) and each seat's return."""

    model_config = ConfigDict(extra="allow")

    winner: int | None = None
    returns: list[float] | None = None


class TableSeat(BaseModel):
    seat: int
    kind: SeatKind
    level: Level | None
    name: str
    user_id: int | None


class RatingChange(BaseModel):
    """A seat's rating before and after a rated game (its end screen, the player's games)."""

    seat: int
    before: int = Field(description="the rating before the game (1500 scale)")
    after: int = Field(description="the rating after it")
    change: int = Field(description="after - before")
    before_provisional: bool = Field(description="the rating before the game was provisional")
    after_provisional: bool = Field(description="the rating after it is still provisional")
    games: int = Field(description="the player's rated games of this game, this one included")


class TableTournament(BaseModel):
    """The tournament a table's game is played for, and its round (arena: pairing wave)."""

    id: str
    round: int
    url: str


class Table(BaseModel):
    """A table as its page and the history list show it."""

    id: str
    game: str
    options: dict[str, Any]
    status: Status
    version: int
    rated: bool
    clock: Clock
    created: str = Field(description="when the table was made, ISO 8601")
    result: Result | None
    seats: list[TableSeat]
    you: int | None = Field(description="the caller's seat; null: not seated")
    creator: bool = Field(
        default=False, description="the caller made the table (and may cancel it while it waits)"
    )
    invite: str | None = Field(default=None, description="the invite code; only for the seated")
    ratings: list[RatingChange] | None = Field(
        default=None, description="each seat's rating change; only once a rated game is over"
    )
    tournament: TableTournament | None = Field(
        default=None, description="the tournament and round it is played for, if any"
    )


class JoinIn(BaseModel):
    invite: str = Field(max_length=64)


class Joined(BaseModel):
    seat: int


# ---------------------------------------------------------------------- replays and ratings


class ReplaySeat(BaseModel):
    seat: int
    kind: SeatKind
    level: Level | None
    name: str


class Frame(BaseModel):
    """One position of a replay: the version, the seat's view and the log lines of its move."""

    version: int
    view: dict[str, Any]
    log: list[str]
    undone: bool = Field(False, description="the move was taken back later (an undo)")
    undone_text: str | None = Field(None, description="how the page marks it, in its language")


class ChatLine(BaseModel):
    """A chat message of a table (rumizi.server.chat): typed ``text`` or a quick ``phrase`` id.

    ``version`` is the table's version when it was sent: a replay shows it from that frame on.
    """

    id: int
    version: int
    channel: Literal["players", "spectators"]
    seat: int | None
    name: str
    text: str | None
    phrase: str | None
    at: int = Field(description="when it was sent, in milliseconds since 1970 (UTC)")


class Replay(BaseModel):
    """A game stepped move by move, from one seat's side (every card shown once it is over)."""

    id: str
    game: str
    seat: int | None
    seats: list[ReplaySeat]
    final: bool
    result: Result | None
    frames: list[Frame]
    chat: list[ChatLine] = []


class Rating(BaseModel):
    """A line of a leaderboard on the chess scale (1500 to start; “?” while provisional).

    Settled ratings come first, then provisional ones, each highest first
    (rumizi.server.ratings)."""

    name: str
    rating: int = Field(description="the rating: 1500 for a newcomer, 400 points = 10 to 1")
    provisional: bool = Field(description="fewer than 8 rated games: shown with a “?”")
    deviation: int = Field(description="one sigma of the estimate, in rating points")
    games: int = Field(description="rated games of this game")


# ---------------------------------------------------------------------- the lobby

QuickWait = Literal[30, 60, 180]  # seconds a quick match waits for a person before a bot


class LobbySeat(BaseModel):
    """A seat as the lobby shows it: who sits there (``empty``: free for a person)."""

    seat: int
    kind: SeatKind
    level: Level | None
    name: str
    empty: bool


class LobbyTable(BaseModel):
    """A table's public facts: game, options, clock, seats; never a card or an invite."""

    id: str
    game: str
    status: Status
    options: dict[str, Any]
    clock: Clock
    rated: bool
    seats: list[LobbySeat]
    free: int = Field(description="human seats still free")
    watching: int = Field(description="spectators connected to this instance")
    created: str = Field(description="when the table was made, ISO 8601")


class MyTable(LobbyTable):
    """One of the caller's unfinished tables, and whether it waits for the caller now."""

    you: int = Field(description="the caller's seat")
    your_turn: bool


class LobbyGame(BaseModel):
    """One game's corner of the lobby: tables to join, games to watch, people in the queue."""

    game: str
    open: list[LobbyTable]
    playing: list[LobbyTable]
    queued: int = Field(description="people waiting for a quick match of this game")


class QuickIn(BaseModel):
    """A quick match: the game, its options, its clock, and how long to wait for a person."""

    game: str = Field(max_length=40)
    options: dict[OptionName, OptionValue] = Field(default_factory=dict, max_length=8)
    clock: ClockIn = Field(default_factory=ClockIn)
    wait: QuickWait = 60
    allow_bots: bool = Field(
        default=False, description="a bot account may be the opponent (bots queue too)"
    )


class QuickState(BaseModel):
    """Where the caller's quick match stands.

    ``none``: not queued; ``waiting``: for ``left_ms`` more; ``matched``: ``table`` is made
    and the caller sits at it; ``expired``: nobody came in time (a bot is offered).
    """

    status: Literal["none", "waiting", "matched", "expired"]
    game: str | None = None
    options: dict[str, Any] | None = None
    wait: int | None = None
    left_ms: int | None = None
    table: str | None = None
    url: str | None = None


class QuickBotIn(BaseModel):
    level: Level = "easy"


# ---------------------------------------------------------------------- tournaments

TournamentKind = Literal["swiss", "arena"]
TournamentStatus = Literal["announced", "running", "finished", "cancelled"]
MAX_ROUNDS = 15
MAX_ARENA_MINUTES = 24 * 60


class TournamentIn(BaseModel):
    """A new tournament: the game and its options, the kind, its length, clock and start."""

    name: str | None = Field(default=None, max_length=60, description="default: the game's name")
    game: str = Field(max_length=40)
    options: dict[OptionName, OptionValue] = Field(default_factory=dict, max_length=8)
    players: int | None = Field(
        default=None,
        ge=2,
        le=6,
        description="seats at each table (default: the fewest the game's options allow)",
    )
    kind: TournamentKind
    rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS, description="Swiss only")
    minutes: int | None = Field(
        default=None, ge=5, le=MAX_ARENA_MINUTES, description="arena only: its length"
    )
    clock: ClockIn = Field(description="every game's clock: realtime or turn (none is refused)")
    starts_at: datetime = Field(description="ISO 8601 with a time zone; within 30 days")
    rated: bool = False
    invite_only: bool = Field(default=False, description="join with the invite code only")
    allow_bots: bool = Field(default=False, description="bot accounts may join (by token)")


class TournamentMade(BaseModel):
    id: str
    url: str
    invite: str | None = Field(default=None, description="the invite code (invite-only events)")


class TournamentSummary(BaseModel):
    """A tournament as the lists and the lobby show it."""

    id: str
    name: str
    game: str
    options: dict[str, Any]
    players: int = Field(description="seats at each table")
    kind: TournamentKind
    rounds: int | None = Field(description="Swiss: the number of rounds")
    minutes: int | None = Field(description="arena: its length in minutes")
    clock: Clock
    rated: bool
    invite_only: bool
    allow_bots: bool = Field(description="bot accounts may join")
    status: TournamentStatus
    starts_at: str = Field(description="ISO 8601")
    ends_at: str | None = Field(description="arena: when pairing stops, ISO 8601")
    round: int = Field(description="Swiss: the round being played (0 before the first)")
    entrants: int = Field(description="players who joined and have not withdrawn")
    organiser: str


class TournamentResult(BaseModel):
    """One line of a player's sheet: a game (or a bye) and what it scored."""

    round: int = Field(description="Swiss: the round; arena: the game's number")
    opponents: list[str]
    points: float | None = Field(description="null while the game is played")
    place: float | None
    bye: bool
    fire: bool = Field(description="arena: scored on a streak (doubled)")
    table: str | None = Field(description="the table's id (none for a bye)")


class TournamentStanding(BaseModel):
    rank: int
    name: str = Field(description="the player's name as shown in the reader's language")
    user: str = Field(description="the account's name (its profile is /u/<user>)")
    points: float
    tiebreaks: dict[str, float]
    results: list[TournamentResult]
    withdrawn: bool
    fire: bool = Field(description="arena: on a streak now (the next win is doubled)")
    you: bool


class TournamentPairing(BaseModel):
    """A table of the round being played (arena: a game under way or just ended)."""

    table: str
    url: str
    round: int
    seats: list[str] = Field(description="the players' names by seat")
    status: Status
    points: list[float] | None = Field(description="each seat's points once over")


class Tournament(TournamentSummary):
    """One tournament's page (also pushed on ``/ws/tournaments/{id}``)."""

    standings: list[TournamentStanding]
    pairings: list[TournamentPairing]
    tiebreaks: list[str] = Field(description="the tie-breaks in the order they count")
    next_round_at: str | None = Field(
        description="Swiss: when the next round is paired, once known; ISO 8601"
    )
    no_show: int = Field(description="seconds a player may take to make a first move")
    podium: list[str] = Field(description="the first three once finished")
    joined: bool = Field(description="the caller plays in it")
    can_join: bool
    can_withdraw: bool
    can_cancel: bool = Field(description="the caller organises it and it has not started")
    your_table: str | None = Field(description="the caller's table being played now")
    invite: str | None = Field(default=None, description="the invite code; only for the organiser")
    now: str = Field(description="the server's time, ISO 8601 (for the countdowns)")


class TournamentList(BaseModel):
    upcoming: list[TournamentSummary]
    running: list[TournamentSummary]
    finished: list[TournamentSummary]


class TournamentJoinIn(BaseModel):
    invite: str | None = Field(default=None, max_length=64)


class Lobby(BaseModel):
    """The home page's live lobby (also pushed on ``/ws/lobby`` as ``{"type": "lobby", ...}``)."""

    online: int = Field(description="people connected to this instance (tables and lobby)")
    games: list[LobbyGame]
    mine: list[MyTable] = Field(description="the caller's unfinished tables, their turn first")
    quick: QuickState
    tournaments: list[TournamentSummary] = Field(
        default_factory=list, description="open tournaments announced or running, soonest first"
    )
    challenges: list[Challenge] = Field(
        default_factory=list,
        description="the caller's challenges both ways: pending, and those answered lately",
    )


# ---------------------------------------------------------------------- challenges

ChallengeStatus = Literal["pending", "accepted", "declined", "cancelled", "expired"]


class ChallengeIn(BaseModel):
    """A challenge to one player: always two seats, so the options must allow two."""

    to: str = Field(max_length=40, description="the challenged player's name")
    game: str = Field(max_length=40)
    options: dict[OptionName, OptionValue] = Field(default_factory=dict, max_length=8)
    clock: ClockIn = Field(default_factory=ClockIn)
    rated: bool = False


class Challenge(BaseModel):
    """A challenge as its two players read it (nobody else can)."""

    model_config = ConfigDict(populate_by_name=True)

    id: str
    from_: str = Field(alias="from", description="the challenger's name")
    to: str = Field(description="the challenged player's name")
    incoming: bool = Field(description="the caller is the one challenged")
    game: str
    options: dict[str, Any]
    clock: Clock
    rated: bool
    status: ChallengeStatus = Field(
        description="pending (for ten minutes), then accepted, declined, cancelled (withdrawn "
        "by the challenger) or expired"
    )
    created: str = Field(description="ISO 8601")
    expires: str = Field(description="when a pending challenge expires, ISO 8601")
    table: str | None = Field(default=None, description="once accepted: the table made")
    url: str | None = Field(default=None, description="once accepted: the table's page")


Lobby.model_rebuild()


# ---------------------------------------------------------------------- moderation

ReportKind = Literal["player", "chat", "name"]
ReportReason = Literal["abuse", "cheating", "spam", "offensive-name", "other"]
ReportStatus = Literal["open", "resolved", "dismissed"]
ModerationAction = Literal["warn", "mute", "ban", "lift", "rename", "close", "dismiss"]


class ReportIn(BaseModel):
    """A report: of a player (``player``: their name), of one chat line (``table`` and
    ``line``: the table's id and the line's id as the chat sent it) or of a name
    (``player``), with a reason from the list and, optionally, a few words."""

    kind: ReportKind
    player: str | None = Field(default=None, max_length=40)
    table: str | None = Field(default=None, max_length=16)
    line: StrictInt | None = Field(default=None, ge=1, le=2**31 - 1)
    reason: ReportReason
    text: str | None = Field(default=None, max_length=400, description="cleaned as chat is")


class ReportMade(BaseModel):
    """A report received (what the reporter sees: nothing of what is done about it)."""

    id: int
    kind: ReportKind
    reason: ReportReason


class Report(BaseModel):
    """A report as admins read it (nobody else can)."""

    id: int
    kind: ReportKind
    reporter: str
    player: str = Field(description="the reported player's name now")
    table: str | None = None
    line: int | None = None
    quoted: str | None = Field(default=None, description="the chat line as it was reported")
    reason: ReportReason
    text: str | None = None
    status: ReportStatus
    created: datetime


class ModerationIn(BaseModel):
    """An admin's action: ``warn``, ``mute`` (for ``minutes``), ``ban`` (for ``minutes``, or
    for good without), ``lift`` (end a mute and a ban), ``rename`` (to a neutral name),
    ``close`` (a table, ended with no result) or ``dismiss`` (a report). ``report``: the
    report acted on (its player and table are the defaults; it is closed with the action)."""

    action: ModerationAction
    reason: str = Field(min_length=1, max_length=200)
    player: str | None = Field(default=None, max_length=40)
    table: str | None = Field(default=None, max_length=16)
    report: StrictInt | None = Field(default=None, ge=1, le=2**31 - 1)
    minutes: StrictInt | None = Field(default=None, ge=1, le=60 * 24 * 3650)


class AuditEntry(BaseModel):
    """One admin action as the audit log keeps it."""

    id: int
    actor: str
    action: ModerationAction
    player: str | None = None
    table: str | None = None
    report: int | None = None
    reason: str
    until: datetime | None = Field(default=None, description="a mute's or a ban's end")
    forever: bool = Field(default=False, description="a ban for good")
    renamed_to: str | None = None
    at: datetime


class Notice(BaseModel):
    """A warning or a rename the player has not been shown yet (never who reported them)."""

    id: int
    action: Literal["warn", "rename"]
    reason: str
    renamed_to: str | None = None
    at: datetime


class Standing(BaseModel):
    """The caller's own standing: a mute or ban in force, and the notices not yet seen."""

    admin: bool
    muted_until: datetime | None = None
    banned_until: datetime | None = None
    banned_forever: bool = False
    notices: list[Notice] = Field(default_factory=list)

"""Every message of the WebSockets, both ways, with its type.

The table's socket (``/ws/tables/{id}``, :mod:`rumizi.server.ws`) and the lobby's
(``/ws/lobby``) carry one JSON object per message, told apart by its ``type``.
``docs/web-protocol.md`` lists them all from the types here (:mod:`rumizi.server.protocol_doc`).

- What a page sends (:data:`PAGE_MESSAGES`) is a pydantic model: :mod:`rumizi.server.inbound`
  validates every message through its model before the hub or the database sees it.
- What the server sends (:data:`SERVER_MESSAGES`) is a typed dict, which pydantic reads as a
  model too (``TypeAdapter(StateMessage)``: its schema, and the tests' validation). The server
  builds these from values it made itself, with nothing to check, and a state is built for
  every move and every reader: a typed dict is the dict the socket sends, so the type costs
  nothing at run time and the type checker still holds each message to its fields.

>>> Act.model_validate({"type": "act", "client_id": "c-1", "version": 3, "action": {"do": "end"}})
Act(type='act', client_id='c-1', version=3, action={'do': 'end'})
>>> from pydantic import TypeAdapter
>>> ack: Ack = {"type": "ack", "client_id": "c-1", "version": 4}
>>> TypeAdapter(Ack).validate_python(ack) == wire(ack)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal, NotRequired, cast, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    WithJsonSchema,
    model_validator,
    with_config,
)
from typing_extensions import TypedDict  # pydantic reads typing's only from Python 3.12

from rumizi.server.schemas import (
    Challenge,
    Level,
    LobbyGame,
    MyTable,
    QuickState,
    SeatKind,
    Status,
    TournamentSummary,
)

#: The chat's quick phrases, by id; their words in each language live in the page (i18n.js
#: "chat.phrase.*"), so each reader sees a phrase in their own language.
Phrase = Literal["hello", "good-luck", "thinking", "oops", "well-played", "good-game", "thanks"]
PHRASES: Final[tuple[str, ...]] = get_args(Phrase)
Channel = Literal["players", "spectators"]

CLIENT_ID_CHARS: Final = "ASCII letters, digits and . _ : ~ -"
CLIENT_ID_PATTERN: Final = r"[A-Za-z0-9._:~-]{1,64}"
_CLIENT_ID: Final = re.compile(CLIENT_ID_PATTERN)
#: The kinds of move the server makes itself, each stored with client id ``<kind>-<version>``:
#: a bot's move, a clock's timeout, the end of a timed phase (Fantasy Realms' chaos trading).
SERVER_MOVES: Final = ("bot", "clock", "ring")
SERVER_PREFIXES: Final = tuple(f"{kind}-" for kind in SERVER_MOVES)


def client_id_problem(value: Any) -> str | None:
    """Why ``value`` cannot be a page's client id, or ``None`` if it can.

    >>> client_id_problem("c-17") is None
    True
    >>> client_id_problem("move one")
    'client_id must be 1 to 64 characters: ASCII letters, digits and . _ : ~ -'
    """
    if not isinstance(value, str) or _CLIENT_ID.fullmatch(value) is None:
        return f"client_id must be 1 to 64 characters: {CLIENT_ID_CHARS}"
    if value.startswith(SERVER_PREFIXES):
        named = ", ".join(f"'{p}'" for p in SERVER_PREFIXES[:-1])
        return f"client ids starting {named} or '{SERVER_PREFIXES[-1]}' are the server's"
    return None


def _client_id(value: str) -> str:
    problem = client_id_problem(value)
    if problem is not None:
        raise ValueError(problem)
    return value


#: A page's name for one of its messages, for the acknowledgement and for duplicates (unique
#: per table); the server's own moves' ids (``bot-7``) are not a page's to take.
ClientId = Annotated[
    str,
    AfterValidator(_client_id),
    WithJsonSchema(
        {
            "type": "string",
            "pattern": f"^{CLIENT_ID_PATTERN}$",
            "description": "not starting " + ", ".join(SERVER_PREFIXES),
        }
    ),
]


def wire(message: Mapping[str, Any]) -> dict[str, Any]:
    """A message the server built (one of :data:`SERVER_MESSAGES`) as the sockets take it.

    The same object: a typed dict is a dict, its type only for the checker and the schema.
    """
    return cast(dict[str, Any], message)


# ---------------------------------------------------------------------- the table: the state


class LegalMove(TypedDict):
    """A move the connection's seat may make now, with the words the page shows for it."""

    action: Annotated[dict[str, Any], Field(description="sent back as it is in an `act`")]
    label: str


class SeatInfo(TypedDict):
    """A seat as the table shows it: who sits there and whether they are connected."""

    seat: int
    name: str
    kind: SeatKind
    level: Level | None
    connected: Annotated[bool, Field(description="someone is there (a bot always is)")]
    empty: Annotated[bool, Field(description="free for a person")]


class ClockInfo(TypedDict):
    """The table's clock: each seat's time left when the message was made (``at``)."""

    kind: Literal["realtime", "turn"]
    remaining_ms: list[int]
    running: Annotated[int | None, Field(description="the seat whose time runs")]
    at: Annotated[int, Field(description="the server's time, in ms since 1970")]


class TimerInfo(TypedDict):
    """A timed phase (Fantasy Realms' chaos trading): its length and when the server ends it."""

    seconds: float
    ends_at: Annotated[int, Field(description="in ms since 1970")]
    at: Annotated[int, Field(description="the server's time when the message was made")]


@with_config(ConfigDict(extra="allow"))
class Outcome(TypedDict):
    """How the game ended (the stored ``Result``) and the sentence the page shows."""

    winner: NotRequired[int | None]
    returns: NotRequired[list[float] | None]
    text: str


class StateMessage(TypedDict):
    """The table as one seat (``null``: a spectator) sees it, after connecting and each change.

    ``log`` holds the lines ``log_start``, ``log_start + 1``, … of the whole log, in the
    connection's language: only those this connection has not had yet.
    """

    type: Literal["state"]
    table: str
    game: str
    version: int
    status: Status
    seat: int | None
    view: Annotated[dict[str, Any], Field(description="the game's view for this seat")]
    legal: Annotated[list[LegalMove], Field(description="empty unless this seat acts now")]
    to_act: list[int]
    log: list[str]
    seats: list[SeatInfo]
    clock: ClockInfo | None
    timer: TimerInfo | None
    result: Outcome | None
    undo: Annotated[bool, Field(description="this seat may take its last step back now")]
    undone: Annotated[list[int], Field(description="the log lines of moves taken back")]
    # The first line of ``log``: each connection's own, set by the hub as it sends.
    log_start: int


# ---------------------------------------------------------------------- the table: the rest


class Presence(TypedDict):
    """A seat's first connection opened or its last one closed: the seats with someone there."""

    type: Literal["presence"]
    table: str
    connected: Annotated[list[int], Field(description="bots always")]


GoneReason = Literal["cancelled", "closed"]


class Gone(TypedDict):
    """The table no longer exists (``cancelled``: its creator called it off while it waited),
    or an admin closed it (``closed``: it ended with no result)."""

    type: Literal["gone"]
    table: str
    reason: GoneReason


class Ack(TypedDict):
    """The sender's move is stored: the table's version now."""

    type: Literal["ack"]
    client_id: str
    version: int


class ErrorMessage(TypedDict):
    """A message refused; it changed nothing (``message`` is English, for people's logs)."""

    type: Literal["error"]
    client_id: Annotated[str | None, Field(description="the refused message's, if a string")]
    code: Annotated[str, Field(description="an error code the socket sends")]
    message: str


# The functional form: "from" is a Python keyword.
ChatMessage = TypedDict(
    "ChatMessage",
    {
        "type": Literal["chat"],
        "id": int,
        "table": str,
        "version": Annotated[int, Field(description="the table's version when it was said")],
        "channel": Channel,
        "seat": int | None,
        "from": Annotated[str, Field(description="who to mute: `seat-N` or `user-N`")],
        "name": str,
        "text": str | None,
        "phrase": str | None,
        "client_id": str,
        "at": Annotated[int, Field(description="when it was said, in ms since 1970")],
    },
)
ChatMessage.__doc__ = "A chat line, to each connection that may read it (the sender's: its ack)."


class ChatHistory(TypedDict):
    """The chat so far that the connection may read, before its first state."""

    type: Literal["chat-history"]
    table: str
    messages: list[ChatMessage]
    channel: Annotated[Channel, Field(description="the channel this connection writes into")]
    can_write: Annotated[bool, Field(description="a connection with no session reads only")]


# ---------------------------------------------------------------------- the table: the page's


class Act(BaseModel):
    """A move: one of the state's ``legal`` actions, made on the state's ``version``."""

    type: Literal["act"]
    client_id: ClientId
    version: StrictInt | None = Field(default=None, description="may be left out only by a concede")
    action: dict[str, Any]

    @model_validator(mode="after")
    def _versioned(self) -> Act:
        if self.version is None and self.action.get("do") != "concede":
            raise ValueError("only a concede may leave out the version")
        return self


class Concede(BaseModel):
    """The sender's seat gives up (whoever is to act); the version may be left out."""

    type: Literal["concede"]
    client_id: ClientId
    version: StrictInt | None = None


class Undo(BaseModel):
    """Take back the sender's last step, made on the state's ``version``."""

    type: Literal["undo"]
    client_id: ClientId
    version: StrictInt


def _one_of_two(data: Any) -> Any:
    """Refuse a chat line with both a text and a phrase, or neither (before its fields: this
    is said as such, not as a wrong text or phrase)."""
    if isinstance(data, dict) and (data.get("text") is None) == (data.get("phrase") is None):
        raise ValueError("a chat message has either 'text' or 'phrase'")
    return data


class Chat(BaseModel):
    """A chat line: typed ``text`` or a quick ``phrase`` id, one of the two."""

    type: Literal["chat"]
    client_id: ClientId
    text: str | None = None
    phrase: Phrase | None = None

    _either = model_validator(mode="before")(_one_of_two)


class ChatWords(BaseModel):
    """What a :class:`Chat` says, read once its type and client id are (the same rules)."""

    text: str | None = None
    phrase: Phrase | None = None

    _either = model_validator(mode="before")(_one_of_two)


# ---------------------------------------------------------------------- the lobby's socket


class LobbyMessage(TypedDict):
    """The lobby (``type`` beside the fields of ``Lobby``), pushed when it changes.

    The answer of ``GET /api/lobby`` with its type; pushed at most every half second, and
    every 15 s anyway.
    """

    type: Literal["lobby"]
    online: int
    games: list[LobbyGame]
    mine: list[MyTable]
    quick: QuickState
    challenges: list[Challenge]
    tournaments: list[TournamentSummary]


class Refresh(BaseModel):
    """The lobby's page asks for a fresh lobby now (anything else on that socket is ignored)."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["refresh"]


#: What the server sends on the table's socket, then on the lobby's.
SERVER_MESSAGES: Final = (
    StateMessage,
    Presence,
    Gone,
    Ack,
    ErrorMessage,
    ChatHistory,
    ChatMessage,
    LobbyMessage,
)
#: What a page may send on the table's socket, then on the lobby's.
PAGE_MESSAGES: Final = (Act, Concede, Undo, Chat, Refresh)
#: The types the messages above are made of, listed with them.
PARTS: Final = (LegalMove, SeatInfo, ClockInfo, TimerInfo, Outcome)

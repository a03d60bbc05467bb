"""What a page may send on a table's socket, checked before it reaches the hub or the database.

A message is one JSON object of at most ``MAX_MESSAGE`` bytes, nested at most
:data:`MAX_DEPTH` levels, whose every string is well-formed Unicode (JSON can spell a lone
surrogate, ``"\\ud800"``, which no database driver will store and no reply can carry)
(:func:`read`). Then it is one of the page's messages (:mod:`rumizi.server.messages`),
validated through its model, each refusal in the protocol's words: first its ``type`` and its
``client_id`` (:func:`head`). The id names the message for the acknowledgement and for
duplicates: 1 to 64 ASCII letters, digits and ``. _ : ~ -``, and never one of the ids of the
moves the server makes itself (``bot-<version>`` and the like, which a page's message could
otherwise take first and so block). Then, once the socket knows the sender may send such a
message at all (a spectator makes no move, a signed-out reader writes no chat), the rest
(:func:`move`, :func:`chat`).

>>> message = read('{"type": "act", "client_id": "c-1", "version": 3, "action": {"do": "end"}}')
>>> head(message).type
'act'
>>> move(message)
Act(type='act', client_id='c-1', version=3, action={'do': 'end'})
>>> move({"type": "undo", "client_id": "c-2", "version": "3"})
Traceback (most recent call last):
...
rumizi.server.inbound.Malformed: an undo message needs 'version' (an integer)
>>> read('{"type": "act", "client_id": "\\ud800"}')
Traceback (most recent call last):
...
rumizi.server.inbound.Malformed: a string in the message is not well-formed Unicode
>>> client_id_problem("ring-7")
"client ids starting 'bot-', 'clock-' or 'ring-' are the server's"
>>> server_move_id("ring", 7)
'ring-7'
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal, get_args

from pydantic import BaseModel, ValidationError

from rumizi.server.messages import SERVER_MOVES as SERVER_MOVES
from rumizi.server.messages import Act, ChatWords, ClientId, Concede, Refresh, Undo
from rumizi.server.messages import client_id_problem as client_id_problem  # the undo's too

MAX_MESSAGE: Final = 16 * 1024  # bytes; a real action is a few dozen
MAX_DEPTH: Final = 16  # an action is an object in an object; 16 leaves room and stops bombs
READ_RATE: Final = 8.0  # messages a second one socket is read at, at most (Throttle)
READ_BURST: Final = 30
Kind = Literal["act", "concede", "undo", "chat"]  # of the page's messages on a table's socket
TYPES: Final[tuple[str, ...]] = get_args(Kind)
# What a refusal says of a wrong ``type``, and of each kind's other fields.
_WRONG_TYPE: Final = (
    "'type' must be " + ", ".join(f"'{t}'" for t in TYPES[:-1]) + f" or '{TYPES[-1]}'"
)
_WRONG_MOVE: Final = {
    "act": "an action message needs 'action' (an object) and 'version' (an integer)",
    "concede": "an action message needs 'action' (an object) and 'version' (an integer)",
    "undo": "an undo message needs 'version' (an integer)",
}
_MOVES: Final[dict[str, type[Act | Concede | Undo]]] = {
    "act": Act,
    "concede": Concede,
    "undo": Undo,
}
REFRESH_MAX: Final = 256  # characters: the lobby's one message is 19


class Throttle:
    """How fast one socket's messages are read: :data:`READ_RATE` a second, bursts of
    :data:`READ_BURST` (a token bucket).

    A page sends a message when its player clicks; a socket that sends hundreds a second is
    a script. Its messages are not refused but read more slowly: the server waits before
    reading the next one, they wait in the network's buffers, and the flood costs the
    event loop nothing while other tables' moves go on.

    >>> throttle = Throttle(rate=2.0, burst=2)
    >>> [throttle.wait(0.0) for _ in range(4)]
    [0.0, 0.0, 0.5, 1.0]
    """

    def __init__(self, rate: float = 0.0, burst: int = 0) -> None:
        self.rate = rate or READ_RATE
        self.burst = float(burst or READ_BURST)
        self._tokens = self.burst
        self._at: float | None = None

    def wait(self, now: float) -> float:
        """Take one message at time ``now``; the seconds to wait before reading it."""
        if self._at is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now
        self._tokens -= 1.0
        return 0.0 if self._tokens >= 0 else -self._tokens / self.rate


class Refused(ValueError):
    """A page's message refused before it reached the hub, answered with :attr:`code`."""

    code = "malformed"


class Malformed(Refused):
    """The message is not one the protocol allows (answered with the code ``malformed``)."""


class TooLarge(Malformed):
    """The message is longer than :data:`MAX_MESSAGE` (answered with ``too-large``)."""

    code = "too-large"


class UnknownPhrase(Refused):
    """A chat message's ``phrase`` is not one of the quick phrases."""

    code = "chat-unknown-phrase"


class Head(BaseModel):
    """What every page's message on a table's socket starts with: its kind and its name."""

    type: Kind
    client_id: ClientId


def server_move_id(kind: str, version: int) -> str:
    """The client id of the server's own move of ``kind`` at ``version`` (one per version)."""
    if kind not in SERVER_MOVES:
        raise ValueError(f"not a kind of server move: {kind!r}")
    return f"{kind}-{version}"


def checked_client_id(value: Any) -> str:
    """``value`` as a page's client id, or :class:`Malformed` saying why it cannot be one."""
    problem = client_id_problem(value)
    if problem is not None:
        raise Malformed(problem)
    assert isinstance(value, str)
    return value


def read(text: str) -> dict[str, Any]:
    """The message in ``text``, or :class:`Malformed` saying what is wrong with it."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise TooLarge(f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text)
    except RecursionError:  # nested deeper than the parser goes
        raise Malformed(f"a message is nested at most {MAX_DEPTH} levels deep") from None
    except ValueError:
        raise Malformed("a message is one JSON object") from None
    if not isinstance(message, dict):
        raise Malformed("a message is one JSON object")
    _check(message, 1)
    return message


def _refusal(err: ValidationError, message: dict[str, Any], sentences: dict[str, str]) -> Refused:
    """The protocol's words for the first thing wrong: the type, the client id, the rest.

    ``sentences`` says a field's problem by the field's name; ``""``, anything else's.
    """
    wrong = {str(error["loc"][0]) if error["loc"] else "" for error in err.errors()}
    if "type" in wrong:
        return Malformed(_WRONG_TYPE)
    if "client_id" in wrong:
        return Malformed(client_id_problem(message.get("client_id")) or "client_id")
    if "phrase" in wrong:
        return UnknownPhrase(f"no quick phrase {message.get('phrase')!r}")
    field = next((name for name in sentences if name and name in wrong), "")
    return Malformed(sentences[field])


def head(message: dict[str, Any]) -> Head:
    """The kind and the client id of ``message`` (a :class:`Head`), or :class:`Malformed`."""
    try:
        return Head.model_validate(message)
    except ValidationError as err:
        raise _refusal(err, message, {"": _WRONG_TYPE}) from None


def move(message: dict[str, Any]) -> Act | Concede | Undo:
    """``message`` as a move, a concede or an undo (its model), or :class:`Malformed`."""
    kind = head(message).type
    if kind not in _MOVES:
        raise Malformed(_WRONG_TYPE)
    try:
        return _MOVES[kind].model_validate(message)
    except ValidationError as err:
        raise _refusal(err, message, {"": _WRONG_MOVE[kind]}) from None


def chat(message: dict[str, Any]) -> ChatWords:
    """What a chat message says (:class:`~rumizi.server.messages.ChatWords`; its :func:`head`
    is read first), or :class:`Malformed` or :class:`UnknownPhrase`.

    >>> chat({"type": "chat", "client_id": "c-3", "phrase": "hello"}).phrase
    'hello'
    >>> chat({"type": "chat", "client_id": "c-3", "phrase": "hi"})
    Traceback (most recent call last):
    ...
    rumizi.server.inbound.UnknownPhrase: no quick phrase 'hi'
    """
    try:
        return ChatWords.model_validate(message)
    except ValidationError as err:
        sentences = {
            "": "a chat message has either 'text' or 'phrase'",
            "text": "'text' must be a string",
        }
        raise _refusal(err, message, sentences) from None


def is_refresh(text: str) -> bool:
    """Whether ``text``, read on the lobby's socket, is its :class:`Refresh` (and nothing else).

    >>> is_refresh('{"type": "refresh"}'), is_refresh('{"type": "refresh", "x": 1}')
    (True, False)
    """
    if len(text) > REFRESH_MAX:
        return False
    try:
        Refresh.model_validate_json(text)
    except ValidationError:
        return False
    return True


def _check(value: Any, depth: int) -> None:
    """Refuse a value nested too deep, or holding a string that is not well-formed Unicode."""
    if depth > MAX_DEPTH:
        raise Malformed(f"a message is nested at most {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        _well_formed(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _well_formed(key)
            _check(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1)


def _well_formed(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Malformed("a string in the message is not well-formed Unicode") from None

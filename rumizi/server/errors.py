"""Every refusal the platform can answer, in one table: its code, HTTP status and meaning.

The page recognises a refusal by its code (``api.<code>`` in ``rumizi/web/static/i18n.js``),
so codes are part of the protocol and are listed once, here. Everything else reads this table:

- :class:`ApiError` takes an :class:`ErrorCode`, and the JSON API answers it as
  ``{"error": {"code": ..., "message": ...}}`` with the code's HTTP status;
- :func:`refusals` declares a route's possible refusals in the OpenAPI schema (``responses=``),
  grouped by status, each with the :class:`ErrorBody` model and the codes as ``x-error-codes``;
- ``python -m rumizi.server.protocol_doc`` writes the codes' section of ``docs/web-protocol.md``
  from :data:`ERRORS`, and a test checks the committed page against it.

The table socket's refusals (``{"type": "error", "code": ...}``, sent by the hub) use the same
codes; their rows have ``socket=True``. A code's ``status`` is ``None`` when only the socket
sends it.

>>> ErrorCode.CSRF == "csrf" and ERRORS[ErrorCode.CSRF].status
403
>>> sorted(refusals(ErrorCode.CSRF, ErrorCode.MALFORMED))
[403, 422]
>>> refusals(ErrorCode.CSRF)[403]["x-error-codes"]
['csrf']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException


class ErrorCode(StrEnum):
    """The code of a refusal: short, lower-case words joined by hyphens."""

    # The socket's (and the hub's) refusals of a move.
    STALE = "stale"
    DUPLICATE = "duplicate"
    ILLEGAL = "illegal"
    NOT_YOUR_TURN = "not-your-turn"
    MALFORMED = "malformed"
    TOO_LARGE = "too-large"
    TOO_SLOW = "too-slow"
    SPECTATOR = "spectator"
    WAITING = "waiting"
    OVER = "over"
    # The table chat's (rumizi.server.chat).
    CHAT_EMPTY = "chat-empty"
    CHAT_TOO_LONG = "chat-too-long"
    CHAT_TOO_FAST = "chat-too-fast"
    CHAT_UNKNOWN_PHRASE = "chat-unknown-phrase"
    UNDO_OFF = "undo-off"
    UNDO_BARRIER = "undo-barrier"
    UNDO_OTHER = "undo-other"
    UNDO_NOTHING = "undo-nothing"
    # The JSON API's.
    CSRF = "csrf"
    SIGNED_OUT = "signed-out"
    INVALID = "invalid"
    INVALID_USERNAME = "invalid-username"
    INVALID_PASSWORD = "invalid-password"
    TAKEN = "taken"
    WRONG_CREDENTIALS = "wrong-credentials"
    RATE_LIMITED = "rate-limited"
    UNKNOWN_GAME = "unknown-game"
    UNKNOWN_TABLE = "unknown-table"
    WRONG_INVITE = "wrong-invite"
    TABLE_FULL = "table-full"
    SIGN_UP = "sign-up"
    HIDDEN = "hidden"
    INVALID_OPTIONS = "invalid-options"
    BAD_HAND = "bad-hand"
    NOT_OVER = "not-over"
    UNKNOWN_PUZZLE = "unknown-puzzle"
    UNKNOWN_USER = "unknown-user"
    FOLLOW_SELF = "follow-self"
    NO_PUZZLES = "no-puzzles"
    PUZZLE_MOVE = "puzzle-move"
    # The lobby's (rumizi.server.lobby).
    NOT_LISTED = "not-listed"
    NOT_CREATOR = "not-creator"
    STARTED = "started"
    NO_QUICK_MATCH = "no-quick-match"
    # Tournaments' (rumizi.server.tournaments).
    UNKNOWN_TOURNAMENT = "unknown-tournament"
    INVALID_TOURNAMENT = "invalid-tournament"
    TOURNAMENT_STARTED = "tournament-started"
    TOURNAMENT_CLOSED = "tournament-closed"
    NOT_ORGANISER = "not-organiser"
    NOT_IN_TOURNAMENT = "not-in-tournament"
    BAD_INVITE = "bad-invite"
    # Bot accounts' and tokens' (rumizi.server.bot_accounts).
    BAD_TOKEN = "bad-token"
    TOKEN_SCOPE = "token-scope"
    UNKNOWN_TOKEN = "unknown-token"
    TOO_MANY_TOKENS = "too-many-tokens"
    NOT_A_BOT = "not-a-bot"
    HAS_GAMES = "has-games"
    BOT_ACCOUNT = "bot-account"
    # Challenges' and blocks' (rumizi.server.challenges, rumizi.server.blocks).
    CHALLENGE_SELF = "challenge-self"
    UNKNOWN_CHALLENGE = "unknown-challenge"
    NOT_YOUR_CHALLENGE = "not-your-challenge"
    CHALLENGE_ANSWERED = "challenge-answered"
    NOT_ACCEPTING_CHALLENGES = "not-accepting-challenges"
    TOO_MANY_CHALLENGES = "too-many-challenges"
    BLOCK_SELF = "block-self"
    BLOCKED = "blocked"
    # A member's own profile's (rumizi.server.profiles).
    BIO_TOO_LONG = "bio-too-long"
    UNKNOWN_LANGUAGE = "unknown-language"
    GUEST_PROFILE = "guest-profile"
    # Bots among people (rumizi.server.bot_accounts, bot_limits).
    NOT_ACCEPTING_BOTS = "not-accepting-bots"
    BOTS_NOT_ALLOWED = "bots-not-allowed"
    TOKEN_RATE_LIMITED = "token-rate-limited"
    # E-mail's (rumizi.server.mail).
    EMAIL_OFF = "email-off"
    EMAIL_GUEST = "email-guest"
    INVALID_EMAIL = "invalid-email"
    # Moderation's (rumizi.server.moderation).
    MUTED = "muted"
    BANNED = "banned"
    NOT_ADMIN = "not-admin"
    REPORT_SELF = "report-self"
    ALREADY_REPORTED = "already-reported"
    TOO_MANY_REPORTS = "too-many-reports"
    UNKNOWN_CHAT_LINE = "unknown-chat-line"
    UNKNOWN_REPORT = "unknown-report"
    REPORT_CLOSED = "report-closed"
    NOT_CLOSABLE = "not-closable"
    # Answers of the framework itself (no route, wrong method), in the same shape.
    NOT_FOUND = "not-found"
    METHOD_NOT_ALLOWED = "method-not-allowed"
    HTTP_ERROR = "http-error"


@dataclass(frozen=True)
class ErrorInfo:
    """Where a code is answered, what it means, and what the page tells people in each language.

    ``meaning`` is for developers (the protocol page, the OpenAPI schema); ``fa`` and ``en``
    are the page's own sentences (``python -m rumizi.server.protocol_doc`` writes them to
    ``rumizi/web/static/errors.js``), so a refusal reads the same wherever it shows.
    """

    status: int | None  # the JSON API's HTTP status; None: the socket alone sends it
    socket: bool  # sent on a table's WebSocket as {"type": "error", "code": ...}
    meaning: str
    fa: str
    en: str


ERRORS: dict[ErrorCode, ErrorInfo] = {
    ErrorCode.STALE: ErrorInfo(
        None,
        True,
        "the move was made on an older version of the table",
        "بازی جلو رفته بود؛ دوباره انتخاب کنید.",
        "The game had moved on; choose again.",
    ),
    ErrorCode.DUPLICATE: ErrorInfo(
        None,
        True,
        "the `client_id` was already received",
        "این حرکت پیش\u200cتر فرستاده شده بود.",
        "That move was already sent.",
    ),
    ErrorCode.ILLEGAL: ErrorInfo(
        None, True, "the move is not legal now", "این حرکت مجاز نیست.", "That move is not allowed."
    ),
    ErrorCode.NOT_YOUR_TURN: ErrorInfo(
        None,
        True,
        "another seat must act (or concede for you)",
        "نوبت شما نیست.",
        "It is not your turn.",
    ),
    ErrorCode.MALFORMED: ErrorInfo(
        422,
        True,
        "the request or message does not have the protocol's shape",
        "درخواست درست فرستاده نشد؛ صفحه را دوباره بارگذاری کنید.",
        "The request was not understood; reload the page.",
    ),
    ErrorCode.TOO_LARGE: ErrorInfo(
        413,
        True,
        "a socket message over 16 KB, or a request body over 64 KB",
        "پیام بیش از اندازه بزرگ بود.",
        "The message was too large.",
    ),
    ErrorCode.TOO_SLOW: ErrorInfo(
        408,
        False,
        "the request's body did not arrive within 10 s",
        "درخواست خیلی کند رسید؛ دوباره امتحان کنید.",
        "The request arrived too slowly; try again.",
    ),
    ErrorCode.SPECTATOR: ErrorInfo(
        None,
        True,
        "the connection watches the table; it has no seat",
        "تماشاگر نمی\u200cتواند حرکت کند.",
        "Spectators cannot move.",
    ),
    ErrorCode.WAITING: ErrorInfo(
        None,
        True,
        "seats are still free: the game has not started",
        "بازی هنوز شروع نشده است؛ صندلی\u200cها خالی\u200cاند.",
        "The game has not started: seats are still free.",
    ),
    ErrorCode.OVER: ErrorInfo(
        None, True, "the game is over", "بازی تمام شده است.", "The game is over."
    ),
    ErrorCode.CHAT_EMPTY: ErrorInfo(
        None,
        True,
        "a chat message with nothing left once spaces and control characters are removed",
        "پیام خالی است.",
        "The message is empty.",
    ),
    ErrorCode.CHAT_TOO_LONG: ErrorInfo(
        None,
        True,
        "a chat message over 200 characters (after NFC normalisation and cleaning)",
        "پیام بلند است؛ حداکثر ۲۰۰ نویسه.",
        "The message is too long: 200 characters at most.",
    ),
    ErrorCode.CHAT_TOO_FAST: ErrorInfo(
        None,
        True,
        "over 5 chat messages in 10 s from one user at one table, or the table's channel"
        " is full (30 lines in 10 s among players, 10 among spectators)",
        "پیام‌ها خیلی پشت سر هم است؛ چند ثانیه صبر کنید.",
        "Too many messages at once; wait a few seconds.",
    ),
    ErrorCode.CHAT_UNKNOWN_PHRASE: ErrorInfo(
        None,
        True,
        "a `phrase` that is not one of the quick phrases",
        "این عبارت آماده شناخته نیست.",
        "That quick phrase is not known.",
    ),
    ErrorCode.UNDO_OFF: ErrorInfo(
        None,
        True,
        "this table does not allow taking moves back (a rated table without the option)",
        "در این میز نمی‌شود حرکت را پس گرفت.",
        "This table does not allow taking moves back.",
    ),
    ErrorCode.UNDO_BARRIER: ErrorInfo(
        None,
        True,
        "the last move drew, shuffled or showed a card, or ended the turn: it stands",
        "حرکت آخر کارتی رو کرد یا به شانس بود؛ دیگر پس گرفته نمی‌شود.",
        "The last move revealed a card or left something to chance; it cannot be taken back.",
    ),
    ErrorCode.UNDO_OTHER: ErrorInfo(
        None,
        True,
        "another player (or the clock) acted since the seat's last move",
        "پس از حرکت آخر شما بازیکن دیگری بازی کرده است؛ آن حرکت دیگر پس گرفته نمی\u200cشود.",
        "Another player has moved since your last move; it can no longer be taken back.",
    ),
    ErrorCode.UNDO_NOTHING: ErrorInfo(
        None,
        True,
        "the seat has made no move that could be taken back",
        "حرکتی برای پس گرفتن نیست.",
        "There is no move to take back.",
    ),
    ErrorCode.CSRF: ErrorInfo(
        403,
        False,
        "a POST without the `X-CSRF-Token` of the cookie",
        "نشست شما تازه شد؛ دوباره امتحان کنید.",
        "Your session was refreshed; please try again.",
    ),
    ErrorCode.SIGNED_OUT: ErrorInfo(
        401,
        True,
        "no session: sign in or play as a guest first (the socket: to chat)",
        "نخست وارد شوید یا به\u200cعنوان مهمان بازی کنید.",
        "Sign in, or play as a guest, first.",
    ),
    ErrorCode.INVALID: ErrorInfo(
        400,
        False,
        "a value the server refuses (a seat that does not exist)",
        "این درخواست پذیرفته نشد؛ مقدارهایش را بررسی کنید.",
        "The request was refused; check its values.",
    ),
    ErrorCode.INVALID_USERNAME: ErrorInfo(
        400,
        False,
        "a username the rules refuse (letters, length, look-alikes, 'guest')",
        "نام کاربری ۳ تا ۲۴ نویسه است: حرف\u200cهای فارسی یا لاتین (نه هر دو با هم)،"
        " رقم، «_» یا «-»، دست\u200cکم یک حرف، و آغازش «guest» نیست.",
        "A username has 3 to 24 characters: Persian or Latin letters (not both), digits, “_”"
        " or “-”, at least one letter, and does not start with “guest”.",
    ),
    ErrorCode.INVALID_PASSWORD: ErrorInfo(
        400,
        False,
        "a password shorter than 8 or longer than 256 characters",
        "گذرواژه ۸ تا ۲۵۶ نویسه است.",
        "A password has 8 to 256 characters.",
    ),
    ErrorCode.TAKEN: ErrorInfo(
        409,
        False,
        "the username (or one that reads the same) is taken",
        "این نام کاربری (یا نامی که همین\u200cطور خوانده می\u200cشود) را کس دیگری برداشته است.",
        "That username (or one that reads the same) is taken.",
    ),
    ErrorCode.WRONG_CREDENTIALS: ErrorInfo(
        401,
        False,
        "wrong username or password",
        "نام کاربری یا گذرواژه نادرست است.",
        "Wrong username or password.",
    ),
    ErrorCode.RATE_LIMITED: ErrorInfo(
        429,
        False,
        "too many failed sign-ins to this account: wait `Retry-After` seconds",
        "تلاش\u200cهای ناموفق زیادی برای این حساب انجام شد؛ کمی صبر کنید و دوباره امتحان کنید.",
        "Too many failed sign-ins to this account; wait a little and try again.",
    ),
    ErrorCode.UNKNOWN_GAME: ErrorInfo(
        404, False, "no game with this id", "چنین بازی\u200cای پیدا نشد.", "There is no such game."
    ),
    ErrorCode.UNKNOWN_TABLE: ErrorInfo(
        404, False, "no table with this id", "چنین میزی پیدا نشد.", "There is no such table."
    ),
    ErrorCode.WRONG_INVITE: ErrorInfo(
        403,
        False,
        "the invite code is not the table's",
        "این پیوند دعوت برای این میز معتبر نیست.",
        "This invite link is not valid for the table.",
    ),
    ErrorCode.TABLE_FULL: ErrorInfo(
        409,
        False,
        "every seat at the table is taken",
        "همهٔ صندلی\u200cهای این میز پر شده است.",
        "Every seat at this table is taken.",
    ),
    ErrorCode.SIGN_UP: ErrorInfo(
        403,
        False,
        "a guest joining a rated table",
        "برای بازی\u200cهای رتبه\u200cای نخست ثبت\u200cنام کنید.",
        "Sign up to play rated games.",
    ),
    ErrorCode.HIDDEN: ErrorInfo(
        403,
        False,
        "a replay of another seat before the game is over",
        "تا پایان بازی، بازبینی فقط از دید صندلی خودتان است.",
        "Until the game is over, a replay shows only your own seat.",
    ),
    ErrorCode.INVALID_OPTIONS: ErrorInfo(
        400,
        False,
        "the game refuses the table's options, seats or rating",
        "بازی این گزینه\u200cها، صندلی\u200cها یا رتبه\u200cبندی را نمی\u200cپذیرد.",
        "The game does not accept these options, seats or rating.",
    ),
    ErrorCode.BAD_HAND: ErrorInfo(
        422,
        False,
        "the Fantasy Realms scorer refuses the hand (the message says why)",
        "این دست را نمی\u200cتوان امتیاز داد؛ کارت\u200cها را بازبینی کنید.",
        "This hand cannot be scored; check its cards.",
    ),
    ErrorCode.NOT_FOUND: ErrorInfo(
        404, False, "no page or file at this path", "پیدا نشد.", "Not found."
    ),
    ErrorCode.METHOD_NOT_ALLOWED: ErrorInfo(
        405,
        False,
        "the path does not take this method (`Allow` lists those it takes)",
        "این نشانی چنین درخواستی را نمی\u200cپذیرد.",
        "This address does not take that kind of request.",
    ),
    ErrorCode.HTTP_ERROR: ErrorInfo(
        400,
        False,
        "any other refusal of the HTTP layer",
        "درخواست پذیرفته نشد.",
        "The request was refused.",
    ),
    ErrorCode.NOT_OVER: ErrorInfo(
        409,
        False,
        "the game is still being played: only a finished game can be analysed",
        "بازی هنوز تمام نشده است؛ تنها بازی\u200cهای تمام\u200cشده را می\u200cتوان تحلیل کرد.",
        "The game is still being played; only a finished game can be analysed.",
    ),
    ErrorCode.NOT_CREATOR: ErrorInfo(
        403,
        False,
        "only the person who made a table may cancel it",
        "تنها کسی که میز را ساخته می\u200cتواند آن را لغو کند.",
        "Only the person who made the table can cancel it.",
    ),
    ErrorCode.STARTED: ErrorInfo(
        409,
        False,
        "the game has started: a table is cancelled only while it waits for players",
        "بازی شروع شده است؛ میز را تنها پیش از آغاز بازی می\u200cشود لغو کرد.",
        "The game has started; a table can be cancelled only before it starts.",
    ),
    ErrorCode.NOT_LISTED: ErrorInfo(
        403,
        False,
        "the table is not open in the lobby: its seats are taken with its invite link",
        "این میز در سالن باز نیست؛ برای نشستن پشت آن پیوند دعوتش را بخواهید.",
        "This table is not open in the lobby; ask for its invite link to sit at it.",
    ),
    ErrorCode.NO_QUICK_MATCH: ErrorInfo(
        409,
        False,
        "the caller is not waiting for a quick match (none asked, or it was cancelled)",
        "در صف بازی سریع نیستید؛ دوباره «بازی سریع» را بزنید.",
        "You are not waiting for a quick match; press “Quick match” again.",
    ),
    ErrorCode.UNKNOWN_TOURNAMENT: ErrorInfo(
        404,
        False,
        "no tournament with this id",
        "چنین تورنمنتی پیدا نشد.",
        "There is no such tournament.",
    ),
    ErrorCode.INVALID_TOURNAMENT: ErrorInfo(
        422,
        False,
        "the tournament's settings do not fit together (the message says which)",
        "تنظیمات تورنمنت با هم جور نیست؛ پیام خطا می‌گوید کدام.",
        "The tournament's settings do not fit together; the message says which.",
    ),
    ErrorCode.TOURNAMENT_STARTED: ErrorInfo(
        409,
        False,
        "the tournament has started: this can only be done before",
        "تورنمنت شروع شده است و این کار دیگر ممکن نیست.",
        "The tournament has started; this can no longer be done.",
    ),
    ErrorCode.TOURNAMENT_CLOSED: ErrorInfo(
        409,
        False,
        "the tournament is over or cancelled",
        "تورنمنت تمام یا لغو شده است.",
        "The tournament is over or was cancelled.",
    ),
    ErrorCode.NOT_ORGANISER: ErrorInfo(
        403,
        False,
        "only the tournament's organiser may do this",
        "فقط برگزارکنندهٔ تورنمنت می‌تواند این کار را بکند.",
        "Only the tournament's organiser can do this.",
    ),
    ErrorCode.NOT_IN_TOURNAMENT: ErrorInfo(
        409,
        False,
        "the caller has not joined this tournament (or has withdrawn)",
        "شما در این تورنمنت نیستید.",
        "You are not playing in this tournament.",
    ),
    ErrorCode.BAD_INVITE: ErrorInfo(
        403,
        False,
        "this tournament is by invitation: the invite code is missing or wrong",
        "این تورنمنت با دعوت است و کد دعوت درست نیست.",
        "This tournament is by invitation, and the invite code is missing or wrong.",
    ),
    ErrorCode.BAD_TOKEN: ErrorInfo(
        401,
        False,
        "no token, or an unknown or revoked one (send Authorization: Bearer <token>)",
        "توکن دسترسی نیست، یا ناشناخته یا باطل است.",
        "The access token is missing, unknown or revoked.",
    ),
    ErrorCode.TOKEN_SCOPE: ErrorInfo(
        403,
        False,
        "the token does not allow this (its scopes say what it may do)",
        "این توکن اجازهٔ این کار را نمی‌دهد.",
        "This token does not allow that.",
    ),
    ErrorCode.UNKNOWN_TOKEN: ErrorInfo(
        404,
        False,
        "the caller has no such token (or it was revoked already)",
        "چنین توکنی ندارید.",
        "You have no such token.",
    ),
    ErrorCode.TOO_MANY_TOKENS: ErrorInfo(
        409,
        False,
        "the account holds as many tokens as it may: revoke one first",
        "تعداد توکن‌های شما به سقف رسیده است؛ اول یکی را باطل کنید.",
        "You have as many tokens as allowed; revoke one first.",
    ),
    ErrorCode.NOT_A_BOT: ErrorInfo(
        403,
        False,
        "only a bot account may do this (or make a token that plays)",
        "فقط حساب ربات می‌تواند این کار را بکند.",
        "Only a bot account can do this.",
    ),
    ErrorCode.HAS_GAMES: ErrorInfo(
        409,
        False,
        "an account that has played games cannot become a bot account",
        "حسابی که بازی کرده است نمی‌تواند ربات شود؛ برای ربات حساب تازه‌ای بسازید.",
        "An account that has played cannot become a bot; make a new account for your bot.",
    ),
    ErrorCode.BOT_ACCOUNT: ErrorInfo(
        None,
        True,
        "a bot account plays through its tokens, never by hand",
        "حساب ربات فقط با توکنش بازی می‌کند، نه با دست.",
        "A bot account plays through its tokens, not by hand.",
    ),
    ErrorCode.UNKNOWN_USER: ErrorInfo(
        404,
        False,
        "no account with this name",
        "بازیکنی با این نام پیدا نشد.",
        "There is no player with this name.",
    ),
    ErrorCode.FOLLOW_SELF: ErrorInfo(
        422,
        False,
        "a player cannot follow themselves",
        "نمی\u200cتوانید خودتان را دنبال کنید.",
        "You cannot follow yourself.",
    ),
    ErrorCode.UNKNOWN_PUZZLE: ErrorInfo(
        404,
        False,
        "no puzzle with this id on this server",
        "چنین معمایی پیدا نشد.",
        "There is no such puzzle.",
    ),
    ErrorCode.NO_PUZZLES: ErrorInfo(
        404,
        False,
        "the game has no puzzles yet",
        "این بازی هنوز معمایی ندارد.",
        "This game has no puzzles yet.",
    ),
    ErrorCode.PUZZLE_MOVE: ErrorInfo(
        422,
        False,
        "the answer's first move is not one of the moves the puzzle offers",
        "این حرکت از گزینه‌های این معما نیست.",
        "That move is not one of this puzzle's choices.",
    ),
    # Challenges and blocks. Nothing here says who blocked whom: a challenge between two
    # players one of whom blocked the other is refused with not-accepting-challenges, which
    # a full inbox answers too; a lobby seat beside them with blocked, whichever way it went.
    ErrorCode.CHALLENGE_SELF: ErrorInfo(
        422,
        False,
        "a player cannot challenge themselves",
        "نمی\u200cتوانید خودتان را به بازی دعوت کنید.",
        "You cannot challenge yourself.",
    ),
    ErrorCode.UNKNOWN_CHALLENGE: ErrorInfo(
        404,
        False,
        "no challenge with this id made by or to the caller",
        "چنین دعوتی پیدا نشد.",
        "There is no such challenge.",
    ),
    ErrorCode.NOT_YOUR_CHALLENGE: ErrorInfo(
        403,
        False,
        "only the challenged player accepts or declines, only the challenger cancels",
        "این کار با طرف دیگر این دعوت است.",
        "That is for the other player of this challenge to do.",
    ),
    ErrorCode.CHALLENGE_ANSWERED: ErrorInfo(
        409,
        False,
        "the challenge is no longer pending: answered, cancelled or expired",
        "این دعوت دیگر باز نیست: پاسخ گرفته، پس گرفته شده یا وقتش گذشته است.",
        "This challenge is no longer open: it was answered, withdrawn or it expired.",
    ),
    ErrorCode.NOT_ACCEPTING_CHALLENGES: ErrorInfo(
        403,
        False,
        "the player takes no challenge from the caller now (too many waiting, or a block "
        "between the two, either way)",
        "این بازیکن اکنون دعوت شما را نمی\u200cپذیرد.",
        "This player is not taking your challenges now.",
    ),
    ErrorCode.TOO_MANY_CHALLENGES: ErrorInfo(
        409,
        False,
        "the caller already has as many challenges waiting for an answer as one may",
        "دعوت\u200cهای بی\u200cپاسخ شما زیاد است؛ صبر کنید یا چندتایی را پس بگیرید.",
        "You have too many challenges waiting for an answer; wait, or withdraw some.",
    ),
    ErrorCode.BLOCK_SELF: ErrorInfo(
        422,
        False,
        "a player cannot block themselves",
        "نمی\u200cتوانید خودتان را مسدود کنید.",
        "You cannot block yourself.",
    ),
    ErrorCode.BLOCKED: ErrorInfo(
        403,
        False,
        "someone at the table and the caller do not play together (a block, either way)",
        "نمی\u200cتوانید پشت این میز بنشینید.",
        "You cannot sit at this table.",
    ),
    ErrorCode.BIO_TOO_LONG: ErrorInfo(
        422,
        False,
        "a bio is at most 200 characters once cleaned (as a chat line is)",
        "معرفی حداکثر ۲۰۰ نویسه است؛ کوتاه\u200cترش کنید.",
        "A bio is at most 200 characters; make it shorter.",
    ),
    ErrorCode.UNKNOWN_LANGUAGE: ErrorInfo(
        422,
        False,
        "a language code that is not in the profile's list",
        "این زبان در فهرست زبان\u200cها نیست.",
        "That language is not in the list of languages.",
    ),
    ErrorCode.GUEST_PROFILE: ErrorInfo(
        403,
        False,
        "a guest has no profile to write: signing up gives one",
        "برای نوشتن معرفی و زبان\u200cها نخست ثبت\u200cنام کنید.",
        "Sign up to write a bio and your languages.",
    ),
    ErrorCode.NOT_ACCEPTING_BOTS: ErrorInfo(
        403,
        False,
        "the player takes no challenges from bot accounts (their account page turns it on)",
        "این بازیکن دعوت ربات\u200cها را نمی\u200cپذیرد.",
        "This player does not take challenges from bots.",
    ),
    ErrorCode.BOTS_NOT_ALLOWED: ErrorInfo(
        403,
        False,
        "bot accounts may not play here: the tournament's organiser did not allow bots",
        "ربات\u200cها در این تورنمنت بازی نمی\u200cکنند.",
        "Bots may not play in this tournament.",
    ),
    ErrorCode.TOKEN_RATE_LIMITED: ErrorInfo(
        429,
        True,
        "the token made too many requests (or moves) this minute: wait `Retry-After` seconds "
        "(on a game's socket the message says how long)",
        "این توکن در این دقیقه درخواست\u200cهای زیادی فرستاده است؛ کمی صبر کنید.",
        "This token sent too many requests this minute; wait a little.",
    ),
    ErrorCode.EMAIL_OFF: ErrorInfo(
        409,
        False,
        "this server sends no e-mail (it was started without --smtp)",
        "این سرور ایمیل نمی‌فرستد.",
        "This server does not send e-mail.",
    ),
    ErrorCode.EMAIL_GUEST: ErrorInfo(
        403,
        False,
        "a guest account cannot have an e-mail address",
        "برای گرفتن ایمیل نخست ثبت‌نام کنید.",
        "Sign up to get e-mail.",
    ),
    ErrorCode.INVALID_EMAIL: ErrorInfo(
        422,
        False,
        "not an e-mail address (name@domain, at most 254 characters)",
        "این نشانی ایمیل درست نیست؛ مانند name@example.com بنویسید.",
        "This is not an e-mail address; write it like name@example.com.",
    ),
    # Moderation. A refusal never names who reported whom.
    ErrorCode.MUTED: ErrorInfo(
        None,
        True,
        "an admin muted the caller in chat for a while; their lines are refused until then",
        "مدیر، گفت\u200cوگوی شما را برای مدتی بسته است؛ زمان پایانش در صفحهٔ حسابتان است.",
        "A moderator has muted you in chat for a while; your account page says until when.",
    ),
    ErrorCode.BANNED: ErrorInfo(
        403,
        True,
        "an admin banned the caller from play (tables, moves, chat, challenges, tournaments) "
        "for a while or for good; reading stays open",
        "مدیر، بازی کردن را برای شما بسته است؛ زمان پایانش در صفحهٔ حسابتان است.",
        "A moderator has banned you from playing; your account page says until when.",
    ),
    ErrorCode.NOT_ADMIN: ErrorInfo(
        403,
        False,
        "only an admin (granted by `rumizi admin grant`) may do this",
        "این کار فقط از مدیران ساخته است.",
        "Only a moderator can do this.",
    ),
    ErrorCode.REPORT_SELF: ErrorInfo(
        422,
        False,
        "a player cannot report themselves",
        "نمی\u200cتوانید خودتان را گزارش کنید.",
        "You cannot report yourself.",
    ),
    ErrorCode.ALREADY_REPORTED: ErrorInfo(
        409,
        False,
        "the caller's report of the same thing is still open",
        "این را پیش\u200cتر گزارش کرده\u200cاید؛ مدیران آن را بررسی می\u200cکنند.",
        "You have already reported this; the moderators will look at it.",
    ),
    ErrorCode.TOO_MANY_REPORTS: ErrorInfo(
        409,
        False,
        "the caller already has as many open reports as one may; the moderators read them first",
        "گزارش\u200cهای باز شما زیاد است؛ صبر کنید تا مدیران آن\u200cها را بررسی کنند.",
        "You have many reports still open; wait until the moderators have read them.",
    ),
    ErrorCode.UNKNOWN_CHAT_LINE: ErrorInfo(
        404,
        False,
        "no chat line with this id at this table",
        "چنین پیامی در این میز پیدا نشد.",
        "There is no such chat line at this table.",
    ),
    ErrorCode.UNKNOWN_REPORT: ErrorInfo(
        404,
        False,
        "no report with this id",
        "چنین گزارشی پیدا نشد.",
        "There is no such report.",
    ),
    ErrorCode.REPORT_CLOSED: ErrorInfo(
        409,
        False,
        "the report was already resolved or dismissed",
        "به این گزارش پیش\u200cتر رسیدگی شده است.",
        "This report has already been dealt with.",
    ),
    ErrorCode.NOT_CLOSABLE: ErrorInfo(
        409,
        False,
        "the table is already over; only a waiting or playing table can be closed",
        "این میز پیش\u200cتر تمام شده است.",
        "This table is already over.",
    ),
}


def framework_code(status: int) -> ErrorCode:
    """The code of an error the framework raised by itself (not an :class:`ApiError`)."""
    if status == 404:
        return ErrorCode.NOT_FOUND
    if status == 405:
        return ErrorCode.METHOD_NOT_ALLOWED
    if status == 413:
        return ErrorCode.TOO_LARGE
    return ErrorCode.HTTP_ERROR


class ApiError(HTTPException):
    """A refusal answered as ``{"error": {"code", "message"}}`` with the code's HTTP status."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        headers: dict[str, str] | None = None,
        texts: dict[str, str] | None = None,
    ) -> None:
        status = ERRORS[code].status
        if status is None:
            raise ValueError(f"{code!r} is the socket's, not the JSON API's")
        super().__init__(status_code=status, detail=str(code), headers=headers)
        self.code = code
        self.message = message
        self.texts = texts  # the particular reason in both languages, where there is one


class ErrorDetail(BaseModel):
    """What was refused: the code the page looks up, and a message in English for people."""

    code: ErrorCode
    message: str
    texts: dict[str, str] | None = Field(
        default=None,
        description="Where the refusal has a particular reason for people (the Fantasy Realms "
        "scorer's bad-hand), that reason in Persian (fa) and English (en).",
    )


class ErrorBody(BaseModel):
    """Every refusal of the JSON API."""

    error: ErrorDetail


def refusals(*codes: ErrorCode) -> dict[int | str, dict[str, Any]]:
    """``responses=`` for a route that can refuse with ``codes``: one entry per HTTP status."""
    by_status: dict[int, list[ErrorCode]] = {}
    for code in codes:
        status = ERRORS[code].status
        if status is None:
            raise ValueError(f"{code!r} is the socket's, not the JSON API's")
        by_status.setdefault(status, []).append(code)
    return {
        status: {
            "model": ErrorBody,
            "description": "; ".join(f"`{code}`: {ERRORS[code].meaning}" for code in found),
            "x-error-codes": [str(code) for code in found],
        }
        for status, found in sorted(by_status.items())
    }

"""Reading a Splendor Duel document into a state: every field checked, none trusted.

A document is the JSON object that :meth:`SplendorDuelState.export` writes: the board as five
strings of token letters, the bag, the pyramid and the three decks (top card first), the
royals left, each player's tokens, cards (with the colour each joker took), reserve,
privileges and royals, and the turn in progress (its phase, the steps still queued, an open
choice, or how the game ended). :func:`load_document` rebuilds the state from it.

Bad input: a field of the wrong shape, an unknown card or token, or a position the rules
cannot reach (a token or card counted twice or missing, more than 3 privileges, a discard
open for a player holding 10 tokens or fewer, a joker copying a colour its owner had no bonus
of, a turn counted toward stalling by a player without all the gold and pearls, two players
stalling at once) raises ``ValueError`` naming the field, and no
state comes back. The checks run once per load, not at every step of a game, so they live
here beside the engine, which keeps only the state and the rules.

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=2)
>>> load_document(state.export()).export() == state.export()
True
>>> load_document({**state.export(), "royals": ["royal-3"]})
Traceback (most recent call last):
...
ValueError: document: every royal must be in exactly one place
"""

from __future__ import annotations

from typing import Any, Final

from rumizi.core import reader, rng
from rumizi.games.splendor_duel.cards import (
    BY_ID,
    COLOR,
    COLORS,
    GOLD,
    IDS,
    JOKER,
    LETTER_OF,
    LEVEL,
    N_CARDS,
    PEARL,
    PYRAMID_SLOTS,
    ROYAL_BY_ID,
    ROYAL_IDS,
    ROYAL_POINTS,
    TOKEN_COUNTS,
    TOKEN_NAMES,
)
from rumizi.games.splendor_duel.engine import (
    _QUEUE_NAMES,
    EMPTY,
    END_REASONS,
    GAME_ID,
    MAX_RESERVED,
    MAX_TOKENS,
    P_BONUS,
    P_DISCARD,
    P_NONE,
    P_ROYAL,
    PENDING_NAMES,
    PHASE_NAMES,
    PRIVILEGES,
    RESOLVING,
    SIZE,
    Player,
    SplendorDuelState,
)

_QUEUE_CODES: Final = {name: code for code, name in _QUEUE_NAMES.items()}

# The fields of each object of a document, read by rumizi.core.reader (the shape is read
# there; the ids and the checks across fields here). ``privileges`` at the top, and a
# player's ``points`` and ``crowns``, follow from the rest: checked when present. A discard's
# ``count`` is written for the reader of an export: the tokens tell it.
_TOP: Final = reader.Fields(
    ("game", "turn", "current", "board", "bag", "pyramid", "decks", "royals", "players", "seed"),
    ("phase", "pending", "queue", "again", "bought", "held", "privileges", "winner", "end"),
)
_PLAYER: Final = reader.Fields(
    ("tokens", "privileges", "cards", "reserved", "royals", "stall"), ("jokers", "points", "crowns")
)
_RESERVED: Final = reader.Fields(("card",), ("blind",))
_PENDING: Final = reader.Fields(("choice",), ("color", "count"))


def _tokens(value: Any, where: str) -> list[int]:
    """An object of token counts (the bag, a player's tokens), one count per token kind."""
    if not isinstance(value, dict) or set(value) - set(TOKEN_NAMES):
        raise ValueError(f"{where}: expected an object of token counts ({', '.join(TOKEN_NAMES)})")
    out = []
    for name in TOKEN_NAMES:
        n = value.get(name, 0)
        if type(n) is not int or n < 0:
            raise ValueError(f"{where}.{name}: expected a count, got {n!r}")
        out.append(n)
    return out


def load_document(doc: Any) -> SplendorDuelState:  # Any: checked here (engine: "Bad input")
    """Build a state from a canonical document (what :meth:`~SplendorDuelState.export` writes).

    The parts are read in the document's order — the board and bag, the cards, the players —
    then checked together (every token and card in one place), then the turn in progress.
    """
    doc = reader.obj(doc, "document")
    if doc.get("game") != GAME_ID:
        raise ValueError(f"document: 'game' must be {GAME_ID!r}, got {doc.get('game')!r}")
    _TOP.read(doc, "document")
    s = SplendorDuelState.__new__(SplendorDuelState)
    s.events = None
    s.turn = reader.integer(doc, "turn", "document", low=1)
    s.current = reader.integer(doc, "current", "document", low=0, high=1)
    s.seed = rng.normalize_seed(reader.integer(doc, "seed", "document"))
    s.board = _board(doc.get("board"))
    s.bag = _tokens(doc.get("bag"), "document.bag")
    s.pyramid = _pyramid(doc.get("pyramid"))
    s.decks = _decks(doc.get("decks"))
    s.royals = sorted(reader.id_list(doc.get("royals"), ROYAL_BY_ID, "document.royals", "royal"))
    s.players = _players(doc.get("players"))
    if "privileges" in doc and doc["privileges"] != s.supply:
        raise ValueError(
            f"document.privileges: the supply must hold {s.supply}, not {doc['privileges']!r}"
        )
    _check_every_piece_once(s)
    _load_turn(s, doc)
    _load_end(s, doc)
    if not s._over:
        _check_turn(s)
    return s


def _board(rows: Any) -> list[int]:
    """The board's 25 cells, row by row (``EMPTY`` or a token), from five strings of letters."""
    if (
        not isinstance(rows, list)
        or len(rows) != SIZE
        or not all(isinstance(row, str) and len(row) == SIZE for row in rows)
    ):
        raise ValueError("document.board: expected 5 strings of 5 letters (W B G R K P Y or .)")
    board = []
    for row in rows:
        for ch in row:
            if ch == ".":
                board.append(EMPTY)
            elif ch in LETTER_OF:
                board.append(LETTER_OF[ch])
            else:
                raise ValueError(f"document.board: unknown token letter {ch!r}")
    return board


def _pyramid(pyramid: Any) -> list[list[int]]:
    """The face-up cards, one row per level (``EMPTY`` for a slot left empty)."""
    if not isinstance(pyramid, list) or len(pyramid) != 3:
        raise ValueError("document.pyramid: expected three rows (levels 1, 2, 3)")
    rows = []
    for lv, row in enumerate(pyramid):
        where = f"document.pyramid[{lv}]"
        if not isinstance(row, list) or len(row) != PYRAMID_SLOTS[lv]:
            raise ValueError(f"{where}: expected {PYRAMID_SLOTS[lv]} slots (card ids or null)")
        cells = [EMPTY if c is None else reader.one_id(c, BY_ID, where, "card") for c in row]
        for c in cells:
            if c >= 0 and LEVEL[c] != lv + 1:
                raise ValueError(f"{where}: {IDS[c]!r} is not a level-{lv + 1} card")
        rows.append(cells)
    return rows


def _decks(decks: Any) -> list[list[int]]:
    """The three decks, top card *last* (the document writes the top card first)."""
    if not isinstance(decks, list) or len(decks) != 3:
        raise ValueError("document.decks: expected three decks (levels 1, 2, 3), top card first")
    out = []
    for lv, deck in enumerate(decks):
        where = f"document.decks[{lv}]"
        cards = reader.id_list(deck, BY_ID, where, "card")
        for c in cards:
            if LEVEL[c] != lv + 1:
                raise ValueError(f"{where}: {IDS[c]!r} is not a level-{lv + 1} card")
        out.append(cards[::-1])
    return out


def _players(docs: Any) -> list[Player]:
    """Both players, each read on its own, then the privileges they hold between them."""
    if not isinstance(docs, list) or len(docs) != 2:
        raise ValueError("document.players: expected two players")
    players = [_player(pd, f"document.players[{i}]") for i, pd in enumerate(docs)]
    if players[0].privileges + players[1].privileges > PRIVILEGES:
        raise ValueError("document.players: more than 3 privileges held")
    return players


def _player(value: Any, where: str) -> Player:
    """One player: tokens, privileges, the cards bought (jokers with their colours), the
    reserve and the royals; ``points`` and ``crowns``, written for the reader, must agree."""
    pd = _PLAYER.read(value, where)
    p = Player()
    p.tokens = _tokens(pd.get("tokens"), f"{where}.tokens")
    p.privileges = reader.integer(pd, "privileges", where, low=0, high=PRIVILEGES)
    p.stall = reader.integer(pd, "stall", where, low=0)
    jokers = pd.get("jokers", {})
    if not isinstance(jokers, dict):
        raise ValueError(f"{where}.jokers: expected an object of card id -> colour")
    cards = reader.id_list(pd.get("cards"), BY_ID, f"{where}.cards", "card")
    for joker in jokers:  # (not ``c``: compiled, a name keeps one type in a function)
        if (
            reader.one_id(joker, BY_ID, f"{where}.jokers", "card") not in cards
            or COLOR[BY_ID[joker]] != JOKER
        ):
            raise ValueError(f"{where}.jokers: {joker!r} is not a joker this player bought")
    for c in cards:
        color = COLOR[c]
        if color == JOKER:
            name = jokers.get(IDS[c])
            if name not in COLORS:
                raise ValueError(f"{where}.jokers: joker {IDS[c]!r} needs a colour")
            color = COLORS.index(name)
            # Bought in order: a joker copies a bonus its owner already had.
            if not p.bonus[color]:
                raise ValueError(
                    f"{where}.jokers: joker {IDS[c]!r} became {name}, but no card bought "
                    f"before it gives a {name} bonus"
                )
        p.add_card(c, color)
    reserved = pd.get("reserved")
    if not isinstance(reserved, list) or len(reserved) > MAX_RESERVED:
        raise ValueError(f"{where}.reserved: expected a list of at most 3 reserved cards")
    for entry in reserved:
        entry = _RESERVED.read(entry, f"{where}.reserved")
        p.reserved.append(reader.one_id(entry.get("card"), BY_ID, f"{where}.reserved", "card"))
        p.blind.append(reader.boolean(entry, "blind", f"{where}.reserved", default=False))
    p.royals = reader.id_list(pd.get("royals"), ROYAL_BY_ID, f"{where}.royals", "royal")
    for royal in p.royals:
        p.points += ROYAL_POINTS[royal]
    for key, total in (("points", p.points), ("crowns", p.crowns)):
        if key in pd and pd[key] != total:
            raise ValueError(f"{where}.{key}: the cards and royals give {total}, not {pd[key]!r}")
    return p


def _check_every_piece_once(s: SplendorDuelState) -> None:
    """Conservation: every token, jewel card and royal is in exactly one place."""
    for k in range(7):
        total = s.bag[k] + s.board.count(k) + s.players[0].tokens[k] + s.players[1].tokens[k]
        if total != TOKEN_COUNTS[k]:
            raise ValueError(
                f"document: {total} {TOKEN_NAMES[k]} tokens on the board, in the bag and held; "
                f"the game has {TOKEN_COUNTS[k]}"
            )
    seen = [c for row in s.pyramid for c in row if c >= 0]
    for deck in s.decks:
        seen += deck
    for p in s.players:
        seen += p.cards + p.reserved
    if sorted(seen) != list(range(N_CARDS)):
        missing = sorted(set(range(N_CARDS)) - set(seen))
        doubled = sorted({c for c in seen if seen.count(c) > 1})
        raise ValueError(
            "document: every jewel card must be in exactly one place; "
            f"missing {[IDS[c] for c in missing]}, more than once {[IDS[c] for c in doubled]}"
        )
    royals = s.royals + s.players[0].royals + s.players[1].royals
    if sorted(royals) != list(range(len(ROYAL_IDS))):
        raise ValueError("document: every royal must be in exactly one place")


def _load_turn(s: SplendorDuelState, doc: dict[str, Any]) -> None:
    """The turn in progress: its phase, its flags, the steps queued and the open choice."""
    s.phase = reader.one_of(doc.get("phase", "start"), PHASE_NAMES, "document.phase")
    s.again = reader.boolean(doc, "again", "document", default=False)
    s.bought = reader.boolean(doc, "bought", "document", default=False)
    s.held = reader.boolean(doc, "held", "document", default=False)
    queue = doc.get("queue", [])
    if not isinstance(queue, list) or any(q not in _QUEUE_CODES for q in queue):
        raise ValueError(
            f"document.queue: expected steps among {', '.join(_QUEUE_CODES)}, got {queue!r}"
        )
    s.queue = [_QUEUE_CODES[q] for q in queue]
    s.pending = P_NONE
    s.bonus_color = 0
    pending = doc.get("pending")
    if pending is not None:
        pending = _PENDING.read(pending, "document.pending")
        choice = pending.get("choice")
        if choice not in PENDING_NAMES[1:]:
            raise ValueError(f"document.pending.choice: unknown choice {choice!r}")
        s.pending = PENDING_NAMES.index(choice)
        if s.pending == P_BONUS:
            wanted = pending.get("color")
            if wanted not in COLORS:
                raise ValueError(f"document.pending.color: expected a colour, got {wanted!r}")
            s.bonus_color = COLORS.index(wanted)
        if s.phase != RESOLVING:
            raise ValueError("document.pending: a choice is only open in the 'resolving' phase")
    elif s.phase == RESOLVING and "winner" not in doc:
        raise ValueError("document.phase: 'resolving' needs an open choice")


def _load_end(s: SplendorDuelState, doc: dict[str, Any]) -> None:
    """How the game ended (``winner`` and ``end``), or that it has not."""
    winner = doc.get("winner")
    end = doc.get("end")
    if winner is None:
        if end is not None:
            raise ValueError("document.end: a game with no winner has not ended")
        s._over = False
        s._winner = None
        s.end = None
        return
    if type(winner) is not int or winner not in (0, 1):
        raise ValueError(f"document.winner: expected 0, 1 or null, got {winner!r}")
    s.end = END_REASONS[reader.one_of(end, END_REASONS, "document.end")]
    s._over = True
    s._winner = winner


def _check_turn(s: SplendorDuelState) -> None:
    """Refuse a game in progress that play cannot reach: too many tokens, a choice with nothing
    to choose, a stall counted without the gold and pearls, two players stalling."""
    other = s.players[1 - s.current]
    if sum(other.tokens) > MAX_TOKENS:
        raise ValueError("document: the player not to act holds more than 10 tokens")
    if s.pending == P_DISCARD and sum(s.players[s.current].tokens) <= MAX_TOKENS:
        raise ValueError("document.pending: a discard is open but the player holds 10 or fewer")
    if s.pending == P_ROYAL and not s.royals:
        raise ValueError("document.pending: a royal choice is open but none is left")
    me = s.players[s.current]
    if (
        s.held
        and s.phase != RESOLVING
        and not (me.tokens[GOLD] == TOKEN_COUNTS[GOLD] and me.tokens[PEARL] == TOKEN_COUNTS[PEARL])
    ):
        # Before the mandatory action tokens only come in, so what the turn began with
        # is still held.
        raise ValueError(
            "document.held: the turn counts toward stalling, but the player to act does "
            "not hold all 3 gold and both pearls"
        )
    if s.players[0].stall and s.players[1].stall:
        # A counted turn starts with all the gold in one hand; the other player cannot
        # have held it all at their own turn's start since.
        raise ValueError(
            "document.players: both players cannot be stalling (a stall count needs all "
            "3 gold in one hand)"
        )

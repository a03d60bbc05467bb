"""The Splendor Duel engine: state, legal actions and rules (spec ``splendor-duel.md``).

Spaces, tokens and cards
------------------------
The board is 5×5; a space is written ``[row, col]`` with rows and columns 1–5 from the top
left, as in the spec. Tokens are named ``"white" "blue" "green" "red" "black" "pearl"
"gold"``; on the exported board they are the letters ``W B G R K P Y`` (``.`` is an empty
space). Cards are named by their ids in ``cards.toml`` (``"1-white-a"``, ``"3-grey-b"``),
royals by ``"royal-3" "royal-again" "royal-privilege" "royal-steal"``.

Actions
-------
Every action is a small JSON object with a ``"do"`` key; :meth:`SplendorDuelState.legal_actions`
lists exactly the legal ones, in the canonical form shown here.

A turn's optional actions, in this order:

* ``{"do": "privilege", "space": [r, c]}`` — return one privilege and take the gem or pearl on
  that space (repeat for each privilege used; never after replenishing);
* ``{"do": "replenish"}`` — fill the empty spaces from the bag (the opponent gains a privilege).

Then exactly one mandatory action:

* ``{"do": "take", "spaces": [[r, c], ...]}`` — 1 to 3 gems/pearls in an unbroken straight line
  (row, column or diagonal), the spaces listed top to bottom, then left to right;
* ``{"do": "reserve", "gold": [r, c], "card": "<id>"}`` — take that gold and reserve a card of
  the pyramid; ``{"do": "reserve", "gold": [r, c], "deck": 1|2|3}`` — reserve the top card of
  a deck (unseen by the opponent);
* ``{"do": "buy", "card": "<id>"}`` — buy a card of the pyramid or of one's reserve with the
  automatic payment (below); a joker names the colour its bonus becomes:
  ``{"do": "buy", "card": "1-grey-a", "color": "red"}``. A ``"pay"`` field names another
  payment, every token handed back: ``{"do": "buy", "card": "2-red-a", "pay": {"red": 2,
  "gold": 1}}`` (token names in the usual order, only those paid);
* ``{"do": "pass"}`` — only when no mandatory action is possible and the board cannot be
  replenished (the bag is empty, or it was replenished already this turn).

Choices that follow, each answered by the acting player before anything else:

* ``{"do": "take-bonus", "space": [r, c]}`` — the Token ability: a token of the card's colour;
* ``{"do": "steal", "token": "red"}`` — the Steal ability (of a card or a royal);
* ``{"do": "royal", "card": "royal-again"}`` — on reaching 3 and 6 crowns;
* ``{"do": "discard", "token": "red"}`` — one token back to the bag, while holding more than 10
  at the end of the turn.

At any time:

* ``{"do": "claim-stall"}`` — win by the stalling rule (listed when it applies);
* ``{"do": "concede", "player": p}`` — player ``p`` (by default the player to act) gives up.
  Either player may concede at any moment, so it is accepted but never listed.

Decisions where the spec leaves room
------------------------------------
* **Payment**: the rules let the buyer choose which tokens pay, gold standing for any gem or
  pearl. The plain ``buy`` is the *automatic* payment: the player's gems and pearls first, gold
  for what is still missing. It is listed first; after it come the other payments, one action
  each with its ``pay``, for every way of handing back different tokens (gold for a pearl, to
  keep the pearl). They matter: what goes back to the bag is what the opponent may draw. A
  ``pay`` equal to the automatic payment is refused (leave it out), so each purchase has one
  spelling.
* **Order of effects** after a purchase: the card's ability (privilege at once; Token and Steal
  as choices), then the royal if a crown threshold was reached (and the royal's ability), then
  discards down to 10 tokens, then the victory check, then the extra turn if one was earned.
  (Two *again* effects in one turn can only come from an again card plus the again royal, and
  no card of this set has both again and crowns; a loaded position can still hold both, and
  they give one extra turn.)
* **Reserving from the pyramid** refills the slot from its deck, as a purchase does (the seed
  says so; the spec only says it for purchases).
* **No mandatory action possible.** The spec's rule applies: the player must replenish first
  (then it is the only legal action). At a turn's start this always works: both players hold at
  most 10 tokens, so at least two gems or pearls are on the board or in the bag. But a player
  who uses privileges can empty the board of gems with the bag empty, or a replenish can bring
  only gold; then the player passes (``pass``), and the turn ends as usual.
* **Stalling**: a player's turn counts toward the rule when it *starts* with that player
  holding all 3 gold and both pearls and they buy no card in it; after three such turns in a
  row the opponent may claim the win (``claim-stall``, on their own turn) until the staller
  ends a turn that does not count.
* **Crowns**: one card adds at most 3 crowns, so one purchase crosses at most one threshold;
  the royal is taken only if one is left.

Bad input: ``apply``, ``load``, ``new``, ``view`` and ``sample`` check what they are given
themselves and explain what is wrong (:class:`~rumizi.IllegalAction`, its kind
:class:`~rumizi.core.errors.MalformedAction` for an action no position takes, or
:class:`ValueError`), so they take it typed ``Any``: in the build compiled with mypyc
(``setup.py``) a narrower annotation would turn a wrong type into a bare ``TypeError`` before
the check could run.

The state is built for speed: cards and tokens are small integers (:mod:`.cards`), piles are
plain lists, ``clone`` copies a few short lists, and the legal actions are pre-built dicts
shared between calls, read-only (:func:`rumizi.core.contract.frozen`) so that no caller's
change reaches the engine.

>>> from rumizi.games.splendor_duel import GAME
>>> state = GAME.new(seed=7)
>>> state.to_act, state.players[1 - state.to_act].privileges
(0, 1)
>>> state.view(0)["board"]
['BKBKW', 'WGKBG', 'YKYRW', 'PPYRR', 'GBWRG']
>>> state.apply({"do": "take", "spaces": [[4, 1], [4, 2]]})  # both pearls
>>> state.export()["players"][0]["tokens"]["pearl"], state.players[1].privileges
(2, 2)
>>> state.to_act
1
>>> try:
...     state.apply({"do": "take", "spaces": [[1, 1], [3, 3]]})
... except IllegalAction as err:
...     print(err)
take: [[1, 1], [3, 3]] is not an unbroken straight line of adjacent spaces
>>> state.apply({"do": "take", "spaces": [[3, 1], [3, 2], [3, 3]]})
Traceback (most recent call last):
...
rumizi.core.errors.IllegalAction: take: the space [3, 1] is gold; only gems and pearls can be taken
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar, Final

from rumizi.core import registry, rng
from rumizi.core.contract import Action, Document, Game, GameState, View, check_viewer, frozen
from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.splendor_duel.cards import (
    ABILITY,
    AGAIN,
    BONUS,
    BY_ID,
    COLOR,
    COLORS,
    COST,
    COST_ITEMS,
    CROWNS,
    GOLD,
    IDS,
    JOKER,
    LETTERS,
    LEVEL,
    LEVEL_CARDS,
    N_CARDS,
    NO_BONUS,
    PEARL,
    POINTS,
    PRIVILEGE,
    PYRAMID_SLOTS,
    ROYAL_ABILITY,
    ROYAL_BY_ID,
    ROYAL_IDS,
    ROYAL_POINTS,
    STEAL,
    TOKEN,
    TOKEN_BY_NAME,
    TOKEN_COUNTS,
    TOKEN_NAMES,
    cost_after_bonuses,
)

GAME_ID: Final = "splendor-duel"
SIZE: Final = 5
CELLS: Final = SIZE * SIZE
EMPTY: Final = -1
MAX_TOKENS: Final = 10
MAX_RESERVED: Final = 3
PRIVILEGES: Final = 3
CROWN_THRESHOLDS: Final = (3, 6)
WIN_POINTS, WIN_CROWNS, WIN_COLOR = 20, 10, 10
STALL_TURNS: Final = 3

# The spiral the board is filled in, from the centre (spec §2), as (row, col) from 1.
SPIRAL: Final = (
    (3, 3), (4, 3), (4, 2), (3, 2), (2, 2), (2, 3), (2, 4), (3, 4), (4, 4), (5, 4),
    (5, 3), (5, 2), (5, 1), (4, 1), (3, 1), (2, 1), (1, 1), (1, 2), (1, 3), (1, 4),
    (1, 5), (2, 5), (3, 5), (4, 5), (5, 5),
)  # fmt: skip
SPIRAL_CELLS: Final = tuple((r - 1) * SIZE + (c - 1) for r, c in SPIRAL)


def space_of(cell: int) -> list[int]:
    """The ``[row, col]`` (from 1) of a cell index ``0..24``."""
    return [cell // SIZE + 1, cell % SIZE + 1]


def _lines() -> list[tuple[int, ...]]:
    """Every line of 1, 2 or 3 adjacent spaces (rows, columns, both diagonals), cells sorted."""
    found: dict[tuple[int, ...], None] = {}
    for cell in range(CELLS):
        found[(cell,)] = None
    for length in (2, 3):
        for r in range(SIZE):
            for c in range(SIZE):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    rr, cc = r + dr * (length - 1), c + dc * (length - 1)
                    if 0 <= rr < SIZE and 0 <= cc < SIZE:
                        cells = [(r + dr * k) * SIZE + (c + dc * k) for k in range(length)]
                        found[tuple(sorted(cells))] = None
    return list(found)


LINES: Final = tuple(_lines())
LINE_MASKS: Final = tuple(sum(1 << cell for cell in line) for line in LINES)
LINE_BY_CELLS: Final = {line: i for i, line in enumerate(LINES)}

# Kinds of action, as apply() reads them: (kind, a, b).
(
    A_PRIVILEGE,
    A_REPLENISH,
    A_TAKE,
    A_RESERVE,
    A_RESERVE_DECK,
    A_BUY,
    A_PASS,
    A_TAKE_BONUS,
    A_STEAL,
    A_ROYAL,
    A_DISCARD,
    A_CLAIM,
    A_CONCEDE,
) = range(13)

# Phases of a turn, and the open choice.
START, REPLENISHED, RESOLVING = range(3)
PHASE_NAMES: Final = ("start", "replenished", "resolving")
P_NONE, P_BONUS, P_STEAL, P_ROYAL, P_DISCARD = range(5)
PENDING_NAMES: Final = (None, "take-bonus", "steal", "royal", "discard")
# Steps still to resolve after the mandatory action (the queue), in order.
Q_STEAL, Q_ROYAL, Q_TOKEN = 1, 2, 10  # Q_TOKEN + colour: the Token ability of that colour

# Pre-built canonical actions, shared by every legal_actions() call: read-only (frozen, their
# spaces too), so that a caller's change cannot reach the engine or a later list.
PRIVILEGE_ACTIONS: Final = tuple(
    frozen({"do": "privilege", "space": space_of(i)}) for i in range(CELLS)
)
TAKE_BONUS_ACTIONS: Final = tuple(
    frozen({"do": "take-bonus", "space": space_of(i)}) for i in range(CELLS)
)
TAKE_ACTIONS: Final = tuple(
    frozen({"do": "take", "spaces": [space_of(cell) for cell in line]}) for line in LINES
)
RESERVE_ACTIONS: Final = tuple(
    tuple(frozen({"do": "reserve", "gold": space_of(g), "card": IDS[c]}) for c in range(N_CARDS))
    for g in range(CELLS)
)
RESERVE_DECK_ACTIONS: Final = tuple(
    tuple(frozen({"do": "reserve", "gold": space_of(g), "deck": lv}) for lv in (1, 2, 3))
    for g in range(CELLS)
)
BUY_ACTIONS: Final = tuple(frozen({"do": "buy", "card": IDS[c]}) for c in range(N_CARDS))
BUY_AS_ACTIONS: Final = tuple(
    tuple(frozen({"do": "buy", "card": IDS[c], "color": col}) for col in COLORS)
    for c in range(N_CARDS)
)


def _pay_doc(vector: tuple[int, ...]) -> dict[str, int]:
    """A payment vector (one count per token kind) as the canonical ``pay`` field."""
    return {TOKEN_NAMES[k]: n for k, n in enumerate(vector) if n}


def _payment_vectors(card: int) -> list[tuple[int, ...]]:
    """Every payment of ``card`` with gold that some position could make legal.

    Bonuses may lower each gem of the cost to anything down to 0 (pearls stay), the player
    pays ``paid[k]`` of kind ``k`` (at most what the cost and the token supply allow) and gold
    (1 to 3) covers exactly the rest. Without gold a payment is always the automatic one.
    """
    items = COST_ITEMS[card]
    ranges = [range(min(n, TOKEN_COUNTS[k]) + 1) for k, n in items]
    out = []
    for paid in itertools.product(*ranges):
        gem_gap = sum(n - u for (k, n), u in zip(items, paid, strict=True) if k < PEARL)
        pearl_gap = sum(n - u for (k, n), u in zip(items, paid, strict=True) if k == PEARL)
        for gold in range(1, TOKEN_COUNTS[GOLD] + 1):
            if pearl_gap <= gold <= pearl_gap + gem_gap:
                vector = [0] * 7
                for (k, _), u in zip(items, paid, strict=True):
                    vector[k] = u
                vector[GOLD] = gold
                out.append(tuple(vector))
    return out


# Payments other than the automatic one: PAY_VECTORS[i] for pay id i (0: the automatic one),
# and the pre-built action of each (card, joker colour or -1, vector).
PAY_VECTORS: Final[list[tuple[int, ...] | None]] = [None]
PAY_IDS: Final[dict[tuple[int, ...], int]] = {}
PAY_ACTIONS: Final[dict[tuple[int, int, tuple[int, ...]], Action]] = {}
for _c in range(N_CARDS):
    for _vector in _payment_vectors(_c):
        if _vector not in PAY_IDS:
            PAY_IDS[_vector] = len(PAY_VECTORS)
            PAY_VECTORS.append(_vector)
        for _col in range(5) if COLOR[_c] == JOKER else (-1,):
            _act: Action = {"do": "buy", "card": IDS[_c]}
            if _col >= 0:
                _act["color"] = COLORS[_col]
            _act["pay"] = _pay_doc(_vector)
            PAY_ACTIONS[_c, _col, _vector] = frozen(_act)
DISCARD_ACTIONS: Final = tuple(frozen({"do": "discard", "token": t}) for t in TOKEN_NAMES)
STEAL_ACTIONS: Final = tuple(frozen({"do": "steal", "token": t}) for t in TOKEN_NAMES[:6])
ROYAL_ACTIONS: Final = tuple(frozen({"do": "royal", "card": r}) for r in ROYAL_IDS)
REPLENISH: Final[Action] = frozen({"do": "replenish"})
PASS: Final[Action] = frozen({"do": "pass"})
CLAIM: Final[Action] = frozen({"do": "claim-stall"})


def _buy_code(color: int, pay: int) -> int:
    """A purchase's ``b``: the joker colour (-1 for none) and the pay id in one int."""
    return color + 1 + 6 * pay


# id() of each pre-built action -> its parsed form, so apply() skips parsing for them.
# Safe: the pre-built dicts live as long as the module, so no other object shares their ids.
_FAST: dict[int, tuple[int, int, int]] = {}
for _i in range(CELLS):
    _FAST[id(PRIVILEGE_ACTIONS[_i])] = (A_PRIVILEGE, _i, 0)
    _FAST[id(TAKE_BONUS_ACTIONS[_i])] = (A_TAKE_BONUS, _i, 0)
    for _c in range(N_CARDS):
        _FAST[id(RESERVE_ACTIONS[_i][_c])] = (A_RESERVE, _i, _c)
    for _lv in range(3):
        _FAST[id(RESERVE_DECK_ACTIONS[_i][_lv])] = (A_RESERVE_DECK, _i, _lv)
for _i in range(len(LINES)):
    _FAST[id(TAKE_ACTIONS[_i])] = (A_TAKE, _i, 0)
for _c in range(N_CARDS):
    _FAST[id(BUY_ACTIONS[_c])] = (A_BUY, _c, _buy_code(-1, 0))
    for _k in range(5):
        _FAST[id(BUY_AS_ACTIONS[_c][_k])] = (A_BUY, _c, _buy_code(_k, 0))
for (_c, _col, _vector), _act in PAY_ACTIONS.items():
    _FAST[id(_act)] = (A_BUY, _c, _buy_code(_col, PAY_IDS[_vector]))
for _k in range(7):
    _FAST[id(DISCARD_ACTIONS[_k])] = (A_DISCARD, _k, 0)
for _k in range(6):
    _FAST[id(STEAL_ACTIONS[_k])] = (A_STEAL, _k, 0)
for _k in range(len(ROYAL_IDS)):
    _FAST[id(ROYAL_ACTIONS[_k])] = (A_ROYAL, _k, 0)
_FAST[id(REPLENISH)] = (A_REPLENISH, 0, 0)
_FAST[id(PASS)] = (A_PASS, 0, 0)
_FAST[id(CLAIM)] = (A_CLAIM, 0, 0)

# Which fields each kind of action carries (anything else is rejected).
_FIELDS: Final[dict[str, tuple[frozenset[str], ...]]] = {
    "privilege": (frozenset({"do", "space"}),),
    "replenish": (frozenset({"do"}),),
    "take": (frozenset({"do", "spaces"}),),
    "reserve": (frozenset({"do", "gold", "card"}), frozenset({"do", "gold", "deck"})),
    "buy": (
        frozenset({"do", "card"}),
        frozenset({"do", "card", "color"}),
        frozenset({"do", "card", "pay"}),
        frozenset({"do", "card", "color", "pay"}),
    ),
    "pass": (frozenset({"do"}),),
    "take-bonus": (frozenset({"do", "space"}),),
    "steal": (frozenset({"do", "token"}),),
    "royal": (frozenset({"do", "card"}),),
    "discard": (frozenset({"do", "token"}),),
    "claim-stall": (frozenset({"do"}),),
    "concede": (frozenset({"do"}), frozenset({"do", "player"})),
}
# The action that answers each open choice.
_ANSWERS: Final = {
    P_BONUS: (A_TAKE_BONUS, "take-bonus"),
    P_STEAL: (A_STEAL, "steal"),
    P_ROYAL: (A_ROYAL, "royal"),
    P_DISCARD: (A_DISCARD, "discard"),
}
_CHOICE_KINDS: Final = frozenset({A_TAKE_BONUS, A_STEAL, A_ROYAL, A_DISCARD})
END_REASONS: Final = ("points", "crowns", "color", "stall", "concede")


# What each card costs a player who owns no bonus yet: where every player's prices start.
_PRICES_WITHOUT_BONUS: Final[list[list[tuple[int, int]] | None]] = [
    cost_after_bonuses(card, [0] * 5) for card in range(N_CARDS)
]
# The cards whose cost asks for each gem colour.
_ASKING_FOR: Final = tuple(
    tuple(card for card in range(N_CARDS) if COST[card][k]) for k in range(5)
)


class Player:
    """One seat: tokens, cards, reserve, privileges and royals (derived totals kept up to date)."""

    __slots__ = (
        "blind",
        "bonus",
        "cards",
        "color_points",
        "crowns",
        "jokers",
        "points",
        "prices",
        "privileges",
        "reserved",
        "royals",
        "stall",
        "tokens",
    )

    tokens: list[int]  # per token kind 0..6
    bonus: list[int]  # per gem colour: bonuses of the cards bought (a double bonus counts 2)
    color_points: list[int]  # per gem colour: points on the cards of that colour
    points: int  # every point: cards and royals
    crowns: int
    privileges: int
    cards: list[int]  # bought, in order
    jokers: dict[int, int]  # bought joker -> the colour chosen for it
    reserved: list[int]
    blind: list[bool]  # parallel to ``reserved``: taken from the top of a deck, unseen
    royals: list[int]
    stall: int  # turns in a row that count toward the stalling rule
    # Per card, what it costs this player now (see ``price``), filled in on first use. A new
    # list replaces it whenever a bonus changes, so copies can share it until then.
    prices: list[list[tuple[int, int]] | None]

    def __init__(self) -> None:
        self.tokens = [0] * 7
        self.bonus = [0] * 5
        self.color_points = [0] * 5
        self.points = 0
        self.crowns = 0
        self.privileges = 0
        self.cards = []
        self.jokers = {}
        self.reserved = []
        self.blind = []
        self.royals = []
        self.stall = 0
        self.prices = _PRICES_WITHOUT_BONUS[:]

    def copy(self) -> Player:
        q = Player.__new__(Player)
        q.tokens = self.tokens[:]
        q.bonus = self.bonus[:]
        q.color_points = self.color_points[:]
        q.points = self.points
        q.crowns = self.crowns
        q.privileges = self.privileges
        q.cards = self.cards[:]
        q.jokers = self.jokers.copy() if self.jokers else {}
        q.reserved = self.reserved[:]
        q.blind = self.blind[:]
        q.royals = self.royals[:]
        q.stall = self.stall
        q.prices = self.prices
        return q

    def bonus_color(self, card: int) -> int:
        """The colour a bought card counts for (a joker's chosen colour), or ``NO_BONUS``."""
        color = COLOR[card]
        return self.jokers.get(card, NO_BONUS) if color == JOKER else color

    def add_card(self, card: int, color: int) -> None:
        """Own ``card`` (``color``: its bonus colour; for a joker, the one chosen)."""
        self.cards.append(card)
        if COLOR[card] == JOKER:
            self.jokers[card] = color
        if color < 5:
            self.bonus[color] += BONUS[card]
            self.color_points[color] += POINTS[card]
            # A new list (copies may share the old one); only the cards that ask for this
            # colour change price.
            prices = self.prices[:]
            for c in _ASKING_FOR[color]:
                prices[c] = None
            self.prices = prices
        self.points += POINTS[card]
        self.crowns += CROWNS[card]

    def price(self, card: int) -> list[tuple[int, int]]:
        """What ``card`` costs this player now: :func:`.cards.cost_after_bonuses` of its bonuses
        (kept until they change; treat it as read-only)."""
        price = self.prices[card]
        if price is None:
            price = self.prices[card] = cost_after_bonuses(card, self.bonus)
        return price

    def shortfall(self, card: int) -> int:
        """How many gold this player would need to buy ``card`` (after bonuses and tokens)."""
        tokens = self.tokens
        # ``self.price(card)`` written out: this runs for every card at every legal_actions.
        price = self.prices[card]
        if price is None:
            price = self.prices[card] = cost_after_bonuses(card, self.bonus)
        short = 0
        for k, n in price:
            have = tokens[k]
            if n > have:
                short += n - have
        return short

    def can_afford(self, card: int) -> bool:
        """Whether the player may buy ``card`` now (a joker also needs a bonus to copy)."""
        if COLOR[card] == JOKER and not any(self.bonus):
            return False
        return self.shortfall(card) <= self.tokens[GOLD]


class SplendorDuelState(GameState):
    """A Splendor Duel position. Make one with ``rumizi.game("splendor-duel").new(...)``."""

    game_id: ClassVar[str] = GAME_ID

    __slots__ = (
        "_over",
        "_winner",
        "again",
        "bag",
        "board",
        "bonus_color",
        "bought",
        "current",
        "decks",
        "end",
        "events",
        "held",
        "pending",
        "phase",
        "players",
        "pyramid",
        "queue",
        "royals",
        "seed",
        "turn",
    )

    board: list[int]  # 25 cells, row by row: a token kind or EMPTY
    bag: list[int]  # count per token kind (the bag has no order: draws are random)
    pyramid: list[list[int]]  # per level, its face-up slots (EMPTY when the deck ran out)
    decks: list[list[int]]  # per level, top card *last*
    royals: list[int]  # royals not yet taken, in id order
    players: list[Player]
    current: int
    turn: int
    phase: int
    pending: int
    bonus_color: int  # for the take-bonus choice: the colour to take
    queue: list[int]  # steps still to resolve this turn, the next one first
    again: bool  # an extra turn was earned this turn
    bought: bool  # a card was bought this turn
    held: bool  # the turn began with the player holding all gold and both pearls
    seed: int
    end: str | None
    events: list[dict[str, Any]] | None
    _over: bool
    _winner: int | None

    # ------------------------------------------------------------------ contract

    @classmethod
    def game(cls) -> Game:
        # Through the registry: the game (game.py) imports this module, not the other way.
        return registry.game(GAME_ID)

    @property
    def to_act(self) -> int | None:
        return None if self._over else self.current

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def num_players(self) -> int:
        return 2

    def undoable(self, action: Action, after: GameState) -> bool:
        """Undo, Board Game Arena's way: a step that took no card from a deck (no pyramid
        refill, no blind reserve) and drew nothing from the bag (no replenish: the bag's draws
        are random) may be taken back: a privilege used, a reserved card bought, a royal or a
        bonus token taken, tokens discarded, while the same player goes on."""
        if not isinstance(after, SplendorDuelState):
            return False
        return after.seed == self.seed and all(
            len(a) == len(b) for a, b in zip(self.decks, after.decks, strict=True)
        )

    def clone(self) -> SplendorDuelState:
        s = SplendorDuelState.__new__(SplendorDuelState)
        s.board = self.board[:]
        s.bag = self.bag[:]
        s.pyramid = [row[:] for row in self.pyramid]
        s.decks = [deck[:] for deck in self.decks]
        s.royals = self.royals[:]
        s.players = [p.copy() for p in self.players]
        s.current = self.current
        s.turn = self.turn
        s.phase = self.phase
        s.pending = self.pending
        s.bonus_color = self.bonus_color
        s.queue = self.queue[:]
        s.again = self.again
        s.bought = self.bought
        s.held = self.held
        s.seed = self.seed
        s.end = self.end
        s.events = None
        s._over = self._over
        s._winner = self._winner
        return s

    def __repr__(self) -> str:
        status = f"over ({self.end})" if self._over else f"player {self.current} to act"
        return (
            f"<SplendorDuelState turn {self.turn}, {status}; "
            f"points {[p.points for p in self.players]}, "
            f"crowns {[p.crowns for p in self.players]}>"
        )

    # ------------------------------------------------------------------ queries

    @property
    def supply(self) -> int:
        """Privileges left in the supply."""
        return PRIVILEGES - self.players[0].privileges - self.players[1].privileges

    def can_do_mandatory(self, p: Player) -> bool:
        """Whether ``p`` (the player to act) could take, reserve or buy now."""
        gold = False
        for t in self.board:
            if t >= 0:
                if t < GOLD:
                    return True
                gold = True
        if gold and len(p.reserved) < MAX_RESERVED and self._cards_to_reserve():
            return True
        for row in self.pyramid:
            for c in row:
                if c >= 0 and p.can_afford(c):
                    return True
        return any(p.can_afford(c) for c in p.reserved)

    def _cards_to_reserve(self) -> bool:
        return bool(self.decks[0] or self.decks[1] or self.decks[2]) or any(
            c >= 0 for row in self.pyramid for c in row
        )

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        cur = self.current
        p = self.players[cur]
        acts: list[Action] = []
        if self.players[1 - cur].stall >= STALL_TURNS:
            acts.append(CLAIM)
        pending = self.pending
        if pending:
            if pending == P_DISCARD:
                acts += [DISCARD_ACTIONS[k] for k, n in enumerate(p.tokens) if n]
            elif pending == P_BONUS:
                color = self.bonus_color
                acts += [TAKE_BONUS_ACTIONS[i] for i, t in enumerate(self.board) if t == color]
            elif pending == P_STEAL:
                theirs = self.players[1 - cur].tokens
                acts += [STEAL_ACTIONS[k] for k in range(6) if theirs[k]]
            else:
                acts += [ROYAL_ACTIONS[r] for r in self.royals]
            return acts
        board = self.board
        mask = 0
        gold: list[int] = []
        for i, t in enumerate(board):
            if t >= 0:
                if t < GOLD:
                    mask |= 1 << i
                else:
                    gold.append(i)
        start = self.phase == START
        if start and p.privileges and mask:
            acts += [PRIVILEGE_ACTIONS[i] for i, t in enumerate(board) if 0 <= t < GOLD]
        n_before = len(acts)
        if mask:
            acts += [TAKE_ACTIONS[i] for i, m in enumerate(LINE_MASKS) if m & mask == m]
        if gold and len(p.reserved) < MAX_RESERVED:
            pyramid = [c for row in self.pyramid for c in row if c >= 0]
            decks = [lv for lv in range(3) if self.decks[lv]]
            for g in gold:
                row_g = RESERVE_ACTIONS[g]
                acts += [row_g[c] for c in pyramid]
                deck_g = RESERVE_DECK_ACTIONS[g]
                acts += [deck_g[lv] for lv in decks]
        self._buy_actions(p, acts)
        if len(acts) == n_before:  # no mandatory action is possible
            if start and any(self.bag):
                acts.append(REPLENISH)  # the spec's rule: replenish first
            else:
                acts.append(PASS)
        elif start and any(self.bag):
            acts.insert(n_before, REPLENISH)
        return acts

    def _buy_actions(self, p: Player, acts: list[Action]) -> None:
        gold = p.tokens[GOLD]
        pyramid = self.pyramid
        for cards in (pyramid[0], pyramid[1], pyramid[2], p.reserved):
            for c in cards:
                if c >= 0:
                    short = p.shortfall(c)
                    if short <= gold:
                        if COLOR[c] != JOKER:
                            acts.append(BUY_ACTIONS[c])
                            if gold > short:
                                _other_payments(p, c, -1, gold - short, short, acts)
                        else:
                            self._buy_joker(p, c, short, acts)

    def _buy_joker(self, p: Player, c: int, short: int, acts: list[Action]) -> None:
        """Append each way of buying joker ``c`` (a colour owned, then its payments)."""
        gold = p.tokens[GOLD]
        for k in range(5):
            if p.bonus[k]:
                acts.append(BUY_AS_ACTIONS[c][k])
                if gold > short:
                    _other_payments(p, c, k, gold - short, short, acts)

    # ------------------------------------------------------------------ apply

    def apply(self, action: Any) -> None:  # Any: see "Bad input" in the module docstring
        parsed = _FAST.get(id(action))
        if parsed is None:
            parsed = _parse(action)
        kind, a, b = parsed
        if kind == A_CONCEDE and a == -2:
            a = self.current  # "concede" without a player: the player to act gives up
        self._check(kind, a, b)
        self._do(kind, a, b)

    def _check(self, kind: int, a: int, b: int) -> None:
        """Raise :class:`IllegalAction` unless the parsed action is legal now."""
        if self._over:
            raise IllegalAction("the game is over")
        cur = self.current
        p = self.players[cur]
        if kind == A_CONCEDE:
            if not 0 <= a < 2:
                raise IllegalAction(f"concede: no player {a!r} (players are 0 and 1)")
            return
        if kind == A_CLAIM:
            if self.players[1 - cur].stall < STALL_TURNS:
                raise IllegalAction(
                    "claim-stall: your opponent has not started 3 turns in a row holding all "
                    "the gold and both pearls without buying"
                )
            return
        pending = self.pending
        if pending:
            answer, name = _ANSWERS[pending]
            if kind != answer:
                raise IllegalAction(f"a choice is open: answer it with {{'do': '{name}', ...}}")
            if kind == A_TAKE_BONUS:
                if self.board[a] != self.bonus_color:
                    raise IllegalAction(
                        f"take-bonus: the space {space_of(a)} holds no "
                        f"{TOKEN_NAMES[self.bonus_color]} token"
                    )
            elif kind == A_STEAL:
                if a >= GOLD:
                    raise IllegalAction("steal: gold cannot be stolen")
                if not self.players[1 - cur].tokens[a]:
                    raise IllegalAction(f"steal: your opponent has no {TOKEN_NAMES[a]} token")
            elif kind == A_ROYAL:
                if a not in self.royals:
                    raise IllegalAction(f"royal: {ROYAL_IDS[a]!r} is not available")
            elif not p.tokens[a]:
                raise IllegalAction(f"discard: you have no {TOKEN_NAMES[a]} token")
            return
        if kind in _CHOICE_KINDS:
            raise IllegalAction("there is no open choice to answer")
        board = self.board
        if kind == A_PRIVILEGE:
            if self.phase != START:
                raise IllegalAction("privilege: privileges cannot be used after replenishing")
            if not p.privileges:
                raise IllegalAction("privilege: you have no privilege to use")
            t = board[a]
            if t == EMPTY:
                raise IllegalAction(f"privilege: the space {space_of(a)} is empty")
            if t == GOLD:
                raise IllegalAction("privilege: a privilege never takes gold")
            return
        if kind == A_REPLENISH:
            if self.phase != START:
                raise IllegalAction("replenish: the board was replenished already this turn")
            if not any(self.bag):
                raise IllegalAction("replenish: the bag is empty")
            return
        if kind == A_TAKE:
            for cell in LINES[a]:
                t = board[cell]
                if not 0 <= t < GOLD:
                    what = "empty" if t == EMPTY else "gold"
                    raise IllegalAction(
                        f"take: the space {space_of(cell)} is {what}; only gems and pearls "
                        "can be taken"
                    )
            return
        if kind in (A_RESERVE, A_RESERVE_DECK):
            if board[a] != GOLD:
                raise IllegalAction(f"reserve: there is no gold on the space {space_of(a)}")
            if len(p.reserved) >= MAX_RESERVED:
                raise IllegalAction("reserve: you already hold 3 reserved cards")
            if kind == A_RESERVE:
                if b not in self.pyramid[LEVEL[b] - 1]:
                    raise IllegalAction(f"reserve: {IDS[b]!r} is not face up in the pyramid")
            elif not self.decks[b]:
                raise IllegalAction(f"reserve: the level-{b + 1} deck is empty")
            return
        if kind == A_BUY:
            if a not in self.pyramid[LEVEL[a] - 1] and a not in p.reserved:
                raise IllegalAction(
                    f"buy: {IDS[a]!r} is neither face up in the pyramid nor in your reserve"
                )
            color, pay = b % 6 - 1, b // 6
            if COLOR[a] == JOKER:
                if color < 0:
                    raise IllegalAction(
                        f"buy: {IDS[a]!r} is a joker: name the colour it becomes, "
                        'e.g. {"do": "buy", "card": "' + IDS[a] + '", "color": "red"}'
                    )
                if not p.bonus[color]:
                    raise IllegalAction(
                        f"buy: a joker can only become a colour you own a bonus of, "
                        f"and you have no {COLORS[color]} bonus"
                    )
            elif color >= 0:
                raise IllegalAction(f"buy: {IDS[a]!r} is not a joker; leave out 'color'")
            short = p.shortfall(a)
            if short > p.tokens[GOLD]:
                raise IllegalAction(
                    f"buy: cannot afford {IDS[a]!r}: {short} more tokens needed and you have "
                    f"{p.tokens[GOLD]} gold"
                )
            if pay:
                _check_payment(p, a, PAY_VECTORS[pay])
            return
        # A_PASS
        if self.can_do_mandatory(p):
            raise IllegalAction("pass: you can still take, reserve or buy")
        if self.phase == START and any(self.bag):
            raise IllegalAction("pass: replenish the board first")

    def _do(self, kind: int, a: int, b: int) -> None:
        if kind == A_TAKE:
            self._take(a)
        elif kind == A_BUY:
            self._buy(a, b)
        elif kind == A_PRIVILEGE:
            self._use_privilege(a)
        elif kind == A_RESERVE:
            self._reserve(a, b, False)
        elif kind == A_RESERVE_DECK:
            self._reserve(a, b, True)
        elif kind == A_REPLENISH:
            self._replenish()
        elif kind == A_DISCARD:
            self._discard(a)
        elif kind == A_TAKE_BONUS:
            self._take_bonus(a)
        elif kind == A_STEAL:
            self._steal(a)
        elif kind == A_ROYAL:
            self._royal(a)
        elif kind == A_PASS:
            if self.events is not None:
                self.events.append({"event": "pass", "player": self.current})
            self._after_main()
        elif kind == A_CLAIM:
            if self.events is not None:
                self.events.append({"event": "claim-stall", "player": self.current})
            self._finish(self.current, "stall")
        else:  # A_CONCEDE
            if self.events is not None:
                self.events.append({"event": "concede", "player": a})
            self._finish(1 - a, "concede")

    # ------------------------------------------------------------------ optional actions

    def _use_privilege(self, cell: int) -> None:
        p = self.players[self.current]
        t = self.board[cell]
        self.board[cell] = EMPTY
        p.tokens[t] += 1
        p.privileges -= 1
        if self.events is not None:
            self.events.append(
                {
                    "event": "use-privilege",
                    "player": self.current,
                    "space": space_of(cell),
                    "token": TOKEN_NAMES[t],
                }
            )

    def _replenish(self) -> None:
        placed = self._fill()
        self.phase = REPLENISHED
        if self.events is not None:
            self.events.append(
                {
                    "event": "replenish",
                    "player": self.current,
                    "placed": [[*space_of(cell), TOKEN_NAMES[t]] for cell, t in placed],
                }
            )
        self._gain_privilege(1 - self.current, "replenish")

    def _fill(self) -> list[tuple[int, int]]:
        """Draw tokens at random from the bag onto the empty spaces, in spiral order."""
        bag = self.bag
        board = self.board
        total = sum(bag)
        seed = self.seed
        placed: list[tuple[int, int]] = []
        for cell in SPIRAL_CELLS:
            if not total:
                break
            if board[cell] != EMPTY:
                continue
            seed, k = rng.below(seed, total)
            t = 0
            while k >= bag[t]:
                k -= bag[t]
                t += 1
            bag[t] -= 1
            total -= 1
            board[cell] = t
            placed.append((cell, t))
        self.seed = seed
        return placed

    def _gain_privilege(self, who: int, why: str) -> None:
        """``who`` takes a privilege: from the supply, else from the opponent, else none."""
        me = self.players[who]
        other = self.players[1 - who]
        if me.privileges + other.privileges < PRIVILEGES:
            source = "supply"
            me.privileges += 1
        elif other.privileges:
            source = "opponent"
            other.privileges -= 1
            me.privileges += 1
        else:
            source = "none"
        if self.events is not None:
            self.events.append({"event": "privilege", "player": who, "from": source, "reason": why})

    # ------------------------------------------------------------------ mandatory actions

    def _take(self, line: int) -> None:
        p = self.players[self.current]
        board = self.board
        taken = []
        for cell in LINES[line]:
            t = board[cell]
            board[cell] = EMPTY
            p.tokens[t] += 1
            taken.append(t)
        if self.events is not None:
            self.events.append(
                {
                    "event": "take",
                    "player": self.current,
                    "spaces": [space_of(cell) for cell in LINES[line]],
                    "tokens": [TOKEN_NAMES[t] for t in taken],
                }
            )
        if (len(taken) == 3 and taken[0] == taken[1] == taken[2]) or taken.count(PEARL) == 2:
            self._gain_privilege(1 - self.current, "take")
        self._after_main()

    def _reserve(self, gold_cell: int, which: int, from_deck: bool) -> None:
        p = self.players[self.current]
        self.board[gold_cell] = EMPTY
        p.tokens[GOLD] += 1
        ev = self.events
        if from_deck:
            card = self.decks[which].pop()
            if ev is not None:
                ev.append(
                    {
                        "event": "reserve",
                        "player": self.current,
                        "gold": space_of(gold_cell),
                        "deck": which + 1,
                    }
                )
        else:
            card = which
            if ev is not None:
                ev.append(
                    {
                        "event": "reserve",
                        "player": self.current,
                        "gold": space_of(gold_cell),
                        "card": IDS[card],
                    }
                )
            self._leave_pyramid(card)
        p.reserved.append(card)
        p.blind.append(from_deck)
        self._after_main()

    def _leave_pyramid(self, card: int) -> None:
        """Take ``card`` out of the pyramid and refill its slot from its deck."""
        level = LEVEL[card] - 1
        row = self.pyramid[level]
        slot = row.index(card)
        deck = self.decks[level]
        new = deck.pop() if deck else EMPTY
        row[slot] = new
        if self.events is not None:
            self.events.append(
                {
                    "event": "refill",
                    "level": level + 1,
                    "slot": slot,
                    "card": IDS[new] if new >= 0 else None,
                }
            )

    def _buy(self, card: int, code: int) -> None:
        cur = self.current
        p = self.players[cur]
        tokens = p.tokens
        bag = self.bag
        joker_color = code % 6 - 1
        chosen = PAY_VECTORS[code // 6]
        if chosen is not None:
            paid = list(chosen)
            for k in range(7):
                tokens[k] -= paid[k]
                bag[k] += paid[k]
        else:
            paid = [0] * 7
            gold = 0
            for k, n in p.price(card):
                use = tokens[k] if tokens[k] < n else n
                tokens[k] -= use
                bag[k] += use
                paid[k] = use
                gold += n - use
            if gold:
                tokens[GOLD] -= gold
                bag[GOLD] += gold
                paid[GOLD] = gold
        ev = self.events
        if card in p.reserved:
            where = "reserve"
            i = p.reserved.index(card)
            del p.reserved[i]
            del p.blind[i]
        else:
            where = "pyramid"
        if ev is not None:
            event: dict[str, Any] = {
                "event": "buy",
                "player": cur,
                "card": IDS[card],
                "from": where,
                "paid": {TOKEN_NAMES[k]: n for k, n in enumerate(paid) if n},
            }
            if joker_color >= 0:
                event["color"] = COLORS[joker_color]
            ev.append(event)
        if where == "pyramid":
            self._leave_pyramid(card)
        color = COLOR[card] if joker_color < 0 else joker_color
        crowns_before = p.crowns
        p.add_card(card, color)
        self.bought = True
        ability = ABILITY[card]
        if ability:
            if ability == AGAIN:
                self._earn_again()
            elif ability == PRIVILEGE:
                self._gain_privilege(cur, "ability")
            elif ability == TOKEN:
                self.queue.append(Q_TOKEN + color)
            elif ability == STEAL:
                self.queue.append(Q_STEAL)
        for threshold in CROWN_THRESHOLDS:
            if crowns_before < threshold <= p.crowns:
                self.queue.append(Q_ROYAL)
        self._after_main()

    def _earn_again(self) -> None:
        if self.events is not None:
            self.events.append({"event": "again", "player": self.current, "first": not self.again})
        self.again = True

    # ------------------------------------------------------------------ after the action

    def _after_main(self) -> None:
        self.phase = RESOLVING
        self._continue()

    def _continue(self) -> None:
        """Resolve the queued steps until one opens a choice; then end the turn."""
        queue = self.queue
        cur = self.current
        ev = self.events
        while queue:
            step = queue.pop(0)
            if step >= Q_TOKEN:
                color = step - Q_TOKEN
                if color in self.board:
                    self.pending = P_BONUS
                    self.bonus_color = color
                    return
                if ev is not None:
                    ev.append({"event": "no-effect", "player": cur, "ability": "token"})
            elif step == Q_STEAL:
                if any(self.players[1 - cur].tokens[:GOLD]):
                    self.pending = P_STEAL
                    return
                if ev is not None:
                    ev.append({"event": "no-effect", "player": cur, "ability": "steal"})
            elif self.royals:  # Q_ROYAL
                self.pending = P_ROYAL
                return
            elif ev is not None:
                ev.append({"event": "no-effect", "player": cur, "ability": "royal"})
        if sum(self.players[cur].tokens) > MAX_TOKENS:
            self.pending = P_DISCARD
            return
        self.pending = P_NONE
        self._end_turn()

    def _take_bonus(self, cell: int) -> None:
        p = self.players[self.current]
        t = self.board[cell]
        self.board[cell] = EMPTY
        p.tokens[t] += 1
        if self.events is not None:
            self.events.append(
                {
                    "event": "take-bonus",
                    "player": self.current,
                    "space": space_of(cell),
                    "token": TOKEN_NAMES[t],
                }
            )
        self.pending = P_NONE
        self._continue()

    def _steal(self, kind: int) -> None:
        cur = self.current
        self.players[1 - cur].tokens[kind] -= 1
        self.players[cur].tokens[kind] += 1
        if self.events is not None:
            self.events.append(
                {"event": "steal", "player": cur, "from": 1 - cur, "token": TOKEN_NAMES[kind]}
            )
        self.pending = P_NONE
        self._continue()

    def _royal(self, r: int) -> None:
        cur = self.current
        p = self.players[cur]
        self.royals.remove(r)
        p.royals.append(r)
        p.points += ROYAL_POINTS[r]
        if self.events is not None:
            self.events.append({"event": "royal", "player": cur, "card": ROYAL_IDS[r]})
        self.pending = P_NONE
        ability = ROYAL_ABILITY[r]
        if ability == AGAIN:
            self._earn_again()
        elif ability == PRIVILEGE:
            self._gain_privilege(cur, "royal")
        elif ability == STEAL:
            self.queue.insert(0, Q_STEAL)
        self._continue()

    def _discard(self, kind: int) -> None:
        p = self.players[self.current]
        p.tokens[kind] -= 1
        self.bag[kind] += 1
        if self.events is not None:
            self.events.append(
                {"event": "discard", "player": self.current, "token": TOKEN_NAMES[kind]}
            )
        if sum(p.tokens) <= MAX_TOKENS:
            self.pending = P_NONE
            self._end_turn()

    def _end_turn(self) -> None:
        cur = self.current
        p = self.players[cur]
        if self.held and not self.bought:
            p.stall += 1
        else:
            p.stall = 0
        reason = victory_reason(p)
        if reason is not None:
            self._finish(cur, reason)
            return
        extra = self.again
        if not extra:
            self.current = 1 - cur
        self.turn += 1
        self._begin_turn(extra)

    def _begin_turn(self, extra: bool = False) -> None:
        p = self.players[self.current]
        self.phase = START
        self.pending = P_NONE
        self.again = False
        self.bought = False
        self.held = p.tokens[GOLD] == TOKEN_COUNTS[GOLD] and p.tokens[PEARL] == TOKEN_COUNTS[PEARL]
        if self.events is not None:
            self.events.append(
                {"event": "turn", "player": self.current, "turn": self.turn, "extra": extra}
            )

    def _finish(self, winner: int, reason: str) -> None:
        self._over = True
        self._winner = winner
        self.end = reason
        self.pending = P_NONE
        self.queue.clear()
        if self.events is not None:
            self.events.append({"event": "game-over", "winner": winner, "reason": reason})

    # ------------------------------------------------------------------ documents

    def _pending_doc(self) -> dict[str, Any] | None:
        if not self.pending:
            return None
        doc: dict[str, Any] = {"choice": PENDING_NAMES[self.pending]}
        if self.pending == P_BONUS:
            doc["color"] = COLORS[self.bonus_color]
        elif self.pending == P_DISCARD:
            doc["count"] = sum(self.players[self.current].tokens) - MAX_TOKENS
        return doc

    def _queue_doc(self) -> list[str]:
        return [_QUEUE_NAMES[step] for step in self.queue]

    def _shared(self) -> dict[str, Any]:
        """The public fields that export and view share."""
        return {
            "game": GAME_ID,
            "turn": self.turn,
            "current": self.current,
            "phase": PHASE_NAMES[self.phase],
            "pending": self._pending_doc(),
            "queue": self._queue_doc(),
            "again": self.again,
            "bought": self.bought,
            "held": self.held,
            "board": board_rows(self.board),
            "bag": {name: n for name, n in zip(TOKEN_NAMES, self.bag, strict=True)},
            "pyramid": [[IDS[c] if c >= 0 else None for c in row] for row in self.pyramid],
            "royals": [ROYAL_IDS[r] for r in self.royals],
            "privileges": self.supply,
            "winner": self._winner,
            "end": self.end,
        }

    def _player_doc(self, p: Player) -> dict[str, Any]:
        return {
            "tokens": {name: n for name, n in zip(TOKEN_NAMES, p.tokens, strict=True)},
            "privileges": p.privileges,
            "cards": [IDS[c] for c in p.cards],
            "jokers": {IDS[c]: COLORS[k] for c, k in p.jokers.items()},
            "royals": [ROYAL_IDS[r] for r in p.royals],
            "points": p.points,
            "crowns": p.crowns,
            "stall": p.stall,
        }

    def export(self) -> Document:
        players = []
        for p in self.players:
            doc = self._player_doc(p)
            doc["reserved"] = [
                {"card": IDS[c], "blind": blind}
                for c, blind in zip(p.reserved, p.blind, strict=True)
            ]
            players.append(doc)
        return {
            **self._shared(),
            "decks": [[IDS[c] for c in reversed(deck)] for deck in self.decks],
            "players": players,
            "seed": self.seed,
        }

    def view(self, player: Any) -> View:  # Any: see "Bad input" in the module docstring
        """What ``player`` may see; ``None`` for a spectator (another seat: ``ValueError``).

        Hidden: the cards the *other* player reserved blind from the top of a deck (shown with
        their level; a spectator sees none of them), the order of the decks (only their
        sizes), and the random state. A card reserved from the pyramid was seen by both
        players as it was taken, and the log names it, so the view keeps it, as a player
        remembers it (the table holds it face down, but nobody has forgotten). The bag's
        contents are shown as counts — anyone can work them out from the tokens in sight —
        but its draws are random, so it has no order.
        Besides the exported fields each player shows the totals a table would show: bonuses
        and points per colour, and the number of tokens held.
        """
        check_viewer(player, 2)
        players = []
        for i, p in enumerate(self.players):
            doc = self._player_doc(p)
            doc["reserved"] = [
                {
                    # Taken face up from the pyramid: everyone saw it (the log names it).
                    "card": IDS[c] if i == player or not blind else None,
                    "level": LEVEL[c],
                    "blind": blind,
                }
                for c, blind in zip(p.reserved, p.blind, strict=True)
            ]
            doc["bonuses"] = {name: n for name, n in zip(COLORS, p.bonus, strict=True)}
            doc["color_points"] = {name: n for name, n in zip(COLORS, p.color_points, strict=True)}
            doc["token_count"] = sum(p.tokens)
            players.append(doc)
        return {
            **self._shared(),
            "viewer": player,
            "to_act": self.to_act,
            "over": self._over,
            "decks": [len(deck) for deck in self.decks],
            "bag_size": sum(self.bag),
            "claimable": not self._over and self.players[1 - self.current].stall >= STALL_TURNS,
            "players": players,
        }


_QUEUE_NAMES: Final = {
    Q_STEAL: "steal",
    Q_ROYAL: "royal",
    **{Q_TOKEN + k: f"token:{name}" for k, name in enumerate(COLORS)},
}


def victory_reason(p: Player) -> str | None:
    """Which victory condition ``p`` meets (``"points"``, ``"crowns"``, ``"color"``), if any."""
    if p.points >= WIN_POINTS:
        return "points"
    if p.crowns >= WIN_CROWNS:
        return "crowns"
    if max(p.color_points) >= WIN_COLOR:
        return "color"
    return None


def board_rows(board: list[int]) -> list[str]:
    """The board as five strings of token letters (``.`` for an empty space)."""
    return [
        "".join(LETTERS[t] if t >= 0 else "." for t in board[r * SIZE : (r + 1) * SIZE])
        for r in range(SIZE)
    ]


# ---------------------------------------------------------------------- parsing actions


def _space(value: Any, what: str) -> int:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(type(x) is int and 1 <= x <= SIZE for x in value)
    ):
        return int((value[0] - 1) * SIZE + value[1] - 1)
    raise MalformedAction(
        f"{what}: expected a space [row, col] with rows and columns 1-5, got {value!r}"
    )


def _token(value: Any, what: str) -> int:
    kind = TOKEN_BY_NAME.get(value) if isinstance(value, str) else None
    if kind is None:
        raise MalformedAction(f"{what}: unknown token {value!r}; tokens: {', '.join(TOKEN_NAMES)}")
    return kind


def _card_id(value: Any, what: str) -> int:
    card = BY_ID.get(value) if isinstance(value, str) else None
    if card is None:
        raise MalformedAction(f"{what}: unknown card {value!r}")
    return card


def _parse(action: Any) -> tuple[int, int, int]:
    """An action object as ``(kind, a, b)``; :class:`IllegalAction` if it is malformed."""
    if not isinstance(action, dict) or "do" not in action:
        raise MalformedAction(
            f"malformed action {action!r}: expected an object such as "
            '{"do": "take", "spaces": [[3, 3]]}'
        )
    do = action["do"]
    shapes = _FIELDS.get(do) if isinstance(do, str) else None
    if shapes is None:
        raise MalformedAction(f"unknown action {do!r}; expected one of: {', '.join(_FIELDS)}")
    if action.keys() not in shapes:
        raise MalformedAction(f"malformed {do!r} action {action!r}: unexpected or missing fields")
    if do == "take":
        spaces = action["spaces"]
        if not isinstance(spaces, list) or not 1 <= len(spaces) <= 3:
            raise MalformedAction(f"take: expected a list of 1 to 3 spaces, got {spaces!r}")
        cells = tuple(_space(s, "take") for s in spaces)
        line = LINE_BY_CELLS.get(cells)
        if line is None:
            if tuple(sorted(cells)) in LINE_BY_CELLS and len(set(cells)) == len(cells):
                raise MalformedAction(
                    f"take: list the spaces top to bottom, then left to right: "
                    f"{[space_of(c) for c in sorted(cells)]}"
                )
            raise MalformedAction(
                f"take: {spaces!r} is not an unbroken straight line of adjacent spaces"
            )
        return A_TAKE, line, 0
    if do == "buy":
        card = _card_id(action["card"], "buy")
        color = -1
        if "color" in action:
            value = action["color"]
            if value not in COLORS:
                raise MalformedAction(
                    f"buy: unknown colour {value!r}; colours: {', '.join(COLORS)}"
                )
            color = COLORS.index(value)
        pay = 0
        if "pay" in action:
            pay = _pay_id(action["pay"], card)
        return A_BUY, card, _buy_code(color, pay)
    if do == "privilege":
        return A_PRIVILEGE, _space(action["space"], "privilege"), 0
    if do == "reserve":
        gold = _space(action["gold"], "reserve")
        if "deck" in action:
            level = action["deck"]
            if type(level) is not int or not 1 <= level <= 3:
                raise MalformedAction(f"reserve: deck must be 1, 2 or 3, not {level!r}")
            return A_RESERVE_DECK, gold, level - 1
        return A_RESERVE, gold, _card_id(action["card"], "reserve")
    if do == "take-bonus":
        return A_TAKE_BONUS, _space(action["space"], "take-bonus"), 0
    if do == "steal":
        return A_STEAL, _token(action["token"], "steal"), 0
    if do == "discard":
        return A_DISCARD, _token(action["token"], "discard"), 0
    if do == "royal":
        value = action["card"]
        r = ROYAL_BY_ID.get(value) if isinstance(value, str) else None
        if r is None:
            raise MalformedAction(f"royal: unknown royal {value!r}; royals: {', '.join(ROYAL_IDS)}")
        return A_ROYAL, r, 0
    if do == "concede":
        who = action.get("player")
        if who is None:
            return A_CONCEDE, -2, 0  # the player to act: filled in below
        if type(who) is not int:
            raise MalformedAction(f"concede: player must be 0 or 1, not {who!r}")
        return A_CONCEDE, who, 0
    return {"replenish": A_REPLENISH, "pass": A_PASS, "claim-stall": A_CLAIM}[do], 0, 0


def _pay_id(value: Any, card: int) -> int:
    """The pay id of a ``pay`` field; :class:`IllegalAction` unless some position could allow it."""
    example = '{"do": "buy", "card": "' + IDS[card] + '", "pay": {"red": 2, "gold": 1}}'
    if not isinstance(value, dict) or not value:
        raise MalformedAction(
            f"buy: 'pay' names the tokens handed back, e.g. {example}; got {value!r}"
        )
    vector = [0] * 7
    for name, n in value.items():
        kind = TOKEN_BY_NAME.get(name) if isinstance(name, str) else None
        if kind is None:
            raise MalformedAction(
                f"buy: unknown token {name!r} in 'pay'; tokens: {', '.join(TOKEN_NAMES)}"
            )
        if type(n) is not int or n < 1:
            raise MalformedAction(
                f"buy: 'pay' counts are whole numbers from 1 (leave out what you do not pay), "
                f"not {name}: {n!r}"
            )
        vector[kind] = n
    pay = PAY_IDS.get(tuple(vector))
    if pay is None:
        if not vector[GOLD]:
            raise MalformedAction(
                "buy: a payment without gold is the automatic one: leave out 'pay'"
            )
        raise MalformedAction(f"buy: {_pay_doc(tuple(vector))} can never pay for a card")
    return pay


def _other_payments(
    p: Player, card: int, color: int, spare: int, short: int, acts: list[Action]
) -> None:
    """Append the payments of ``card`` other than the automatic one: each hands back up to
    ``spare`` more gold in place of tokens the automatic payment would use."""
    tokens = p.tokens
    items = p.price(card)
    used = [tokens[k] if tokens[k] < n else n for k, n in items]
    if not any(used):
        return
    ranges = [range((u if u < spare else spare) + 1) for u in used]
    for cut in itertools.product(*ranges):
        extra = sum(cut)
        if 1 <= extra <= spare:
            vector = [0] * 7
            for (k, _), u, d in zip(items, used, cut, strict=True):
                vector[k] = u - d
            vector[GOLD] = short + extra
            acts.append(PAY_ACTIONS[card, color, tuple(vector)])


def _check_payment(p: Player, card: int, vector: tuple[int, ...] | None) -> None:
    """Raise :class:`IllegalAction` unless ``vector`` pays ``card`` for ``p``, differently from
    the automatic payment (the caller checked that the card is affordable)."""
    assert vector is not None
    tokens = p.tokens
    asked = [0] * 7
    for k, n in p.price(card):
        asked[k] = n
    for k in range(GOLD):
        if vector[k] > asked[k]:
            raise IllegalAction(
                f"buy: {IDS[card]!r} asks you for {asked[k]} {TOKEN_NAMES[k]}, "
                f"and 'pay' hands back {vector[k]}"
            )
    for k in range(7):
        if vector[k] > tokens[k]:
            raise IllegalAction(
                f"buy: 'pay' hands back {vector[k]} {TOKEN_NAMES[k]} and you have {tokens[k]}"
            )
    missing = sum(asked[k] - vector[k] for k in range(GOLD))
    if vector[GOLD] != missing:
        raise IllegalAction(
            f"buy: the gold in 'pay' must cover exactly what the other tokens leave unpaid "
            f"({missing}), not {vector[GOLD]}"
        )
    automatic = [tokens[k] if tokens[k] < n else n for k, n in enumerate(asked[:GOLD])]
    if sum(asked) - sum(automatic) == vector[GOLD] and all(
        vector[k] == automatic[k] for k in range(GOLD)
    ):
        raise IllegalAction("buy: that is the automatic payment: leave out 'pay'")


def new_state(seed: int = 0, first: int | None = None) -> SplendorDuelState:
    """A new game: shuffled decks, the pyramid, the board drawn from the bag, the first player.

    The seed has the players agree on who starts: ``first`` (0 or 1) is that agreement; left
    out, the first player is drawn from the seed. The second player starts with 1 privilege.
    """
    state = rng.normalize_seed(seed)
    s = SplendorDuelState.__new__(SplendorDuelState)
    s.events = None
    s._over = False
    s._winner = None
    s.end = None
    s.queue = []
    s.pending = P_NONE
    s.bonus_color = 0
    s.turn = 1
    state, drawn = rng.below(state, 2)  # drawn even when agreed, so the deal stays the same
    first = drawn if first is None else first
    s.current = first
    s.decks = []
    s.pyramid = []
    for lv in range(3):
        deck = list(LEVEL_CARDS[lv])
        state = rng.shuffle(state, deck)
        s.pyramid.append([deck.pop() for _ in range(PYRAMID_SLOTS[lv])])
        s.decks.append(deck)
    s.royals = list(range(len(ROYAL_IDS)))
    s.players = [Player(), Player()]
    s.players[1 - first].privileges = 1
    s.board = [EMPTY] * CELLS
    s.bag = list(TOKEN_COUNTS)
    s.seed = state
    s._fill()
    s._begin_turn()
    return s

"""The Star Realms engine: state, legal actions and rules (spec ``star-realms.md``).

The state is built for speed: cards are small integers (see :mod:`.cards`), piles are plain
lists, ``clone`` copies a handful of short lists, and the legal actions are pre-built dicts
shared between calls, read-only (:func:`rumizi.core.contract.frozen`) so that no caller's change
reaches the engine. Rules follow the spec's resolution order to the letter:

* a card's effects resolve in printed order; a choice an effect opens is answered at once;
* after each play, and after the start-of-turn base effects, every ally effect that now holds
  and has not fired fires, in the order the cards came into play (bases already in play first);
* a turn starts with forced discards, then base primaries in the order played, then allies.

All of this runs through one resolution queue (a stack of ``(effect, amount, source)``), so a
choice can pause resolution anywhere and the rest resumes after it is answered.

Bad input: ``apply``, ``load``, ``new``, ``view`` and ``sample`` check what they are given
themselves and explain what is wrong (:class:`~rumizi.IllegalAction`, its kind
:class:`~rumizi.core.errors.MalformedAction` for an action no position takes, or
:class:`ValueError`), so they take it typed ``Any``: in a build compiled with mypyc
(``setup.py``) a narrower annotation would turn a wrong type into a bare ``TypeError`` before
the check could run.

>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=1)
>>> me = state.to_act
>>> len(state.view(me)["players"][me]["hand"])
3
>>> state.apply({"do": "play", "card": "flagship"})
Traceback (most recent call last):
...
rumizi.core.errors.IllegalAction: cannot play 'flagship': it is not in your hand
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, ClassVar

from rumizi.core import registry, rng
from rumizi.core.contract import Action, Document, Game, GameState, View, check_viewer, frozen
from rumizi.core.errors import IllegalAction, MalformedAction
from rumizi.games.star_realms.cards import (
    ALLIES,
    ALLY,
    AUTHORITY,
    BY_ID,
    CLEAR_ROW,
    COMBAT,
    COST,
    DEFENSE,
    DRAW,
    EFFECTS,
    EXPLORER,
    FACTION,
    FORCED_DISCARD,
    HAS_ALLY,
    HAS_SCRAP,
    IS_BASE,
    IS_OUTPOST,
    NAMES,
    OPP_DISCARD,
    PRIMARY,
    SCRAP,
    SCRAP_CARD,
    STARTING_DECK,
    TRADE,
    TRADE_DECK,
)

GAME_ID = "star-realms"
# Format -> (fewest, most) players (spec §1 and §3).
FORMATS: dict[str, tuple[int, int]] = {
    "duel": (2, 2),
    "free-for-all": (3, 6),
    "hunter": (3, 6),
    "hydra": (4, 6),
    "raid": (3, 6),
    "emperor": (6, 6),
}
# Formats won by a team: the winner is a team index, not a player.
TEAM_FORMATS = frozenset({"hydra", "raid", "emperor"})
# Hydra: players -> the authority each team shares (2v2 or 3v3).
HYDRA_AUTHORITY = {4: 75, 6: 100}
# Raid: number of raiders -> (the boss's authority, the boss's hand size during the game).
RAID_BOSS = {2: (50, 7), 3: (70, 7), 4: (70, 8), 5: (90, 8)}
RAID_BOSS_SEAT = 0
# Emperor: seats 0-2 are team A (admiral, emperor, admiral), 3-5 team B; each admiral sits
# opposite an enemy admiral.
EMPERORS = (1, 4)
EMPEROR_OPPOSITE = {0: 5, 5: 0, 2: 3, 3: 2}
START_AUTHORITY = 50
HAND_SIZE = 5

# Pre-built canonical actions, shared by every legal_actions() call: read-only (frozen), so
# that a caller's change cannot reach the engine or a later list.
PLAY: tuple[Action, ...] = tuple(frozen({"do": "play", "card": n}) for n in NAMES)
BUY: tuple[Action, ...] = tuple(frozen({"do": "buy", "card": n}) for n in NAMES)
SCRAP_ACTION: tuple[Action, ...] = tuple(frozen({"do": "scrap", "card": n}) for n in NAMES)
CHOOSE_HAND: tuple[Action, ...] = tuple(
    frozen({"do": "choose", "card": n, "from": "hand"}) for n in NAMES
)
CHOOSE_DISCARD: tuple[Action, ...] = tuple(
    frozen({"do": "choose", "card": n, "from": "discard"}) for n in NAMES
)
CHOOSE_ROW: tuple[Action, ...] = tuple(
    frozen({"do": "choose", "card": n, "from": "trade_row"}) for n in NAMES
)
ATTACK_PLAYER: tuple[Action, ...] = tuple(frozen({"do": "attack", "player": q}) for q in range(6))
# Hydra: a buy names the member who takes the card; a member hands play to a teammate.
BUY_FOR: tuple[tuple[Action, ...], ...] = tuple(
    tuple(frozen({"do": "buy", "card": n, "member": m}) for n in NAMES) for m in range(6)
)
PASS: tuple[Action, ...] = tuple(frozen({"do": "pass", "player": q}) for q in range(6))
# Hydra: where each member stands in the team's turn (``StarRealmsState.stages``).
WAITING, PLAYING, DONE = 0, 1, 2
ATTACK_BASE: tuple[tuple[Action, ...], ...] = tuple(
    tuple(frozen({"do": "attack", "player": q, "base": n}) for n in NAMES) for q in range(6)
)
END: Action = frozen({"do": "end"})
SKIP: Action = frozen({"do": "skip"})
# id() of each pre-built play/buy action -> its card, so apply() can skip parsing for them.
# Safe: the pre-built dicts live as long as the module, so no other object shares their ids.
_PLAY_BY_ID: dict[int, int] = {id(a): c for c, a in enumerate(PLAY)}
_BUY_BY_ID: dict[int, int] = {id(a): c for c, a in enumerate(BUY)}
# id() of every pre-built action: well-formed by construction, so apply() skips checking
# their shape (it still checks that they are legal).
_PREBUILT: frozenset[int] = (
    frozenset(
        id(a)
        for group in (
            PLAY,
            BUY,
            SCRAP_ACTION,
            CHOOSE_HAND,
            CHOOSE_DISCARD,
            CHOOSE_ROW,
            ATTACK_PLAYER,
        )
        for a in group
    )
    | frozenset(id(a) for group in ATTACK_BASE for a in group)
    | frozenset(id(a) for group in BUY_FOR for a in group)
    | {id(END), id(SKIP)}
)
# Cards whose primary effects only add to pools: played without the resolution queue.
_SIMPLE = tuple(all(code in (TRADE, COMBAT, AUTHORITY) for code, _ in fx) for fx in PRIMARY)
_GAIN = tuple(
    tuple(sum(n for code, n in fx if code == kind) for kind in (TRADE, COMBAT, AUTHORITY))
    for fx in PRIMARY
)


@lru_cache(maxsize=1 << 15)
def _plays(hand: tuple[int, ...]) -> tuple[Action, ...]:
    """The play actions for a hand, each card once, in hand order. Memoized: in random play
    most hands recur (the starting cards), and this is most of the cost of listing moves."""
    return tuple([PLAY[c] for c in dict.fromkeys(hand)])


# Trade beyond the dearest card buys nothing more: legal buys are cached per amount up to it.
_BUY_LEVELS = max(COST) + 1

# Which fields each kind of action carries (anything else is rejected).
_FIELDS: dict[str, tuple[frozenset[str], ...]] = {
    "play": (frozenset({"do", "card"}),),
    "buy": (frozenset({"do", "card"}), frozenset({"do", "card", "member"})),
    "scrap": (frozenset({"do", "card"}),),
    "attack": (
        frozenset({"do", "player"}),
        frozenset({"do", "player", "base"}),
        frozenset({"do", "player", "amount"}),
        frozenset({"do", "player", "base", "amount"}),
    ),
    "choose": (frozenset({"do", "card", "from"}), frozenset({"do", "player"})),
    "transfer": (frozenset({"do", "card", "player"}),),
    "pass": (frozenset({"do", "player"}),),
    "skip": (frozenset({"do"}),),
    "end": (frozenset({"do"}),),
    "concede": (frozenset({"do"}), frozenset({"do", "player"})),
}

# A choice that is not a card effect: an eliminated player hands one card to a teammate.
BEQUEATH = 9
_CHOICE_NAMES = {
    BEQUEATH: "bequeath",
    SCRAP_CARD: "scrap-card",
    CLEAR_ROW: "clear-row",
    FORCED_DISCARD: "discard",
    OPP_DISCARD: "opp-discard",
}
# Where the card named by each kind of card choice comes from.
_CHOICE_SOURCES = {
    FORCED_DISCARD: ("hand",),
    SCRAP_CARD: ("hand", "discard"),
    CLEAR_ROW: ("trade_row",),
}


class Player:
    """One seat's cards and pools. ``deck`` is stored top card *last* so drawing is ``pop()``."""

    __slots__ = (
        "authority",
        "combat",
        "deck",
        "discard",
        "eliminated",
        "factions",
        "field",
        "fired",
        "hand",
        "known",
        "n_old",
        "pending_discards",
        "played",
        "scrappable",
        "team",
        "trade",
    )

    authority: int
    hand: list[int]
    deck: list[int]
    discard: list[int]
    # Everything in play, in the order it came into play: bases from earlier turns first
    # (the first ``n_old`` entries), then this turn's ships and bases interleaved.
    field: list[int]
    fired: list[bool]  # parallel to ``field``: has this card's ally fired this turn?
    n_old: int
    played: list[int]  # every card played this turn, in order, even if since scrapped
    # factions[f]: cards of faction f played this turn + bases of f in play from earlier turns.
    # A card's ally holds when its faction's count is at least 2 (itself and another).
    factions: list[int]
    # Cards everyone knows to be in this hand (when the deck ran out during a draw, the whole
    # hand so far was public knowledge). Used by views and by sampling for search.
    known: list[int]
    # The cards in ``field`` with a scrap ability, each once, in field order: kept up to date
    # by every change to ``field`` so that listing the scrap actions costs nothing.
    scrappable: list[int]
    pending_discards: int
    trade: int
    combat: int
    eliminated: bool
    team: int

    def __init__(self, team: int = 0) -> None:  # a default: pickle (and a compiled build) need one
        self.authority = START_AUTHORITY
        self.hand = []
        self.deck = []
        self.discard = []
        self.field = []
        self.fired = []
        self.n_old = 0
        self.played = []
        self.factions = [0, 0, 0, 0, 0]
        self.known = []
        self.scrappable = []
        self.pending_discards = 0
        self.trade = 0
        self.combat = 0
        self.eliminated = False
        self.team = team

    def copy(self) -> Player:
        p = Player(self.team)
        p.authority = self.authority
        p.hand = self.hand[:]
        p.deck = self.deck[:]
        p.discard = self.discard[:]
        p.field = self.field[:]
        p.fired = self.fired[:]
        p.n_old = self.n_old
        p.played = self.played[:]
        p.factions = self.factions[:]
        p.known = self.known[:]
        p.scrappable = self.scrappable[:]
        p.pending_discards = self.pending_discards
        p.trade = self.trade
        p.combat = self.combat
        p.eliminated = self.eliminated
        return p

    def field_changed(self) -> None:
        """Recount ``scrappable`` after cards left ``field`` (or it was replaced)."""
        self.scrappable = [c for c in dict.fromkeys(self.field) if HAS_SCRAP[c]]

    def bases(self) -> list[int]:
        return [c for c in self.field if IS_BASE[c]]

    def ships(self) -> list[int]:
        return [c for c in self.field if not IS_BASE[c]]

    def remove_from_hand(self, card: int) -> None:
        self.hand.remove(card)
        # Observers cannot tell which copy left, so a known copy is no longer certain.
        if card in self.known:
            self.known.remove(card)


class StarRealmsState(GameState):
    """A Star Realms position. Make one with ``rumizi.game("star-realms").new(...)``."""

    game_id: ClassVar[str] = GAME_ID

    __slots__ = (
        "_amounts",
        "_base_targets",
        "_buys",
        "_opponents",
        "_over",
        "_winner",
        "bequests",
        "current",
        "damage",
        "events",
        "format",
        "idle",
        "pending",
        "players",
        "queue",
        "row",
        "scrap_heap",
        "seed",
        "stages",
        "trade_deck",
        "turn",
    )

    players: list[Player]
    current: int
    turn: int
    row: list[int | None]
    trade_deck: list[int]  # top card last
    scrap_heap: list[int]
    seed: int
    # Resolution stack: the next item to resolve is the *last* one.
    queue: list[tuple[int, int, int]]
    # The open choice: (choice code, source card or -1), or None.
    pending: tuple[int, int] | None
    format: str
    events: list[dict[str, Any]] | None
    _over: bool
    _winner: int | None
    _opponents: tuple[tuple[int, ...], ...]  # per player: whom they may attack (cached)
    _base_targets: tuple[tuple[int, ...], ...]  # per player: whose bases they may attack
    _amounts: tuple[bool, ...]  # per player: whether their attacks on a player name an amount
    # (giver, recipient) pairs still to answer: an eliminated player may hand a card on.
    bequests: list[tuple[int, int]]
    # Raid: damage on each of the boss's bases (in order), kept until the boss's turn.
    damage: list[int]
    # Hydra: per seat WAITING (main phase not begun this team turn: the seats of the team
    # not playing, too), PLAYING or DONE; empty in the other formats. Replaced, never changed
    # in place, so clones share it.
    stages: tuple[int, ...]
    # Hydra: the member acting was just handed play and has done nothing since (they may not
    # hand it straight back, so that a team turn always ends).
    idle: bool
    # The buy actions for each amount of trade (capped at the dearest card), filled in as
    # asked for while the row stays the same. A change to the row puts a new list here,
    # so clones may share it.
    _buys: list[tuple[Action, ...] | None]

    # ------------------------------------------------------------------ contract

    @classmethod
    def game(cls) -> Game:
        # Through the registry: the game (game.py) imports this module, not the other way.
        return registry.game(GAME_ID)

    @property
    def to_act(self) -> int | None:
        if self._over:
            return None
        pending = self.pending
        if pending is not None and pending[0] == BEQUEATH:
            return self.bequests[0][0]
        return self.current

    def is_winner(self, player: int) -> bool:
        if self._winner is None:
            return False
        if self.format in TEAM_FORMATS:
            return self.players[player].team == self._winner
        return player == self._winner

    @property
    def over(self) -> bool:
        return self._over

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def num_players(self) -> int:
        return len(self.players)

    def undoable(self, action: Action, after: GameState) -> bool:
        """Undo, Board Game Arena's way: a step that drew no card, shuffled nothing and filled
        no trade row slot from the trade deck (plays, buys, attacks, scraps from play or from
        the hand and discard pile, choices that draw nothing) may be taken back."""
        if not isinstance(after, StarRealmsState):
            return False
        return (
            after.seed == self.seed
            and len(after.trade_deck) == len(self.trade_deck)
            and all(
                len(a.deck) == len(b.deck) for a, b in zip(self.players, after.players, strict=True)
            )
        )

    def clone(self) -> StarRealmsState:
        s = StarRealmsState.__new__(StarRealmsState)
        s.players = [p.copy() for p in self.players]
        s.current = self.current
        s.turn = self.turn
        s.row = self.row[:]
        s.trade_deck = self.trade_deck[:]
        s.scrap_heap = self.scrap_heap[:]
        s.seed = self.seed
        s.queue = self.queue[:]
        s.pending = self.pending
        s.format = self.format
        s.events = None
        s._over = self._over
        s._winner = self._winner
        s._opponents = self._opponents
        s._base_targets = self._base_targets
        s._amounts = self._amounts
        s._buys = self._buys
        s.bequests = self.bequests[:]
        s.damage = self.damage[:]
        s.stages = self.stages
        s.idle = self.idle
        return s

    def __repr__(self) -> str:
        me = self.players[self.current]
        status = "over" if self._over else f"player {self.current} to act"
        return (
            f"<StarRealmsState {self.format} turn {self.turn}, {status}; "
            f"authority {[p.authority for p in self.players]}, "
            f"trade {me.trade}, combat {me.combat}>"
        )

    # ------------------------------------------------------------------ targets

    def opponents(self, player: int) -> tuple[int, ...]:
        """Players that ``player`` may attack or make discard.

        Alive players of another team; in Hunter only the next player clockwise (the player
        on one's left).
        """
        return self._opponents[player]

    def base_targets(self, player: int) -> tuple[int, ...]:
        """Players whose bases ``player`` may attack (in Hunter: both neighbours)."""
        return self._base_targets[player]

    def names_amount(self, player: int) -> bool:
        """Whether an attack of ``player`` on a player carries an ``"amount"`` (spec §4).

        It does whenever the attacker has more than one opponent still in the game — also in
        Hunter and for an Emperor admiral, who may hit only one of them at a time: when that
        one falls, the combat left goes on against the next target (the next player
        clockwise; the enemy emperor). With a single opponent left (or in the duel) a fall
        ends the game, so the whole pool is dealt; in Hydra too (one shared authority).
        """
        return self._amounts[player]

    def _share_authority(self, player: int) -> None:
        """Hydra: a team has one authority total, mirrored on every member."""
        total = self.players[player].authority
        for mate in self._teammates(player):
            self.players[mate].authority = total

    def _team_pool(self, player: int, pool: str) -> int:
        """Trade or combat the player may spend: in Hydra, the whole team's pool."""
        members = self._team_order(player) if self.format == "hydra" else [player]
        return sum(int(getattr(self.players[m], pool)) for m in members)

    def _spend(self, player: int, pool: str, amount: int) -> None:
        """Spend from the team's pool (Hydra): the player's own first, then the teammates' in
        seat order. Each member's pool is bookkeeping only: the team spends them as one."""
        members = (player, *self._teammates(player)) if self.format == "hydra" else (player,)
        for who in members:
            q = self.players[who]
            take = min(amount, getattr(q, pool))
            setattr(q, pool, getattr(q, pool) - take)
            amount -= take
            if not amount:
                return

    def _guards(self, target: int) -> list[int]:
        """The outposts that protect ``target``: their own, or (Hydra) their whole team's."""
        players = self.players
        if self.format == "hydra":
            team = players[target].team
            return [c for q in players if q.team == team for c in q.field if IS_OUTPOST[c]]
        return [c for c in players[target].field if IS_OUTPOST[c]]

    def _teammates(self, player: int) -> list[int]:
        team = self.players[player].team
        return [i for i, q in enumerate(self.players) if q.team == team and i != player]

    def _partial_damage(self, target: int) -> bool:
        """Raid: raiders may wear down the boss's bases a little at a time."""
        return self.format == "raid" and target == RAID_BOSS_SEAT != self.current

    def _damaged_copy(self, target: int, card: int) -> int:
        """Index (among the boss's bases) of the copy of ``card`` an attack hits: the most
        damaged one, the earliest played among equals."""
        bases = self.players[target].bases()
        copies = [k for k, c in enumerate(bases) if c == card]
        return max(copies, key=lambda k: (self.damage[k], -k))

    def _neighbour(self, player: int, step: int) -> int | None:
        """The nearest player still in the game going ``step`` (+1 clockwise) from a seat."""
        n = len(self.players)
        seat = (player + step) % n
        while seat != player:
            if not self.players[seat].eliminated:
                return seat
            seat = (seat + step) % n
        return None

    def _team_targets(self, me: int) -> tuple[int, ...]:
        """Raid and Emperor targets: whom ``me`` may attack and make discard."""
        players = self.players
        enemies = tuple(
            i for i, q in enumerate(players) if not q.eliminated and q.team != players[me].team
        )
        if self.format == "emperor" and me in EMPEROR_OPPOSITE:
            # An admiral fights the admiral opposite; once that one is out, their emperor.
            opposite = EMPEROR_OPPOSITE[me]
            if not players[opposite].eliminated:
                return (opposite,)
            return tuple(i for i in enemies if i in EMPERORS)
        return enemies

    def _refresh_opponents(self) -> None:
        players = self.players
        fmt = self.format
        self._amounts = tuple(
            fmt != "hydra" and sum(1 for q in players if not q.eliminated and q.team != me.team) > 1
            for me in players
        )
        if fmt == "raid" or fmt == "emperor":
            self._opponents = self._base_targets = tuple(
                self._team_targets(i) for i in range(len(players))
            )
            return
        if fmt == "hunter":
            targets: list[tuple[int, ...]] = []
            bases: list[tuple[int, ...]] = []
            for i in range(len(players)):
                left, right = self._neighbour(i, 1), self._neighbour(i, -1)
                targets.append(() if left is None else (left,))
                bases.append(tuple(sorted({q for q in (left, right) if q is not None})))
            self._opponents = tuple(targets)
            self._base_targets = tuple(bases)
            return
        self._opponents = self._base_targets = tuple(
            tuple(i for i, q in enumerate(players) if not q.eliminated and q.team != me.team)
            for me in players
        )

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        if self._over:
            return []
        p = self.players[self.current]
        pending = self.pending
        if pending is not None:
            return self._choice_actions(p, pending[0])
        hand = p.hand
        acts = list(_plays(tuple(hand))) if hand else []
        hydra = self.format == "hydra"
        trade = self._team_pool(self.current, "trade") if hydra else p.trade
        if trade:
            level = trade if trade < _BUY_LEVELS else _BUY_LEVELS - 1
            buys = self._buys[level]
            if buys is None:
                buys = self._buys[level] = self._buy_actions(level)
            if hydra:
                # Each card once per member who may take it, the member acting first.
                members = (self.current, *self._teammates(self.current))
                acts += [BUY_FOR[m][BY_ID[a["card"]]] for a in buys for m in members]
            else:
                acts += buys
        if p.scrappable:
            acts += map(SCRAP_ACTION.__getitem__, p.scrappable)
        if trade and self.format == "emperor" and p.discard:
            mates = [i for i in self._teammates(self.current) if not self.players[i].eliminated]
            acts += [
                {"do": "transfer", "card": NAMES[c], "player": t}
                for c in dict.fromkeys(p.discard)
                for t in mates
            ]
        combat = self._team_pool(self.current, "combat") if hydra else p.combat
        if combat:
            self._attack_actions(p, combat, acts)
        if hydra and not self.idle:
            acts += [PASS[m] for m in self._teammates(self.current) if self.stages[m] != DONE]
        acts.append(END)
        return acts

    def _buy_actions(self, trade: int) -> tuple[Action, ...]:
        """The row cards (each once, in row order) and the Explorer that ``trade`` pays for."""
        buys = [BUY[c] for c in dict.fromkeys(self.row) if c is not None and COST[c] <= trade]
        if trade >= COST[EXPLORER]:
            buys.append(BUY[EXPLORER])
        return tuple(buys)

    def _attack_actions(self, p: Player, combat: int, acts: list[Action]) -> None:
        targets = self._opponents[self.current]
        several = self._amounts[self.current]
        hydra = self.format == "hydra"
        own = combat if hydra else p.combat  # Hydra: one team pool hits bases and players
        players = self.players
        for q in self._base_targets[self.current]:
            field = players[q].field
            if hydra:
                outposts = self._guards(q)
            else:
                outposts = [c for c in field if IS_OUTPOST[c]] if field else []
            if field and self._partial_damage(q):
                for c in dict.fromkeys(outposts or field):
                    if IS_BASE[c]:
                        left = DEFENSE[c] - self.damage[self._damaged_copy(q, c)]
                        acts.extend(
                            {"do": "attack", "player": q, "base": NAMES[c], "amount": a}
                            for a in range(1, min(combat, left) + 1)
                        )
            elif field:
                on_q = ATTACK_BASE[q]
                acts += [
                    on_q[c]
                    for c in dict.fromkeys(outposts or field)
                    if IS_BASE[c] and DEFENSE[c] <= combat and (not hydra or c in field)
                ]
            if not outposts and q in targets and own:
                if several:
                    acts.extend(
                        {"do": "attack", "player": q, "amount": a} for a in range(1, own + 1)
                    )
                else:
                    acts.append(ATTACK_PLAYER[q])

    def _choice_actions(self, p: Player, kind: int) -> list[Action]:
        if kind == BEQUEATH:
            giver = self.players[self.bequests[0][0]]
            acts = []
            for source, pile in (
                ("hand", giver.hand),
                ("deck", giver.deck),
                ("discard", giver.discard),
                ("bases", giver.bases()),
            ):
                acts += [
                    {"do": "choose", "card": NAMES[c], "from": source}
                    for c in dict.fromkeys(sorted(pile) if source == "deck" else pile)
                ]
            acts.append(SKIP)
            return acts
        if kind == FORCED_DISCARD:
            return [CHOOSE_HAND[c] for c in dict.fromkeys(p.hand)]
        if kind == SCRAP_CARD:
            acts = [CHOOSE_HAND[c] for c in dict.fromkeys(p.hand)]
            acts.extend(CHOOSE_DISCARD[c] for c in dict.fromkeys(p.discard))
        elif kind == CLEAR_ROW:
            acts = [CHOOSE_ROW[c] for c in dict.fromkeys(self.row) if c is not None]
        else:  # OPP_DISCARD target
            return [{"do": "choose", "player": q} for q in self.opponents(self.current)]
        acts.append(SKIP)
        return acts

    # ------------------------------------------------------------------ apply

    def apply(self, action: Any) -> None:  # Any: see "Bad input" in the module docstring
        if self._over:
            raise IllegalAction("the game is over")
        if self.pending is None:
            # Fast paths for the pre-built actions that legal_actions() hands out.
            c = _PLAY_BY_ID.get(id(action), -1)
            if c >= 0:
                p = self.players[self.current]
                if c in p.hand:
                    self._play(p, c)
                    return
            elif action is END:
                self._end_turn(self.players[self.current])
                return
            else:
                c = _BUY_BY_ID.get(id(action), -1)
                if c >= 0:
                    self._buy(self.players[self.current], c)  # validates before it changes
                    return
        if id(action) in _PREBUILT:
            do = action["do"]
        else:
            if not isinstance(action, dict) or "do" not in action:
                raise MalformedAction(
                    f"malformed action {action!r}: expected an object such as "
                    '{"do": "play", "card": "gnat"}'
                )
            do = action["do"]
            shapes = _FIELDS.get(do) if isinstance(do, str) else None
            if shapes is None or (do == "pass" and self.format != "hydra"):
                kinds = [k for k in _FIELDS if k != "pass" or self.format == "hydra"]
                raise MalformedAction(f"unknown action {do!r}; expected one of: {', '.join(kinds)}")
            if action.keys() not in shapes:
                raise MalformedAction(
                    f"malformed {do!r} action {action!r}: unexpected or missing fields"
                )
        if do == "concede":
            self._concede(action)
            return
        p = self.players[self.current]
        pending = self.pending
        if pending is not None and do != "choose" and do != "skip":
            raise IllegalAction(
                f"a choice is open ({_CHOICE_NAMES[pending[0]]}): answer it with 'choose'"
                + (" or 'skip'" if pending[0] in (SCRAP_CARD, CLEAR_ROW) else "")
            )
        if do == "play":
            name = action["card"]
            c = BY_ID.get(name, -1) if name.__class__ is str else -1
            if c not in p.hand:
                c = _card(name)  # an unknown card is named as such
                raise IllegalAction(f"cannot play {NAMES[c]!r}: it is not in your hand")
            self._play(p, c)
        elif do == "buy":
            c = _card(action["card"])
            self._buy(p, c, self._member(action))
        elif do == "scrap":
            c = _card(action["card"])
            if c not in p.field:
                raise IllegalAction(f"cannot scrap {NAMES[c]!r}: you have none in play")
            if not HAS_SCRAP[c]:
                raise IllegalAction(f"cannot scrap {NAMES[c]!r}: it has no scrap ability")
            self._scrap(p, c)
        elif do == "attack":
            self._attack(p, action)
        elif do == "choose":
            if pending is None:
                raise IllegalAction("there is no open choice to answer")
            self._choose(p, pending, action)
            self.idle = False
        elif do == "skip":
            if pending is None:
                raise IllegalAction("there is no open choice to skip")
            if pending[0] not in (SCRAP_CARD, CLEAR_ROW, BEQUEATH):
                raise IllegalAction(f"the {_CHOICE_NAMES[pending[0]]} choice cannot be skipped")
            self.idle = False
            if self.events is not None:
                self.events.append({"event": "skip", "player": self.to_act})
            if pending[0] == BEQUEATH:
                self.bequests.pop(0)
                self._next_bequest()
                return
            self.pending = None
            self._resolve()
        elif do == "transfer":
            self._transfer(p, action)
        elif do == "pass":
            self._pass(action)
        else:  # end
            self._end_turn(p)

    # ------------------------------------------------------------------ actions

    def _play(self, p: Player, c: int) -> None:
        self.idle = False
        p.hand.remove(c)
        if p.known and c in p.known:
            p.known.remove(c)
        p.field.append(c)
        p.fired.append(False)
        p.played.append(c)
        if HAS_SCRAP[c] and c not in p.scrappable:
            p.scrappable.append(c)
        f = FACTION[c]
        factions = p.factions
        factions[f] += 1
        # Only this card's faction changed, and every ally that held before has fired, so
        # allies need checking only when this card gives its faction a second member.
        allies = f != 0 and factions[f] >= 2
        if self.events is None and _SIMPLE[c]:
            trade, combat, authority = _GAIN[c]
            p.trade += trade
            p.combat += combat
            p.authority += authority
            if authority and self.format == "hydra":
                self._share_authority(self.current)
            if allies:
                self.queue.append((ALLIES, 0, -1))
                self._resolve()
            return
        if self.events is not None:
            self.events.append({"event": "play", "player": self.current, "card": NAMES[c]})
        queue = self.queue
        if allies:
            queue.append((ALLIES, 0, -1))
        for code, n in reversed(PRIMARY[c]):
            queue.append((code, n, c))
        self._resolve()

    def _member(self, action: Action) -> int:
        """The member a buy names to take the card: needed in Hydra, refused elsewhere."""
        if self.format != "hydra":
            if "member" in action:
                raise IllegalAction(
                    "buy: only in hydra does a purchase name a 'member' to take the card"
                )
            return self.current
        if "member" not in action:
            raise IllegalAction(
                "buy: in hydra say which member of the team takes the card ('member': a seat)"
            )
        member = action["member"]
        if (
            type(member) is not int
            or not 0 <= member < len(self.players)
            or self.players[member].team != self.players[self.current].team
        ):
            raise IllegalAction(f"buy: 'member' must be a seat of your team, not {member!r}")
        return member

    def _buy(self, p: Player, c: int, member: int = -1) -> None:
        if member < 0:  # a pre-built buy, which names no member: not in Hydra
            if self.format == "hydra":
                self._member({})  # refused, saying why
            member = self.current
        cost = COST[c]
        if c == EXPLORER:
            slot = -1
        else:
            try:
                slot = self.row.index(c)
            except ValueError:
                raise IllegalAction(
                    f"cannot buy {NAMES[c]!r}: it is not in the trade row"
                ) from None
        if p.trade < cost:
            trade = self._team_pool(self.current, "trade")
            if trade < cost:
                raise IllegalAction(
                    f"cannot buy {NAMES[c]!r}: it costs {cost}, your trade is {trade}"
                )
            self._spend(self.current, "trade", cost)
        else:
            p.trade -= cost
        self.idle = False
        self.players[member].discard.append(c)
        if self.events is not None:
            event = {"event": "buy", "player": self.current, "card": NAMES[c]}
            if self.format == "hydra":
                event["member"] = member
            self.events.append(event)
        if slot >= 0:
            self._refill(slot)

    def _refill(self, slot: int) -> None:
        new = self.trade_deck.pop() if self.trade_deck else None
        self.row[slot] = new
        self._buys = [None] * _BUY_LEVELS
        if self.events is not None:
            self.events.append(
                {"event": "refill", "slot": slot, "card": None if new is None else NAMES[new]}
            )

    def _scrap(self, p: Player, c: int) -> None:
        self.idle = False
        i = p.field.index(c)
        del p.field[i]
        del p.fired[i]
        if i < p.n_old:
            # A base from an earlier turn no longer counts for allies once it is gone.
            p.n_old -= 1
            p.factions[FACTION[c]] -= 1
        p.field_changed()
        if c != EXPLORER:
            self.scrap_heap.append(c)
        if self.events is not None:
            self.events.append({"event": "scrap", "player": self.current, "card": NAMES[c]})
        queue = self.queue
        for code, n in reversed(SCRAP[c]):
            queue.append((code, n, c))
        self._resolve()

    def _attack(self, p: Player, action: Action) -> None:
        target = action["player"]
        if type(target) is not int:
            raise MalformedAction(f"attack: 'player' is a seat number, not {target!r}")
        if not 0 <= target < len(self.players):
            raise IllegalAction(f"attack: no player {target!r}")
        if target not in self._base_targets[self.current]:
            raise IllegalAction(f"attack: player {target} is not an opponent you may attack")
        q = self.players[target]
        outposts = self._guards(target)
        if "base" not in action and target not in self._opponents[self.current]:
            raise IllegalAction(
                f"attack: in {self.format} you may attack only the bases of player {target}"
            )
        if "base" in action:
            c = _card(action["base"])
            if not IS_BASE[c] or c not in q.field:
                raise IllegalAction(f"attack: player {target} has no base {NAMES[c]!r} in play")
            if outposts and not IS_OUTPOST[c]:
                raise IllegalAction(
                    f"attack: {NAMES[c]!r} is protected by an outpost; attack the outposts first"
                )
            if self._partial_damage(target):
                self._wear_down(p, target, c, action)
                return
            if "amount" in action:
                raise IllegalAction("attack: a base takes exactly its defense; give no 'amount'")
            combat = self._team_pool(self.current, "combat")
            if combat < DEFENSE[c]:
                raise IllegalAction(
                    f"attack: {NAMES[c]!r} has defense {DEFENSE[c]}, your combat is {combat}"
                )
            self._spend(self.current, "combat", DEFENSE[c])
            self.idle = False
            i = q.field.index(c)
            del q.field[i]
            del q.fired[i]
            if i < q.n_old:
                q.n_old -= 1
                q.factions[FACTION[c]] -= 1
            q.field_changed()
            q.discard.append(c)
            if self.events is not None:
                self.events.append(
                    {"event": "destroy", "player": self.current, "target": target, "card": NAMES[c]}
                )
            return
        if outposts:
            raise IllegalAction(f"attack: player {target} is protected by an outpost")
        if self._amounts[self.current]:
            if "amount" not in action:
                raise IllegalAction("attack: say how much combat to deal ('amount')")
            amount = action["amount"]
            if type(amount) is not int:
                raise MalformedAction(f"attack: 'amount' is a whole number, not {amount!r}")
            if not 1 <= amount <= p.combat:
                raise IllegalAction(f"attack: amount must be 1 to {p.combat}, not {amount!r}")
        else:
            if "amount" in action:
                raise IllegalAction(
                    "attack: with one opponent left (or in hydra) the whole combat pool is "
                    "dealt; give no 'amount'"
                )
            amount = self._team_pool(self.current, "combat") if self.format == "hydra" else p.combat
            if amount <= 0:
                raise IllegalAction("attack: you have no combat")
        if self.format == "hydra":
            # The team's whole pool: every member's share of it.
            self.idle = False
            for m in self._team_order(self.current):
                self.players[m].combat = 0
        else:
            p.combat -= amount
        q.authority -= amount
        if self.format == "hydra":
            self._share_authority(target)
        if self.events is not None:
            self.events.append(
                {
                    "event": "attack",
                    "player": self.current,
                    "target": target,
                    "amount": amount,
                    "authority": q.authority,
                }
            )
        if q.authority <= 0:
            self._eliminate(target)
            if not self._over and self.bequests:
                self._next_bequest()

    def _wear_down(self, p: Player, target: int, c: int, action: Action) -> None:
        """Raid: deal some combat to one of the boss's bases; it falls at its defense."""
        k = self._damaged_copy(target, c)
        left = DEFENSE[c] - self.damage[k]
        amount = action.get("amount")
        if type(amount) is not int or not 1 <= amount <= min(p.combat, left):
            raise IllegalAction(
                f"attack: amount for {NAMES[c]!r} must be 1 to {min(p.combat, left)} "
                f"(combat {p.combat}, {left} defense left), not {amount!r}"
            )
        p.combat -= amount
        self.damage[k] += amount
        if self.events is not None:
            self.events.append(
                {
                    "event": "damage",
                    "player": self.current,
                    "target": target,
                    "card": NAMES[c],
                    "amount": amount,
                    "left": left - amount,
                }
            )
        if amount < left:
            return
        q = self.players[target]
        # The field index of the k-th base.
        i = [j for j, d in enumerate(q.field) if IS_BASE[d]][k]
        del q.field[i]
        del q.fired[i]
        if i < q.n_old:
            q.n_old -= 1
            q.factions[FACTION[c]] -= 1
        q.field_changed()
        del self.damage[k]
        q.discard.append(c)
        if self.events is not None:
            self.events.append(
                {"event": "destroy", "player": self.current, "target": target, "card": NAMES[c]}
            )

    def _choose(self, p: Player, pending: tuple[int, int], action: Action) -> None:
        kind = pending[0]
        if kind == BEQUEATH:
            self._bequeath(action)
            return
        if kind == OPP_DISCARD:
            target = action.get("player")
            if "player" not in action or target not in self.opponents(self.current):
                raise IllegalAction(f"choose: pick an opponent to discard, not {target!r}")
            self.pending = None
            self._opp_discard(target, 1, pending[1])
            self._resolve()
            return
        if "card" not in action:
            raise IllegalAction("choose: name a card and where it is ('card', 'from')")
        c = _card(action["card"])
        source = action["from"]
        allowed = _CHOICE_SOURCES[kind]
        if source not in allowed:
            raise IllegalAction(
                f"choose: the {_CHOICE_NAMES[kind]} choice takes a card from "
                + " or ".join(repr(a) for a in allowed)
            )
        pile: list[int] | list[int | None]
        pile = p.hand if source == "hand" else p.discard if source == "discard" else self.row
        if c not in pile:
            raise IllegalAction(f"choose: no {NAMES[c]!r} in your {source.replace('_', ' ')}")
        self.pending = None
        ev = self.events
        if kind == FORCED_DISCARD:
            p.remove_from_hand(c)
            p.discard.append(c)
            if ev is not None:
                ev.append({"event": "discard", "player": self.current, "card": NAMES[c]})
        elif kind == SCRAP_CARD:
            if source == "hand":
                p.remove_from_hand(c)
            else:
                p.discard.remove(c)
            if c != EXPLORER:
                self.scrap_heap.append(c)
            if ev is not None:
                ev.append(
                    {
                        "event": "scrap-card",
                        "player": self.current,
                        "card": NAMES[c],
                        "from": source,
                    }
                )
        else:
            slot = self.row.index(c)
            self.scrap_heap.append(c)
            if ev is not None:
                ev.append({"event": "clear-row", "player": self.current, "card": NAMES[c]})
            self._refill(slot)
        self._resolve()

    def _transfer(self, p: Player, action: Action) -> None:
        """Emperor: pay 1 trade to move a card from your discard pile to a teammate's."""
        if self.format != "emperor":
            raise IllegalAction("transfer: cards move between discard piles only in emperor")
        c = _card(action["card"])
        mate = action["player"]
        if mate not in self._teammates(self.current) or self.players[mate].eliminated:
            raise IllegalAction(f"transfer: player {mate!r} is not a teammate still in the game")
        if c not in p.discard:
            raise IllegalAction(f"transfer: no {NAMES[c]!r} in your discard pile")
        if p.trade < 1:
            raise IllegalAction("transfer: it costs 1 trade, you have none")
        p.trade -= 1
        p.discard.remove(c)
        self.players[mate].discard.append(c)
        if self.events is not None:
            self.events.append(
                {"event": "transfer", "player": self.current, "to": mate, "card": NAMES[c]}
            )

    def _next_bequest(self) -> None:
        """Open the next bequest an eliminated player may make, or carry on."""
        while self.bequests:
            giver, recipient = self.bequests[0]
            g = self.players[giver]
            has_cards = g.hand or g.deck or g.discard or any(IS_BASE[c] for c in g.field)
            if has_cards and not self.players[recipient].eliminated:
                self.pending = (BEQUEATH, -1)
                return
            self.bequests.pop(0)
        self.pending = None
        self._resolve()

    def _bequeath(self, action: Action) -> None:
        giver, recipient = self.bequests[0]
        g = self.players[giver]
        if "card" not in action:
            raise IllegalAction("choose: name one of your cards and where it is ('card', 'from')")
        c = _card(action["card"])
        source = action["from"]
        if source not in ("hand", "deck", "discard", "bases"):
            raise IllegalAction(
                "choose: a bequeathed card comes from 'hand', 'deck', 'discard' or 'bases'"
            )
        if source == "bases":
            if c not in g.field or not IS_BASE[c]:
                raise IllegalAction(f"choose: no {NAMES[c]!r} among your bases")
            i = g.field.index(c)
            del g.field[i]
            del g.fired[i]
            if i < g.n_old:
                g.n_old -= 1
            g.field_changed()
        else:
            pile = g.hand if source == "hand" else g.deck if source == "deck" else g.discard
            if c not in pile:
                raise IllegalAction(f"choose: no {NAMES[c]!r} in your {source}")
            if source == "hand":
                g.remove_from_hand(c)
            else:
                pile.remove(c)
        self.players[recipient].discard.append(c)
        if self.events is not None:
            self.events.append(
                {"event": "bequeath", "player": giver, "to": recipient, "card": NAMES[c]}
            )
        self.bequests.pop(0)
        self._next_bequest()

    def _concede(self, action: Action) -> None:
        who = action.get("player", self.current)
        if type(who) is not int or not 0 <= who < len(self.players):
            raise IllegalAction(f"concede: no player {who!r}")
        if self.players[who].eliminated:
            raise IllegalAction(f"concede: player {who} is already out of the game")
        if self.events is not None:
            self.events.append({"event": "concede", "player": who})
        self._eliminate(who, bequeath=False)
        if not self._over and who == self.current:
            # The conceding player's turn ends at once, as if cleaned up without a draw: the
            # ships they played go to their discard pile (a document lists ships in play only
            # for the player whose turn it is, and every card must stay listed); hand, deck,
            # discard pile and bases stay where they are.
            self.pending = None
            self.queue.clear()
            p = self.players[who]
            p.trade = p.combat = 0
            self._discard_ships(p)
            p.played = []
            self._next_turn()

    def _eliminate(self, who: int, bequeath: bool = True) -> None:
        self.players[who].eliminated = True
        if self.format == "hydra":
            for mate in self._teammates(who):  # one authority, one fate
                self.players[mate].eliminated = True
        elif self.format == "emperor" and who in EMPERORS:
            # When an emperor falls, the whole team is beaten.
            for mate in self._teammates(who):
                self.players[mate].eliminated = True
        elif bequeath and self.format == "raid" and who != RAID_BOSS_SEAT:
            # A fallen raider may give one card to each other raider still in the game.
            self.bequests += [
                (who, r) for r in self._teammates(who) if not self.players[r].eliminated
            ]
        elif bequeath and self.format == "emperor":
            # A fallen admiral may give one card to their emperor.
            self.bequests += [(who, e) for e in self._teammates(who) if e in EMPERORS]
        self._refresh_opponents()
        if self.events is not None:
            self.events.append({"event": "eliminated", "player": who})
            if self.format == "hydra" or (self.format == "emperor" and who in EMPERORS):
                self.events.extend(
                    {"event": "eliminated", "player": mate} for mate in self._teammates(who)
                )
        if self._check_over() and self.events is not None:
            self.events.append({"event": "game-over", "winner": self._winner})

    def _check_over(self) -> bool:
        """End the game if at most one team is left; the winner is its player (or team)."""
        alive_teams = {q.team for q in self.players if not q.eliminated}
        if len(alive_teams) > 1:
            return False
        self._over = True
        self.pending = None
        self.queue.clear()
        self.bequests.clear()
        team = next(iter(alive_teams)) if alive_teams else None
        members = [i for i, q in enumerate(self.players) if q.team == team]
        self._winner = team if self.format in TEAM_FORMATS else members[0] if members else None
        return True

    # ------------------------------------------------------------------ resolution

    def _resolve(self) -> None:
        """Resolve queued effects until the queue is empty or a choice opens."""
        queue = self.queue
        p = self.players[self.current]
        ev = self.events
        while queue:
            code, n, src = queue.pop()
            if code == TRADE:
                p.trade += n
            elif code == COMBAT:
                p.combat += n
            elif code == AUTHORITY:
                p.authority += n
                if self.format == "hydra":
                    self._share_authority(self.current)
            elif code == ALLIES:
                factions = p.factions
                fired = p.fired
                for i, c in enumerate(p.field):
                    if not fired[i] and HAS_ALLY[c] and factions[FACTION[c]] >= 2:
                        fired[i] = True
                        queue.append((ALLIES, 0, -1))
                        for code2, n2 in reversed(ALLY[c]):
                            queue.append((code2, n2, c))
                        if ev is not None:
                            ev.append({"event": "ally", "player": self.current, "card": NAMES[c]})
                        break
                continue
            elif code == DRAW:
                self._draw(p, n, self.current)
                continue
            elif code == SCRAP_CARD:
                if p.hand or p.discard:
                    if n > 1:
                        queue.append((code, n - 1, src))
                    self.pending = (SCRAP_CARD, src)
                    return
                continue
            elif code == CLEAR_ROW:
                if any(c is not None for c in self.row):
                    if n > 1:
                        queue.append((code, n - 1, src))
                    self.pending = (CLEAR_ROW, src)
                    return
                continue
            elif code == FORCED_DISCARD:
                if n > 0 and p.hand:
                    if n > 1:
                        queue.append((code, n - 1, src))
                    self.pending = (FORCED_DISCARD, src)
                    return
                continue
            else:  # OPP_DISCARD
                targets = self.opponents(self.current)
                if len(targets) == 1:
                    self._opp_discard(targets[0], n, src)
                elif targets:
                    if n > 1:
                        queue.append((code, n - 1, src))
                    self.pending = (OPP_DISCARD, src)
                    return
                continue
            if ev is not None:
                ev.append(
                    {
                        "event": EFFECTS[code],
                        "player": self.current,
                        "amount": n,
                        "card": NAMES[src] if src >= 0 else None,
                    }
                )

    def _opp_discard(self, target: int, n: int, src: int) -> None:
        self.players[target].pending_discards += n
        if self.events is not None:
            self.events.append(
                {
                    "event": "opp-discard",
                    "player": self.current,
                    "target": target,
                    "amount": n,
                    "card": NAMES[src] if src >= 0 else None,
                }
            )

    def _draw(self, p: Player, n: int, who: int) -> None:
        hand = p.hand
        deck = p.deck
        if len(deck) >= n:
            hand += deck[: -n - 1 : -1]  # the top n cards, top first (the top is last)
            del deck[-n:]
            drawn = n
        else:
            # The whole deck, then the discard pile shuffled into a new deck, then the rest.
            hand += deck[::-1]
            drawn = len(deck)
            if p.discard:
                # The deck ran out: everyone knows what the hand holds at this moment.
                p.known = hand[:]
                deck = p.deck = p.discard
                p.discard = []
                self.seed = rng.shuffle(self.seed, deck)
                if self.events is not None:
                    self.events.append({"event": "shuffle", "player": who})
                more = min(n - drawn, len(deck))
                hand += deck[: -more - 1 : -1]
                del deck[-more:]
                drawn += more
            else:
                deck.clear()
        if self.events is not None:
            self.events.append({"event": "draw", "player": who, "count": drawn})

    def _end_turn(self, p: Player) -> None:
        if self.events is not None:
            self.events.append({"event": "end", "player": self.current})
        if self.format == "hydra":
            # The member's main phase is over; play goes to the next teammate still in theirs
            # (clockwise from here). When every member has ended, they all discard and draw.
            self._set_stage(self.current, DONE)
            team = self._team_order(self.current)
            k = team.index(self.current)
            for m in team[k + 1 :] + team[:k]:
                if self.stages[m] != DONE:
                    self._give_play(m, idle=False)
                    return
            for m in team:
                self._clean_up(self.players[m], m)
        else:
            self._clean_up(p, self.current)
        self._next_turn()

    def _set_stage(self, member: int, stage: int) -> None:
        stages = list(self.stages)
        stages[member] = stage
        self.stages = tuple(stages)

    def _give_play(self, member: int, idle: bool) -> None:
        """Hydra: ``member`` acts now; their main phase begins if it had not yet."""
        self.current = member
        self.idle = idle
        if self.stages[member] == WAITING:
            self._set_stage(member, PLAYING)
            self._start_turn()

    def _pass(self, action: Action) -> None:
        """Hydra: hand play to a teammate still in their main phase, without ending one's own
        (play may come back later: the team's cards go into play in any order)."""
        mate = action["player"]
        if (
            type(mate) is not int
            or mate not in self._teammates(self.current)
            or self.stages[mate] == DONE
        ):
            raise IllegalAction(
                f"pass: player {mate!r} is not a teammate still in their main phase"
            )
        if self.idle:
            raise IllegalAction(
                "pass: play was just handed to you; act (or end your main phase) before "
                "handing it on"
            )
        if self.events is not None:
            self.events.append({"event": "pass", "player": self.current, "to": mate})
        self._give_play(mate, idle=True)

    def _team_order(self, player: int) -> list[int]:
        """The members of a player's team, in seat order (the order they play in Hydra)."""
        team = self.players[player].team
        return [i for i, q in enumerate(self.players) if q.team == team]

    def _clean_up(self, p: Player, who: int) -> None:
        """End of turn for one player: ships and hand to the discard pile, pools lost, draw."""
        self._discard_ships(p)
        p.played = []
        discard = p.discard
        discard += p.hand
        p.hand = []
        p.known = []
        p.trade = 0
        p.combat = 0
        self._draw(p, HAND_SIZE if self.format != "raid" else self._hand_size(who), who)

    @staticmethod
    def _discard_ships(p: Player) -> None:
        """Move a player's ships in play to their discard pile; their bases stay, unfired."""
        field = p.field
        bases = [c for c in field if IS_BASE[c]]
        p.field = bases
        if bases:
            p.discard += [c for c in field if not IS_BASE[c]]
            p.field_changed()
        else:
            p.discard += field
            p.scrappable = []
        p.fired = [False] * len(bases)
        p.n_old = len(bases)

    def _hand_size(self, player: int) -> int:
        """Cards drawn at the end of a turn: 5, or the boss's hand size in Raid."""
        if self.format == "raid" and player == RAID_BOSS_SEAT:
            return RAID_BOSS[len(self.players) - 1][1]
        return HAND_SIZE

    def _next_turn(self) -> None:
        n = len(self.players)
        nxt = (self.current + 1) % n
        while self.players[nxt].eliminated:
            nxt = (nxt + 1) % n
        if self.format == "hydra":
            # The other team's turn begins with its first member in seat order.
            nxt = next(m for m in self._team_order(nxt) if not self.players[m].eliminated)
            self.stages = tuple(PLAYING if i == nxt else WAITING for i in range(n))
            self.idle = False
        if self.format == "raid" and RAID_BOSS_SEAT in (self.current, nxt):
            # Damage on the boss's bases lasts through the raiders' turns and no longer.
            self.damage = [0] * len(self.players[RAID_BOSS_SEAT].bases())
        self.current = nxt
        self.turn += 1
        self._start_turn()

    def _start_turn(self) -> None:
        """Forced discards, then base primaries in the order played, then allies."""
        p = self.players[self.current]
        if self.events is not None:
            self.events.append({"event": "turn", "player": self.current, "turn": self.turn})
        if not p.field and not p.pending_discards:
            p.factions = [0, 0, 0, 0, 0]
            p.fired = []
            p.n_old = 0
            p.played = []
            return
        factions = [0, 0, 0, 0, 0]
        for c in p.field:
            factions[FACTION[c]] += 1
        p.factions = factions
        p.fired = [False] * len(p.field)
        p.n_old = len(p.field)
        p.played = []
        queue = self.queue
        queue.append((ALLIES, 0, -1))
        for c in reversed(p.field):
            for code, n in reversed(PRIMARY[c]):
                queue.append((code, n, c))
        forced = min(p.pending_discards, len(p.hand))
        p.pending_discards = 0
        if forced:
            queue.append((FORCED_DISCARD, forced, -1))
        self._resolve()

    # ------------------------------------------------------------------ documents

    def export(self) -> Document:
        players = []
        for i, p in enumerate(self.players):
            doc: dict[str, Any] = {
                "authority": p.authority,
                "hand": [NAMES[c] for c in p.hand],
                "deck": [NAMES[c] for c in reversed(p.deck)],
                "discard": [NAMES[c] for c in p.discard],
                "bases": [NAMES[c] for c in p.field if IS_BASE[c]],
                "pending_discards": p.pending_discards,
            }
            if p.known:
                doc["known_hand"] = [NAMES[c] for c in p.known]
            self._extra_fields(i, p, doc)
            players.append(doc)
        extra: dict[str, Any] = {}
        if self.bequests:
            extra["bequests"] = [list(b) for b in self.bequests]
        return {
            **extra,
            "game": GAME_ID,
            "format": self.format,
            "turn": self.turn,
            "current": self.current,
            "players": players,
            "trade_row": [None if c is None else NAMES[c] for c in self.row],
            "trade_deck": [NAMES[c] for c in reversed(self.trade_deck)],
            "scrap_heap": [NAMES[c] for c in self.scrap_heap],
            "seed": self.seed,
        }

    def _extra_fields(self, i: int, p: Player, doc: dict[str, Any]) -> None:
        """Fields shared by export and view: elimination, boss damage, the turn's fields."""
        if p.eliminated:
            doc["eliminated"] = True
        if self.format == "raid" and i == RAID_BOSS_SEAT and any(self.damage):
            doc["damage"] = list(self.damage)
        if i == self.current:
            doc.update(self._turn_fields(p))
            if self.idle:
                doc["handed_play"] = True
        elif self._in_team_turn(i):
            turn = self._turn_fields(p)
            del turn["pending"], turn["queue"]
            doc.update(turn)
        if self.stages:
            stage = self.stages[i]
            if stage != hydra_stage(self.players[self.current].team, self.current, p.team, i):
                doc["main_phase"] = STAGE_NAMES[stage]

    def _in_team_turn(self, player: int) -> bool:
        """Hydra: a teammate of the member acting whose main phase has begun this turn."""
        return self.format == "hydra" and player != self.current and self.stages[player] != WAITING

    def _turn_fields(self, p: Player) -> dict[str, Any]:
        """The mid-turn fields of the current player (all public information)."""
        pending: dict[str, Any] | None = None
        if self.pending is not None:
            kind, src = self.pending
            pending = {
                "choice": _CHOICE_NAMES[kind],
                "card": NAMES[src] if src >= 0 else None,
                "optional": kind in (SCRAP_CARD, CLEAR_ROW, BEQUEATH),
            }
            if kind == BEQUEATH:
                pending["player"], pending["to"] = self.bequests[0]
        return {
            "in_play": [NAMES[c] for c in p.field if not IS_BASE[c]],
            "played": [NAMES[c] for c in p.played],
            "allied": [NAMES[c] for c, f in zip(p.field, p.fired, strict=True) if f],
            "trade": p.trade,
            "combat": p.combat,
            "pending": pending,
            "queue": [
                [EFFECTS[code], n, NAMES[src] if src >= 0 else None]
                for code, n, src in reversed(self.queue)
            ],
        }

    def view(self, player: Any) -> View:  # Any: see "Bad input" in the module docstring
        """What ``player`` may see; ``None`` for a spectator (another seat: ``ValueError``).

        Hidden: every hand but the viewer's own, the order of every deck and of the trade
        deck, and the seed. For each player the view gives the cards that viewer cannot place
        (``unseen``: hand and deck together, sorted, less what is publicly known to be in
        the hand) — a careful player at the table could count these, and search needs them.

        The view is the document's public part plus who is looking: ``game``, ``format``,
        ``viewer`` (``None`` for a spectator), ``turn``, ``current``, ``to_act``, ``over``,
        ``winner``, ``trade_row`` (``None`` for an empty slot), ``trade_deck_size``,
        ``scrap_heap``, ``bequests`` while any are open, and one entry per seat in
        ``players``: ``authority``, ``hand_size``, ``deck_size``, ``discard``, ``bases``,
        ``pending_discards``, ``known_hand``, ``unseen``, ``hand`` where the viewer may see
        it, the document's ``eliminated``, ``damage`` and mid-turn fields, and the seat's
        ``team`` (:func:`seat_team`: its own index outside the team formats) and ``role``
        (:func:`seat_role`: "boss", "raider", "emperor", "admiral", "member" or ""), so a
        page names sides without knowing each format's seating.

        >>> from rumizi.games.star_realms import GAME
        >>> seats = GAME.new(seed=2, players=6, format="emperor").view(None)
        >>> [(p["team"], p["role"]) for p in seats["players"]][:3]
        [(0, 'admiral'), (0, 'emperor'), (0, 'admiral')]
        """
        check_viewer(player, len(self.players))
        players = []
        for i, p in enumerate(self.players):
            known = p.known
            doc: dict[str, Any] = {
                "authority": p.authority,
                "hand_size": len(p.hand),
                "deck_size": len(p.deck),
                "discard": [NAMES[c] for c in p.discard],
                "bases": [NAMES[c] for c in p.field if IS_BASE[c]],
                "pending_discards": p.pending_discards,
                # Sorted: the order the known cards were drawn is nobody's business.
                "known_hand": [NAMES[c] for c in sorted(known)],
                "team": p.team,
                "role": seat_role(self.format, i),
            }
            if i == player or (
                # Raiders show each other their hands.
                self.format == "raid"
                and player is not None
                and i != RAID_BOSS_SEAT
                and player != RAID_BOSS_SEAT
            ):
                doc["hand"] = [NAMES[c] for c in p.hand]
                unseen = list(p.deck)
            else:
                unseen = p.hand + p.deck
                for c in known:
                    unseen.remove(c)
            doc["unseen"] = [NAMES[c] for c in sorted(unseen)]
            self._extra_fields(i, p, doc)
            players.append(doc)
        extra: dict[str, Any] = {}
        if self.bequests:
            extra["bequests"] = [list(b) for b in self.bequests]
        return {
            **extra,
            "game": GAME_ID,
            "format": self.format,
            "viewer": player,
            "turn": self.turn,
            "current": self.current,
            "to_act": self.to_act,
            "over": self._over,
            "winner": self._winner,
            "players": players,
            "trade_row": [None if c is None else NAMES[c] for c in self.row],
            "trade_deck_size": len(self.trade_deck),
            "scrap_heap": [NAMES[c] for c in self.scrap_heap],
        }


def _card(name: Any) -> int:
    index = BY_ID.get(name) if isinstance(name, str) else None
    if index is None:
        raise MalformedAction(f"unknown card {name!r}")
    return index


STAGE_NAMES = ("waiting", "playing", "done")


def hydra_stage(current_team: int, current: int, team: int, seat: int) -> int:
    """Where a Hydra seat stands when a document does not say (``main_phase``): as if the
    team played its members in seat order, the earlier ones done, the later ones waiting."""
    if team != current_team or seat > current:
        return WAITING
    return PLAYING if seat == current else DONE


def seat_team(fmt: str, players: int, seat: int) -> int:
    """The team of a seat: everyone alone, except Raid (boss 0, raiders 1) and Emperor."""
    if fmt == "raid":
        return 0 if seat == RAID_BOSS_SEAT else 1
    if fmt == "emperor":
        return seat // 3
    if fmt == "hydra":
        return seat % 2  # the two teams sit alternately
    return seat


def seat_role(fmt: str, seat: int) -> str:
    """A seat's part in a team format, "" outside them: in raid "boss" (seat 0) or
    "raider"; in emperor "emperor" (seats 1 and 4) or "admiral"; in hydra every seat is a
    "member" (teammates are alike). The view and the texts both read it from here.

    >>> [seat_role("raid", s) for s in range(3)], seat_role("hydra", 3), seat_role("duel", 0)
    (['boss', 'raider', 'raider'], 'member', '')
    """
    if fmt == "raid":
        return "boss" if seat == RAID_BOSS_SEAT else "raider"
    if fmt == "emperor":
        return "emperor" if seat in EMPERORS else "admiral"
    if fmt == "hydra":
        return "member"
    return ""


def starting_authority(fmt: str, players: int, seat: int) -> int:
    if fmt == "raid" and seat == RAID_BOSS_SEAT:
        return RAID_BOSS[players - 1][0]
    if fmt == "emperor" and seat in EMPERORS:
        return 60
    if fmt == "hydra":
        return HYDRA_AUTHORITY[players]
    return START_AUTHORITY


def opening_hand(fmt: str, players: int, first: int, seat: int) -> int:
    """First hands: 3 for the first player, 5 for the second in a duel; 3, 4, then 5 around
    the table in free-for-all and hunter; team A 3 and team B 5 in emperor; in raid the
    raiders 5 and the boss 2 fewer than the hand size of their turns."""
    if fmt == "raid":
        return RAID_BOSS[players - 1][1] - 2 if seat == RAID_BOSS_SEAT else HAND_SIZE
    if fmt == "emperor":
        return 3 if seat // 3 == 0 else HAND_SIZE
    if fmt == "hydra":
        return 3 if seat % 2 == first % 2 else HAND_SIZE
    after_first = (seat - first) % players
    return 3 if after_first == 0 else 4 if after_first == 1 and players > 2 else HAND_SIZE


def new_state(seed: Any = 0, players: Any = 2, format: Any = "duel") -> StarRealmsState:
    """A new game: seats, shuffled decks and trade deck, the first hands.

    The first player (drawn from the seed) opens with 3 cards; in the duel the other with 5;
    in free-for-all and hunter the next player clockwise with 4 and the rest with 5.
    """
    if not isinstance(format, str) or format not in FORMATS:
        supported = ", ".join(FORMATS)
        raise ValueError(f"unknown or unsupported format {format!r}; supported: {supported}")
    fewest, most = FORMATS[format]
    if (
        type(players) is not int
        or not fewest <= players <= most
        or (format == "hydra" and players not in HYDRA_AUTHORITY)
    ):
        count = (
            "2" if format == "duel" else "4 or 6" if format == "hydra" else f"{fewest} to {most}"
        )
        hint = "; for more players choose a format, e.g. format='free-for-all'"
        raise ValueError(
            f"{'the duel' if format == 'duel' else format} is for {count} players, "
            f"not {players!r}" + (hint if format == "duel" else "")
        )
    state = rng.normalize_seed(rng.check_seed(seed))
    s = StarRealmsState.__new__(StarRealmsState)
    s.format = format
    s.turn = 1
    s.events = None
    s._over = False
    s._winner = None
    s.pending = None
    s.queue = []
    s.scrap_heap = []
    s.bequests = []
    s.damage = []
    s.idle = False
    state, first = rng.below(state, players)
    if format in ("raid", "emperor"):
        first = 0  # the boss starts a raid; player 1 (seat 0) starts emperor
    elif format == "hydra":
        first %= 2  # the first team, drawn from the seed, starts with its first seat
    s.current = first
    s.stages = (
        tuple(PLAYING if i == first else WAITING for i in range(players))
        if format == "hydra"
        else ()
    )
    s.trade_deck = list(TRADE_DECK)
    state = rng.shuffle(state, s.trade_deck)
    s.row = [s.trade_deck.pop() for _ in range(5)]
    s._buys = [None] * _BUY_LEVELS
    s.players = []
    for i in range(players):
        p = Player(team=seat_team(format, players, i))
        p.authority = starting_authority(format, players, i)
        p.deck = list(STARTING_DECK)
        state = rng.shuffle(state, p.deck)
        s.players.append(p)
    s.seed = state
    s._refresh_opponents()
    for i, p in enumerate(s.players):
        p.hand = [p.deck.pop() for _ in range(opening_hand(format, players, first, i))]
    s._start_turn()
    return s

"""Reading a Star Realms document (spec §4) into a state: every field checked, none trusted.

A document is the JSON object that :meth:`StarRealmsState.export` writes: the format, whose
turn it is, each player's piles (deck and trade deck top card first), the trade row and the
seed. A mid-turn export adds the current player's turn so far (``in_play``, ``played``,
``allied``, ``trade``, ``combat``, the open choice and the resolution queue); Hydra adds it for
the teammates whose main phase has begun this team turn (with ``main_phase`` and
``handed_play`` where seat order does not tell), Raid the damage on the boss's bases, and
an elimination the ``bequests`` still to hand over. :func:`load_document` rebuilds the state
from it and starts the turn it describes, exactly as if play had reached it.

Bad input: a document that breaks the format or the rules (an unknown card, a base among the
ships, a choice with nothing to choose from, a field misspelt or missing) raises
``ValueError`` naming the field, and no state comes back; the shape of each object (its fields)
is read by :mod:`rumizi.core.reader`, the same for every game. The checks read plain dicts and
lists and run once per load, not at every step of a game, so this module lives beside the
engine rather than in it; ``setup.py`` compiles it too, as search loads every state it
samples.

>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=3)
>>> load_document(state.export()).export() == state.export()
True
>>> load_document({**state.export(), "trade_row": ["viper"] * 5})
Traceback (most recent call last):
...
ValueError: document 'trade_row': 'viper' is not a trade-deck card
"""

from __future__ import annotations

from typing import Any

from rumizi.core import reader, rng
from rumizi.games.star_realms.cards import (
    ALLIES,
    BY_ID,
    DEFENSE,
    EFFECT_CODE,
    FACTION,
    IS_BASE,
    NAMES,
    TRADE_COUNTS,
)
from rumizi.games.star_realms.engine import (
    _BUY_LEVELS,
    _CHOICE_NAMES,
    BEQUEATH,
    EMPERORS,
    FORMATS,
    GAME_ID,
    HYDRA_AUTHORITY,
    PLAYING,
    RAID_BOSS_SEAT,
    STAGE_NAMES,
    WAITING,
    Player,
    StarRealmsState,
    hydra_stage,
    seat_team,
    starting_authority,
)

_CHOICE_CODES = {name: code for code, name in _CHOICE_NAMES.items()}

# The fields of each object of a document (spec §4), read by rumizi.core.reader: the top
# level, a player (the turn's fields for the player to act and a hydra member's teammates),
# and an open choice (``optional``, ``player`` and ``to`` are written for the reader of an
# export: the choice and the bequests tell the engine the same).
_TURN_FIELDS = ("in_play", "played", "allied", "trade", "combat", "pending", "queue")
_TOP = reader.Fields(
    ("game", "current", "players", "trade_row", "trade_deck", "seed"),
    ("format", "turn", "scrap_heap", "bequests"),
)
_PLAYER = reader.Fields(
    ("hand", "deck", "discard"),
    (
        "authority",
        "bases",
        "pending_discards",
        "known_hand",
        "eliminated",
        "damage",
        *_TURN_FIELDS,
        "main_phase",
        "handed_play",
    ),
)
_PENDING = reader.Fields(("choice",), ("card", "optional", "player", "to"))


def _cards(found: dict[str, Any], key: str, where: str) -> list[int]:
    """The card ids of the list field ``key`` (an absent optional field: none)."""
    return reader.id_list(found.get(key, []), BY_ID, reader.at(where, key), "card")


def _rebuild_field(
    bases: list[int], ships: list[int], played: list[int], where: str
) -> tuple[list[int], int]:
    """Rebuild the in-play order from the exported bases, ships and cards played this turn.

    Bases from earlier turns come first. Of each card played this turn, the copies still in
    play are the latest ones, since removals always take the earliest copy.
    """
    played_count: dict[int, int] = {}
    for c in played:
        played_count[c] = played_count.get(c, 0) + 1
    base_count: dict[int, int] = {}
    for c in bases:
        base_count[c] = base_count.get(c, 0) + 1
    new_bases = {c: min(n, played_count.get(c, 0)) for c, n in base_count.items()}
    n_old = len(bases) - sum(new_bases.values())
    ship_count: dict[int, int] = {}
    for c in ships:
        ship_count[c] = ship_count.get(c, 0) + 1
    alive = {**{c: n for c, n in ship_count.items()}, **new_bases}
    # Walk this turn's plays from the latest back: the latest copies are the survivors.
    survivors: list[int] = []
    for c in reversed(played):
        if alive.get(c, 0) > 0:
            alive[c] -= 1
            survivors.append(c)
    survivors.reverse()
    if any(alive.values()):
        raise ValueError(f"{where}: 'in_play' holds cards that 'played' does not list")
    if [c for c in survivors if IS_BASE[c]] != bases[n_old:]:
        raise ValueError(f"{where}: the bases played this turn are out of order")
    return bases[:n_old] + survivors, n_old


def load_document(doc: Any) -> StarRealmsState:
    """Build a state from a canonical document (see the spec, §4).

    The top level is read first (the format and seats, whose turn, the trade row and decks),
    then each seat (its piles, then its turn so far), then what holds across seats (teams,
    bequests, an open choice with something to choose); the turn then resumes where the
    document left it.
    """
    if not isinstance(doc, dict):
        raise ValueError("a Star Realms document is a JSON object")
    if doc.get("game") != GAME_ID:
        raise ValueError(f"document 'game' must be {GAME_ID!r}, got {doc.get('game')!r}")
    _TOP.read(doc, "document")
    fmt, raw_players = _format_and_seats(doc)
    current = reader.integer(doc, "current", "document")
    if not 0 <= current < len(raw_players):
        raise ValueError(f"document 'current': no player {current}")
    turn = reader.integer(doc, "turn", "document", default=1)
    if turn < 1:
        raise ValueError("document 'turn' must be 1 or more")
    seed = reader.integer(doc, "seed", "document")
    s = StarRealmsState.__new__(StarRealmsState)
    s.format = fmt
    s.current = current
    s.turn = turn
    s.seed = rng.normalize_seed(seed)
    s.events = None
    s._buys = [None] * _BUY_LEVELS
    s._over = False
    s._winner = None
    s.pending = None
    s.queue = []
    s.bequests = []
    s.damage = []
    s.stages = ()
    s.idle = False
    s.row = _trade_row(doc.get("trade_row"))
    s.trade_deck = _cards(doc, "trade_deck", "document")[::-1]
    s.scrap_heap = _cards(doc, "scrap_heap", "document")
    mid_turn = False
    stages: list[int] = []
    s.players = []
    for i, raw in enumerate(raw_players):
        where = f"document.players[{i}]"
        p, bases = _seat(raw, fmt, len(raw_players), i, where)
        damage = _boss_damage(raw, fmt, i, bases, where)
        if damage is not None:
            s.damage = damage
        stage = _hydra_stage(fmt, len(raw_players), current, i, raw, where)
        stages.append(stage)
        if "handed_play" in raw and (
            fmt != "hydra" or i != current or raw["handed_play"] is not True
        ):
            raise ValueError(
                f"{where}.handed_play: only the hydra member to act has it, and it is true"
            )
        s.idle = s.idle or raw.get("handed_play") is True
        if _seat_turn(s, p, raw, bases, i, stage, where):
            mid_turn = True
            s.pending = _load_turn(s, p, raw, bases, where)
        p.field_changed()
        s.players.append(p)
    if fmt == "hydra":
        s.stages = tuple(stages)
    _team_rules(s)
    s.bequests = _bequests(doc.get("bequests", []), len(raw_players))
    if (s.pending is not None and s.pending[0] == BEQUEATH) != bool(s.bequests):
        raise ValueError("document: a 'bequeath' choice and 'bequests' go together")
    s._refresh_opponents()
    if s.pending is not None and not any(
        a["do"] == "choose" for a in s._choice_actions(s.players[current], s.pending[0])
    ):
        raise ValueError(f"players[{current}].pending: the open choice has nothing to choose from")
    _resume(s, mid_turn)
    return s


def _format_and_seats(doc: dict[str, Any]) -> tuple[str, list[Any]]:
    """The format (absent: the duel) and the seats' objects, as many as the format seats."""
    fmt = doc.get("format", "duel")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ValueError(f"unknown or unsupported format {fmt!r}; supported: {', '.join(FORMATS)}")
    raw_players = doc.get("players")
    fewest, most = FORMATS[fmt]
    if (
        not isinstance(raw_players, list)
        or not fewest <= len(raw_players) <= most
        or (fmt == "hydra" and len(raw_players) not in HYDRA_AUTHORITY)
    ):
        count = (
            "exactly 2" if fmt == "duel" else "4 or 6" if fmt == "hydra" else f"{fewest} to {most}"
        )
        raise ValueError(f"document 'players': {fmt} needs a list of {count} players")
    return fmt, raw_players


def _trade_row(row: Any) -> list[int | None]:
    """The five slots of the trade row: a trade-deck card each, or ``None`` (empty)."""
    if not isinstance(row, list) or len(row) != 5:
        raise ValueError("document 'trade_row': expected a list of 5 card ids or nulls")
    out: list[int | None] = []
    for item in row:
        if item is None:
            out.append(None)
            continue
        index = BY_ID.get(item) if isinstance(item, str) else None
        if index is None or TRADE_COUNTS[index] == 0:
            raise ValueError(f"document 'trade_row': {item!r} is not a trade-deck card")
        out.append(index)
    return out


def _seat(raw: Any, fmt: str, seats: int, i: int, where: str) -> tuple[Player, list[int]]:
    """Seat ``i``'s player with its authority and piles, and its bases (in play order)."""
    _PLAYER.read(raw, where)
    p = Player(team=seat_team(fmt, seats, i))
    p.authority = reader.integer(raw, "authority", where, default=starting_authority(fmt, seats, i))
    p.hand = _cards(raw, "hand", where)
    p.deck = _cards(raw, "deck", where)[::-1]
    p.discard = _cards(raw, "discard", where)
    bases = _cards(raw, "bases", where)
    if not all(IS_BASE[c] for c in bases):
        raise ValueError(f"{where}.bases: only bases and outposts can be in 'bases'")
    p.pending_discards = reader.integer(raw, "pending_discards", where, default=0)
    if p.pending_discards < 0:
        raise ValueError(f"{where}.pending_discards must not be negative")
    p.known = _cards(raw, "known_hand", where)
    rest = list(p.hand)
    for c in p.known:
        if c not in rest:
            raise ValueError(f"{where}.known_hand: {NAMES[c]!r} is not in the hand")
        rest.remove(c)
    eliminated = raw.get("eliminated", False)
    if not isinstance(eliminated, bool):
        raise ValueError(f"{where}.eliminated must be true or false")
    p.eliminated = eliminated or p.authority <= 0
    return p, bases


def _boss_damage(
    raw: dict[str, Any], fmt: str, i: int, bases: list[int], where: str
) -> list[int] | None:
    """The lasting damage on the raid boss's bases (none yet: zeros); ``None`` for any other
    seat, which may not have any."""
    if "damage" in raw:
        if fmt != "raid" or i != RAID_BOSS_SEAT:
            raise ValueError(f"{where}.damage: only the boss's bases take lasting damage")
        damage = raw["damage"]
        if (
            not isinstance(damage, list)
            or len(damage) != len(bases)
            or not all(
                type(d) is int and 0 <= d < DEFENSE[c] for d, c in zip(damage, bases, strict=True)
            )
        ):
            raise ValueError(f"{where}.damage: one number per base, each below its defense")
        return list(damage)
    if fmt == "raid" and i == RAID_BOSS_SEAT:
        return [0] * len(bases)
    return None


def _seat_turn(
    s: StarRealmsState,
    p: Player,
    raw: dict[str, Any],
    bases: list[int],
    i: int,
    stage: int,
    where: str,
) -> bool:
    """Put seat ``i``'s cards in play; whether it is the current player's turn in progress
    (whose fields the caller loads, as they include the open choice).

    A Hydra teammate whose main phase has begun this team turn has its turn's fields too,
    less the choice and the queue; every other seat has only bases, whose factions count for
    its allies (the current player's count as its turn starts).
    """
    turn_keys = set(_TURN_FIELDS) & raw.keys()
    if s.format == "hydra" and i != s.current and stage != WAITING and turn_keys:
        if {"pending", "queue"} & raw.keys():
            raise ValueError(f"{where}: only the player to act has 'pending' and 'queue'")
        _load_turn(s, p, raw, bases, where)
        return False
    if i != s.current:
        if turn_keys:
            raise ValueError(f"{where}: only the current player has mid-turn fields")
        p.field = bases
        p.fired = [False] * len(bases)
        p.n_old = len(bases)
        for c in bases:
            p.factions[FACTION[c]] += 1
        return False
    if turn_keys:
        return True
    p.field = bases
    p.fired = [False] * len(bases)
    p.n_old = len(bases)
    return False


def _team_rules(s: StarRealmsState) -> None:
    """Hydra teams share one authority; an emperor out of the game takes their team out."""
    if s.format == "hydra":
        for team in (0, 1):
            if len({q.authority for q in s.players if q.team == team}) != 1:
                raise ValueError(f"document: hydra team {team} must show one shared authority")
    if s.format == "emperor":
        for e in EMPERORS:
            if s.players[e].eliminated:
                for mate in s._teammates(e):
                    s.players[mate].eliminated = True


def _bequests(bequests: Any, seats: int) -> list[tuple[int, int]]:
    """The bequests still to hand over after an elimination, as (giver, recipient) seats."""
    if not isinstance(bequests, list) or not all(
        isinstance(b, list) and len(b) == 2 and all(type(x) is int and 0 <= x < seats for x in b)
        for b in bequests
    ):
        raise ValueError("document 'bequests': expected a list of [giver, recipient] seats")
    return [(b[0], b[1]) for b in bequests]


def _resume(s: StarRealmsState, mid_turn: bool) -> None:
    """Carry on from the document's position: start the turn, or resolve what it left queued."""
    if s._check_over():
        return
    if s.players[s.current].eliminated:
        raise ValueError("document 'current' names a player who is out of the game")
    if not mid_turn:
        s._start_turn()
    elif s.pending is None:
        # A hand-written position may leave effects queued, or allies that hold but have not
        # fired, with no choice open: resolve them (an exported position has neither).
        s.queue.insert(0, (ALLIES, 0, -1))
        s._resolve()


def _hydra_stage(
    fmt: str, players: int, current: int, i: int, raw: dict[str, Any], where: str
) -> int:
    """Where seat ``i`` stands in a Hydra team's turn (``main_phase``, or seat order)."""
    if fmt != "hydra":
        if "main_phase" in raw:
            raise ValueError(f"{where}.main_phase: only hydra members have one")
        return WAITING
    team, current_team = seat_team(fmt, players, i), seat_team(fmt, players, current)
    if "main_phase" not in raw:
        return hydra_stage(current_team, current, team, i)
    name = raw["main_phase"]
    if not isinstance(name, str) or name not in STAGE_NAMES:
        raise ValueError(f"{where}.main_phase: expected one of {', '.join(STAGE_NAMES)}")
    stage = STAGE_NAMES.index(name)
    if i == current and stage != PLAYING:
        raise ValueError(f"{where}.main_phase: the member to act is 'playing'")
    if team != current_team and stage != WAITING:
        raise ValueError(f"{where}.main_phase: the team not playing is 'waiting'")
    return stage


def _load_turn(
    s: StarRealmsState, p: Player, raw: dict[str, Any], bases: list[int], where: str
) -> tuple[int, int] | None:
    """Load a player's turn in progress; returns the open choice, if any (for the caller
    to set: a compiled build trusts what the type checker last saw assigned to it)."""
    ships = _cards(raw, "in_play", where)
    if any(IS_BASE[c] for c in ships):
        raise ValueError(f"{where}.in_play: bases belong in 'bases'")
    played = _cards(raw, "played", where) if "played" in raw else list(ships)
    p.field, p.n_old = _rebuild_field(bases, ships, played, where)
    p.played = played
    for c in p.field[: p.n_old]:
        p.factions[FACTION[c]] += 1
    for c in played:
        p.factions[FACTION[c]] += 1
    p.fired = [False] * len(p.field)
    allied = _cards(raw, "allied", where)
    for c in allied:
        for i, d in enumerate(p.field):
            if d == c and not p.fired[i]:
                p.fired[i] = True
                break
        else:
            raise ValueError(f"{where}.allied: {NAMES[c]!r} is not in play")
    p.trade = reader.integer(raw, "trade", where, default=0)
    p.combat = reader.integer(raw, "combat", where, default=0)
    if p.trade < 0 or p.combat < 0:
        raise ValueError(f"{where}: trade and combat must not be negative")
    pending = raw.get("pending")
    if pending is not None:
        choice = pending.get("choice") if isinstance(pending, dict) else None
        if isinstance(choice, str) and choice in _CHOICE_CODES:
            _PENDING.read(pending, f"{where}.pending")
        if not isinstance(choice, str) or choice not in _CHOICE_CODES:
            raise ValueError(
                f"{where}.pending: expected {{'choice': one of {sorted(_CHOICE_CODES)}, "
                "'card': ...}}"
            )
        src_name = pending.get("card")
        if src_name is None:
            src = -1
        else:
            src = reader.one_id(src_name, BY_ID, f"{where}.pending.card", "card")
        choice_open: tuple[int, int] | None = (_CHOICE_CODES[choice], src)
    else:
        choice_open = None
    queue = raw.get("queue", [])
    if not isinstance(queue, list):
        raise ValueError(f"{where}.queue: expected a list of [effect, amount, card] items")
    for item in reversed(queue):
        if (
            not isinstance(item, list)
            or len(item) != 3
            or not isinstance(item[0], str)
            or item[0] not in EFFECT_CODE
            or type(item[1]) is not int
            or item[1] < 0
            or not (item[2] is None or (isinstance(item[2], str) and item[2] in BY_ID))
        ):
            raise ValueError(f"{where}.queue: bad item {item!r}")
        s.queue.append((EFFECT_CODE[item[0]], item[1], -1 if item[2] is None else BY_ID[item[2]]))
    return choice_open

"""Reading a War of the Ring document into a state: every field checked, none trusted.

A document is the JSON object that :meth:`~.engine.WarOfTheRingState.export` writes (its
fields are listed in :mod:`.engine`'s "The document"): the round and its phase, the zones and
their stacks, each player's piles, the open choice and the event being played, the latest
battles, how the game ended and the seed. :func:`load_document` rebuilds the state from it.

Bad input: a field of the wrong shape or an unknown card (read by :mod:`rumizi.core.reader`,
the same for every game), or a position no game could reach (a card lost or doubled, a fourth
card in a stack, a resolved zone still holding the loser's cards, a battle stopped with no
choice open, ...) raises ``ValueError`` naming the field, and no state comes back. The checks
run once per load, not at every step of a game, so they live here beside the engine, which
keeps only the state and the rules.

>>> from rumizi.games.war_of_the_ring import GAME
>>> state = GAME.new(seed=2)
>>> load_document(state.export()).export() == state.export()
True
>>> broken = state.export()
>>> broken["players"][0]["hand"].append("fp-aragorn")
>>> load_document(broken)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: document.players[0]: the ... cards must each be in exactly one place ...
"""

from __future__ import annotations

from typing import Any, Final

from rumizi.core import reader, rng
from rumizi.games.war_of_the_ring.cards import (
    BOOST,
    BY_ID,
    EFFECT_NAMES,
    FACTION,
    FACTION_NAMES,
    IDS,
    MOVE,
    N_KINDS,
    OWNED,
    PEEK,
    RECOVER,
)
from rumizi.games.war_of_the_ring.engine import (
    EMPTY,
    END_REASONS,
    GAME_ID,
    HOW_NAMES,
    HOW_PAID,
    OVER,
    P_BOOST,
    P_CENTRE,
    P_FLANK,
    P_MOVE,
    P_NONE,
    P_PAY,
    P_PEEK,
    P_RECOVER,
    PENDING_NAMES,
    PER_ZONE,
    PHASE_NAMES,
    PLANNING,
    SHADOW_WIN,
    TIE,
    UNRESOLVED,
    Fought,
    Player,
    WarOfTheRingState,
)

# The fields of each object of a document, read by rumizi.core.reader (the shape is read
# there; the ids and the checks across fields here).
_TOP: Final = reader.Fields(
    ("game", "round", "phase", "starter", "current", "zone", "zones", "players", "seed"),
    ("pending", "playing", "effects", "battles", "winner", "end"),
)
_PLAYER: Final = reader.Fields(
    ("faction", "hand", "deck", "graveyard", "shadow_row", "activated", "took"), ("known", "passed")
)
_ZONE: Final = reader.Fields(("cards", "seen", "boost"), ("result",))
_BATTLE: Final = reader.Fields(("cards", "totals", "result"), ("slain",))
_PENDING: Final = reader.Fields(("choice",), ("owed",))
_PLAYING: Final = reader.Fields(("card", "how"))

# The step of the event being played that each of its choices answers.
_PENDING_EFFECT: Final = {P_RECOVER: RECOVER, P_BOOST: BOOST, P_PEEK: PEEK, P_MOVE: MOVE}


def _cards(value: Any, where: str) -> list[int]:
    """``value`` as a list of card ids (in the document's order)."""
    return reader.id_list(value, BY_ID, where, "card")


def _result(value: Any, where: str) -> int:
    """A zone's result: ``null`` (not fought yet), the winning seat, ``"tie"`` or ``"empty"``."""
    if value is None:
        return UNRESOLVED
    if value == "tie":
        return TIE
    if value == "empty":
        return EMPTY
    if type(value) is int and value in (0, 1):
        return value
    raise ValueError(f"{where}: expected null, 0, 1, 'tie' or 'empty', got {value!r}")


def load_document(doc: Any) -> WarOfTheRingState:  # Any: checked here (engine: "Bad input")
    """Build a state from a canonical document (what :meth:`~WarOfTheRingState.export` writes).

    The parts are read in the document's order — the round, the latest battles, the players,
    the zones, the event being played, the end — then checked together (every card in one
    place, a choice that fits the phase).
    """
    doc = reader.obj(doc, "document")
    if doc.get("game") != GAME_ID:
        raise ValueError(f"document: 'game' must be {GAME_ID!r}, got {doc.get('game')!r}")
    _TOP.read(doc, "document")
    s = WarOfTheRingState.__new__(WarOfTheRingState)
    s.events = None
    s.round = reader.integer(doc, "round", "document", low=1)
    s.starter = reader.integer(doc, "starter", "document", low=0, high=1)
    s.current = reader.integer(doc, "current", "document", low=0, high=1)
    s.zone_next = reader.integer(doc, "zone", "document", low=0, high=3)
    s.battles = _load_battles(doc.get("battles"))
    s.seed = rng.normalize_seed(reader.integer(doc, "seed", "document"))
    s.phase = reader.one_of(doc.get("phase"), PHASE_NAMES, "document.phase")
    s.players = _players(doc.get("players"))
    _load_zones(s, doc.get("zones"))
    _load_event(s, doc)
    _load_end(s, doc)
    _check_consistency(s)
    return s


def _load_battles(value: Any) -> list[Fought | None]:
    """The document's ``battles`` (absent: none fought yet), checked field by field."""
    if value is None:
        return [None, None, None]
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError("document.battles: expected three entries (null or a fought zone)")
    out: list[Fought | None] = []
    for z, raw in enumerate(value):
        where = f"document.battles[{z}]"
        if raw is None:
            out.append(None)
            continue
        b = _BATTLE.read(raw, where)
        cards = b.get("cards")
        if not isinstance(cards, list) or len(cards) != 2:
            raise ValueError(f"{where}.cards: expected two lists of card ids")
        sides = tuple(tuple(_cards(side, f"{where}.cards")) for side in cards)
        slain = []
        for entry in b.get("slain") or []:
            if not isinstance(entry, list) or len(entry) != 3 or entry[0] not in (0, 1):
                raise ValueError(f"{where}.slain: bad entry {entry!r}")
            killer, victim = _cards(entry[1:], f"{where}.slain")
            slain.append((int(entry[0]), killer, victim))
        totals = b.get("totals")
        if (
            not isinstance(totals, list)
            or len(totals) != 2
            or any(type(t) is not int or t < 0 for t in totals)
        ):
            raise ValueError(f"{where}.totals: expected two non-negative integers")
        result = _result(b.get("result"), f"{where}.result")
        if result == UNRESOLVED:
            raise ValueError(f"{where}.result: a fought zone has a result")
        out.append((sides[0], sides[1], tuple(slain), totals[0], totals[1], result))
    return out


def _players(pdocs: Any) -> list[Player]:
    """Both seats, each read on its own; they must play different factions."""
    if not isinstance(pdocs, list) or len(pdocs) != 2:
        raise ValueError("document.players: expected two players")
    players = [_player(raw, f"document.players[{i}]") for i, raw in enumerate(pdocs)]
    if players[0].faction == players[1].faction:
        raise ValueError("document.players: the two seats must play different factions")
    return players


def _player(raw: Any, where: str) -> Player:
    """One seat: its faction, piles (the deck's top card first) and round counters."""
    pd = _PLAYER.read(raw, where)
    faction = pd.get("faction")
    if faction not in FACTION_NAMES:
        raise ValueError(f"{where}.faction: expected 'free' or 'shadow', got {faction!r}")
    p = Player(FACTION_NAMES.index(faction))
    p.hand = sorted(_cards(pd.get("hand"), f"{where}.hand"))
    p.known = sorted(_cards(pd.get("known", []), f"{where}.known"))
    p.deck = _cards(pd.get("deck"), f"{where}.deck")[::-1]
    p.grave = _cards(pd.get("graveyard"), f"{where}.graveyard")
    p.row = _cards(pd.get("shadow_row"), f"{where}.shadow_row")
    p.activated = reader.integer(pd, "activated", where, low=0)
    p.passed = reader.boolean(pd, "passed", where, default=False)
    p.took = reader.integer(pd, "took", where, low=0)
    rest = p.hand[:]
    for k in p.known:
        if k not in rest:
            raise ValueError(f"{where}.known: {IDS[k]!r} is not in the hand")
        rest.remove(k)
    return p


def _load_zones(s: WarOfTheRingState, zdocs: Any) -> None:
    """The three zones: each side's stack, which of its cards were seen, boosts and result."""
    if not isinstance(zdocs, list) or len(zdocs) != 3:
        raise ValueError("document.zones: expected three zones (left, centre, right)")
    s.zones, s.seen, s.boost, s.result = [], [], [], []
    for z, raw in enumerate(zdocs):
        where = f"document.zones[{z}]"
        zd = _ZONE.read(raw, where)
        cards = zd.get("cards")
        seen = zd.get("seen")
        boost = zd.get("boost")
        if not isinstance(cards, list) or len(cards) != 2:
            raise ValueError(f"{where}.cards: expected two lists of card ids (seat 0, seat 1)")
        if not isinstance(seen, list) or len(seen) != 2:
            raise ValueError(f"{where}.seen: expected two lists of true/false (seat 0, seat 1)")
        if (
            not isinstance(boost, list)
            or len(boost) != 2
            or not all(type(b) is int and b >= 0 for b in boost)
        ):
            raise ValueError(f"{where}.boost: expected two counts (seat 0, seat 1)")
        zc = [_cards(cards[0], f"{where}.cards[0]"), _cards(cards[1], f"{where}.cards[1]")]
        zs: list[list[bool]] = []
        for side in (0, 1):
            flags = seen[side]
            if (
                not isinstance(flags, list)
                or len(flags) != len(zc[side])
                or not all(type(f) is bool for f in flags)
            ):
                raise ValueError(f"{where}.seen[{side}]: one true/false per card of the stack")
            if len(zc[side]) > PER_ZONE:
                raise ValueError(f"{where}.cards[{side}]: at most {PER_ZONE} cards per side")
            zs.append(list(flags))
        result = _result(zd.get("result"), f"{where}.result")
        if result in (TIE, EMPTY) and (zc[0] or zc[1]):
            raise ValueError(f"{where}: a tied or empty zone holds no cards")
        if result in (0, 1) and zc[1 - result]:
            raise ValueError(f"{where}: the loser's cards leave a zone once it is won")
        if result != UNRESOLVED and not (all(zs[0]) and all(zs[1])):
            raise ValueError(f"{where}.seen: the cards of a resolved zone are revealed")
        s.zones.append(zc)
        s.seen.append(zs)
        s.boost.append(list(boost))
        s.result.append(result)


def _load_event(s: WarOfTheRingState, doc: dict[str, Any]) -> None:
    """The open choice, the event being played and its steps still to resolve."""
    s.pending = P_NONE
    s.owed = 0
    pending = doc.get("pending")
    if pending is not None:
        pd = _PENDING.read(pending, "document.pending")
        choice = pd.get("choice")
        if choice not in PENDING_NAMES[1:]:
            raise ValueError(f"document.pending.choice: unknown choice {choice!r}")
        s.pending = PENDING_NAMES.index(choice)
        if s.pending == P_PAY:
            s.owed = reader.integer(pd, "owed", "document.pending", low=1, high=3)
    playing = doc.get("playing")
    s.playing = -1
    s.how = HOW_PAID
    if playing is not None:
        pl = _PLAYING.read(playing, "document.playing")
        found = reader.one_id(pl.get("card"), BY_ID, "document.playing.card", "card")
        if pl.get("how") not in HOW_NAMES:
            raise ValueError(f"document.playing.how: expected one of {', '.join(HOW_NAMES)}")
        s.playing = found
        s.how = HOW_NAMES.index(pl["how"])
    effects = doc.get("effects", [])
    if not isinstance(effects, list):
        raise ValueError("document.effects: expected a list of [effect, n] pairs")
    s.effects = []
    for e in effects:
        if (
            not isinstance(e, list)
            or len(e) != 2
            or e[0] not in EFFECT_NAMES
            or type(e[1]) is not int
            or e[1] < 0
        ):
            raise ValueError(f"document.effects: bad step {e!r}")
        s.effects.append((EFFECT_NAMES.index(e[0]), e[1]))


def _load_end(s: WarOfTheRingState, doc: dict[str, Any]) -> None:
    """The winner and how the game ended: both once it is over, neither before."""
    winner = doc.get("winner")
    end = doc.get("end")
    s._winner = None
    s.end = None
    if s.phase == OVER:
        if type(winner) is not int or winner not in (0, 1):
            raise ValueError(f"document.winner: a finished game needs 0 or 1, got {winner!r}")
        s.end = END_REASONS[reader.one_of(end, END_REASONS, "document.end")]
        s._winner = winner
    elif winner is not None or end is not None:
        raise ValueError("document: a game that is not over has no winner or end")


def _check_consistency(s: WarOfTheRingState) -> None:
    """Refuse documents no game could reach: lost or extra cards, impossible phases."""
    players = s.players
    playing_owner = -1
    if s.playing >= 0:
        playing_owner = 0 if FACTION[s.playing] == players[0].faction else 1
    for seat, p in enumerate(players):
        f = p.faction
        where = f"document.players[{seat}]"
        own = p.hand + p.deck + p.grave + players[1 - seat].row
        for z in range(3):
            own += s.zones[z][seat]
        if playing_owner == seat:
            own.append(s.playing)
        counts = [0] * N_KINDS
        for k in own:
            counts[k] += 1
        if tuple(counts) != OWNED[f]:
            wrong = [
                f"{IDS[k]} {counts[k]} (deck has {OWNED[f][k]})"
                for k in range(N_KINDS)
                if counts[k] != OWNED[f][k]
            ]
            raise ValueError(
                f"{where}: the {FACTION_NAMES[f]} cards must each be in exactly one place "
                f"(hand, deck, graveyard, zones, the opponent's shadow row); {', '.join(wrong)}"
            )
        if any(FACTION[k] == f for k in p.row):
            raise ValueError(f"{where}.shadow_row: a shadow row holds the opponent's cards")
    if s.phase == OVER:
        if s.pending != P_NONE or s.playing >= 0:
            raise ValueError("document: a finished game has no open choice or event")
        return
    if s.pending == P_PAY and (s.playing < 0 or s.how != HOW_PAID):
        raise ValueError("document.pending: paying needs an event played from hand")
    if s.pending in (P_RECOVER, P_BOOST, P_PEEK, P_MOVE):
        wanted = _PENDING_EFFECT[s.pending]
        if s.playing < 0 or not s.effects or s.effects[0][0] != wanted:
            raise ValueError(
                f"document.pending: a {PENDING_NAMES[s.pending]} choice needs the event being "
                "played with that step first"
            )
    if s.playing >= 0 and s.pending in (P_NONE, P_CENTRE, P_FLANK):
        raise ValueError("document.playing: an event being played waits on a choice")
    if s.playing < 0 and s.effects:
        raise ValueError("document.effects: steps left with no event being played")
    if s.phase == PLANNING:
        if s.zone_next != 0 or any(r != UNRESOLVED for r in s.result):
            raise ValueError("document: no zone is resolved during planning")
        if s.pending in (P_CENTRE, P_FLANK):
            raise ValueError("document.pending: rewards are taken in battle, not in planning")
        if players[s.current].passed:
            raise ValueError("document.current: a player who passed takes no more steps")
        if any(p.activated >= SHADOW_WIN for p in players):
            raise ValueError("document: 5 activated shadow cards end the game at the round's end")
        if s.playing >= 0 and s.how != HOW_PAID:
            raise ValueError("document.playing: events in planning are played from hand, paid")
    else:  # BATTLE
        if s.zone_next == 0:
            raise ValueError("document.zone: in battle at least the left zone is resolved")
        if not (players[0].passed and players[1].passed):
            raise ValueError("document: battle starts once both players passed")
        for z in range(3):
            if (z < s.zone_next) != (s.result[z] != UNRESOLVED):
                raise ValueError("document.zones: exactly the zones before 'zone' are resolved")
        if s.pending == P_NONE:
            raise ValueError("document.pending: battle only stops on a choice")
        if s.pending == P_CENTRE and s.zone_next != 2:
            raise ValueError("document.pending: the centre's reward follows the centre's battle")
        if s.pending == P_FLANK and s.zone_next not in (1, 3):
            raise ValueError("document.pending: a flank's reward follows a flank's battle")
        if s.pending == P_PAY or (s.playing >= 0 and s.how == HOW_PAID):
            raise ValueError("document.pending: events are paid for only in planning")

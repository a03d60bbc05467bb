"""Star Realms for learning code: a fixed action index and an observation vector, per format.

One encoding serves one table: a number of seats and a format (``duel``, ``free-for-all``,
``hunter``, ``hydra``, ``emperor``, ``raid``). Make it with ``make_encoding(players,
format=...)`` or through :func:`rumizi.adapters.base.encoding`.

**The action index** lists every canonical action the format can ever list, grouped by kind,
each group in card order (the row order of :data:`~.cards.CARDS`), seats in seat order. The
first ten groups are shared by every format, so the duel's index is a prefix of the others
(for the same number of seats):

=====================  ==========================================  ==========================
group                  entries                                     formats
=====================  ==========================================  ==========================
play                   every card id                               all
buy                    every buyable card (trade-deck, explorer)   all
scrap                  every card with a scrap ability             all
choose from hand       every card id                               all
choose from discard    every card id                               all
choose from row        every trade-deck card                       all
attack player          every seat (the whole pool)                 all
attack base           every seat x every base or outpost id       all
skip, end              one each                                    all
choose player          every seat (opp-discard target)             ffa, hydra, emperor, raid
attack amount          target seat x amounts 1..``attack_cap``     ffa, hunter, emperor, raid
wear down a base       boss (seat 0) x base x amounts 1..defense   raid
bequeath from deck     every card id                               emperor, raid
bequeath from bases    every base or outpost id                    emperor, raid
transfer               every card id x every seat                  emperor
buy for a member       every seat x every buyable card             hydra
pass play              every seat                                  hydra
=====================  ==========================================  ==========================

(A bequest from the hand or the discard pile is the same action as the "choose from hand" or
"choose from discard" answer of another choice, so it shares that index.)

*Attack amounts.* With more than one opponent still in the game an attack on a player names
an amount — in Hunter and for an Emperor admiral too, who may hit one player at a time: when
that one falls, the combat left goes on against the next target. The amount runs from 1 to
the attacker's whole combat pool, and the pool has no upper bound (explorers never run out).
The index holds amounts 1 to ``attack_cap`` (default 20) per target; the mask leaves larger
ones out, and :meth:`~StarRealmsEncoding.legal_indices` skips them. This loses nothing: an
attack of ``a > attack_cap`` has the same effect as attacks of ``attack_cap`` and then the
rest (authority and combat simply add up), and if the target falls before the rest is dealt,
the attacker only keeps more combat than the single attack would have left. Random play never
reaches 20 (its pools peak near 12). The raid's partial damage to the boss's bases needs no
cap: an amount never exceeds the base's defense, so those are indexed in full.

Sizes with N seats (``attack_cap=20``): duel 203; free-for-all 183 + 31·N (3: 276, 4: 307,
6: 369); hunter 183 + 30·N (3: 273, 4: 303, 6: 363); hydra 183 + 45·N (4: 363, 6: 453);
emperor 623; raid 254 + 31·N (3: 347, 4: 378, 6: 440). Each attack-amount target adds
``attack_cap``.

**The observation** is a float32 vector made from a player's view only (so it cannot leak a
hidden card): one-hots for the viewer, the player to act (an eliminated player bequeathing a
card may act outside the current player's turn), the current player; per seat whether it is
on the winning side; turn number; trade deck size; counts per card id of the trade row and
the scrap heap; per seat authority, hand/deck/discard sizes, pending discards, elimination,
and counts per card id of discard pile, bases, known hand cards and unseen cards (hand and
deck less what is known); the viewer's own hand; and the current player's turn: trade,
combat, counts of ships in play, cards played and allies fired, the open choice (kind, source
card, optional) and the resolution queue (total amount per effect). Formats add blocks at the
end:

* team formats (hydra, emperor, raid): per seat ``ally`` (on the viewer's team) and
  ``leader`` (the raid boss, an emperor; always 0 in hydra);
* hydra: per seat ``played_earlier`` (a teammate of the member acting whose main phase has
  begun this team turn), ``done`` (whose main phase is over) and that teammate's
  ``trade``, ``combat`` and ships ``in_play`` (the team's one pool), and ``handed_play``
  (the member acting was just handed play, and may not hand it straight back).
  In hydra a buy names the member who takes the card (``"member"``: the plain buy group is
  never legal there), and ``pass`` hands play to a teammate;
* raid: per seat ``shown_hand`` (raiders see each other's hands), and ``boss_damage`` /
  ``boss_damage_max`` (total and largest lasting damage per base id of the boss);
* emperor and raid: ``bequests`` (pending giver x recipient pairs) and ``bequest_to`` (the
  recipient of the open bequest); the choice kinds gain ``bequeath``.

:attr:`~StarRealmsEncoding.layout` names each block. Numbers are raw (authority 50 is 50.0),
clipped to generous bounds. The duel's observation has 565 numbers.

>>> enc = make_encoding(2)
>>> len(enc.actions), enc.actions[enc.index({"do": "end"})]
(203, {'do': 'end'})
>>> enc.actions[enc.index({"base": "trading-post", "player": 1, "do": "attack"})]
{'do': 'attack', 'player': 1, 'base': 'trading-post'}
>>> from rumizi.games.star_realms import GAME
>>> state = GAME.new(seed=5)
>>> vector = enc.observe(state.view(0))
>>> vector.shape, vector.dtype.name
((565,), 'float32')
>>> float(vector[enc.layout["p0.authority"][0]])
50.0
>>> raid = make_encoding(4, format="raid")
>>> len(raid.actions), raid.teams
(378, (0, 1, 1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.core.encoding import Blocks, FloatArray, LaidOut, action_key
from rumizi.games.star_realms.cards import (
    BY_ID,
    DEFENSE,
    EFFECTS,
    EXPLORER,
    HAS_SCRAP,
    IS_BASE,
    NAMES,
    TRADE_COUNTS,
)
from rumizi.games.star_realms.engine import (
    EMPERORS,
    FORMATS,
    HYDRA_AUTHORITY,
    RAID_BOSS_SEAT,
    TEAM_FORMATS,
    seat_team,
)

GAME_ID = "star-realms"
CHOICES: tuple[str, ...] = ("scrap-card", "clear-row", "discard", "opp-discard")
BEQUEATH = "bequeath"
DEFAULT_ATTACK_CAP = 20
# Formats in which a player may face several opponents at once (opp-discard names a target).
CHOOSE_TARGET = frozenset({"free-for-all", "hydra", "emperor", "raid"})
# Formats in which an attack on a player may carry an amount: every format with more than one
# opponent (hydra deals its pool whole: the enemy team has one authority).
ATTACK_AMOUNTS = frozenset({"free-for-all", "hunter", "emperor", "raid"})
# Formats in which an eliminated player may hand cards on.
BEQUESTS = frozenset({"emperor", "raid"})
_CARDS = len(NAMES)
_BASES = tuple(n for c, n in enumerate(NAMES) if IS_BASE[c])
#: The blocks of one entry per seat, which turn with the seats (StarRealmsEncoding.seat_order).
_SEAT_ONE_HOTS = ("viewer", "current", "to_act", "winner")
_BIG = 1000.0  # bound of counts, sizes and pools (never reached in a real game)
_TURN_BIG = 1e6


def check_table(players: int, format: str) -> None:
    """Raise ``ValueError`` unless the engine plays ``format`` with ``players`` seats."""
    if not isinstance(format, str) or format not in FORMATS:
        raise ValueError(f"unknown Star Realms format {format!r}; formats: {', '.join(FORMATS)}")
    fewest, most = FORMATS[format]
    if (
        type(players) is not int
        or not fewest <= players <= most
        or (format == "hydra" and players not in HYDRA_AUTHORITY)
    ):
        if format == "hydra":
            count = "4 or 6"
        else:
            count = str(fewest) if fewest == most else f"{fewest} to {most}"
        hint = "; for more players choose a format, e.g. format='free-for-all'"
        raise ValueError(
            f"Star Realms {format} is for {count} players, not {players!r}"
            + (hint if format == "duel" else "")
        )


def _action_list(players: int, format: str, attack_cap: int) -> list[Action]:
    seats = range(players)
    buyable = [n for c, n in enumerate(NAMES) if TRADE_COUNTS[c] or c == EXPLORER]
    in_row = [n for c, n in enumerate(NAMES) if TRADE_COUNTS[c]]
    acts: list[Action] = []
    acts += [{"do": "play", "card": n} for n in NAMES]
    acts += [{"do": "buy", "card": n} for n in buyable]
    acts += [{"do": "scrap", "card": n} for c, n in enumerate(NAMES) if HAS_SCRAP[c]]
    acts += [{"do": "choose", "card": n, "from": "hand"} for n in NAMES]
    acts += [{"do": "choose", "card": n, "from": "discard"} for n in NAMES]
    acts += [{"do": "choose", "card": n, "from": "trade_row"} for n in in_row]
    acts += [{"do": "attack", "player": q} for q in seats]
    acts += [{"do": "attack", "player": q, "base": n} for q in seats for n in _BASES]
    acts += [{"do": "skip"}, {"do": "end"}]
    if format in CHOOSE_TARGET:
        acts += [{"do": "choose", "player": q} for q in seats]
    if format in ATTACK_AMOUNTS:
        # In a raid only the boss has several opponents: the raiders.
        targets = [q for q in seats if format != "raid" or q != RAID_BOSS_SEAT]
        acts += [
            {"do": "attack", "player": q, "amount": a}
            for q in targets
            for a in range(1, attack_cap + 1)
        ]
    if format == "raid":
        acts += [
            {"do": "attack", "player": RAID_BOSS_SEAT, "base": n, "amount": a}
            for n in _BASES
            for a in range(1, DEFENSE[BY_ID[n]] + 1)
        ]
    if format in BEQUESTS:
        acts += [{"do": "choose", "card": n, "from": "deck"} for n in NAMES]
        acts += [{"do": "choose", "card": n, "from": "bases"} for n in _BASES]
    if format == "emperor":
        acts += [{"do": "transfer", "card": n, "player": q} for n in NAMES for q in seats]
    if format == "hydra":
        acts += [{"do": "buy", "card": n, "member": q} for q in seats for n in buyable]
        acts += [{"do": "pass", "player": q} for q in seats]
    return acts


class StarRealmsEncoding(LaidOut):
    """The action index and observation encoder of Star Realms for one table (module docs)."""

    game_id = GAME_ID

    def __init__(
        self, players: int = 2, attack_cap: int = DEFAULT_ATTACK_CAP, format: str = "duel"
    ) -> None:
        check_table(players, format)
        if type(attack_cap) is not int or attack_cap < 1:
            raise ValueError(f"attack_cap must be a whole number of at least 1, not {attack_cap}")
        self.num_players = players
        self.format = format
        self.attack_cap = attack_cap
        #: The team of each seat (everyone alone outside hydra, emperor and raid).
        self.teams: tuple[int, ...] = tuple(seat_team(format, players, p) for p in range(players))
        self.actions: tuple[Action, ...] = tuple(_action_list(players, format, attack_cap))
        self._index = {action_key(a): i for i, a in enumerate(self.actions)}
        self._team_format = format in TEAM_FORMATS
        leaders = {"raid": (RAID_BOSS_SEAT,), "emperor": EMPERORS}.get(format, ())
        self._leaders = tuple(p for p in leaders if p < players)
        self.choices: tuple[str, ...] = CHOICES + ((BEQUEATH,) if format in BEQUESTS else ())
        self._build_layout()

    # ------------------------------------------------------------------ actions

    def index(self, action: Action) -> int:
        return self._index[action_key(action)]

    def legal_indices(self, legal: Sequence[Action]) -> list[int]:
        found = self._index
        out = []
        for action in legal:
            i = found.get(action_key(action))
            if i is None:
                if self.is_clipped(action):
                    continue  # above the cap: smaller attacks do the same (module docs)
                raise KeyError(f"action {action!r} has no index in the Star Realms encoding")
            out.append(i)
        out.sort()
        return out

    def is_clipped(self, action: Action) -> bool:
        """Whether ``action`` is an attack on a player above :attr:`attack_cap` (left out)."""
        amount = action.get("amount")
        return (
            action.get("do") == "attack"
            and "base" not in action
            and type(amount) is int
            and amount > self.attack_cap
        )

    # ------------------------------------------------------------------ observations

    def _build_layout(self) -> None:
        blocks = Blocks(high=_BIG)
        add = blocks.add
        n = self.num_players
        fmt = self.format

        add("viewer", n, high=1.0)
        add("current", n, high=1.0)
        add("to_act", n, high=1.0)
        add("over", 1, high=1.0)
        add("winner", n, high=1.0)
        add("turn", 1, high=_TURN_BIG)
        add("trade_deck_size", 1)
        add("trade_row", _CARDS)
        add("trade_row_empty", 1)
        add("scrap_heap", _CARDS)
        for p in range(n):
            add(f"p{p}.authority", 1, low=-_BIG)
            add(f"p{p}.hand_size", 1)
            add(f"p{p}.deck_size", 1)
            add(f"p{p}.discard_size", 1)
            add(f"p{p}.pending_discards", 1)
            add(f"p{p}.eliminated", 1, high=1.0)
            for zone in ("discard", "bases", "known_hand", "unseen"):
                add(f"p{p}.{zone}", _CARDS)
        add("hand", _CARDS)
        add("trade", 1)
        add("combat", 1)
        add("in_play", _CARDS)
        add("played", _CARDS)
        add("allied", _CARDS)
        add("choice", len(self.choices), high=1.0)
        add("choice_card", _CARDS, high=1.0)
        add("choice_optional", 1, high=1.0)
        add("queue", len(EFFECTS))
        # Blocks of the multiplayer formats; the duel ends here.
        if self._team_format:
            for p in range(n):
                add(f"p{p}.ally", 1, high=1.0)
                add(f"p{p}.leader", 1, high=1.0)
        if fmt == "hydra":
            for p in range(n):
                add(f"p{p}.played_earlier", 1, high=1.0)
                add(f"p{p}.done", 1, high=1.0)
                add(f"p{p}.trade", 1)
                add(f"p{p}.combat", 1)
                add(f"p{p}.in_play", _CARDS)
            add("handed_play", 1, high=1.0)
        if fmt == "raid":
            for p in range(n):
                add(f"p{p}.shown_hand", _CARDS)
            add("boss_damage", _CARDS)
            add("boss_damage_max", _CARDS)
        if fmt in BEQUESTS:
            add("bequests", n * n)
            add("bequest_to", n, high=1.0)

        self.lay_out(blocks)
        self._at = blocks.starts
        self._choice = {name: i for i, name in enumerate(self.choices)}
        self._effect = {name: i for i, name in enumerate(EFFECTS)}

    def seat_order(self, viewer: int) -> list[int] | None:
        """The indexes that renumber an observation's seats from ``viewer``
        (:meth:`~rumizi.core.encoding.LaidOut.rotation`), so that a value network learns one
        seat's game, not each seat's apart; ``None`` where the seats are not alike (teams, a
        boss, bequests name seats).

        >>> import rumizi
        >>> enc = StarRealmsEncoding()
        >>> seen = enc.observe(rumizi.game("star-realms").new(seed=3).view(1))
        >>> hands = enc.layout["p0.hand_size"][0], enc.layout["p1.hand_size"][0]
        >>> [float(seen[i]) for i in hands]  # the first player draws 3, the second 5
        [3.0, 5.0]
        >>> turned = seen[enc.seat_order(1)]  # as though seat 1 were seat 0
        >>> [float(turned[i]) for i in hands], turned[enc.layout["viewer"][0]]
        ([5.0, 3.0], np.float32(1.0))
        >>> enc.seat_order(0) == list(range(enc.observation_size))
        True
        """
        if self._team_format or self.format in BEQUESTS:
            return None
        return self.rotation(viewer, self.num_players, _SEAT_ONE_HOTS)

    def observe(self, view: View) -> FloatArray:
        if view.get("game") != GAME_ID:
            raise ValueError(
                f"a view of {view.get('game')!r} does not fit the Star Realms encoding"
            )
        fmt = view.get("format", "duel")
        if fmt != self.format or len(view["players"]) != self.num_players:
            raise ValueError(
                f"a {fmt} view of {len(view['players'])} players does not fit the encoding "
                f"of {self.format} for {self.num_players}"
            )
        at = self._at
        n = self.num_players
        ids = BY_ID
        out = self.start(n)
        hits, pos, val, seat = out.hits, out.pos, out.val, out.seat

        def count(block: str, cards: Sequence[str | None]) -> None:
            start = at[block]
            hits.extend(start + ids[name] for name in cards if name is not None)

        def put(block: str, value: float) -> None:
            pos.append(at[block])
            val.append(value)

        viewer = view.get("viewer")
        current = view.get("current")
        teams = self.teams
        seat("viewer", viewer)
        seat("current", current)
        seat("to_act", view.get("to_act"))
        winner = view.get("winner")
        if winner is not None:
            for p in range(n):
                if (teams[p] if self._team_format else p) == winner:
                    hits.append(at["winner"] + p)
        put("over", 1.0 if view.get("over") else 0.0)
        put("turn", view["turn"])
        put("trade_deck_size", view["trade_deck_size"])
        row = view["trade_row"]
        count("trade_row", row)
        put("trade_row_empty", sum(1 for c in row if c is None))
        count("scrap_heap", view["scrap_heap"])
        players = view["players"]
        for p, pv in enumerate(players):
            key = f"p{p}."
            put(key + "authority", pv["authority"])
            put(key + "hand_size", pv["hand_size"])
            put(key + "deck_size", pv["deck_size"])
            put(key + "discard_size", len(pv["discard"]))
            put(key + "pending_discards", pv["pending_discards"])
            put(key + "eliminated", 1.0 if pv.get("eliminated") else 0.0)
            count(key + "discard", pv["discard"])
            count(key + "bases", pv["bases"])
            count(key + "known_hand", pv["known_hand"])
            count(key + "unseen", pv["unseen"])
            if "hand" in pv:
                count("hand" if p == viewer else key + "shown_hand", pv["hand"])
        turn = players[current] if type(current) is int and 0 <= current < n else None
        if turn is not None and "in_play" in turn:
            put("trade", turn["trade"])
            put("combat", turn["combat"])
            count("in_play", turn["in_play"])
            count("played", turn["played"])
            count("allied", turn["allied"])
            pending = turn.get("pending")
            if pending is not None:
                hits.append(at["choice"] + self._choice[pending["choice"]])
                if pending.get("card") is not None:
                    hits.append(at["choice_card"] + ids[pending["card"]])
                put("choice_optional", 1.0 if pending.get("optional") else 0.0)
                if pending["choice"] == BEQUEATH:
                    seat("bequest_to", pending.get("to"))
            totals = [0.0] * len(EFFECTS)
            for effect, amount, _source in turn.get("queue", ()):
                totals[self._effect[effect]] += amount
            queue = at["queue"]
            pos.extend(range(queue, queue + len(totals)))
            val.extend(totals)
        if self._team_format:
            for p in range(n):
                if type(viewer) is int and teams[p] == teams[viewer]:
                    hits.append(at[f"p{p}.ally"])
            for p in self._leaders:
                hits.append(at[f"p{p}.leader"])
        if self.format == "hydra":
            for p, pv in enumerate(players):
                if p != current and "in_play" in pv:
                    key = f"p{p}."
                    hits.append(at[key + "played_earlier"])
                    if _hydra_done(view, p):
                        hits.append(at[key + "done"])
                    put(key + "trade", pv["trade"])
                    put(key + "combat", pv["combat"])
                    count(key + "in_play", pv["in_play"])
            if turn is not None and turn.get("handed_play"):
                hits.append(at["handed_play"])
        if self.format == "raid":
            boss = players[RAID_BOSS_SEAT]
            total, most = at["boss_damage"], at["boss_damage_max"]
            largest: dict[int, int] = {}
            for base, dealt in zip(boss["bases"], boss.get("damage", ()), strict=False):
                c = ids[base]
                hits.extend([total + c] * dealt)
                largest[c] = max(largest.get(c, 0), dealt)
            pos.extend(most + c for c in largest)
            val.extend(float(dealt) for dealt in largest.values())
        if self.format in BEQUESTS:
            start = at["bequests"]
            for giver, recipient in view.get("bequests", ()):
                hits.append(start + giver * n + recipient)
        return self.finish(out)

    def describe(self, view: View) -> str:
        """A few lines of text: turn, then each seat's public state, then the trade row."""
        title = "Star Realms" if self.format == "duel" else f"Star Realms ({self.format})"
        winner = view.get("winner")
        if view.get("over"):
            if winner is None:
                status = "over, nobody won"
            elif self._team_format:
                members = ", ".join(f"player_{p}" for p, t in enumerate(self.teams) if t == winner)
                status = f"over, team {winner} won ({members})"
            else:
                status = f"over, winner player_{winner}"
        elif view["to_act"] != view["current"]:
            status = f"player_{view['to_act']} to act in player_{view['current']}'s turn"
        else:
            status = f"player_{view['to_act']} to act"
        lines = [f"{title}, turn {view['turn']}: {status}"]
        for p, pv in enumerate(view["players"]):
            label = f"player_{p}"
            if self._team_format:
                role = " leader" if p in self._leaders else ""
                label += f" (team {self.teams[p]}{role})"
            parts = [
                f"{label}: authority {pv['authority']}",
                f"hand {pv['hand_size']}",
                f"deck {pv['deck_size']}",
                f"discard {len(pv['discard'])}",
            ]
            if pv.get("eliminated"):
                parts.append("eliminated")
            if pv["bases"]:
                parts.append("bases " + " ".join(pv["bases"]))
            if pv.get("damage"):
                parts.append("damage " + " ".join(map(str, pv["damage"])))
            if "in_play" in pv:
                parts.append(f"trade {pv['trade']}, combat {pv['combat']}")
                if pv["in_play"]:
                    parts.append("in play " + " ".join(pv["in_play"]))
                if pv.get("pending"):
                    parts.append(f"choosing: {pv['pending']['choice']}")
            if "hand" in pv:
                parts.append("hand " + " ".join(pv["hand"]))
            lines.append(", ".join(parts))
        row = " ".join(c or "-" for c in view["trade_row"])
        lines.append(f"trade row: {row} (trade deck {view['trade_deck_size']})")
        return "\n".join(lines)


def _hydra_done(view: View, seat: int) -> bool:
    """Whether a Hydra member's main phase is over: the view's ``main_phase``, or (absent)
    seat order, the members before the one acting being done."""
    stage = view["players"][seat].get("main_phase")
    if stage is not None:
        return bool(stage == "done")
    return bool(seat < view["current"])


def make_encoding(
    players: int = 2,
    attack_cap: int = DEFAULT_ATTACK_CAP,
    format: str = "duel",
    **game_options: Any,
) -> StarRealmsEncoding:
    """The encoding for ``players`` seats playing ``format`` (the game's only option)."""
    if game_options:
        raise ValueError(f"unknown options for Star Realms: {', '.join(sorted(game_options))}")
    return StarRealmsEncoding(players, attack_cap, format)

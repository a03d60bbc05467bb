"""A one-turn greedy heuristic for Star Realms, working only from a player's view.

The ``greedy`` bot (:mod:`rumizi.bots.greedy`) calls :func:`choose` with the acting player's
view and the legal actions. Nothing here looks at the true state, so the heuristic cannot
peek; it relies on public knowledge only (its own hand, every discard pile, bases, the trade
row, and the multiset of cards each player holds unseen).

The plan for a turn, one decision at a time:

1. answer an open choice (scrap a weak starting card while the deck stays big enough, discard
   the least useful card, clear the row card the opponent wants most, or skip);
2. play every card in hand, card-drawing cards first and scrap-card cards last (so that the
   starting cards are already in play and the scrap takes a card from the discard pile);
3. if an opponent can be killed this turn — if need be by scrapping cards for combat — do it
   (an enemy emperor first: that ends the game);
4. scrap for combat when that is what it takes to destroy a base worth destroying;
5. buy the most valuable affordable card, again and again (value from the card's effects,
   the game's progress, faction synergy with the player's own cards, and cost);
6. destroy outposts and bases that are worth it, then hit an opponent with the rest;
7. end the turn.

With several opponents (spec §3) it picks whom to hurt from the view alone: in a free-for-all
the leader (the most authority: the last one standing wins), in the team formats the weakest
enemy (one enemy fewer is one attacker fewer); in Hunter the right neighbour's bases (they
attack us) count double. A Raid boss's worn bases are finished with exactly the defense left,
and chipped at when outposts keep the boss out of reach. A fallen player bequeaths the card
the recipient would most like to buy; an opp-discard goes to the enemy it would hit first.

>>> import rumizi
>>> state = rumizi.game("star-realms").new(seed=4)
>>> me = state.to_act
>>> choose(state.view(me), state.legal_actions())
{'do': 'play', 'card': 'lookout'}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rumizi.core.contract import Action, View
from rumizi.games.star_realms.cards import (
    ALLY,
    AUTHORITY,
    BY_ID,
    CLEAR_ROW,
    COMBAT,
    COST,
    DEFENSE,
    DRAW,
    EXPLORER,
    FACTION,
    IS_BASE,
    IS_OUTPOST,
    LOOKOUT,
    OPP_DISCARD,
    PRIMARY,
    SCRAP,
    SCRAP_CARD,
    TRADE,
    VIPER,
    Effect,
)
from rumizi.games.star_realms.engine import EMPEROR_OPPOSITE, EMPERORS, RAID_BOSS_SEAT, seat_team

# Never scrap a card (with a scrap-card effect) when that would leave fewer cards than this.
MIN_DECK = 8
# Below this buy value a trade-row card is not worth clearing from the row.
CLEAR_THRESHOLD = 5.0
STARTERS = frozenset({LOOKOUT, VIPER})
_UNALIGNED = FACTION[LOOKOUT]


@dataclass(frozen=True, slots=True)
class Weights:
    """What one point of each effect is worth at this stage of the game."""

    trade: float
    combat: float
    authority: float
    draw: float
    scrap_card: float
    clear_row: float
    opp_discard: float

    def of(self, effects: Iterable[Effect]) -> float:
        total = 0.0
        for code, n in effects:
            if code == TRADE:
                total += self.trade * n
            elif code == COMBAT:
                total += self.combat * n
            elif code == AUTHORITY:
                total += self.authority * n
            elif code == DRAW:
                total += self.draw * n
            elif code == SCRAP_CARD:
                total += self.scrap_card * n
            elif code == CLEAR_ROW:
                total += self.clear_row * n
            elif code == OPP_DISCARD:
                total += self.opp_discard * n
        return total


def weights(progress: float, authority: int) -> Weights:
    """Effect weights: trade and thinning matter early, combat late, healing when low."""
    return Weights(
        trade=1.2 - 0.6 * progress,
        combat=0.7 + 0.6 * progress,
        authority=0.25 + (0.35 if authority < 20 else 0.0),
        draw=1.5,
        scrap_card=1.1 - 0.8 * progress,
        clear_row=0.3,
        opp_discard=0.9,
    )


def _ids(names: Iterable[str | None]) -> list[int]:
    return [BY_ID[n] for n in names if n is not None]


def _has(effects: Iterable[Effect], code: int) -> bool:
    return any(c == code for c, _ in effects)


def _amount(effects: Iterable[Effect], code: int) -> int:
    return sum(n for c, n in effects if c == code)


class Collection:
    """Everything one player owns, as public knowledge allows a view to tell."""

    __slots__ = ("count", "factions", "size")

    def __init__(self, cards: list[int]) -> None:
        self.count = Counter(cards)
        self.size = len(cards)
        self.factions = Counter(FACTION[c] for c in cards)

    def ally_chance(self, card: int) -> float:
        """A rough chance that ``card`` finds an ally when played from this collection."""
        faction = FACTION[card]
        if faction == _UNALIGNED:
            return 0.0
        others = self.factions[faction]
        return min(0.9, 0.1 + 1.8 * others / max(self.size, 1))

    def buy_value(self, card: int, w: Weights) -> float:
        """How much owning one more ``card`` is worth to this collection."""
        value = w.of(PRIMARY[card])
        value += self.ally_chance(card) * w.of(ALLY[card])
        value += 0.35 * w.of(SCRAP[card])
        if IS_BASE[card]:
            # A base works every turn it survives; tougher ones survive longer.
            value = value * (1.4 + 0.08 * DEFENSE[card]) + (0.6 if IS_OUTPOST[card] else 0.0)
        faction = FACTION[card]
        if faction != _UNALIGNED:
            # Each same-faction card already owned makes this one (and they) ally more often.
            value += 0.25 * min(self.factions[faction], 6)
        # The printed cost is the designers' own estimate; lean on it a little.
        return value + 0.3 * COST[card]


class TurnPlan:
    """The acting player's situation, read from its view."""

    def __init__(self, view: View) -> None:
        self.view = view
        me = view["viewer"]
        if me is None:
            me = view["to_act"]
        self.me: int = me
        players: list[dict[str, Any]] = view["players"]
        mine = players[me]
        self.mine = mine
        self.hand = _ids(mine.get("hand", []))
        self.in_play = _ids(mine.get("in_play", []))
        self.bases = _ids(mine["bases"])
        self.discard = _ids(mine["discard"])
        self.deck = _ids(mine["unseen"])
        self.own = Collection(self.hand + self.in_play + self.bases + self.discard + self.deck)
        self.format: str = view.get("format", "duel")
        n = len(players)
        self.teams = [seat_team(self.format, n, i) for i in range(n)]
        # The pools to spend: in Hydra the team's one pool (every teammate in the turn).
        pooled = [
            p
            for i, p in enumerate(players)
            if i == me or (self.format == "hydra" and self.teams[i] == self.teams[me])
        ]
        self.trade: int = sum(int(p.get("trade", 0)) for p in pooled)
        self.combat: int = sum(int(p.get("combat", 0)) for p in pooled)
        # Enemies still in the game (teammates are not opponents).
        self.opponents = [
            i
            for i, p in enumerate(players)
            if self.teams[i] != self.teams[me] and not p.get("eliminated")
        ]
        self.targets, self.reach, self.attacker = self._reach()
        authorities = [players[i]["authority"] for i in [me, *self.opponents]]
        turn: int = view["turn"]
        progress = max((turn - 2) / 22.0, 1.0 - min(authorities) / 50.0)
        self.progress = min(1.0, max(0.0, progress))
        self.w = weights(self.progress, mine["authority"])

    def _reach(self) -> tuple[list[int], list[int], int | None]:
        """(whom we may attack, whose bases we may attack, and in Hunter the neighbour who
        attacks us), by the format's rules (spec §3)."""
        players = self.view["players"]
        me = self.me
        n = len(players)
        if self.format == "hunter":

            def nearest(step: int) -> int:
                seat = (me + step) % n
                while players[seat].get("eliminated") and seat != me:
                    seat = (seat + step) % n
                return seat

            left, right = nearest(1), nearest(-1)
            return [left], sorted({left, right} - {me}), right
        if self.format == "emperor" and me in EMPEROR_OPPOSITE:
            opposite = EMPEROR_OPPOSITE[me]
            if not players[opposite].get("eliminated"):
                return [opposite], [opposite], None
            emperors = [i for i in self.opponents if i in EMPERORS]
            return emperors, emperors, None
        return list(self.opponents), list(self.opponents), None

    # ------------------------------------------------------------------ values

    def play_value(self, card: int) -> float:
        """What playing (or keeping) ``card`` this turn is worth."""
        allied = self.own.factions[FACTION[card]] > 1 and FACTION[card] != _UNALIGNED
        value = self.w.of(PRIMARY[card]) + (0.7 if allied else 0.2) * self.w.of(ALLY[card])
        if IS_BASE[card]:
            value += 1.0 + 0.2 * DEFENSE[card]
        return value

    def opponent_collection(self, who: int) -> Collection:
        p = self.view["players"][who]
        cards = _ids(p["unseen"]) + _ids(p["known_hand"]) + _ids(p["discard"])
        cards += _ids(p["bases"]) + _ids(p.get("in_play", []))
        return Collection(cards)

    def base_threat(self, card: int) -> float:
        """How much an opponent's base does for them each turn."""
        return self.w.of(PRIMARY[card]) + 0.6 * self.w.of(ALLY[card])

    # ------------------------------------------------------------------ decisions

    def choose(self, legal: list[Action]) -> Action:
        # The open choice is shown with the current player (a fallen player answering a
        # bequest is not the current player).
        pending = self.view["players"][self.view["current"]].get("pending")
        if pending is not None:
            return self.answer(pending["choice"], legal)
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a["do"], []).append(a)
        plays = by_kind.get("play")
        if plays:
            return min(plays, key=self.play_order)
        scraps = by_kind.get("scrap", [])
        attacks = by_kind.get("attack", [])
        lethal = self.go_for_kill(scraps, attacks)
        if lethal is not None:
            return lethal
        scrap = self.scrap_for_base(scraps)
        if scrap is not None:
            return scrap
        buys = by_kind.get("buy")
        if buys:
            best = max(
                buys, key=lambda a: (self.own.buy_value(BY_ID[a["card"]], self.w), a["card"])
            )
            return best
        late = self.scrap_explorer_late(scraps)
        if late is not None:
            return late
        attack = self.pick_attack(attacks)
        if attack is not None:
            return attack
        return by_kind["end"][0] if "end" in by_kind else legal[0]

    def play_order(self, action: Action) -> tuple[int, float, str]:
        """Sort key: drawing cards first, scrap-card cards last, better cards earlier."""
        card = BY_ID[action["card"]]
        primary = PRIMARY[card]
        if _has(primary, DRAW):
            rank = 0
        elif _has(primary, SCRAP_CARD):
            rank = 3
        elif card in STARTERS:
            rank = 2
        else:
            rank = 1
        return rank, -self.play_value(card), action["card"]

    def answer(self, choice: str, legal: list[Action]) -> Action:
        if choice == "scrap-card":
            return self.scrap_card(legal)
        if choice == "discard":
            return min(legal, key=lambda a: (self.play_value(BY_ID[a["card"]]), a["card"]))
        if choice == "clear-row":
            return self.clear_row(legal)
        if choice == "bequeath":
            return self.bequeath(legal)
        # A choice of opponent (opp-discard with several): the one we would hit first.
        targets = [a for a in legal if "player" in a]
        if targets:
            return max(targets, key=lambda a: self.target_rank(a["player"]))
        return legal[0]

    def bequeath(self, legal: list[Action]) -> Action:
        """A fallen player's gift: the card the recipient would most like to buy."""
        skip = next((a for a in legal if a["do"] == "skip"), legal[0])
        pending = self.view["players"][self.view["current"]].get("pending") or {}
        heir = pending.get("to")
        if heir is None:
            return skip
        theirs = self.opponent_collection(heir)
        best: tuple[float, str, Action] | None = None
        for a in legal:
            if a["do"] != "choose":
                continue
            card = BY_ID[a["card"]]
            if card in STARTERS:
                continue  # a starting card would only dilute their deck
            key = (theirs.buy_value(card, self.w), a["card"], a)
            if best is None or key[:2] > best[:2]:
                best = key
        return skip if best is None else best[2]

    def target_rank(self, who: int) -> tuple[float, int]:
        """Sort key of an opponent to hit (greatest first) when there is a choice.

        Free-for-all: the leader, by authority (the last one standing wins, and the weak
        are what everyone else goes for). The team formats: the weakest enemy, since each
        one gone is one attacker fewer. Ties: the lower seat.
        """
        authority: int = self.view["players"][who]["authority"]
        if self.format == "free-for-all":
            return float(authority), -who
        return float(-authority), -who

    def scrap_card(self, legal: list[Action]) -> Action:
        skip = next((a for a in legal if a["do"] == "skip"), legal[0])
        if self.own.size - 1 < MIN_DECK:
            return skip
        # Keep enough trade and combat in the deck to go on buying and attacking.
        best: tuple[float, Action] | None = None
        for a in legal:
            if a["do"] != "choose":
                continue
            card = BY_ID[a["card"]]
            if card not in STARTERS:
                continue
            kind = TRADE if card == LOOKOUT else COMBAT
            remaining = sum(
                _amount(PRIMARY[c], kind) * n for c, n in self.own.count.items() if c != EXPLORER
            ) - _amount(PRIMARY[card], kind)
            if remaining < 4:
                continue
            # From the discard pile it costs nothing now; from the hand it costs the play.
            score = self.play_value(card) + (0.5 if a["from"] == "hand" else 0.0)
            if best is None or score < best[0]:
                best = (score, a)
        return skip if best is None else best[1]

    def clear_row(self, legal: list[Action]) -> Action:
        skip = next((a for a in legal if a["do"] == "skip"), legal[0])
        threats = [self.opponent_collection(i) for i in self.opponents]
        best: tuple[float, Action] | None = None
        for a in legal:
            if a["do"] != "choose":
                continue
            card = BY_ID[a["card"]]
            score = max((c.buy_value(card, self.w) for c in threats), default=0.0)
            if COST[card] <= self.trade:
                # We could buy it ourselves this turn.
                score -= self.own.buy_value(card, self.w)
            if best is None or score > best[0]:
                best = (score, a)
        if best is None or best[0] < CLEAR_THRESHOLD:
            return skip
        return best[1]

    def scrap_combat(self, scraps: list[Action]) -> list[tuple[float, int, Action]]:
        """Scrap actions that give combat: (cost of losing the card, combat, action)."""
        out = []
        for a in scraps:
            card = BY_ID[a["card"]]
            gain = _amount(SCRAP[card], COMBAT)
            if gain:
                out.append((self.own.buy_value(card, self.w), gain, a))
        out.sort(key=lambda t: (t[0] / t[1], t[2]["card"]))
        return out

    def defenders(self, who: int) -> tuple[list[int], list[int]]:
        """(the outposts guarding ``who``, their other bases); in Hydra an outpost of any
        member guards the whole team."""
        players = self.view["players"]
        bases = _ids(players[who]["bases"])
        others = [c for c in bases if not IS_OUTPOST[c]]
        if self.format != "hydra":
            return [c for c in bases if IS_OUTPOST[c]], others
        team = self.teams[who]
        guards = [
            c
            for i, p in enumerate(players)
            if self.teams[i] == team and not p.get("eliminated")
            for c in _ids(p["bases"])
            if IS_OUTPOST[c]
        ]
        return guards, others

    def left(self, who: int, card: int) -> int:
        """Combat still needed to destroy base ``card`` of ``who``: in a Raid, the boss's
        bases keep the raiders' damage (the most worn copy is the one hit)."""
        pv = self.view["players"][who]
        damage = pv.get("damage")
        if not damage or who != RAID_BOSS_SEAT or self.me == RAID_BOSS_SEAT:
            return DEFENSE[card]
        worn = [d for d, c in zip(damage, _ids(pv["bases"]), strict=True) if c == card]
        return DEFENSE[card] - max(worn, default=0)

    def go_for_kill(self, scraps: list[Action], attacks: list[Action]) -> Action | None:
        """Kill an opponent this turn if the combat (with scraps) reaches through outposts
        (an enemy emperor first: that ends the game; then the weakest)."""
        extra = self.scrap_combat(scraps)
        available = self.combat + sum(t[1] for t in extra)
        players = self.view["players"]

        def order(i: int) -> tuple[bool, int, int]:
            return i not in EMPERORS or self.format != "emperor", players[i]["authority"], i

        for who in sorted(self.targets, key=order):
            outposts, _ = self.defenders(who)
            need = players[who]["authority"] + sum(self.left(who, c) for c in outposts)
            if available < need:
                continue
            if self.combat < need:
                return extra[0][2]
            guard_attacks = [a for a in attacks if "base" in a and IS_OUTPOST[BY_ID[a["base"]]]]
            if self.format != "hydra":
                guard_attacks = [a for a in guard_attacks if a["player"] == who]
            if guard_attacks:
                # A worn outpost of the boss: deal all it takes.
                return max(guard_attacks, key=lambda a: a.get("amount", 0))
            blows = [a for a in attacks if a["player"] == who and "base" not in a]
            if blows:
                exact = [a for a in blows if a.get("amount") == players[who]["authority"]]
                return exact[0] if exact else max(blows, key=lambda a: a.get("amount", 0))
        return None

    def threat_of(self, card: int, owner: int) -> float:
        """:meth:`base_threat`, doubled for the bases of a Hunter's attacker."""
        return self.base_threat(card) * (2.0 if owner == self.attacker else 1.0)

    def worth_destroying(self, card: int, owner: int) -> bool:
        """Outposts always; other bases when three turns of their effects outweigh the
        combat still needed to destroy them."""
        return IS_OUTPOST[card] or 3.0 * self.threat_of(card, owner) >= self.left(owner, card)

    def finishes(self, action: Action) -> bool:
        """Whether a base attack destroys the base (a raider's may only wear it down)."""
        amount = action.get("amount")
        return amount is None or amount >= self.left(action["player"], BY_ID[action["base"]])

    def scrap_for_base(self, scraps: list[Action]) -> Action | None:
        """Scrap for combat if that is what it takes to destroy a base worth destroying."""
        # Our own bases keep working every turn: they are only sacrificed for the kill.
        extra = [t for t in self.scrap_combat(scraps) if not IS_BASE[BY_ID[t[2]["card"]]]]
        if not extra:
            return None
        for who in self.reach:
            outposts, others = self.defenders(who)
            for card in sorted(outposts or others, key=self.base_threat, reverse=True):
                cost = self.left(who, card)
                if not self.worth_destroying(card, who) or cost <= self.combat:
                    continue
                short = cost - self.combat
                spend = 0.0
                gained = 0
                for loss, gain, _ in extra:
                    if gained >= short:
                        break
                    spend += loss
                    gained += gain
                value = self.threat_of(card, who) * 3.0 + (3.0 if IS_OUTPOST[card] else 0.0)
                if gained >= short and spend <= value:
                    return extra[0][2]
        return None

    def scrap_explorer_late(self, scraps: list[Action]) -> Action | None:
        """Late in the game an Explorer's 2 combat now beats its 2 trade later."""
        if self.progress < 0.6:
            return None
        return next((a for a in scraps if a["card"] == "explorer"), None)

    def pick_attack(self, attacks: list[Action]) -> Action | None:
        base_attacks = [a for a in attacks if "base" in a]
        worthy = [
            a
            for a in base_attacks
            if self.worth_destroying(BY_ID[a["base"]], a["player"]) and self.finishes(a)
        ]
        if worthy:
            return max(
                worthy,
                key=lambda a: (
                    IS_OUTPOST[BY_ID[a["base"]]],
                    self.threat_of(BY_ID[a["base"]], a["player"]),
                    a["base"],
                    a["player"],
                ),
            )
        on_player = [a for a in attacks if "base" not in a]
        if on_player:
            # Several opponents: everything ("amount" = the whole pool) on the chosen one.
            return max(on_player, key=lambda a: (a.get("amount", 0), self.target_rank(a["player"])))
        # A raider facing the boss's outposts: wear the nearest-to-fall one down for the
        # raiders still to play this round.
        chips = [a for a in base_attacks if "amount" in a and IS_OUTPOST[BY_ID[a["base"]]]]
        if chips:
            return max(
                chips,
                key=lambda a: (
                    a["amount"],
                    -self.left(a["player"], BY_ID[a["base"]]),
                    a["base"],
                ),
            )
        return None


def choose(view: View, legal: list[Action], rng: random.Random | None = None) -> Action:
    """The greedy choice among ``legal`` for the player whose ``view`` this is.

    ``rng`` is accepted for the common heuristic signature; this heuristic is deterministic.
    """
    if len(legal) == 1:
        return legal[0]
    return TurnPlan(view).choose(legal)


__all__ = ["Collection", "TurnPlan", "Weights", "choose", "weights"]

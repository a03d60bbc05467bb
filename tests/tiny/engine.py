"""Ten (ده): the smallest complete Rumizi game, with one face-down card per player.

Two players add to a shared total, starting at 0; whoever brings it to :data:`TARGET` or past
it wins. On your turn add 1 or 2 (``{"do": "add", "n": 1}``), or play your face-down card
(``{"do": "play"}``): its value (1–3) is added, and you draw the next card of the deck face
down, while the deck lasts. Your own card is in your view, your opponent's is not, so a bot
must guess it: :meth:`Ten.sample` deals the unseen cards again from those still unseen.

The document: ``{"game": "ten", "total": T, "current": P, "turn": N, "hands": [c0, c1],
"deck": [...], "winner": W}`` (a hand is ``null`` once its card is played and the deck is
empty; the deck's top card is first). The view hides the other hand (``null``) and shows the
deck as a count.

>>> state = GAME.new(seed=1)
>>> state.legal_actions()
[{'do': 'add', 'n': 1}, {'do': 'add', 'n': 2}, {'do': 'play'}]
>>> state.view(0)["hands"][1] is None
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rumizi.core.contract import Action, Document, Event, Game, GameState, View
from rumizi.core.errors import IllegalAction

TARGET = 10
DECK = (1, 1, 2, 2, 3, 3)  # the whole pack: one card each is dealt, the rest is the deck
ADD = ({"do": "add", "n": 1}, {"do": "add", "n": 2})
PLAY = {"do": "play"}


class TenState(GameState):
    """A position of Ten. Make one with ``GAME.new(seed)``."""

    game_id: ClassVar[str] = "ten"

    def __init__(
        self, hands: list[int | None], deck: list[int], total: int = 0, current: int = 0
    ) -> None:
        self.hands = hands
        self.deck = deck
        self.total = total
        self.current = current
        self.turn = 1
        self._winner: int | None = None

    # -- the contract ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        return [*ADD, PLAY] if self.hands[self.current] is not None else list(ADD)

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        me = self.current
        if action == PLAY:
            value = self.hands[me]
            assert value is not None
            self.hands[me] = self.deck.pop(0) if self.deck else None
            self._log({"event": "play", "player": me, "value": value})
            if self.hands[me] is not None:
                self._log({"event": "draw", "player": me, "count": 1})
        else:
            value = int(action["n"])
            self._log({"event": "add", "player": me, "value": value})
        self.total += value
        if self.total >= TARGET:
            self._winner = me
            self._log({"event": "game-over", "winner": me})
            return
        self.current = 1 - me
        self.turn += 1
        self._log({"event": "turn", "player": self.current, "turn": self.turn})

    def _log(self, event: Event) -> None:
        if self.events is not None:
            self.events.append(event)

    @property
    def to_act(self) -> int | None:
        return None if self.over else self.current

    @property
    def over(self) -> bool:
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        return self._winner

    @property
    def num_players(self) -> int:
        return 2

    def export(self) -> Document:
        return {
            "game": self.game_id,
            "total": self.total,
            "current": self.current,
            "turn": self.turn,
            "hands": list(self.hands),
            "deck": list(self.deck),
            "winner": self._winner,
        }

    def view(self, player: int | None) -> View:
        return {
            "game": self.game_id,
            "viewer": player,
            "total": self.total,
            "target": TARGET,
            "turn": self.turn,
            "to_act": self.to_act,
            "over": self.over,
            "winner": self._winner,
            # Your own card face up, the other face down: whether there is one, not its value.
            "hands": [h if p == player else None for p, h in enumerate(self.hands)],
            "holding": [h is not None for h in self.hands],
            "deck": len(self.deck),
        }

    def clone(self) -> TenState:
        twin = TenState(list(self.hands), list(self.deck), self.total, self.current)
        twin.turn, twin._winner = self.turn, self._winner
        return twin

    @classmethod
    def game(cls) -> Ten:
        return GAME


class Ten(Game):
    """The game Ten: two players, one hidden card each."""

    id: ClassVar[str] = "ten"
    names: ClassVar[dict[str, str]] = {"en": "Ten", "fa": "ده"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def new(self, seed: int = 0, players: int = 2, **options: Any) -> TenState:
        if players != 2:
            raise ValueError(f"Ten is for 2 players, not {players}")
        if options:
            raise ValueError(f"Ten has no options: {', '.join(sorted(options))}")
        pack = list(DECK)
        rng = random.Random(seed)
        rng.shuffle(pack)
        return TenState([pack[0], pack[1]], pack[2:], current=rng.randrange(2))

    def load(self, doc: Document) -> TenState:
        try:
            hands = [None if h is None else int(h) for h in doc["hands"]]
            state = TenState(hands, [int(c) for c in doc["deck"]], int(doc["total"]))
            state.current, state.turn = int(doc["current"]), int(doc["turn"])
            state._winner = None if doc.get("winner") is None else int(doc["winner"])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"not a Ten document: {err!r}") from None
        if len(hands) != 2 or state.current not in (0, 1):
            raise ValueError("a Ten document has two hands and a current player 0 or 1")
        return state

    def sample(self, view: View, seed: int) -> TenState:
        """Deal the unseen cards (the other hand, the deck) again from those not yet seen."""
        me = view["viewer"]
        holding = view["holding"]
        unseen = list(DECK)
        # Cards played so far are gone, but the view does not say which: guess from the whole
        # pack less your own card (a bot's guess, never the truth).
        if me is not None and view["hands"][me] is not None:
            unseen.remove(view["hands"][me])
        rng = random.Random(seed)
        rng.shuffle(unseen)
        hands: list[int | None] = [
            view["hands"][p] if p == me else (unseen.pop() if holding[p] else None)
            for p in range(2)
        ]
        state = TenState(hands, unseen[: view["deck"]], view["total"])
        state.current, state.turn = view["to_act"] or 0, view["turn"]
        state._winner = view["winner"]
        return state


GAME = Ten()

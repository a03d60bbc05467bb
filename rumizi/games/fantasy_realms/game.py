"""The Fantasy Realms factory: :data:`GAME`, which starts, loads and samples games.

The rules are in :mod:`.engine`; reading a document back is :mod:`.document`'s, sampling a
state from a view :mod:`.sampling`'s. This module sits above all three, so that none of them
needs another's factory: the engine's state finds its game through the registry
(:func:`rumizi.core.registry.game`).

>>> from rumizi.games.fantasy_realms import GAME
>>> s = GAME.new(seed=5, players=4, items=True)
>>> GAME.load(s.export()).export() == s.export()
True
>>> GAME.sample(s.view(0), seed=1).view(0) == s.view(0)
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from rumizi.core import rng
from rumizi.core.contract import Document, Game, View
from rumizi.games.fantasy_realms.document import load_document
from rumizi.games.fantasy_realms.engine import GAME_ID, FantasyRealmsState, Options, new_state
from rumizi.games.fantasy_realms.sampling import sample_from_view


class FantasyRealms(Game):
    """Fantasy Realms (قلمرو افسانه‌ای) with the Cursed Hoard: 3–6 players, or 2 (the draft)."""

    id: ClassVar[str] = GAME_ID
    names: ClassVar[dict[str, str]] = {"en": "Fantasy Realms", "fa": "قلمرو افسانه‌ای"}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7  # 7 only in chaos realms (``variant="chaos"``)

    def new(self, seed: int = 0, players: int = 4, **options: Any) -> FantasyRealmsState:
        """A new game (see :mod:`.engine`'s *Tables*); bad options raise ValueError.

        >>> GAME.new(seed=1, players=3, suits=True).export()["hands"][0].__len__()
        8
        >>> GAME.new(players=7)
        Traceback (most recent call last):
        ...
        ValueError: Fantasy Realms is for 2 to 6 players, not 7
        """
        rng.check_seed(seed)
        known = {"suits", "items", "jester", "phoenix", "first", "variant", "timer"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(f"unknown options for Fantasy Realms: {', '.join(unknown)}")
        for flag in ("suits", "items", "jester"):  # the web's option values are words
            if options.get(flag) in ("true", "false"):
                options[flag] = options[flag] == "true"
            if flag in options and not isinstance(options[flag], bool):
                # 0 or "yes" is not read as a yes or no: say what the option takes.
                raise ValueError(f"option {flag} is true or false, not {options[flag]!r}")
        for name in ("first", "timer"):  # seats and seconds arrive as words from the web
            value = options.get(name)
            if isinstance(value, str) and value.isdigit():
                options[name] = int(value)
        timer = options.get("timer")
        if timer is not None and (not isinstance(timer, int) or isinstance(timer, bool)):
            raise ValueError(f"option timer is a whole number of seconds, not {timer!r}")
        return new_state(seed, Options(players, **options))

    def load(self, doc: Document) -> FantasyRealmsState:
        return load_document(doc)

    def sample(self, view: View, seed: int) -> FantasyRealmsState:
        return sample_from_view(view, rng.check_seed(seed))


GAME = FantasyRealms()

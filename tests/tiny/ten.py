"""Ten, a tiny game that lives outside :mod:`rumizi.games` and joins through the registry.

Importing this module registers the game; its add-ons (``heuristics``, ``encoding``) sit
beside its engine, where the registry finds them, and it has no ``web``, ``tui``, ``texts`` or
``rules``: the platform's defaults word it everywhere.
"""

from typing import TYPE_CHECKING

import rumizi
from tests.tiny.engine import GAME, Ten, TenState

rumizi.register(GAME)

__all__ = ["GAME", "Ten", "TenState"]

if TYPE_CHECKING:  # mypy checks the add-ons against their protocols
    from rumizi.core.addons import HeuristicsAddOn
    from rumizi.core.encoding import EncodingAddOn
    from tests.tiny import encoding, heuristics

    _heuristics: HeuristicsAddOn = heuristics
    _encoding: EncodingAddOn = encoding

"""Adapters to research frameworks: PettingZoo (AEC and parallel), Gymnasium and OpenSpiel.

Nothing here is imported by the core package: the adapters need the optional ``rl`` extra
(``pip install rumizi[rl]``: numpy, gymnasium, pettingzoo, open_spiel), and each module imports
it on its own. Entry points:

* :func:`rumizi.env` — a PettingZoo AEC environment for a game
  (:mod:`rumizi.adapters.pettingzoo_env`), any table size and format, e.g.
  ``rumizi.env("star-realms", players=4, format="hydra")``;
* :func:`rumizi.parallel_env` — a PettingZoo parallel environment for a game with a phase
  every seat plays at once (:mod:`rumizi.adapters.parallel_env`), e.g. Fantasy Realms' chaos
  trading, ``rumizi.parallel_env("fantasy-realms", players=5, variant="chaos")``;
* ``import rumizi.adapters.openspiel_game`` registers every encoded game with OpenSpiel, e.g.
  ``pyspiel.load_game("python_rumizi_star_realms")`` (parameters ``players``, ``format``, …);
* :func:`rumizi.adapters.base.encoding` — a game's fixed action index and observation encoder.
"""

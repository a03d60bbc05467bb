"""Errors shared by every game."""


class IllegalAction(ValueError):
    """An action that is not legal in the current state.

    Raised by :meth:`rumizi.core.contract.GameState.apply`; the state is left exactly as it
    was. The message names the problem, e.g. ``"cannot buy 'flagship': costs 6, trade is 4"``.
    """

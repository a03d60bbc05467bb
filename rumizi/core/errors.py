"""Errors shared by every game.

Like python-chess, a refusal says which mistake the caller made. An action that is not even
well-formed (not an object, an unknown kind, a field missing or too many, a card id that
does not exist) raises :class:`MalformedAction`; a well-formed action the rules do not allow
now raises :class:`IllegalAction`. A malformed action is never legal either, so
:class:`MalformedAction` is a kind of :class:`IllegalAction`: code that only cares that a
move was refused catches the one. A document that cannot be loaded raises
:class:`DocumentError` (a :class:`ValueError`) naming the field.
"""


class IllegalAction(ValueError):
    """An action that is not legal in the current state.

    Raised by :meth:`rumizi.core.contract.GameState.apply`; the state is left exactly as it
    was. The message names the problem, e.g. ``"cannot buy 'flagship': costs 6, trade is 4"``.
    """


class MalformedAction(IllegalAction):
    """An action that no position would accept: not an action of this game at all.

    Its shape is wrong (not an object, no ``"do"``, an unknown kind, missing or unexpected
    fields) or it names something the game does not have (an unknown card or zone). The state
    is left exactly as it was.
    """


class DocumentError(ValueError):
    """A document (or a part of one) that cannot be loaded, with the field at fault.

    ``path`` is where the reader found the problem, written as in Python and JavaScript
    (``"document.players[0].authority"``); ``problem`` says what is wrong there. The message is
    both: ``"document.players[0]: unknown field 'authorty' (did you mean 'authority'?)"``.
    """

    def __init__(self, path: str, problem: str) -> None:
        # Both as arguments, so that the error pickles (a worker process's error reaches
        # the parent as it was raised).
        super().__init__(path, problem)
        self.path = path
        self.problem = problem

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"

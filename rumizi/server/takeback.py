"""Undo at a table: the ``undo`` message, its refusals, its log line and the table option.

The engine says which steps may be taken back (:mod:`rumizi.core.undo`); this module lets a
player do it over the socket, ``{"type": "undo", "version": V, "client_id": C}``, and refuses
with a code (``rumizi.server.errors``) when the table does not allow it, when it is not the
player's turn, when another player acted since, or when the last step is a barrier. An undo
is stored like a move, as the record ``{"do": "undo", "of": V}`` at the next version (no new
table, no migration): a restart, another instance (which hears of it as of any move, by
version) and the replay all play it through the same :class:`rumizi.core.undo.Trail`.

The table option ``undo`` (in the table's options, never passed to the game) allows it; a
table without it allows undo unless it is rated.

The hub uses this module (the log's undo lines, the options, the Undo button) and the undo is
stored through the hub: :func:`take_back` asks of it only what :class:`UndoHost` names, so
this module needs the hub's types for checking only, never the module itself at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from rumizi.core import undo
from rumizi.core.addons import Audience
from rumizi.core.contract import GameState
from rumizi.core.i18n import number
from rumizi.server import inbound
from rumizi.server.plugins import GameWeb
from rumizi.server.refusals import ActionError, check_playing

if TYPE_CHECKING:
    from rumizi.server.hub import Client, LiveTable

OPTION = "undo"  # the table option; the platform's, like "players"
PLATFORM_OPTIONS = ("players", OPTION)

TOOK_BACK = {
    "en": "{name} took back a move.",
    "fa": "{name} یک حرکت را پس گرفت.",
}
YOU_TOOK_BACK = {"en": "You took back a move.", "fa": "شما یک حرکت را پس گرفتید."}


def default(rated: bool) -> bool:
    """Whether a table allows undo when its creator did not say: unrated ones do."""
    return not rated


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """A table's options as its game takes them (without the platform's own)."""
    return {k: v for k, v in options.items() if k not in PLATFORM_OPTIONS}


def allowed(table: LiveTable) -> bool:
    return bool(table.row.options.get(OPTION, default(table.row.rated)))


def offered(table: LiveTable, seat: int | None) -> bool:
    """Whether ``seat`` may take its last step back now (the page's Undo button)."""
    state = table.state
    return (
        seat is not None
        and table.row.status == "playing"
        and not state.over
        and state.actors == (seat,)
        and allowed(table)
        and table.trail.can_take_back(seat) == "ok"
    )


def log_lines(web: GameWeb, events: list[dict[str, Any]], audience: Audience) -> list[str]:
    """The log lines of one version: the game's, or the platform's for an undo record."""
    if events and events[0].get("event") == undo.UNDO:
        seat = events[0]["seat"]
        lang = audience.lang if audience.lang in TOOK_BACK else "en"
        if seat == audience.seat:
            return [YOU_TOOK_BACK[lang]]
        return [TOOK_BACK[lang].format(name=audience.names[seat])]
    return web.log_lines(events, audience)


def undone_lines(table: LiveTable, seat: int | None, lang: str) -> list[int]:
    """The indices of the log lines (as ``seat`` reads it in ``lang``) of moves taken back."""
    if not table.trail.undone:
        return []
    lines = table.log(seat, lang)
    starts = table.log_starts.get((seat, lang), [])
    found: list[int] = []
    for version in sorted(table.trail.undone):
        if version < len(starts):
            end = starts[version + 1] if version + 1 < len(starts) else len(lines)
            found.extend(range(starts[version], end))
    return found


def marked_undone(version: int, lang: str) -> str:
    """How the replay names a move taken back (its frame's mark)."""
    shown = number(version, lang)
    return f"حرکت {shown} پس گرفته شد" if lang == "fa" else f"move {shown} was taken back"


class UndoHost(Protocol):
    """What an undo needs of the hub (:class:`rumizi.server.hub.Hub` is one)."""

    async def commit(
        self,
        table: LiveTable,
        seat: int | None,
        action: dict[str, Any],
        client_id: str,
        trial: GameState,
        events: list[dict[str, Any]],
        sender: Client | None,
    ) -> None:
        """Store ``action`` (checked: ``trial`` is the state after it), then apply and ack it;
        called with the table's lock held."""
        ...

    async def broadcast(self, table: LiveTable) -> None:
        """Send everyone at ``table`` the new state."""
        ...

    def schedule(self, table: LiveTable) -> None:
        """Set off what ``table`` now waits for from the server (its bot, clock, timer)."""
        ...


async def take_back(
    hub: UndoHost,
    table: LiveTable,
    seat: int | None,
    version: Any,
    client_id: Any,
    sender: Client | None = None,
) -> int:
    """Take back ``seat``'s last step at ``table`` (the new version), or raise ActionError."""
    problem = inbound.client_id_problem(client_id)
    if problem is not None:
        raise ActionError("malformed", problem)
    if not isinstance(version, int) or isinstance(version, bool):
        raise ActionError("malformed", "an undo message needs 'version' (an integer)")
    async with table.lock:
        check_playing(table, client_id, version, "the undo was asked")
        if not allowed(table):
            raise ActionError("undo-off", "this table does not allow undo")
        if seat is None or seat not in table.state.actors or len(table.state.actors) != 1:
            raise ActionError("not-your-turn", "you can take back only in your turn")
        why = table.trail.can_take_back(seat)
        step = table.trail.latest()
        if why == undo.NOTHING:
            raise ActionError("undo-nothing", "you have no move to take back")
        if why == undo.OTHER:
            raise ActionError("undo-other", "another player acted since your last move")
        if why != "ok" or step is None:
            raise ActionError(
                "undo-barrier", "the last move drew, shuffled or showed a card, or ended the turn"
            )
        record = undo.undo_record(step.version)
        events = [{"event": undo.UNDO, "seat": seat, "of": step.version}]
        await hub.commit(table, seat, record, client_id, step.before, events, sender)
    await hub.broadcast(table)
    hub.schedule(table)
    return table.version

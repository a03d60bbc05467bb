"""The JSON API, one router per resource, each route with its answer's model and its refusals.

======================  ==========================================================
:mod:`.session`         ``/api/me`` and ``/api/lang``: who is here, in which language
:mod:`.accounts`        ``/api/auth/...``: guests, sign-up, sign-in, sign-out
:mod:`.games`           ``/api/games...``: the catalogue, a game's page, its cards
:mod:`.tables`          ``/api/tables...`` and ``/api/my/games``: making, joining, listing
:mod:`.lobby`           ``/api/lobby...``, ``/ws/lobby``: open tables, quick match, who is on
:mod:`.replays`         ``/api/tables/{id}/replay``: a game stepped move by move
:mod:`.analysis`        ``/api/tables/{id}/analysis``: a finished game's win chances and marks
:mod:`.ratings`         ``/api/leaderboard/{game}``
:mod:`.users`           ``/api/users/{name}``: a player's public profile, following, blocking
:mod:`.challenges`      ``/api/challenges...``: challenging a player to a game
:mod:`.tournaments`     ``/api/tournaments...``, ``/ws/tournaments/{id}``: Swiss and arena events
:mod:`.bots`            ``/api/account/...``, ``/api/bot/...``: bot accounts, tokens, bots' streams
:mod:`.fantasy_realms`  ``/api/fantasy-realms/...``: the Fantasy Realms scorer's cards and scores
:mod:`.email`           ``/api/me/email...``, ``/verify-email/...``, ``/unsubscribe/...``: e-mail
:mod:`.moderation`      ``/api/reports``, ``/api/my/standing``, ``/api/admin/...``: moderation
:mod:`.pages`           every page path answered with ``index.html`` (not in the schema)
======================  ==========================================================

The bodies are in :mod:`rumizi.server.schemas`, the refusals in :mod:`rumizi.server.errors`;
``docs/web-protocol.md`` lists both from the schema (``python -m rumizi.server.protocol_doc``).
"""

from __future__ import annotations

from fastapi import APIRouter

from rumizi.server.routes import (
    accounts,
    analysis,
    bots,
    challenges,
    email,
    fantasy_realms,
    games,
    lobby,
    moderation,
    puzzles,
    ratings,
    replays,
    session,
    tables,
    tournaments,
    users,
)

API_ROUTERS: tuple[APIRouter, ...] = (
    session.router,
    accounts.router,
    games.router,
    tables.router,
    lobby.router,
    replays.router,
    analysis.router,
    ratings.router,
    fantasy_realms.router,
    puzzles.router,
    users.router,
    challenges.router,
    tournaments.router,
    bots.router,
    email.router,
    moderation.router,
)

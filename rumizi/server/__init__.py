"""The web platform: an authoritative game server (FastAPI) over an SQL database.

``rumizi serve`` starts it (:func:`rumizi.server.app.create_app`). Games plug in through the
engine contract and a small ``web`` module beside each engine (:mod:`rumizi.server.plugins`).
"""

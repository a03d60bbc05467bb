"""How ratings are shown (rumizi.server.ratings, issue 33): the chess scale, the "?" and its
count, and the leaderboard's order — checked against the model itself, not restated."""

from __future__ import annotations

import re
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from openskill.models import PlackettLuce
from sqlalchemy import inspect

from rumizi.server import db as server_db
from rumizi.server import ratings
from rumizi.server.db import Rating, User, make_engine
from tests.server.kit import Server

ROOT = Path(__file__).resolve().parents[2]
MODEL = PlackettLuce()


def test_a_newcomer_shows_1500_and_a_win_and_a_loss_move_it_alike() -> None:
    new = MODEL.rating()
    assert ratings.display(new.mu) == 1500
    (winner,), (loser,) = MODEL.rate([[new], [MODEL.rating()]], ranks=[1.0, 2.0])
    up, down = ratings.display(winner.mu) - 1500, 1500 - ratings.display(loser.mu)
    assert up == down and 60 < up < 100  # not 138 and -73 as the ordinal had it


def test_400_points_mean_what_they_mean_in_chess_ten_wins_to_one() -> None:
    # The model moves a winner by how surprising the win was: an underdog's win moves it by
    # p / (1 - p) times a favourite's, p the favourite's chance. 400 points apart, Elo's p is
    # 10/11, so the ratio is 10 — read from the model's own updates of two settled players.
    gap = 400 / ratings.SCALE
    sure = 0.05  # sigma: two players the model knows well

    def gain(winner_mu: float, loser_mu: float) -> float:
        a, b = MODEL.create_rating([winner_mu, sure]), MODEL.create_rating([loser_mu, sure])
        (after,), _ = MODEL.rate([[a], [b]], ranks=[1.0, 2.0])
        return float(after.mu - winner_mu)

    ratio = gain(25.0, 25.0 + gap) / gain(25.0 + gap, 25.0)
    assert 9.8 < ratio < 10.2, ratio
    assert ratings.display(25.0 + gap) - ratings.display(25.0) == 400


def test_a_rating_is_provisional_until_the_slowest_newcomer_is_sure_to_a_class() -> None:
    # A player meeting a newcomer every game (the model learns least from such games),
    # losing and winning in turn: one sigma falls under 200 points at game 8, not before.
    me = MODEL.rating()
    shown = []
    for game in range(1, ratings.PROVISIONAL_GAMES + 1):
        ranks = [1.0, 2.0] if game % 2 == 0 else [2.0, 1.0]
        (me,), _ = MODEL.rate([[me], [MODEL.rating()]], ranks=ranks)
        shown.append(ratings.deviation(me.sigma))
    assert shown[-2] >= ratings.PROVISIONAL_DEVIATION > shown[-1], shown
    assert ratings.provisional(ratings.PROVISIONAL_GAMES - 1)
    assert not ratings.provisional(ratings.PROVISIONAL_GAMES)


def test_the_page_says_the_same_count_of_provisional_games() -> None:
    page = (ROOT / "rumizi/web/static/pages/leaderboard.js").read_text(encoding="utf-8")
    (count,) = re.findall(r"export const PROVISIONAL_GAMES = (\d+);", page)
    assert int(count) == ratings.PROVISIONAL_GAMES
    words = (ROOT / "rumizi/web/static/i18n.js").read_text(encoding="utf-8")
    about = re.findall(r'"lb\.about": "([^"]*)"', words)
    assert len(about) == 2 and all(
        "{n}" in text and ("1500" in text or "۱۵۰۰" in text) for text in about
    )


def test_settled_ratings_come_before_provisional_ones(server: Server) -> None:
    with server.store.sessions.begin() as s:
        for name, mu, games in (("newbie", 40.0, 3), ("veteran", 27.0, 30), ("regular", 24.0, 9)):
            user = User(name=name, name_key=name, guest=False)
            s.add(user)
            s.flush()
            s.add(Rating(user_id=user.id, game="star-realms", mu=mu, sigma=3.0, games=games))
    rows = server.browser().get("/api/leaderboard/star-realms").json()
    assert [(r["name"], r["provisional"]) for r in rows] == [
        ("veteran", False),
        ("regular", False),
        ("newbie", True),
    ]
    assert rows[0]["rating"] == ratings.display(27.0) and rows[0]["deviation"] == 88


def test_the_migration_builds_the_rating_changes_table_the_model_describes(db_url: str) -> None:
    engine = make_engine(db_url)
    config = Config()
    config.set_main_option("script_location", str(Path(server_db.__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0009")
        assert "rating_changes" not in inspect(connection).get_table_names()
    server_db.migrate(engine)
    with engine.begin() as connection:
        differences = compare_metadata(
            MigrationContext.configure(connection), server_db.Base.metadata
        )
        assert [d for d in differences if "rating_changes" in repr(d)] == []
        config.attributes["connection"] = connection
        command.downgrade(config, "0009")
        assert "rating_changes" not in inspect(connection).get_table_names()
        command.upgrade(config, "head")
    engine.dispose()

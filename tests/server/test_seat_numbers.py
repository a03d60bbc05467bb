"""Seats are counted from one wherever a person reads them (issue 33).

The new-table form's seat pickers say "Seat 1", "Seat 2"; so must every option that names a
seat (who starts, who plays the Shadow), every unnamed seat in a game's sentences, a bot's
number at the table, and the terminal (its ``--seat`` and its intro line). Option values on
the wire stay seat indexes (0, 1, …): only what is read changes.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from rumizi.cli.main import cli
from rumizi.core.i18n import number
from rumizi.core.record import GameRecord
from rumizi.core.registry import game_ids
from rumizi.core.terminal_kit import Seating
from rumizi.games.fantasy_realms import texts as fr_texts
from rumizi.games.splendor_duel import texts as sd_texts
from rumizi.games.star_realms import texts as sr_texts
from rumizi.games.war_of_the_ring import texts as wotr_texts
from rumizi.server.bots import seat_names
from rumizi.server.plugins import plugin

# A seat named by its number in a label: "Seat 2", «صندلی ۲», "Player 2", «بازیکن ۲».
SEAT_WORDS = r"(?:Seat|Player|صندلی|بازیکن) ([0-9۰-۹]+)"
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"


def _int(text: str) -> int:
    return int(text.translate(str.maketrans(PERSIAN_DIGITS, "0123456789")))


def seat_choices() -> list[tuple[str, str, str, int, str]]:
    """(game, lang, option, value, label) for every choice whose label names a seat."""
    found = []
    for game in game_ids():
        for lang in ("fa", "en"):
            for option in plugin(game).options(lang):
                for choice in option["choices"]:
                    if re.search(SEAT_WORDS, choice["label"]):
                        value = choice["value"]
                        assert isinstance(value, int) or str(value).isdigit(), (game, choice)
                        found.append((game, lang, option["name"], int(value), choice["label"]))
    return found


def test_every_game_with_a_seat_option_is_checked() -> None:
    games = {(game, option) for game, _, option, _, _ in seat_choices()}
    assert {
        ("splendor-duel", "first"),
        ("war-of-the-ring", "first"),
        ("war-of-the-ring", "shadow"),
        ("fantasy-realms", "first"),
    } <= games


@pytest.mark.parametrize(("game", "lang", "option", "seat", "label"), seat_choices())
def test_an_option_naming_a_seat_counts_it_from_one(
    game: str, lang: str, option: str, seat: int, label: str
) -> None:
    numbers = [_int(n) for n in re.findall(SEAT_WORDS, label)]
    assert numbers, (game, option, label)
    assert numbers[0] == seat + 1, (game, lang, option, seat, label)
    assert 0 not in numbers, label
    if lang == "fa":
        assert not re.search(r"[0-9]", label), label  # Persian digits on a Persian page
        assert number(seat + 1, "fa") in label


def test_who_plays_the_shadow_names_both_seats_from_one() -> None:
    (shadow,) = [o for o in plugin("war-of-the-ring").options("en") if o["name"] == "shadow"]
    labels = {c["value"]: c["label"] for c in shadow["choices"]}
    assert labels == {
        1: "Seat 2 (Free Peoples: Seat 1)",
        0: "Seat 1 (Free Peoples: Seat 2)",
    }
    (fa,) = [o for o in plugin("war-of-the-ring").options("fa") if o["name"] == "shadow"]
    assert fa["choices"][0]["label"] == "صندلی ۲ (مردمان آزاد: صندلی ۱)"


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_an_unnamed_seat_in_a_sentence_is_counted_from_one(lang: str) -> None:
    first = "بازیکن ۱" if lang == "fa" else "Player 1"
    second = "بازیکن ۲" if lang == "fa" else "Player 2"
    assert sd_texts.seat_name(0, lang) == first
    assert wotr_texts.seat_name(0, lang) == first
    assert sr_texts.player_label(0, lang) == first
    assert fr_texts.seat_name(0, lang) == first
    assert Seating(lang=lang, players=2).name(1) == second
    # Star Realms' roles carry the seat's number too: the raid's seat index 1 is seat 2.
    raid = [w.name for w in sr_texts.table_seats(lang, "raid", 3)]
    assert raid[1].endswith(number(2, lang)) and raid[2].endswith(number(3, lang))


def test_bots_of_one_level_are_numbered_by_the_seat_the_page_shows() -> None:
    seats = [
        SimpleNamespace(seat=0, kind="human", level=None, name="mina"),
        SimpleNamespace(seat=1, kind="bot", level="easy", name=None),
        SimpleNamespace(seat=2, kind="bot", level="easy", name=None),
    ]
    assert seat_names(seats, "en")[1:] == ("Easy bot 2", "Easy bot 3")
    assert seat_names(seats, "fa")[1].endswith("۲")


def test_the_terminal_counts_seats_from_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    helped = runner.invoke(cli, ["play", "--help"])
    assert "Your seat, from 1" in " ".join(helped.output.split())
    played = runner.invoke(
        cli,
        ["play", "splendor-duel", "--seed", "3", "--seat", "1", "--save", "g.json"],
        input="q\n",
    )
    assert played.exit_code == 0, played.output
    assert "you are player 1, Random bot is player 2" in played.output
    assert GameRecord.load(tmp_path / "g.json").meta["human"] == 0  # the index stays 0
    refused = runner.invoke(cli, ["play", "splendor-duel", "--seat", "0"], input="q\n")
    assert refused.exit_code == 2 and "1 to 2" in refused.output

"""``rumizi fantasy-realms score``: the table, the JSON, the choices and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from rumizi.cli.main import cli
from tests.cli.persian import persian_problems

SEED_HAND = ["mountain", "great-flood", "smoke", "whirlwind", "air-elemental", "wildfire", "mirage"]


def test_score_prints_each_card_and_the_best_total(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["fantasy-realms", "score", *SEED_HAND])
    assert result.exit_code == 0, result.output
    assert "Mirage (Rainstorm)" in result.output
    assert "total: 260" in result.output


def test_score_json_and_a_fixed_choice(runner: CliRunner) -> None:
    args = ["fantasy-realms", "score", *SEED_HAND, "--choose", "mirage=blizzard", "--json"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 220
    assert data["choices"] == {"mirage": {"copies": "blizzard"}}
    assert [c["id"] for c in data["cards"]] == SEED_HAND


def test_score_in_persian(runner: CliRunner) -> None:
    args = ["fantasy-realms", "score", "wildfire", "blizzard", "great-flood", "--lang", "fa"]
    result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "جمع کل: ۶۵" in result.output
    assert "پوچ با بوران" in result.output
    for line in result.output.splitlines():
        assert persian_problems(line) == [], line


def test_book_of_changes_choice_and_the_discard_area(runner: CliRunner) -> None:
    args = [
        "fantasy-realms",
        "score",
        "warship",
        "book-of-changes",
        "--choose",
        "book-of-changes=warship:flood",
        "--json",
    ]
    assert json.loads(runner.invoke(cli, args).output)["total"] == 26
    args = [
        "fantasy-realms",
        "score",
        "dark-queen",
        "--expansion",
        "--discards",
        "swamp",
        "--discards",
        "unicorn",
        "--json",
    ]
    assert json.loads(runner.invoke(cli, args).output)["total"] == 20


def test_bad_input_is_refused(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["fantasy-realms", "score", "king", "kingx"])
    assert result.exit_code == 2
    assert "unknown card id 'kingx'" in result.output
    result = runner.invoke(cli, ["fantasy-realms", "score", "king", "--choose", "king=queen"])
    assert result.exit_code == 2


# The base game's best hand (397).
BEST_BASE = [
    "bell-tower",
    "book-of-changes",
    "candle",
    "gem-of-order",
    "necromancer",
    "shield-of-keth",
    "sword-of-keth",
    "warhorse",
]


def test_best_hand_resumes_from_its_checkpoint_and_prints_the_hands(
    runner: CliRunner, tmp_path: Path
) -> None:
    from rumizi.games.fantasy_realms import score_hand
    from rumizi.games.fantasy_realms.besthand import search_order

    # Every branch of bar 390 already searched: the run only reads the checkpoint.
    total = score_hand(BEST_BASE).total
    branches = {str(k): [] for k in range(len(search_order()) - 6)}
    branches["0"] = [[total, BEST_BASE]]
    out = tmp_path / "best.json"
    out.write_text(json.dumps({"bars": {"390": {"branches": branches, "nodes": 5}}}))
    result = runner.invoke(
        cli, ["fantasy-realms", "best-hand", "--floor", "390", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "bar 390: 1 hand(s) scoring 390 or more (5 nodes, 0 CPU s)" in result.output
    assert f"total: {total}" in result.output
    saved = json.loads(out.read_text())
    assert saved["result"]["top"] == [[total, BEST_BASE]]
    assert saved["order"] == search_order()  # so that a later run can tell it is the same


def test_best_hand_counts_pieces_searched_at_a_lower_bar(runner: CliRunner, tmp_path: Path) -> None:
    from rumizi.games.fantasy_realms import score_hand
    from rumizi.games.fantasy_realms.besthand import search_order

    # Every piece searched at bar 380 (one hand kept each): a pass at 390 finds nothing more.
    total = score_hand(BEST_BASE).total
    branches: dict[str, list[Any]] = {str(k): [] for k in range(len(search_order()) - 6)}
    branches["0"] = [[total, BEST_BASE]]
    branches["1"] = [[385, ["a", "b"]]]  # below 390: not one of bar 390's hands
    out = tmp_path / "best.json"
    out.write_text(json.dumps({"bars": {"380": {"branches": branches, "nodes": 5}}}))
    result = runner.invoke(
        cli, ["fantasy-realms", "best-hand", "--floor", "390", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    pieces = len(branches)
    assert (
        f"bar 390: 1 hand(s) scoring 390 or more (0 nodes, 0 CPU s; {pieces} piece(s) "
        "searched at a lower bar)" in " ".join(result.output.split())
    )
    assert f"total: {total}" in result.output
    saved = json.loads(out.read_text())
    assert saved["result"]["top"] == [[total, BEST_BASE]]
    assert saved["bars"]["390"] == {"branches": {}, "nodes": 0, "top": 1}


def test_a_lower_bars_piece_counts_only_if_it_kept_enough_hands() -> None:
    from rumizi.cli.fantasy_realms import _searched

    hands = [[400, ["x"]], [395, ["y"]]]
    state: dict[str, Any] = {
        "bars": {
            # Two hands kept of at most two: maybe not all it found.
            "380": {"branches": {"0": hands, "1": [[381, ["z"]]]}, "top": 2},
            # Above the bar asked for: it did not look at hands between the two bars.
            "420": {"branches": {"2": []}, "top": 5},
        }
    }
    assert _searched(state, 390, 2) == {"0": hands, "1": []}
    # Piece 0 may hold a third hand of 390 or more; piece 1 kept all it found (one of two).
    assert _searched(state, 390, 3) == {"1": []}
    assert _searched(state, 398, 1) == {"0": [[400, ["x"]]], "1": []}
    # A bar that does not say how many hands its pieces kept kept one.
    del state["bars"]["380"]["top"]
    # Piece 0 kept one hand of 390 or more: maybe not all. Piece 1's is below 390, so none
    # of its hands reach 390.
    assert _searched(state, 390, 2) == {"1": []}
    assert _searched(state, 390, 1) == {"0": hands, "1": []}
    # At a bar above both, both count, with none of their hands.
    assert _searched(state, 430, 1) == {"2": [], "0": [], "1": []}


def test_best_hand_takes_the_arenas_cluster_option(runner: CliRunner) -> None:
    # A blank address is refused before anything connects, with the arena's own message.
    result = runner.invoke(cli, ["fantasy-realms", "best-hand", "--cluster", " "])
    assert result.exit_code == 2
    assert "a cluster address is 'auto'" in result.output


def test_bad_input_is_refused_in_persian_with_lang_fa(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["fantasy-realms", "score", "king", "king", "--lang", "fa"])
    assert result.exit_code == 2
    assert "خطا: کارت «پادشاه» دو بار در دست است" in result.output
    result = runner.invoke(cli, ["fantasy-realms", "score", "king", "king"])
    assert "error: card 'king' is in the hand twice" in result.output


def test_the_table_tells_each_cards_effect(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["fantasy-realms", "score", "hydra", "swamp", "--lang", "fa"])
    assert result.exit_code == 0, result.output
    assert "با مرداب +۲۸." in result.output
    result = runner.invoke(cli, ["fantasy-realms", "score", "hydra", "swamp"])
    assert "+28 with Swamp." in result.output
    # With the Cursed Hoard suits, a reprinted card tells its new text.
    result = runner.invoke(cli, ["fantasy-realms", "score", "world-tree", "--expansion"])
    assert "+70 if no two" in " ".join(result.output.split())


def test_best_hand_refuses_a_checkpoint_it_cannot_resume(runner: CliRunner, tmp_path: Path) -> None:
    from rumizi.games.fantasy_realms.besthand import search_order

    out = tmp_path / "best.json"
    out.write_text("{not json")
    result = runner.invoke(
        cli, ["fantasy-realms", "best-hand", "--floor", "390", "--out", str(out)]
    )
    assert result.exit_code == 2
    assert "is not a best-hand checkpoint" in result.output
    # Pieces are positions in the search order: another order's pieces would be misread.
    order = search_order()
    saved = {"bars": {"390": {"branches": {"0": []}, "nodes": 1}}, "order": order[::-1]}
    out.write_text(json.dumps(saved))
    result = runner.invoke(
        cli, ["fantasy-realms", "best-hand", "--floor", "390", "--out", str(out)]
    )
    assert result.exit_code == 2
    assert "picks cards in another order" in result.output
    assert json.loads(out.read_text()) == saved  # refused, and left as it was
    for bars in ({"high": {"branches": {}}}, {"390": {"nodes": 1}}, {"390": []}):
        out.write_text(json.dumps({"bars": bars}))
        result = runner.invoke(
            cli, ["fantasy-realms", "best-hand", "--floor", "390", "--out", str(out)]
        )
        assert result.exit_code == 2, bars
        assert json.loads(out.read_text()) == {"bars": bars}

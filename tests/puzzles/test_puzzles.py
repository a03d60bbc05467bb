"""Puzzles: the record, the Fantasy Realms checker (a planted second answer or wrong answer is
refused), mining reproducible for a seed, every shipped puzzle proved again, and the command."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rumizi import puzzles
from rumizi.arena.cluster import executor
from rumizi.cli.main import cli
from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game_ids
from rumizi.games.fantasy_realms import GAME, hand_values, score_hand
from rumizi.games.fantasy_realms import puzzles as fr
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

GAME_ID = "fantasy-realms"


def discard_positions(seed: int) -> list[FantasyRealmsState]:
    """Every discard of a random three-player game with the Cursed Hoard's suits."""
    s = GAME.new(seed=seed, players=3, suits=True)
    r = random.Random(seed)
    out = []
    while not s.over:
        if s.phase == "discard":
            out.append(s.clone())
        s.apply(r.choice(s.legal_actions()))
    return out


def test_a_puzzle_is_read_back_as_written_and_a_broken_one_is_refused() -> None:
    p = puzzles.shipped(GAME_ID)[0]
    again = Puzzle.read(json.loads(json.dumps(p.as_dict())))
    assert again == p and again.id == p.id
    moved = {**p.as_dict(), "seat": (p.seat + 1) % 3}
    with pytest.raises(ValueError, match="its id does not match"):
        Puzzle.read(moved)
    for key in ("game", "position", "solution"):
        with pytest.raises(ValueError, match=repr(key)):
            Puzzle.read({k: v for k, v in p.as_dict().items() if k != key})
    with pytest.raises(ValueError, match="one or more moves"):
        Puzzle.read({**p.as_dict(), "solution": [], "id": None} | {"id": p.id})


def test_the_best_discard_is_the_one_that_leaves_the_highest_hand() -> None:
    s = discard_positions(1)[3]
    seat = s.to_act
    assert seat is not None
    values = fr.discard_values(s)
    assert len(values) == len(s.hands[seat])  # each card of the hand may go
    for action, value in values:
        hand = [c for c in s.hands[seat] if c != action["card"]]
        score = score_hand(hand, discards=[*s.area, action["card"]], expansion=True, players=3)
        assert value == score.total  # the card goes to the discard area, which may count
    assert [v for _, v in values] == sorted((v for _, v in values), reverse=True)


def test_a_planted_second_answer_or_a_wrong_answer_is_refused() -> None:
    tied = next(
        s
        for seed in range(40)
        for s in discard_positions(seed)
        if (v := fr.discard_values(s))[0][1] == v[1][1]
    )
    assert fr.find(tied) == []  # mining never asks it
    values = fr.discard_values(tied)
    seat = tied.to_act
    assert seat is not None
    two = Puzzle(GAME_ID, "best-discard", tied.export(), seat, (dict(values[0][0]),), values[0][1])
    assert len(puzzles.solutions(two)) >= 2
    assert not puzzles.verify(two)

    p = puzzles.shipped(GAME_ID)[0]
    second = fr.discard_values(GAME.load(p.position))[1][0]
    wrong = dataclasses.replace(p, solution=(dict(second),))
    assert not puzzles.verify(wrong)
    assert not puzzles.is_answer(p, [second]) and puzzles.is_answer(p, p.solution)
    assert not puzzles.verify(dataclasses.replace(p, kind="best-take", id=""))
    assert not puzzles.verify(dataclasses.replace(p, seat=(p.seat + 1) % 3, id=""))


def test_every_shipped_puzzle_is_proved_again_and_is_not_given_away_by_the_board() -> None:
    every = puzzles.shipped(GAME_ID)
    assert len({p.id for p in every}) == len(every)
    shipped = [p for p in every if p.kind == "best-discard"]  # best-take: its own tests
    assert len(shipped) >= 500
    options = set()
    for p in shipped:
        assert puzzles.verify(p), p.id
        s = GAME.load(p.position)
        values = {a["card"]: v for a, v in fr.discard_values(s)}
        assert values[p.solution[0]["card"]] == p.value == max(values.values())
        # the card with the lowest line on the board is a discard worse by READING_COST
        assert all(p.value - values[c] >= fr.READING_COST for c in fr.lowest_lines(s, p.seat))
        options.add((s.opts.players, s.opts.suits, s.opts.items, s.opts.variant))
    assert len(options) == len(fr.MINING)  # every table mined gave puzzles


def test_mining_is_reproducible_for_a_seed_and_made_the_shipped_set() -> None:
    once = [p.as_dict() for p in puzzles.mine(GAME_ID, 3, seed=1)]
    assert once == [p.as_dict() for p in puzzles.mine(GAME_ID, 3, seed=1)]
    assert once == [p.as_dict() for p in puzzles.shipped(GAME_ID)[: len(once)]]
    other = [p.id for p in puzzles.mine(GAME_ID, 3, seed=2)]
    assert other and not set(other) & {p["id"] for p in once}
    assert all(p["source"].startswith("self-play 1/") for p in once)


class EarlierPlay(dict[Any, int]):
    """The greedy bot's hand-value memo as earlier play would leave it: an entry (here a
    poor value) for every hand it is asked about, until it is emptied."""

    played_before = True

    def get(self, key: Any, default: Any = None) -> Any:
        return -50 if self.played_before else super().get(key, default)

    def clear(self) -> None:
        self.played_before = False
        super().clear()


def test_mining_repeats_itself_whatever_the_process_played_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(hand_values, "_APPROX", EarlierPlay())
    mined = [p.as_dict() for p in puzzles.mine("fantasy-realms", 3, seed=1)]
    assert mined == [p.as_dict() for p in puzzles.shipped("fantasy-realms")[: len(mined)]]


def test_mining_in_worker_processes_finds_the_same_puzzles_in_the_same_order() -> None:
    here = [p.id for p in puzzles.mine("star-realms", 30, seed=1)]
    with executor(jobs=2) as runs_on:
        shared = [p.id for p in puzzles.mine("star-realms", 30, seed=1, runs_on=runs_on)]
    assert here and shared == here


def test_every_game_has_puzzles_and_a_game_without_a_module_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    catalogue = ("fantasy-realms", "splendor-duel", "star-realms", "war-of-the-ring")
    assert set(catalogue) <= set(game_ids())  # (a test may register a toy game of its own)
    assert set(catalogue) <= set(puzzles.games_with_puzzles())
    for game_id in catalogue:
        assert len(puzzles.shipped(game_id)) >= 500, game_id  # the floor
    with pytest.raises(KeyError, match="unknown game"):
        puzzles.shipped("chess")
    # a game whose package has no puzzles module (a new game, before its puzzles)
    monkeypatch.setattr(puzzles, "game_module", lambda game_id, name: None)
    assert puzzles.games_with_puzzles() == []
    with pytest.raises(ValueError, match="star-realms has no puzzles yet"):
        list(puzzles.mine("star-realms", 1))


def test_the_command_mines_and_verifies(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "mined.jsonl"
    args = ["puzzles", "mine", GAME_ID, "--games", "2", "--seed", "1", "--out", str(out)]
    done = runner.invoke(cli, args)
    assert done.exit_code == 0, done.output
    mined = puzzles.read_file(out)
    kinds = {k: sum(p.kind == k for p in mined) for k in fr.KINDS}
    said = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()) if n)
    assert f"{len(mined)} puzzles from 2 games ({said})" in done.output
    assert [p.id for p in mined] == [p.id for p in puzzles.shipped(GAME_ID)[: len(mined)]]
    done = runner.invoke(cli, ["puzzles", "verify", str(out)])
    assert done.exit_code == 0 and f"{len(mined)} of {len(mined)} verified" in done.output

    # a wrong answer planted in the file: named, and the command fails
    second = fr.discard_values(GAME.load(mined[0].position))[1][0]
    planted = [dataclasses.replace(mined[0], solution=(dict(second),)), *mined[1:]]
    puzzles.write_file(out, planted)
    done = runner.invoke(cli, ["puzzles", "verify", str(out)])
    assert done.exit_code == 1
    assert f"not proved: {mined[0].id}" in done.output

    out.write_text('{"game": "fantasy-realms"}\n', encoding="utf-8")
    done = runner.invoke(cli, ["puzzles", "verify", str(out)])
    assert done.exit_code == 1 and "line 1: a puzzle's 'kind' is missing" in done.output
    done = runner.invoke(cli, ["puzzles", "mine", "chess", "--out", str(out)])
    assert done.exit_code == 1 and "unknown game" in done.output

"""Splendor Duel puzzles (win this turn): a hand-checked position, the checker refusing a
planted second answer and a wrong one, tries judged by the rules (reorderings accepted,
wrong or illegal moves refused), mining reproducible, every shipped puzzle proved again, the
answer unchanged when the hidden cards are dealt again, and the words in both languages."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import pytest

from rumizi import puzzles
from rumizi.core.puzzles import Puzzle
from rumizi.games.splendor_duel import GAME
from rumizi.games.splendor_duel import puzzles as sd
from rumizi.games.splendor_duel.engine import SplendorDuelState

GAME_ID = "splendor-duel"
NAMES = ("white", "blue", "green", "red", "black", "pearl", "gold")
LETTERS = "WBGRKPY"


def _take_card(doc: dict[str, Any], card: str) -> None:
    """Take ``card`` out of the decks or the pyramid (a pyramid slot is refilled from its
    deck, as the game would)."""
    level = int(card[0]) - 1
    deck = doc["decks"][level]
    if card in deck:
        deck.remove(card)
        return
    row = doc["pyramid"][level]
    row[row.index(card)] = deck.pop(0)


def position(
    cards: list[str],
    tokens: dict[str, int],
    privileges: int,
    pyramid: list[str],
    seed: int = 3,
) -> SplendorDuelState:
    """A start of player 0's turn: ``cards`` bought, ``tokens`` held (taken from the board),
    ``privileges`` held, and each card of ``pyramid`` put face up in its level's first slot."""
    doc = GAME.new(seed=seed, first=0).export()
    for card in [*cards, *pyramid]:
        _take_card(doc, card)
    for card in pyramid:
        level = int(card[0]) - 1
        row = doc["pyramid"][level]
        doc["decks"][level].insert(0, row[0])
        row[0] = card
    doc["players"][0]["cards"] = cards
    del doc["players"][0]["points"], doc["players"][0]["crowns"]
    board = "".join(doc["board"])
    for name, n in tokens.items():
        doc["players"][0]["tokens"][name] = n
        for _ in range(n):
            i = board.index(LETTERS[NAMES.index(name)])
            board = board[:i] + "." + board[i + 1 :]
    doc["board"] = [board[r * 5 : r * 5 + 5] for r in range(5)]
    doc["players"][0]["privileges"] = privileges
    doc["players"][1]["privileges"] = 0
    doc["privileges"] = 3 - privileges
    return GAME.load(doc)


# Nine points on red cards, a red bonus of 5; Red 1e (1 point) costs 3 blue and 2 black.
RED_CARDS = ["3-red-b", "2-red-a", "2-red-c", "2-red-d"]


def red_position(privileges: int = 1, **more: Any) -> SplendorDuelState:
    tokens = {"blue": 3, "black": 1, **more.pop("tokens", {})}
    return position(RED_CARDS, tokens, privileges, ["1-red-e", *more.pop("pyramid", [])])


def test_a_privilege_for_the_last_black_completes_ten_points_of_red() -> None:
    s = red_position()
    assert s.players[0].color_points[3] == 9 and s.players[0].points == 9
    wins = sd.winning_lines(s, 0)
    # The rules: 10 points on one colour's cards win; Red 1e is the one red card with a point
    # in reach, and it lacks one black, which only the privilege can bring this turn.
    assert list(wins) == [("1-red-e",)]
    (line,) = wins.values()
    assert [m["do"] for m in line] == ["privilege", "buy"]
    r, c = line[0]["space"]
    assert s.board[(r - 1) * 5 + c - 1] == NAMES.index("black")
    assert not sd.greedy_wins(s.clone(), 0)  # the greedy bot spends no privilege while it can buy
    (p,) = sd.find(s, "hand-made")
    assert p.solution == line and puzzles.verify(p)
    assert sd.winning_lines(red_position(privileges=0), 0) == {}  # no privilege, no win


def test_a_planted_second_answer_or_a_wrong_answer_is_refused() -> None:
    # Grey 2a, a joker worth 2 points (6 red and a pearl: 1 red and a pearl after the bonus),
    # bought as red also makes ten points of red: a second answer.
    s = red_position(tokens={"red": 1, "pearl": 1}, pyramid=["2-grey-a"])
    wins = sd.winning_lines(s, 0)
    assert sorted(wins) == [("1-red-e",), ("2-grey-a",)]
    assert sd.find(s) == []  # mining never asks it
    planted = Puzzle(GAME_ID, "win-this-turn", s.export(), 0, wins["1-red-e",])
    assert len(puzzles.solutions(planted)) == 2 and not puzzles.verify(planted)

    p = _win_shipped()[0]
    assert puzzles.verify(p)
    wrong = dataclasses.replace(p, solution=p.solution[:-1])
    assert not puzzles.verify(wrong)
    other = dataclasses.replace(p, kind="stop-the-win")
    assert not puzzles.verify(other)


def _privilege_reorderings(p: Puzzle) -> list[list[dict[str, Any]]]:
    """The solution with its leading privileges in every other order."""
    moves = [dict(m) for m in p.solution]
    n = next(i for i, m in enumerate(moves) if m["do"] != "privilege")
    return [
        [*order, *moves[n:]]
        for order in itertools.permutations(moves[:n])
        if list(order) != moves[:n]
    ]


def _win_shipped() -> list[Puzzle]:
    return [p for p in puzzles.shipped(GAME_ID) if p.kind == "win-this-turn"]


def test_a_try_wins_whatever_the_order_and_wrong_or_illegal_tries_fail() -> None:
    shipped = _win_shipped()
    p = next(
        q
        for q in shipped
        if len({str(m.get("space")) for m in q.solution[:2]}) == 2
        and all(m["do"] == "privilege" for m in q.solution[:2])
    )
    assert puzzles.is_answer(p, p.solution)
    for order in _privilege_reorderings(p):
        assert puzzles.is_answer(p, order)
        state = puzzles.play(p, order)
        assert state.over and puzzles.finished(p, state, order)
    s = GAME.load(p.position)
    buy = next(m for m in p.solution if m["do"] == "buy")
    assert not puzzles.is_answer(p, [buy])  # without the privileges: not affordable
    take = next(a for a in s.legal_actions() if a["do"] == "take")
    assert not puzzles.is_answer(p, [take])  # the turn ends, nobody wins
    state = puzzles.play(p, [take])
    assert puzzles.finished(p, state, [take]) and puzzles.offered(p, state) == []
    with pytest.raises(ValueError):
        puzzles.play(p, [take, *p.solution])
    assert not puzzles.is_answer(p, [{"do": "buy", "card": "nothing"}])
    assert not puzzles.is_answer(p, [{"do": "fly"}])
    assert not puzzles.is_answer(p, [*p.solution, take])  # a move after the game is over
    assert puzzles.offered(p, s) == [dict(a) for a in s.legal_actions()]


def test_mining_is_reproducible_for_a_seed() -> None:
    first = [p.id for p in puzzles.mine(GAME_ID, 25, seed=7)]
    assert first and first == [p.id for p in puzzles.mine(GAME_ID, 25, seed=7)]


def test_every_shipped_puzzle_is_proved_again() -> None:
    assert len({p.id for p in puzzles.shipped(GAME_ID)}) == len(puzzles.shipped(GAME_ID))
    shipped = _win_shipped()
    assert len(shipped) >= 500
    for p in shipped:
        assert p.kind in sd.KINDS
        assert puzzles.verify(p), p.id
        assert puzzles.is_answer(p, p.solution), p.id
        assert not sd.greedy_wins(GAME.load(p.position), p.seat), p.id  # worth asking


def test_the_answer_does_not_depend_on_the_hidden_cards() -> None:
    for p in _win_shipped()[::10]:
        state = GAME.load(p.position)
        key = tuple(sorted(m["card"] for m in p.solution if m["do"] == "buy"))
        for seed in range(3):
            dealt = GAME.sample(state.view(p.seat), seed=seed)
            assert list(sd.winning_lines(dealt, p.seat)) == [key], p.id


@pytest.mark.parametrize(
    ("kind", "checked", "fa_word", "en_word"),
    [("win-this-turn", 60, "می‌برید", "win"), ("stop-the-win", 20, "حریف", "opponent")],
)
def test_question_and_explanation_in_both_languages(
    kind: str, checked: int, fa_word: str, en_word: str
) -> None:
    for p in [q for q in puzzles.shipped(GAME_ID) if q.kind == kind][:checked]:
        for lang in ("en", "fa"):
            assert sd.question(p, lang)
            lines = sd.explain(p, lang)
            assert lines and all(lines)
        fa = " ".join(sd.explain(p, "fa"))
        assert fa_word in fa and not any(ch.isdigit() and ch.isascii() for ch in fa)
        assert en_word in " ".join(sd.explain(p, "en"))


# ---------------------------------------------------------------------- stop the win

# The opponent (player 1) holds nine points of red (a red bonus of 5) and the 3 blue and 2
# black that Red 1e costs: buying it makes ten points on red, a win.
THREAT_TOKENS = {"blue": 3, "black": 2}
# Grey 1d and 1e, jokers worth a point (2 white, 2 blue, a green and a pearl): bought as red,
# either also makes ten points of red.
JOKER_TOKENS = {"blue": 3, "black": 2, "white": 2, "green": 1, "pearl": 1}


def threat_position(
    tokens: dict[str, int],
    seen: tuple[str, ...] = ("1-grey-d", "1-grey-e"),
    blind: str = "",
    shown: tuple[str, ...] = (),
) -> SplendorDuelState:
    """Player 0 to act, with nothing but the board's gold in reach; player 1 holds
    ``RED_CARDS`` and ``tokens``; Red 1e lies in the pyramid's first level-1 slot and the
    cards of ``shown`` in the next ones; the cards of ``seen`` are in player 0's reserve
    (face up, so player 0 knows they are in no deck); ``blind`` a card player 1 reserved
    from a deck."""
    doc = GAME.new(seed=3, first=0).export()
    for card in [*RED_CARDS, "1-red-e", *shown, *seen, *([blind] if blind else [])]:
        _take_card(doc, card)
    row = doc["pyramid"][0]
    for slot, card in enumerate(["1-red-e", *shown]):
        doc["decks"][0].insert(0, row[slot])
        row[slot] = card
    doc["players"][1]["cards"] = RED_CARDS
    del doc["players"][1]["points"], doc["players"][1]["crowns"]
    doc["players"][0]["reserved"] = [{"card": c, "blind": False} for c in seen]
    doc["players"][1]["reserved"] = [{"card": blind, "blind": True}] if blind else []
    board = "".join(doc["board"])
    for name, n in tokens.items():
        doc["players"][1]["tokens"][name] = n
        for _ in range(n):
            i = board.index(LETTERS[NAMES.index(name)])
            board = board[:i] + "." + board[i + 1 :]
    doc["board"] = [board[r * 5 : r * 5 + 5] for r in range(5)]
    doc["players"][0]["privileges"] = doc["players"][1]["privileges"] = 0
    doc["privileges"] = 3
    return GAME.load(doc)


def _stop_puzzle(state: SplendorDuelState, line: tuple[dict[str, Any], ...]) -> Puzzle:
    return Puzzle(GAME_ID, "stop-the-win", state.export(), 0, line, 1, "hand-made")


def test_the_opponents_one_winning_card_must_be_reserved() -> None:
    s = threat_position(THREAT_TOKENS)
    # The rules: ten points on one colour's cards win; Red 1e is the opponent's only card
    # that brings a point of red, and it already holds its price.
    assert list(sd._threats(s, 0)) == [("1-red-e",)]
    assert sd.winning_lines(s, 0) == {}
    # Player 0 holds no token and no privilege: no purchase, no steal, and a take cannot
    # touch tokens the opponent already holds. Only reserving Red 1e takes it out of reach.
    [line] = sd.stopping_lines(s, 0)
    assert [m["do"] for m in line] == ["reserve"] and line[0]["card"] == "1-red-e"
    p = _stop_puzzle(s, line)
    assert puzzles.verify(p) and puzzles.is_answer(p, line)
    # Reserving it with another gold is the same answer; a take is no answer at all.
    golds = [a for a in s.legal_actions() if a.get("card") == "1-red-e"]
    assert len(golds) == 3 and all(puzzles.is_answer(p, [g]) for g in golds)
    take = next(a for a in s.legal_actions() if a["do"] == "take")
    assert not puzzles.is_answer(p, [take])
    other = next(
        a for a in s.legal_actions() if a["do"] == "reserve" and a.get("card") != "1-red-e"
    )
    assert not puzzles.is_answer(p, [other])
    assert not puzzles.is_answer(p, [{"do": "buy", "card": "1-red-e"}])  # not affordable
    assert not puzzles.is_answer(p, [{"do": "fly"}])
    assert not puzzles.is_answer(p, [])  # the turn is not over
    assert not puzzles.is_answer(p, [*line, take])  # a move of the opponent's turn


def test_a_planted_second_threat_or_a_wrong_answer_is_refused() -> None:
    s = threat_position(THREAT_TOKENS)
    [line] = sd.stopping_lines(s, 0)
    take = next(a for a in s.legal_actions() if a["do"] == "take")
    assert not puzzles.verify(_stop_puzzle(s, (take,)))  # wrong answer
    # With a pearl, 2 white, a green (and the 3 blue), Grey 1d bought as red also wins: two
    # threats with no card in common, so no card to take out of reach; nothing is asked.
    both = threat_position(JOKER_TOKENS, seen=("1-grey-e",), shown=("1-grey-d",))
    assert sorted(sd._threats(both, 0)) == [("1-grey-d",), ("1-red-e",)]
    assert sd.find(both) == []
    assert not puzzles.verify(_stop_puzzle(both, line))
    with pytest.raises(ValueError):
        sd.stopping_lines(both, 0)


def test_a_refill_that_could_win_for_the_opponent_makes_the_answer_unsafe() -> None:
    # The same tokens, the two jokers in no one's sight: reserving Red 1e refills its slot
    # from the deck, which may bring Grey 1d or 1e, a win for the opponent.
    s = threat_position(JOKER_TOKENS, seen=())
    pyramid = {c for row in s.export()["pyramid"] for c in row}
    assert not {"1-grey-d", "1-grey-e"} & pyramid
    reserve = next(a for a in s.legal_actions() if a.get("card") == "1-red-e")
    after = sd._play(s, [reserve])
    assert sd._safe(s, after, 0) is False
    with pytest.raises(ValueError):
        sd.stopping_lines(s, 0)
    # Once player 0 has seen both jokers (in its own reserve) no refill can bring them.
    seen = threat_position(JOKER_TOKENS)
    [line] = sd.stopping_lines(seen, 0)
    assert sd._safe(seen, sd._play(seen, line), 0) is True


def test_an_opponent_holding_a_hidden_reserve_is_not_asked() -> None:
    s = threat_position(THREAT_TOKENS, blind="2-blue-a")
    assert s.view(0)["players"][1]["reserved"][0]["card"] is None  # unseen by the seat
    assert sd.find(s) == []
    with pytest.raises(ValueError):
        sd.stopping_lines(s, 0)


def _stop_shipped() -> list[Puzzle]:
    return [p for p in puzzles.shipped(GAME_ID) if p.kind == "stop-the-win"]


def test_every_shipped_stop_the_win_puzzle_is_proved_again() -> None:
    shipped = _stop_shipped()
    assert shipped
    for p in shipped:
        assert puzzles.verify(p), p.id
        assert puzzles.is_answer(p, p.solution), p.id
        state = GAME.load(p.position)
        assert not sd.greedy_takes(state.clone(), p.seat, sd._answer_card(p)), p.id
        assert not any(state.players[1 - p.seat].blind), p.id
        # Leaving the card where it is never stops the opponent: a plain take does not.
        take = next((a for a in state.legal_actions() if a["do"] == "take"), None)
        if take is not None:
            assert not puzzles.is_answer(p, [take]), p.id


def test_a_stop_the_win_answer_does_not_depend_on_the_hidden_cards() -> None:
    for p in _stop_shipped():
        state = GAME.load(p.position)
        for seed in range(2):
            dealt = GAME.sample(state.view(p.seat), seed=seed)
            lines = sd.stopping_lines(dealt, p.seat)
            assert [sd._first_card(line) for line in lines] == [sd._answer_card(p)], p.id

"""Star Realms puzzles (win this turn, survive): hand-built positions answered from the rules'
words, the checker refusing a planted second answer and a wrong one, any winning (surviving)
order accepted, a position the bound cannot decide not asked, mining reproducible, every
shipped puzzle proved again and not given away, hidden cards re-dealt without changing the
answer, and the texts in both languages."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from rumizi import puzzles
from rumizi.core.contract import Action, GameState
from rumizi.core.puzzles import Puzzle
from rumizi.games.star_realms import GAME
from rumizi.games.star_realms import puzzles as sr
from rumizi.games.star_realms.cards import DEFENSE, IS_OUTPOST, NAMES
from rumizi.games.star_realms.engine import StarRealmsState

GAME_ID = "star-realms"


def shipped(kind: str = "win-this-turn") -> list[Puzzle]:
    """The shipped puzzles of one kind."""
    return [p for p in puzzles.shipped(GAME_ID) if p.kind == kind]


def position(
    hand: list[str], bases: list[str], authority: int, theirs: list[str], **mine: Any
) -> StarRealmsState:
    """A new duel's position, changed: the seat to act holds ``hand`` and has ``bases`` in
    play from earlier turns; the opponent has ``authority`` and the bases ``theirs``."""
    doc = GAME.new(seed=1).export()
    me, them = doc["players"][doc["current"]], doc["players"][1 - doc["current"]]
    me.update(hand=hand, bases=bases, **mine)
    them.update(authority=authority, bases=theirs)
    return GAME.load(doc)


def asked(state: StarRealmsState, solution: Sequence[Action] = ()) -> Puzzle:
    """``state`` as a puzzle (``solution``: the first line that wins, if not given)."""
    if not solution:
        solution = sr.line(state, sr.winning_decisions(state)[0])
    return Puzzle(GAME_ID, "win-this-turn", state.export(), state.current, tuple(solution))


def moves(state: StarRealmsState, *acts: tuple[str, str]) -> list[Action]:
    them = 1 - state.current
    out: list[Action] = []
    for do, card in acts:
        if do == "attack":
            out.append({"do": "attack", "player": them, **({"base": card} if card else {})})
        else:
            out.append({"do": do, "card": card})
    return out


def test_an_outpost_then_the_face_takes_both_bases_scrapped() -> None:
    # Two Vipers and a Lookout: 2 combat. The opponent has 8 authority behind a Trading Post
    # (an outpost, defense 4): 12 combat is needed. Battle Station and Barter World each
    # give 5 when scrapped (spec §2): 2 + 5 + 5 = 12, and one of them alone is 7.
    s = position(
        ["viper", "viper", "lookout"], ["battle-station", "barter-world"], 8, ["trading-post"]
    )
    assert sr.winning_decisions(s) == [(("barter-world", "battle-station"), ("trading-post",))]
    (p,) = sr.find(s)
    assert sr.decisions_of(p.solution) == (("barter-world", "battle-station"), ("trading-post",))
    assert p.value == 12 and puzzles.verify(p)
    assert p.solution[:3] == tuple(
        moves(s, ("play", "viper"), ("play", "viper"), ("play", "lookout"))
    )
    assert p.solution[-2:] == tuple(moves(s, ("attack", "trading-post"), ("attack", "")))
    # 11 needed: the same two scraps, 13 needed: no sure win, 7 needed: either one (two answers)
    s = position(
        ["viper", "viper", "lookout"], ["battle-station", "barter-world"], 7, ["trading-post"]
    )
    assert sr.winning_decisions(s) == [(("barter-world", "battle-station"), ("trading-post",))]
    s = position(
        ["viper", "viper", "lookout"], ["battle-station", "barter-world"], 9, ["trading-post"]
    )
    assert sr.winning_decisions(s) == [] and sr.find(s) == []
    s = position(
        ["viper", "viper", "lookout"], ["battle-station", "barter-world"], 3, ["trading-post"]
    )
    assert len(sr.winning_decisions(s)) == 2 and sr.find(s) == []


def test_playing_the_hand_is_enough_is_not_asked_and_an_ordinary_base_is_left_alone() -> None:
    # 3 combat against 3 authority: no scrap needed, so not a puzzle.
    s = position(["viper", "viper", "viper"], ["battle-station"], 3, [])
    assert sr.winning_decisions(s) == [((), ())] and sr.find(s) == []
    # An ordinary base (Barter World) does not stand in the way: 3 + 5 >= 8, no base attacked.
    s = position(["viper", "viper", "viper"], ["battle-station"], 8, ["barter-world"])
    assert sr.winning_decisions(s) == [(("battle-station",), ())]
    assert not any("base" in m for m in sr.find(s)[0].solution)


def test_a_base_scrapped_before_its_ally_plays_loses_the_ally() -> None:
    # Barter World (Federation, in play from an earlier turn) wakes Caravan Ship's ally
    # (combat 4): 4 + 1 (Viper) + 5 (Barter World scrapped) = 10, exactly the opponent's 10.
    # Scrapped first, it no longer counts for the Caravan Ship played after it (spec §1).
    s = position(["caravan-ship", "viper"], ["barter-world"], 10, [])
    (p,) = sr.find(s)
    assert sr.decisions_of(p.solution) == (("barter-world",), ())
    assert puzzles.is_answer(p, p.solution)
    late = moves(
        s, ("scrap", "barter-world"), ("play", "caravan-ship"), ("play", "viper"), ("attack", "")
    )
    assert not puzzles.is_answer(p, late)
    early = moves(
        s, ("play", "viper"), ("play", "caravan-ship"), ("scrap", "barter-world"), ("attack", "")
    )
    assert puzzles.is_answer(p, early)


def test_a_win_that_needs_a_draw_is_not_sure_and_not_asked() -> None:
    # Lance draws a card: its deck holds Vipers, but the blind search never counts on a draw.
    s = position(["lance", "viper"], ["battle-station"], 8, [], deck=["viper"] * 5)
    assert sr.winning_decisions(s) == []  # 1 + 1 + 5 = 7 < 8, whatever comes
    s = position(["lance", "viper"], ["battle-station"], 7, [], deck=["viper"] * 5)
    assert sr.winning_decisions(s) == [(("battle-station",), ())]


def test_a_planted_second_answer_or_a_wrong_answer_is_refused() -> None:
    two = position(
        ["viper", "viper", "lookout"], ["battle-station", "barter-world"], 3, ["trading-post"]
    )
    planted = asked(two)
    assert len(puzzles.solutions(planted)) == 2 and not puzzles.verify(planted)

    p = shipped()[0]
    assert puzzles.verify(p)
    no_scrap = tuple(m for m in p.solution if m["do"] != "scrap")
    assert not puzzles.verify(dataclasses.replace(p, solution=no_scrap))
    reordered = tuple(reversed(p.solution))
    assert not puzzles.verify(dataclasses.replace(p, solution=reordered))
    assert not puzzles.verify(dataclasses.replace(p, kind="survive", id=""))  # it can win
    assert not puzzles.verify(dataclasses.replace(p, seat=1 - p.seat, id=""))
    assert not puzzles.verify(dataclasses.replace(p, position={"game": GAME_ID}, id=""))


def test_solves_takes_any_winning_order_and_refuses_the_rest() -> None:
    p = shipped()[0]
    s = GAME.load(p.position)
    plays = [m for m in p.solution if m["do"] == "play"]
    rest = [m for m in p.solution if m["do"] not in ("play", "skip")]
    assert puzzles.is_answer(p, p.solution)
    # the hand in another order (choices answered as they open), then the same finish
    again = s.clone()
    tried: list[Action] = []
    for m in reversed(plays):
        again.apply(m)
        tried.append(m)
        while again.pending is not None:
            again.apply({"do": "skip"})
            tried.append({"do": "skip"})
    assert puzzles.is_answer(p, [*tried, *rest])
    # scrapping every card that can be scrapped wins too (the surplus is harmless)
    every = [
        {"do": "scrap", "card": c} for c in sorted({m["card"] for m in rest if m["do"] == "scrap"})
    ]
    assert puzzles.is_answer(p, [*tried, *every, *[m for m in rest if m["do"] == "attack"]])
    # the obvious line: play everything and attack, no scrap
    assert not puzzles.is_answer(p, [m for m in p.solution if m["do"] != "scrap"])
    assert not puzzles.is_answer(p, [{"do": "end"}])
    assert not puzzles.is_answer(p, [{"do": "play", "card": "command-ship-x"}])
    assert not puzzles.is_answer(p, [{"do": "play"}])
    assert not puzzles.is_answer(p, [{"do": "attack", "player": 1 - p.seat, "base": "gnat"}])
    assert not puzzles.is_answer(p, [*p.solution, {"do": "end"}])  # a move after the win
    assert not puzzles.is_answer(p, [{"do": "end"}, *p.solution])  # the turn was over


def test_the_page_plays_the_solution_step_by_step() -> None:
    p = shipped()[1]
    state: GameState = GAME.load(p.position)
    assert not puzzles.finished(p, state, [])
    assert {"do": "end"} in puzzles.offered(p, state)
    for n, move in enumerate(p.solution):
        assert dict(move) in puzzles.offered(p, state)
        assert not puzzles.finished(p, state, p.solution[:n])
        state = puzzles.play(p, p.solution[: n + 1])
    assert puzzles.finished(p, state, p.solution) and state.winner == p.seat
    assert puzzles.offered(p, state) == []
    with pytest.raises(ValueError, match="after the try is over"):
        puzzles.play(p, [*p.solution, {"do": "end"}])
    ended = puzzles.play(p, [{"do": "end"}])  # giving up ends the try: the turn passed
    assert puzzles.finished(p, ended, [{"do": "end"}])


def test_every_shipped_puzzle_is_proved_again_and_needs_a_scrap() -> None:
    every = puzzles.shipped(GAME_ID)
    assert len({p.id for p in every}) == len(every)
    wins = shipped()
    assert len(wins) >= 500
    for p in wins:
        assert puzzles.verify(p), p.id
        s = GAME.load(p.position)
        assert s.format == "duel" and not s.players[p.seat].played
        scraps, outposts = sr.decisions_of(p.solution)
        assert scraps  # the non-triviality measure: playing and attacking is not enough
        assert not puzzles.is_answer(p, [m for m in p.solution if m["do"] != "scrap"])
        them = s.players[1 - p.seat]
        walls = [c for c in them.field if IS_OUTPOST[c]]
        assert p.value == them.authority + sum(DEFENSE[c] for c in walls)
        assert outposts == tuple(NAMES[c] for c in walls)


def test_mining_is_reproducible_for_a_seed_and_made_the_shipped_set() -> None:
    once = [p.as_dict() for p in puzzles.mine(GAME_ID, 40, seed=1)]
    assert once and once == [p.as_dict() for p in puzzles.mine(GAME_ID, 40, seed=1)]
    assert once == [p.as_dict() for p in puzzles.shipped(GAME_ID)[: len(once)]]
    other = [p.id for p in puzzles.mine(GAME_ID, 40, seed=2)]
    assert other and not set(other) & {p["id"] for p in once}
    assert all(p["source"].startswith("self-play 1/") for p in once)


#: Per kind: the answers' canonical forms in a position, and an answer's full line there.
PROOFS: dict[str, tuple[Callable[[StarRealmsState], Any], Callable[..., Any]]] = {
    "win-this-turn": (sr.winning_decisions, sr.line),
    "survive": (sr.surviving_decisions, sr.survive_line),
}


@pytest.mark.parametrize("kind", PROOFS)
def test_the_answer_does_not_change_when_the_hidden_cards_are_dealt_again(kind: str) -> None:
    decisions, line = PROOFS[kind]
    for p in shipped(kind)[:60]:
        real = GAME.load(p.position)
        view = real.view(p.seat)
        for seed in (1, 2, 3):
            guess = GAME.sample(view, seed)
            assert guess.view(p.seat) == view
            assert decisions(guess) == decisions(real)
            assert line(guess, sr.decisions_of(p.solution)) == p.solution


def test_the_question_and_the_explanation_in_both_languages() -> None:
    wins = shipped()
    for p in wins:
        for lang in ("en", "fa"):
            assert sr.question(p, lang)
            lines = sr.explain(p, lang)
            assert len(lines) >= 3 and all(lines)
        fa = " ".join(sr.explain(p, "fa"))
        assert not any(ch.isascii() and ch.isdigit() for ch in fa)
    with_post = next(p for p in wins if sr.decisions_of(p.solution)[1])
    assert "destroy" in " ".join(sr.explain(with_post, "en"))
    assert "بی\u200cآنکه" in sr.question(with_post, "fa")  # with its zero-width non-joiner


# ------------------------------------------------------------------------------ survive


def duel(mine: dict[str, Any], theirs: dict[str, Any]) -> StarRealmsState:
    """A new duel's position, changed: ``mine`` for the seat to act, ``theirs`` for the
    opponent (20 authority unless given: no win this turn)."""
    doc = GAME.new(seed=1).export()
    me, them = doc["players"][doc["current"]], doc["players"][1 - doc["current"]]
    me.update(mine)
    them.update({"authority": 20, **theirs})
    return GAME.load(doc)


def plays(state: StarRealmsState) -> list[Action]:
    return [{"do": "play", "card": NAMES[c]} for c in state.players[state.current].hand]


END: Action = {"do": "end"}


def test_destroying_their_base_is_the_only_way_to_survive() -> None:
    # 6 authority, no outpost. Their Monster World gives 5 combat at the start of their turn
    # (spec §2, a base's primary "again automatically at the start of each of its owner's
    # turns") and their starting cards hold two Vipers: 7 with the right hand, a kill.
    # Pounder (5) and two Vipers make exactly the Monster World's defense, 7; destroyed, it
    # leaves them 2 at most.
    s = duel({"hand": ["pounder", "viper", "viper"], "authority": 6}, {"bases": ["monster-world"]})
    assert sr.winning_decisions(s) == []
    assert sr.surviving_decisions(s) == [((), ("monster-world",))]
    (p,) = sr.find(s)
    assert p.kind == "survive" and p.value == 2 and puzzles.verify(p)
    them = 1 - s.current
    assert p.solution == (
        *plays(s),
        {"do": "attack", "player": them, "base": "monster-world"},
        END,
    )
    assert puzzles.is_answer(p, p.solution)
    # the obvious line, every card played and 7 at their face, dies
    assert not puzzles.is_answer(p, [*plays(s), {"do": "attack", "player": them}, END])
    # with 8 authority the 7 they may bring is not enough: no threat, nothing to ask
    s = duel({"hand": ["pounder", "viper", "viper"], "authority": 8}, {"bases": ["monster-world"]})
    assert sr.find(s) == [] and sr.surviving_decisions(s) == [((), ())]
    # one Viper short of the defense: nothing survives
    s = duel({"hand": ["pounder", "viper"], "authority": 6}, {"bases": ["monster-world"]})
    assert sr.surviving_decisions(s) == [] and sr.find(s) == []


def test_survey_ships_forced_discard_is_the_only_way_to_survive() -> None:
    # Their hand and deck hold five Vipers: five in hand kill 5 authority. Survey Ship
    # scrapped makes them discard a card at the start of their turn (opp-discard): four
    # cards kept, 4 combat at most.
    theirs = {"hand": ["viper"] * 3 + ["lookout"] * 2, "deck": ["viper"] * 2 + ["lookout"] * 3}
    s = duel({"hand": ["survey-ship", "viper"], "authority": 5}, theirs)
    assert sr.surviving_decisions(s) == [(("survey-ship",), ())]
    (p,) = sr.find(s)
    assert p.value == 4 and puzzles.verify(p)
    assert {"do": "scrap", "card": "survey-ship"} in p.solution and p.solution[-1] == END
    them = 1 - s.current
    assert not puzzles.is_answer(p, [*plays(s), {"do": "attack", "player": them}, END])


def test_a_planted_second_way_to_survive_or_a_dying_answer_is_refused() -> None:
    # 3 combat from the hand; the Monster World (defense 7) falls to two Explorers scrapped
    # (2 + 2) or to Barter World scrapped (5): two least sets, so not asked.
    s = duel(
        {
            "hand": ["explorer", "explorer", "viper", "viper", "viper"],
            "bases": ["barter-world"],
            "authority": 3,
        },
        {"bases": ["monster-world"]},
    )
    assert sr.surviving_decisions(s) == [
        (("barter-world",), ("monster-world",)),
        (("explorer", "explorer"), ("monster-world",)),
    ]
    assert sr.find(s) == []
    first = sr.survive_line(s, sr.surviving_decisions(s)[0])
    planted = Puzzle(GAME_ID, "survive", s.export(), s.current, first)
    assert len(puzzles.solutions(planted)) == 2 and not puzzles.verify(planted)
    assert puzzles.is_answer(planted, first)  # either way survives
    # a shipped puzzle with its answer taken away, or changed, is refused
    p = shipped("survive")[0]
    assert puzzles.verify(p)
    dying = (*(m for m in p.solution if m["do"] == "play"), END)
    assert not puzzles.verify(dataclasses.replace(p, solution=dying))
    assert not puzzles.is_answer(p, dying)
    with pytest.raises(ValueError):
        sr.survive_line(GAME.load(p.position), ((), ()))


def test_a_survival_the_bound_cannot_decide_is_not_asked() -> None:
    # Their deck is empty and their hand holds a Lance: its draw reshuffles their discard pile
    # (three Vipers) into a new deck, whose order nobody knows. The bound does not count
    # cards that come back so, and gives no verdict: the position is not asked.
    theirs = {
        "bases": ["monster-world"],
        "hand": ["lance", "viper", "viper", "lookout", "lookout"],
        "deck": [],
        "discard": ["viper"] * 3,
    }
    s = duel({"hand": ["pounder", "viper", "viper"], "authority": 6}, theirs)
    assert sr._threat(s) is None and sr._verdict(s, {}) is None
    assert sr.surviving_decisions(s) == [] and sr.find(s) == []
    # a set of decisions without a verdict that could be a least one leaves no answer
    alive, unknown = ((), ("monster-world",)), (("pounder",), ())
    assert sr._least({((), ()): False, alive: True}) == [alive]
    assert sr._least({((), ()): False, alive: True, unknown: None}) is None
    assert sr._least({((), ()): False, alive: True, (("pounder",), alive[1]): None}) == [alive]


def test_solves_takes_any_surviving_line_and_refuses_the_rest() -> None:
    p = shipped("survive")[0]
    s = GAME.load(p.position)
    hand = [m for m in p.solution if m["do"] == "play"]
    rest = [m for m in p.solution if m["do"] not in ("play", "skip")]
    assert puzzles.is_answer(p, p.solution)
    again = s.clone()
    tried: list[Action] = []
    for m in reversed(hand):  # the hand in another order, choices skipped as they open
        again.apply(m)
        tried.append(m)
        while again.pending is not None:
            again.apply({"do": "skip"})
            tried.append({"do": "skip"})
    assert puzzles.is_answer(p, [*tried, *rest])
    assert not puzzles.is_answer(p, p.solution[:-1])  # the turn is not over
    assert not puzzles.is_answer(p, [*tried, END])  # the obvious line is not enough
    assert not puzzles.is_answer(p, [END])
    assert not puzzles.is_answer(p, [*p.solution, END])  # a move in their turn
    assert not puzzles.is_answer(p, [{"do": "play", "card": "command-ship-x"}])
    assert not puzzles.is_answer(p, [{"do": "attack", "player": 1 - p.seat, "base": "gnat"}])


def test_the_page_plays_a_survive_answer_step_by_step() -> None:
    p = shipped("survive")[1]
    state: GameState = GAME.load(p.position)
    for n, move in enumerate(p.solution):
        assert dict(move) in puzzles.offered(p, state)
        assert not puzzles.finished(p, state, p.solution[:n])
        state = puzzles.play(p, p.solution[: n + 1])
    assert puzzles.finished(p, state, p.solution) and not state.over
    assert puzzles.offered(p, state) == []


def test_every_shipped_survive_puzzle_is_proved_again_and_not_obvious() -> None:
    survive = shipped("survive")
    assert len(survive) >= 500
    for p in survive:
        assert puzzles.verify(p), p.id
        s = GAME.load(p.position)
        assert s.format == "duel" and not s.players[p.seat].played and p.solution[-1] == END
        assert sr.winning_decisions(s) == []
        # the obvious line (every card, no scrap, the combat at them) is proved to die
        verdicts, obvious = sr._survey(s) or ({}, ((), ()))
        assert verdicts[obvious] is False
        assert sr.decisions_of(p.solution) != obvious
        end = sr._ending(s, p.solution)
        bound = sr._threat(end)
        assert bound is not None and p.value == bound[0] < sr._need(end)


def test_the_survive_question_and_explanation_in_both_languages() -> None:
    survive = shipped("survive")
    for p in survive:
        for lang in ("en", "fa"):
            assert sr.question(p, lang)
            lines = sr.explain(p, lang)
            assert len(lines) == 4 and all(lines)
        fa = " ".join(sr.explain(p, "fa"))
        assert not any(ch.isascii() and ch.isdigit() for ch in fa)
    p = next(p for p in survive if all(sr.decisions_of(p.solution)))
    en = " ".join(sr.explain(p, "en"))
    assert "Instead, scrap" in en and "destroy" in en and str(p.value) in en
    assert "whatever" in sr.question(p, "en") and "می\u200cکشید" in sr.question(p, "fa")

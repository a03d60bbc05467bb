"""Fantasy Realms ``best-take`` puzzles: a hand-built position answered from the cards' words,
the deck-draw proof (a position some unseen card would do as well in is not asked), the
checker refusing a planted second answer and a wrong one, the page's two moves (and a draw
from the deck, which ends a try wrong), every shipped ``best-take`` proved again and not given
away, the fast scorer agreeing with the plain one, and the texts in both languages."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest

from rumizi import puzzles
from rumizi.core.puzzles import Puzzle
from rumizi.games.fantasy_realms import GAME, score_hand
from rumizi.games.fantasy_realms import puzzles as fr
from rumizi.games.fantasy_realms.engine import FantasyRealmsState

GAME_ID = "fantasy-realms"


def position(hand: Sequence[str], area: Sequence[str], seed: int = 3) -> FantasyRealmsState:
    """A base three-player game at the start of seat 0's fourth turn: it holds ``hand``, the
    discard area holds ``area``; the other cards are dealt to the others and the deck."""
    doc = GAME.new(seed=seed, players=3, first=0).export()
    held = [c for h in doc["hands"] for c in h]
    rest = [c for c in doc["deck"] + held if c not in {*hand, *area}]
    random.Random(seed).shuffle(rest)
    doc.update(turn=4, current=0, phase="take", area=list(area), deck=rest[14:])
    doc["hands"] = [list(hand), rest[:7], rest[7:14]]
    return GAME.load(doc)


# King and Queen: +5 for each Army, or +20 for each Army with the other. Knights: −8 without
# a Leader. Elven Archers: +5 if the hand holds no Weather. Light Cavalry: −2 for each Land.
# Smoke is blanked without a Flame (and a blanked card has no suit: no Weather for the
# Archers).
HAND = ["king", "knights", "elven-archers", "light-cavalry", "smoke", "mountain", "bell-tower"]
AREA = ["queen", "swamp", "rainstorm"]


def shipped_takes() -> list[Puzzle]:
    return [p for p in puzzles.shipped(GAME_ID) if p.kind == "best-take"]


def test_the_queen_is_taken_and_the_blanked_smoke_discarded_as_the_cards_say() -> None:
    s = position(HAND, AREA)
    assert fr.taking_seat(s) == 0
    # now: King 8+3*5, Knights 20, Archers 10+5, Cavalry 17-2*2, Smoke 0, Mountain 9,
    # Bell Tower 8 (no Wizard)
    assert fr.scored(s, 0).total == 23 + 20 + 15 + 13 + 0 + 9 + 8
    lines = fr.take_values(s)
    (take, discard, value), second = lines[0], lines[1]
    assert (take["card"], discard["card"]) == ("queen", "smoke")
    # King 8+3*20, Queen 6+3*20, Knights 20, Archers 15, Cavalry 13, Mountain 9, Bell Tower 8
    assert value == 68 + 66 + 20 + 15 + 13 + 9 + 8 == 199
    # the next best keeps the blanked Smoke and lets Bell Tower go (Cavalry loses only 2)
    assert (second[0]["card"], second[1]["card"]) == ("queen", "bell-tower")
    assert second[2] == 68 + 66 + 20 + 15 + 15 + 0 + 9 == 193
    # every take and discard is scored with the taken card out of the area, the other in it
    for t, d, v in lines:
        hand = [*HAND, t["card"]]
        hand.remove(d["card"])
        area = [c for c in AREA if c != t["card"]] + [d["card"]]
        assert v == score_hand(hand, discards=area, players=3).total
    after = s.clone()  # the same line as the engine plays it
    after.apply(take)
    after.apply(discard)
    assert fr.scored(after, 0).total == value and after.to_act == 1
    assert fr.best_takes(s) == (value, [(take, discard)])
    # no card the seat cannot see would reach 199 after a draw; the best draw is far below
    assert fr.draw_reaching(s, 0, value) is None
    assert fr.best_draw(s, 0)[2] < value
    # but Smoke is the hand's lowest line once the Queen is in it: the board gives it away
    assert fr.reading_value(s, 0) == value
    assert fr.find(s) == []


def test_a_draw_from_the_deck_proves_nothing_unless_every_unseen_card_loses() -> None:
    s = position(HAND, AREA)
    unseen = fr.unseen(s, 0)
    # every card the seat cannot see: the deck and both other hands, nothing of its own or
    # of the area
    assert set(unseen) == {*s.deck, *s.hands[1], *s.hands[2]}
    assert not set(unseen) & {*HAND, *AREA}
    # the draw's line as the engine plays it, for the deck's real top card
    top = s.deck[-1]
    for discard in [*HAND, top]:
        after = s.clone()
        after.apply({"do": "draw"})
        after.apply({"do": "discard", "card": discard})
        assert fr.scored(after, 0).total == fr.scored_hand(
            [c for c in [*HAND, top] if c != discard], [*AREA, discard], s, 0
        )
    # Without the Queen in the area, the best take (Swamp or Rainstorm) is beaten by some
    # card of the deck (the Queen itself, which the seat cannot see now): never asked.
    weak = position(HAND, ["swamp", "rainstorm", "great-flood"])
    lines = fr.take_values(weak)
    assert "queen" in fr.unseen(weak, 0)
    reached = fr.draw_reaching(weak, 0, lines[0][2])
    assert reached is not None and reached[2] >= lines[0][2]
    assert fr.find(weak) == []
    planted = Puzzle(GAME_ID, "best-take", weak.export(), 0, (lines[0][0], lines[0][1]))
    assert (fr.DRAW,) in fr.solutions(planted)
    assert not puzzles.verify(planted)


def test_a_planted_second_answer_or_a_wrong_answer_is_refused() -> None:
    p = shipped_takes()[0]
    assert puzzles.verify(p)
    start = GAME.load(p.position)
    lines = fr.take_values(start)
    wrong = dataclasses.replace(p, solution=(dict(lines[1][0]), dict(lines[1][1])))
    assert not puzzles.verify(wrong)
    assert not puzzles.is_answer(p, wrong.solution) and puzzles.is_answer(p, p.solution)
    assert not puzzles.is_answer(p, [fr.DRAW])
    assert not puzzles.is_answer(p, p.solution[:1])
    # a position whose best pairs tie (random play, none keeping the hand as it is): each is
    # an answer, and neither is proved
    s, top, pairs = next(
        (s, *best)
        for seed in range(5)
        for s in _take_positions(seed)
        if len((best := fr.best_takes(s))[1]) > 1
        and all(t["card"] != d["card"] for t, d in best[1])
    )
    assert [(t, d) for t, d, v in fr.take_values(s) if v == top] == pairs
    seat = fr.taking_seat(s)
    assert seat is not None
    two = Puzzle(GAME_ID, "best-take", s.export(), seat, pairs[0], top)
    assert len(fr.solutions(two)) >= 2 and not puzzles.verify(two)
    assert fr.find(s) == []
    # a best-take puzzle of a position that is not the start of its seat's turn is refused
    moved = dataclasses.replace(p, seat=(p.seat + 1) % start.num_players, id="")
    assert not puzzles.verify(moved)
    assert not puzzles.verify(dataclasses.replace(p, kind="best-draw", id=""))


def _take_positions(seed: int) -> list[FantasyRealmsState]:
    """Every start of a turn that may take, in a random four-player game with the suits."""
    s = GAME.new(seed=seed, players=4, suits=True)
    r = random.Random(seed)
    out = []
    while not s.over:
        if fr.taking_seat(s) is not None:
            out.append(s.clone())
        s.apply(r.choice(s.legal_actions()))
    return out


def test_the_page_offers_the_draw_and_the_takes_then_the_discards() -> None:
    p = shipped_takes()[0]
    start = GAME.load(p.position)
    first = puzzles.offered(p, start)
    assert fr.DRAW in first and p.solution[0] in first
    assert {a["do"] for a in first} == {"draw", "take"}
    assert not puzzles.finished(p, start, [])
    taken = puzzles.play(p, p.solution[:1])
    assert not puzzles.finished(p, taken, p.solution[:1])
    assert {a["do"] for a in puzzles.offered(p, taken)} == {"discard"}
    assert p.solution[1] in puzzles.offered(p, taken)
    done = puzzles.play(p, p.solution)
    assert isinstance(done, FantasyRealmsState)
    assert puzzles.finished(p, done, p.solution)
    assert fr.scored(done, p.seat).total == p.value
    assert puzzles.is_answer(p, p.solution)
    # a draw from the deck: the try is over at once, and wrong; nothing may follow it
    drawn = puzzles.play(p, [fr.DRAW])
    assert isinstance(drawn, FantasyRealmsState)
    assert puzzles.finished(p, drawn, [fr.DRAW])
    assert not puzzles.is_answer(p, [fr.DRAW])
    with pytest.raises(ValueError, match="after the try is over"):
        puzzles.play(p, [fr.DRAW, {"do": "discard", "card": drawn.hands[p.seat][0]}])
    with pytest.raises(ValueError, match="after the try is over"):
        puzzles.play(p, [*p.solution, p.solution[1]])
    # a discard before a take, or a card not in the area, is not offered
    with pytest.raises(ValueError, match="not one the puzzle offers"):
        puzzles.play(p, [{"do": "discard", "card": start.hands[p.seat][0]}])
    with pytest.raises(ValueError, match="not one the puzzle offers"):
        puzzles.play(p, [{"do": "take", "card": "nope"}])
    assert not puzzles.is_answer(p, [{"do": "take", "card": "nope"}, p.solution[1]])


def test_the_fast_check_agrees_with_the_plain_scorer() -> None:
    r = random.Random(5)
    s = GAME.new(seed=1, players=4, suits=True)
    cards = s.opts.cards()
    actions = ["mirage", "shapeshifter", "book-of-changes", "island", "angel", "doppelganger"]
    for n in range(120):
        hand = [actions[n % 6], *r.sample([c for c in cards if c != actions[n % 6]], 7)]
        area = r.sample([c for c in cards if c not in hand], 6)
        exact = fr.scored_hand(hand, area, s, 0)
        for bar in (exact - 15, exact - 1, exact, exact + 3):
            got = fr.above(hand, area, s, 0, bar)
            assert got == (exact if exact > bar else None), (hand, bar)


def test_every_shipped_best_take_is_proved_again_and_is_not_given_away() -> None:
    every = puzzles.shipped(GAME_ID)
    assert every[0].kind == "best-discard"  # the file still opens with a discard
    shipped = shipped_takes()
    assert len(shipped) >= 50  # about one in a game: rarer than a best discard
    for p in shipped:
        assert puzzles.verify(p), p.id  # the one best pair, and no draw reaches it
        assert p.solution[0]["do"] == "take" and p.solution[1]["do"] == "discard"
        s = GAME.load(p.position)
        done = s.clone()
        for move in p.solution:
            done.apply(move)
        assert fr.scored(done, p.seat).total == p.value
        # reading the board after any take (the lowest line discarded) leaves less
        assert fr.reading_value(s, p.seat) < p.value


def test_the_question_and_the_explanation_are_said_in_both_languages() -> None:
    p = shipped_takes()[0]
    s = GAME.load(p.position)
    en, fa = fr.question(p, "en"), fr.question(p, "fa")
    assert "discard area" in en and "draw" in en
    assert "کارت‌های سوخته" in fa and "می‌سوزانید" in fa
    said = fr.explain(p, "en")
    take, discard = (m["card"] for m in p.solution)
    assert said[0].startswith("Take ") and str(p.value) in said[0]
    drawn = fr.best_draw(s, p.seat)[2]
    assert drawn < p.value and str(drawn) in said[2]
    persian = fr.explain(p, "fa")
    assert all(persian) and not any(ch.isdigit() and ch.isascii() for ch in "".join(persian))
    assert take and discard
    for q in puzzles.shipped(GAME_ID)[:3]:  # the other kind still speaks too
        assert fr.question(q, "fa") and fr.explain(q, "en")

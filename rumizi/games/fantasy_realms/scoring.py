"""The Fantasy Realms scorer: one hand in, its total and every card's line out.

The rules are the platform's cards file (``specs/fantasy-realms-cards.md``): §3 for what every
card does, §6.1 for the order in which effects resolve and §6.2 for the rulings. A hand is
scored in these steps (the numbers are §6.1's):

1. extra cards (Necromancer, Genie, Leprechaun) are already part of the hand we are given;
2.–5. the ACTION cards change the hand: Doppelgänger copies a card of the hand as printed
   (name, strength, suit, penalty — never the bonus), Mirage and Shapeshifter take a name and
   suit, Book of Changes changes one card's suit;
6. Island and Angel fix their targets;
7. every CLEARS effect is applied, before anything is blanked (so it survives blanking);
8. Demon blanks every lone non-Outsider card;
9. cards that BLANK others act in passes, starting with the cards nothing blanks: a card
   falls once a card that would blank it stands, and stands once all of those have fallen;
   a cycle of cards that blank each other, once nothing outside it is left to decide it,
   falls whole, and a card outside the cycle falls only to a blanker that stands
   (:func:`settle_blanking`);
10. self conditions (Smoke, Warship, War Dirigible, Garden, Phoenix) are checked against the
    cards still standing until nothing changes: "unless" conditions first, then "with" (the
    Deluxe Phoenix, which may blank no card, is no Weather to War Dirigible's fear);
11. Angel, its ward, the Undead under Lich or the Cursed Hoard Necromancer, and the Deluxe
    Phoenix (except by its own Flood condition) are never blanked;
12. every card that stands scores strength + bonus + penalty, looking only at cards that stand.

A blanked card has no name, suit, strength, bonus or penalty for anybody (§6.2.1); the one
exception, the promo Phoenix, keeps its three suits. That a Phoenix "also counts as a Flame
and a Weather" is its bonus text: a Doppelgänger, Mirage or Shapeshifter copying it is a
Beast only, and Book of Changes, which leaves the bonus alone, replaces only its Beast.
Where the sources disagree (§6.3) the choice is a field of :class:`Rulings`, whose defaults
are the file's recommendations.

What each card's text does (its bonus, its penalty, what its BLANKS penalty blanks, its own
condition) is its rule in :mod:`.card_rules`; this module applies the rules in the order above
to the hand's :class:`Slot` s, given the :class:`ScoringContext` (the discard area, the players,
the rulings).

The choices of the ACTION cards (§5) are a dict, one entry per card. :func:`score_choices`
scores one explicit set; :mod:`rumizi.games.fantasy_realms.optimize` finds the best.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from rumizi.core.i18n import to_persian_digits
from rumizi.games.fantasy_realms.card_rules import (
    ARMY,
    ARTIFACT,
    BEAST,
    BLANKERS,
    BONUS_CARDS,
    BUILDING,
    DEFAULT_RULINGS,
    FLAME,
    FLOOD,
    LAND,
    LEADER,
    OUTSIDER,
    PENALTY_CARDS,
    RULES,
    SELF_UNLESS,
    SELF_WITH,
    UNDEAD,
    WEAPON,
    WEATHER,
    WIZARD,
    Rulings,
    ScoringContext,
    Slot,
    StandingCards,
    blanks,
    bonus_points,
    penalty_points,
)
from rumizi.games.fantasy_realms.cards import (
    CARDS,
    ITEMS,
    PROMOS,
    SUIT_INDEX,
    SUITS,
    CardInfo,
    allowed_cards,
    bit,
    card_info,
    suits_in_play,
)

ACTION_CARDS: Final = (
    "doppelganger",
    "mirage",
    "shapeshifter",
    "book-of-changes",
    "island",
    "angel",
)
# The keys each ACTION card's choice takes (§5).
CHOICE_KEYS: Final = {
    "doppelganger": ("copies",),
    "mirage": ("copies",),
    "shapeshifter": ("copies",),
    "book-of-changes": ("target", "new_suit"),
    "island": ("clears",),
    "angel": ("protects",),
}
Choices = dict[str, dict[str, str | None]]

# What Mirage and Shapeshifter may become (printed suits of the card they name).
MIRAGE_SUITS: Final = ARMY | LAND | WEATHER | FLOOD | FLAME
SHAPESHIFTER_SUITS: Final = ARTIFACT | LEADER | WIZARD | WEAPON | BEAST
# The suits a Phoenix's bonus text adds to its printed one (Beast): not copied, not changed
# by Book of Changes.
PHOENIX_ALSO: Final = FLAME | WEATHER


@dataclass(frozen=True, slots=True)
class CardScore:
    """One card's line: what it became, what it scored and why."""

    id: str
    copies: str | None  # the card a wild card copied (its name), or None
    suits: tuple[str, ...]  # after copies and Book of Changes
    base: int
    bonus: int
    penalty: int
    blanked: bool
    cleared: bool  # its penalty is cleared (entirely)
    protected: bool  # Angel's ward, or never blankable
    reason_fa: str
    reason_en: str

    @property
    def total(self) -> int:
        """What the card adds to the hand (0 when blanked)."""
        return 0 if self.blanked else self.base + self.bonus + self.penalty

    def as_dict(self) -> dict[str, Any]:
        """The line as JSON-ready data."""
        return {
            "id": self.id,
            "copies": self.copies,
            "suits": list(self.suits),
            "base": self.base,
            "bonus": self.bonus,
            "penalty": self.penalty,
            "total": self.total,
            "blanked": self.blanked,
            "cleared": self.cleared,
            "protected": self.protected,
            "reason": {"fa": self.reason_fa, "en": self.reason_en},
        }


@dataclass(frozen=True, slots=True)
class Score:
    """A scored hand: the total, the choices used, one line per card and the items' points."""

    total: int
    choices: Choices
    cards: tuple[CardScore, ...]
    items: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The score as JSON-ready data."""
        return {
            "total": self.total,
            "choices": self.choices,
            "cards": [c.as_dict() for c in self.cards],
            "items": [{"id": i, "points": p} for i, p in self.items],
        }


class ScoringError(ValueError):
    """Bad input to the scorer: what is wrong, in Persian (``fa``) and English (``en``);
    ``str()`` is the English text."""

    def __init__(self, en: str, fa: str) -> None:
        super().__init__(en)
        self.en = en
        self.fa = fa

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"fa"`` or ``"en"``)."""
        return self.fa if lang == "fa" else self.en


def _err(text_en: str, text_fa: str) -> ScoringError:
    return ScoringError(text_en, to_persian_digits(text_fa))


def _fa(card: object) -> str:
    """A card's Persian name for a message (an unknown id as it was given)."""
    info = CARDS.get(card) if isinstance(card, str) else None
    return f"«{info.fa}»" if info is not None else repr(card)


def _fa_item(item: object) -> str:
    info = ITEMS.get(item) if isinstance(item, str) else None
    return f"«{info.fa}»" if info is not None else repr(item)


def check_hand(hand: Sequence[str], table: ScoringContext) -> list[CardInfo]:
    """The hand's cards, or a ValueError saying what is wrong with it."""
    allowed = allowed_cards(expansion=table.expansion)
    seen: set[str] = set()
    infos = []
    for card in hand:
        if not isinstance(card, str) or card not in CARDS:
            raise _err(f"unknown card id {card!r}", f"کارت ناشناخته: {card!r}")
        if card in seen:
            raise _err(f"card {card!r} is in the hand twice", f"کارت {_fa(card)} دو بار در دست است")
        if card not in allowed:
            raise _err(
                f"card {card!r} is not in the game without the Cursed Hoard suits",
                f"کارت {_fa(card)} بدون گونه‌های گنج نفرین‌شده در بازی نیست",
            )
        seen.add(card)
        infos.append(card_info(card, expansion=table.expansion))
    if "phoenix" in seen and "phoenix-deluxe" in seen:
        raise _err(
            "a game uses one Phoenix text: 'phoenix' or 'phoenix-deluxe', not both",
            "هر بازی فقط یکی از دو ققنوس را دارد: ققنوس یا ققنوس دلوکس، نه هر دو",
        )
    for card in table.discards:
        if card not in CARDS:
            raise _err(
                f"unknown card id {card!r} in the discard area",
                f"کارت ناشناخته در کارت‌های دورریخته: {card!r}",
            )
        if card in seen:
            raise _err(
                f"card {card!r} is both in the hand and in the discard area",
                f"کارت {_fa(card)} هم در دست است و هم در کارت‌های دورریخته",
            )
        if card not in allowed:
            raise _err(
                f"card {card!r} in the discard area is not in this game",
                f"کارت {_fa(card)} در کارت‌های دورریخته جزو این بازی نیست",
            )
    if len(set(table.discards)) != len(table.discards):
        raise _err("a card is in the discard area twice", "یک کارت دو بار در کارت‌های دورریخته است")
    if not 1 <= table.players <= 7:
        raise _err(
            f"players must be 1 to 7, not {table.players}",
            f"شمار بازیکنان باید ۱ تا ۷ باشد، نه {table.players}",
        )
    return infos


def copy_pool(action: str, expansion: bool) -> tuple[str, ...]:
    """The cards Mirage or Shapeshifter may name (any card of the game of their suits)."""
    mask = MIRAGE_SUITS if action == "mirage" else SHAPESHIFTER_SUITS
    if expansion:
        mask |= BUILDING if action == "mirage" else UNDEAD
    pool = []
    for card in allowed_cards(expansion=expansion):
        if card == "phoenix-deluxe":
            continue  # one Phoenix name is enough: both are named "phoenix" to other cards
        info = card_info(card, expansion=expansion)
        if bit(info.suit) & mask:
            pool.append(card)
    return tuple(sorted(pool))


def check_choices(
    choices: Mapping[str, Mapping[str, Any]], hand: Sequence[str], table: ScoringContext
) -> Choices:
    """A clean copy of ``choices`` (missing keys are ``None``), or a ValueError."""
    if not isinstance(choices, Mapping):
        raise _err(
            "choices must be a mapping of ACTION card id to its choice",
            "انتخاب‌ها باید نگاشتی از شناسهٔ کارت کنشی به انتخاب آن باشند",
        )
    in_hand = set(hand)
    clean: Choices = {}
    suits = suits_in_play(expansion=table.expansion)
    for card, choice in choices.items():
        if card not in CHOICE_KEYS:
            raise _err(
                f"{card!r} makes no choice at scoring time",
                f"کارت {_fa(card)} هنگام امتیازشماری انتخابی ندارد",
            )
        if card not in in_hand:
            raise _err(
                f"a choice for {card!r}, which is not in the hand",
                f"انتخابی برای {_fa(card)}، که در دست نیست",
            )
        if not isinstance(choice, Mapping):
            raise _err(
                f"the choice for {card!r} must be a mapping",
                f"انتخاب {_fa(card)} باید یک نگاشت باشد",
            )
        extra = set(choice) - set(CHOICE_KEYS[card])
        if extra:
            raise _err(
                f"the choice for {card!r} has unknown keys {sorted(extra)}",
                f"انتخاب {_fa(card)} کلیدهای ناشناخته دارد: {sorted(extra)}",
            )
        values = {key: choice.get(key) for key in CHOICE_KEYS[card]}
        for key, value in values.items():
            if value is not None and not isinstance(value, str):
                raise _err(
                    f"{card}.{key} must be a card id, a suit id or null",
                    f"{card}.{key} باید شناسهٔ کارت، شناسهٔ گونه یا null باشد",
                )
        target = values[CHOICE_KEYS[card][0]]
        if target is not None:
            if card in ("mirage", "shapeshifter"):
                if target not in copy_pool(card, table.expansion) and not (
                    target == "phoenix-deluxe" and card == "shapeshifter"
                ):
                    raise _err(
                        f"{card} cannot copy {target!r}",
                        f"{_fa(card)} نمی‌تواند {_fa(target)} را کپی کند",
                    )
            elif target not in in_hand:
                raise _err(
                    f"{card} names {target!r}, which is not in the hand",
                    f"{_fa(card)} کارت {_fa(target)} را نام می‌برد، که در دست نیست",
                )
            elif target == card:
                raise _err(
                    f"{card} cannot choose itself", f"{_fa(card)} نمی‌تواند خودش را انتخاب کند"
                )
        if card == "book-of-changes":
            new_suit = values["new_suit"]
            if (target is None) != (new_suit is None):
                raise _err(
                    "book-of-changes needs both a target and a new_suit (or neither)",
                    "کتاب تبدیلات هم هدف می‌خواهد و هم گونهٔ تازه (یا هیچ‌کدام)",
                )
            if new_suit is not None and new_suit not in suits:
                raise _err(
                    f"{new_suit!r} is not a suit of this game",
                    f"{new_suit!r} گونه‌ای از این بازی نیست",
                )
            if target == "phoenix-deluxe":
                raise _err(
                    "book-of-changes cannot target the Deluxe Phoenix",
                    "کتاب تبدیلات نمی‌تواند ققنوس دلوکس را هدف بگیرد",
                )
        clean[card] = values
    return clean


def build_slots(
    infos: Sequence[CardInfo], choices: Choices, table: ScoringContext
) -> list[Slot] | None:
    """Steps 2–6: the hand after its ACTION cards, or None if Island's target is not valid."""
    slots = [Slot(info) for info in infos]
    by_id = {s.card: s for s in slots}
    expansion = table.expansion
    # 2. Doppelgänger copies the target as printed.
    dop = by_id.get("doppelganger")
    if dop is not None:
        target = choices.get("doppelganger", {}).get("copies")
        if target is not None:
            t = card_info(target, expansion=expansion)
            # The printed suit: a Phoenix's Flame and Weather are bonus text, never copied.
            dop.name, dop.suits, dop.strength = t.id, bit(t.suit), t.strength
            dop.pen = t.id if t.id in PENALTY_CARDS else None
            dop.bonus = None
            dop.copies = target
    # 3.–4. Mirage and Shapeshifter take a name and suit.
    for wild in ("mirage", "shapeshifter"):
        slot = by_id.get(wild)
        if slot is None:
            continue
        target = choices.get(wild, {}).get("copies")
        if target is not None:
            t = card_info(target, expansion=expansion)
            slot.name = "phoenix" if t.id == "phoenix-deluxe" else t.id
            slot.suits = bit(t.suit)  # the printed suit only: Phoenix's extra suits are bonus
            slot.copies = target
    # 5. Book of Changes changes one card's suit.
    book = choices.get("book-of-changes", {})
    if "book-of-changes" in by_id and book.get("target") is not None:
        target_slot = by_id[str(book["target"])]
        # The promo Phoenix's bonus text still makes it a Flame and a Weather besides.
        also = PHOENIX_ALSO if target_slot.card == "phoenix" else 0
        target_slot.suits = bit(str(book["new_suit"])) | also
    # 6. Island's target must be a Flood or Flame now, or a Phoenix; Angel protects one card.
    island = choices.get("island", {}).get("clears") if "island" in by_id else None
    if island is not None:
        t_slot = by_id[island]
        if not (t_slot.suits & (FLOOD | FLAME) or t_slot.card in ("phoenix", "phoenix-deluxe")):
            return None
    angel = choices.get("angel", {}).get("protects") if "angel" in by_id else None
    if angel is not None:
        by_id[angel].protected = True
    # 7. Clearing, before any blanking, by the cards that carry CLEARS in their bonus text.
    clear_all = "protection-rune" in by_id
    clear_mask = 0
    if "mountain" in by_id:
        clear_mask |= FLOOD
    if "cavern" in by_id:
        clear_mask |= WEATHER
    if "beastmaster" in by_id:
        clear_mask |= BEAST
    rangers = "rangers" in by_id
    warship = "warship" in by_id
    for s in slots:
        if s.pen is None:
            continue
        if clear_all or s.suits & clear_mask or s.card == island:
            s.cleared = True
        if rangers or (warship and s.suits & FLOOD):
            s.army_cleared = True
    # 11. Cards that can never be blanked.
    undead_safe = "lich" in by_id or (expansion and "necromancer" in by_id)
    for s in slots:
        if (
            s.card == "angel"
            or s.protected
            or (undead_safe and s.suits & UNDEAD)
            or s.card == "phoenix-deluxe"
        ):
            s.unblankable = True
    return slots


_UNDECIDED: Final = -2
STANDS: Final = -1


def settle_blanking(
    attackers: Sequence[Sequence[int]], cycles_fall: bool = True
) -> tuple[list[int], int]:
    """Which cards the BLANKS penalties leave standing (§6.1 step 9). ``attackers[k]`` are
    the cards (by index) whose penalty would blank card ``k`` (``k`` itself for a card under
    its own blanking). Answers, for each card, :data:`STANDS` or the index of a card that
    blanks it, and a bit mask of the cards blanked as members of a cycle.

    §6.1's rule is "a card is blanked when at least one card that would blank it is itself
    not blanked", and a blanked card blanks nothing (§6.2.1). Applied in passes from the
    cards nothing blanks, a card falls as soon as one card that would blank it is known to
    stand, and stands as soon as all of them are known to have fallen. The passes stop
    short only at cards that blank each other round a cycle, where the rule answers nothing
    (each stands only if the other falls): the two Basilisks a Doppelgänger makes, or
    Wildfire, Great Flood and a Blizzard turned into a Beast. §6.1 blanks both of two such
    cards and §6.3 treats a longer cycle the same way, so with ``cycles_fall`` a cycle falls
    whole (otherwise it stands whole). Only its members do: a card the cycle threatens is
    decided by the rule, once the cycle is, like any other (it stands if nothing else that
    stands would blank it).

    A cycle is settled so only once nothing outside it that is still undecided would blank
    one of its members (a first cycle of the passes' order): a card that stands outside it
    may yet blank a member, and a member blanked by a standing card is an ordinary blanked
    card, which frees the others. This keeps the answer a function of the blanking graph
    alone (not of the order the cards are listed in), and a card that stands keeps everything
    as it was when it is made unblankable (Angel), which the optimiser's Angel search relies on.

    >>> settle_blanking([[1], [0], [0]])  # two Basilisks, and a King only they threaten
    ([1, 0, -1], 3)
    """
    n = len(attackers)
    by = [_UNDECIDED] * n
    cycle = 0
    left = n
    while True:
        moved = True
        while moved:
            moved = False
            for k in range(n):
                if by[k] != _UNDECIDED:
                    continue
                verdict = STANDS
                for j in attackers[k]:
                    state = by[j]
                    if state == STANDS:
                        verdict = j
                        break
                    if state == _UNDECIDED:
                        verdict = _UNDECIDED
                if verdict != _UNDECIDED:
                    by[k] = verdict
                    left -= 1
                    moved = True
        if not left:
            return by, cycle
        # Stuck: every undecided card has an undecided card that would blank it. Above each,
        # the undecided cards it descends from through the blanking (its ancestors).
        undecided = 0
        for k in range(n):
            if by[k] == _UNDECIDED:
                undecided |= 1 << k
        above = [0] * n
        grew = True
        while grew:
            grew = False
            for k in range(n):
                if not undecided >> k & 1:
                    continue
                mask = above[k]
                for j in attackers[k]:
                    if undecided >> j & 1:
                        mask |= 1 << j | above[j]
                if mask != above[k]:
                    above[k] = mask
                    grew = True
        # The members of the first cycles: on a cycle (above themselves), and everything
        # above them is in their cycle (below them too).
        first = []
        for k in range(n):
            mask = above[k]
            if not mask >> k & 1:
                continue
            rest = mask
            while rest:
                low = rest & -rest
                if not above[low.bit_length() - 1] >> k & 1:
                    break
                rest ^= low
            if not rest:
                first.append(k)
        assert first, "a stuck pass always has a first cycle"
        for k in first:
            if cycles_fall:
                for j in attackers[k]:
                    if undecided >> j & 1 and above[j] >> k & 1:
                        by[k] = j  # a member of its cycle
                        break
                cycle |= 1 << k
            else:
                by[k] = STANDS
            left -= 1


def _blank(v: Slot, by: str) -> None:
    v.blanked = True
    v.blanked_by = by
    v.ghost = v.card == "phoenix"  # the promo Phoenix keeps its three suits


def resolve_blanking(slots: list[Slot], table: ScoringContext) -> None:
    """Steps 8–10: Demon, then cards that blank others, then self conditions."""
    # 8. Demon (or a Doppelgänger copying it) blanks every lone non-Outsider card.
    demons = [s for s in slots if s.pen == "demon" and not s.cleared]
    if demons:
        lone = []
        for s in slots:
            if s.suits & OUTSIDER or s.unblankable:
                continue
            if not any(o is not s and o.suits & s.suits for o in slots):
                lone.append(s)
        for s in lone:
            _blank(s, demons[0].card)
    # 9. Blanking in passes from the cards nothing blanks.
    blankers = [
        k for k, s in enumerate(slots) if s.pen in BLANKERS and not s.cleared and not s.blanked
    ]
    if blankers:
        self_ok = table.rulings.self_blanking
        attackers: list[list[int]] = []
        threatened = False
        for v in slots:
            hits: list[int] = []
            if not v.blanked and not v.unblankable:
                for j in blankers:
                    b = slots[j]
                    if (b is not v or self_ok) and blanks(b, v, table):
                        hits.append(j)
                threatened = threatened or bool(hits)
            attackers.append(hits)
        if threatened:
            by, cycle = settle_blanking(attackers, table.rulings.blanking_cycles == "blank-all")
            for k, j in enumerate(by):
                if j >= 0:
                    _blank(slots[k], slots[j].card)
                    slots[k].in_cycle = bool(cycle >> k & 1)
    # 10. Self conditions against the cards still standing: "unless" first, then "with".
    _self_conditions(slots)


def _fails_unless(s: Slot, suits: int) -> bool:
    return s.pen is not None and RULES[s.pen].fails_unless(s, suits)


def _fails_with(s: Slot, suits: int, names: set[str]) -> bool:
    return s.pen is not None and RULES[s.pen].fails_with(s, suits, names)


def _self_conditions(slots: list[Slot]) -> None:
    conditional = [
        s
        for s in slots
        if s.pen is not None
        and (s.pen in SELF_UNLESS or s.pen in SELF_WITH)
        and not s.cleared
        and not s.blanked
    ]
    if not conditional:
        return
    while True:
        changed = False
        # "Unless" conditions only get harder as cards fall: run them to a fixpoint first.
        while True:
            suits = _standing_suits(slots)
            fall = [
                s
                for s in conditional
                if not s.blanked and not s.unblankable and _fails_unless(s, suits)
            ]
            if not fall:
                break
            for s in fall:
                _blank(s, s.card)
            changed = True
        # The Deluxe Phoenix may blank no card: a "with" condition (War Dirigible's "with
        # any Weather") does not count it, though every bonus and penalty does.
        feared = _standing_suits(slots, blanking=True)
        names = {s.name for s in slots if not s.blanked}
        fall = [
            s
            for s in conditional
            if not s.blanked
            and (not s.unblankable or s.card == "phoenix-deluxe")
            and not (s.protected or s.card == "angel")
            and _fails_with(s, feared, names)
        ]
        for s in fall:
            _blank(s, s.card)
        if not fall and not changed:
            return
        if not fall:
            return


def _standing_suits(slots: list[Slot], blanking: bool = False) -> int:
    """The suits of the cards that stand (and of a blanked promo Phoenix); ``blanking``:
    only of the cards that may blank another (not the Deluxe Phoenix)."""
    mask = 0
    for s in slots:
        if (not s.blanked or s.ghost) and not (blanking and s.card == "phoenix-deluxe"):
            mask |= s.suits
    return mask


def evaluate(
    infos: Sequence[CardInfo], choices: Choices, table: ScoringContext
) -> tuple[int, list[str]] | None:
    """The total of one explicit set of (valid) choices and the cards it blanks; None if
    Island's target is not a Flood or Flame."""
    slots = build_slots(infos, choices, table)
    if slots is None:
        return None
    resolve_blanking(slots, table)
    hand = StandingCards(slots)
    total = 0
    for s in hand.live:
        total += s.strength + bonus_points(s, hand, table) + penalty_points(s, hand)
    return total, [s.card for s in slots if s.blanked]


def _reason(s: Slot) -> tuple[str, str]:
    if s.blanked:
        by = s.blanked_by or s.card
        if by == s.card:
            return ("پوچ با شرط خودش", "blanked by its own condition")
        info = CARDS[by]
        if s.in_cycle:
            return (f"پوچ در چرخه با {info.fa}", f"blanked in a cycle with {info.en}")
        return (f"پوچ با {info.fa}", f"blanked by {info.en}")
    if s.unblankable and s.card != "phoenix-deluxe" and s.card != "angel" and s.protected:
        return ("محافظت‌شده با فرشته", "protected by Angel")
    if s.cleared:
        return ("جریمه پاک شد", "penalty cleared")
    if s.copies is not None:
        info = CARDS[s.copies]
        return (f"کپی {info.fa}", f"copies {info.en}")
    return ("", "")


def score_choices(
    infos: Sequence[CardInfo], choices: Choices, table: ScoringContext
) -> tuple[int, tuple[CardScore, ...]]:
    """The total and per-card lines of one explicit, already checked, set of choices."""
    slots = build_slots(infos, choices, table)
    if slots is None:
        island = choices.get("island", {}).get("clears")
        raise _err(
            f"island can only clear a Flood or a Flame, not {island!r}",
            f"جزیره فقط جریمهٔ یک کارت آب یا آتش را پاک می‌کند، نه {_fa(island)}",
        )
    resolve_blanking(slots, table)
    hand = StandingCards(slots)
    lines = []
    total = 0
    for s in slots:
        if s.blanked:
            base = bonus = penalty = 0
        else:
            base = s.strength
            bonus = bonus_points(s, hand, table)
            penalty = penalty_points(s, hand)
            total += base + bonus + penalty
        fa, en = _reason(s)
        lines.append(
            CardScore(
                id=s.card,
                copies=s.copies,
                suits=tuple(SUITS[k] for k in range(len(SUITS)) if s.suits >> k & 1),
                base=base,
                bonus=bonus,
                penalty=penalty,
                blanked=s.blanked,
                cleared=s.cleared,
                protected=s.unblankable,
                reason_fa=fa,
                reason_en=en,
            )
        )
    return total, tuple(lines)


def item_points(items: Sequence[str], players: int) -> tuple[tuple[str, int], ...]:
    """Each used Cursed Item's points at game end (Spyglass −10 with two players; Treasure
    Chest +25 more with three other items)."""
    seen: set[str] = set()
    out = []
    for item in items:
        if item not in ITEMS:
            raise _err(f"unknown Cursed Item {item!r}", f"شیء نفرین‌شدهٔ ناشناخته: {item!r}")
        if item in seen:
            raise _err(
                f"Cursed Item {item!r} is listed twice",
                f"شیء نفرین‌شدهٔ {_fa_item(item)} دو بار آمده است",
            )
        seen.add(item)
    for item in items:
        points = ITEMS[item].points
        if item == "spyglass" and players == 2:
            points = -10
        if item == "treasure-chest" and len(items) - 1 >= 3:
            points += 25
        out.append((item, points))
    return tuple(out)


def action_cards(hand: Iterable[str]) -> tuple[str, ...]:
    """The ACTION cards of the hand, in resolution order."""
    held = set(hand)
    return tuple(c for c in ACTION_CARDS if c in held)


def unused(hand: Iterable[str]) -> Choices:
    """Choices that use no ability at all."""
    return {c: dict.fromkeys(CHOICE_KEYS[c]) for c in action_cards(hand)}


__all__ = [
    "ACTION_CARDS",
    "BLANKERS",
    "BONUS_CARDS",
    "CHOICE_KEYS",
    "DEFAULT_RULINGS",
    "PENALTY_CARDS",
    "PROMOS",
    "SUIT_INDEX",
    "CardScore",
    "Choices",
    "Rulings",
    "Score",
    "ScoringContext",
    "ScoringError",
    "Slot",
]

"""The rules page texts (``rules.py``): their shape, Persian typography, and the facts they state.

Every number the rules state is checked against the engine and the card data rather than
written down again here, so that a change to the rules shows up as a failing test.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections import Counter

import pytest

from rumizi.core.i18n import LANGS, ZWNJ, to_ascii_digits
from rumizi.games.star_realms import GAME
from rumizi.games.star_realms.cards import (
    BY_ID,
    CARDS,
    COMBAT,
    EXPLORER,
    FACTIONS,
    LOOKOUT,
    STARTING_DECK,
    TRADE,
    TRADE_DECK,
    VIPER,
)
from rumizi.games.star_realms.engine import (
    EMPERORS,
    FORMATS,
    HAND_SIZE,
    HYDRA_AUTHORITY,
    RAID_BOSS,
    RAID_BOSS_SEAT,
    START_AUTHORITY,
    opening_hand,
    starting_authority,
)
from rumizi.games.star_realms.rules import (
    RULES,
    SECTION_IDS,
    TAGLINE,
    Section,
    rules,
    tagline,
)
from rumizi.games.star_realms.texts import (
    faction_name,
    format_name,
    label,
    role_label,
    team_label,
    type_text,
)

MULTIPLAYER = [fmt for fmt in FORMATS if fmt != "duel"]
PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
ARABIC_INDIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"


def texts(section: Section) -> list[str]:
    return [section.title, *section.paragraphs]


def all_texts(lang: str) -> list[str]:
    return [t for s in rules(lang) for t in texts(s)] + [tagline(lang)]


def numbers(*parts: str) -> Counter[int]:
    """The numbers written in ``parts`` (Persian digits read as ASCII ones), as a multiset."""
    return Counter(int(n) for part in parts for n in re.findall(r"[0-9]+", to_ascii_digits(part)))


def section(sid: str, lang: str) -> Section:
    return rules(lang)[SECTION_IDS.index(sid)]


def section_numbers(sid: str, lang: str) -> Counter[int]:
    return numbers(*texts(section(sid, lang)))


def section_text(sid: str, lang: str) -> str:
    return " ".join(texts(section(sid, lang))).casefold()


def trade_row_size() -> int:
    return len(GAME.new(seed=0).export()["trade_row"])


def is_persian_script(ch: str) -> bool:
    return "\u0600" <= ch <= "\u06ff" or "\ufb50" <= ch <= "\ufdff" or "\ufe70" <= ch <= "\ufeff"


# ---------------------------------------------------------------------- shape


def test_languages_are_the_sites() -> None:
    assert set(RULES) == set(TAGLINE) == set(LANGS)


@pytest.mark.parametrize("lang", LANGS)
def test_sections_have_titles_and_paragraphs(lang: str) -> None:
    sections = rules(lang)
    assert isinstance(sections, tuple)
    assert len(sections) == len(SECTION_IDS)
    for s in sections:
        assert isinstance(s, Section)
        assert isinstance(s.paragraphs, tuple)
        assert s.title.strip() and s.title == s.title.strip()
        assert s.paragraphs, s.title
        for p in s.paragraphs:
            assert isinstance(p, str) and p.strip(), s.title
            assert p == p.strip() and "\n" not in p and "  " not in p, p
            assert p[-1] in ".!؟", p


def test_both_languages_have_the_same_sections_and_paragraphs() -> None:
    en, fa = rules("en"), rules("fa")
    assert len(en) == len(fa) == len(SECTION_IDS)
    for e, f in zip(en, fa, strict=True):
        assert len(e.paragraphs) == len(f.paragraphs), e.title


def test_sections_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules("en")[0].title = "changed"  # type: ignore[misc]


@pytest.mark.parametrize("lang", LANGS)
def test_plain_text_only(lang: str) -> None:
    for text in all_texts(lang):
        assert not re.search(r"[<>*#`_\[\]{}|\\]", text), text


@pytest.mark.parametrize("lang", LANGS)
def test_tagline_is_one_sentence(lang: str) -> None:
    line = tagline(lang)
    assert line.endswith(".") and line.count(".") == 1, line


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError):
        rules("xx")
    with pytest.raises(ValueError):
        tagline("xx")
    with pytest.raises(ValueError):
        rules("EN")


# ---------------------------------------------------------------------- typography


@pytest.mark.parametrize("text", all_texts("en"))
def test_english_has_no_persian(text: str) -> None:
    assert not any(is_persian_script(ch) for ch in text), text
    assert ZWNJ not in text
    assert all(ch.isascii() or ch == "♻" for ch in text), text


@pytest.mark.parametrize("text", all_texts("fa"))
def test_persian_digits_and_letters(text: str) -> None:
    assert not re.search(r"[0-9]", text), text
    assert not any(ch in ARABIC_INDIC_DIGITS for ch in text), text
    # Persian yeh and keheh, never the Arabic letters.
    assert "ي" not in text and "ك" not in text, text
    assert not re.search(r"[A-Za-z]", text), text
    assert any(is_persian_script(ch) for ch in text)


@pytest.mark.parametrize("text", all_texts("fa"))
def test_persian_zero_width_non_joiners(text: str) -> None:
    assert ZWNJ + ZWNJ not in text, text
    for m in re.finditer(ZWNJ, text):
        i = m.start()
        before = text[i - 1] if i > 0 else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        # Inside a word: a letter on both sides (so never next to a space or punctuation,
        # never at the start or end of a word).
        assert before.isalpha() and after.isalpha(), (text[max(0, i - 10) : i + 10], text)
    # Other invisible characters have no place in the text.
    for ch in text:
        assert ch == ZWNJ or unicodedata.category(ch) != "Cf", (hex(ord(ch)), text)


@pytest.mark.parametrize("text", all_texts("fa"))
def test_persian_punctuation(text: str) -> None:
    assert not re.search(r"[,;?\"]", text), text
    assert not re.search(r"\s[،؛.:!؟)»]", text), text
    assert not re.search(r"[،؛][^\s]", text), text
    assert not re.search(r"[(«]\s", text), text
    opened = 0
    for ch in text:
        opened += {"«": 1, "»": -1}.get(ch, 0)
        assert opened in (0, 1), text
    assert opened == 0, text


def test_common_words_are_spelled_with_their_joiners() -> None:
    """Words the site spells with a ZWNJ never appear run together or split by a space."""
    fa = " ".join(all_texts("fa"))
    for wrong in ("میشود", "می شود", "میکنید", "می کنید", "کارتها", "کارت ها", "بازیکنها"):
        assert wrong not in fa, wrong
    assert "بازی‌کن" not in fa  # the site writes «بازیکن»


# ---------------------------------------------------------------------- numbers


@pytest.mark.parametrize("i", range(len(SECTION_IDS)))
def test_numbers_agree_between_languages(i: int) -> None:
    en, fa = rules("en")[i], rules("fa")[i]
    assert numbers(*texts(en)) == numbers(*texts(fa)), en.title


@pytest.mark.parametrize("i", range(len(SECTION_IDS)))
def test_numbers_agree_paragraph_by_paragraph(i: int) -> None:
    en, fa = rules("en")[i], rules("fa")[i]
    assert numbers(en.title) == numbers(fa.title)
    for e, f in zip(en.paragraphs, fa.paragraphs, strict=True):
        assert numbers(e) == numbers(f), e


def test_tagline_numbers_agree() -> None:
    assert numbers(tagline("en")) == numbers(tagline("fa"))


# ---------------------------------------------------------------------- facts


@pytest.mark.parametrize("lang", LANGS)
def test_overview_and_setup(lang: str) -> None:
    assert START_AUTHORITY in section_numbers("overview", lang)
    found = section_numbers("setup", lang)
    explorer = CARDS[EXPLORER]
    assert explorer.primary == ((TRADE, 2),) and explorer.scrap == ((COMBAT, 2),)
    facts = {
        "authority": START_AUTHORITY,
        "starting deck": len(STARTING_DECK),
        "lookouts": STARTING_DECK.count(LOOKOUT),
        "vipers": STARTING_DECK.count(VIPER),
        "lookout trade": CARDS[LOOKOUT].primary[0][1],
        "viper combat": CARDS[VIPER].primary[0][1],
        "trade deck": len(TRADE_DECK),
        "trade row": trade_row_size(),
        "explorer cost": explorer.cost,
        "explorer trade": explorer.primary[0][1],
        "explorer scrap": explorer.scrap[0][1],
        "first hand": opening_hand("duel", 2, 0, 0),
        "second hand": opening_hand("duel", 2, 0, 1),
        "hand size": HAND_SIZE,
    }
    for what, n in facts.items():
        assert n in found, (what, n)
    text = section_text("setup", lang)
    for card in (LOOKOUT, VIPER, EXPLORER):
        assert CARDS[card].name(lang).casefold() in text


def test_trade_row_size_stated() -> None:
    """The engine lays out as many row cards as the rules say, in every format."""
    for fmt, (fewest, _) in FORMATS.items():
        players = 4 if fmt == "hydra" else fewest
        assert len(GAME.new(seed=3, players=players, format=fmt).export()["trade_row"]) == 5
    assert trade_row_size() in section_numbers("setup", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_turn(lang: str) -> None:
    found = section_numbers("turn", lang)
    assert HAND_SIZE in found and CARDS[EXPLORER].cost in found
    text = section_text("turn", lang)
    for key in ("trade-row", "trade-deck", "discard", "trade", "combat", "ally", "scrap"):
        assert label(key, lang).casefold() in text, key


@pytest.mark.parametrize("lang", LANGS)
def test_cards(lang: str) -> None:
    found = section_numbers("cards", lang)
    text = section_text("cards", lang)
    for faction in FACTIONS[1:]:
        copies = sum(c.copies for c in CARDS if c.faction == faction)
        assert found[copies] >= 1, faction
        assert faction_name(faction, lang).casefold() in text, faction
    for card_id in ("gnat", "barter-world", "trading-post"):  # a ship, a base, an outpost
        kind = type_text(CARDS[BY_ID[card_id]], lang, short=True).split(" ")[0]
        assert kind.casefold() in text, kind
    assert "♻" in text


@pytest.mark.parametrize("lang", LANGS)
def test_format_sections_carry_the_sites_format_names(lang: str) -> None:
    for fmt in MULTIPLAYER:
        assert section(fmt, lang).title == format_name(fmt, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("fmt", ["free-for-all", "hunter"])
def test_free_for_all_and_hunter(lang: str, fmt: str) -> None:
    found = section_numbers(fmt, lang)
    fewest, most = FORMATS[fmt]
    assert fewest in found and most in found
    for players in range(fewest, most + 1):
        for seat in range(players):
            assert opening_hand(fmt, players, 0, seat) in found, (players, seat)


@pytest.mark.parametrize("lang", LANGS)
def test_hydra(lang: str) -> None:
    found = section_numbers("hydra", lang)
    for players, authority in HYDRA_AUTHORITY.items():
        assert players in found and authority in found
        for seat in range(players):
            assert opening_hand("hydra", players, 0, seat) in found
            assert starting_authority("hydra", players, seat) == authority


@pytest.mark.parametrize("lang", LANGS)
def test_emperor(lang: str) -> None:
    found = section_numbers("emperor", lang)
    fewest, most = FORMATS["emperor"]
    assert fewest == most and most in found
    for seat in range(most):
        assert starting_authority("emperor", most, seat) in found
        assert opening_hand("emperor", most, 0, seat) in found
    assert starting_authority("emperor", most, EMPERORS[0]) != START_AUTHORITY
    text = section_text("emperor", lang)
    for role in ("emperor", "admiral"):
        assert role_label(role, lang).casefold() in text
    for team in (0, 1):
        assert team_label(team, lang).casefold() in text


@pytest.mark.parametrize("lang", LANGS)
def test_raid(lang: str) -> None:
    found = section_numbers("raid", lang)
    fewest, most = FORMATS["raid"]
    assert fewest in found and most in found
    assert fewest - 1 in found and most - 1 in found  # raiders
    for raiders, (authority, hand) in RAID_BOSS.items():
        players = raiders + 1
        assert raiders in found and authority in found and hand in found
        assert starting_authority("raid", players, RAID_BOSS_SEAT) == authority
        boss_first = opening_hand("raid", players, 0, RAID_BOSS_SEAT)
        assert boss_first in found
        assert hand - boss_first in found  # "2 cards smaller"
        for seat in range(1, players):
            assert opening_hand("raid", players, 0, seat) in found
            assert starting_authority("raid", players, seat) in found
    assert HAND_SIZE in found
    text = section_text("raid", lang)
    for role in ("boss", "raider"):
        assert role_label(role, lang).casefold() in text


@pytest.mark.parametrize("lang", LANGS)
def test_rumizi_section_names_the_log(lang: str) -> None:
    assert label("log", lang).casefold() in section_text("rumizi", lang)


def test_new_games_match_the_stated_opening_hands() -> None:
    """The opening hands the rules state are the ones the engine deals."""
    for fmt, players in [
        ("duel", 2),
        ("free-for-all", 5),
        ("hunter", 3),
        ("hydra", 6),
        ("emperor", 6),
        ("raid", 4),
    ]:
        state = GAME.new(seed=11, players=players, format=fmt)
        doc = state.export()
        first = doc["current"]
        for seat, p in enumerate(doc["players"]):
            held = len(p["hand"]) + len(p.get("in_play", []))
            assert held == opening_hand(fmt, players, first, seat), (fmt, seat)

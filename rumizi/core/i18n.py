"""Small language helpers shared by every game's texts: digits, numbers, lists.

Rumizi speaks Persian (``"fa"``, the default of the site) and English (``"en"``). Persian text
writes numbers with the Persian digits ۰–۹ and joins list items with the Persian comma.

>>> to_persian_digits("turn 12, authority 50")
'turn ۱۲, authority ۵۰'
>>> to_ascii_digits("۱۲ and ٣")
'12 and 3'
>>> number(45, "fa"), number(45, "en")
('۴۵', '45')
>>> join(["a", "b", "c"], "fa")
'a، b، c'
>>> persian_verb("کرد", you=True), persian_verb("می‌کن", present=True)
('کردید', 'می‌کند')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

LANGS: tuple[str, ...] = ("fa", "en")
ZWNJ = "\u200c"  # zero-width non-joiner: «کارت‌ها», «می‌کشد»

_PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹"
_ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩"
_TO_PERSIAN = str.maketrans("0123456789" + _ARABIC_DIGITS, _PERSIAN_DIGITS * 2)
_TO_ASCII = str.maketrans(_PERSIAN_DIGITS + _ARABIC_DIGITS, "0123456789" * 2)


def check_lang(lang: str) -> str:
    """``lang`` itself if Rumizi speaks it, else ``ValueError``.

    >>> check_lang("fa")
    'fa'
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; Rumizi speaks: {', '.join(LANGS)}")
    return lang


def to_persian_digits(text: str) -> str:
    """``text`` with every ASCII (and Arabic-Indic) digit written as a Persian digit."""
    return text.translate(_TO_PERSIAN)


def to_ascii_digits(text: str) -> str:
    """``text`` with Persian and Arabic-Indic digits written as ASCII digits (for input)."""
    return text.translate(_TO_ASCII)


def digits(text: str, lang: str) -> str:
    """``text`` with its digits in the script of ``lang``."""
    return to_persian_digits(text) if lang == "fa" else text


def number(n: int, lang: str) -> str:
    """An integer written for ``lang``: ``number(-3, "fa") == "-۳"``."""
    return digits(str(n), lang)


def join(items: Iterable[str], lang: str) -> str:
    """Items joined by a comma of ``lang`` (Persian uses «،»)."""
    return ("، " if lang == "fa" else ", ").join(items)


def persian_verb(
    stem: str, *, you: bool = False, plural: bool = False, present: bool = False
) -> str:
    """A Persian verb agreeing with its subject: ``stem`` and the personal ending.

    Rumizi addresses its reader as «شما», with the (polite) second-person plural verb; anyone
    else is the third person, singular or (``plural``) plural. A past ``stem`` («کرد») is the
    third person singular itself, a present one («می‌کن») takes «د»::

        subject        past      present
        he / she       کرد       می‌کند
        you («شما»)    کردید     می‌کنید
        they           کردند     می‌کنند

    >>> persian_verb("برداشت"), persian_verb("برداشت", you=True)
    ('برداشت', 'برداشتید')
    >>> persian_verb("شد", plural=True), persian_verb("دار", you=True, present=True)
    ('شدند', 'دارید')

    An empty ``stem`` gives the ending alone, for a text that marks where its verbs end:

    >>> persian_verb("", present=True)
    'د'
    """
    if you:
        return stem + "ید"
    if plural:
        return stem + "ند"
    return stem + ("د" if present else "")


# How bots are called, in English and Persian (the levels are what players meet). Games name
# their bot seats with these too, so they live here rather than with the bots.
_BOT_NAMES: dict[str, tuple[str, str]] = {
    "random": ("Random bot", "ربات تصادفی"),
    "greedy": ("Greedy bot", "ربات حریص"),
    "easy": ("Easy bot", "ربات آسان"),
    "medium": ("Medium bot", "ربات متوسط"),
    "hard": ("Hard bot", "ربات سخت"),
    "expert": ("Expert bot", "ربات خبره"),
    "strong": ("Strong bot", "ربات قوی"),
}


def bot_label(name: str, lang: str) -> str:
    """How a bot is called, by its registry name.

    >>> bot_label("greedy", "fa"), bot_label("ismcts", "en")
    ('ربات حریص', 'Bot “ismcts”')
    """
    known = _BOT_NAMES.get(name)
    if known is not None:
        return known[1] if lang == "fa" else known[0]
    return f"ربات {name}" if lang == "fa" else f"Bot “{name}”"


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a game's rules page: a title and its paragraphs, all plain text."""

    title: str
    paragraphs: tuple[str, ...]

"""Spelling slips a Persian reader would notice, for the tests of every game's texts."""

from __future__ import annotations

import re

ASCII_DIGIT = re.compile(r"[0-9]")
PERSIAN_LETTER = "\u0600-\u06ff"


def persian_problems(text: str) -> list[str]:
    """Latin digits, Arabic yeh or kaf, «می» or «ها» not joined by a ZWNJ, and the ezafe
    after a silent heh written «ه‌ی» where the site writes «هٔ» («نسخهٔ دلوکس»)."""
    problems = []
    if ASCII_DIGIT.search(text):
        problems.append(f"ASCII digit in {text!r}")
    if re.search("[يك]", text):
        problems.append(f"Arabic yeh or kaf in {text!r}")
    # The verbal prefix «می» is joined to its verb by a ZWNJ, never by a space or nothing.
    for m in re.finditer(rf"(?<![{PERSIAN_LETTER}\u200c])می(?: |(?=[{PERSIAN_LETTER}]))", text):
        word = text[m.start() : m.start() + 8]
        if not word.startswith(("میز", "میان")):
            problems.append(f"«می» without ZWNJ in {word!r}")
    # The plural «ها» after a joining letter needs a ZWNJ («کارت‌ها», «پایگاه‌ها»).
    joining = "بپتثجچحخسشصضطظعغفقکگلمنهیئ"
    for m in re.finditer(rf"[{PERSIAN_LETTER}]*[{joining}]ها(?![{PERSIAN_LETTER}])", text):
        problems.append(f"«ها» without ZWNJ in {m.group()!r}")
    for m in re.finditer(rf"[{PERSIAN_LETTER}]*ه\u200cی(?![{PERSIAN_LETTER}])", text):
        problems.append(f"«ه‌ی» for «هٔ» in {m.group()!r}")
    return problems

"""Persian verb agreement, written once for every game's texts (rumizi.core.i18n)."""

from __future__ import annotations

import pytest

from rumizi.core.i18n import ZWNJ, persian_verb


@pytest.mark.parametrize(
    ("stem", "kwargs", "verb"),
    [
        ("کرد", {}, "کرد"),  # he / she did
        ("کرد", {"you": True}, "کردید"),  # you («شما») did
        ("کرد", {"plural": True}, "کردند"),  # they did
        (f"می{ZWNJ}کن", {"present": True}, f"می{ZWNJ}کند"),  # he / she does
        (f"می{ZWNJ}کن", {"present": True, "you": True}, f"می{ZWNJ}کنید"),
        (f"می{ZWNJ}کن", {"present": True, "plural": True}, f"می{ZWNJ}کنند"),
        ("", {}, ""),  # the ending alone, for texts that mark where verbs end
        ("", {"you": True}, "ید"),
        ("", {"present": True}, "د"),
    ],
)
def test_a_verb_agrees_with_its_subject(stem: str, kwargs: dict[str, bool], verb: str) -> None:
    assert persian_verb(stem, **kwargs) == verb


def test_the_reader_is_addressed_as_you_even_among_several() -> None:
    # «شما» is the polite plural already: no third-person plural ending on top
    assert persian_verb("شد", you=True, plural=True) == "شدید"

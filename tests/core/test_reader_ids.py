"""rumizi.core.reader's readers of ids and names: what they accept, and how they refuse."""

from __future__ import annotations

import pytest

from rumizi.core import reader
from rumizi.core.errors import DocumentError

CARDS = {"scout": 0, "viper": 1}


def test_one_id_reads_an_id_and_names_what_it_is_not() -> None:
    assert reader.one_id("scout", CARDS, "document.card", "card") == 0
    for wrong in ("Scout", 0, None, ["scout"]):
        with pytest.raises(DocumentError) as info:
            reader.one_id(wrong, CARDS, "document.card", "card")
        assert info.value.path == "document.card"
        assert str(info.value) == f"document.card: unknown card {wrong!r}"


def test_id_list_keeps_order_and_repeats() -> None:
    assert reader.id_list([], CARDS, "hand", "card") == []
    assert reader.id_list(["viper", "scout", "viper"], CARDS, "hand", "card") == [1, 0, 1]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("scout", "hand: expected a list of royal ids"),
        ({"scout": 1}, "hand: expected a list of royal ids"),
        (None, "hand: expected a list of royal ids"),
        (["scout", "king"], "hand: unknown royal 'king'"),
        (["scout", 1], "hand: unknown royal 1"),
    ],
)
def test_id_list_refuses_with_the_list_path(value: object, message: str) -> None:
    with pytest.raises(DocumentError) as info:
        reader.id_list(value, CARDS, "hand", "royal")
    assert str(info.value) == message
    assert info.value.path == "hand"


def test_one_of_gives_the_index_and_lists_the_names() -> None:
    names = ("start", "resolving", "end")
    assert [reader.one_of(n, names, "phase") for n in names] == [0, 1, 2]
    for wrong in ("START", 1, None, ["start"]):
        with pytest.raises(DocumentError) as info:
            reader.one_of(wrong, names, "document.phase")
        assert str(info.value) == (
            f"document.phase: expected one of start, resolving, end, got {wrong!r}"
        )

"""Every game's sentences along random games: written out, for every reader, in both languages.

The sentences are those of :mod:`tests.games.texts_fingerprint` (every legal move's label,
the whole log and the result, for each seat and a spectator, named and unnamed, in Persian
and English); its hashes before and after a change to the texts show that no word changed.
"""

from __future__ import annotations

import pytest

from rumizi.core.registry import game_ids, game_module
from tests.games.texts_fingerprint import sentences

GAMES = [g for g in game_ids() if game_module(g, "texts") is not None]


def _text(sentence: object) -> str:
    """The words of a move's label, a result, or a log line (``[text, tone, cards]``)."""
    text = sentence[0] if isinstance(sentence, list) else sentence
    assert isinstance(text, str)
    return text


@pytest.mark.parametrize("game_id", GAMES)
def test_every_sentence_is_written_out(game_id: str) -> None:
    """No sentence is empty, keeps a verb marker (``~``, ``^``), an unfilled ``{field}`` or a
    ``None``; Persian ones agree their verbs with «شما» (no «شما …د.» third-person ending)."""
    seen = 0
    for sentence in sentences(game_id):
        text = _text(sentence)
        seen += 1
        assert text.strip(), sentence
        assert not any(mark in text for mark in "~^{}"), text
        assert "None" not in text, text
        assert not text.startswith("شما ") or not text.endswith("کرد."), text
    assert seen > 1000

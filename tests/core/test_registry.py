import sys
from pathlib import Path

import pytest

import rumizi
import rumizi.games
from rumizi.core import registry


def test_registry_knows_star_realms() -> None:
    game = rumizi.game("star-realms")
    assert game is rumizi.game("star-realms")
    assert game.id == "star-realms"
    assert "star-realms" in rumizi.game_ids()
    assert game.names["fa"] == "استار رلمز"


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="star-realms"):
        rumizi.game("chess")


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(rumizi.IllegalAction, ValueError)


def test_unknown_options_are_rejected() -> None:
    with pytest.raises(ValueError, match="format"):
        rumizi.game("star-realms").new(seed=1, format="chaos")
    with pytest.raises(ValueError, match="colour"):
        rumizi.game("star-realms").new(seed=1, colour="red")
    with pytest.raises(ValueError, match="2 players"):
        rumizi.game("star-realms").new(seed=1, players=3)


def test_discovery_skips_a_package_that_is_not_a_game_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game being written: so far only a scorer, no GAME.
    package = tmp_path / "half_written"
    package.mkdir()
    (package / "__init__.py").write_text('"""Only a scorer so far."""\n\nSCORE = 7\n')
    monkeypatch.setattr(rumizi.games, "__path__", [*rumizi.games.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_discovered", False)
    try:
        assert {"star-realms", "splendor-duel"} <= set(rumizi.game_ids())
        assert "rumizi.games.half_written" in sys.modules  # looked at, and skipped
        with pytest.raises(KeyError, match="unknown game 'half-written'"):
            rumizi.game("half-written")
    finally:
        sys.modules.pop("rumizi.games.half_written", None)


def test_a_different_game_cannot_take_a_known_id() -> None:
    class Impostor(type(rumizi.game("star-realms"))):  # type: ignore[misc]
        pass

    with pytest.raises(ValueError, match="already registered"):
        rumizi.register(Impostor())
    with pytest.raises(ValueError, match="unknown add-ons"):
        rumizi.register(rumizi.game("star-realms"), add_ons={"webb": object()})
    assert rumizi.game("star-realms").id == "star-realms"

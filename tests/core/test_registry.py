import pytest

import rumizi


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

"""The ``rumizi`` command: play in the terminal, replay saved games, list the games."""

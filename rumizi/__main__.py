"""``python -m rumizi`` is the ``rumizi`` command."""

from rumizi.cli.main import cli

cli()

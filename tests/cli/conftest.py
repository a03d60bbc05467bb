"""Fixtures of the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


@pytest.fixture
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A click runner in a fresh folder (games are saved there), with no language preset."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RUMIZI_LANG", raising=False)
    return CliRunner()

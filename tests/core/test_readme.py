"""The README's Python snippets run as written, each on its own.

A reader copies a snippet into a fresh interpreter, so each one runs here in a fresh namespace,
with nothing from the snippets before it. The ones that run the contract suite
(``check_game``) are left to the contract tests, which run it on every game, and the one that
puts a bot online (``BotClient``: it needs a server and a token) to
``tests/server/test_bot_client.py``, which runs the client against a real server.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def python_snippets() -> list[tuple[str, str]]:
    """Every fenced ``python`` block of the README, with the heading it sits under."""
    found = []
    heading = ""
    for part in re.split(
        r"(^```python\n.*?^```$)", README.read_text(encoding="utf-8"), flags=re.S | re.M
    ):
        if part.startswith("```python"):
            found.append((heading, part.removeprefix("```python\n").removesuffix("```")))
        else:
            headings = re.findall(r"^#+ (.+)$", part, flags=re.M)
            heading = headings[-1] if headings else heading
    return found


SNIPPETS = [
    (h, code)
    for h, code in python_snippets()
    if "check_game(" not in code and "BotClient(" not in code
]


def test_the_snippets_are_found() -> None:
    headings = {h for h, _ in SNIPPETS}
    assert {"Bots and the arena", "The Python API"} <= headings


@pytest.mark.parametrize(
    "code", [code for _, code in SNIPPETS], ids=[f"{i}: {h}" for i, (h, _) in enumerate(SNIPPETS)]
)
def test_a_readme_snippet_runs_as_written(code: str) -> None:
    exec(compile(code, str(README), "exec"), {"__name__": "readme"})

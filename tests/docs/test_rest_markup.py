"""The manual's reading of reStructuredText docstrings as Markdown (docs/manual/rest_markup.py):
plain prose passes through untouched, every role becomes code (a link only where it names a
Rumizi object), simple tables become pipe tables, doctests and literal blocks become fenced
code, and the package's real docstrings come out with no role left. The doctests of the
manual's own modules run here too (pytest's doctest collection covers only the package)."""

from __future__ import annotations

import doctest
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import griffe
import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
MANUAL = ROOT / "docs" / "manual"
SOURCE = MANUAL / "rest_markup.py"


def load(name: str) -> ModuleType:
    """A module of docs/manual, by its path (the folder is no package)."""
    known = f"docs_manual_{name}"
    if known in sys.modules:
        return sys.modules[known]
    spec = importlib.util.spec_from_file_location(known, MANUAL / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[known] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


rest_markup = load("rest_markup")


@pytest.mark.parametrize("name", ["rest_markup", "gen_games"])
def test_the_manual_s_modules_pass_their_doctests(name: str) -> None:
    failed, tried = doctest.testmod(load(name))
    assert tried > 0 and failed == 0


def nothing(name: str) -> str | None:
    return None


def everything(name: str) -> str | None:
    return f"rumizi.{name}"


# Prose with none of the characters that reST markup is made of.
prose = st.text(
    alphabet=st.characters(
        codec="utf-8", exclude_characters="`:<>=\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
    ),
    max_size=200,
)


@given(prose)
def test_prose_without_markup_passes_through_unchanged(text: str) -> None:
    assert rest_markup.to_markdown(text, nothing) == "\n".join(text.splitlines())


@given(
    st.sampled_from(["class", "func", "meth", "mod", "attr", "data"]),
    st.from_regex(
        r"~?[A-Za-z_][A-Za-z0-9_]{0,8}(\.[A-Za-z_][A-Za-z0-9_]{0,8}){0,3}", fullmatch=True
    ),
    st.booleans(),
)
def test_every_role_becomes_code_linked_only_when_it_resolves(
    role: str, target: str, resolves: bool
) -> None:
    out = rest_markup.inline(f"see :{role}:`{target}`.", everything if resolves else nothing)
    shown = target.lstrip("~").rsplit(".", 1)[-1] if target.startswith("~") else target
    assert f"<code>{shown}</code>" in out and f":{role}:" not in out
    assert ("<autoref" in out) == resolves
    if resolves:
        assert f'identifier="rumizi.{target.lstrip("~")}" optional' in out


def test_a_simple_table_becomes_a_pipe_table_with_its_continuation_lines_joined() -> None:
    text = "\n".join(
        [
            "Blocks:",
            "",
            "=======  ==============  =====",
            "module   used by         when",
            "=======  ==============  =====",
            "``web``  the platform    now",
            "         and the terminal",
            "rules   the rules page  later",
            "=======  ==============  =====",
            "",
            "After.",
        ]
    )
    assert rest_markup.to_markdown(text, nothing).split("\n") == [
        "Blocks:",
        "",
        "",
        "| module | used by | when |",
        "| --- | --- | --- |",
        "| `web` | the platform and the terminal | now |",
        "| rules | the rules page | later |",
        "",
        "",
        "After.",
    ]


def test_doctests_and_literal_blocks_become_fenced_code() -> None:
    text = "Use it::\n\n    make(x)\n\n>>> 1 + 1\n2\n\nThe end."
    assert rest_markup.to_markdown(text, nothing).split("\n") == [
        "Use it:",
        "",
        "```text",
        "make(x)",
        "```",
        "",
        "```pycon",
        ">>> 1 + 1",
        "2",
        "```",
        "",
        "The end.",
    ]


def test_a_tag_like_word_in_prose_is_text_but_stays_code_in_code() -> None:
    out = rest_markup.to_markdown("``rumizi/<game>.js`` or rumizi/<game>.js", nothing)
    assert out == "`rumizi/<game>.js` or rumizi/&lt;game>.js"


def test_the_package_s_docstrings_come_out_with_no_role_left() -> None:
    package = griffe.load(
        "rumizi",
        search_paths=[str(ROOT)],
        extensions=griffe.load_extensions(str(SOURCE)),
    )
    assert isinstance(package, griffe.Module)
    left: list[str] = []

    def visit(obj: griffe.Object) -> None:
        if obj.docstring is not None and re.search(r":[a-z]+:`", obj.docstring.value):
            left.append(obj.path)
        for member in obj.members.values():
            if not member.is_alias:
                visit(member)  # type: ignore[arg-type]  # not an alias: an Object

    visit(package)
    assert not left
    registry = package["core.registry"].docstring
    assert registry is not None
    assert 'identifier="rumizi.core.registry.register" optional' in registry.value

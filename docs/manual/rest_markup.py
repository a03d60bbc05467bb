"""Read Rumizi's docstrings as Markdown: a griffe extension for the manual's mkdocstrings.

The package's docstrings are narratives written in reStructuredText's inline markup, the way
Sphinx and ``help()`` read them: ``:class:`~rumizi.Game``` roles, ````code```` in double
backticks, ``>>>`` doctests (which pytest runs), simple tables between ``=====`` borders and
literal blocks after ``::``. mkdocstrings renders docstrings as Markdown, where a table
would be a heading and a doctest a run-on paragraph. Rather than rewrite every docstring for
one reader, this extension translates each one as griffe loads it (the source is untouched):

* a role becomes the code it names, linked to the object's page when the name resolves to a
  Rumizi object, as an *optional* cross-reference (``<autoref … optional>``): a name outside
  the manual (``ValueError``, ``pkgutil``) stays plain code instead of failing the build;
* double and single backticks become Markdown code spans; a ``<`` outside code is escaped,
  so ``rumizi/<game>.js`` in prose is not taken for an HTML tag;
* a doctest block (lines from ``>>>`` to the next blank line) and a literal block become
  fenced code (``pycon`` and ``text``);
* a simple table becomes a pipe table, continuation lines (an empty first column) joined to
  their row.

Section titles underlined with ``---`` or ``===`` already mean the same in Markdown.

>>> print(to_markdown("See :func:`~rumizi.game` and ``x < y``.", lambda name: name))
See <autoref identifier="rumizi.game" optional><code>game</code></autoref> and `x < y`.
>>> print(to_markdown("Tags <b> stay text.", lambda name: None))
Tags &lt;b> stay text.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from griffe import (
    AliasResolutionError,
    CyclicAliasError,
    Extension,
    Module,
    NameResolutionError,
    Object,
)

#: A name in a role -> the Rumizi path it stands for, or None when it is no Rumizi object.
Resolver = Callable[[str], "str | None"]

INLINE = re.compile(
    r":(?P<role>[a-z]+(?::[a-z]+)?):`(?P<target>[^`]+)`"  # :class:`~a.B`
    r"|``(?P<code>.+?)``"  # ``code``
    r"|`(?P<single>[^`\n]+)`",  # `interpreted text`
    re.DOTALL,
)
BORDER = re.compile(r"^( *)=+( +=+)+ *$")


def to_markdown(text: str, resolve: Resolver) -> str:
    """The docstring ``text`` in Markdown, roles linked where ``resolve`` finds their object.

    >>> print(to_markdown("Run it::\\n\\n    rumizi play\\n\\nDone.", lambda name: None))
    Run it:
    <BLANKLINE>
    ```text
    rumizi play
    ```
    <BLANKLINE>
    Done.
    """
    lines = text.splitlines()
    out: list[str] = []
    prose: list[str] = []

    def flush() -> None:
        if prose:
            out.extend(inline("\n".join(prose), resolve).split("\n"))
            prose.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        starts_block = i == 0 or not lines[i - 1].strip()
        if starts_block and BORDER.match(line):
            end = _table_end(lines, i)
            if end is not None:
                flush()
                out.extend(_table(lines[i:end], resolve))
                i = end
                continue
        if starts_block and line.lstrip().startswith(">>>"):
            flush()
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            out.extend(_fence(block, "pycon", indent))
            continue
        if line.rstrip().endswith("::") and _indented_after(lines, i):
            stripped = line.rstrip()[:-2].rstrip()
            if stripped.strip():
                prose.append(stripped + ":")
            flush()
            i, block = _literal(lines, i + 1)
            language = "pycon" if block and block[0].startswith(">>>") else "text"
            out.append("")
            out.extend(_fence(block, language, _indent_of(line)))
            continue
        if not line.strip():
            flush()
            out.append(line)
        else:
            prose.append(line)
        i += 1
    flush()
    return "\n".join(out)


def inline(text: str, resolve: Resolver) -> str:
    """Roles, backticks and stray ``<`` of a stretch of prose, in Markdown.

    >>> print(inline(":meth:`~State.view` and <id>", lambda name: "rumizi." + name))
    <autoref identifier="rumizi.State.view" optional><code>view</code></autoref> and &lt;id>
    """
    pieces: list[str] = []
    done = 0
    for match in INLINE.finditer(text):
        pieces.append(text[done : match.start()].replace("<", "&lt;"))
        done = match.end()
        if match["role"] is not None:
            pieces.append(_role(match["target"], resolve))
        else:
            pieces.append(_code(match["code"] if match["code"] is not None else match["single"]))
    pieces.append(text[done:].replace("<", "&lt;"))
    return "".join(pieces)


def _code(text: str) -> str:
    """A Markdown code span holding ``text`` (longer fences where it holds backticks)."""
    ticks = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _role(target: str, resolve: Resolver) -> str:
    """A role's target as code, linked when it names a Rumizi object."""
    titled = re.fullmatch(r"(?s)(.*?)\s*<(.+)>", target)
    title, name = (titled[1], titled[2]) if titled else (None, target)
    short = name.startswith("~")
    name = name.lstrip("~").strip()
    shown = title or (name.lstrip(".").rsplit(".", 1)[-1] if short else name.lstrip("."))
    path = resolve(name.removesuffix("()"))
    code = f"<code>{_escape(shown)}</code>"
    if path is None:
        return code
    return f'<autoref identifier="{_escape(path)}" optional>{code}</autoref>'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def _fence(block: list[str], language: str, indent: str) -> list[str]:
    fence = "```"
    while any(line.lstrip().startswith(fence) for line in block):
        fence += "`"
    return [
        f"{indent}{fence}{language}",
        *(f"{indent}{line}" if line else "" for line in block),
        f"{indent}{fence}",
    ]


def _indented_after(lines: list[str], i: int) -> bool:
    """Whether a literal block (more indented than line ``i``) follows it."""
    base = len(_indent_of(lines[i]))
    for line in lines[i + 1 :]:
        if line.strip():
            return len(_indent_of(line)) > base
    return False


def _literal(lines: list[str], i: int) -> tuple[int, list[str]]:
    """The literal block starting at or after line ``i``, dedented; the line after it."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    depth = len(_indent_of(lines[i]))
    block: list[str] = []
    while i < len(lines) and (not lines[i].strip() or len(_indent_of(lines[i])) >= depth):
        block.append(lines[i][depth:])
        i += 1
    while block and not block[-1].strip():
        block.pop()
        i -= 1
    return i, block


def _table_end(lines: list[str], start: int) -> int | None:
    """The line after the simple table whose top border is ``lines[start]``, if it is one."""
    borders = [start]
    for j in range(start + 1, len(lines)):
        if lines[j].strip() == lines[start].strip() or BORDER.match(lines[j]):
            borders.append(j)
            if len(borders) == 3:
                return j + 1
        elif not lines[j].strip() and len(borders) == 2 and j > borders[1] + 1:
            return None  # a border line ended by a blank: not the table's shape
    return None


def _table(rows: list[str], resolve: Resolver) -> list[str]:
    """A simple table (three borders: top, under the header, bottom) as a pipe table."""
    border = rows[0]
    columns = [(m.start(), m.end()) for m in re.finditer(r"=+", border)]

    def cells(line: str) -> list[str]:
        # Each cell runs from its column's start to the next one's; a word that straddles a
        # boundary (a row typed one space off) stays whole, in the cell it begins in unless
        # that would leave the cell before it empty.
        cuts = [0]
        for begin, _ in columns[1:]:
            cut = begin
            if 0 < cut < len(line) and line[cut - 1] != " " and line[cut] != " ":
                back = line.rfind(" ", 0, cut) + 1
                ahead = line.find(" ", cut)
                cut = back if back > cuts[-1] else (len(line) if ahead < 0 else ahead)
            cuts.append(cut)
        cuts.append(len(line))
        return [line[a:b].strip() for a, b in itertools.pairwise(cuts)]

    middle = next(j for j in range(1, len(rows)) if BORDER.match(rows[j]))
    header = [cells(line) for line in rows[1:middle] if line.strip()]
    body: list[list[str]] = []
    for line in rows[middle + 1 : -1]:
        if not line.strip():
            continue
        row = cells(line)
        if body and not row[0]:  # a continuation line: its text joins the row above
            body[-1] = [f"{a} {b}".strip() for a, b in zip(body[-1], row, strict=True)]
        else:
            body.append(row)
    head = [" ".join(part).strip() for part in zip(*header, strict=True)] if header else []

    def render(row: list[str]) -> str:
        return "| " + " | ".join(inline(cell, resolve).replace("|", "\\|") for cell in row) + " |"

    return [
        "",
        render(head or [""] * len(columns)),
        "| " + " | ".join("---" for _ in columns) + " |",
        *(render(row) for row in body),
        "",
    ]


def resolver(obj: Object) -> Resolver:
    """Names as ``obj``'s docstring means them: absolute, in its scope, or ``.``-relative."""
    module = obj.module
    package = module.path if module.is_init_module or module.parent is None else module.parent.path

    def canonical(path: str) -> str:
        # rumizi.GameState is where the documentation of rumizi.core.contract.GameState is.
        try:
            return str(obj.modules_collection.get_member(path).canonical_path)
        except (KeyError, ValueError, AliasResolutionError, CyclicAliasError):
            return path

    def resolve(name: str) -> str | None:
        if name.startswith("rumizi."):
            return canonical(name)
        if name.startswith("."):
            return canonical(f"{package}.{name.lstrip('.')}")
        head, dot, rest = name.partition(".")
        try:
            found = obj.resolve(head)
        except (NameResolutionError, ValueError):
            return None
        if not found.startswith("rumizi"):
            return None
        return canonical(found + dot + rest)

    return resolve


def translate(obj: Object) -> None:
    """Translate the docstrings of ``obj`` and of everything defined in it (aliases are not:
    their objects are translated where they are defined)."""
    if obj.docstring is not None:
        obj.docstring.value = to_markdown(obj.docstring.value, resolver(obj))
    for member in obj.members.values():
        if not member.is_alias:
            translate(member)  # type: ignore[arg-type]  # not an alias: an Object


class RestMarkup(Extension):
    """Turns every docstring of a loaded package into Markdown (see the module)."""

    def on_package(self, *, pkg: Module, **kwargs: Any) -> None:
        """Translate the package's docstrings once griffe has read all of it."""
        translate(pkg)

"""Layers run one way: core at the bottom, games on core, everything else on top.

Two locks: a static one (every import statement under ``rumizi/core`` and ``rumizi/games``,
module level or inside a function, read from the source's syntax tree) and a dynamic one
(importing a game's ``web`` module in a fresh interpreter loads neither rich, nor the command
line, nor any bot, nor the server).
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import rumizi
from rumizi.core.registry import game_module

PACKAGE = Path(rumizi.__file__).parent
UPPER = ("rumizi.bots", "rumizi.server", "rumizi.cli", "rumizi.adapters", "rumizi.arena")
# The terminal's libraries, which only a game's terminal add-on may import.
TERMINAL = ("rich", "click", "rumizi.core.terminal_kit")


def type_checking_lines(tree: ast.Module) -> set[int]:
    """The lines of ``if TYPE_CHECKING:`` blocks (imports there never run)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            end = node.body[-1].end_lineno or node.lineno
            lines.update(range(node.lineno, end + 1))
    return lines


def imports_of(path: Path, run_time_only: bool = False) -> list[tuple[int, str]]:
    """Every module ``path`` imports (absolute names; relative imports resolved), with lines;
    with ``run_time_only``, not those under ``if TYPE_CHECKING:``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = type_checking_lines(tree) if run_time_only else set()
    package = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            # ``from rumizi import bots`` imports rumizi.bots.
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return [(line, name) for line, name in found if line not in skip]


def modules_under(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (PACKAGE / folder).rglob("*.py"))


def test_the_walk_sees_imports_inside_functions() -> None:
    found = [name for _, name in imports_of(PACKAGE / "cli" / "terminal.py")]
    assert "rumizi.server.plugins" in found  # imported inside PlainTerminal.__init__


@pytest.mark.parametrize(
    "path", modules_under("core", "games"), ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_core_and_games_import_nothing_above_them(path: Path) -> None:
    bad = [
        (line, name)
        for line, name in imports_of(path)
        if any(name == up or name.startswith(up + ".") for up in UPPER)
    ]
    assert not bad, f"{path.relative_to(PACKAGE)} imports upward: {bad}"


@pytest.mark.parametrize("path", modules_under("games"), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_game_imports_only_core_and_its_own_files(path: Path) -> None:
    own = "rumizi.games." + path.relative_to(PACKAGE / "games").parts[0]
    bad = [
        (line, name)
        for line, name in imports_of(path)
        if name.startswith("rumizi")
        and not name.startswith(("rumizi.core", own))
        and name not in ("rumizi", "rumizi.games")
    ]
    assert not bad, f"{path.relative_to(PACKAGE)} imports another layer's code: {bad}"


@pytest.mark.parametrize(
    "path",
    [p for p in modules_under("games") if p.stem != "tui"],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_only_the_terminal_add_on_uses_the_terminal_libraries(path: Path) -> None:
    bad = [
        (line, name)
        for line, name in imports_of(path, run_time_only=True)
        if any(name == lib or name.startswith(lib + ".") for lib in TERMINAL)
    ]
    assert not bad, f"{path.relative_to(PACKAGE)} needs a terminal library: {bad}"


def test_core_needs_no_game_in_particular() -> None:
    for path in modules_under("core"):
        names = [name for _, name in imports_of(path)]
        assert not [n for n in names if n.startswith("rumizi.games.")], path


def loaded_after_import(module: str) -> list[str]:
    """The modules a fresh interpreter holds after ``import module``."""
    code = f"import json, sys; import {module}; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded: list[str] = json.loads(out.stdout)
    return loaded


@pytest.mark.parametrize(
    "game_id", [g for g in rumizi.game_ids() if game_module(g, "web") is not None]
)
def test_a_web_add_on_loads_no_terminal_no_cli_and_no_bots(game_id: str) -> None:
    module = game_module(game_id, "web").__name__
    loaded = loaded_after_import(module)
    assert module in loaded
    bad = [
        m
        for m in loaded
        if m in ("rich", "click") or m.startswith(("rich.", *(up + "." for up in UPPER)))
    ]
    bad += [m for m in loaded if m in UPPER]
    assert not bad, f"importing {module} loads {bad}"


def test_asking_for_one_game_imports_only_that_game() -> None:
    code = (
        "import json, sys, rumizi; rumizi.game('star-realms');"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('rumizi.games.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    games = {m.split(".")[2] for m in json.loads(out.stdout)}
    assert games == {"star_realms"}


def module_name(path: Path) -> str:
    """``rumizi/games/x/__init__.py`` -> ``rumizi.games.x``; ``.../engine.py`` -> ``...engine``."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each of rumizi's modules -> the rumizi modules it imports when it runs.

    Imports inside functions count (a cycle broken only by deferring an import is still a
    cycle for the reader); those under ``if TYPE_CHECKING:`` do not (they never run). A name
    imported from a module (``from rumizi.games.x.engine import GAME``) counts as the module.
    """
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        needs = set()
        for _, imported in imports_of(path, run_time_only=True):
            while imported and imported not in paths:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                needs.add(imported)
        graph[name] = needs
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative).

    >>> cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c']]
    >>> cycles({"a": {"b"}, "b": set()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, nexts = work[-1]
            step = next(nexts, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return sorted(found)


def test_the_cycle_finder_sees_imports_inside_functions_and_a_planted_cycle() -> None:
    graph = import_graph()
    assert "rumizi.server.plugins" in graph["rumizi.cli.terminal"]  # inside a function
    planted = {**graph, "rumizi.core.rng": graph["rumizi.core.rng"] | {"rumizi.core.registry"}}
    planted["rumizi.core.registry"] = planted["rumizi.core.registry"] | {"rumizi.core.rng"}
    assert ["rumizi.core.registry", "rumizi.core.rng"] in cycles(planted)


def test_no_module_of_rumizi_imports_itself_back_through_others() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles (each set's modules import each other):\n" + "\n".join(
        " <-> ".join(members) for members in found
    )

"""The manual's mkdocs hook: what the built site holds besides the hand-written pages.

mkdocs (``mkdocs.yml`` at the repository root) reads the pages in ``docs/manual/pages``; this
hook adds, at every build, what must not be kept by hand:

* the other documents of ``docs/`` (the web protocol, the new-game contract, deploying, the
  Star Realms document…) and the files they link to, read where they are rather than copied,
  so ``docs/web-protocol.md`` stays the one file ``python -m rumizi.server.protocol_doc``
  writes;
* a page per registered game (:mod:`gen_games`: its facts, options, document, action shapes
  and the spaces of its encoding, then its modules);
* a page per public module of the API, each one ``::: module`` for mkdocstrings; the modules
  are found in the source tree, so a new module has its page without a change here;
* the style sheet of Pygments' colours (the theme's highlight.js would come from a CDN);
* the lists a hand-written page asks for with a marker (``<!-- rumizi: games -->``, ``bots``,
  ``modules``), written from the registries.

The docstrings themselves are read as Markdown by :mod:`rest_markup`, a griffe extension
that ``mkdocs.yml`` gives mkdocstrings. The nav in ``mkdocs.yml`` names the hand-written
pages; ``on_config`` puts the games' and the modules' pages after ``games.md`` and ``api.md``
there. mkdocs loads this file by its path with its folder on ``sys.path``, so
:mod:`gen_games` and :mod:`rest_markup` beside it are importable.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import gen_games
import rest_markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from pygments.formatters import HtmlFormatter  # type: ignore[import-untyped]  # no stubs

from rumizi.bots import base as bots
from rumizi.core.registry import game, game_ids

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
MANUAL = DOCS / "manual"
#: Packages whose every public module has a page (the package's ``__init__`` too, where it
#: says something).
API_PACKAGES = (
    "rumizi.core",
    "rumizi.bots",
    "rumizi.arena",
    "rumizi.adapters",
    "rumizi.learn",
    "rumizi.tournaments",
)
#: Modules (or packages taken whole) with a page of their own.
API_MODULES = ("rumizi", "rumizi.puzzles", "rumizi.analysis", "rumizi.testing")
#: How the top-level package is rendered: its own functions (the rest are the core's).
TOP_MEMBERS = ("env", "gym_env", "parallel_env")
PYGMENTS_CSS = "css/pygments.css"
MANUAL_CSS = "css/manual.css"
#: Where a hand-written page asks for a generated list: ``<!-- rumizi: games -->``.
MARKER = re.compile(r"<!-- rumizi: (\w+) -->")


def included_documents() -> list[Path]:
    """The files of ``docs/`` outside the manual's own folder, relative to ``docs/``."""
    return sorted(
        path.relative_to(DOCS)
        for path in DOCS.rglob("*")
        if path.is_file() and MANUAL not in path.parents and "__pycache__" not in path.parts
    )


def source_of(module: str) -> Path:
    """The file that defines ``module`` in the source tree."""
    path = ROOT / module.replace(".", "/")
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def summary_of(module: str) -> str:
    """The first line of a module's docstring ("" when it has none)."""
    text = ast.get_docstring(ast.parse(source_of(module).read_text(encoding="utf-8")))
    return (text or "").split("\n", 1)[0]


def public_modules() -> list[str]:
    """Every module the API section documents, in reading order (a package whose
    ``__init__`` says nothing, such as ``rumizi.core``, has no page of its own)."""
    found = [API_MODULES[0]]
    for package in API_PACKAGES:
        folder = ROOT / package.replace(".", "/")
        if summary_of(package):
            found.append(package)
        found += [
            f"{package}.{path.stem}"
            for path in sorted(folder.glob("*.py"))
            if not path.stem.startswith("_")
        ]
    found += API_MODULES[1:]
    return found


def api_page(module: str) -> str:
    """The page's name of a module's documentation."""
    return f"api/{module}.md"


def api_markdown(module: str) -> str:
    """A module's page: the module rendered by mkdocstrings."""
    options = ["    options:", "      heading_level: 1"]
    if module == "rumizi":
        options += ["      members:", *(f"        - {name}" for name in TOP_MEMBERS)]
    return "\n".join([f"::: {module}", *options, ""])


def document_page(game_id: str) -> str | None:
    """A hand-written page on the game's document format in ``docs/``, if there is one."""
    name = f"{game_id}-document.md"
    return name if (DOCS / name).is_file() else None


def games_list() -> str:
    """The Games page's table: every game, its seats and the size of its encoding."""
    rows = []
    for game_id in game_ids():
        game_obj = game(game_id)
        name = game_obj.names.get("en", game_id)
        rows.append(
            (
                f"[{name}]({gen_games.page_name(game_id)})",
                gen_games.code(game_id),
                gen_games.players_text(game_obj.min_players, game_obj.max_players),
            )
        )
    return "\n".join(gen_games.table(["game", "id", "seats"], rows))


def bots_list() -> str:
    """Every registered bot, the first line of its documentation and its options."""
    rows = []
    for name in bots.names():
        doc = (bots.make(name).__doc__ or "").strip().split("\n", 1)[0]
        options = ", ".join(gen_games.code(o) for o in bots.options_of(name)) or "none"
        rows.append((gen_games.code(name), gen_games.cell(plain(doc)), options))
    return "\n".join(gen_games.table(["bot", "what it does", "options"], rows))


def modules_list() -> str:
    """Every module of the API section with the first line of its docstring."""
    rows = [
        (f"[`{module}`]({api_page(module)})", gen_games.cell(plain(summary_of(module))))
        for module in public_modules()
    ]
    return "\n".join(gen_games.table(["module", "what it holds"], rows))


def plain(text: str) -> str:
    """A docstring's line in Markdown, its roles as plain code."""
    return rest_markup.inline(text, lambda name: None)


GENERATED = {"games": games_list, "bots": bots_list, "modules": modules_list}


def _nav_games() -> list[Any]:
    entries: list[Any] = ["games.md"]
    for game_id in game_ids():
        name = game(game_id).names.get("en", game_id)
        entries.append({name: gen_games.page_name(game_id)})
        extra = document_page(game_id)
        if extra is not None:
            entries.append({f"{name}: the document": extra})
    return entries


def _nav_api() -> list[Any]:
    entries: list[Any] = ["api.md"]
    groups: dict[str, list[Any]] = {}
    for module in public_modules():
        package = next((p for p in API_PACKAGES if module.startswith(p)), None)
        if package is None:
            entries.append({module: api_page(module)})
            continue
        if package not in groups:
            groups[package] = []
            entries.append({package: groups[package]})
        groups[package].append({module: api_page(module)})
    return entries


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fill in the Games and API sections of the nav; add the style sheets."""
    nav: list[Any] = config.nav or []
    for index, entry in enumerate(nav):
        if entry == {"Games": "games.md"}:
            nav[index] = {"Games": _nav_games()}
        elif entry == {"API": "api.md"}:
            nav[index] = {"API": _nav_api()}
    config.extra_css += [PYGMENTS_CSS, MANUAL_CSS]
    # The theme's 404 page links its files from the site's root ("/css/…"), not from /docs/
    # where the server serves the manual; the server answers a missing page itself.
    config.theme.static_templates.discard("404.html")
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the included documents and the generated pages to the site."""
    for path in included_documents():
        files.append(File.generated(config, path.as_posix(), abs_src_path=str(DOCS / path)))
    for game_id in game_ids():
        page = gen_games.game_page(game_id, document_page=_relative(document_page(game_id)))
        files.append(File.generated(config, gen_games.page_name(game_id), content=page))
    for module in public_modules():
        files.append(File.generated(config, api_page(module), content=api_markdown(module)))
    style = HtmlFormatter().get_style_defs(".highlight")
    files.append(File.generated(config, PYGMENTS_CSS, content=style))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill in the lists a hand-written page asks for with a marker."""
    return MARKER.sub(lambda found: GENERATED[found[1]](), markdown)


def _relative(name: str | None) -> str | None:
    """A page of the site's root as linked from a game's page (``games/``)."""
    return None if name is None else f"../{name}"

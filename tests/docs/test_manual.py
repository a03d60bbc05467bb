"""The reference manual (mkdocs.yml, docs/manual): it builds with warnings as errors, every
game has its page whose tables give the numbers of the adapters' own spaces, every public
module has its page, no page loads anything from another host, the hand-written pages'
examples run, and the server serves the manual at /docs/ under a policy that allows each
page's own inline script and nothing else.

The manual is built once for the module (``mkdocs build --strict`` into a temporary folder,
as CI and ``scripts/serve`` build it), in a fresh interpreter as the command line runs it.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import gymnasium
import pytest
from starlette.testclient import TestClient

import rumizi
from rumizi.adapters.base import encoded_game_ids
from rumizi.core.registry import game, game_ids
from rumizi.server.app import Settings, create_app
from rumizi.server.edges import inline_scripts

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "docs" / "manual" / "pages"
#: The packages whose every public module has a page, and the modules that have one alone
#: (a package's own page where its ``__init__`` says something).
API_PACKAGES = ("core", "bots", "arena", "adapters", "tournaments")
API_MODULES = (
    "rumizi",
    *(f"rumizi.{package}" for package in API_PACKAGES if package != "core"),  # core: empty
    "rumizi.puzzles",
    "rumizi.analysis",
    "rumizi.testing",
)
#: Where an element loads something: the attribute that names it.
LOADING = {
    "script": "src",
    "link": "href",
    "img": "src",
    "iframe": "src",
    "embed": "src",
    "source": "src",
    "audio": "src",
    "video": "src",
    "track": "src",
    "object": "data",
}
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)|@import\s+['\"]([^'\"]+)")


def build(site: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of ``config`` into ``site``, from the repository root."""
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config)]
    return subprocess.run(
        [*command, "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("manual")
    built = build(folder)
    assert built.returncode == 0, built.stdout + built.stderr
    assert "WARNING" not in built.stderr, built.stderr
    return folder


class Tables(HTMLParser):
    """Every table of a page as rows of cell texts, and what its elements load."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.loads: list[str] = []
        self.styles: list[str] = []
        self._cell: list[str] | None = None
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        canonical = tag == "link" and named.get("rel") == "canonical"  # a name, not a load
        if tag in LOADING and named.get(LOADING[tag]) and not canonical:
            self.loads.append(named[LOADING[tag]] or "")
        if named.get("style"):
            self.styles.append(named["style"] or "")
        if tag == "style":
            self._in_style = True
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False
        elif tag in ("td", "th") and self._cell is not None and self.tables:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)
        if self._cell is not None:
            self._cell.append(data)


def read(page: Path) -> Tables:
    found = Tables()
    found.feed(page.read_text(encoding="utf-8"))
    return found


def table_with(tables: Tables, first: str) -> list[list[str]]:
    """The table whose first row's first cell (or first column) holds ``first``."""
    for rows in tables.tables:
        if rows and (rows[0][0] == first or any(row[0] == first for row in rows)):
            return rows
    raise AssertionError(f"no table with {first!r}")


def options_from(text: str) -> dict[str, Any]:
    """The options of a row of the sizes table, as the page writes them (``format='raid'``)."""
    if text == "(defaults)":
        return {}
    return {
        name: ast.literal_eval(value)
        for name, value in (part.split("=", 1) for part in text.split(", "))
    }


def external(url: str) -> bool:
    """Whether loading ``url`` would reach another host (``data:`` stays on the page)."""
    return url.startswith("//") or (
        re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", url) is not None and not url.startswith("data:")
    )


def test_the_manual_builds_with_warnings_as_errors(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "web-protocol.html").is_file()  # docs/ is included, not copied
    assert (site / "new-game.html").is_file()


def test_a_broken_cross_reference_fails_the_build(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "index.md").write_text("See [the game][rumizi.core.registry.no_such_name].\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {pages}\nhooks: []\nnav:\n  - index.md\n"
    )
    built = build(tmp_path / "site", config)
    assert built.returncode != 0
    assert "rumizi.core.registry.no_such_name" in built.stderr


def shipped(ids: list[str]) -> list[str]:
    """The games of the package among ``ids``: the manual is built from a fresh registry, so a
    game another test registered in this process (a test's tiny game) has no page."""
    return [g for g in ids if type(game(g)).__module__.startswith("rumizi.games.")]


@pytest.mark.parametrize("game_id", shipped(game_ids()))
def test_every_game_has_its_page_with_its_facts_and_modules(site: Path, game_id: str) -> None:
    page = site / "games" / f"{game_id}.html"
    text = page.read_text(encoding="utf-8")
    game_obj = game(game_id)
    facts = table_with(read(page), "Id")
    assert ["Id", game_id] in facts
    seats = dict((row[0], row[1]) for row in facts)["Seats"]
    assert seats == (
        str(game_obj.min_players)
        if game_obj.min_players == game_obj.max_players
        else f"{game_obj.min_players}–{game_obj.max_players}"
    )
    package = type(game_obj).__module__.rpartition(".")[0]
    for module in ("engine", "document"):
        assert f'id="{package}.{module}"' in text


@pytest.mark.parametrize("game_id", shipped(encoded_game_ids()))
def test_a_game_s_spaces_table_gives_the_numbers_of_the_adapters_spaces(
    site: Path, game_id: str
) -> None:
    tables = read(site / "games" / f"{game_id}.html")
    spaces = dict((row[0], row[1]) for row in table_with(tables, "Action space"))
    players = game(game_id).min_players
    env = rumizi.env(game_id, players=players)
    agent = env.possible_agents[0]
    observed = env.observation_space(agent)
    assert spaces["Action space"] == str(env.action_space(agent))
    assert spaces["Observation shape"] == str(observed["observation"].shape)
    assert spaces["Action mask"] == str(observed["action_mask"])
    assert spaces["Agents count"] == str(len(env.possible_agents))
    low, high = (float(x) for x in spaces["Observation values"].split(" … "))
    assert (low, high) == (observed["observation"].low.min(), observed["observation"].high.max())
    gym = rumizi.gym_env(game_id, players=players)
    assert isinstance(gym.observation_space, gymnasium.spaces.Dict)
    assert spaces["Action space"] == str(gym.action_space)
    assert spaces["Observation shape"] == str(gym.observation_space["observation"].shape)
    # The action shapes cover the whole index, and the layout the whole observation.
    shapes = table_with(tables, "shape")
    counted = [int(row[1].replace(",", "")) for row in shapes[1:] if row[1] != "—"]
    assert sum(counted) == env.action_space(agent).n
    blocks = table_with(tables, "block")
    assert sum(int(row[2]) for row in blocks[1:]) == observed["observation"].shape[0]


@pytest.mark.parametrize("game_id", shipped(encoded_game_ids()))
def test_every_table_size_on_a_game_s_page_is_the_adapters(site: Path, game_id: str) -> None:
    rows = table_with(read(site / "games" / f"{game_id}.html"), "seats")
    assert rows[0] == ["seats", "options", "actions", "observation"] and len(rows) > 1
    for players, options, actions, observation in rows[1:]:
        env = rumizi.env(game_id, players=int(players), **options_from(options))
        agent = env.possible_agents[0]
        assert int(actions.replace(",", "")) == env.action_space(agent).n
        assert (int(observation),) == env.observation_space(agent)["observation"].shape


def public_modules() -> Iterator[str]:
    yield from API_MODULES
    for package in API_PACKAGES:
        for path in (ROOT / "rumizi" / package).glob("*.py"):
            if not path.stem.startswith("_"):
                yield f"rumizi.{package}.{path.stem}"


@pytest.mark.parametrize("module", sorted(public_modules()))
def test_every_public_module_has_its_page(site: Path, module: str) -> None:
    page = site / "api" / f"{module}.html"
    assert f'id="{module}"' in page.read_text(encoding="utf-8")


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    found: list[str] = []
    for page in site.rglob("*.html"):
        tables = read(page)
        urls = tables.loads + [
            m[0] or m[1] for style in tables.styles for m in CSS_URL.findall(style)
        ]
        found += [f"{page.relative_to(site)}: {url}" for url in urls if external(url)]
    for sheet in site.rglob("*.css"):
        for m in CSS_URL.findall(sheet.read_text(encoding="utf-8", errors="replace")):
            if external(m[0] or m[1]):
                found.append(f"{sheet.relative_to(site)}: {m[0] or m[1]}")
    assert not found
    assert external("https://cdnjs.cloudflare.com/x.js") and external("//fonts.example/a.css")
    assert not external("data:image/svg+xml,x") and not external("../css/base.css")


def python_examples() -> Iterator[tuple[str, str]]:
    for page in sorted(PAGES.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for number, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.DOTALL)):
            yield f"{page.stem}-{number}", block


EXAMPLES = dict(python_examples())


@pytest.mark.parametrize(("name", "example"), EXAMPLES.items(), ids=list(EXAMPLES))
def test_the_examples_of_the_hand_written_pages_run(name: str, example: str) -> None:
    exec(compile(example, name, "exec"), {"__name__": name})


def test_the_first_game_on_the_home_page_is_played_to_its_end(
    capsys: pytest.CaptureFixture[str],
) -> None:
    home = EXAMPLES["index-0"]
    exec(compile(home, "index", "exec"), {})
    assert re.fullmatch(r"the winner is seat [01]\n", capsys.readouterr().out)


def policy_hashes(policy: str) -> list[str]:
    script = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    return re.findall(r"'sha256-([^']+)'", script)


def test_the_server_serves_the_manual_at_docs(site: Path, tmp_path: Path) -> None:
    app = create_app(
        Settings(db_url=f"sqlite:///{tmp_path / 'r.sqlite3'}", bot_workers=0, manual_dir=site)
    )
    with TestClient(app) as client:
        moved = client.get("/docs", follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (307, "/docs/")
        for path in (
            "/docs/",
            "/docs/games/star-realms.html",
            "/docs/api/rumizi.core.contract.html",
        ):
            answer = client.get(path)
            assert answer.status_code == 200 and "Rumizi reference manual" in answer.text
            policy = answer.headers["content-security-policy"]
            assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
            allowed = {
                base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
                for body in inline_scripts(answer.text)
            }
            assert allowed and set(policy_hashes(policy)) == allowed
        style = client.get("/docs/css/base.css")
        assert style.status_code == 200 and not policy_hashes(
            style.headers["content-security-policy"]
        )
        missing = client.get("/docs/no-such-page.html")
        assert missing.status_code == 404 and "No such page" in missing.text
        assert client.get("/docs/search/search_index.json").status_code == 200
        assert client.post("/docs/").headers["allow"] == "GET, HEAD"


def test_a_server_without_a_built_manual_says_how_to_build_it(tmp_path: Path) -> None:
    app = create_app(
        Settings(
            db_url=f"sqlite:///{tmp_path / 'r.sqlite3'}",
            bot_workers=0,
            manual_dir=tmp_path / "not-built",
        )
    )
    with TestClient(app) as client:
        answer = client.get("/docs/")
        assert answer.status_code == 404 and "mkdocs build" in answer.text
        # The rest of the site is as it was: the page's own paths, the API's docs.
        assert client.get("/").status_code == 200
        assert client.get("/api/docs").status_code == 200

"""A plain ``pip install rumizi`` is the engines and the terminal; the rest are extras, and
asking for a part whose extra is missing gives one line naming it, never a traceback.

The subprocess tests hide the extras' modules from a fresh interpreter (an entry of ``None`` in
``sys.modules`` makes ``import`` fail as if the package were not installed); CI also installs
the built wheel with no extras into an empty virtual environment (``.ci/newcomer``).
"""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from rumizi.core.extras import SERVER_MODULES, MissingExtra, require, require_server

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# Everything the server extra brings (and the others that serve may need).
HIDDEN = (*SERVER_MODULES, "redis", "psycopg", "starlette", "pydantic", "numpy")


def distribution_name(requirement: str) -> str:
    """``uvicorn[standard]>=0.30,<1`` → ``uvicorn``."""
    found = re.match(r"[A-Za-z0-9._-]+", requirement)
    assert found is not None, requirement
    return found.group(0).lower().replace("_", "-")


def test_the_plain_install_is_the_terminal_libraries_only() -> None:
    names = sorted(distribution_name(r) for r in PYPROJECT["project"]["dependencies"])
    assert names == ["click", "rich"]


def test_the_server_modules_checked_are_exactly_those_the_server_extra_brings() -> None:
    extra = {distribution_name(r) for r in PYPROJECT["project"]["optional-dependencies"]["server"]}
    provided = packages_distributions()
    brought = {
        module
        for module in SERVER_MODULES
        for dist in provided.get(module, [])
        if dist.lower().replace("_", "-") in extra
    }
    assert brought == set(SERVER_MODULES)
    # ... and every distribution of the extra is checked through one of its modules.
    checked = {d.lower().replace("_", "-") for m in SERVER_MODULES for d in provided.get(m, [])}
    assert extra <= checked


def test_a_missing_extra_names_the_extra_and_its_install_command() -> None:
    with pytest.raises(MissingExtra) as caught:
        require("postgres", "no_such_module_anywhere", needed_for="a PostgreSQL database")
    assert str(caught.value) == (
        "a PostgreSQL database needs the postgres extra: pip install 'rumizi[postgres]'"
    )
    assert caught.value.extra == "postgres"
    again = pickle.loads(pickle.dumps(caught.value))  # as a worker process sends it back
    assert isinstance(again, MissingExtra) and str(again) == str(caught.value)
    require_server()  # this environment has the server extra: nothing is missing


def run_hidden(code: str, *hidden: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter in which ``hidden`` modules cannot be imported."""
    prelude = f"import sys\nfor name in {list(hidden)!r}:\n    sys.modules[name] = None\n"
    return subprocess.run(
        [sys.executable, "-c", prelude + code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def test_serve_without_the_server_extra_says_so_in_one_line() -> None:
    done = run_hidden("from rumizi.cli.main import cli\ncli(['serve'])", *HIDDEN)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        "Error: rumizi serve needs the server extra: pip install 'rumizi[server]'"
    )


def test_the_expert_bot_and_rumizi_learn_name_their_extra() -> None:
    expert = run_hidden(
        "import rumizi\nfrom rumizi.bots import make\n"
        "state = rumizi.game('star-realms').new(seed=1)\n"
        "make('expert', iterations=4).choose(state.view(state.to_act), state.legal_actions())",
        "numpy",
    )
    assert expert.returncode == 1
    assert expert.stderr.strip().splitlines()[-1] == (
        "rumizi.core.extras.MissingExtra: bot 'expert' needs the learn extra: "
        "pip install 'rumizi[learn]'"
    )
    arena = run_hidden(
        "from rumizi.cli.main import cli\n"
        "cli(['arena', 'star-realms', '--bots', 'expert,random', '--games', '2', '--jobs', '1'])",
        "numpy",
    )
    assert arena.returncode == 1 and "Traceback" not in arena.stdout + arena.stderr
    assert "bot 'expert' needs the learn extra: pip install 'rumizi[learn]'" in arena.stdout
    learn = run_hidden(
        "from rumizi.cli.main import cli\ncli(['learn', 'star-realms', '--games', '1'])", "sklearn"
    )
    assert learn.returncode == 1 and "Traceback" not in learn.stderr
    assert learn.stderr.strip() == (
        "Error: rumizi learn needs the learn extra: pip install 'rumizi[learn]'"
    )


def test_serve_with_redis_asked_for_but_not_installed_says_so() -> None:
    done = run_hidden(
        "from rumizi.cli.main import cli\ncli(['serve', '--redis', 'redis://127.0.0.1:1/0'])",
        "redis",
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "rumizi serve --redis needs the redis extra: pip install 'rumizi[redis]'" in done.stderr


def test_the_server_imports_and_starts_without_redis_when_redis_is_not_asked_for(
    tmp_path: Path,
) -> None:
    code = f"""
from starlette.testclient import TestClient
from rumizi.server.app import Settings, create_app
app = create_app(Settings(db_url="sqlite:///{tmp_path / "db.sqlite3"}", bot_workers=0))
with TestClient(app) as client:
    assert client.get("/api/lobby").status_code == 200
try:
    create_app(Settings(db_url="sqlite://", redis_url="redis://127.0.0.1:1/0"))
except ImportError as err:
    print(err)
"""
    done = run_hidden(code, "redis")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "rumizi serve --redis needs the redis extra: pip install 'rumizi[redis]'"
    )


def test_the_engines_bots_and_terminal_need_no_extra() -> None:
    code = """
import rumizi
from rumizi.bots import make
from rumizi.cli.main import cli
for game_id in rumizi.game_ids():
    state = rumizi.game(game_id).new(seed=1)
    bot = make("random", seed=1)
    for _ in range(20):
        if state.over:
            break
        seat = state.to_act
        state.apply(bot.choose(state.view(seat), state.legal_actions()))
cli(["games"], standalone_mode=False)
"""
    done = run_hidden(code, *HIDDEN)
    assert done.returncode == 0, done.stderr
    assert "star-realms" in done.stdout

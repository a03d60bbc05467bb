"""The API's schema: every route's answer and refusals are described, and the page's doc is fresh.

The error codes are one table (``rumizi.server.errors.ERRORS``); these tests hold the server's
code, the OpenAPI schema and ``docs/web-protocol.md`` to it.
"""

from __future__ import annotations

import ast
import json
import re
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from pydantic import ValidationError

from rumizi.server import deps, protocol_doc
from rumizi.server.app import SCHEMA_ROUTERS, openapi_schema
from rumizi.server.errors import ERRORS, ApiError, ErrorBody, ErrorCode, framework_code, refusals
from rumizi.server.plugins import LANGS
from rumizi.server.routes.bots import bot_player, challenge_answerer
from rumizi.server.schemas import Lang
from tests.server.kit import Server

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "rumizi" / "server"
ERROR_REF = "#/components/schemas/ErrorBody"


def api_routes() -> list[APIRoute]:
    found = [route for router in SCHEMA_ROUTERS for route in router.routes]
    return [route for route in found if isinstance(route, APIRoute)]


def calls(dependant: Dependant) -> Iterator[Any]:
    """Every dependency a route runs, its sub-dependencies included."""
    for sub in dependant.dependencies:
        yield sub.call
        yield from calls(sub)


def operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


def declared_codes(operation: dict[str, Any]) -> dict[str, int]:
    """The codes a route declares it can refuse with, and the status of each."""
    return {
        code: int(status)
        for status, answer in operation["responses"].items()
        for code in answer.get("x-error-codes", ())
    }


# ---------------------------------------------------------------------- every route described


def test_every_route_has_a_response_model() -> None:
    routes = api_routes()
    assert len(routes) >= 15
    for route in routes:
        assert route.response_model is not None, route.path


def test_the_schema_has_a_2xx_json_schema_for_every_route() -> None:
    schema = openapi_schema()
    found = list(operations(schema))
    assert len(found) == len(api_routes())
    for method, path, operation in found:
        ok = [status for status in operation["responses"] if status.startswith("2")]
        assert ok == ["200"], (method, path)
        answer = operation["responses"]["200"]["content"]["application/json"]["schema"]
        assert answer.get("$ref") or answer.get("items", {}).get("$ref"), (method, path)
        assert operation.get("description"), f"{method} {path}: a docstring says what it does"


def test_every_refusal_in_the_schema_is_an_error_body_of_listed_codes() -> None:
    schema = openapi_schema()
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    for method, path, operation in operations(schema):
        for status, answer in operation["responses"].items():
            if status.startswith("2"):
                continue
            assert answer["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}
            codes = answer["x-error-codes"]
            assert codes, (method, path, status)
            for code in codes:
                assert ERRORS[ErrorCode(code)].status == int(status), (method, path, code)


def test_routes_declare_the_refusals_of_their_dependencies_and_bodies() -> None:
    schema = openapi_schema()
    by_route = {(method, path): op for method, path, op in operations(schema)}
    for route in api_routes():
        for method in route.methods:
            codes = declared_codes(by_route[(method, route.path)])
            used = set(calls(route.dependant))
            # A page's POST checks the CSRF token; a bot's program sends no cookie but its
            # token (rumizi.server.routes.bots), which no other site's page can send.
            by_token = bool(used & {bot_player, challenge_answerer})
            if method == "POST" and not by_token:
                assert deps.check_csrf in used, route.path
            if by_token:
                assert deps.check_csrf not in used and codes.get("bad-token") == 401
            if deps.check_csrf in used:
                assert codes.get("csrf") == 403, route.path
            if deps.current_user in used:
                assert codes.get("signed-out") == 401, route.path
            if deps.known_game in used:
                assert codes.get("unknown-game") == 404, route.path
            takes_input = route.body_field is not None or route.dependant.query_params
            assert ("malformed" in codes) == bool(takes_input), route.path


def test_error_bodies_hold_only_listed_codes() -> None:
    assert ErrorBody.model_validate({"error": {"code": "csrf", "message": "m"}})
    with pytest.raises(ValidationError):
        ErrorBody.model_validate({"error": {"code": "no-such-code", "message": "m"}})


def test_socket_only_codes_cannot_be_api_errors() -> None:
    with pytest.raises(ValueError, match="socket"):
        ApiError(ErrorCode.STALE, "stale")
    with pytest.raises(ValueError, match="socket"):
        refusals(ErrorCode.OVER)


# ---------------------------------------------------------------------- the codes the code emits


def _string_argument(call: ast.Call, index: int) -> str | None:
    if len(call.args) > index and isinstance(call.args[index], ast.Constant):
        value = call.args[index].value
        return value if isinstance(value, str) else None
    return None


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def emitted_codes() -> tuple[set[str], set[str]]:
    """The codes the server's source can answer: (the JSON API's, the socket's).

    Read from the source: ``ApiError(ErrorCode.X, ...)``, the edges' ``_refuse(send,
    ErrorCode.X, ...)`` and the codes of the framework's own errors for the API;
    ``ActionError("code", ...)`` (the hub), ``refuse(id, "code", ...)`` (the socket) and the
    ``code = "code"`` of the refusals of ``rumizi.server.inbound`` (``Refused``) for the
    socket. Any other literal code is refused, so none can slip past.
    """
    api: set[str] = {str(ErrorCode.MALFORMED)}  # the app's handler of invalid requests
    api |= {str(framework_code(status)) for status in (404, 405, 400, 500)}
    socket: set[str] = set()
    for path in sorted(SERVER.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and [_name(t) for t in node.targets] == ["code"]:
                code = node.value.value if isinstance(node.value, ast.Constant) else None
                if isinstance(code, str):
                    socket.add(code)
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name == "ApiError":
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Attribute) and _name(first.value) == "ErrorCode":
                    api.add(str(ErrorCode[first.attr]))
                elif path.name != "errors.py":
                    pytest.fail(f"{path.name}:{node.lineno}: ApiError without an ErrorCode")
            elif name == "_refuse":  # the edges' middleware (rumizi.server.edges)
                second = node.args[1] if len(node.args) > 1 else None
                assert isinstance(second, ast.Attribute), f"{path.name}:{node.lineno}"
                api.add(str(ErrorCode[second.attr]))
            elif name == "ActionError":
                code = _string_argument(node, 0)
                if code is not None:
                    socket.add(code)
            elif name == "refuse":
                code = _string_argument(node, 1)
                if code is not None:
                    socket.add(code)
    return api, socket


def test_the_error_table_lists_exactly_the_codes_the_server_can_answer() -> None:
    api, socket = emitted_codes()
    assert api == {str(code) for code, info in ERRORS.items() if info.status is not None}
    assert socket == {str(code) for code, info in ERRORS.items() if info.socket}
    assert len(socket) >= 9 and len(api) >= 15


ERRORS_JS = ROOT / "rumizi" / "web" / "static" / "errors.js"
ARABIC_LETTERS = "\u064a\u0649\u0643"  # Arabic yeh, alef maksura, kaf: Persian has its own
# Persian words written with a ZWNJ; written without it (or with a space) they are misspelt.
ZWNJ_WORDS = ("نمی", "می", "ها", "های", "ای", "تر", "به")


def page_error_texts() -> dict[str, dict[str, str]]:
    """The page's sentence per code and language, as errors.js hands them to i18n.js."""
    text = ERRORS_JS.read_text(encoding="utf-8")
    found = json.loads(text.split("export const ERROR_TEXTS = ", 1)[1].rstrip().rstrip(";"))
    assert isinstance(found, dict)
    return found


def test_every_error_code_has_a_sentence_in_both_languages() -> None:
    assert ERRORS_JS.read_text(encoding="utf-8") == protocol_doc.errors_module(), (
        "rumizi/web/static/errors.js is out of date: run python -m rumizi.server.protocol_doc"
    )
    texts = page_error_texts()
    codes = {str(code) for code in ErrorCode}
    for lang in ("fa", "en"):
        assert set(texts[lang]) == codes, lang
        assert all(texts[lang][code].strip() for code in codes), lang
    i18n = (ROOT / "rumizi" / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    assert 'from "./errors.js"' in i18n
    assert not re.findall(r'"(?:api|err)\.[a-z-]+":', i18n), "error texts live in errors.py only"


def test_the_persian_error_texts_are_proper_persian() -> None:
    for code, text in page_error_texts()["fa"].items():
        assert not set(text) & set(ARABIC_LETTERS), (code, text)
        assert not re.search(r"[0-9]", text), (code, "Persian digits where people read numbers")
        assert re.search(r"[\u0600-\u06ff]", text), (code, "a Persian sentence")
        for word in re.findall(r"[\u0600-\u06ff\u200c]+", text):
            assert not word.startswith("\u200c") and not word.endswith("\u200c"), (code, word)
        # "نمی توان", "صندلی ها": a joiner word after a space is missing its ZWNJ.
        for joined in ZWNJ_WORDS[:2]:
            assert not re.search(rf"(?:^|\s){joined} ", text), (code, text)
        for suffix in ZWNJ_WORDS[2:5]:
            assert not re.search(rf"\S {suffix}(?:\s|$|[،.؛])", text), (code, text)
    assert "\u200c" in page_error_texts()["fa"]["spectator"]  # نمی‌تواند


# The ezafe after a silent heh has one spelling across the site: «هٔ» (heh with hamza above,
# «نسخهٔ دلوکس», «جریمهٔ همهٔ کارت‌ها»), as the rules, the page and the terminal write it, never
# «ه‌ی» (heh, ZWNJ, yeh). A word ending «ه‌ی» is that ezafe; inside a word («راه‌یابی») it is not.
# Source spells the ZWNJ either as the character or as the escape "\u200c".
EZAFE_WITH_YEH = re.compile("\u0647(?:\u200c|\\\\u200c)\u06cc(?![\u0600-\u06ff])")
SITE_TEXTS = ("rumizi", "docs")
TEXT_FILES = {".py", ".js", ".toml", ".md", ".json", ".html"}


def test_the_site_writes_the_ezafe_after_a_silent_heh_one_way() -> None:
    assert EZAFE_WITH_YEH.search("نسخه\u200cی دلوکس") and EZAFE_WITH_YEH.search("نسخه\\u200cی")
    assert not EZAFE_WITH_YEH.search("راه\u200cیابی") and not EZAFE_WITH_YEH.search("نسخهٔ دلوکس")
    found = []
    for top in SITE_TEXTS:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in TEXT_FILES or not path.is_file():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if EZAFE_WITH_YEH.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert found == [], "write «هٔ», not «ه‌ی»:\n" + "\n".join(found)


# ---------------------------------------------------------------------- the answers themselves


def test_refusals_answer_the_declared_shape(server: Server) -> None:
    browser = server.browser()
    cases = {
        ("GET", "/api/games/no-such-game"): (404, "unknown-game"),
        ("GET", "/api/tables/nothing-here"): (404, "unknown-table"),
        ("GET", "/api/my/games"): (401, "signed-out"),
        ("GET", "/api/tables/x/replay?seat=one"): (422, "malformed"),
        ("GET", "/static/no-such-file.js"): (404, "not-found"),
        ("GET", "/api/no-such-route"): (404, "not-found"),
        ("GET", "/ws/no-such-socket"): (404, "not-found"),
        ("POST", "/api/no-such-route"): (404, "not-found"),
        ("POST", "/api/lobby"): (405, "method-not-allowed"),
    }
    for (method, url), (status, code) in cases.items():
        if method == "GET":
            response = browser.get(url)
        else:
            response = browser.client.post(url, json={}, headers={"X-CSRF-Token": browser.csrf})
        assert response.status_code == status, (url, response.text)
        body = ErrorBody.model_validate(response.json())
        assert body.error.code == code and body.error.message, url
        if status == 405:  # the handler keeps the framework's headers
            assert "GET" in response.headers["allow"], response.headers


def test_the_served_schema_is_the_generated_one(server: Server) -> None:
    served = server.browser().get("/api/openapi.json").json()
    assert served == openapi_schema()


def test_a_table_answer_leaves_out_the_invite_for_a_watcher(server: Server) -> None:
    owner = server.browser()
    owner.signup("mina", "a long secret 42")
    made = owner.create_table(seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    seated = owner.get(f"/api/tables/{made['id']}").json()
    watcher = server.browser().get(f"/api/tables/{made['id']}").json()
    assert seated["invite"] == made["invite"] and "invite" not in watcher
    assert watcher["clock"] == {"kind": "none"}  # the unused clock fields are left out


# ---------------------------------------------------------------------- the protocol page


def test_the_protocol_page_is_up_to_date() -> None:
    page = ROOT / "docs" / "web-protocol.md"
    text = page.read_text(encoding="utf-8")
    assert protocol_doc.rewrite(text, protocol_doc.sections()) == text, (
        "docs/web-protocol.md is out of date: run python -m rumizi.server.protocol_doc"
    )
    for code in ERRORS:
        assert f"| `{code}` |" in text


def test_the_doc_generator_checks_and_rewrites(tmp_path: Path) -> None:
    page = tmp_path / "protocol.md"
    stale = "# P\n<!-- generated: {0} (x) -->\nSTALE TEXT\n<!-- end: {0} -->\n"
    names = ("routes", "bodies", "errors", "socket")
    page.write_text("".join(stale.format(name) for name in names))
    # Its own copy of the page's error texts: the test never writes into the source tree.
    texts = ["--errors-js", str(tmp_path / "errors.js")]
    assert protocol_doc.main([str(page), "--check", *texts]) == 1
    assert "STALE TEXT" in page.read_text()  # --check changes nothing
    assert not (tmp_path / "errors.js").exists()
    assert protocol_doc.main([str(page), *texts]) == 0
    fresh = page.read_text()
    assert "STALE TEXT" not in fresh
    assert "`POST /api/tables`" in fresh and "| `csrf` | 403 |" in fresh
    assert '- `Ack` `{"type": "ack", "client_id": str, "version": int}`' in fresh
    assert '- `Undo` `{"type": "undo", "client_id": str, "version": int}`' in fresh
    assert (tmp_path / "errors.js").read_text(encoding="utf-8") == protocol_doc.errors_module()
    assert protocol_doc.main([str(page), "--check", *texts]) == 0
    with pytest.raises(ValueError, match="errors"):
        protocol_doc.rewrite("no markers", {"errors": []})


def test_the_api_docs_page_needs_nothing_from_outside(server: Server) -> None:
    browser = server.browser()
    page = browser.get("/api/docs")
    assert page.status_code == 200 and "swagger" in page.text.lower()
    addresses = re.findall(r"""(?:src|href|url)\s*[=:]\s*['"]([^'"]+)['"]""", page.text)
    assert any(a.endswith("swagger-ui-bundle.js") for a in addresses)
    for address in addresses:
        assert address.startswith("/"), f"{address} is not served by the app"
        assert browser.get(address).status_code == 200, address
    assert '"validatorUrl": null' in page.text


def test_the_schema_languages_are_the_platform_languages() -> None:
    assert typing.get_args(Lang) == LANGS

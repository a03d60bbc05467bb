"""Schemathesis over the OpenAPI schema: generated requests get answers the schema describes.

Every operation of ``/api/openapi.json`` is called in-process (no socket) with requests made
from its own schema, by a browser that holds a guest session and the CSRF token; each answer
must be one the schema lists (status, content type, body shape), never a server error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import CheckContext, not_a_server_error
from schemathesis.generation.case import Case
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from rumizi.server.app import Settings, create_app
from rumizi.server.auth import CSRF_COOKIE, CSRF_HEADER
from rumizi.server.errors import ErrorCode


@schemathesis.check
def refusal_code_is_declared(ctx: CheckContext, response: Any, case: Case) -> bool | None:
    """A refusal's code is one the operation lists for that status (``x-error-codes``)."""
    if response.status_code < 400:
        return None
    declared = case.operation.definition.raw["responses"].get(str(response.status_code), {})
    code = response.json()["error"]["code"]
    assert code in {str(c) for c in ErrorCode}, code
    assert code in declared.get("x-error-codes", ()), (case.operation.label, code)
    return None


def test_generated_requests_get_answers_the_schema_describes(tmp_path: Path) -> None:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'rumizi.sqlite3'}", bot_workers=0))
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    try:
        with asgi.get_client(app) as browser:
            browser.get("/api/me").raise_for_status()
            browser.headers[CSRF_HEADER] = browser.cookies[CSRF_COOKIE]
            browser.post("/api/auth/guest", json={}).raise_for_status()

            @given(case=schema.as_strategy())
            @settings(
                max_examples=150,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
            )
            def answers_as_described(case: Case) -> None:
                # Not "positive data acceptance": a request can fit the schema and still be
                # refused by a rule the schema cannot say (a username's letters, a game's
                # options, a table that does not exist); those refusals are declared codes.
                case.call_and_validate(
                    session=browser,
                    checks=[
                        not_a_server_error,
                        status_code_conformance,
                        content_type_conformance,
                        response_schema_conformance,
                        refusal_code_is_declared,
                    ],
                )

            answers_as_described()
    finally:
        asgi.shutdown_lifespans()

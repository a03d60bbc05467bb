"""The API's own page (``/api/docs``) draws every route with nothing fetched from outside."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, Route

from tests.web.conftest import Server


def test_the_api_docs_page_draws_every_route_offline(page: Page, server: Server) -> None:
    outside: list[str] = []

    def only_the_server(route: Route) -> None:
        if route.request.url.startswith(server.url):
            route.continue_()
        else:  # a CDN, a validator: the page must not need them
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto(f"{server.url}/api/docs")
    operations = httpx.get(f"{server.url}/api/openapi.json").json()["paths"]
    count = sum(len(methods) for methods in operations.values())
    page.locator(".opblock").nth(count - 1).wait_for()
    assert page.locator(".opblock").count() == count
    assert page.locator(".opblock-summary-path", has_text="/api/tables/{table_id}/join").count()
    assert outside == []

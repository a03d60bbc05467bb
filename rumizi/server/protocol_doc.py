"""Write the generated parts of ``docs/web-protocol.md`` from the code: routes, bodies, errors.

The page between ``<!-- generated: NAME -->`` and ``<!-- end: NAME -->`` is not kept by hand:

- ``routes``: every JSON API route of the OpenAPI schema
  (:func:`~rumizi.server.app.openapi_schema`): what it takes, what it answers, the codes it
  can refuse with;
- ``bodies``: every model of those bodies, its fields written as a JSON-like line;
- ``errors``: the table of error codes, :data:`rumizi.server.errors.ERRORS`;
- ``socket``: every message of the WebSockets, both ways, and the parts they are made of
  (:mod:`rumizi.server.messages`), each as its type's fields.

It also writes ``rumizi/web/static/errors.js``, the page's sentences for every error code
(:func:`errors_module`), so the page and the server say a refusal from the same table.

``python -m rumizi.server.protocol_doc`` rewrites both; ``--check`` only says whether the
committed files are up to date (exit status 1 when they are not), as the tests do.

>>> render_type({"anyOf": [{"$ref": "#/components/schemas/User"}, {"type": "null"}]})
'User | null'
>>> render_type({"type": "array", "items": {"type": "integer"}})
'[int]'
>>> render_type({"enum": ["fa", "en"]})
'"fa" | "en"'
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter

from rumizi.server import messages
from rumizi.server.errors import ERRORS

DOC = Path("docs/web-protocol.md")
ERRORS_JS = Path("rumizi/web/static/errors.js")
SIMPLE = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "null"}
SKIPPED_MODELS = ("ErrorCode",)  # listed in the errors section instead


def render_type(schema: Mapping[str, Any]) -> str:
    """A JSON schema as a short type: ``User | null``, ``[int]``, ``{str: any}``."""
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(render_type(part) for part in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    kind = schema.get("type")
    if kind == "array":
        return f"[{render_type(schema.get('items', {}))}]"
    if kind == "object":
        values = schema.get("additionalProperties")
        return "{str: " + (render_type(values) if isinstance(values, dict) else "any") + "}"
    if isinstance(kind, str):
        return SIMPLE.get(kind, kind)
    return "any"


def render_model(schema: Mapping[str, Any]) -> str:
    """A model's fields as ``{"name": type, "other"?: type}`` (``?``: may be absent)."""
    required = set(schema.get("required", ()))
    fields = [
        f'"{name}"{"" if name in required else "?"}: {render_type(field)}'
        for name, field in schema.get("properties", {}).items()
    ]
    if schema.get("additionalProperties") is True:
        fields.append("...")
    return "{" + ", ".join(fields) + "}"


def _first_line(text: str | None) -> str:
    """A docstring's first line, with reST's double backquotes as Markdown's single ones."""
    return (text or "").strip().split("\n", 1)[0].strip().replace("``", "`")


def _json_schema(part: Mapping[str, Any]) -> Mapping[str, Any] | None:
    found: Mapping[str, Any] | None = (
        part.get("content", {}).get("application/json", {}).get("schema")
    )
    return found


def routes_section(schema: Mapping[str, Any]) -> list[str]:
    """One line per route: method and path, body, answer, what it does, its refusals."""
    lines = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            line = f"- `{method.upper()} {path}`"
            body = _json_schema(operation.get("requestBody", {}))
            if body is not None:
                line += f" `{render_type(body)}`"
            query = [p["name"] for p in operation.get("parameters", ()) if p["in"] == "query"]
            if query:
                line += " ?" + "&".join(f"`{name}`" for name in query)
            answers = operation["responses"]
            ok = next(status for status in answers if status.startswith("2"))
            answer = _json_schema(answers[ok])
            line += f" → `{render_type(answer) if answer is not None else 'nothing'}`"
            summary = _first_line(operation.get("description"))
            if summary:
                line += f": {summary}"
            refused = [
                f"{status} " + ", ".join(f"`{code}`" for code in answer_part["x-error-codes"])
                for status, answer_part in answers.items()
                if "x-error-codes" in answer_part
            ]
            if refused:
                line += f" Refusals: {'; '.join(refused)}."
            lines.append(line)
    return lines


def bodies_section(schema: Mapping[str, Any]) -> list[str]:
    """One line per model of the API's bodies, in name order."""
    models = schema.get("components", {}).get("schemas", {})
    lines = []
    for name in sorted(models):
        if name in SKIPPED_MODELS:
            continue
        model = models[name]
        about = _first_line(model.get("description"))
        line = f"- `{name}` `{render_model(model)}`"
        lines.append(f"{line}: {about}" if about else line)
    return lines


def _message_line(kind: Any, mode: Literal["validation", "serialization"]) -> str:
    """One line of the socket section: the type's name, its fields, its docstring's first line.

    ``mode``: ``validation`` for what the server reads (a field with a default may be left
    out), ``serialization`` for what it sends.
    """
    schema = TypeAdapter(kind).json_schema(mode=mode)
    line = f"- `{schema['title']}` `{render_model(schema)}`"
    about = _first_line(schema.get("description"))
    return f"{line}: {about}" if about else line


def socket_section() -> list[str]:
    """The WebSockets' messages (the server's, then the page's) and their parts."""
    return [
        "The server sends (the table's socket, then the lobby's):",
        "",
        *(_message_line(kind, "serialization") for kind in messages.SERVER_MESSAGES),
        "",
        "The page sends (the table's socket, then the lobby's):",
        "",
        *(_message_line(kind, "validation") for kind in messages.PAGE_MESSAGES),
        "",
        "Their parts:",
        "",
        *(_message_line(kind, "serialization") for kind in messages.PARTS),
    ]


def errors_section() -> list[str]:
    """The table of error codes: code, HTTP status, whether the socket sends it, meaning."""
    lines = ["| code | HTTP | socket | meaning |", "| --- | --- | --- | --- |"]
    for code, info in ERRORS.items():
        status = str(info.status) if info.status is not None else "—"
        socket = "yes" if info.socket else ""
        lines.append(f"| `{code}` | {status} | {socket} | {info.meaning} |")
    return lines


def errors_module() -> str:
    """``errors.js``: ``ERROR_TEXTS[lang][code]``, the page's sentence for each error code."""
    texts = {
        lang: {str(code): getattr(info, lang) for code, info in ERRORS.items()}
        for lang in ("fa", "en")
    }
    # The zero-width non-joiner spelled out, as in i18n.js, so it is visible in the source.
    body = json.dumps(texts, ensure_ascii=False, indent=2).replace("\u200c", "\\u200c")
    return (
        "// Generated by python -m rumizi.server.protocol_doc from rumizi/server/errors.py:\n"
        "// the page's sentence for every error code of the server. Do not edit by hand.\n\n"
        f"export const ERROR_TEXTS = {body};\n"
    )


def sections() -> dict[str, list[str]]:
    """The generated sections by name."""
    from rumizi.server.app import openapi_schema  # the app imports everything: only on use

    schema = openapi_schema()
    return {
        "routes": routes_section(schema),
        "bodies": bodies_section(schema),
        "errors": errors_section(),
        "socket": socket_section(),
    }


def _filled(body: str) -> Callable[[re.Match[str]], str]:
    """A substitution that puts ``body`` between a section's markers."""
    return lambda match: match.group(1) + body + match.group(2)


def rewrite(text: str, found: Mapping[str, list[str]]) -> str:
    """``text`` with each generated section replaced (``ValueError`` if a marker is missing)."""
    for name, lines in found.items():
        pattern = re.compile(
            rf"(<!-- generated: {name} [^>]*-->\n).*?(<!-- end: {name} -->)", re.DOTALL
        )
        if not pattern.search(text):
            raise ValueError(f"no '<!-- generated: {name} ... -->' section in the page")
        text = pattern.sub(_filled("\n".join(lines) + "\n"), text)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rumizi.server.protocol_doc")
    parser.add_argument("path", nargs="?", type=Path, default=DOC, help="the protocol page")
    parser.add_argument("--errors-js", type=Path, default=ERRORS_JS, help="the page's error texts")
    parser.add_argument("--check", action="store_true", help="only check it is up to date")
    args = parser.parse_args(argv)
    text = args.path.read_text(encoding="utf-8")
    outputs = {args.path: (text, rewrite(text, sections()))}
    old_js = args.errors_js.read_text(encoding="utf-8") if args.errors_js.exists() else ""
    outputs[args.errors_js] = (old_js, errors_module())
    stale = [path for path, (old, fresh) in outputs.items() if old != fresh]
    if args.check:
        for path in stale:
            print(f"{path} is out of date: run python -m rumizi.server.protocol_doc")
        return 1 if stale else 0
    for path in stale:
        path.write_text(outputs[path][1], encoding="utf-8")
        print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

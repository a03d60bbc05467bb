"""Each game's page of the manual, written from the game itself so that it cannot go stale.

The hook (``hooks.py``) calls :func:`game_page` for every registered game at each build. The
page reads everything from the code the adapters and the server read:

* the registry's facts (:func:`rumizi.core.registry.game`: names, seats, add-ons);
* the options of a new table, as the ``web`` add-on offers them to the platform's form;
* the action shapes, from the game encoding's fixed action index (every canonical action
  that can ever be legal, grouped by kind and fields);
* the observation and action spaces, as PettingZoo's environment pages tabulate them: the
  same numbers ``rumizi.env`` and ``rumizi.gym_env`` build their ``gymnasium.spaces`` from
  (``Discrete(len(actions))``, a float32 ``Box`` over the encoding's bounds and an int8
  action mask); the spaces are written out here with numpy alone, so building the manual
  needs no Gymnasium, and ``tests/docs/test_manual.py`` checks every number against the
  adapters' own spaces;
* the observation's layout (each named block: where it starts, its size and bounds);
* the sizes for every table the encoding supports (each seat count, format and option);
* an example document, exported from a new game;

and then the game's modules, rendered by mkdocstrings from their docstrings.

>>> print(players_text(2, 2), players_text(2, 6))
2 2–6
>>> shape_of({"do": "buy", "card": "scout"})
'{"do": "buy", "card": …}'
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rumizi.adapters.base import encoded_game_ids, encoding
from rumizi.core.contract import Action, Game
from rumizi.core.encoding import GameEncoding
from rumizi.core.registry import ADD_ONS, game, game_module

#: The seed of every example on the pages (any seed would do; one keeps builds identical).
EXAMPLE_SEED = 1
#: A game's modules the page renders below its tables, when the game has them.
GAME_MODULES = ("engine", "document", "encoding")


def page_name(game_id: str) -> str:
    """Where a game's page lives in the manual."""
    return f"games/{game_id}.md"


def players_text(low: int, high: int) -> str:
    """A range of seats as a reader writes it."""
    return str(low) if low == high else f"{low}–{high}"


def package_of(game_obj: Game) -> str:
    """The package that holds a game's engine and add-ons."""
    return type(game_obj).__module__.rpartition(".")[0]


def cell(text: Any) -> str:
    """``text`` made safe for a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(text: Any) -> str:
    """``text`` as a Markdown code span (fit for a table cell)."""
    body = str(text).replace("|", "\\|")
    return f"`{body}`"


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """A Markdown pipe table."""
    return [
        "| " + " | ".join(head) + " |",
        "| " + " | ".join("---" for _ in head) + " |",
        *("| " + " | ".join(row) + " |" for row in rows),
        "",
    ]


# ---------------------------------------------------------------------------- the spaces


def number(value: float) -> str:
    """A bound as numpy prints it in a space (``0.0``, ``inf``)."""
    return repr(float(value)) if np.isfinite(value) else ("inf" if value > 0 else "-inf")


def bounds(values: np.ndarray[Any, Any]) -> str:
    """One number when every entry shares it, else the range."""
    low, high = float(values.min()), float(values.max())
    return number(low) if low == high else f"{number(low)} … {number(high)}"


@dataclass(frozen=True)
class Spaces:
    """A seat's spaces in an encoding's numbers (what the adapters build gymnasium spaces of)."""

    actions: int
    observation: int
    low: float
    high: float

    @property
    def action_space(self) -> str:
        """As ``str(gymnasium.spaces.Discrete(n))`` reads."""
        return f"Discrete({self.actions})"

    @property
    def observation_shape(self) -> str:
        return f"({self.observation},)"

    @property
    def mask_space(self) -> str:
        """As ``str(Box(0, 1, (n,), int8))`` reads."""
        return f"Box(0, 1, ({self.actions},), int8)"


def spaces_of(enc: GameEncoding) -> Spaces:
    """The numbers of a seat's spaces under ``enc``."""
    return Spaces(
        actions=len(enc.actions),
        observation=enc.observation_size,
        low=float(np.min(enc.observation_low)),
        high=float(np.max(enc.observation_high)),
    )


def spaces_table(game_id: str, enc: GameEncoding) -> list[str]:
    """The PettingZoo-style summary of the default table's spaces."""
    found = spaces_of(enc)
    agents = [f"player_{p}" for p in range(enc.num_players)]
    snake = game_id.replace("-", "_")
    rows = [
        ("Import", code(f'rumizi.env("{game_id}")') + ", " + code(f'rumizi.gym_env("{game_id}")')),
        ("Gymnasium id", code(f"rumizi/{game_id}-v0")),
        ("OpenSpiel name", code(f"python_rumizi_{snake}")),
        ("Agents", code(str(agents))),
        ("Agents count", str(enc.num_players)),
        ("Action space", code(found.action_space)),
        ("Action values", f"0 … {found.actions - 1}"),
        ("Observation keys", code("observation") + ", " + code("action_mask")),
        ("Observation shape", code(found.observation_shape)),
        ("Observation dtype", code("float32")),
        ("Observation values", f"{number(found.low)} … {number(found.high)}"),
        ("Action mask", code(found.mask_space)),
        ("Teams", code(str(tuple(enc.teams)))),
    ]
    return table(["", ""], [(name, value) for name, value in rows])


# ---------------------------------------------------------------------------- tables


def table_options(game_id: str, together: bool = True) -> list[dict[str, Any]]:
    """Every option set the encoding supports: each format, and each adapter option alone.

    The formats are the game's (``formats``, its first the default); the adapter options are
    those the encoding module lists in ``ADAPTER_OPTIONS`` (OpenSpiel's parameters too), each
    boolean turned on alone, then (``together``) all of them at once.
    """
    formats: tuple[str, ...] = tuple(getattr(game(game_id), "formats", ()))
    adapter = dict(getattr(game_module(game_id, "encoding"), "ADAPTER_OPTIONS", {}) or {})
    switches = [name for name, default in adapter.items() if default is False]
    extras: list[dict[str, Any]] = [{}, *({name: True} for name in switches)]
    if together and len(switches) > 1:
        extras.append(dict.fromkeys(switches, True))
    found = []
    for fmt, extra in itertools.product(formats or (None,), extras):
        found.append({**({"format": fmt} if fmt is not None else {}), **extra})
    return found


def options_text(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{name}={value!r}" for name, value in options.items()) or "(defaults)"


def sizes(
    game_id: str, together: bool = True
) -> Iterator[tuple[int, dict[str, Any], GameEncoding]]:
    """Every (seats, options) the encoding accepts, with its encoding."""
    game_obj = game(game_id)
    for players in range(game_obj.min_players, game_obj.max_players + 1):
        for options in table_options(game_id, together):
            try:
                enc = encoding(game_id, players, **options)
            except ValueError:  # a table the game does not have (a duel of 4, 7 drafting)
                continue
            yield players, options, enc


def sizes_table(game_id: str) -> list[str]:
    rows = []
    for players, options, enc in sizes(game_id):
        found = spaces_of(enc)
        rows.append(
            (
                str(players),
                code(options_text(options)),
                f"{found.actions:,}",
                str(found.observation),
            )
        )
    return table(["seats", "options", "actions", "observation"], rows)


# ---------------------------------------------------------------------------- actions


def shape_of(action: Action) -> str:
    """An action's fields with every value but ``do`` left out: its shape."""
    fields = ", ".join(f'"{key}": …' for key in action if key != "do")
    kind = json.dumps(action.get("do"))
    return '{"do": ' + kind + (", " + fields if fields else "") + "}"


@dataclass
class Shape:
    """One shape of action: an example, and where the index holds it."""

    shape: str
    example: Action
    #: Entries and the first one's index in the default table's index (0 and -1: none there).
    count: int = 0
    first: int = -1
    #: The options of the first table whose index has it (None: the default table's).
    table: str | None = None


def action_shapes(game_id: str) -> list[Shape]:
    """Every shape of action the game can list at any table, the default table's first.

    Each option set is read at the smallest table that takes it (more seats add entries, not
    shapes), each option alone (all of Fantasy Realms' at once would take seconds more to
    read, for no new shape); the default table (the fewest seats, no options) is counted in
    full.
    """
    found: dict[str, Shape] = {}
    shapes: dict[tuple[Any, ...], str] = {}
    seen: set[tuple[tuple[str, Any], ...]] = set()
    for players, options, enc in sizes(game_id, together=False):
        key = tuple(sorted(options.items()))
        if key in seen:
            continue
        default = not seen
        seen.add(key)
        for index, action in enumerate(enc.actions):
            # The fields and the kind make the shape; the string is written once per shape.
            fields = (action.get("do"), *action)
            shape = shapes.get(fields) or shapes.setdefault(fields, shape_of(action))
            known = found.get(shape)
            if known is None:
                where = None if default else f"{players} seats, {options_text(options)}"
                known = found[shape] = Shape(shape, action, table=where)
            if default:
                known.count += 1
                if known.first < 0:
                    known.first = index
    return list(found.values())


def actions_table(game_id: str) -> list[str]:
    rows = [
        (
            code(found.shape),
            f"{found.count:,}" if found.count else "—",
            str(found.first) if found.count else "—",
            code(json.dumps(dict(found.example), ensure_ascii=False)),
            cell(found.table or "default"),
        )
        for found in action_shapes(game_id)
    ]
    return table(["shape", "entries", "first index", "an example", "first table"], rows)


# ---------------------------------------------------------------------------- observation


def layout_table(enc: GameEncoding) -> list[str]:
    layout: Mapping[str, tuple[int, int]] | None = getattr(enc, "layout", None)
    if not layout:
        return ["The encoding names no blocks of its observation.", ""]
    rows = []
    for name, (start, size) in layout.items():
        low = enc.observation_low[start : start + size]
        high = enc.observation_high[start : start + size]
        rows.append((code(name), str(start), str(size), bounds(low), bounds(high)))
    return table(["block", "start", "size", "low", "high"], rows)


# ---------------------------------------------------------------------------- the page


def facts_table(game_obj: Game) -> list[str]:
    add_ons = [name for name in ADD_ONS if game_module(game_obj, name) is not None]
    names = ", ".join(f"{cell(name)} ({lang})" for lang, name in sorted(game_obj.names.items()))
    rows = [
        ("Id", code(game_obj.id)),
        ("Names", names),
        ("Seats", players_text(game_obj.min_players, game_obj.max_players)),
        ("In Python", code(f'rumizi.game("{game_obj.id}")')),
        ("Package", code(package_of(game_obj))),
        ("Add-ons", ", ".join(code(name) for name in add_ons) or "none"),
    ]
    formats = getattr(game_obj, "formats", ())
    if formats:
        rows.append(("Formats", ", ".join(code(f) for f in formats)))
    return table(["", ""], rows)


def options_table(game_id: str) -> list[str]:
    web = game_module(game_id, "web")
    offered = getattr(web, "options", None)
    if offered is None:
        return ["The game offers no options on the platform.", ""]
    rows = []
    for option in offered("en"):
        choices = []
        for choice in option.get("choices", ()):
            text = f"{code(json.dumps(choice['value']))} {cell(choice.get('label', ''))}"
            if "players" in choice:
                text += f" (seats {', '.join(str(n) for n in choice['players'])})"
            if "requires" in choice:
                text += (
                    " (with "
                    + ", ".join(
                        f"{name} {'/'.join(map(str, values))}"
                        for name, values in choice["requires"].items()
                    )
                    + ")"
                )
            choices.append(text)
        rows.append((code(option["name"]), cell(option.get("label", "")), "<br>".join(choices)))
    return table(["option", "label", "choices (the first is the default)"], rows)


def compact_json(value: Any, depth: int = 0) -> str:
    """JSON with an object's fields one a line but a list of plain values on one line.

    >>> print(compact_json({"hand": ["scout", "viper"], "pending": {"choice": None}}))
    {
      "hand": ["scout", "viper"],
      "pending": {
        "choice": null
      }
    }
    """
    pad = "  " * depth
    if isinstance(value, dict) and value:
        fields = [
            f"{pad}  {json.dumps(key)}: {compact_json(item, depth + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(fields) + f"\n{pad}}}"
    if isinstance(value, list) and any(isinstance(item, dict | list) and item for item in value):
        items = [f"{pad}  {compact_json(item, depth + 1)}" for item in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def document_example(game_obj: Game) -> list[str]:
    document = game_obj.new(seed=EXAMPLE_SEED).export()
    return [
        '<details markdown="1">',
        f'<summary>The document of <code>rumizi.game("{game_obj.id}").new(seed={EXAMPLE_SEED})'
        "</code></summary>",
        "",
        "```json",
        compact_json(document),
        "```",
        "",
        "</details>",
        "",
    ]


def modules_section(game_obj: Game) -> list[str]:
    package = package_of(game_obj)
    lines = [
        "## The modules",
        "",
        f"::: {package}",
        "    options:",
        "      members: false",
        "",
    ]
    for name in GAME_MODULES:
        if game_module(game_obj, name) is not None or _has_module(package, name):
            lines += [f"::: {package}.{name}", ""]
    return lines


def _has_module(package: str, name: str) -> bool:
    from importlib.util import find_spec

    return find_spec(f"{package}.{name}") is not None


def game_page(game_id: str, document_page: str | None = None) -> str:
    """The Markdown of ``game_id``'s page (``document_page``: a hand-written page on its
    document format, linked from it)."""
    game_obj = game(game_id)
    name = game_obj.names.get("en", game_id)
    lines = [
        f"# {name}",
        "",
        "Generated at each build from the game's registry entry, its web add-on and its "
        "encoding; its modules' own documentation follows the tables.",
        "",
        "## At a glance",
        "",
        *facts_table(game_obj),
        "## Options",
        "",
        f'Passed as keywords: `rumizi.game("{game_id}").new(seed, players, **options)`; '
        "the web platform's form offers these (values as the form sends them).",
        "",
        *options_table(game_id),
        "## The document",
        "",
        "`state.export()` writes the whole state as canonical JSON and `game.load(document)` "
        "reads it back, refusing a field of the wrong shape by name (the document's fields "
        "are listed in the engine's documentation below).",
        "",
    ]
    if document_page is not None:
        lines += [f"Its fields are also described in [a page of their own]({document_page}).", ""]
    lines += document_example(game_obj)
    if game_id in encoded_game_ids():
        enc = encoding(game_id, game_obj.min_players)
        lines += [
            "## Action shapes",
            "",
            'Every action is a small JSON object with a `"do"` key. These are the shapes of '
            "every action the game can ever list, at any table, read from the research "
            "adapters' fixed action index: the entries and the first index are those of the "
            f"default table ({game_obj.min_players} seats, no options), and a shape that only "
            "another table has names the first one that does (see *Every table* below). "
            '`{"do": "concede"}` is accepted at any time but never listed, so it has no index.',
            "",
            *actions_table(game_id),
            "## Observation and action spaces",
            "",
            f'As `rumizi.env("{game_id}")` and `rumizi.gym_env("{game_id}")` build them for '
            f"a table of {game_obj.min_players} with the default options (the `rl` extra). "
            "Each observation is a dict of the encoding's float32 vector, made from the seat's "
            "own view, and an int8 mask over the action index.",
            "",
            *spaces_table(game_id, enc),
            "### The observation's blocks",
            "",
            *layout_table(enc),
            "### Every table",
            "",
            "The action index and the observation depend on the table: its seats, format and "
            "options (the adapters' keywords, OpenSpiel's parameters).",
            "",
            *sizes_table(game_id),
        ]
    lines += modules_section(game_obj)
    return "\n".join(lines)

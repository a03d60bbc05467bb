"""``rumizi fantasy-realms``: the Fantasy Realms scorer and the best-hand search.

* ``rumizi fantasy-realms score ID ID …`` scores one hand (the best choices for its ACTION
  cards unless ``--choose`` fixes some) and prints a table of its cards, or the score as JSON
  with ``--json``. A choice is ``CARD=VALUE``: ``mirage=rainstorm``, ``island=swamp``,
  ``angel=knights``, ``book-of-changes=candle:land`` (target and new suit), ``none`` for
  an ability left unused.
* ``rumizi fantasy-realms best-hand`` searches every hand for the highest score (see
  :mod:`rumizi.games.fantasy_realms.besthand`).

Output goes through the rich console of click's context object when a caller provides one
(``obj={"console": ...}``), as for the other commands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from rumizi.cli.arena import cluster_option, open_executor
from rumizi.core.i18n import LANGS, join, number
from rumizi.games.fantasy_realms import CARDS, ITEMS, Score, ScoringError, score_hand
from rumizi.games.fantasy_realms.cards import SUIT_NAMES, card_info
from rumizi.games.fantasy_realms.scoring import CHOICE_KEYS

WORDS = {
    "card": ("کارت", "card"),
    "suit": ("گونه", "suit"),
    "base": ("پایه", "base"),
    "bonus": ("پاداش", "bonus"),
    "penalty": ("جریمه", "penalty"),
    "points": ("امتیاز", "points"),
    "note": ("توضیح", "note"),
    "effect": ("اثر کارت", "effect"),
    "total": ("جمع کل", "total"),
    "items": ("آیتم‌های نفرین‌شده", "Cursed Items"),
    "choices": ("انتخاب‌ها", "choices"),
    "unused": ("استفاده نشد", "not used"),
}


def _w(key: str, lang: str) -> str:
    fa, en = WORDS[key]
    return fa if lang == "fa" else en


def _console(ctx: click.Context) -> Console:
    obj: dict[str, Any] = ctx.ensure_object(dict)
    console = obj.get("console")
    if isinstance(console, Console):
        return console
    return Console(highlight=False, emoji=False)


def card_name(card: str, lang: str) -> str:
    """A card's name in ``lang``."""
    info = CARDS[card]
    return info.fa if lang == "fa" else info.en


def parse_choices(pairs: tuple[str, ...]) -> dict[str, dict[str, str | None]]:
    """``--choose`` options as the scorer's choices; a click error on a malformed one."""
    out: dict[str, dict[str, str | None]] = {}
    for pair in pairs:
        card, sep, value = pair.partition("=")
        if not sep or card not in CHOICE_KEYS:
            raise click.BadParameter(
                f"{pair!r} is not CARD=VALUE for one of {', '.join(CHOICE_KEYS)}",
                param_hint="--choose",
            )
        parts: list[str | None] = [
            None if v in ("", "none", "null") else v for v in value.split(":")
        ]
        keys = CHOICE_KEYS[card]
        if len(parts) == 1 and len(keys) == 2 and parts[0] is None:
            parts = [None, None]
        if len(parts) != len(keys):
            raise click.BadParameter(
                f"{card} takes {':'.join(k.upper() for k in keys)}", param_hint="--choose"
            )
        out[card] = dict(zip(keys, parts, strict=True))
    return out


def _choice_text(card: str, choice: dict[str, str | None], lang: str) -> str:
    values = [v for v in choice.values() if v is not None]
    if not values:
        return f"{card_name(card, lang)}: {_w('unused', lang)}"
    shown = []
    for v in values:
        if v in CARDS:
            shown.append(card_name(v, lang))
        else:
            fa, en = SUIT_NAMES[v]
            shown.append(fa if lang == "fa" else en)
    return f"{card_name(card, lang)}: {' → '.join(shown)}"


def effect_text(card: str, expansion: bool, lang: str) -> str:
    """What ``card`` does, told to players in ``lang`` (the Cursed Hoard text if in use)."""
    return card_info(card, expansion=expansion).effect(lang)


def effects_table(score: Score, lang: str, expansion: bool = False) -> Table:
    """What each card of the hand does, one line per card."""
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column(_w("card", lang), no_wrap=True)
    table.add_column(_w("effect", lang))
    for line in score.cards:
        table.add_row(card_name(line.id, lang), effect_text(line.id, expansion, lang))
    return table


def score_table(score: Score, lang: str) -> Table:
    """The per-card table of one scored hand."""
    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column(_w("card", lang))
    table.add_column(_w("suit", lang))
    for key in ("base", "bonus", "penalty", "points"):
        table.add_column(_w(key, lang), justify="right")
    table.add_column(_w("note", lang))
    for line in score.cards:
        name = card_name(line.id, lang)
        if line.copies is not None:
            name += f" ({card_name(line.copies, lang)})"
        suits = join(
            [SUIT_NAMES[s][0] if lang == "fa" else SUIT_NAMES[s][1] for s in line.suits], lang
        )
        style = "dim strike" if line.blanked else ""
        table.add_row(
            Text(name, style=style),
            suits,
            number(line.base, lang),
            number(line.bonus, lang),
            number(line.penalty, lang),
            Text(number(line.total, lang), style="bold"),
            line.reason_fa if lang == "fa" else line.reason_en,
        )
    for item, points in score.items:
        info = ITEMS[item]
        table.add_row(
            info.fa if lang == "fa" else info.en,
            _w("items", lang),
            "",
            "",
            "",
            number(points, lang),
            "",
        )
    return table


@click.group("fantasy-realms")
def fantasy_realms() -> None:
    """Fantasy Realms (قلمرو افسانه‌ای): score a hand, find the best hand."""


@fantasy_realms.command("score")
@click.argument("cards", nargs=-1, required=True)
@click.option("--discards", multiple=True, help="A card in the discard area (repeat).")
@click.option("--items", multiple=True, help="A used (face-down) Cursed Item (repeat).")
@click.option("--expansion", is_flag=True, help="The Cursed Hoard suits and texts are in use.")
@click.option("--players", default=4, show_default=True, type=int, help="Players at the table.")
@click.option("--choose", multiple=True, help="An ACTION card's choice, CARD=VALUE (repeat).")
@click.option("--json", "as_json", is_flag=True, help="Print the score as JSON.")
@click.option(
    "--lang", type=click.Choice(LANGS), default="en", envvar="RUMIZI_LANG", show_default=True
)
@click.pass_context
def score(
    ctx: click.Context,
    cards: tuple[str, ...],
    discards: tuple[str, ...],
    items: tuple[str, ...],
    expansion: bool,
    players: int,
    choose: tuple[str, ...],
    as_json: bool,
    lang: str,
) -> None:
    """Score a hand of card ids (e.g. mountain great-flood ...)."""
    console = _console(ctx)
    choices = parse_choices(choose)
    try:
        result = score_hand(
            list(cards),
            discards=list(discards),
            expansion=expansion,
            items=list(items),
            players=players,
            choices=choices or None,
        )
    except ValueError as exc:
        message = exc.text(lang) if isinstance(exc, ScoringError) else str(exc)
        console.print(Text(("خطا: " if lang == "fa" else "error: ") + message, style="bold red"))
        raise SystemExit(2) from exc
    if as_json:
        click.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
        return
    console.print(score_table(result, lang))
    console.print(effects_table(result, lang, expansion))
    if result.choices:
        text = join([_choice_text(c, v, lang) for c, v in result.choices.items()], lang)
        console.print(Text(f"{_w('choices', lang)}: {text}"))
    console.print(Text(f"{_w('total', lang)}: {number(result.total, lang)}", style="bold"))


def _branch(
    args: tuple[tuple[int, ...], int, int, bool],
) -> tuple[tuple[int, ...], list[tuple[int, tuple[str, ...]]], int, float]:
    """One piece of the search, a branch or part of one (run in a worker process), with the
    CPU seconds it took (the worker's own time, whatever else the machine runs)."""
    import time

    from rumizi.games.fantasy_realms.besthand import search

    unit, floor, top, expansion = args
    started = time.process_time()
    result = search(first=[unit], floor=floor, top=top, expansion=expansion)
    return unit, result.best, result.nodes, time.process_time() - started


def _checkpoint(path: Path, order: list[str]) -> dict[str, Any]:
    """The saved state of an earlier run, refused with the reason if it cannot be resumed."""
    try:
        state = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise click.UsageError(f"{path} is not a best-hand checkpoint: {error}") from None
    if not isinstance(state, dict) or not isinstance(state.get("bars"), dict):
        raise click.UsageError(f"{path} is not a best-hand checkpoint (no 'bars' in it)")
    for bar, entry in state["bars"].items():
        if not bar.lstrip("-").isdigit() or not isinstance(entry, dict):
            raise click.UsageError(f"{path}: bar {bar!r} is not a bar of pieces")
        if not isinstance(entry.get("branches"), dict):
            raise click.UsageError(f"{path}: bar {bar} has no 'branches'")
    if state.get("order", order) != order:
        raise click.UsageError(
            f"{path} was written by a search that picks cards in another order; its pieces "
            "do not match this one's (give another --out to start afresh)"
        )
    return state


def _searched(state: dict[str, Any], bar: int, top: int) -> dict[str, list[Any]]:
    """The pieces a run at ``bar`` keeping ``top`` hands need not search again, with their
    hands of ``bar`` or more: those searched at that bar, and those searched at a lower bar (a
    pass at a lower bar finds every hand a pass at this one would), if they kept enough
    hands: ``top`` or more, or fewer than they were asked to keep (then every hand they
    found), or one below ``bar`` (then every hand of ``bar`` or more). A bar that does not
    say how many its pieces kept (from before this was recorded) kept one."""
    out: dict[str, list[Any]] = {}
    for key, entry in sorted(state["bars"].items(), key=lambda kv: -int(kv[0])):
        lower = int(key)
        if lower > bar:
            continue
        kept = int(entry.get("top", 1))
        for piece, hands in entry["branches"].items():
            # Its kept hands are its best: all of those of ``bar`` or more if it kept fewer
            # than it could, or if one of them is below ``bar``.
            whole = len(hands) < kept or any(h[0] < bar for h in hands)
            if piece in out or (top > kept and not whole):
                continue
            out[piece] = [h for h in hands if h[0] >= bar]
    return out


def _unit_key(unit: tuple[int, ...]) -> str:
    """A piece's name in the checkpoint: "12" for a branch, "0.5" or "0.1.7" for part of one."""
    return ".".join(str(k) for k in unit)


@fantasy_realms.command("best-hand")
@click.option(
    "--expansion",
    is_flag=True,
    help="With the Cursed Hoard suits: 8 cards of 68, extra cards from Necromancer, Genie and "
    "Leprechaun (an empty discard area, 4 players).",
)
@click.option("--jobs", default=1, show_default=True, type=int, help="Worker processes.")
@cluster_option
@click.option("--top", "top", default=1, show_default=True, type=int, help="Hands to keep.")
@click.option(
    "--floor",
    "floors",
    multiple=True,
    type=int,
    help="Score bars to try, highest first (default 400, 390, 380, ...).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False),
    default=None,
    help="Results and checkpoint (JSON; default fantasy-realms-best.json, or "
    "fantasy-realms-best-expansion.json); an unfinished run resumes from it.",
)
@click.option(
    "--lang", type=click.Choice(LANGS), default="en", envvar="RUMIZI_LANG", show_default=True
)
@click.pass_context
def best_hand(
    ctx: click.Context,
    expansion: bool,
    jobs: int,
    cluster: str | None,
    top: int,
    floors: tuple[int, ...],
    out: str | None,
    lang: str,
) -> None:
    """Find the highest-scoring hands and prove nothing scores more.

    Branch and bound with admissible per-card upper bounds, run against a bar: a pass with
    bar F explores every hand that could score F or more, so it finds the best K of them
    exactly, or proves there are fewer. Bars are tried from the highest down until K hands are
    found. Each finished piece (a first-card branch, or for the cards that bring an extra card a
    second-card branch) is saved to --out, so a stopped run resumes.
    With --cluster the branches run on a Ray cluster (on every CPU of it unless --jobs is given).
    """
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from rumizi.games.fantasy_realms.besthand import search_order, work_units

    console = _console(ctx)
    units = work_units(expansion=expansion)
    order = search_order(expansion=expansion)
    bars = list(floors) or list(range(400, -100, -10))
    path = Path(
        out or ("fantasy-realms-best-expansion.json" if expansion else "fantasy-realms-best.json")
    )
    state: dict[str, Any] = {"bars": {}}
    if path.exists():
        state = _checkpoint(path, order)
    # The pieces are named by positions in the search order: a later run resumes only where
    # the order is the same (a file that does not say, from before this check, is trusted).
    state["order"] = order
    started = time.perf_counter()
    found: list[tuple[int, tuple[str, ...]]] = []
    # One executor for every bar, so a cluster is joined once. --jobs defaults to 1 here, which
    # would hold a cluster to one CPU, so on a cluster only a --jobs given caps it.
    jobs_given = ctx.get_parameter_source("jobs") is not click.core.ParameterSource.DEFAULT
    with open_executor(console, jobs if jobs_given or cluster is None else None, cluster) as pool:
        for bar in bars:
            done: dict[str, Any] = state["bars"].setdefault(str(bar), {"branches": {}, "nodes": 0})
            # How many hands each piece of this bar kept: the fewest while some are as an
            # earlier run left them, this run's once every piece is searched.
            done["top"] = min(int(done.get("top", 1)), top) if done["branches"] else top
            # A piece is done when it, or a larger piece it is part of (a checkpoint written
            # before the pieces were cut finer), was searched, at this bar or a lower one.
            finished = _searched(state, bar, top)
            lower = sum(1 for piece in finished if piece not in done["branches"])
            todo = [
                u
                for u in units
                if not any(_unit_key(u[:k]) in finished for k in range(1, len(u) + 1))
            ]
            with Progress(
                TextColumn(f"bar {bar}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=False,
            ) as progress:
                task = progress.add_task(
                    "branches", total=len(units), completed=len(units) - len(todo)
                )
                work = [(u, bar, top, expansion) for u in todo]
                for unit, best, nodes, seconds in pool.imap_unordered(_branch, work):
                    finished[_unit_key(unit)] = [[s, list(h)] for s, h in best]
                    done["branches"][_unit_key(unit)] = finished[_unit_key(unit)]
                    done["nodes"] += nodes
                    done["cpu_seconds"] = round(done.get("cpu_seconds", 0.0) + seconds, 1)
                    path.write_text(json.dumps(state, ensure_ascii=False), "utf-8")
                    progress.advance(task)
            done["top"] = top
            found = sorted(
                {(s, tuple(h)) for hands in finished.values() for s, h in hands},
                key=lambda x: (-x[0], x[1]),
            )[:top]
            earlier = f"; {lower} piece(s) searched at a lower bar" if lower > 0 else ""
            console.print(
                Text(
                    f"bar {bar}: {len(found)} hand(s) scoring {bar} or more ({done['nodes']} "
                    f"nodes, {done.get('cpu_seconds', 0.0):.0f} CPU s{earlier})"
                )
            )
            if len(found) >= top:
                break
    elapsed = time.perf_counter() - started
    state["result"] = {
        "top": [[s, list(h)] for s, h in found],
        "seconds_this_run": round(elapsed, 1),
    }
    path.write_text(json.dumps(state, ensure_ascii=False, indent=1), "utf-8")
    for score_value, hand in found:
        result = score_hand(list(hand), expansion=expansion)
        console.print(score_table(result, lang))
        console.print(Text(f"{_w('total', lang)}: {number(score_value, lang)}", style="bold"))

"""``rumizi analyse RECORD``: the win chance through a saved game and the moves that cost most.

Every decision of the chosen seat (``--seat N``; all seats by default) is judged from that
seat's own view by :func:`rumizi.analysis.analyse`, with a progress bar while it runs. The
report is a line per seat — its marks and the win chance it gave away on average, with the
curve of its win chance drawn as a sparkline — and a table of the marked moves, each with the
better move found, worded by the game's web add-on in ``--lang``. ``--json`` prints the whole
analysis as JSON instead (``rumizi.analysis.Analysis.from_json`` reads it back).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from rumizi.analysis import DEFAULT_WORLDS, Analysis, Decision, analyse
from rumizi.core.addons import Audience
from rumizi.core.contract import GameState
from rumizi.core.i18n import LANGS, digits, number
from rumizi.core.record import GameRecord

DEFAULT_SECONDS = 2.0  # per decision: a long game is analysed in minutes, not hours

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Analysis of {game} · {worlds} worlds a decision",
        "working": "Analysing",
        "seat": "Player {n}",
        "summary": "{who}: blunders {blunders} · mistakes {mistakes} · inaccuracies "
        "{inaccuracies} · {searched} decisions judged · {loss} given away on average",
        "move": "Move",
        "who": "Player",
        "played": "Played",
        "chance": "Win chance",
        "better": "Better",
        "mark": "Mark",
        "none": "No move was marked: nothing gave away a clear share of the win chance.",
        "inaccuracy": "inaccuracy",
        "mistake": "mistake",
        "blunder": "blunder",
        "bad-file": "Cannot read {path}: {error}",
        "bad-seat": "--seat must be 1 to {last}",
        "winner": "Result: {who} won.",
        "curve": "{who} win chance",
    },
    "fa": {
        "title": "تحلیل {game} · {worlds} جهان برای هر تصمیم",
        "working": "در حال تحلیل",
        "seat": "بازیکن {n}",
        "summary": "{who}: اشتباه فاحش {blunders} · اشتباه {mistakes} · بی‌دقتی "
        "{inaccuracies} · {searched} تصمیم سنجیده شد · به‌طور میانگین {loss} از دست رفت",
        "move": "حرکت",
        "who": "بازیکن",
        "played": "انجام‌شده",
        "chance": "شانس برد",
        "better": "بهتر",
        "mark": "نشان",
        "none": "هیچ حرکتی نشان نخورد: هیچ‌کدام سهم روشنی از شانس برد را از دست نداد.",
        "inaccuracy": "بی‌دقتی",
        "mistake": "اشتباه",
        "blunder": "اشتباه فاحش",
        "bad-file": "خواندن {path} ممکن نیست: {error}",
        "bad-seat": "‏--seat باید از ۱ تا {last} باشد",
        "winner": "نتیجه: {who} برد.",
        "curve": "شانس برد {who}",
    },
}

STYLES = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}
SPARKS = "▁▂▃▄▅▆▇█"


def say(key: str, lang: str, **values: Any) -> str:
    """A sentence of this command in ``lang``, numbers in its digits."""
    shown = {k: number(v, lang) if isinstance(v, int) else v for k, v in values.items()}
    return TEXTS[lang][key].format(**shown)


def percent(chance: float, lang: str) -> str:
    """``0.62`` as ``62%`` (``۶۲٪`` in Persian)."""
    text = f"{round(chance * 100)}"
    return digits(text, lang) + ("٪" if lang == "fa" else "%")


def sparkline(values: list[float]) -> str:
    """Chances in [0, 1] as a line of block characters, at most 60 wide."""
    if len(values) > 60:
        step = len(values) / 60
        values = [values[int(i * step)] for i in range(60)]
    top = len(SPARKS) - 1
    return "".join(SPARKS[min(top, max(0, round(v * top)))] for v in values)


def _labels(record: GameRecord, report: Analysis, lang: str) -> dict[int, tuple[str, str]]:
    """Per marked move: the move played and the better one, worded for its seat."""
    from rumizi.server.plugins import plugin  # the game's words live in its web add-on

    web = plugin(record.game)
    marked = {d.ply: d for d in report.marked()}
    options = dict(record.options)
    found: dict[int, tuple[str, str]] = {}
    state: GameState = record.start()
    options.setdefault("players", state.num_players)
    names = tuple("" for _ in range(state.num_players))
    for ply, action in enumerate(record.actions):
        judged = marked.get(ply)
        if judged is not None and judged.best_action is not None:
            view = state.view(judged.seat)
            audience = Audience(lang, judged.seat, names, options)
            found[ply] = (
                str(web.action_label(view, judged.played, audience)),
                str(web.action_label(view, judged.best_action, audience)),
            )
        state.apply(action)
    return found


def _report(console: Console, record: GameRecord, report: Analysis, lang: str) -> None:
    from rumizi.core.registry import game

    title = game(record.game).names.get(lang, record.game)
    console.print(Text(say("title", lang, game=title, worlds=report.worlds), style="bold"))
    for seat in report.seats:
        mine = [d for d in report.decisions if d.seat == seat]
        searched = [d for d in mine if d.kind == "searched"]
        counts = {m: sum(1 for d in mine if d.mark == m) for m in STYLES}
        loss = sum(d.drop for d in searched) / len(searched) if searched else 0.0
        who = say("seat", lang, n=seat + 1)  # seats counted from one, as on the board
        console.print(
            say(
                "summary",
                lang,
                who=who,
                blunders=counts["blunder"],
                mistakes=counts["mistake"],
                inaccuracies=counts["inaccuracy"],
                searched=len(searched),
                loss=percent(loss, lang),
            )
        )
        curve = [chance for _, chance, _ in report.curve(seat)]
        if curve:
            console.print(Text(f"{say('curve', lang, who=who)}  {sparkline(curve)}", style="cyan"))
    if report.winner is not None:
        console.print(say("winner", lang, who=say("seat", lang, n=report.winner + 1)))
    marked = report.marked()
    if not marked:
        console.print(Text(say("none", lang), style="green"))
        return
    labels = _labels(record, report, lang)
    table = Table(show_header=True, header_style="bold")
    for key in ("move", "who", "played", "chance", "better", "mark"):
        table.add_column(say(key, lang))
    for d in marked:
        table.add_row(*_row(d, labels.get(d.ply, ("", "")), lang))
    console.print(table)


def _row(d: Decision, labels: tuple[str, str], lang: str) -> list[Text | str]:
    assert d.after is not None and d.best is not None and d.mark is not None
    # A sampled chance is never certain: its error reads at least 1% (a move that ended the
    # game at once, alike in every world, is certain and has none).
    chance = percent(d.after.mean, lang)
    if not d.after.exact:
        chance += f" ± {percent(max(0.01, d.after.se), lang)}"
    better = f"{labels[1]} ({percent(d.best.mean, lang)})"
    return [
        number(d.ply + 1, lang),
        say("seat", lang, n=d.seat + 1),
        labels[0],
        chance,
        better,
        Text(say(d.mark, lang), style=STYLES[d.mark]),
    ]


@click.command("analyse")
@click.argument("record_file", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--seat", type=int, default=None, help="Judge only this seat, from 1 (default: every seat)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the whole analysis as JSON.")
@click.option(
    "--worlds",
    type=click.IntRange(min=2),
    default=DEFAULT_WORLDS,
    show_default=True,
    help="Worlds sampled from the seat's view per decision.",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_SECONDS,
    show_default=True,
    help="Most seconds per decision (the numbers then depend on the machine).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sampled worlds.")
@click.option(
    "--lang",
    type=click.Choice(LANGS),
    default="en",
    envvar="RUMIZI_LANG",
    show_default=True,
    help="Language of the report: fa (Persian) or en (English).",
)
@click.pass_context
def analyse_command(
    ctx: click.Context,
    record_file: Path,
    seat: int | None,
    as_json: bool,
    worlds: int,
    seconds: float,
    seed: int,
    lang: str,
) -> None:
    """Judge every decision of a saved game: win chance, marked moves, better moves.

    Each decision is judged from its player's own view (hidden cards are sampled, never
    read), and a move is marked (inaccuracy, mistake, blunder) by the win chance it gave
    away against the best move found.
    """
    obj: dict[str, Any] = ctx.ensure_object(dict)
    console = obj.get("console")
    if not isinstance(console, Console):
        console = Console(highlight=False, emoji=False)
    try:
        record = GameRecord.load(record_file)
    except (OSError, ValueError) as err:
        console.print(Text(say("bad-file", lang, path=record_file, error=err), style="bold red"))
        raise SystemExit(1) from None
    players = record.start().num_players
    if seat is not None and not 1 <= seat <= players:
        console.print(Text(say("bad-seat", lang, last=players), style="bold red"))
        raise SystemExit(2)
    seats = None if seat is None else [seat - 1]  # counted from one, as the report names them
    try:
        with Progress(
            TextColumn(say("working", lang)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=as_json,
        ) as bar:
            task = bar.add_task("analyse", total=None)
            report = analyse(
                record,
                seats,
                worlds=worlds,
                seconds=seconds,
                seed=seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    except ValueError as err:
        console.print(Text(say("bad-file", lang, path=record_file, error=err), style="bold red"))
        raise SystemExit(1) from None
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=1))
        return
    _report(console, record, report, lang)

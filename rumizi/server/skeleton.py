"""The Unicode confusables' skeleton (UTS #39 §4), from data shipped in the package.

Two strings that look alike have the same *skeleton*: ``skeleton(s)`` is
``NFD(map(NFD(s)))``, where ``map`` replaces every character that Unicode's ``confusables.txt``
lists with its prototype (``ɑ`` → ``a``, ``ı`` → ``i``, ``m`` → ``rn``, Persian ``ی`` and
Arabic ``ي`` → ``ى``). A skeleton is a key for comparing, never a name to show: it mixes scripts
and is not even always an identifier.

Why data in the package and not a library: the server keeps each account's key
(:func:`rumizi.server.auth.username_key`) in a unique column, so the mapping must change only
when this project decides (with a migration that recomputes the keys), never because a
dependency was upgraded, and nothing may be downloaded while the server runs. PyPI has no
maintained pure-Python skeleton: PyICU's ``SpoofChecker`` needs ICU's headers and a compiler
(there are no wheels), ``confusables`` (2021) and ``confusable-homoglyphs`` find look-alikes but
compute no skeleton, and ``disarm`` versions its own extended key, which may change between
its releases.

``confusables.json`` beside this module is generated from ``confusables.txt`` with::

    python -m rumizi.server.skeleton confusables.txt

It holds the version and date of the file it came from, its ``map`` (character → prototype),
and ``small_capitals``: the letters Unicode names "… LETTER SMALL CAPITAL X" with the small
letter x each reads as (``ᴍ`` → ``m``). The skeleton does not fold those (UTS #39 maps ``ᴍ`` to
``ʍ``, whose skeleton is not that of ``m``), yet on a seat ``gaᴍer`` reads ``gamer``:
:func:`rumizi.server.auth.username_key` folds them before taking the skeleton.

>>> skeleton("gɑmer") == skeleton("ɡamer") == skeleton("gamer") == "garner"
True
>>> skeleton("mına") == skeleton("mɪna") == skeleton("mina")
True
>>> skeleton("علي") == skeleton("علی")
True
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("confusables.json")

# A line of confusables.txt: "0251 ;\t0061 ;\tMA\t# ( ɑ → a ) …" (source ; prototype ; type).
_LINE = re.compile(r"^([0-9A-F]{4,6})\s*;\s*([0-9A-F]{4,6}(?: [0-9A-F]{4,6})*)\s*;\s*MA\b")
_HEADER = re.compile(r"^#\s*(Version|Date):\s*(.+?)\s*$")


@dataclass(frozen=True)
class Confusables:
    """The shipped data: where it came from and the two mappings (see the module's text)."""

    version: str
    date: str
    map: dict[str, str]
    small_capitals: dict[str, str]


def parse(text: str) -> tuple[dict[str, str], dict[str, str]]:
    """The mapping and the header's ``Version`` and ``Date`` of a ``confusables.txt``.

    >>> mapping, header = parse("# Version: 17.0.0\\n0251 ;\\t0061 ;\\tMA\\t# ( ɑ → a )\\n")
    >>> mapping == {"ɑ": "a"} and header["Version"]
    '17.0.0'
    """
    mapping: dict[str, str] = {}
    header: dict[str, str] = {}
    for line in text.lstrip("\ufeff").splitlines():
        found = _LINE.match(line)
        if found:
            source = chr(int(found[1], 16))
            if source in mapping:
                raise ValueError(f"U+{found[1]} is mapped twice")
            mapping[source] = "".join(chr(int(point, 16)) for point in found[2].split())
        elif header_line := _HEADER.match(line):
            header.setdefault(header_line[1], header_line[2])
    if not mapping or "Version" not in header:
        raise ValueError("not a confusables.txt: no mappings or no '# Version:' line")
    return mapping, header


def small_capitals() -> dict[str, str]:
    """Each letter named "… LETTER SMALL CAPITAL X" (this Python's Unicode data), with the small
    letter of the same name (``ᴍ`` → ``m``; ``ɶ`` has no "small letter oe" and stays out)."""
    found: dict[str, str] = {}
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        name = unicodedata.name(char, "")
        if "LETTER SMALL CAPITAL " not in name or not char.isalpha():
            continue
        try:
            found[char] = unicodedata.lookup(name.replace("LETTER SMALL CAPITAL", "SMALL LETTER"))
        except KeyError:
            continue
    return found


def build(text: str) -> str:
    """``confusables.json``'s text from a ``confusables.txt`` (ASCII, one entry a line)."""
    mapping, header = parse(text)
    data = {
        "source": f"https://www.unicode.org/Public/security/{header['Version']}/confusables.txt",
        "version": header["Version"],
        "date": header.get("Date", ""),
        "map": dict(sorted(mapping.items())),
        "small_capitals": small_capitals(),
    }
    return json.dumps(data, indent=0, ensure_ascii=True) + "\n"


@cache
def data() -> Confusables:
    """The shipped data (read once)."""
    raw = json.loads(DATA.read_text(encoding="ascii"))
    return Confusables(raw["version"], raw["date"], raw["map"], raw["small_capitals"])


def skeleton(text: str) -> str:
    """``text``'s UTS #39 skeleton: NFD, each character to its prototype, NFD again."""
    mapping = data().map
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(mapping.get(char, char) for char in decomposed))


def main(argv: list[str] | None = None) -> None:
    """Regenerate ``confusables.json`` from a ``confusables.txt`` (see the module's text)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("source", type=Path, help="Unicode's confusables.txt")
    parser.add_argument("--output", type=Path, default=DATA)
    args = parser.parse_args(argv)
    args.output.write_text(build(args.source.read_text(encoding="utf-8")), encoding="ascii")


if __name__ == "__main__":
    main()

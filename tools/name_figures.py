"""How well the notes' name check works on the held-out lists, per region and position.

Reads ``tests/data/names/`` (given names per region, sentence templates per position,
clinical sentences with no names; written and frozen before the sources and rules were
chosen: see its README) and prints, for each region, the share of (name, sentence) pairs
that :func:`cfwidget.therapy.settings.name_warning` warns about, where the warning names
that name, in each position (mid-sentence, at a sentence's start, in lower case); then
the false alarms on the clinical sentences. Run from the repository's root::

    python -m tools.name_figures                            # all three sets, the third first
    python -m tools.name_figures tests/data/names/heldout4  # the fourth, written last

A set is a folder holding ``held_out_names.txt``, ``templates.txt`` and
``clinical_sentences.txt`` (and, for the first set only, ``templates_second.txt``); or, for
the third set (written by someone who never saw the package's lists), ``names_by_region.tsv``,
``sentences_with_names.tsv`` (region, position, a sentence holding one of the region's names)
and ``clinical_sentences.txt``.

>>> figures = measure()
>>> sorted(figures.positions)
['lower case', 'mid-sentence', 'sentence start']
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from cfwidget.therapy._names import fold, given_names, wide_names
from cfwidget.therapy.settings import private_words

__all__ = ["DATA", "HELDOUT2", "HELDOUT3", "HELDOUT4", "Figures", "listed_share", "measure"]
__all__ += ["measure_sentences", "read_sections", "warned_about"]

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "names"
HELDOUT2 = DATA / "heldout2"
HELDOUT3 = DATA / "heldout3"
HELDOUT4 = DATA / "heldout4"


def read_sections(path: Path) -> dict[str, list[str]]:
    """A file of ``[section]`` headers and lines (``#`` comments dropped), as a dict."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("  #")[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
        elif current is not None:
            current.append(line)
    return sections


def warned_about(text: str, name: str) -> bool:
    """Whether the check warns about ``text`` and the words it names include ``name``.

    >>> warned_about("Seen with Gurpreet today.", "Gurpreet")
    True
    """
    found = private_words(text)
    return found is not None and found[0] == "a name" and fold(name) in fold(found[1])


@dataclass(frozen=True)
class Figures:
    """Warned pairs per region and position (``warned[region][position] = (hits, pairs)``),
    the names missed per region and position, and the clinical sentences that warned."""

    positions: tuple[str, ...]
    warned: dict[str, dict[str, tuple[int, int]]]
    missed: dict[str, dict[str, list[str]]]
    alarms: list[str]
    sentences: int

    def share(self, region: str, position: str) -> float:
        """The share of pairs warned, from 0 to 1."""
        hits, pairs = self.warned[region][position]
        return hits / pairs

    def overall(self, position: str) -> tuple[int, int]:
        """Warned pairs and all pairs over every region, in one position."""
        hits = sum(self.warned[r][position][0] for r in self.warned)
        return hits, sum(self.warned[r][position][1] for r in self.warned)


def measure(data: Path = DATA, templates_file: str = "templates.txt") -> Figures:
    """Run the check on every held-out name in every template of ``templates_file``, and on
    the clinical sentences."""
    regions = read_sections(data / "held_out_names.txt")
    templates = read_sections(data / templates_file)
    sentences = _lines(data / "clinical_sentences.txt")
    warned: dict[str, dict[str, tuple[int, int]]] = {}
    missed: dict[str, dict[str, list[str]]] = {}
    for region, names in regions.items():
        warned[region], missed[region] = {}, {}
        for position, forms in templates.items():
            hits, lost = 0, []
            for name in names:
                shown = name.lower() if position == "lower case" else name
                ok = [warned_about(form.format(name=shown), name) for form in forms]
                hits += sum(ok)
                if not all(ok):
                    lost.append(f"{name} {sum(ok)}/{len(ok)}")
            warned[region][position] = (hits, len(names) * len(forms))
            missed[region][position] = lost
    alarms = [s for s in sentences if private_words(s) is not None]
    return Figures(tuple(templates), warned, missed, alarms, len(sentences))


def _tsv(path: Path) -> list[list[str]]:
    """The rows of a tab-separated file, its header line left out."""
    return [line.split("\t") for line in _lines(path)[1:]]


def _holds(sentence: str, name: str) -> bool:
    words = {w.strip(".,;:!?()\"'").removesuffix("'s") for w in fold(sentence).split()}
    return fold(name) in words


def measure_sentences(data: Path = HELDOUT3) -> Figures:
    """Run the check on every sentence of ``sentences_with_names.tsv`` (each holds one name of
    its region, found as a whole word in any case) and on the clinical sentences: the third
    set's format. Positions are the file's own: start, middle, lower."""
    regions: dict[str, list[str]] = {}
    for region, name in _tsv(data / "names_by_region.tsv"):
        regions.setdefault(region, []).append(name)
    warned: dict[str, dict[str, tuple[int, int]]] = {r: {} for r in regions}
    missed: dict[str, dict[str, list[str]]] = {r: {} for r in regions}
    positions: list[str] = []
    for region, position, sentence in _tsv(data / "sentences_with_names.tsv"):
        if position not in positions:
            positions.append(position)
        (name,) = [n for n in regions[region] if _holds(sentence, n)]
        hits, pairs = warned[region].get(position, (0, 0))
        ok = warned_about(sentence, name)
        warned[region][position] = (hits + ok, pairs + 1)
        if not ok:
            missed[region].setdefault(position, []).append(f"{name}: {sentence}")
    sentences = _lines(data / "clinical_sentences.txt")
    alarms = [s for s in sentences if private_words(s) is not None]
    return Figures(tuple(positions), warned, missed, alarms, len(sentences))


def _lines(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def _percent(hits: int, pairs: int) -> str:
    return f"{100 * hits / pairs:.0f}% ({hits}/{pairs})"


def _table(figures: Figures) -> None:
    width = max(len(r) for r in figures.warned) + 2
    print("region".ljust(width) + "".join(p.ljust(22) for p in figures.positions))
    for region in figures.warned:
        row = [_percent(*figures.warned[region][p]).ljust(22) for p in figures.positions]
        print(region.ljust(width) + "".join(row))
    total = [_percent(*figures.overall(p)).ljust(22) for p in figures.positions]
    print("all".ljust(width) + "".join(total))


def listed_share(data: Path = DATA) -> dict[str, tuple[int, int]]:
    """Per region, how many held-out names either list holds, and how many there are."""
    names, _ = given_names()
    wide = wide_names()
    found: dict[str, tuple[int, int]] = {}
    if (data / "names_by_region.tsv").exists():
        by_region: dict[str, list[str]] = {}
        for region, name in _tsv(data / "names_by_region.tsv"):
            by_region.setdefault(region, []).append(name)
    else:
        by_region = read_sections(data / "held_out_names.txt")
    for region, listed in by_region.items():
        hits = sum(1 for n in listed if fold(n) in names or fold(n) in wide)
        found[region] = (hits, len(listed))
    return found


def main(argv: list[str]) -> None:
    folders = [Path(arg) for arg in argv if not arg.startswith("-")]
    for data in folders or [HELDOUT4, HELDOUT3, HELDOUT2, DATA]:  # every one seen by now
        _report(data, verbose="-v" in argv)
        print()


def _report(data: Path, *, verbose: bool) -> None:
    if (data / "sentences_with_names.tsv").exists():
        figures = measure_sentences(data)
        print(f"{data}\nwarned: sentences whose warning names the name they hold")
    else:
        figures = measure(data)
        print(
            f"{data}\nwarned: (name, sentence) pairs whose warning names the name (templates.txt)"
        )
    _table(figures)
    print(f"false alarms: {len(figures.alarms)} of {figures.sentences} clinical sentences")
    for sentence in figures.alarms:
        print(f"  {sentence}  -> {private_words(sentence)}")
    runs = [figures]
    if (data / "templates_second.txt").exists():
        print("\nthe same names in templates_second.txt (written before any rule; one bug it")
        print("showed was fixed, nothing else was changed for it)")
        runs.append(measure(data, templates_file="templates_second.txt"))
        _table(runs[-1])
    listed = listed_share(data)
    print("\nheld-out names in a list (given_names.txt or given_names_wide.txt)")
    for region, (hits, count) in listed.items():
        print(f"  {region}: {hits}/{count}")
    if verbose:
        for run in runs:
            for region, by_position in run.missed.items():
                for position, lost in by_position.items():
                    if lost:
                        print(f"missed {region} {position}: {', '.join(lost)}")


if __name__ == "__main__":
    main(sys.argv[1:])

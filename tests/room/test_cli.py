"""The ``cfwidget`` command: rooms made, listed, closed, recorded and erased; plain errors."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path
from typing import Any

import pytest

import cfwidget as cf
from cfwidget.room import RoomError, RoomStore
from cfwidget.room._cli import main
from cfwidget.room._serve import need_server_packages


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def test_a_room_is_made_listed_recorded_closed_and_erased(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "rooms.db")
    code, said = _run(
        capsys, "room", "new", "--store", store, "--title", "Club\x07 4B",
        "--players", "Ann,Bob,bot:tips", "--rules", "double-six", "--seed", "7",
        "--public-url", "https://rooms.example.org/",
    )  # fmt: skip
    assert code == 0
    link = said.splitlines()[-1]
    code, listed = _run(capsys, "room", "list", "--store", store)
    room = listed.split()[0]
    assert link.startswith(f"https://rooms.example.org/r/{room}/host#h.") and len(link) > 80
    assert " open " in listed and listed.rstrip().endswith("Club 4B: Ann, Bob, Tips 3")
    RoomStore(store).claim(room, "server-b", 60)  # as a serving process does
    listed = _run(capsys, "room", "list", "--store", store)[1]
    assert listed.rstrip().endswith("Club 4B: Ann, Bob, Tips 3  (served by server-b)")
    code, record = _run(capsys, "room", "record", "--store", store, room)
    game = cf.Game.from_json(record)
    assert game.names == ("Ann", "Bob", "Tips 3") and game.seed == 7
    assert json.loads(record)["rules"] == cf.Rules.preset("double-six").to_dict()
    assert _run(capsys, "room", "erase", "--store", store, room) == (
        2,
        f"cfwidget: Room {room} is open: close it before erasing it\n",
    )
    assert _run(capsys, "room", "close", "--store", store, room)[0] == 0
    assert " closed " in _run(capsys, "room", "list", "--store", store)[1]
    assert _run(capsys, "room", "erase", "--store", store, room)[0] == 0
    assert _run(capsys, "room", "list", "--store", store)[1] == ""
    code, said = _run(capsys, "room", "record", "--store", store, room)
    assert code == 2 and f"There is no room '{room}'" in said


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "Ann,Bob", "--rules", "nope"], "the presets are: wolf-lake, puremco"),
        (["--players", "Ann,bot:clever"], "the bots are: random, greedy, tips"),
        (["--players", "bot:tips,bot:tips"], "At least one player must be a person"),
        (["--players", "Ann,Bob", "--pace", "fast"], "The pace is 'click' or seconds"),
        (["--players", "Ann,Bob", "--pace", "100"], "The pace is 'click' or seconds"),
        (["--players", "A,B,C,D,E,F,G,H,I"], "A game needs 2 to 8 players, got 9"),
        (["--players", "Ann,,Bob"], "Player 2 has no name"),
    ],
)
def test_wrong_settings_are_refused_in_plain_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, said = _run(capsys, "room", "new", "--store", str(tmp_path / "r.db"), *args)
    assert code == 2 and words in said and "Traceback" not in said


def test_without_the_servers_packages_the_message_names_the_pip_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = builtins.__import__

    def no_uvicorn(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    with pytest.raises(RoomError, match=r"needs uvicorn: pip install 'cfwidget\[room\]'"):
        need_server_packages()


def test_the_console_script_is_the_command() -> None:
    import tomllib

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"cfwidget": "cfwidget.room._cli:run"}
    extras = project["project"]["optional-dependencies"]
    assert set(extras["room"]) <= set(extras["test"]) and set(extras["room"]) <= set(extras["lab"])


def test_a_fresh_process_knows_every_bot_of_the_package(tmp_path: Path) -> None:
    """``cfwidget room new`` in its own process seats the coach and the searching bots, though
    nothing there imported the analysis layer first (they register on its import)."""
    import subprocess
    import sys

    store = str(tmp_path / "r.db")
    command = "import sys; from cfwidget.room._cli import main; sys.exit(main(sys.argv[1:]))"

    def cfwidget(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", command, *args], capture_output=True, text=True, check=False
        )

    players = "Ann, bot:coach, bot:search, bot:deep-search"
    made = cfwidget("room", "new", "--store", store, "--players", players)
    assert made.returncode == 0, made.stdout + made.stderr
    listed = cfwidget("room", "list", "--store", store).stdout
    assert "Chicken Foot: Ann, Coach 2, Search 3, Deep-Search 4" in listed


def test_a_rooms_id_may_start_with_its_machines_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = str(tmp_path / "rooms.db")
    code, said = _run(capsys, "room", "new", "--store", store, "--players", "Ann,Bob",
                      "--prefix", "m2", "--public-url", "https://rooms.example.org")  # fmt: skip
    room = _run(capsys, "room", "list", "--store", store)[1].split()[0]
    assert code == 0 and re.fullmatch(r"m2-[0-9a-f]{8}", room)
    assert f"https://rooms.example.org/r/{room}/host#h." in said
    code, said = _run(capsys, "room", "new", "--store", store, "--players", "Ann,Bob",
                      "--prefix", "M2/x")  # fmt: skip
    assert code == 2 and "1 to 16 small letters and digits" in said
    assert len(_run(capsys, "room", "list", "--store", store)[1].splitlines()) == 1

"""The ``cfwidget`` command: ``cfwidget serve`` and ``cfwidget room new|list|close|record``.

>>> main(["room", "new", "--store", ":memory:", "--players", "Ann"])
cfwidget: A game needs 2 to 8 players, got 1
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ._errors import RoomError

__all__ = ["main"]

DEFAULT_STORE = "cfwidget-rooms.db"
DEFAULT_PORT = 8765


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cfwidget", description="Chicken Foot rooms: play across devices."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="start the room server (resumes every open room)")
    serve.add_argument("--store", default=DEFAULT_STORE, help="the rooms' SQLite file")
    serve.add_argument("--host", default="0.0.0.0", help="the address to listen on")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument(
        "--public-url", help="the address devices use (for links), e.g. behind HTTPS"
    )
    serve.add_argument(
        "--sync",
        choices=["normal", "full"],
        default="normal",
        help="full: wait for the disk at every move (nothing lost even in a power cut)",
    )
    serve.add_argument(
        "--name",
        help="this process's name among several serving one store (default: machine:port)",
    )
    serve.add_argument(
        "--lease",
        type=float,
        help="seconds a dead process's rooms stay held before another may serve them (15)",
    )
    room = commands.add_parser("room", help="make, list, close rooms, or print a game's record")
    actions = room.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="make a game room and print its host link once")
    new.add_argument("--store", default=DEFAULT_STORE)
    new.add_argument("--title", default="Chicken Foot")
    new.add_argument("--players", required=True, help='e.g. "Ann,Bob,bot:tips,bot:tips"')
    new.add_argument("--rules", help="a preset's name (default: the standard rules)")
    new.add_argument("--seed", type=int)
    new.add_argument("--pace", default="1", help="seconds between bot moves, or click")
    new.add_argument("--port", type=int, default=DEFAULT_PORT, help="the server's port")
    new.add_argument("--public-url", help="the server's address for the link")
    new.add_argument(
        "--prefix",
        default="",
        help="starts the room's id: the name of the machine whose store holds it, by which "
        "a proxy in front of several machines routes it",
    )
    for name, text in (("list", "list the rooms"), ("close", "close a room: its links die")):
        sub = actions.add_parser(name, help=text)
        sub.add_argument("--store", default=DEFAULT_STORE)
        if name == "close":
            sub.add_argument("room")
    record = actions.add_parser("record", help="print a room's game record (JSON)")
    record.add_argument("--store", default=DEFAULT_STORE)
    record.add_argument("room")
    erase = actions.add_parser("erase", help="remove a closed room and all its events for good")
    erase.add_argument("--store", default=DEFAULT_STORE)
    erase.add_argument("room")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 when it worked, 2 after a plain-language error."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "serve":
            from ._serve import serve

            serve(
                args.store,
                host=args.host,
                port=args.port,
                public_url=args.public_url,
                sync=args.sync,
                name=args.name,
                lease=args.lease,
            )
            return 0
        return _room(args)
    except RoomError as exc:
        print(f"cfwidget: {exc}")
        return 2


def _room(args: argparse.Namespace) -> int:
    from ._authority import Authority
    from ._rooms import create_room, room_path
    from ._serve import base_url
    from ._settings import room_settings
    from ._store import RoomStore

    if args.action == "new":
        pace: object = args.pace if args.pace == "click" else _number(args.pace)
        settings = room_settings(args.players, rules=args.rules, seed=args.seed, pace=pace)
        store = RoomStore(args.store)
        room, host = create_room(store, args.title, settings, prefix=args.prefix)
        url = base_url("0.0.0.0", args.port, args.public_url)
        print(f"Room {room} is ready. The host's link (keep it; it is shown only once):")
        print(f"{room_path(url, room)}/host#{host}")
        return 0
    store = RoomStore(args.store)
    if args.action == "list":
        held = store.holders()
        for info in store.rooms():
            names = ", ".join(seat["name"] for seat in info.settings["seats"])
            state = "open" if info.open else "closed"
            holder, alive = held.get(info.id, ("", False))
            where = f"  (served by {holder})" if info.open and alive else ""
            print(f"{info.id}  {state:6}  {info.created[:16]}  {info.title}: {names}{where}")
        return 0
    if args.action == "close":
        store.close(args.room)
        print(f"Room {args.room} is closed: its links open nothing any more.")
        return 0
    if args.action == "erase":
        store.erase(args.room)
        print(f"Room {args.room} and everything written about it are erased.")
        return 0
    store.room(args.room)
    print(Authority.resume(store, args.room).record())
    return 0


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise RoomError(f"The pace is 'click' or seconds from 0.2 to 60, got {text!r}") from None


def run() -> None:
    """The console script's entry point."""
    sys.exit(main())

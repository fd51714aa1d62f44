"""What a device's page would send to move a game on, read from its seat's view only."""

from __future__ import annotations

from typing import Any


def intent_for(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """On this seat's turn its first playable tile (else draw, else pass); else Next."""
    content: dict[str, Any] = {"kind": "next", "version": view["version"], "seat": seat}
    targets = [t["move"] for tile in view["hand"] for t in tile["targets"]]
    if view["waiting"] == "you":
        if targets:
            content.update(kind="play", move=targets[0])
        else:
            content["kind"] = "draw" if view["can_draw"] else "pass"
    return content

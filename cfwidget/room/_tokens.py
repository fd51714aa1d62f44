"""Capability tokens: the secret part of every link to a room.

A room's host token is 256 random bits with the role prefix ``h.``; each seat's token
(``s.``) and the table's (``t.``) are derived from it by HMAC-SHA256, so the server never
needs to keep a raw token: the store holds only SHA-256 hashes (:func:`token_hash`), and the
host page, joined with the host token, derives the other links again.

>>> host = new_host_token()
>>> host.startswith("h."), len(host) > 40
(True, True)
>>> seat_token(host, 2) == seat_token(host, 2) != seat_token(host, 3)
True
>>> role_of(table_token(host)), role_of("x.nothing")
('table', None)
>>> same_hash(token_hash(host), token_hash(host))
True
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Literal

__all__ = [
    "Role",
    "new_host_token",
    "role_of",
    "same_hash",
    "seat_token",
    "table_token",
    "token_hash",
]

Role = Literal["host", "seat", "table"]
_PREFIX: dict[str, Role] = {"h.": "host", "s.": "seat", "t.": "table"}
#: The longest token text read (a real one is 45 characters).
MAX_TOKEN = 100


def new_host_token() -> str:
    """A fresh host token: ``h.`` and 32 random bytes in URL-safe base64."""
    return "h." + secrets.token_urlsafe(32)


def _derived(host: str, what: str) -> str:
    digest = hmac.new(host.encode(), what.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def seat_token(host: str, seat: int) -> str:
    """The token of seat ``seat`` (from 0) of the room whose host token is ``host``."""
    return "s." + _derived(host, f"seat:{seat}")


def table_token(host: str) -> str:
    """The token of the room's table (projector) view."""
    return "t." + _derived(host, "table")


def role_of(token: object) -> Role | None:
    """The role a token's prefix names, or ``None`` for anything that is not a token."""
    if not isinstance(token, str) or not 3 <= len(token) <= MAX_TOKEN:
        return None
    return _PREFIX.get(token[:2])


def token_hash(token: str) -> str:
    """The SHA-256 of a token, in hex: all the store keeps of it."""
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    """Compare two hashes in constant time."""
    return hmac.compare_digest(a.encode(), b.encode())

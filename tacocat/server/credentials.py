"""The server's random names and secrets: game ids, invite codes, seat tokens, seeds.

Everything comes from :mod:`secrets` (the system's CSPRNG). A seat token is shown to its
owner once and stored only as its SHA-256 (:func:`token_hash`); :func:`same_token`
compares in constant time. Invite codes use Crockford's base-32 alphabet, which has no
I, L, O or U, and are read forgivingly (docs/protocol.md, "Rooms").
"""

from __future__ import annotations

import hashlib
import hmac
import secrets as system

#: Crockford's base-32 alphabet: digits and capitals without I, L, O, U.
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
INVITE_LENGTH = 10  # 50 bits
_READ_AS = str.maketrans({"I": "1", "L": "1", "O": "0"})
_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def new_game_id() -> str:
    """A public game id: ``g_`` and 16 letters or digits (95 bits)."""
    return "g_" + "".join(system.choice(_ID_ALPHABET) for _ in range(16))


def new_invite() -> str:
    """A fresh invite code, 10 characters (normalised form, no dash)."""
    return "".join(system.choice(CROCKFORD) for _ in range(INVITE_LENGTH))


def show_invite(code: str) -> str:
    """``7KX4MQ2ZHD`` -> ``7KX4M-Q2ZHD``, as players read it."""
    return f"{code[:5]}-{code[5:]}"


def normalise_invite(typed: str) -> str | None:
    """What a player typed, as the stored form: case, dashes and spaces ignored, I and L
    read as 1 and O as 0; None when it cannot be a code."""
    code = typed.upper().replace("-", "").replace(" ", "").translate(_READ_AS)
    if len(code) != INVITE_LENGTH or any(ch not in CROCKFORD for ch in code):
        return None
    return code


def new_token() -> str:
    """A seat's secret: 256 random bits, 43 base64url characters."""
    return system.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the server stores of a token (hex SHA-256)."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from, in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def new_seed() -> int:
    """A game's shuffling seed (63 bits): it decides every deal, so it never leaves the
    server before the game is over."""
    return system.randbits(63)

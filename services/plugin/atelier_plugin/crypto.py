"""Secrets at rest and signed OAuth states, both keyed by ATELIER_SECRET_KEY.

Two keys are derived from the setting with HKDF-SHA256 (distinct `info`), so the encryption key
never doubles as a MAC key. Stored secrets are AES-256-GCM with a random nonce; the associated
data names the row a ciphertext belongs to (`plugin:7`, `token:7:alice`), so a ciphertext copied
into another row does not decrypt there.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

KEY_SETTING = "ATELIER_SECRET_KEY"
_VERSION = b"\x01"  # leading byte of every ciphertext: the format, should it ever change
_NONCE_BYTES = 12


class SecretKeyMissing(RuntimeError):
    """The service cannot store or read credentials without ATELIER_SECRET_KEY."""


class SecretUnreadable(Exception):
    """A stored secret does not decrypt with this key (another key, or another row's ciphertext)."""


def _derive(secret: str, purpose: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"atelier-plugin " + purpose).derive(
        secret.encode())


class Keyring:
    """The derived keys of one secret key."""

    def __init__(self, secret: str) -> None:
        if not secret:
            raise SecretKeyMissing(f"{KEY_SETTING} is not set: the plugin service encrypts stored credentials "
                                   f"with it (set a long random value; `make dev` generates one)")
        self._aead = AESGCM(_derive(secret, b"secrets"))
        self._mac_key = _derive(secret, b"oauth-state")

    # ---------------------------------------------------------------- secrets at rest

    def seal(self, values: dict[str, Any], row: str) -> bytes:
        """`values` (JSON-able) encrypted for `row`."""
        nonce = os.urandom(_NONCE_BYTES)
        plain = json.dumps(values, separators=(",", ":"), sort_keys=True).encode()
        return _VERSION + nonce + self._aead.encrypt(nonce, plain, row.encode())

    def open(self, sealed: bytes | None, row: str) -> dict[str, Any]:
        """The values sealed for `row`; {} for nothing stored."""
        if not sealed:
            return {}
        if sealed[:1] != _VERSION or len(sealed) < 1 + _NONCE_BYTES + 16:
            raise SecretUnreadable(f"the stored secret of {row} is not in a known format")
        nonce, body = sealed[1:1 + _NONCE_BYTES], sealed[1 + _NONCE_BYTES:]
        try:
            plain = self._aead.decrypt(nonce, body, row.encode())
        except InvalidTag:
            raise SecretUnreadable(f"the stored secret of {row} does not decrypt with {KEY_SETTING} "
                                   "(was the key changed?)") from None
        return json.loads(plain)

    # ---------------------------------------------------------------- signed tokens

    def sign(self, payload: dict[str, Any]) -> str:
        """`payload` as URL-safe text with an HMAC-SHA256 signature."""
        body = _b64(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode())
        return f"{body}.{_b64(self._mac(body))}"

    def verify(self, token: str) -> dict[str, Any] | None:
        """The payload of a token this keyring signed; None for anything else."""
        body, dot, mac = token.partition(".")
        if not dot:
            return None
        try:
            given = _unb64(mac)
            if not hmac.compare_digest(given, self._mac(body)):
                return None
            payload = json.loads(_unb64(body))
        except (ValueError, json.JSONDecodeError):
            return None
        return payload if isinstance(payload, dict) else None

    def _mac(self, body: str) -> bytes:
        return hmac.new(self._mac_key, body.encode(), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

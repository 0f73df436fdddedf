"""Signed, expiring URLs for objects of local storage, served by the gateway.

A service that hands out a file URL (dataset icons, image slices, uploaded files) signs the object
key and an expiry time with ATELIER_URL_SIGNING_KEY; the gateway serves `GET <PATH_PREFIX><key>`
to anyone holding a URL whose signature matches and whose time has not run out, without a bearer
token (a browser's <img> sends none). Both sides use this module, so they cannot disagree about
the format: `<public base URL>/storage/<key>?expires=<unix s>&signature=<base64url HMAC-SHA256>`
over `<key>\n<expires>`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from urllib.parse import quote, urlencode

from atelier_common.errors import Internal, PermissionDenied

PATH_PREFIX = "/storage/"  # the gateway path signed URLs point at
KEY_SETTING = "ATELIER_URL_SIGNING_KEY"


class SigningKeyMissing(Internal):
    default_msg = (
        f"{KEY_SETTING} is not set: local storage cannot give out file URLs "
        "(set it to the same random secret in every service and the gateway)"
    )


class BadSignature(PermissionDenied):
    default_msg = "invalid or tampered file URL"


class UrlExpired(PermissionDenied):
    default_msg = "this file URL has expired"


def _signature(secret: bytes, key: str, expires: int) -> str:
    mac = hmac.new(secret, f"{key}\n{expires}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()


@dataclass(frozen=True)
class UrlSigner:
    secret: str
    base_url: str  # the gateway as clients reach it (settings.public_base_url())

    def __post_init__(self) -> None:
        if not self.secret:
            raise SigningKeyMissing()

    def url(self, key: str, expires_s: int, *, now: float | None = None) -> str:
        expires = int(time.time() if now is None else now) + max(1, int(expires_s))
        query = urlencode({"expires": expires, "signature": _signature(self.secret.encode(), key, expires)})
        return f"{self.base_url.rstrip('/')}{PATH_PREFIX}{quote(key, safe='/')}?{query}"

    def verify(self, key: str, expires: str | None, signature: str | None, *, now: float | None = None) -> int:
        """Seconds the URL stays valid; BadSignature when it was not signed by us for this key and
        time, UrlExpired once its time has passed."""
        if not expires or not signature or not expires.isdigit():
            raise BadSignature("file URL without a valid expires/signature")
        expected = _signature(self.secret.encode(), key, int(expires))
        if not hmac.compare_digest(expected, signature):
            raise BadSignature()
        left = int(expires) - int(time.time() if now is None else now)
        if left <= 0:
            raise UrlExpired()
        return left

"""First-start bootstrap and the `create-token` CLI: an admin user, personal space and a token."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from atelier_gateway.auth.authenticator import issue_token
from atelier_gateway.auth.store import AuthStore

log = logging.getLogger("atelier.gateway.bootstrap")

ADMIN_USER = "admin"


async def create_user_token(store: AuthStore, user: str, token_name: str = "cli") -> str:
    """Ensure `user` exists (with a personal space) and return a new token for it."""
    user_id, _ = await store.ensure_user(user)
    token, _ = await issue_token(store, user_id, token_name)
    return token


async def bootstrap_token_file(store: AuthStore, path: str | os.PathLike[str]) -> bool:
    """If `path` does not exist, create the admin user + token and write the token there (0600).

    Returns True when a token was written. An existing file is left alone, so restarts keep the
    token a user already copied.
    """
    target = Path(path)
    if target.exists():
        return False
    token = await create_user_token(store, ADMIN_USER, "bootstrap")
    target.parent.mkdir(parents=True, exist_ok=True)
    # O_EXCL: two gateways starting together must not both write; 0600: the token is a secret.
    try:
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False
    with os.fdopen(fd, "w") as fh:
        fh.write(token + "\n")
    log.info("bootstrap token written", extra={"path": str(target)})
    return True

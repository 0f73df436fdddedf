"""The gateway's SQL lives in atelier_gateway.auth.store; re-exported for the usual service shape."""

from atelier_gateway.auth.store import AuthStore, TokenRow

__all__ = ["AuthStore", "TokenRow"]

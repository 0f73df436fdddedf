"""SQL access to the plugin schema. Functions take an asyncpg connection or pool (`Conn`) so callers
decide the transaction, and return the typed values of `atelier_plugin.entities`; nothing here
decides business rules."""

from __future__ import annotations

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool
UniqueViolation = asyncpg.UniqueViolationError

"""SQL access to the workflow schema. Functions take an asyncpg connection or pool (`Conn`) so
callers decide the transaction, and return the typed values of `domain.entities`; nothing here
decides business rules."""

from __future__ import annotations

import asyncpg

Conn = asyncpg.Connection | asyncpg.Pool
UniqueViolation = asyncpg.UniqueViolationError

"""SQL access to the knowledge schema. Functions take an asyncpg connection or pool (`Conn`) so
callers decide the transaction; nothing here decides business rules."""

"""The agent schema's rows, read and written as the entities of domain.entities; plain asyncpg, no business rules."""

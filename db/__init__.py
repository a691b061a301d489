"""Persistence: SQLModel tables, Alembic migrations and repository functions (issue 5)."""

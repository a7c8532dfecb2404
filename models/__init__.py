"""The SQLite store: SQLModel tables and the repository behind companion.services."""

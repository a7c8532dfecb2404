"""This host's own settings on SQLite (`uow.host_settings`): text by key, one
row each. What a value may be is companion.host_settings'."""
from __future__ import annotations

from sqlmodel import Session

from .tables import HostSettingRow


class SqlHostSettings:
    def __init__(self, session: Session):
        self.session = session

    def get(self, key: str) -> str | None:
        row = self.session.get(HostSettingRow, key)
        return row.value if row is not None else None

    def put(self, key: str, value: str | None) -> None:
        row = self.session.get(HostSettingRow, key)
        if value is None:
            if row is not None:
                self.session.delete(row)
        elif row is None:
            self.session.add(HostSettingRow(key=key, value=value))
        else:
            row.value = value
        self.session.flush()

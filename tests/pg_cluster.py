"""A throwaway PostgreSQL server for the tests: a real one, started by the test session.

`Cluster.start()` runs Debian's `initdb` and `pg_ctl` (PostgreSQL's own
binaries: `pg_config --bindir`, else /usr/lib/postgresql/*/bin) on a new
folder in the temporary directory, listening on a Unix socket in that folder
only (no TCP port to collide with anything), and `stop()` stops it and
removes the folder. PostgreSQL refuses to run as root, so as root it runs as
`nobody` (through `runuser`), owning its folder. Each test gets a database of
its own (`new_database`), dropped after it.

The cluster runs with `fsync=off`: a test never outlives a power cut, and
creating a database per test is then quick. Anything that keeps it from
starting raises ClusterFailed with PostgreSQL's own words: the tests on
PostgreSQL fail, they are never skipped.
"""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

USER = "xyscore"  # the cluster's superuser (initdb -U): the tests connect as this role


class ClusterFailed(RuntimeError):
    """The test PostgreSQL server could not be set up or started."""


def bin_dir() -> Path:
    """Where PostgreSQL's server programs are: `pg_config --bindir`, else Debian's folder."""
    candidates = []
    if shutil.which("pg_config"):
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if found.returncode == 0:
            candidates.append(Path(found.stdout.strip()))
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise ClusterFailed("PostgreSQL's server programs (initdb, pg_ctl) are not installed: "
                        "`apt-get install postgresql` (.ci/run does it)")


class Cluster:
    def __init__(self):
        self.bin = bin_dir()
        self.root = Path(tempfile.mkdtemp(prefix="xyscore-pg-"))
        self.data = self.root / "data"
        self.socket = self.root  # the Unix socket's folder
        self._as = []  # the command prefix that runs a program as the cluster's owner
        self._names = itertools.count(1)
        self._admin = None
        self._template = False

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as, *command], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise ClusterFailed(f"{' '.join(command)} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> "Cluster":
        if os.geteuid() == 0:  # initdb and postgres refuse root: run them as nobody
            owner = pwd.getpwnam("nobody")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "nobody", "--"]
        os.chmod(self.root, 0o700)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--locale=C.UTF-8", "--no-sync")
        self._up()
        return self

    def _up(self) -> None:
        import psycopg

        options = f"-k {self.socket} -c listen_addresses='' -c fsync=off -c full_page_writes=off"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "log"), "-o", options,
                  "-w", "-t", "60", "start")
        self._admin = psycopg.connect(host=str(self.socket), user=USER, dbname="postgres", autocommit=True)

    def url(self, database: str) -> str:
        """The `--db` URL of `database` on this server."""
        return f"postgresql://{USER}@/{database}?host={self.socket}"

    def new_database(self, *, empty: bool = False) -> str:
        """A new database, its schema made by XY Score's migrations (once for
        the session: a copy of a template database they made) or `empty`; its name."""
        name = f"xyscore_test_{next(self._names)}"
        if empty:
            self._admin.execute(f"CREATE DATABASE {name}")
            return name
        if not self._template:
            from models.store import open_store

            self._admin.execute("CREATE DATABASE xyscore_template")
            open_store(self.url("xyscore_template")).close()  # the migrations, on PostgreSQL
            self._template = True
        self._admin.execute(f"CREATE DATABASE {name} TEMPLATE xyscore_template")
        return name

    def drop(self, name: str) -> None:
        self._admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def pg_ctl(self, action: str) -> None:
        """`pg_ctl stop` (fast) or `start` the server, as a test that takes it down and back up."""
        if action == "stop":
            if self._admin is not None:
                self._admin.close()
                self._admin = None
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        else:
            self._up()

    def stop(self) -> None:
        try:
            if self._admin is not None:
                self._admin.close()
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

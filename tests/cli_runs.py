"""The command line as the tests of the commands run it: in this process, or as its own.

`xyscore(...)` runs `views.cli.main` (the `xyscore` entry point) in this
process, and `companion(...)` runs `companion.cli.main` (`python -m
companion`): what a player sees, exit status, standard output and standard
error, without starting Python and importing the store for every command.
Each run stands alone, as a process would: standard input, output and error,
the environment (XYSCORE_DB unset unless given) and the warnings filters are
set for the run and put back after it, a warning goes to standard error as
Python prints it, and a file the command leaves open fails the test (a
process would have closed it on exit; in this one it would hold a lock or a
mount for the next test).

`as_process(...)` runs the real entry point, `python -m MODULE ...`: one test
per command does, for what only a process shows (the interpreter's own
standard streams, its exit status, its environment).
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parents[1]
DB_ENV_VAR = "XYSCORE_DB"


@dataclass(frozen=True)
class Ran:
    """What a run of a command gave, named as subprocess.CompletedProcess names it."""
    returncode: int
    stdout: str
    stderr: str


def xyscore(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Ran:
    """`xyscore ARGS` in this process."""
    from views import cli

    return in_process(cli.main, args, stdin=stdin, env=env)


def companion(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Ran:
    """`python -m companion ARGS` in this process."""
    from companion import cli

    return in_process(cli.main, args, stdin=stdin, env=env)


def as_process(module: str, *args: str, stdin: str | None = None, env: dict[str, str] | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess:
    """`python -m MODULE ARGS` as its own process, from the project's folder, XYSCORE_DB unset unless given."""
    environment = {k: v for k, v in os.environ.items() if k != DB_ENV_VAR} | (env or {})
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=environment, timeout=timeout)


def in_process(main: Callable[[Sequence[str]], int], args: Sequence[str], *, stdin: str | None = None,
               env: dict[str, str] | None = None) -> Ran:
    """`main(args)` with its own standard streams and environment, as a process would run it."""
    out, err = io.BytesIO(), io.BytesIO()
    streams = sys.stdin, sys.stdout, sys.stderr
    changed = {DB_ENV_VAR, *(env or {})}
    kept = {name: os.environ.get(name) for name in changed}
    opened = _open_files()
    sys.stdin = io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    os.environ.pop(DB_ENV_VAR, None)
    os.environ.update(env or {})
    try:
        with warnings.catch_warnings(record=True) as caught:
            _pythons_own_warning_filters()
            try:
                status = main(list(args))
            except SystemExit as exit:  # argparse's usage errors and --help
                status = _exit_status(exit)
        for warning in caught:  # where a process prints them
            sys.stderr.write(warnings.formatwarning(warning.message, warning.category, warning.filename,
                                                    warning.lineno, warning.line))
        sys.stdout.flush()
        sys.stderr.flush()
        said = Ran(status, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))
    finally:
        sys.stdin, sys.stdout, sys.stderr = streams
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    left_open = _open_files() - opened
    assert not left_open, f"`{' '.join(args)}` left files open: {sorted(path for _, path in left_open)}"
    return said


def _exit_status(exit: SystemExit) -> int:
    """The status Python exits with for this SystemExit (a message goes to standard error, status 1)."""
    if exit.code is None:
        return 0
    if isinstance(exit.code, int):
        return exit.code
    print(exit.code, file=sys.stderr)
    return 1


def _pythons_own_warning_filters() -> None:
    """The filters a process started without -W has: what it would print is printed, and only that."""
    warnings.resetwarnings()
    warnings.simplefilter("default")
    for quiet in (DeprecationWarning, PendingDeprecationWarning, ImportWarning, ResourceWarning):
        warnings.filterwarnings("ignore", category=quiet)
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")


def _open_files() -> set[tuple[str, str]]:
    """This process's open files on disk, as (descriptor, path)."""
    found: set[tuple[str, str]] = set()
    if not os.path.isdir("/proc/self/fd"):  # not Linux: nothing to compare
        return found
    for fd in os.listdir("/proc/self/fd"):
        try:
            path = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:  # the listing's own descriptor, closed by now
            continue
        if path.startswith("/") and not path.startswith(("/dev/", "/proc/")):
            found.add((fd, path))
    return found

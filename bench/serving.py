"""Waiting for a server the benchmarks started in a process of their own."""
from __future__ import annotations

import socket
import subprocess
import time


def until_listening(server: subprocess.Popen, port: int, seconds: float) -> subprocess.Popen:
    """`server` once it accepts connections on 127.0.0.1:`port`; raises if it
    stops first (with the end of what it printed) or is not up in `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            printed = server.stderr or server.stdout
            raise RuntimeError(f"the server stopped: {printed.read()[-2000:] if printed else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise RuntimeError("the server did not start")

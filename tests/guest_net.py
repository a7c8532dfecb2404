"""A second address on this machine: a network namespace joined to ours by a
veth pair, so a test can be a guest on the "Wi-Fi" for real, with its own
address as the server's socket sees it, not a loopback client pretending.

    with guest_network() as net:
        serve on net.host_ip; net.run([python, script, url]) runs it from net.guest_ip

It needs root and `ip` (iproute2). Both are there in CI, which runs as root:
there the test fails rather than skips when the namespace cannot be made.
The addresses are link-local (169.254.x.y/30): they exist only on the veth
pair this makes, and nothing leaves the machine.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from dataclasses import dataclass

import pytest


@dataclass(frozen=True)
class GuestNet:
    namespace: str
    host_ip: str
    guest_ip: str

    def run(self, argv: list[str], *, timeout: float = 120, cwd: str | None = None) -> subprocess.CompletedProcess:
        """Run `argv` inside the guest namespace (its only way out is the veth to `host_ip`)."""
        return subprocess.run(["ip", "netns", "exec", self.namespace, *argv], capture_output=True, text=True,
                              timeout=timeout, cwd=cwd)


    def start(self, argv: list[str], *, cwd: str | None = None) -> subprocess.Popen:
        """Start `argv` inside the guest namespace, talking to it by lines on its standard input and output."""
        return subprocess.Popen(["ip", "netns", "exec", self.namespace, *argv], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=20)


def unavailable() -> str | None:
    """Why a namespace can't be made here, or None."""
    if os.geteuid() != 0:
        return "making a network namespace needs root"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is missing"
    return None


@contextlib.contextmanager
def guest_network():
    reason = unavailable()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the guest-network test cannot run in CI: {reason}", pytrace=False)
        pytest.skip(reason)
    tag = os.getpid() % 250 + 1  # one namespace per test process; a /30 each
    namespace, host_end, guest_end = f"xyguest{tag}", f"xyh{tag}", f"xyg{tag}"
    host_ip, guest_ip = f"169.254.{tag}.1", f"169.254.{tag}.2"
    subprocess.run(["ip", "link", "del", host_end], capture_output=True)  # left by a killed run
    subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
    try:
        _ip("netns", "add", namespace)
        _ip("link", "add", host_end, "type", "veth", "peer", "name", guest_end)
        _ip("link", "set", guest_end, "netns", namespace)
        _ip("addr", "add", f"{host_ip}/30", "dev", host_end)
        _ip("link", "set", host_end, "up")
        _ip("netns", "exec", namespace, "ip", "addr", "add", f"{guest_ip}/30", "dev", guest_end)
        _ip("netns", "exec", namespace, "ip", "link", "set", guest_end, "up")
        _ip("netns", "exec", namespace, "ip", "link", "set", "lo", "up")
    except subprocess.CalledProcessError as error:
        subprocess.run(["ip", "link", "del", host_end], capture_output=True)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True)
        if os.environ.get("CI"):
            pytest.fail(f"could not make the guest network: {error.stderr.strip()}", pytrace=False)
        pytest.skip(f"could not make the guest network: {error.stderr.strip()}")
    try:
        yield GuestNet(namespace, host_ip, guest_ip)
    finally:
        subprocess.run(["ip", "link", "del", host_end], capture_output=True)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True)

"""Process trees read from Linux's /proc, for the tests that kill a supervisor with
SIGKILL and look for what it left: its children (by parent pid), whether a process is
still alive (a zombie is not), and a command started in a session of its own so the
test can always end everything it started (the process group)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of `pid`, None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (command) "
    return fields[0], int(fields[1])


def alive(pid: int) -> bool:
    """Running or sleeping: not gone, not a zombie waiting to be reaped."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def children(pid: int) -> list[int]:
    """The live processes whose parent is `pid`."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[1] == pid and alive(int(entry.name)):
                found.append(int(entry.name))
    return sorted(found)


def command_line(pid: int) -> str:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except (FileNotFoundError, ProcessLookupError):
        return ""


def in_group(pgid: int) -> list[int]:
    """The live processes of process group `pgid`."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    found.append(int(entry.name))
            except ProcessLookupError:
                pass
    return sorted(found)


def wait_for(check: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.1)
    return check()


def listening(port: int) -> bool:
    """Whether anything accepts connections on 127.0.0.1:`port`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def stop_group(proc: subprocess.Popen, grace: float = 15) -> None:
    """End a command started with `start_new_session=True` and everything it started:
    SIGTERM to it (its own shutdown stops its children), then, after `grace` seconds or
    once it has ended, SIGKILL to whatever is left of its process group (a child that
    outlived it, such as Celery's embedded beat, re-parented to pid 1 otherwise)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait(10)


class Session:
    """A command started in a new session (its pid is its process group's id), logging
    to `log`; `end()` sends SIGKILL to whatever is left of the group."""

    def __init__(self, command: list[str], log: Path, cwd: Path, env: dict[str, str]) -> None:
        self.log = log
        with log.open("ab") as out:
            self.proc = subprocess.Popen(command, cwd=cwd, env=env, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        self.pid = self.proc.pid

    def end(self) -> None:
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.proc.poll() is None:
            self.proc.wait(10)

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

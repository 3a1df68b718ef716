"""Announcements without Redis (the embedded default; events/live/broadcast.py): in this
process, and relayed to the other processes on this machine that use the same database
through a datagram socket per listening process, in a folder named after the database."""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import secrets
import socket
import tempfile
import threading
from pathlib import Path

from .hub import Hub

log = logging.getLogger(__name__)


class LocalTransport:
    """No Redis: deliver in this process, and relay to the other processes that use the
    same database on this machine through datagram sockets (POSIX only)."""

    def __init__(self, hub: Hub, folder: Path | None = None) -> None:
        self.hub = hub
        self._folder = folder
        self._lock = threading.Lock()
        self._receiver: socket.socket | None = None
        self._path: str | None = None
        self._sender: socket.socket | None = None

    def folder(self) -> Path:
        """One folder per database: the processes that share it hear each other."""
        if self._folder is not None:
            return self._folder
        from django.db import connections

        db = connections["default"].settings_dict
        key = "|".join(str(db.get(k) or "") for k in ("ENGINE", "HOST", "PORT", "NAME"))
        digest = hashlib.sha256(key.encode()).hexdigest()[:16]
        return Path(tempfile.gettempdir()) / f"dice-live-{digest}"

    def publish(self, game_id: str, version: int) -> None:
        self.hub.deliver(game_id, version)
        if not hasattr(socket, "AF_UNIX"):
            return
        try:
            folder = self.folder()
            if not folder.is_dir():
                return
            if self._sender is None:
                self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self._sender.setblocking(False)
            message = f"{game_id} {version}".encode()
            for entry in os.scandir(folder):
                if entry.path == self._path or not entry.name.endswith(".sock"):
                    continue
                try:
                    self._sender.sendto(message, entry.path)
                except (ConnectionRefusedError, FileNotFoundError):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)  # its process is gone
                except OSError:
                    pass  # a full buffer: that process is busy; it will hear the next one
        except OSError as error:
            log.warning("live updates: could not relay game %s v%s: %s", game_id, version, error)

    def start_receiver(self) -> None:
        if not hasattr(socket, "AF_UNIX"):
            return
        with self._lock:
            if self._receiver is not None:
                return
            folder = self.folder()
            folder.mkdir(mode=0o700, exist_ok=True)
            path = str(folder / f"{os.getpid()}-{secrets.token_hex(4)}.sock")
            receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            receiver.bind(path)
            self._receiver, self._path = receiver, path
        threading.Thread(target=self._receive, args=(receiver,), name="dice-live-relay",
                         daemon=True).start()

    def _receive(self, receiver: socket.socket) -> None:
        while True:
            try:
                data = receiver.recv(256)
                game_id, version = data.decode().split()
                self.hub.deliver(game_id, int(version))
            except (ValueError, UnicodeError):
                continue
            except OSError:
                return

    async def join(self, game_id: str) -> None:
        if self._receiver is None:
            self.start_receiver()

    def leave(self, game_id: str) -> None:
        pass

    def follows(self, game_id: str) -> bool:
        return self._receiver is not None

"""The codec's readers are built on first use and shared by every thread of a server
process. A reader that one thread is still building must never be used by another
half-built: a matchmaking run on two servers lost a table to a `GameStarted` read with
two of its fields missing (2026-11-28)."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from games.core import codec


@dataclass(frozen=True)
class Record3:
    first: int
    second: str
    third: int


def test_a_record_reader_built_by_two_threads_at_once_reads_every_field(monkeypatch):
    """Thread A builds the reader and is held while it builds the second field's; thread
    B reads a record meanwhile: it gets the whole record, never a part."""
    real = codec.decoder
    building = threading.Event()
    release = threading.Event()

    def held(hint, strict=False):
        if hint is str and threading.current_thread().name == "builder":
            building.set()
            release.wait(5)
        return real(hint, strict)

    monkeypatch.setattr(codec, "decoder", held)
    raw = {"first": 1, "second": "two", "third": 3}
    results: dict[str, object] = {}

    def read(name: str) -> None:
        try:
            results[name] = codec.decode(Record3, raw)
        except Exception as error:  # the failure under test: report it, do not hang
            results[name] = error

    builder = threading.Thread(target=read, args=("builder",), name="builder")
    builder.start()
    assert building.wait(5)
    reader = threading.Thread(target=read, args=("reader",), name="reader")
    reader.start()
    reader.join(5)
    release.set()
    builder.join(5)
    assert results == {"builder": Record3(1, "two", 3), "reader": Record3(1, "two", 3)}

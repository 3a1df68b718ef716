"""Every benchmark script still imports: they run by hand (docs/benchmarks.md), so a name
one of them takes from another (tests/benchmarks/live.py's helpers) could vanish unseen."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = sorted(p.stem for p in (Path(__file__).parent / "benchmarks").glob("*.py")
                    if p.stem != "__init__")


@pytest.mark.parametrize("name", BENCHMARKS)
def test_the_benchmark_imports(name: str) -> None:
    importlib.import_module(f"tests.benchmarks.{name}")

"""The served process tunes its garbage collector (config/gc_tuning.py): start-up objects
frozen, higher thresholds; DICE_GC_THRESHOLDS=off leaves CPython's defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = ("import gc, json, config.asgi; "
         "print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))")


def served_gc(**env: str) -> tuple[list[int], int]:
    environment = {k: v for k, v in os.environ.items() if k != "DICE_GC_THRESHOLDS"}
    environment.update(DJANGO_SETTINGS_MODULE="config.settings_test", **env)
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=environment,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    thresholds, frozen = json.loads(out.strip().splitlines()[-1])
    return thresholds, frozen


def test_the_asgi_application_freezes_start_up_objects_and_raises_the_thresholds() -> None:
    thresholds, frozen = served_gc(DICE_GC_THRESHOLDS="40000,30,90")
    assert thresholds == [40000, 30, 90]
    assert frozen > 50_000  # Django, the views and the games' rules, never walked again


def test_the_default_thresholds_are_raised() -> None:
    thresholds, frozen = served_gc()
    assert thresholds[0] >= 10_000 and frozen > 50_000


def test_off_leaves_cpythons_collector_alone() -> None:
    thresholds, frozen = served_gc(DICE_GC_THRESHOLDS="off")
    assert thresholds == [700, 10, 10] and frozen == 0

"""`python manage.py projections run|rebuild|status [NAME ...]` (docs/projections.md).

run: apply the events committed after each projection's checkpoint; rebuild: drop the
read model and replay every stored event into it; status: each checkpoint. No NAME: all.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from events.models import Checkpoint
from events.projections.registry import PROJECTIONS
from events.projections.runner import rebuild, run


class Command(BaseCommand):
    help = "Run, rebuild or show the projections (read models kept from the events)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["run", "rebuild", "status"])
        parser.add_argument("names", nargs="*", help=f"of {', '.join(PROJECTIONS)}")
        parser.add_argument("--batch", type=int, default=500, help="events per transaction")

    def handle(self, *args: Any, **options: Any) -> None:
        names = options["names"] or list(PROJECTIONS)
        unknown = sorted(set(names) - set(PROJECTIONS))
        if unknown:
            raise CommandError(f"no projection {', '.join(unknown)}: "
                               f"choose from {', '.join(PROJECTIONS)}")
        for name in names:
            if options["action"] == "status":
                checkpoint = Checkpoint.objects.filter(name=name).first()
                self.stdout.write(f"{name}: " + ("never run" if checkpoint is None else
                                  f"{checkpoint.applied} events, at ({checkpoint.tx}, "
                                  f"{checkpoint.event_id}), {checkpoint.updated_at:%c}"))
                continue
            step = rebuild if options["action"] == "rebuild" else run
            started = time.perf_counter()
            applied = step(PROJECTIONS[name], options["batch"])
            took = time.perf_counter() - started
            self.stdout.write(f"{name}: {applied} events applied in {took:.2f} s")

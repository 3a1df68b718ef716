"""`python manage.py verify_game <id>` or `verify_game --file audit.json`.

Prints a readable verdict (chain, seed, dice, replay, and every problem with the seq
it names) and exits with status 1 when verification fails. With a game id the audit is
exported from the database (a game still running is verified with the stored seed,
which is not printed); with --file nothing but the file is read.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from events import verify


class Command(BaseCommand):
    help = "Verify a game's hash chain, seed, dice and replay; exit 1 when it fails."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game_id", nargs="?", help="the game's UUID")
        parser.add_argument("--file", help="verify this exported audit JSON instead")
        parser.add_argument("--export", help="also write the game's audit JSON here "
                            "(finished games only)")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["game_id"]) == bool(options["file"]):
            raise CommandError("give either a game id or --file AUDIT.json")
        if options["file"]:
            audit = self.read(options["file"])
            verdict = verify.verify_audit(audit)
        else:
            audit, verdict = self.from_database(options["game_id"], options["export"])
        if options["json"]:
            self.stdout.write(json.dumps(verdict.to_json(), indent=2))
        else:
            self.stdout.write(verify.report(verdict, audit))
        if not verdict.ok:
            raise CommandError(f"verification failed: {len(verdict.problems)} problem(s)",
                               returncode=1)

    def read(self, path: str) -> dict[str, Any]:
        try:
            return json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"cannot read {path}: {exc}", returncode=2) from None

    def from_database(self, game_id: str, export_to: str | None) -> tuple[dict, verify.Verdict]:
        from events import audits
        from events.models import Game, GameStatus

        try:
            game = Game.objects.get(id=uuid.UUID(game_id))
        except (ValueError, Game.DoesNotExist):
            raise CommandError(f"no game {game_id}", returncode=2) from None
        if game.status == GameStatus.LOBBY:
            raise CommandError("the game has not started: there is nothing to verify",
                               returncode=2)
        finished = game.status == GameStatus.FINISHED
        if export_to and not finished:
            raise CommandError("only a finished game's audit may be exported", returncode=2)
        audit = audits.export(game, running=not finished)
        if export_to:
            Path(export_to).write_text(json.dumps(audit, indent=2, ensure_ascii=False),
                                       encoding="utf-8")
        if not finished:
            self.stdout.write("the game has not ended: verifying with the stored seed, "
                              "which stays secret")
        return audit, audits.verify_export(audit)

"""The command line: `dice-verify AUDIT.json`, `python -m games.verify AUDIT.json`.

Exit status 0: verified; 1: not verified (each problem is printed with its seq);
2: bad arguments or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .anchors import Anchors, is_commitment, normal_hex, served_events
from .checks import report, verify_audit

DESCRIPTION = (
    "Verify a finished dice game from its audit JSON alone: the hash chain, the server "
    "seed against its commitment, the seeds against the seats' commitments (naming any "
    "seat that withheld its seed), every die from the seeds, and a replay of every move "
    "through the games' rules. Give what you kept during play to check the audit "
    "against it: the commitment you were shown before play (--commitment), the events "
    "you were served (--served with --seat).")
EPILOG = "exit status: 0 verified, 1 not verified, 2 bad arguments or unreadable file"


def parser(prog: str | None = None) -> argparse.ArgumentParser:
    out = argparse.ArgumentParser(prog=prog, description=DESCRIPTION, epilog=EPILOG)
    out.add_argument("audit", metavar="AUDIT.json",
                     help="the game's audit (GET /api/v1/games/{id}/audit)")
    out.add_argument("--commitment", metavar="HEX",
                     help="the server_seed_hash you were shown before play: the audit must "
                          "carry this commitment")
    out.add_argument("--served", metavar="SERVED.json",
                     help="the events GET /api/v1/games/{id}/events served you (a list of "
                          "events, or the pages as served): each must match the audit")
    out.add_argument("--seat", type=int, metavar="N",
                     help="the seat the --served events were served to (its private parts)")
    out.add_argument("--json", action="store_true", help="print the verdict as JSON")
    return out


def read_json(path: str) -> Any:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    cli = parser(prog)
    args = cli.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.commitment is not None and not is_commitment(args.commitment):
        cli.error("--commitment takes the 64 hexadecimal digits of server_seed_hash")
    if (args.served is None) != (args.seat is None):
        cli.error("--served and --seat go together")
    reading = args.audit
    try:
        audit = read_json(reading)
        reading = args.served
        served = served_events(read_json(reading)) if reading is not None else None
    except (OSError, ValueError) as exc:
        print(f"cannot read {reading}: {exc}", file=sys.stderr)
        return 2
    if not isinstance(audit, dict):
        print(f"{args.audit} is not an audit document", file=sys.stderr)
        return 2
    anchors = None
    if args.commitment is not None or served is not None:
        commitment = normal_hex(args.commitment) if args.commitment is not None else None
        anchors = Anchors(commitment=commitment, served=served, seat=args.seat)
    verdict = verify_audit(audit, anchors=anchors)
    print(json.dumps(verdict.to_json(), indent=2) if args.json else report(verdict, audit))
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Where a move's server time goes (issue #35; a script, not a test; figures in
docs/decisions/0033-cost-of-a-move.md).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/dg_NAME REDIS_URL=redis://127.0.0.1:6379/N \\
        .venv/bin/python -m tests.benchmarks.move_profile [--moves 600]

The shipping settings (production, Redis on), migrated onto the given database, and
Django's test client in one thread playing two-seat Snake Bones games the way
tests/benchmarks/peer.py's `three` client does (GET game + GET legal-actions + POST),
under cProfile. Prints the time a move and the functions with the most own and
cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import time

os.environ.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DICE_ENV": "production",
                   "DJANGO_SECRET_KEY": "move-profile-only", "DICE_SSL_REDIRECT": "false",
                   "DJANGO_ALLOWED_HOSTS": "testserver", "DICE_THROTTLE_USER": "100000/min",
                   "DICE_THROTTLE_ANON": "100000/min", "DICE_VAR_DIR": "/tmp/dice-move-profile"})

import django

django.setup()

from django.core.management import call_command  # noqa: E402 (after django.setup())
from django.test import Client  # noqa: E402 (after django.setup())

from tests.benchmarks.peer import choose  # noqa: E402 (after django.setup())


def call(client: Client, method: str, path: str, token: str, body: dict | None = None) -> dict:
    response = getattr(client, method)(f"/api/v1{path}", body, content_type="application/json",
                                       HTTP_AUTHORIZATION=f"Token {token}")
    return response.json() if response.content else {}


def new_game(client: Client, run: int, i: int) -> tuple[str, list[str]]:
    tokens = [client.post("/api/v1/auth/register", {"username": f"m{run}x{i}x{s}",
                                                     "password": "move-profile-secret-1"},
                          content_type="application/json").json()["token"] for s in range(2)]
    game = call(client, "post", "/games", tokens[0], {"game_type": "snake-bones", "seats": 2})
    call(client, "post", f"/games/{game['id']}/join", tokens[1], {})
    call(client, "post", f"/games/{game['id']}/start", tokens[0], {"first_player": 0})
    return game["id"], tokens


def moves(client: Client, count: int, rng: random.Random,
          profile: cProfile.Profile | None = None) -> float:
    """Play `count` moves; the seconds their requests took (profiled, new games not)."""
    run, made, i, spent = random.randrange(10**9), 0, 0, 0.0  # fresh names on every run
    while made < count:
        game_id, tokens = new_game(client, run, i)
        i += 1
        while made < count:
            began = time.perf_counter()
            if profile:
                profile.enable()
            view = call(client, "get", f"/games/{game_id}", tokens[0])
            if view["status"] == "finished":
                if profile:
                    profile.disable()
                break
            token = tokens[view["awaiting"][0]["seat"]]
            listing = call(client, "get", f"/games/{game_id}/legal-actions", token)
            call(client, "post", f"/games/{game_id}/actions", token,
                 {"expected_version": listing["version"],
                  "action": choose(listing["actions"], rng)})
            if profile:
                profile.disable()
            spent += time.perf_counter() - began
            made += 1
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--dump", help="also write the profile here (pstats)")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    client, rng = Client(), random.Random(1)
    moves(client, 50, rng)  # warm-up
    profile = cProfile.Profile()
    began = time.perf_counter()
    profile.enable()
    moves(client, args.moves, rng)
    profile.disable()
    print(f"{(time.perf_counter() - began) * 1000 / args.moves:.2f} ms a move "
          "(under cProfile)", file=sys.stderr)
    stats = pstats.Stats(profile)
    if args.dump:
        stats.dump_stats(args.dump)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()

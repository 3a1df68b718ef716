"""Finishing games of every registered type over the public API, quickly."""

from __future__ import annotations

import random
from typing import Any, Callable

from games import registry
from games.core.fairness import seed_commitment
from games.core.legal import expand_all
from tests.support.api import Player, play_by_legal_actions, playing

Chooser = Callable[[list[dict]], dict]
ENDING_WORDS = ("call", "stop", "bank", "end", "pass", "stand", "hold")


def snake_bones_chooser(rng: random.Random) -> Chooser:
    """Stake high and call often: the game ends within a few rounds."""
    def choose(actions: list[dict]) -> dict:
        stakes = [a for a in actions if a["type"] == "stake"]
        if stakes:
            return max(stakes, key=lambda a: a["coins"]) if rng.random() < 0.3 else stakes[0]
        calls = [a for a in actions if a["type"].startswith("call")]
        if calls and rng.random() < 0.8:
            return rng.choice(calls)
        return rng.choice(actions)
    return choose


def ending_chooser(rng: random.Random) -> Chooser:
    """Any game: a random legal action, leaning toward ones that end a turn or round."""
    def choose(actions: list[dict]) -> dict:
        enders = [a for a in actions if any(w in str(a.get("type")) for w in ENDING_WORDS)]
        if enders and rng.random() < 0.6:
            return rng.choice(enders)
        return rng.choice(actions)
    return choose


CHOOSERS: dict[str, Callable[[random.Random], Chooser]] = {
    "snake-bones": snake_bones_chooser,
}

GAME_TYPES = sorted(registry.GAMES)


def chooser_for(slug: str, seed: int) -> Chooser:
    """The slug's chooser, which never resigns (a test resigns on purpose)."""
    choose = CHOOSERS.get(slug, ending_chooser)(random.Random(seed))
    return lambda actions: choose([a for a in actions if a["type"] != "resign"])


def seated(players: Callable[[int], list[Player]], slug: str,
           **seeds: str) -> tuple[str, list[Player]]:
    """A started game of `slug` at its smallest table (at least 2), first player drawn."""
    rules = registry.get(slug)
    everyone = players(max(2, rules.min_players))
    host, guests = everyone[0], everyone[1:]
    game = host.create(slug, len(everyone))
    committed = game.get("dice_scheme") == 3  # commit in the lobby, reveal after the start
    for index, guest in enumerate(guests, start=1):
        seed = seeds.get(f"seat{index}")
        body = {} if seed is None else (
            {"seed_commitment": seed_commitment(seed)} if committed else {"client_seed": seed})
        guest.join(game["id"], **body)
    host.start(game["id"])
    for index, guest in enumerate(guests, start=1):
        if committed and f"seat{index}" in seeds:
            answer = guest.post(f"/games/{game['id']}/seed", {"client_seed": seeds[f"seat{index}"]})
            assert answer.status_code == 200, answer.content
    return game["id"], everyone


def finished(players: Callable[[int], list[Player]], slug: str, seed: int = 1,
             **seeds: str) -> tuple[str, list[Player], dict[str, Any]]:
    """Play a game of `slug` to its end; returns (game id, players, final game)."""
    game_id, everyone = seated(players, slug, **seeds)
    final = play_by_legal_actions(everyone, game_id, chooser_for(slug, seed))
    return game_id, everyone, final


def audit_of(player: Player, game_id: str) -> dict[str, Any]:
    response = player.get(f"/games/{game_id}/audit")
    assert response.status_code == 200, response.content
    return response.json()


def followed(players: Callable[[int], list[Player]], slug: str, seed: int = 1
             ) -> tuple[dict[str, Any], str, dict[int, list[dict]]]:
    """A game of `slug` played to its end while every seat follows its events as a client
    does (GET /games/{id}/events after the last seq it holds, after every move).

    Returns (the audit, the commitment the game showed before it started, the events
    served to each seat)."""
    rules = registry.get(slug)
    everyone = players(max(2, rules.min_players))
    host = everyone[0]
    game_id = host.create(slug, len(everyone))["id"]
    shown = host.game(game_id)["server_seed_hash"]
    for guest in everyone[1:]:
        guest.join(game_id)
    host.start(game_id)
    seat_of = {s["player"]: s["seat"] for s in host.game(game_id)["seats"]}
    by_seat = {seat_of[p.username]: p for p in everyone}
    served: dict[int, list[dict]] = {seat: [] for seat in by_seat}

    def follow() -> None:
        for seat, player in by_seat.items():
            served[seat] += player.events(game_id, after=served[seat][-1]["seq"]
                                          if served[seat] else 0)

    choose = chooser_for(slug, seed)
    follow()
    while (current := host.game(game_id))["status"] != "finished":
        player = by_seat[current["awaiting"][0]["seat"]]
        listing = player.legal(game_id)
        answer = player.act(game_id, choose(playing(expand_all(listing["actions"]))),
                            listing["version"])
        assert answer.status_code == 201, answer.content
        follow()
    return audit_of(host, game_id), shown, served

"""The write path: every change to a game goes through here, in one transaction each.

    lobby.py    create, join, seed commitment (a scheme 2 lobby: client seed), leave, start
    seeding.py  dice scheme 3's reveal phase: reveal, fix the seeds, open the game
    bots.py     bot seats in the lobby: seat one, remove one (their moves: events/bots/)
    actions.py  a move: lock, check, decide, append (submit_action; the clock's too)
    head.py     after a batch: the named steps that refresh the game's head
    hooks.py    what a batch announces (Appended) to its listeners: clocks, webhooks
    locks.py    the locked game with its seats; its dice
    rematch.py  a finished game's rematch: a new lobby of the same table, the others invited

Views and Celery tasks call these functions; they call the rules and the store. Nothing
here imports the clocks or the webhooks: they listen (events/apps.py wires them).
"""

from .actions import ActionResult, fingerprint, submit_action
from .bots import add_bot, remove_bot
from .hooks import Acted, Appended
from .lobby import (
    create_game, join_game, leave_game, set_client_seed, set_seed_commitment, start_game,
)
from .rematch import Rematch, rematch_game
from .seeding import reveal_seed

__all__ = [
    "ActionResult", "fingerprint", "submit_action", "add_bot", "remove_bot", "Acted", "Appended",
    "create_game", "join_game", "leave_game", "set_client_seed", "set_seed_commitment",
    "start_game", "Rematch", "rematch_game", "reveal_seed"
]

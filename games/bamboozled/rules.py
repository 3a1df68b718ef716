"""Bamboozled as a decider: setup and the RULES object."""

from __future__ import annotations

from typing import Any

from games.core import Decider, Dice, Event, GameConfig, shuffle
from games.core.options import resolve_options

from .challenges import challenges
from .data import OPTIONS, full_deck
from .decide import decide
from .evolve import evolve
from .flow import Story, new_round, outcome as final_outcome
from .play import awaiting, legal_actions, timeout_action
from .state import State
from .view import view

MIN_PLAYERS, MAX_PLAYERS = 2, 12


def setup(config: GameConfig, dice: Dice) -> list[Event]:
    """Shuffle the action cards, deal one to each player, and the first roller rolls."""
    options = resolve_options(OPTIONS, config.options)
    players = config.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Bamboozled takes 2 to 12 players, not {players}")
    first = config.first_player
    drawn = first is None
    if first is None:
        first = dice.roll(players) - 1
    elif not 0 <= first < players:
        raise ValueError(f"no seat {first} to roll first")
    deck = full_deck(options["kids"])
    order = shuffle(dice, deck)
    story = Story(None)
    story.tell("game_started", {
        "players": players, "options": options, "first_player": first,
        "first_player_drawn": drawn, "deck_size": len(deck), "direction": "clockwise",
    })
    story.tell("cards_dealt", {"hand_sizes": [1] * players, "deck_size": len(deck) - players},
               {seat: {"cards": [order[seat]]} for seat in range(players)})
    new_round(story, first, "first_round", dice)
    return story.events


def outcome(state: State) -> dict[str, Any] | None:
    return final_outcome(state) if state.over else None


RULES = Decider(
    slug="bamboozled", name="Bamboozled", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    options=OPTIONS, setup=setup, decide=decide, evolve=evolve, legal_actions=legal_actions,
    awaiting=awaiting, view=view, timeout_action=timeout_action, outcome=outcome,
    challenges=challenges,
)

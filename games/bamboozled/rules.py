"""Bamboozled as a decider: setup and the RULES object."""

from __future__ import annotations

from typing import Any

from games.core import Dice, Event, GameConfig, shuffle
from games.core.options import resolve_options

from .data import OPTIONS, full_deck
from .decide import decide
from .evolve import evolve
from .flow import Story, new_round, outcome as final_outcome
from .play import awaiting, legal_actions, timeout_action
from .state import State
from .view import view


def setup(config: GameConfig, dice: Dice) -> list[Event]:
    """Shuffle the action cards, deal one to each player, and the first roller rolls."""
    options = resolve_options(OPTIONS, config.options)
    players = config.players
    if not RULES.min_players <= players <= RULES.max_players:
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


class Bamboozled:
    slug = "bamboozled"
    name = "Bamboozled"
    min_players = 2
    max_players = 12
    options = OPTIONS

    def setup(self, config: GameConfig, dice: Dice) -> list[Event]:
        return setup(config, dice)

    def decide(self, state: State, seat: int, action: Any, dice: Dice) -> list[Event]:
        return decide(state, seat, action, dice)

    def evolve(self, state: State | None, event: Event) -> State:
        return evolve(state, event)

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        return legal_actions(state, seat)

    def awaiting(self, state: State) -> dict[int, str]:
        return awaiting(state)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def timeout_action(self, state: State, seat: int) -> dict[str, Any]:
        return timeout_action(state, seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        return final_outcome(state) if state.over else None


RULES = Bamboozled()

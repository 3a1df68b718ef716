"""What a seat (or a spectator) may see: hands only as counts, except the viewer's own
and a hand Joyride has shown this turn; draw piles only as sizes (and known top cards)."""

from __future__ import annotations

from typing import Any

from .data import ACTION_UNITS_PER_TURN, COLOURS, cost, ruleset, stack_of
from .legal import awaiting
from .play import red_draws_left
from .rerolls import full_house_reroll_open, green_reroll_open, rerolls_left
from .scoring import outcome, results, scoring_options, tally
from .state import (
    DICE,
    DRAFT,
    OVER,
    Game,
    Seat,
    Turn,
    blocked_faces,
    dice_available,
    fpv,
    hot_potatoes,
    owned_cards,
)


def seat_view(game: Game, seat: int, player: Seat) -> dict[str, Any]:
    owned = owned_cards(game, seat)
    return {
        "seat": seat,
        "score": player.score,
        "hand_size": len(player.hand),
        "draw_pile": player.draw_size,
        "draw_pile_top": list(player.draw_top),
        "discard_pile": list(player.discard),
        "play_area": [{"card": p.card, "colour": p.colour, "lent_by": p.owner,
                       "bonus_matched": p.matched} for p in player.play],
        "cant_touch_this": [{"card": a.card, "colour": a.colour, "face": a.face}
                            for a in player.aside],
        "loan_owed": player.owed,
        "coins_carried": player.carry,
        "extra_draws": player.extra_draws,
        "cards_owned": len(owned),
        "final_point_value": fpv(owned),
        "hot_potatoes_owned": hot_potatoes(owned),
    }


def choices_view(game: Game) -> list[dict[str, Any]]:
    out = []
    for option in scoring_options(game):
        t = tally(game, option)
        out.append({"action": option.action(), "points": t["points"], "coins": t["coins_earned"]})
    return out


def turn_view(game: Game, turn: Turn, kind: str | None) -> dict[str, Any]:
    in_dice = turn.step == DICE
    return {
        "number": turn.number,
        "round": turn.round,
        "seat": turn.seat,
        "step": turn.step,
        "action_units_used": turn.units,
        "action_units_left": ACTION_UNITS_PER_TURN - turn.units,
        "coins": turn.coins,
        "borrowed": turn.borrowed,
        "red_draws_left": red_draws_left(game) if turn.step == "play" else 0,
        "revealed_hands": [{"seat": s, "hand": list(h)} for s, h in turn.revealed],
        "joyride_target": turn.joyride,
        "swap_value": turn.swap_value,
        "dice": [{"die": i, "colour": d.colour, "face": d.face} for i, d in enumerate(turn.dice)],
        "rerolls_left": rerolls_left(game) if in_dice else 0,
        "green_reroll_open": in_dice and green_reroll_open(game),
        "full_house_reroll_open": in_dice and full_house_reroll_open(game),
        "dice_kept": turn.kept,
        "scored": turn.scored,
        "scoring_choices": choices_view(game) if kind == "choose" else [],
        "blocked_faces": blocked_faces(game, turn.seat),
        "bought": list(turn.bought),
        "bonus_matched": list(turn.matched),
    }


def view(game: Game, viewer: int | None) -> dict[str, Any]:
    waiting = awaiting(game)
    kind = next(iter(waiting.values()), None)
    phase = OVER if game.phase == OVER else (DRAFT if game.phase == DRAFT else kind or "turn")
    is_seat = viewer is not None and 0 <= viewer < game.players
    return {
        "players": game.players,
        "phase": phase,
        "seats": [seat_view(game, s, p) for s, p in enumerate(game.seats)],
        "you": viewer if is_seat else None,
        "hand": list(game.seats[viewer].hand) if is_seat and viewer is not None else None,
        "awaiting": {str(s): k for s, k in waiting.items()},
        "first_player": game.first_player,
        "order": game.order,
        "rounds": game.rounds,
        "round": game.turn.round if game.turn else None,
        "active": game.turn.seat if game.turn else None,
        "draft": {"picks": game.picks, "total": 3 * game.players},
        "turn": turn_view(game, game.turn, kind) if game.turn else None,
        "action_cards": list(game.action_cards),
        "supply": [{"card": c, "stack": stack_of(c), "count": n, "cost": cost(c)}
                   for c, n in game.supply],
        "dice_available": {c: n for c, n in dice_available(game).items() if c in COLOURS},
        "final": results(game) if game.phase == OVER else None,
        "outcome": outcome(game),
        "ruleset": ruleset(),
    }

"""The sentences of Snake Bones' events, for their reader (games/core/text.py)."""

from __future__ import annotations

from games.core.text import (
    Message,
    Seat,
    Sentences,
    Text,
    as_text,
    dice,
    game_over,
    gettext,
    ngettext,
    private_of,
)

from . import events as e


def _started(event: e.GameStarted, reader: int | None) -> Text:
    return (ngettext("Snake Bones starts with {count} player, each with {dice} dice and "
                     "{coins} coins.",
                     "Snake Bones starts with {count} players, each with {dice} dice and "
                     "{coins} coins.",
                     event.players, dice=event.starting_dice, coins=event.starting_coins),)


def _first_bidder(event: e.FirstBidderDrawn, reader: int | None) -> Text:
    return (gettext("A die roll of {roll} picks {player} to bid first.", roll=event.roll,
                    player=Seat(event.seat)),)


def _round(event: e.RoundStarted, reader: int | None) -> Text:
    return (gettext("Round {round} starts: {player} opens the bidding.", round=event.round,
                    player=Seat(event.opener)),)


def _stake(event: e.StakePlaced, reader: int | None) -> Text:
    own = private_of(event, reader)
    return as_text(
        gettext("{player} places a stake, face down.", player=Seat(event.seat)),
        own and ngettext("Your stake: {count} coin.", "Your stake: {count} coins.",
                         own.coins))


def _stakes(event: e.StakesRevealed, reader: int | None) -> Text:
    shown = tuple(ngettext("{player} {count} coin", "{player} {count} coins", coins,
                           player=Seat(seat)) for seat, coins in sorted(event.stakes.items()))
    return (gettext("The stakes are revealed: {stakes}.", stakes=shown),)


def _rolled(event: e.DiceRolled, reader: int | None) -> Text:
    own = private_of(event, reader)
    return as_text(
        ngettext("Everyone rolls their dice under the cup: {count} die in all.",
                 "Everyone rolls their dice under the cup: {count} dice in all.",
                 sum(event.dice_counts.values())),
        own and gettext("You rolled {dice}.", dice=dice(own.dice)))


def _bid(event: e.BidMade, reader: int | None) -> Text:
    return (ngettext("{player} bids {count} die showing {face}.",
                     "{player} bids {count} dice showing {face}.",
                     event.quantity, player=Seat(event.seat), face=event.face),)


def _shown(event: e.CallMade) -> Message:
    return gettext("The dice: {dice}.", dice=tuple(
        gettext("{player} {dice}", player=Seat(seat), dice=dice(faces))
        for seat, faces in sorted(event.dice.items())))


def _bluff(event: e.BluffCalled, reader: int | None) -> Text:
    bid = event.bid
    return (
        ngettext("{caller} calls {bidder}'s bluff on {quantity} × {face}: {count} die "
                 "shows {face}.",
                 "{caller} calls {bidder}'s bluff on {quantity} × {face}: {count} dice "
                 "show {face}.",
                 event.count, caller=Seat(event.caller), bidder=Seat(bid.seat),
                 quantity=bid.quantity, face=bid.face),
        gettext("It was a bluff.") if event.caller_right else gettext("The bid stands."),
        _shown(event))


def _spot_on(event: e.SpotOnCalled, reader: int | None) -> Text:
    bid = event.bid
    return (
        ngettext("{caller} calls spot on for {bidder}'s {quantity} × {face}: {count} die "
                 "shows {face}.",
                 "{caller} calls spot on for {bidder}'s {quantity} × {face}: {count} dice "
                 "show {face}.",
                 event.count, caller=Seat(event.caller), bidder=Seat(bid.seat),
                 quantity=bid.quantity, face=bid.face),
        gettext("Spot on!") if event.caller_right else gettext("Not spot on."),
        _shown(event))


def _die_lost(event: e.DieLost, reader: int | None) -> Text:
    return (ngettext("{player} loses a die: {count} left.",
                     "{player} loses a die: {count} left.",
                     event.dice_left, player=Seat(event.seat)),)


def _paid(event: e.CoinsPaid, reader: int | None) -> Text:
    return (ngettext("{payer} pays {payee} {count} coin.", "{payer} pays {payee} {count} coins.",
                     event.coins, payer=Seat(event.payer), payee=Seat(event.payee)),)


def _out(event: e.PlayerOut, reader: int | None) -> Text:
    if event.reason == "no_coins":
        return (gettext("{player} is out: no coins left.", player=Seat(event.seat)),)
    if event.reason == "no_dice":
        return (gettext("{player} is out: no dice left.", player=Seat(event.seat)),)
    return (gettext("{player} is out: no dice and no coins left.", player=Seat(event.seat)),)


def _resigned(event: e.PlayerResigned, reader: int | None) -> Text:
    return (ngettext("{player} resigns: their {count} coin leaves the game and round {round} "
                     "is void.",
                     "{player} resigns: their {count} coins leave the game and round {round} "
                     "is void.",
                     event.coins, player=Seat(event.seat), round=event.round),)


TEXTS: dict[str, Sentences] = {
    e.GameStarted.TYPE: _started, e.FirstBidderDrawn.TYPE: _first_bidder,
    e.RoundStarted.TYPE: _round, e.StakePlaced.TYPE: _stake, e.StakesRevealed.TYPE: _stakes,
    e.DiceRolled.TYPE: _rolled, e.BidMade.TYPE: _bid, e.BluffCalled.TYPE: _bluff,
    e.SpotOnCalled.TYPE: _spot_on, e.DieLost.TYPE: _die_lost, e.CoinsPaid.TYPE: _paid,
    e.PlayerOut.TYPE: _out, e.PlayerResigned.TYPE: _resigned, e.GameOver.TYPE: game_over,
}
"""Each event type's sentences, by type."""

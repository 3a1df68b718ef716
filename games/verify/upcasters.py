"""Upcasters: stored events of an older schema version read as the current one.

Pure (standard library only), so the standalone verifier upcasts exactly as the service
does (this is their one home; events/store/upcasters.py re-exports them). Stored rows are never
rewritten; each upcaster turns the data of one (event type, schema version) into the data
of the next version, and `upcast` chains them. An upcaster may also rename the event: it
then returns (new type, data), and the chain goes on from the new type at the next
version (`upcast_event` gives the type and the data; `upcast` the data only).
"""

from __future__ import annotations

from typing import Callable, Mapping

# The schema version each event type is written with now (1 unless listed).
SCHEMA_VERSIONS: dict[str, int] = {
    # v2 records the game's dice scheme (docs/fairness.md); v3 names each player by their
    # opaque player id, never by username (docs/decisions/0011-players-by-opaque-id.md);
    # v4 records each seat's commitment to its seed, not the seed (dice scheme 3,
    # docs/decisions/0029-committed-seeds.md)
    "table_seated": 4,
    # Bamboozled's card_played (v1) split into one type per shape (docs/games/bamboozled.md)
    "score_reset_card_played": 2,
    "skip_played": 2,
    "skip_played_to_declarer": 2,
    "reverse_played": 2,
    "revive_played": 2,
}


def schema_version_of(event_type: str) -> int:
    return SCHEMA_VERSIONS.get(event_type, 1)


def table_seated_v1_to_v2(data: dict) -> dict:
    """Games seated before v2 rolled their dice under scheme 1 (seeds joined by ",")."""
    return {**data, "dice_scheme": 1}


def table_seated_v2_to_v3(data: dict) -> dict:
    """v3 names a seat's player by their opaque id; up to v2 by the username they had then.

    The shape is the same, only the meaning of `player` changed, and the id of a username
    is in the service's accounts, not in the stored bytes: alone, this upcaster keeps the
    username where the id goes (what the standalone verifier shows for such a game). The
    service, and the verifier given an audit, put the ids in with `with_player_ids`."""
    return data


def table_seated_v3_to_v4(data: dict) -> dict:
    """Up to v3 a seat recorded its seed itself: it keeps it, beside a null commitment."""
    seats = [{**seat, "seed_commitment": None} if isinstance(seat, dict) else seat
             for seat in data.get("seats") or []]
    return {**data, "seats": seats}


def with_player_ids(data: dict, ids: Mapping[int, str | None]) -> dict:
    """A table_seated stored below v3, upcast, with each player's seat naming the player
    id `ids` gives for its seat number (the audit's `game.seats`, the service's seat
    rows); a seat `ids` lacks keeps what was stored."""
    seats = []
    for seat in data.get("seats") or []:
        if isinstance(seat, dict) and seat.get("player") is not None \
                and ids.get(seat.get("seat")) is not None:
            seat = {**seat, "player": ids[seat["seat"]]}
        seats.append(seat)
    return {**data, "seats": seats}


def names_players_by_username(event_type: str, schema_version: int) -> bool:
    """Whether a stored event names players by username (table_seated below v3)."""
    return event_type == "table_seated" and schema_version < 3


# Bamboozled's card_played (v1) by the keys it has beside seat and card. Frozen: it
# describes rows already stored (games/bamboozled/events.py, CARD_PLAYED_V1).
BAMBOOZLED_CARD_PLAYED: dict[frozenset[str], str] = {
    frozenset(): "score_reset_card_played",           # Fresh Start, My Bad
    frozenset({"responder"}): "skip_played",
    frozenset({"roll_again"}): "skip_played_to_declarer",
    frozenset({"direction", "roll_again"}): "reverse_played",
    frozenset({"strikes", "final_strike"}): "revive_played",
}
BAMBOOZLED_CARDS = frozenset({"fresh_start", "my_bad", "skip", "reverse", "revive"})


def card_played_v1_to_v2(data: dict) -> dict | tuple[str, dict]:
    """Bamboozled's card_played had five shapes told apart by their keys; from v2 each is
    an event type of its own with the same data. Bare Bones' card_played (always with
    units_used, other card names) is not Bamboozled's: its data is kept as it is."""
    shape = frozenset(data) - {"seat", "card"}
    if ("units_used" in data or data.get("card") not in BAMBOOZLED_CARDS
            or shape not in BAMBOOZLED_CARD_PLAYED):
        return data
    return BAMBOOZLED_CARD_PLAYED[shape], data


Upcasted = dict | tuple[str, dict]  # the data, or (a new event type, the data)

UPCASTERS: dict[tuple[str, int], Callable[[dict], Upcasted]] = {
    ("table_seated", 1): table_seated_v1_to_v2,
    ("table_seated", 2): table_seated_v2_to_v3,
    ("table_seated", 3): table_seated_v3_to_v4,
    ("card_played", 1): card_played_v1_to_v2,
}


def upcast_event_steps(event_type: str, schema_version: int,
                       data: dict) -> list[tuple[str, dict]]:
    """(type, data) as stored, then as each later schema version reads it, up to the
    current one (a reader served the event at any of these versions saw one of them)."""
    steps = [(event_type, data)]
    while (event_type, schema_version) in UPCASTERS:
        out = UPCASTERS[(event_type, schema_version)](data)
        event_type, data = out if isinstance(out, tuple) else (event_type, out)
        steps.append((event_type, data))
        schema_version += 1
    return steps


def upcast_event(event_type: str, schema_version: int, data: dict) -> tuple[str, dict]:
    """The event's type and data at the current schema version."""
    return upcast_event_steps(event_type, schema_version, data)[-1]


def upcast(event_type: str, schema_version: int, data: dict) -> dict:
    """The event's data at the current schema version (its type: `upcast_event`)."""
    return upcast_event(event_type, schema_version, data)[1]

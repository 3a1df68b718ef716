"""Reads: games, seats, and events as a given user may see them.

A game is read once per request, with its creator and its seats with their users and
deadlines, in one query (`get_game`); everything after works from those rows.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery

from games import registry
from games.service_events import SeedRevealed

from . import store, texts
from .errors import BadRequest, NotFound
from .models import Deadline, Event, Game, GameStatus, Seat
from .store import chain, players, sql
from .projections import reads


def _seats_query() -> QuerySet[Seat]:
    """Seats in order, with their users and the due time of their deadline, if any."""
    due = Deadline.objects.filter(game=OuterRef("game"), seat=OuterRef("number"))
    return (Seat.objects.select_related("user__player").order_by("number")
            .annotate(deadline_due=Subquery(due.values("due_at")[:1])))


def get_game(game_id: Any) -> Game:
    """The game with its creator and its seats (their users and deadlines): one query,
    then no more (events/store/sql.py)."""
    try:
        game = sql.read_game(game_id)
    except (ValueError, TypeError, ValidationError):
        game = None
    if game is None:
        raise NotFound("no such game", code="game_not_found")
    return game


def _seats_read(game: Game) -> list[Seat] | None:
    """The seats read with the game (get_game, or list_games' prefetch), if they were."""
    seats = getattr(game, sql.SEATS, None)
    if seats is not None:
        return seats
    prefetched = getattr(game, "_prefetched_objects_cache", {}).get("seat_set")
    return None if prefetched is None else list(prefetched)


def seat_rows(game: Game) -> list[Seat]:
    """The game's seats (as read by get_game or list_games, else read now)."""
    seats = _seats_read(game)
    if seats is not None:
        return seats
    return list(_seats_query().filter(game=game))


def is_member(game: Game, user: AbstractBaseUser | None) -> bool:
    """Whether `user` is one of the game's players (seated) or its creator."""
    if user is None or not user.is_authenticated:
        return False
    return game.creator_id == user.pk or seat_of(game, user) is not None


def has_public_replay(game: Game) -> bool:
    """A finished game that is not private: anyone may replay it, without an account."""
    return game.status == GameStatus.FINISHED and not game.private


def readable_game(game_id: Any, user: AbstractBaseUser | None) -> Game:
    """The game if `user` may read it (get_game). A private game is read by its members
    only: to anyone else it is absent (404 game_not_found, as for no game at all), so
    its existence is not told. Anonymous callers (None) are checked by the API layer."""
    game = get_game(game_id)
    if game.private and not is_member(game, user):
        raise NotFound("no such game", code="game_not_found")
    return game


def list_games(*, user: AbstractBaseUser, status: str | None = None,
               game_type: str | None = None, mine: bool = False,
               watchable: bool | None = None) -> QuerySet[Game]:
    """Games `user` may see: every public game, and the private ones they created or hold
    a seat at. `watchable`: True, only the games anyone may watch (active and not
    private); False, only the others."""
    games = Game.objects.filter(Q(private=False) | Q(creator=user)
                                | Q(id__in=Seat.objects.filter(user=user).values("game_id")))
    if watchable is not None:
        watchable_now = Q(status=GameStatus.ACTIVE, private=False)
        games = games.filter(watchable_now if watchable else ~watchable_now)
    if status:
        if status not in GameStatus.values:
            raise BadRequest(f"status must be one of {GameStatus.values}", code="invalid_filter")
        games = games.filter(status=status)
    if game_type:
        games = games.filter(game_type=game_type)
    if mine:
        games = games.filter(Q(creator=user) | Q(seat_set__user=user)).distinct()
    return games.prefetch_related(Prefetch("seat_set", queryset=_seats_query())) \
        .select_related("creator__player")


def seat_of(game: Game, user: AbstractBaseUser | None) -> int | None:
    """The caller's seat. Seats change only in the lobby and at the start (in the
    transaction that appends the first event): the seats read with a game that had
    started are its seats for good; for a game read in the lobby the seat is read now
    (a reader that filters rows read after the game gets the seat those rows were for)."""
    if user is None or not user.is_authenticated:
        return None
    if game.status == GameStatus.LOBBY or _seats_read(game) is None:
        return (Seat.objects.filter(game=game, user=user)
                .values_list("number", flat=True).first())
    return next((s.number for s in seat_rows(game) if s.user_id == user.pk), None)


def seats(game: Game) -> list[dict[str, Any]]:
    """The seats, each player's by the name shown for them now (read from the account:
    its username, or the placeholder of a deleted account) and their player id (what
    events name them by), with where each is in the commit and reveal of its seed."""
    return [{"seat": s.number, "player": s.player_name(), "player_id": s.player_public_id(),
             "bot": s.bot_level or None, **s.served_seed(game),
             "autoplay": s.autoplay, "timeouts_in_row": s.timeouts_in_row}
            for s in seat_rows(game)]



def creator_name(game: Game) -> str:
    """The name shown for the game's creator now (as a seat's `name`)."""
    return game.creator.player.display_name(game.creator)


def starts_batch(row: Event) -> bool:
    """A batch (the events one command or the service appended at once) starts with the
    event that records its command, or with one of the service's own events."""
    return row.command is not None or row.type in store.SERVICE_EVENTS


def visible_event(row: Event, viewer: int | None, batch_end: bool) -> dict[str, Any]:
    """An event as seat `viewer` (None: a spectator) may see it."""
    kind, data = players.served_event(row.game_id, row.type, row.schema_version, row.data)
    out: dict[str, Any] = {
        "seq": row.seq, "type": kind, "data": data,
        "actor": row.actor, "recorded_at": chain.timestamp(row.recorded_at),
        "batch_end": batch_end,
    }
    if viewer is not None and str(viewer) in (row.private or {}):
        out["private"] = row.private[str(viewer)]
    return out


def reader(game: Game, viewer: int | None, language: str) -> texts.Reader:
    """Who reads `game`'s events: seat `viewer` (None: a spectator) in `language`, with
    the seats' names as shown now (the seats read with the game, or by the write path
    that locked it: no query then)."""
    rows = getattr(game, sql.LOCKED_SEATS, None) or seat_rows(game)
    return texts.Reader(game.game_type, viewer, texts.seat_names(rows), language)


def visible_events(rows: list[Event], reader: texts.Reader,
                   following: Event | None = None) -> list[dict[str, Any]]:
    """Consecutive rows as `reader` may see them, each with its `text` for the reader and
    marked `batch_end` when it is the last of its batch. `following` is the stored row
    after the last one, if the rows were cut short of the head; else the last row ends a
    batch (batches are appended atomically, so a read never sees part of one)."""
    nexts = [*rows[1:], following]
    return texts.with_texts(
        [visible_event(row, reader.seat, after is None or starts_batch(after))
         for row, after in zip(rows, nexts)], reader)


def events_for(game: Game, viewer: int | None, language: str, after: int = 0,
               limit: int = 100) -> list[dict]:
    """Up to `limit` events after `after`, as `viewer` may see them, told in `language`."""
    rows = list(Event.objects.filter(game=game, seq__gt=after).order_by("seq")[:limit + 1])
    following = rows.pop() if len(rows) > limit else None
    return visible_events(rows, reader(game, viewer, language), following)


def batch_ends_around(game: Game, version: int) -> tuple[int, int] | None:
    """None if `version` is a state some player was served (0, or the end of a batch);
    else the nearest such versions before and after it."""
    if version in (0, game.version):
        return None
    if starts_batch(Event.objects.get(game=game, seq=version + 1)):
        return None
    starts = Event.objects.filter(game=game).filter(
        Q(command__isnull=False) | Q(type__in=store.SERVICE_EVENTS))
    before = starts.filter(seq__lte=version).order_by("-seq").values_list("seq", flat=True)
    later = starts.filter(seq__gt=version).order_by("seq").values_list("seq", flat=True)
    return (before.first() or 1) - 1, (later.first() or game.version + 1) - 1


def view_at(game: Game, viewer: int | None, version: int | None = None) -> dict | None:
    """The rules' view for `viewer` after event `version` (None before the rules start).

    Only states that players were served are shown: the head, or the end of a batch. In
    the middle of a batch the rules are half way through one move (a bluff call settled
    but its next round not dealt): nobody ever saw that state.
    """
    if version is not None and not 0 <= version <= game.version:
        raise BadRequest(f"version must be between 0 and {game.version}", code="invalid_version")
    nearest = batch_ends_around(game, version) if version is not None else None
    if nearest is not None:
        raise BadRequest(f"version {version} is in the middle of a batch; the nearest states "
                         f"players saw are versions {nearest[0]} and {nearest[1]}",
                         code="not_a_batch_end", previous_version=nearest[0],
                         next_version=nearest[1])
    state = store.state_at(game, version)
    if state is None:
        return None
    # The commitment in every view, so each player can keep it to check the audit against.
    return {**store.rules_of(game).view(state, viewer), "server_seed_hash": game.server_seed_hash}


def legal_actions_for(game: Game, viewer: int | None) -> list[dict[str, Any]]:
    if viewer is None or game.status != GameStatus.ACTIVE:
        return []
    return store.rules_of(game).legal_actions(store.state_at(game), viewer)


def game_types() -> list[Any]:
    return list(registry.GAMES.values())


def awaiting(game: Game) -> list[dict[str, Any]]:
    deadlines = ({s.number: getattr(s, "deadline_due", None) for s in seat_rows(game)}
                 if game.turn_timeout else {})
    return [{"seat": int(seat), "kind": kind, "deadline": deadlines.get(int(seat))}
            for seat, kind in sorted(game.awaiting.items(), key=lambda item: int(item[0]))]


def game_for(game: Game, user: AbstractBaseUser | None, with_view: bool = True) -> dict[str, Any]:
    """The game resource as `user` may see it (lists leave out the rules' view: folding
    every listed game would make a list cost a replay per game)."""
    viewer = seat_of(game, user)
    finished = game.status == GameStatus.FINISHED
    return {
        "id": game.id, "game_type": game.game_type, "status": game.status,
        "options": game.options, "table_size": game.seats,
        "creator": creator_name(game), "seats": seats(game), "seat": viewer,
        "version": game.version,
        "awaiting": awaiting(game),
        "turn_timeout": game.turn_timeout, "autoplay_after": game.autoplay_after,
        "view": view_at(game, viewer) if with_view and game.status in PLAYED else None,
        "outcome": game.outcome, "server_seed_hash": game.server_seed_hash,
        "dice_scheme": game.dice_scheme,
        "reveal_by": game.reveal_by if game.status == GameStatus.REVEALING else None,
        "server_seed": game.server_seed if finished else None,
        "created_at": game.created_at, "started_at": game.started_at,
        "finished_at": game.finished_at,
        "rematch": game.rematch_id, "rematch_of": game.rematch_of_id,
        "invited": list(game.invited),
        "private": game.private,
        "rated": game.rated,
        # A finished rated game's rating changes, once the ratings projection applied it.
        "rating_changes": (reads.rating_changes(game.id)
                           if with_view and finished and game.rated else None),
    }


# The statuses whose game has the rules' state (a view).
PLAYED = (GameStatus.ACTIVE, GameStatus.FINISHED)


# A finished game's last event (events/writes/head.py, `close_if_over`): a stream ends
# after it.
FINAL_EVENT = SeedRevealed.TYPE


def rows_after(game_id: Any, after: int, limit: int) -> tuple[list[Event], Event | None]:
    """Up to `limit` stored rows after `after`, and the row after them if there is one."""
    rows = list(Event.objects.filter(game_id=game_id, seq__gt=after).order_by("seq")[:limit + 1])
    following = rows.pop() if len(rows) > limit else None
    return rows, following


def event_page(game: Game | Any, user: AbstractBaseUser | None, after: int, limit: int,
               language: str) -> dict:
    """A page of list_events. The seat is looked up after the rows are read: seats change
    only in the lobby and at the start, in the transaction that appends the first event,
    so a seat read after the rows is never older than the events it filters (a player who
    left the lobby, or whom `start` renumbered, never gets another seat's private parts).
    `game`: the game just read (its seats with it), or its id (read it now). The texts
    are told in `language`."""
    if not isinstance(game, Game):
        game = Game.objects.filter(id=game).first()
        if game is None:
            raise NotFound("no such game", code="game_not_found")
    rows, following = rows_after(game.id, after, limit)
    seat = seat_of(game, user)
    events = visible_events(rows, reader(game, seat, language), following)
    last = events[-1]["seq"] if events else after
    return {"game_type": game.game_type, "version": game.version, "events": events,
            "next_after": last if last < game.version else None}

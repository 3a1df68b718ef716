"""The caller's own account over HTTP (docs/accounts.md): read it, rename it, change its
password, export its data, delete it. The rules are accounts/ (services.py, deletion.py)
and, for games and webhooks, events/ (departures.py, exports.py)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import deletion, selectors
from accounts import services as accounts
from accounts.errors import LoginBusy, TooManyFailedLogins
from events import exports
from events import selectors as game_selectors
from events.inbox import inbox
from events.push import subscriptions as push_subscriptions

from . import me_serializers as ms
from .errors import Busy
from .language import ACCEPT_LANGUAGE, content_language, reader_language, told_in
from .paging import next_page, query_of
from .schema import ProblemSerializer, problems
from .throttling import AnonRateThrottle
from .validation import valid
from .webhook_views import _delivery

PASSWORD_403 = ("`wrong_password`: the password sent is not the account's (counted as a "
                "failed login); `password_required`: no password, and the token is not from "
                "a login of the last DICE_RECENT_LOGIN_MINUTES minutes (problem details)")
PASSWORD_429 = ("throttled (problem details; see Retry-After): `throttled`, the request rate "
                "or DICE_THROTTLE_LOGIN_FAILURES failed password checks for this address or "
                "this username")
PASSWORD_503 = ("`login_busy`: every password hasher of the process stayed busy; nothing "
                "was checked or changed, try again after Retry-After seconds (problem details)")


def password_problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """problems(), with the 403, 429 and 503 of a password check."""
    special = {403: PASSWORD_403, 429: PASSWORD_429, 503: PASSWORD_503}
    out = problems(*(s for s in statuses if s not in special))
    for code in statuses:
        if code in special:
            out[(code, "application/problem+json")] = OpenApiResponse(
                ProblemSerializer, description=special[code])
    return out


class MeSchema(AutoSchema):
    """drf-spectacular documents request bodies on POST, PUT and PATCH only, and a PATCH's
    as partial (every field optional). DELETE /me takes a body (the password), and PATCH
    /me's one field is required: both are documented as a POST's."""

    def _get_request_body(self, direction: str = "request") -> Any:
        if self.method not in ("DELETE", "PATCH"):
            return super()._get_request_body(direction)
        method, self.method = self.method, "POST"
        try:
            return super()._get_request_body(direction)
        finally:
            self.method = method


class PasswordCheckingView(APIView):
    """Checks the caller's password: never inside a request-wide transaction (the hash is
    made with the connection given back: accounts/hashing.py)."""

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        return transaction.non_atomic_requests(super().as_view(**initkwargs))

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, LoginBusy):
            exc = Busy(str(exc), code="login_busy", wait=exc.wait)
        elif isinstance(exc, TooManyFailedLogins):
            exc = Throttled(wait=exc.wait, detail=str(exc))
        return super().handle_exception(exc)

    def ident(self, request: Request) -> str:
        # The failed-login limit's notion of the client, as logins use it.
        return AnonRateThrottle().get_ident(request)


def _account(user: Any) -> dict[str, Any]:
    return {"username": user.get_username(), "date_joined": user.date_joined}


class MeView(PasswordCheckingView):
    schema = MeSchema()

    @extend_schema(operation_id="get_me", tags=["account"],
                   responses={200: ms.AccountSerializer, **problems(401, 429)},
                   summary="Your account")
    def get(self, request: Request) -> Response:
        return Response(ms.AccountSerializer(_account(request.user)).data)

    @extend_schema(operation_id="update_me", tags=["account"], request=ms.RenameSerializer,
                   responses={200: ms.AccountSerializer, **problems(400, 401, 409, 429)},
                   summary="Change your username",
                   description="Validated as at registration (400 `invalid_request` with "
                   "`errors.username`); unique regardless of case (409 `username_taken`). "
                   "Your tokens stay valid; games show the new name (events name players "
                   "by their opaque id: docs/accounts.md).")
    def patch(self, request: Request) -> Response:
        data = valid(ms.RenameSerializer, request.data)
        user = accounts.rename(request.user, data["username"])
        return Response(ms.AccountSerializer(_account(user)).data)

    @extend_schema(operation_id="delete_me", tags=["account"],
                   request=ms.DeleteAccountSerializer,
                   responses={204: OpenApiResponse(description="deleted: every token is "
                                                   "revoked, the username free"),
                              **password_problems(400, 401, 403, 429, 503)},
                   summary="Delete your account (App Store 5.1.1(v), Google Play, GDPR art. 17)",
                   description="Send the password, or none with a token from a login of the "
                   "last DICE_RECENT_LOGIN_MINUTES minutes (default 5). Every token is "
                   "revoked, webhooks deleted, the username freed and the account emptied; "
                   "lobby seats are freed; seats in games being played are played by the "
                   "game's basic bot from now on; finished games stay as they are, "
                   "verifiable. All at once or nothing (docs/accounts.md).")
    def delete(self, request: Request) -> Response:
        data = valid(ms.DeleteAccountSerializer, request.data or {})
        deletion.delete_account(request.user, request.auth, data.get("password"),
                                self.ident(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class PasswordView(PasswordCheckingView):
    @extend_schema(operation_id="change_password", tags=["account"],
                   request=ms.ChangePasswordSerializer,
                   responses={200: ms.PasswordChangedSerializer,
                              **password_problems(400, 401, 403, 429, 503)},
                   summary="Change your password: every other token is revoked",
                   description="The current password is checked as a login checks it (403 "
                   "`wrong_password`, counted by the failed-login limit); the new one is "
                   "validated as at registration (400 `invalid_password`). The token of "
                   "this request stays valid; every other is revoked.")
    def post(self, request: Request) -> Response:
        data = valid(ms.ChangePasswordSerializer, request.data)
        revoked = accounts.change_password(request.user, request.auth, data["current_password"],
                                           data["new_password"], self.ident(request))
        return Response(ms.PasswordChangedSerializer({"revoked_tokens": revoked}).data)


NONE_YET = {"kept": False, "detail": "the service keeps no ratings or statistics of players "
                                     "yet; this section will hold them once it does"}


class ExportView(APIView):
    @extend_schema(operation_id="export_me", tags=["account"],
                   parameters=[ms.ExportQuerySerializer, ACCEPT_LANGUAGE, content_language(200)],
                   responses={200: ms.ExportSerializer, **problems(400, 401, 429)},
                   summary="Everything the service holds about you (GDPR art. 15 and 20)",
                   description="Your account, your tokens' metadata (never keys), your "
                   "webhooks (never secrets) with their latest deliveries, your push "
                   "subscriptions (never keys) and choice of kinds, and a page of your "
                   "games (10 by default, `limit` up to 50) with the events as your seat is "
                   "served them, your private parts included and no one else's. Follow "
                   "`games_next_after` with `?after=` for the next page (docs/accounts.md).")
    def get(self, request: Request) -> Response:
        query = valid(ms.ExportQuerySerializer, request.query_params)
        user = request.user
        language = reader_language(request)
        games, next_after = exports.games_of(user, after=query["after"], limit=query["limit"],
                                             events=query["events"], language=language)
        current = getattr(request.auth, "id", None)
        tokens = [{"id": t.id, "prefix": t.prefix, "name": t.name, "created_at": t.created_at,
                   "last_used_at": t.last_used_at, "expires_at": t.expires_at,
                   "current": t.id == current} for t in selectors.tokens_of(user)]
        body = {
            "exported_at": timezone.now(),
            "account": {"id": user.pk, "username": user.get_username(),
                        "email": getattr(user, "email", "") or "",
                        "date_joined": user.date_joined, "last_login": user.last_login},
            "tokens": tokens, "webhooks": [_webhook(h) for h in exports.webhooks_export(user)],
            "push": push_subscriptions.export(user),
            "games": games, "games_next_after": next_after,
            "ratings": NONE_YET, "statistics": NONE_YET,
        }
        return told_in(Response(ms.ExportSerializer(body).data), language)


class InboxView(APIView):
    @extend_schema(operation_id="list_my_games", tags=["account"],
                   parameters=[ms.InboxQuerySerializer],
                   responses={200: OpenApiResponse(
                       ms.InboxSerializer,
                       description="a page of your games; the next page's URL is also in "
                       "the Link header (RFC 8288, rel=\"next\")"),
                       **problems(400, 401, 429)},
                   summary="Your inbox: your unfinished games, those awaiting you first",
                   description="Your games in the lobby or being played, and the rematches "
                   "that invite you (`invited: true`, `my_seat: null`: a lobby naming you in "
                   "`invited`, with a free seat, that you have not joined). Those awaiting a "
                   "decision of yours first, then the invitations, then the others; within "
                   "each by your seat's deadline (soonest first; none last), then by the "
                   "last move (oldest first). `my_turn=true` lists the games awaiting you "
                   "only, `my_turn=false` the others with the invitations. Pages of `limit` "
                   "games (20 by default, up to 100); follow `next` "
                   "(or the Link header). 400 `invalid_cursor` for a cursor this endpoint did "
                   "not give, `invalid_request` for a bad `limit` or `my_turn`, "
                   "`unknown_parameter` for any other parameter (docs/platform.md).")
    def get(self, request: Request) -> Response:
        query = query_of(ms.InboxQuerySerializer, request)
        items, cursor = inbox(request.user, limit=query["limit"], cursor=query.get("cursor"),
                              my_turn=query.get("my_turn"))
        results = [{"id": item["game"].id, "game_type": item["game"].game_type,
                    "status": item["game"].status, "my_turn": item["my_turn"],
                    "my_seat": item["my_seat"], "invited": item["invited"],
                    "creator": item["creator"],
                    "deadline": item["deadline"],
                    "last_move_at": item["last_move_at"],
                    "seats": game_selectors.seats(item["game"]),
                    "version": item["game"].version} for item in items]
        next_url, headers = next_page(request, cursor)
        return Response(ms.InboxSerializer({"results": results, "next": next_url}).data,
                        headers=headers)


def _webhook(hook: dict[str, Any]) -> dict[str, Any]:
    return {**hook, "deliveries": [_delivery(d) for d in hook["deliveries"]]}

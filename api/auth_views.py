"""Accounts over HTTP: register, log in, list and revoke tokens, log out (accounts/)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors
from accounts import services as accounts
from accounts.errors import LoginBusy, TooManyFailedLogins, WrongCredentials
from accounts.failed_logins import Standing

from . import auth_serializers as s
from .errors import Busy
from .schema import credentials_problems, problems
from .throttling import AnonRateThrottle, Quota
from .throttling import record as record_quota
from .views import LOCATION
from .validation import valid

TOKEN_ID = OpenApiParameter("token_id", type=OpenApiTypes.INT, location=OpenApiParameter.PATH,
                            description="the token's id, from GET /auth/tokens")


def _token_name(request: Request, data: dict[str, Any]) -> str:
    return data.get("token_name") or request.headers.get("User-Agent", "")


def _record(request: Request, standing: Standing) -> None:
    """The failed-login limit where this login left it, for the RateLimit-* headers."""
    record_quota(request, Quota(standing.limit, standing.left, standing.reset, "login"))


def _issued(issued: accounts.IssuedToken) -> dict[str, Any]:
    token = issued.token
    return {"username": token.user.get_username(), "player_id": selectors.player_id_of(token.user),
            "token": issued.key, "token_id": token.id,
            "expires_at": token.expires_at}


class CredentialsView(APIView):
    """Takes a username and password; a token header is neither needed nor read.

    The password is hashed with no database connection held (accounts/hashing.py gives the
    thread's connections back first): never inside a request-wide transaction, even if
    ATOMIC_REQUESTS were set, for a connection in a transaction cannot be given back."""

    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [AnonRateThrottle]

    @classmethod
    def as_view(cls, **initkwargs: Any) -> Any:
        return transaction.non_atomic_requests(super().as_view(**initkwargs))

    def get_authenticate_header(self, request: Request) -> str:
        return "Token"

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, LoginBusy):
            exc = Busy(str(exc), code="login_busy", wait=exc.wait)
        return super().handle_exception(exc)


class RegisterView(CredentialsView):
    @extend_schema(operation_id="register", tags=["auth"], request=s.CredentialsSerializer,
                   parameters=[LOCATION],
                   responses={201: s.TokenSerializer,
                              **credentials_problems(400, 409, 429, 503)},
                   summary="Create an account and get its first token",
                   description="A weak password gets 400 `invalid_password` with the reasons "
                   "in `errors.password`; a username taken in any case gets 409 "
                   "`username_taken`. 503 `login_busy` (with Retry-After) when the "
                   "process's password hashers stayed busy (docs/accounts.md).")
    def post(self, request: Request) -> Response:
        data = valid(s.CredentialsSerializer, request.data)
        issued = accounts.register(data["username"], data["password"],
                                   name=_token_name(request, data))
        return Response(s.TokenSerializer(_issued(issued)).data, status=status.HTTP_201_CREATED,
                        headers={"Location": reverse("token-detail", args=[issued.token.id])})


class TokenView(CredentialsView):
    @extend_schema(operation_id="obtain_token", tags=["auth"], request=s.CredentialsSerializer,
                   responses={200: s.TokenSerializer,
                              **credentials_problems(400, 401, 429, 503)},
                   summary="Log in: exchange username and password for a new token",
                   description="Every login gets a token of its own. Failed logins are "
                   "limited per client address and per username (429 `throttled` with "
                   "Retry-After, even for the right password, until the window passes); "
                   "each attempt is counted before its password is checked, and given back "
                   "if the password was right. 503 `login_busy` (with Retry-After) when the "
                   "process's password hashers stayed busy: nothing checked, nothing "
                   "counted.")
    def post(self, request: Request) -> Response:
        data = valid(s.CredentialsSerializer, request.data)
        try:
            issued, standing = accounts.login(request, self.get_ident(request),
                                              data["username"], data["password"],
                                              name=_token_name(request, data))
        except TooManyFailedLogins as refused:
            _record(request, Standing(refused.limit, 0, refused.wait))
            raise Throttled(wait=refused.wait, detail=str(refused)) from None
        except WrongCredentials as refused:
            _record(request, refused.standing)
            raise AuthenticationFailed(str(refused)) from None
        _record(request, standing)
        return Response(s.TokenSerializer(_issued(issued)).data)

    def get_ident(self, request: Request) -> str:
        # The throttles' notion of the client: REMOTE_ADDR unless DICE_TRUSTED_PROXIES says
        # how many X-Forwarded-For entries were appended by our own proxies.
        return AnonRateThrottle().get_ident(request)


class TokenListView(APIView):
    @extend_schema(operation_id="list_tokens", tags=["auth"],
                   responses={200: s.AccessTokenSerializer(many=True), **problems(401, 429)},
                   summary="The caller's live tokens (never their keys), newest first")
    def get(self, request: Request) -> Response:
        rows = [{"id": t.id, "prefix": t.prefix, "name": t.name, "created_at": t.created_at,
                 "last_used_at": t.last_used_at, "expires_at": t.expires_at,
                 "current": t.id == getattr(request.auth, "id", None)}
                for t in selectors.tokens_of(request.user)]
        return Response(s.AccessTokenSerializer(rows, many=True).data)


class TokenDetailView(APIView):
    @extend_schema(operation_id="revoke_token", tags=["auth"], parameters=[TOKEN_ID],
                   responses={204: OpenApiResponse(description="revoked"),
                              **problems(401, 404, 429)},
                   summary="Revoke one of the caller's tokens",
                   description="404 `token_not_found` unless the token is the caller's.")
    def delete(self, request: Request, token_id: int) -> Response:
        accounts.revoke(request.user, token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutView(APIView):
    @extend_schema(operation_id="logout", tags=["auth"], request=None,
                   responses={204: OpenApiResponse(description="the token is revoked"),
                              **problems(401, 429)},
                   summary="Log out: revoke the token this request is made with")
    def post(self, request: Request) -> Response:
        accounts.logout(request.auth)
        return Response(status=status.HTTP_204_NO_CONTENT)

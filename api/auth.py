"""Token authentication: `Authorization: Token <key>` or `Authorization: Bearer <key>`.

Keys are access tokens (accounts.models.AccessToken, one per login), looked up by their
SHA-256 hash; see accounts/services.py and docs/accounts.md.
"""

from __future__ import annotations

from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from accounts import services as accounts
from accounts.errors import NotAuthenticated

KEYWORDS = (b"token", b"bearer")


class BearerOrTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):  # type: ignore[no-untyped-def]
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() not in KEYWORDS:
            return None
        if len(parts) != 2:
            raise AuthenticationFailed("send `Authorization: Token <key>`: one key, no spaces")
        try:
            key = parts[1].decode()
        except UnicodeError:
            raise AuthenticationFailed("invalid token") from None
        try:
            return accounts.authenticate_key(key)
        except NotAuthenticated as refused:
            raise AuthenticationFailed(str(refused)) from None

    def authenticate_header(self, request) -> str:  # type: ignore[no-untyped-def]
        return "Token"

"""Token authentication: `Authorization: Token <key>` or `Authorization: Bearer <key>`."""

from __future__ import annotations

from rest_framework.authentication import TokenAuthentication, get_authorization_header


class BearerOrTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):  # type: ignore[no-untyped-def]
        parts = get_authorization_header(request).split()
        if parts and parts[0].lower() == b"bearer":
            self.keyword = "Bearer"
        else:
            self.keyword = "Token"
        return super().authenticate(request)

    def authenticate_header(self, request) -> str:  # type: ignore[no-untyped-def]
        return "Token"

"""OpenAPI helpers of the views: the problem responses and the token authentication
scheme. The postprocessing hooks, which shape the document itself, are contract/hooks.py."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse

from .serializers import ProblemSerializer

DESCRIPTIONS = {
    400: "malformed request (problem details)",
    401: "not authenticated (problem details)",
    403: "not allowed for this user or seat (problem details)",
    404: "no such game or resource (problem details)",
    409: "conflict: stale expected version or wrong lobby state (problem details)",
    422: "illegal action: the rule that forbids it is in `code` and `detail`",
    429: "throttled (problem details; see Retry-After)",
}


# The credentials endpoints (register, log in), whose 429 and 503 have codes of their own.
LOGIN_429 = ("throttled (problem details; see Retry-After): `throttled`, the request rate "
             "or, on a login, DICE_THROTTLE_LOGIN_FAILURES failed logins for this address or "
             "this username (even the right password is refused until the window passes)")
LOGIN_503 = ("`login_busy`: every password hasher of the process stayed busy for "
             "DICE_PASSWORD_HASH_WAIT seconds; nothing was checked or counted, try again after "
             "Retry-After seconds. `database_unavailable`: the database is busy or unreachable "
             "(problem details)")


def credentials_problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """As problems(), for register and log in: their 429 and 503 say their codes."""
    out = problems(*(s for s in statuses if s != 503))
    if 429 in statuses:
        out[(429, "application/problem+json")] = OpenApiResponse(ProblemSerializer,
                                                                 description=LOGIN_429)
    if 503 in statuses:
        out[(503, "application/problem+json")] = OpenApiResponse(ProblemSerializer,
                                                                 description=LOGIN_503)
    return out


def problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """Problem-details responses (application/problem+json) for these statuses."""
    return {(code, "application/problem+json"): OpenApiResponse(
        ProblemSerializer, description=DESCRIPTIONS[code]) for code in statuses}


LIVE_429 = ("throttled (problem details; see Retry-After), or the caller has "
            "DICE_STREAMS_PER_USER streams and long polls open already: `too_many_streams`")


# The caps per user (events/caps.py, docs/platform.md "Caps per user"): 409 with a code.
OPEN_TABLES_409 = ("`too_many_open_tables`: you created DICE_OPEN_TABLES_PER_USER (default 20) "
                   "games that are not finished (in the lobby or in play; rematches you asked "
                   "for count, quick-play tables do not); nothing was created. The problem "
                   "holds the `limit`")
WEBHOOKS_409 = ("`too_many_webhooks`: you hold DICE_WEBHOOKS_PER_USER (default 10) webhooks; "
                "nothing was created: delete one first. The problem holds the `limit`")


def conflict(description: str) -> dict[tuple[int, str], OpenApiResponse]:
    """A 409 problem response saying its codes."""
    return {(409, "application/problem+json"): OpenApiResponse(ProblemSerializer,
                                                               description=description)}


LIVE_401 = ("not authenticated (problem details): `not_authenticated`, "
            "`authentication_failed`; on a stream opened with `?ticket=`, a ticket used "
            "before: `ticket_used` (a ticket opens one stream: ask for a new one)")


def live_problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """As problems(), for the live endpoints (streams and long polls), whose 429 may also
    be `too_many_streams`, and whose streams' tickets are single-use (401 `ticket_used`)."""
    out = problems(*statuses)
    if 401 in statuses:
        out[(401, "application/problem+json")] = OpenApiResponse(ProblemSerializer,
                                                                 description=LIVE_401)
    if 429 in statuses:
        out[(429, "application/problem+json")] = OpenApiResponse(ProblemSerializer,
                                                                 description=LIVE_429)
    return out


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.auth.BearerOrTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <key>` (or `Bearer <key>`) from /api/v1/auth/token"}

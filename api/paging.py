"""Lists served in pages (the inbox, a player's games, leaderboards, the push log): the
query read strictly, and the next page's link. The cursors themselves are the services'
(each list knows what it orders by)."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from events.errors import BadRequest

from .validation import valid

PAGED = ("Pages of `limit` items (20 by default, up to 100); follow `next` (or the Link "
         "header). 400 `invalid_cursor` for a cursor this endpoint did not give, "
         "`unknown_parameter` for any other parameter.")


def query_of(serializer: type, request: Request) -> dict[str, Any]:
    """The request's query, valid for `serializer`; 400 `unknown_parameter` for a parameter
    it does not have."""
    unknown = sorted(set(request.query_params) - set(serializer().fields))
    if unknown:
        raise BadRequest(f"unknown query parameter: {', '.join(unknown)}",
                         code="unknown_parameter")
    return valid(serializer, request.query_params)


def next_page(request: Request, cursor: str | None) -> tuple[str | None, dict[str, str]]:
    """The next page's URL (this request's with `cursor`) and its Link header; none on the
    last page."""
    if cursor is None:
        return None, {}
    params = request.query_params.copy()
    params["cursor"] = cursor
    url = request.build_absolute_uri(f"{request.path}?{params.urlencode()}")
    return url, {"Link": f'<{url}>; rel="next"'}

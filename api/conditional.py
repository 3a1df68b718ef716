"""Conditional GETs (RFC 9110, 8.8.3 and 13.1.2): strong ETags, and If-None-Match
answered with 304 Not Modified (no body, the same ETag).

An ETag is a digest of everything that determines the body it tags:
- a game's state, legal actions and events: the game, its version (and status), the
  caller's seat and the query (and for events, the language of their texts), so a
  revalidation costs no replay and no read of events;
- the game resource itself also shows seats, client seeds, autoplay and deadlines, which
  change without a new version (in the lobby, on the clock): its ETag is the body's digest.
Both digests include the code's own (CODE_DIGEST): a deployment that changes how a body
is written (or how the events' texts are translated) changes every ETag. The seat is in
every ETag, so a browser cache that served one login's answer never revalidates it for
another's. These answers say `Cache-Control: private, no-cache`: a client may keep them,
and asks again each time.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

CACHE_CONTROL = "private, no-cache"


@functools.cache
def code_digest() -> str:
    """A digest of the modules that shape the bodies (games/, events/, api/) and of the
    compiled catalogues the events' texts are translated with (settings.LOCALE_PATHS)."""
    digest = hashlib.sha256()
    roots = [(Path(importlib.import_module(package).__file__ or "").parent, "*.py")
             for package in ("games", "events", "api")]
    roots += [(Path(locale), "*.mo") for locale in settings.LOCALE_PATHS]
    for root, pattern in roots:
        for path in sorted(root.rglob(pattern)):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def etag_of(*parts: Any) -> str:
    text = "\x1f".join(str(part) for part in (code_digest(), *parts))
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


def _body_etag(body: bytes) -> str:
    return etag_of("body", hashlib.sha256(body).hexdigest())


class _Rendered(JSONRenderer):
    """JSONRenderer that answers with the bytes already rendered for the ETag (the same
    bytes: same renderer, same settings), unless the client asked for an indent."""

    def __init__(self, body: bytes) -> None:
        self.body = body

    def render(self, data: Any, accepted_media_type: str | None = None,
               renderer_context: Any = None) -> bytes:
        if self.get_indent(accepted_media_type, renderer_context or {}) is not None:
            return super().render(data, accepted_media_type, renderer_context)
        return self.body


class RenderedResponse(Response):
    """A Response whose JSON body was rendered once already (for its ETag)."""

    def __init__(self, data: Any, body: bytes) -> None:
        super().__init__(data)
        self._body = body

    @property
    def rendered_content(self) -> Any:
        if type(getattr(self, "accepted_renderer", None)) is JSONRenderer:
            self.accepted_renderer = _Rendered(self._body)
        return super().rendered_content


def _matches(header: str, etag: str) -> bool:
    """If-None-Match uses the weak comparison: W/"x" matches "x"; `*` matches any."""
    tags = parse_etags(header)
    if tags == ["*"]:
        return True
    bare = etag.removeprefix("W/")
    return any(tag.removeprefix("W/") == bare for tag in tags)


def _headers(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, ["Authorization"])
    return response


def not_modified(request: Request, etag: str) -> HttpResponse | None:
    """304 if the request's If-None-Match names `etag` (or is `*`), else None."""
    header = request.headers.get("If-None-Match", "")
    if header and _matches(header, etag):
        return _headers(HttpResponseNotModified(), etag)
    return None


def tagged(data: Any, etag: str) -> Response:
    """A 200 with `etag` and the cache headers."""
    response = Response(data)
    _headers(response, etag)
    return response


def answer(request: Request, etag: str, build: Any) -> HttpResponse:
    """304 when the client holds `etag`; else the body `build()` makes, tagged."""
    return not_modified(request, etag) or tagged(build(), etag)


def answer_body(request: Request, data: Any) -> HttpResponse:
    """As answer(), with the ETag of the body itself (rendered once: for the digest and
    for the answer)."""
    body = JSONRenderer().render(data)
    etag = _body_etag(body)
    return not_modified(request, etag) or _headers(RenderedResponse(data, body), etag)


# --- OpenAPI -----------------------------------------------------------------------------

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match", type=str, location=OpenApiParameter.HEADER, required=False,
    description="an ETag from an earlier answer (or several, comma-separated, or `*`): "
                "304 Not Modified, with no body, while it is still current")
ETAG_200 = OpenApiParameter(
    "ETag", type=OpenApiTypes.STR, location=OpenApiParameter.HEADER, response=[200, 304],
    description="a strong validator of this answer for this caller (opaque): send it back "
                "as If-None-Match")
NOT_MODIFIED = {304: OpenApiResponse(description="Not Modified: the If-None-Match ETag is "
                                                 "current; no body, the same ETag")}
CONDITIONAL = [IF_NONE_MATCH, ETAG_200]

"""The language a response's event texts are written in (events/texts.py): the best of
settings.LANGUAGES for the request's Accept-Language, English when none fits. Only the
texts are translated: problem documents and the rest stay English (docs/translating.md).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from drf_spectacular.utils import OpenApiParameter


def reader_language(request: HttpRequest) -> str:
    """The language for this request's texts (from Accept-Language; never a URL prefix)."""
    return translation.get_language_from_request(request)


def told_in(response: HttpResponse, language: str) -> HttpResponse:
    """Mark an answer whose texts are in `language`: Content-Language, and Vary:
    Accept-Language (the same URL answers in another language to another header)."""
    response["Content-Language"] = language
    patch_vary_headers(response, ["Accept-Language"])
    return response


# --- OpenAPI -----------------------------------------------------------------------------

ACCEPT_LANGUAGE = OpenApiParameter(
    "Accept-Language", type=str, location=OpenApiParameter.HEADER, required=False,
    description="the languages you read, best first (RFC 9110), e.g. `fr, en;q=0.5`: the "
                "events' `text` is written in the best one the service has (en, fr), "
                "English when none matches")


def content_language(*statuses: int) -> OpenApiParameter:
    """The response header naming the language of the events' texts."""
    return OpenApiParameter(
        "Content-Language", type=str, location=OpenApiParameter.HEADER,
        response=list(statuses), description="the language of the events' `text` (en, fr)")

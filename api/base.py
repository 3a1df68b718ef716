"""The base of the API's views: DRF's APIView, less the garbage cycles it leaves.

DRF ties each request into reference cycles (the Request is in its own `parser_context`,
with the view; the view holds the request and its response, whose `renderer_context`
holds the view; Django's View.setup sets `self.head = self.get`). So nothing a request
touched (the request, the user, the game and its seats, the serializers, the response)
was freed when the request ended: it waited for the cyclic collector. Under load (tests/benchmarks/live.py: 1,000 long polls and moves in 200
games) that was ~155 objects a long poll, and collections of 160,000 to 340,000 objects
that stopped a worker for 250 to 760 ms. Once its response is rendered, a view here lets
go of those links, and `unbind` those of a used serializer's fields (api/validation.py
`valid`): reference counting frees the request and what only it held. Left to the
collector: 24 objects a long poll, 0 for /game-types (a game and its seats refer to each
other, so that no seat reads its game again).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.template.response import SimpleTemplateResponse
from rest_framework.request import Request
from rest_framework.views import APIView as DRFAPIView


class APIView(DRFAPIView):
    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(request, *args, **kwargs)
        if isinstance(response, SimpleTemplateResponse) and not response.is_rendered:
            response.add_post_render_callback(self._let_go)
        else:
            self._let_go(response)
        return response

    def _let_go(self, response: HttpResponseBase) -> None:
        """Break the cycles once the response is rendered (returns None: a post-render
        callback's answer would replace the response)."""
        drf_request = getattr(self, "request", None)
        if isinstance(drf_request, Request):
            drf_request.parser_context = None
        if isinstance(response, SimpleTemplateResponse):
            response.renderer_context = None  # type: ignore[attr-defined]
        self.request = None  # type: ignore[assignment]
        self.response = None
        self.__dict__.pop("head", None)  # Django's View.setup: self.head = self.get, a cycle


def unbind(field: Any) -> None:
    """Undo DRF's binding of a used serializer's fields, which refer to their parents as
    their parents refer to them (`fields`, a list's or a dict's `child`): cycles again."""
    children = list(field.__dict__.pop("fields", {}).values())
    children += [c for c in (field.__dict__.get("child"), field.__dict__.get("child_relation"))
                 if c is not None]
    for child in children:
        unbind(child)
        child.parent = None

"""The game types: each with its JSON Schemas (contract/) and its rules page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from contract.bundle import game_type_schemas
from events import selectors

from . import serializers as s
from .schema import problems
from .views import _game_type


def _rules_of(slug: str) -> Any:
    rules = next((r for r in selectors.game_types() if r.slug == slug), None)
    if rules is None:
        raise NotFound(f"no game type {slug!r}")
    return rules


SLUG = OpenApiParameter("slug", type=str, location=OpenApiParameter.PATH,
                        description="the game type, e.g. snake-bones")
RULES_DIR = Path(settings.BASE_DIR) / "docs" / "games"


class GameTypeDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="get_game_type", tags=["game types"], parameters=[SLUG],
                   responses={200: s.GameTypeDetailSerializer, **problems(401, 404, 429)},
                   summary="A game type with the JSON Schemas of its actions, legal-action "
                           "items, view, events, outcome and options",
                   description="The same schemas as openapi.yaml's `<Game>...` components "
                   "(contract/), each a JSON Schema 2020-12 document of its own, so "
                   "that a client can learn a game at run time.")
    def get(self, request: Request, slug: str) -> Response:
        rules = _rules_of(slug)
        return Response({**_game_type(rules, request),
                         "schemas": game_type_schemas(rules.slug)})


class MarkdownRenderer(BaseRenderer):
    media_type = "text/markdown"
    format = "md"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):  # type: ignore[no-untyped-def]
        return data.encode("utf-8") if isinstance(data, str) else data


class FirstRenderer(BaseContentNegotiation):
    """The rules are Markdown whatever the Accept header says (errors: problem JSON)."""

    def select_parser(self, request, parsers):  # type: ignore[no-untyped-def]
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):  # type: ignore[no-untyped-def]
        return renderers[0], renderers[0].media_type


class GameTypeRulesView(APIView):
    permission_classes = [AllowAny]
    renderer_classes = [MarkdownRenderer]
    content_negotiation_class = FirstRenderer

    @extend_schema(operation_id="get_game_type_rules", tags=["game types"], parameters=[SLUG],
                   responses={(200, "text/markdown"): OpenApiResponse(
                       OpenApiTypes.STR, description="the rules page (docs/games/<slug>.md)"),
                       **problems(401, 404, 429)},
                   summary="The rules of a game type, as Markdown")
    def get(self, request: Request, slug: str) -> Response:
        rules = _rules_of(slug)
        page = RULES_DIR / f"{rules.slug}.md"
        if not page.is_file():
            raise NotFound(f"no rules page for {slug!r}")
        return Response(page.read_text(encoding="utf-8"),
                        content_type="text/markdown; charset=utf-8")

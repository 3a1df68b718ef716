"""The game types: the list (with each game's options and bot levels), each with its JSON
Schemas (contract/), and its rules page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.urls import reverse
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
from games import registry
from games.core.options import options_schema

from . import game_type_serializers as s
from .schema import problems


def _game_type(rules: Any, request: Request) -> dict[str, Any]:
    return {
        "slug": rules.slug, "name": rules.name, "min_players": rules.min_players,
        "max_players": rules.max_players,
        "options": [{"name": o.name, "default": o.default, "schema": dict(o.schema),
                     "description": o.description} for o in rules.options],
        "options_schema": options_schema(rules.options),
        "bot_levels": registry.bot_levels(rules.slug),
        "rules_url": request.build_absolute_uri(reverse("game-type-rules", args=[rules.slug])),
        "detail_url": request.build_absolute_uri(reverse("game-type", args=[rules.slug])),
    }


class GameTypeListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="list_game_types", tags=["game types"],
                   responses={200: s.GameTypeSerializer(many=True), **problems(401, 429)},
                   summary="The games this server hosts, with their options")
    def get(self, request: Request) -> Response:
        return Response(_game_types(request))


# The listing is the same for every request to one host (only its absolute URLs name the
# host): built once per host and kept (a few hosts at most: ALLOWED_HOSTS).
_GAME_TYPES: dict[str, list[dict[str, Any]]] = {}


def _game_types(request: Request) -> list[dict[str, Any]]:
    base = request.build_absolute_uri("/")
    listing = _GAME_TYPES.get(base)
    if listing is None:
        listing = [_game_type(rules, request) for rules in selectors.game_types()]
        if len(_GAME_TYPES) < 16:
            _GAME_TYPES[base] = listing
    return listing


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

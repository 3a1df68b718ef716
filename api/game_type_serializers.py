"""The game types' response shapes: each game with its options, bot levels and links, and
its JSON Schemas (GET /game-types, /game-types/{slug}). Shapes only."""

from __future__ import annotations

from rest_framework import serializers


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    default = serializers.JSONField(allow_null=True)
    schema = serializers.DictField(child=serializers.JSONField(), help_text="JSON schema")
    description = serializers.CharField()


class GameTypeSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = OptionSerializer(many=True)
    options_schema = serializers.DictField(child=serializers.JSONField(),
                                           help_text="JSON schema of the whole options object")
    bot_levels = serializers.ListField(
        child=serializers.CharField(), help_text="the levels of bot a table may seat "
        "(POST /games `bots`, POST /games/{id}/bots), weakest first; always `basic`")
    rules_url = serializers.URLField(help_text="the rules (Markdown): GET it")
    detail_url = serializers.URLField(help_text="the game type with its JSON Schemas")


class GameTypeSchemasSerializer(serializers.Serializer):
    """A game's JSON Schemas (2020-12), each a document of its own (`$defs` holds what it
    refers to): the same as openapi.yaml's `<Game>...` components."""

    action = serializers.JSONField(help_text="an action (POST /games/{id}/actions)")
    legal_action = serializers.JSONField(help_text="an item of GET /games/{id}/legal-actions")
    view = serializers.JSONField(help_text="the view (GET /games/{id}/state)")
    event = serializers.JSONField(help_text="an event as served (GET /games/{id}/events)")
    events = serializers.JSONField(
        help_text="by event type: {\"data\": schema, \"private\": schema or null}")
    outcome = serializers.JSONField(help_text="the outcome")
    options = serializers.JSONField(help_text="the options object of POST /games")


class GameTypeDetailSerializer(GameTypeSerializer):
    schemas = GameTypeSchemasSerializer()

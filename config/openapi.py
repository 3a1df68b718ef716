"""How drf-spectacular writes openapi.yaml (settings.SPECTACULAR_SETTINGS): the document's
title, tags in the order of a game's life, the enums' names, the webhooks it types and the
postprocessing hooks (contract/hooks.py, api/examples.py, api/ops.py). Data only: nothing
here reads the environment."""

from __future__ import annotations

from typing import Any

DOCUMENT: dict[str, Any] = {
    "TITLE": "Dice Games API",
    "DESCRIPTION": (
        "An event-sourced REST API for turn-based online play of five tabletop dice "
        "games. Every roll, bid and move is an immutable event; a game's state is what "
        "replaying its events gives. Errors are RFC 9457 problem details with a stable "
        "`code`."
    ),
    "VERSION": "1.0.0",
    # No licence is granted: the repository states none (the API is the project's own).
    "LICENSE": {"name": "Proprietary"},
    # Relative: the API is served where this document is (every path holds /api/v1).
    "SERVERS": [{"url": "/", "description": "this server (where this document is served)"}],
    # In the order of a game's life; every operation and webhook has one of these.
    "TAGS": [
        {"name": "auth", "description": "Register, log in (a token per login), list and "
                                         "revoke tokens, log out."},
        {"name": "account", "description": "Your own account: read it, change your username "
                                            "or password, export your data, delete it "
                                            "(docs/accounts.md)."},
        {"name": "game types", "description": "The five games: players, options (with their "
                                               "JSON Schemas), rules, and every payload's "
                                               "schema."},
        {"name": "matchmaking", "description": "Quick play: ask for a table with a "
                                               "ticket; the server seats you with other "
                                               "players (or bots) and starts the game."},
        {"name": "lobby", "description": "Games before and around play: create, list and "
                                          "read games; join, leave, set a client seed, "
                                          "start."},
        {"name": "play", "description": "A game in play: the caller's legal actions, posting "
                                         "an action, the state now or at a past version."},
        {"name": "live", "description": "A game's events: pages by sequence, the long poll "
                                         "(`?wait=`), server-sent events and their tickets."},
        {"name": "audit", "description": "After the end: every event with its private parts, "
                                          "the revealed seed, the hash chain, the verdict, "
                                          "and the challenges of resolved bluffs."},
        {"name": "players", "description": "Players' records across games, kept from the "
                                            "events: profiles, finished games, ratings, "
                                            "leaderboards (docs/ratings.md)."},
        {"name": "webhooks", "description": "Notifications pushed to your URL (your turn, "
                                             "game started, game over, clock warning): "
                                             "register, rotate secrets, read deliveries; "
                                             "the deliveries themselves are under `webhooks`."},
        {"name": "notifications", "description": "Web Push to your browser or installed "
                                                  "app (your turn, match found, rematch "
                                                  "offered, clock warning, game over): the "
                                                  "server key, subscriptions, which kinds "
                                                  "you get, the push log; the message's "
                                                  "JSON is `push_message` under `webhooks` "
                                                  "(docs/notifications.md)."},
    ],
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": ["lobby", "revealing", "active", "finished"],
        "DeliveryStatusEnum": ["pending", "delivered", "failed"],
        "WebhookKindEnum": "api.webhook_serializers.WEBHOOK_KINDS",
    },
    # The enums' values speak for themselves ("* `lobby` - lobby" says nothing more).
    "ENUM_GENERATE_CHOICE_DESCRIPTION": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "AUTHENTICATION_WHITELIST": ["api.auth.BearerOrTokenAuthentication"],
    # OpenAPI 3.1 for its `webhooks`: the deliveries' headers and payloads are typed there.
    "OAS_VERSION": "3.1.0",
    "WEBHOOKS": ["api.webhook_schema.YOUR_TURN", "api.webhook_schema.GAME_STARTED",
                 "api.webhook_schema.GAME_OVER", "api.webhook_schema.CLOCK_WARNING",
                 # the Web Push message's JSON (docs/notifications.md)
                 "api.push_schema.PUSH_MESSAGE"],
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "contract.hooks.delivery_headers",
                             # every game's actions, views, events, outcome (contract/)
                             "contract.hooks.game_components",
                             # SSE bodies as strings, their events typed aside
                             "contract.hooks.event_streams",
                             # real examples, captured from a game (api/examples.py)
                             "api.examples.add_examples",
                             # X-Request-ID and RateLimit-* on every response (api/ops.py)
                             "api.ops.common_headers",
                             # date-times, defaults of requests, tags (contract/hooks.py)
                             "contract.hooks.tidy"],
}

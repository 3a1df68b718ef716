"""Web Push (docs/notifications.md, docs/decisions/0026-web-push.md): a player whose app is
closed hears of their turn, a match, a rematch, their clock and a game's end.

    tables.py         the subscriptions, the preferences, the outbox (push deliveries)
    keys.py           the VAPID key pair: from the environment, or generated into var/
    subscriptions.py  subscribe (validated, moved between users), list, remove; preferences
    payloads.py       what a notice becomes: the JSON pushed, its TTL, Urgency and Topic
    outbox.py         one row per (subscription, notice), written with the notice
    delivery.py       one attempt: encrypted (RFC 8291), signed (RFC 8292), sent through
                      events/webhooks/egress.py; retries, back-off, removal on 404/410

Nothing here is imported by events/models/ but tables.py, so this file imports nothing.
"""

from django.apps import AppConfig


class EventsConfig(AppConfig):
    """The event store and everything around it, one sub-package per concern:

        store/     the streams: append with the hash chain, fold, cache, snapshots
        writes/    the write path (lobby, moves), announcing each batch (writes/hooks.py)
        clocks/    turn clocks: deadlines, timeouts, abandonment
        notices/   each player's live channel: notices in commit order (tidings.py: who
                   needs to know, for the notices and the webhooks alike)
        bots/      bots at the table: their turns, what they see, their moves
        webhooks/  registrations, the outbox, signed deliveries
        push/      Web Push: subscriptions, preferences, an outbox fed by the notices
        outboxes.py  what the webhooks' and the pushes' outboxes share (hand-over, sweep)
        audits/    the audit export and the verifier
        live/      a committed head pushed to live readers
        selectors.py (reads), tasks.py (Celery, and only it), models.py, migrations/
    """

    name = "events"
    verbose_name = "Event store"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Wire the listeners to the write path, once: the bots, the clocks, the webhooks
        and the player channels react to each batch, a game's end kicks the projections
        (the bots first: they see a returning player's autoplay before the clocks end it);
        every notice written feeds the push outbox; the webhook and push outboxes hand
        their deliveries, and the bots their moves, to Celery."""
        from . import tasks
        from .bots import turns as bot_turns
        from .clocks import reactions as clock_reactions
        from .notices import reactions as notice_reactions
        from .notices import store as notice_store
        from .projections import reactions as projection_reactions
        from .push import outbox as push_outbox
        from .webhooks import outbox
        from .webhooks import reactions as webhook_reactions
        from .writes import hooks

        hooks.listen(bot_turns.on_appended)
        hooks.listen(clock_reactions.on_appended)
        hooks.listen(webhook_reactions.on_appended)
        hooks.listen(notice_reactions.on_appended)
        hooks.listen(projection_reactions.on_appended)
        notice_store.listen(push_outbox.on_notice)
        outbox.dispatch = tasks.enqueue_deliveries
        push_outbox.dispatch = tasks.enqueue_pushes
        bot_turns.dispatch = tasks.enqueue_bot_moves
        projection_reactions.dispatch = tasks.enqueue_projection

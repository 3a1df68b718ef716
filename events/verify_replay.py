"""The replay check of the verifier; its one home is games/verify/replay.py."""

from games.verify.replay import (  # noqa: F401 (re-exported)
    SERVICE_EVENTS, DiceMismatch, Finding, RecordedDice, Replay, Upcast, batches, check_replay,
    command_matches, compare_batch, decide_batch, difference, outcome_matches, plain,
    stored_rule_event,
)

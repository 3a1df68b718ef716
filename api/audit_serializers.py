"""Shapes of the audit and challenge-report responses (docs/fairness.md). Shapes only."""

from __future__ import annotations

from rest_framework import serializers

from events.models import GameStatus, SeedState
from events.verify import CHECKS, FORMAT
from games import registry



def json_object(help_text: str, **kwargs: object) -> serializers.DictField:
    """A JSON object whose keys depend on the game type (documented in help_text)."""
    return serializers.DictField(child=serializers.JSONField(allow_null=True),
                                 help_text=help_text, **kwargs)


# --- the audit ----------------------------------------------------------------------------

class AuditSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField(
        allow_null=True, help_text="the name shown for the player when the audit was "
        "served (\"deleted player\" once the account is deleted); null for a bot's seat")
    player_id = serializers.CharField(
        allow_null=True, help_text="the player's opaque id, as events name them; null for a "
        "bot's seat. A `table_seated` stored before events named players by id (schema "
        "version below 3) holds usernames: the service serves it with these ids")
    bot = serializers.CharField(allow_null=True, help_text="a bot's seat: its level; null "
                                "for a player's seat")
    client_seed = serializers.CharField(
        allow_null=True, help_text="the seat's contribution to the dice as fixed (empty: "
        "none, or withheld); null only for a game whose seeds are not fixed yet (the "
        "operator's export of a running game)")
    seed_commitment = serializers.CharField(
        allow_null=True, help_text="dice scheme 3: the seat's commitment to its seed, as "
        "table_seated records it; null: none")
    seed = serializers.ChoiceField(
        choices=SeedState.values, help_text="none, committed, revealed or withheld (a seat "
        "that committed and did not reveal by the deadline: its seed is empty, and "
        "client_seeds_fixed lists it)")


class AuditGameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    game_type = serializers.ChoiceField(choices=sorted(registry.GAMES))
    status = serializers.CharField(help_text="always finished")
    options = json_object("the options the game was created with")
    table_size = serializers.IntegerField()
    seats = AuditSeatSerializer(many=True)
    version = serializers.IntegerField(help_text="seq of the last event")
    dice_used = serializers.IntegerField(help_text="number of dice drawn (the next nonce)")
    server_seed_hash = serializers.CharField(help_text="SHA-256 commitment published at creation")
    server_seed = serializers.CharField(help_text="the revealed server seed (64 hex digits)")
    dice_scheme = serializers.IntegerField(
        help_text="the game's dice scheme (docs/fairness.md); table_seated records the same")
    outcome = json_object("the final outcome: winners, ranking, scores")
    # RFC 3339 strings, exactly as hashed (UTC, YYYY-MM-DDTHH:MM:SS.ffffffZ).
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class AuditEventSerializer(serializers.Serializer):
    """Every hashed field of a stored event (chain.HASHED_FIELDS) upcast to the current
    shapes, its hash and `stored`. Typed per game in the contract (`<Game>AuditEvent`:
    contract/audits.py)."""

    game_id = serializers.UUIDField()
    seq = serializers.IntegerField()
    type = serializers.CharField()
    schema_version = serializers.IntegerField()
    data = json_object("the public part")
    private = serializers.DictField(
        child=serializers.DictField(child=serializers.JSONField(allow_null=True)),
        help_text="every seat's private part, by seat number (\"0\", \"1\", ...)")
    actor = serializers.CharField(help_text="seat:N, bot:N, clock or system")
    command = json_object("on a batch's first event: {\"setup\": {...}} or "
                          "{\"seat\": n, \"action\": {...}}; else null", allow_null=True)
    draws = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(), min_length=3,
                                    max_length=3),
        help_text="[[nonce, sides, value], ...] rolled for this batch (first event only)")
    idempotency_key = serializers.CharField(allow_null=True)
    recorded_at = serializers.DateTimeField(help_text="UTC, YYYY-MM-DDTHH:MM:SS.ffffffZ "
                                            "(as hashed)")
    prev_hash = serializers.CharField(help_text="the previous event's hash (64 zeros for seq 1)")
    hash = serializers.CharField(help_text="SHA-256(prev_hash + canonical JSON of the fields)")
    stored = serializers.CharField(allow_null=True)


class ProblemFoundSerializer(serializers.Serializer):
    check = serializers.CharField(help_text="the failed check: " + ", ".join(CHECKS))
    seq = serializers.IntegerField(allow_null=True, help_text="the event at fault (null: the game)")
    where = serializers.CharField(help_text="the field at fault, e.g. hash, draws[2], "
                                  "game.server_seed")
    detail = serializers.CharField()


class VerdictSerializer(serializers.Serializer):
    ok = serializers.BooleanField(help_text="every check passed")
    chain_intact = serializers.BooleanField()
    seed_matches = serializers.BooleanField(help_text="seed and client seeds match the commitment")
    rolls_match = serializers.BooleanField(help_text="every draw recomputes from the seeds")
    replay_matches = serializers.BooleanField(help_text="the rules reproduce every batch and "
                                              "reach the final outcome")
    finished = serializers.BooleanField()
    events = serializers.IntegerField()
    draws = serializers.IntegerField()
    batches = serializers.IntegerField()
    outcome = json_object("the outcome the replay reaches", allow_null=True)
    problems = ProblemFoundSerializer(many=True)
    withheld = serializers.ListField(
        child=serializers.IntegerField(min_value=0), required=False,
        help_text="dice scheme 3 only: the seats that committed to a seed and withheld it "
        "(each chose between two dice streams, visibly: docs/fairness.md); absent for "
        "older schemes")


class AuditSerializer(serializers.Serializer):
    format = serializers.CharField(help_text=f"always \"{FORMAT}\" (docs/fairness.md)")
    game_type = serializers.ChoiceField(choices=sorted(registry.GAMES),
                                        help_text="the game's type (as `game.game_type`): "
                                        "its payloads are that game's (`<Game>Audit`)")
    game = AuditGameSerializer()
    events = AuditEventSerializer(many=True)
    verdict = VerdictSerializer(help_text="the server's own verification; recompute it "
                                "with docs/fairness.md or `python -m events.verify`")


# --- challenge reports --------------------------------------------------------------------

class ClaimSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    seq = serializers.IntegerField(allow_null=True, help_text="the event that made the claim")
    text = serializers.CharField(help_text="the claim in words")
    data = json_object("the claim as data, e.g. {\"quantity\": 3, \"face\": 4}")


class KnewSerializer(serializers.Serializer):
    dice = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                 help_text="the party's own hidden dice (shown by the reveal)")
    details = json_object("whatever else the party alone knew and the reveal shows")


class PartySerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    role = serializers.CharField(help_text="caller, challenged (the claim called) or other")
    knew = KnewSerializer()
    claimed = ClaimSerializer(many=True, help_text="the party's claims before the call, "
                              "in order (the caller's call last)")


class RevealSerializer(serializers.Serializer):
    dice = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()),
                                 help_text="the dice the call revealed, by seat")
    details = json_object("game-specific: Snake Bones {face, ones_wild, matching, count, "
                          "recount}")


class RuleSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="stable code of the rule, e.g. bluff_bid_stands")
    text = serializers.CharField(help_text="the rule applied to this call, in words")


class ChallengeOutcomeSerializer(serializers.Serializer):
    losers = serializers.ListField(child=serializers.IntegerField())
    out = serializers.ListField(child=serializers.IntegerField(),
                                help_text="seats that went out on this call")
    details = json_object("game-specific: Snake Bones {payments}")


class ChallengeSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="the call event")
    round = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField(help_text="bluff or spot_on")
    caller = serializers.IntegerField()
    challenged = serializers.IntegerField(help_text="the seat whose claim was called")
    claim = ClaimSerializer(help_text="the claim that was called")
    parties = PartySerializer(many=True)
    public = json_object("what every seat knew before the call (Snake Bones: options, "
                         "opener, stakes, dice_counts, dice_in_play, bids)")
    revealed = RevealSerializer()
    rule = RuleSerializer()
    caller_right = serializers.BooleanField()
    outcome = ChallengeOutcomeSerializer()


class ChallengeListSerializer(serializers.Serializer):
    game_id = serializers.UUIDField()
    game_type = serializers.CharField()
    status = serializers.ChoiceField(choices=GameStatus.values)
    version = serializers.IntegerField(help_text="the reports cover events up to this seq")
    challenges = ChallengeSerializer(many=True)

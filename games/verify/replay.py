"""The replay check of the verifier: re-decide every batch with exactly its draws.

Pure like all of games/ (standard library only). A stream is a list of
batches, as they were appended: `table_seated`; in dice scheme 3 `client_seeds_fixed`
(the seeds revealed); the setup batch (command `{"setup":
{...}}`); one batch per action (command `{"seat": n, "action": {...}}`, by the seat's
player, the clock or a bot: actor `seat:N`, `clock` or `bot:N`); `game_abandoned`
when the clock was left to play every seat; `seed_revealed`.
For each rules batch the rules' `setup` or `decide` runs on the state folded so far, with
dice that hand out that batch's recorded draws in order (and refuse a die of other
sides); it must return exactly the stored events of the batch. Folding every stored
event must then reach the game's outcome, and `seed_revealed` must follow it at once.
An abandoned game's outcome is `games.core.outcome.abandoned()`; `game_abandoned` must
follow a batch the clock played and come right before `seed_revealed`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, NamedTuple, Sequence

from games import registry
from games.core import GameConfig, GameEvent
from games.core.outcome import abandoned
# The types of the service's own events, not folded by the rules: their one home is
# games/service_events.py (the verifier's wheel ships it with the rest of games/).
from games.service_events import TYPES as SERVICE_EVENTS

# (type, schema version, data) -> the data now, or (the type now, the data now)
Upcast = Callable[[str, int, dict], "dict | tuple[str, dict]"]
Stored = Mapping[str, Any]


class Finding(NamedTuple):
    """A replay problem: the event's seq (None: the game), the field, what is wrong."""

    seq: int | None
    where: str
    detail: str


class DiceMismatch(Exception):
    """The rules asked for a die the batch did not record."""


class RecordedDice:
    """Hands out a batch's recorded draws in order, checking each die's sides."""

    def __init__(self, draws: Sequence[Sequence[int]]) -> None:
        self.draws = list(draws)
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used >= len(self.draws):
            raise DiceMismatch(f"the rules rolled a d{sides} after all {len(self.draws)} "
                               "recorded draws")
        nonce, recorded_sides, value = self.draws[self.used]
        if recorded_sides != sides:
            raise DiceMismatch(f"the rules rolled a d{sides} where draw {nonce} records "
                               f"a d{recorded_sides}")
        self.used += 1
        return int(value)


def plain(value: Any) -> Any:
    """The value as it is after a JSON round trip (tuples become lists)."""
    return json.loads(json.dumps(value))


def batches(events: Sequence[Stored]) -> list[list[Stored]]:
    """Events grouped as they were appended: a batch starts at a service event, after
    one, or at an event that records a command."""
    out: list[list[Stored]] = []
    for event in events:
        starts = (not out or event.get("command") is not None
                  or event.get("type") in SERVICE_EVENTS
                  or out[-1][0].get("type") in SERVICE_EVENTS)
        if starts:
            out.append([event])
        else:
            out[-1].append(event)
    return out


def decide_batch(rules: Any, state: Any, head: Stored, dice: RecordedDice) -> list[GameEvent]:
    command = head.get("command")
    if not isinstance(command, Mapping):
        raise DiceMismatch("the batch records no command to replay")
    if "setup" in command:
        setup = command["setup"]
        config = GameConfig(players=setup["players"], options=setup["options"],
                            first_player=setup.get("first_player"))
        return list(rules.setup(config, dice))
    return list(rules.decide(state, command["seat"], command["action"], dice))


def stored_rule_event(event: Stored, upcast: Upcast) -> dict[str, Any]:
    out = upcast(event["type"], int(event.get("schema_version", 1)), dict(event["data"]))
    kind, data = out if isinstance(out, tuple) else (event["type"], out)
    return {"type": kind, "data": data, "private": event.get("private") or {}}


def compare_batch(decided: list[GameEvent], batch: Sequence[Stored],
                  upcast: Upcast) -> list[Finding]:
    replayed = [plain(e.to_json()) for e in decided]
    stored = [plain(stored_rule_event(e, upcast)) for e in batch]
    for index in range(max(len(replayed), len(stored))):
        seq = batch[min(index, len(batch) - 1)]["seq"]
        if index >= len(stored):
            return [Finding(seq, "event", f"the rules also decide a {replayed[index]['type']} "
                            "event after this one, which was not recorded")]
        if index >= len(replayed):
            return [Finding(seq, "event", "recorded, but the rules do not decide it")]
        for key in ("type", "data", "private"):
            if replayed[index][key] != stored[index][key]:
                return [Finding(seq, key, difference(stored[index][key], replayed[index][key]))]
    return []


def difference(recorded: Any, decided: Any) -> str:
    """What differs, key by key for objects: recorded vs what the rules decide."""
    if isinstance(recorded, dict) and isinstance(decided, dict):
        keys = sorted(k for k in set(recorded) | set(decided) if recorded.get(k) != decided.get(k))
        return "; ".join(f"{k}: recorded {recorded.get(k)!r}, the rules decide {decided.get(k)!r}"
                         for k in keys)
    return f"recorded {recorded!r}, the rules decide {decided!r}"


def command_matches(head: Stored, seated: Mapping[str, Any]) -> list[Finding]:
    """The command agrees with the table: the setup with its seats and options, an
    action posted by a player (`seat:N`) or played by a bot (`bot:N`: a bot's seat, or a
    player's on autoplay) with that seat."""
    command, seq, actor = head.get("command") or {}, head.get("seq"), str(head.get("actor"))
    if "setup" in command:
        setup = command["setup"]
        if (setup.get("players") != len(seated.get("seats", []))
                or plain(setup.get("options")) != plain(seated.get("options"))):
            return [Finding(seq, "command.setup",
                            "differs from the seats or options of table_seated")]
    elif actor.startswith(("seat:", "bot:")) and \
            f"{actor.split(':', 1)[0]}:{command.get('seat')}" != actor:
        return [Finding(seq, "actor", f"{actor} posted an action for seat "
                        f"{command.get('seat')}")]
    return []


@dataclass
class Replay:
    rules: Any
    upcast: Upcast
    seated: Mapping[str, Any] = field(default_factory=dict)
    state: Any = None
    findings: list[Finding] = field(default_factory=list)
    abandoned: bool = False
    last_actor: str | None = None

    def over(self) -> bool:
        return self.abandoned or (
            self.state is not None and self.rules.outcome(self.state) is not None)

    def outcome(self) -> Any:
        if self.abandoned:
            return abandoned()
        return self.rules.outcome(self.state) if self.state is not None else None

    def batch(self, batch: Sequence[Stored]) -> None:
        head = batch[0]
        self.last_actor = str(head.get("actor"))
        self.findings += command_matches(head, self.seated)
        dice = RecordedDice(head.get("draws") or [])
        try:
            decided = decide_batch(self.rules, self.state, head, dice)
            if dice.used != len(dice.draws):
                raise DiceMismatch(f"{len(dice.draws) - dice.used} recorded draws were "
                                   "not used by the rules")
        except Exception as exc:  # the rules refuse the command: report it, fold the record
            self.findings.append(Finding(head.get("seq"), "command",
                                         f"does not replay: {type(exc).__name__}: {exc}"))
            decided = [self.rules.events.parse_event(stored_rule_event(e, self.upcast))
                       for e in batch]
        else:
            self.findings += compare_batch(decided, batch, self.upcast)
        # Go on from what the rules decided, so an altered event is reported where it is
        # and not again at every later event that depends on it.
        for event in decided:
            self.state = self.rules.evolve(
                self.state, self.rules.events.parse_event(plain(event.to_json())))

    def service_event(self, event: Stored, position: int, count: int) -> None:
        seq, kind = event.get("seq"), event.get("type")
        if kind == "table_seated":
            self.seated = event.get("data") or {}
            if position != 0:
                self.findings.append(Finding(seq, "type", "table_seated must open the stream"))
        elif kind == "client_seeds_fixed":
            if position != 1 or self.seated.get("dice_scheme") != 3:
                self.findings.append(Finding(seq, "type", "client_seeds_fixed comes right "
                                             "after table_seated, in dice scheme 3 only"))
        elif kind == "game_abandoned":
            if position != count - 2 or self.over() or self.last_actor != "clock":
                self.findings.append(Finding(seq, "type", "game_abandoned must follow a move "
                                             "of the clock and come right before "
                                             "seed_revealed"))
            self.abandoned = True
        elif position != count - 1 or not self.over():
            self.findings.append(Finding(seq, "type", "seed_revealed must close the stream "
                                         "right after the game ends"))


def check_replay(game: Mapping[str, Any], events: Sequence[Stored],
                 upcast: Upcast) -> tuple[list[Finding], int, Any]:
    """(findings, number of batches, the outcome the replay reaches)."""
    try:
        rules = registry.get(game["game_type"])
    except KeyError:
        return [Finding(None, "game.game_type", "not a game this verifier knows")], 0, None
    replay, groups = Replay(rules, upcast), batches(events)
    for position, batch in enumerate(groups):
        if batch[0].get("type") in SERVICE_EVENTS:
            replay.service_event(batch[0], position, len(groups))
            continue
        if replay.over():
            replay.findings.append(Finding(batch[0].get("seq"), "event",
                                           "recorded after the game ended"))
        try:
            replay.batch(batch)
        except Exception as exc:  # an altered event the rules cannot even fold
            replay.findings.append(Finding(batch[0].get("seq"), "event",
                                           f"cannot be folded: {type(exc).__name__}: {exc}"))
            return replay.findings, len(groups), None
    outcome = replay.outcome()
    return replay.findings + outcome_matches(game, events, outcome), len(groups), outcome


def outcome_matches(game: Mapping[str, Any], events: Sequence[Stored],
                    outcome: Any) -> list[Finding]:
    last = events[-1] if events else {}
    closed = last.get("type") == "seed_revealed"
    if outcome is not None and not closed:
        return [Finding(last.get("seq"), "type",
                        "the game is over but the stream is not closed by seed_revealed")]
    if plain(outcome) != plain(game.get("outcome")):
        return [Finding(None, "game.outcome", f"the replay ends with {outcome!r}, "
                        f"the game says {game.get('outcome')!r}")]
    if (game.get("status") == "finished") != closed:
        return [Finding(None, "game.status", f"{game.get('status')!r} does not match the "
                        "stream (closed by seed_revealed or not)")]
    return []

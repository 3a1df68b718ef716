"""A posted action is read by one generated function per class (games/core/readers.py
`action_reader`): it must accept and refuse exactly what the generic strict decoder does
with the action's object less its `type`, with the same codes and messages."""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any

import pytest

from games.core import ScriptedDice, codec
from games.core.errors import IllegalAction
from games.registry import GAMES
from tests.support.harness import RandomDice, config

ODD_VALUES: tuple[Any, ...] = ("x", True, None, 2.5, -1, 3, [1], [1, 2], {"a": 1}, ["red"])


def bodies(cls: type) -> list[dict[Any, Any]]:
    """Bodies right and wrong: nothing, an unknown key (a string or not), each field
    missing or holding each odd value."""
    names = [codec.json_name(f) for f, _ in codec.fields_of(cls)]
    full = {name: 1 for name in names}
    out: list[dict[Any, Any]] = [{}, {"extra": 1}, {1: 2}, {**full, "zz": 0}, full]
    for name in names:
        out.append({k: v for k, v in full.items() if k != name})
        out += [{**full, name: value} for value in ODD_VALUES]
    return out


def answer(read: Any, raw: Any) -> tuple[str, ...]:
    try:
        return ("read", repr(read(raw)))
    except IllegalAction as refusal:
        return (type(refusal).__name__, refusal.code, refusal.message)
    except (TypeError, ValueError) as crash:  # a constructor's own complaint
        return (type(crash).__name__, str(crash))


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_the_generated_reader_answers_as_the_strict_decoder(slug: str) -> None:
    rules = GAMES[slug]
    for kind, cls in rules.actions.by_type.items():
        for body in bodies(cls):
            generic = answer(lambda raw: codec.decode(cls, raw, strict=True, path="action"),
                             body)
            posted = answer(rules.actions.parse_action, {"type": kind, **body})
            assert posted == generic, (kind, body)


def test_a_record_inside_an_action_is_read_as_the_strict_decoder_reads_it() -> None:
    """A dataclass field of an action (Skip-Bo Dice's fill source) is read by its own
    generated reader (readers.record_reader): right and wrong bodies of the record, each
    with its fields missing or odd, answer as the generic strict decoder does."""
    checked = 0
    for rules in GAMES.values():
        for kind, cls in rules.actions.by_type.items():
            full = {codec.json_name(f): 1 for f, _ in codec.fields_of(cls)}
            for f, hint in codec.fields_of(cls):
                if not dataclasses.is_dataclass(hint):
                    continue
                for inner in [*bodies(hint), {"kind": "die", "die": 2}, ["x"], None]:
                    body = {**full, codec.json_name(f): inner}
                    generic = answer(
                        lambda raw: codec.decode(cls, raw, strict=True, path="action"), body)
                    assert answer(rules.actions.parse_action, {"type": kind, **body}) == generic
                    checked += 1
    assert checked > 0, "no action of any game holds a record"


def test_a_list_of_records_inside_an_action_is_read_as_the_strict_decoder_reads_it() -> None:
    """A field holding a tuple of records (Dark Knights' groups) is read item by item by
    the record's generated reader: lists of right and wrong records, and what is not a
    list, answer as the generic strict decoder does, paths and indices included."""
    checked = 0
    for rules in GAMES.values():
        for kind, cls in rules.actions.by_type.items():
            full = {codec.json_name(f): 1 for f, _ in codec.fields_of(cls)}
            for f, hint in codec.fields_of(cls):
                args = typing.get_args(hint)
                if not (len(args) == 2 and args[1] is Ellipsis
                        and dataclasses.is_dataclass(args[0])):
                    continue
                good = {"combination": None, "dice": [0]}  # read, so the next items are too
                assert answer(rules.actions.parse_action,
                              {"type": kind, **full, codec.json_name(f): [good]})[0] == "read"
                for inner in bodies(args[0]):
                    for value in ([inner], [good, inner], [good, good, inner], inner, "x", None):
                        body = {**full, codec.json_name(f): value}
                        generic = answer(
                            lambda raw: codec.decode(cls, raw, strict=True, path="action"), body)
                        assert answer(rules.actions.parse_action,
                                      {"type": kind, **body}) == generic, body
                        checked += 1
    assert checked > 0, "no action of any game holds a list of records"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_typed_action_is_taken_only_from_its_own_game(slug: str) -> None:
    """A typed action (a player in this process posts one: decision 0040) of the game's
    own classes is taken as the very object; one of another game's classes, or an object
    that only names a type of this game, is malformed_action, as a JSON body of no
    known shape is."""
    rules = GAMES[slug]
    own = [cls for cls in rules.actions.by_type.values()
           if not [f for f in dataclasses.fields(cls) if f.init]]
    assert own, "the game has an action with no fields (resign at least)"
    for cls in own:  # the actions with no fields: built without arguments
        action = cls()
        assert rules.actions.parse_action(action) is action
    foreign = [cls for other, game in GAMES.items() if other != slug
               for cls in game.actions.by_type.values()
               if cls not in rules.actions.by_type.values()
               and not [f for f in dataclasses.fields(cls) if f.init]]
    assert foreign, "another game has an action with no fields"
    state = None
    for event in rules.setup(config(rules, rules.min_players), RandomDice(random.Random(1))):
        state = rules.evolve(state, event)
    awaited = next(iter(rules.awaiting(state)))
    for cls in foreign:
        with pytest.raises(IllegalAction) as refused:
            rules.actions.parse_action(cls())
        assert refused.value.code == "malformed_action"
        with pytest.raises(IllegalAction) as refused:  # and posted, by an awaited seat
            rules.decide(state, awaited, cls(), ScriptedDice())
        assert refused.value.code == "malformed_action"

    class NamesAType:
        TYPE = next(iter(rules.actions.by_type))

    with pytest.raises(IllegalAction) as refused:
        rules.actions.parse_action(NamesAType())
    assert refused.value.code == "malformed_action"

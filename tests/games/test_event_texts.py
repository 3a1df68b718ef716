"""Readable events (games/<game>/text.py): every event type of every game has its
sentences, and a reader's text tells their own private part to them only."""

from __future__ import annotations

import pytest

from games import registry
from games.core.messages import GameEvent
from games.core.text import Seat, messages, text_of
from games.service_events import EVENTS as SERVICE_EVENTS
from tests.support.event_samples import samples

KINDS = [(slug, kind) for slug, rules in registry.GAMES.items()
         for kind in (*rules.events, *SERVICE_EVENTS)]


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_event_type_has_its_sentences(slug: str) -> None:
    types = set(registry.GAMES[slug].events.by_type) | {k.TYPE for k in SERVICE_EVENTS}
    assert set(registry.TEXTS[slug]) == types


@pytest.mark.parametrize(("slug", "kind"), KINDS, ids=[f"{s}-{k.TYPE}" for s, k in KINDS])
def test_every_event_type_is_told_to_every_reader(slug: str, kind: type) -> None:
    variants = list(samples(kind))
    assert variants, f"no sample of {kind.TYPE}"
    for event in variants:
        for reader in (0, 1, None):
            text = text_of(registry.TEXTS[slug], event, reader)
            assert text, (kind.TYPE, reader)
            for message in messages(text):
                assert message.msgid and message.msgid.strip() == message.msgid
                names = {key for key in message.params}
                assert all(f"{{{key}}}" in message.msgid + (message.plural or "")
                           for key in names - {"count"}), message


PRIVATE = [(slug, kind) for slug, kind in KINDS if kind.Private is not None]


def served(slug: str, event: GameEvent, reader: int | None) -> GameEvent:
    """The event as `reader` is served it (only their own private part), typed again."""
    seen = event.visible_to(reader)
    private = {str(reader): seen["private"]} if "private" in seen else {}
    return registry.GAMES[slug].events.parse_event({**seen, "private": private})


@pytest.mark.parametrize(("slug", "kind"), PRIVATE, ids=[f"{s}-{k.TYPE}" for s, k in PRIVATE])
def test_a_private_part_is_told_to_its_owner_only(slug: str, kind: type) -> None:
    """Told from the event as each reader is served it: the owner's text has a sentence
    more; another seat's text is the spectator's."""
    for event in samples(kind):
        own, other, spectator = (text_of(registry.TEXTS[slug], served(slug, event, r), r)
                                 for r in (0, 1, None))
        assert other == spectator
        assert len(own) == len(spectator) + 1 and own[:len(spectator)] == spectator


def test_own_dice_in_own_text_only() -> None:
    from games.snake_bones.events import DicePrivate, DiceRolled

    rolled = DiceRolled(dice_counts={0: 3, 1: 3},
                        private={0: DicePrivate((6, 6, 2)), 1: DicePrivate((1, 4, 5))})

    def told(reader: int | None) -> str:
        seen = served("snake-bones", rolled, reader)
        return repr(text_of(registry.TEXTS["snake-bones"], seen, reader))

    assert "6, 6, 2" in told(0) and "1, 4, 5" not in told(0)
    assert "1, 4, 5" in told(1) and "6, 6, 2" not in told(1)
    assert "6, 6, 2" not in told(None) and "1, 4, 5" not in told(None)


def test_seats_are_named_when_served_not_in_the_rules() -> None:
    from games.snake_bones.events import BidMade

    (message,) = text_of(registry.TEXTS["snake-bones"],
                         BidMade(seat=1, quantity=3, face=5, next=0), None)
    assert message.params["player"] == Seat(1) and message.count == 3

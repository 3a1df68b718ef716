"""Readable events as served: every event carries `text`, for its reader, in the language
of Accept-Language (English by default), from the French catalogue in locale/ (whose
compiled .mo must say what its .po says)."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any

import polib
import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from events import texts
from games import registry
from games.core.legal import expand_all
from games.core.text import messages, text_of
from games.service_events import EVENTS as SERVICE_EVENTS
from tests.support.api import Player, playing, started
from tests.support.event_samples import samples
from tests.support.live import drain, page_of

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _po() -> polib.POFile:
    return polib.pofile(str(CATALOGUE / "django.po"))


def _every_text() -> list[tuple[str, tuple]]:
    """(game, text) for every sample of every event type, told to seat 0, 1 and a spectator
    (seat 0 holds the samples' private parts)."""
    out = []
    for slug, rules in registry.GAMES.items():
        for kind in (*rules.events, *SERVICE_EVENTS):
            for event in samples(kind):
                out.extend((slug, text_of(registry.TEXTS[slug], event, reader))
                           for reader in (0, None))
    return out


def test_every_message_is_in_the_catalogue_and_translated() -> None:
    """makemessages was run after the last change of a sentence, and every msgid has its
    French (no sentence left in English), with the same placeholders."""
    entries = {entry.msgid: entry for entry in _po() if not entry.obsolete}
    for _, text in _every_text():
        for message in messages(text):
            entry = entries.get(message.msgid)
            assert entry is not None, f"not in the catalogue (run makemessages): {message}"
            assert entry.translated() and "fuzzy" not in entry.flags, message.msgid
            assert entry.msgid_plural == (message.plural or ""), message.msgid


def test_translations_keep_the_placeholders() -> None:
    for entry in _po():
        wanted = set(PLACEHOLDER.findall(entry.msgid))
        translated = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for msgstr in translated:
            assert set(PLACEHOLDER.findall(msgstr)) == wanted, entry.msgid


def test_the_compiled_catalogue_says_what_the_po_says() -> None:
    """The .mo is committed (a fresh machine may have no msgfmt): it must be the .po's
    (compilemessages after every change of the .po)."""
    def table(catalogue: Any) -> dict:
        return {(e.msgid, e.msgid_plural): e.msgstr_plural or e.msgstr
                for e in catalogue if e.msgid and not e.obsolete and "fuzzy" not in e.flags}

    mo = table(polib.mofile(str(CATALOGUE / "django.mo")))
    assert mo == {key: ({int(k): v for k, v in value.items()} if isinstance(value, dict)
                        else value) for key, value in table(_po()).items()}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_text_is_written_in_both_languages(language: str) -> None:
    names = {0: "Alice", 1: texts.Bot("basic")}
    for slug, text in _every_text():
        with translation.override(language):
            written = " ".join(texts.render(message, names) for message in text)
        assert written and "{" not in written and "}" not in written, (slug, written)


def _events(player: Player, game_id: str, language: str | None = None) -> tuple:
    headers = {"Accept-Language": language} if language else {}
    response = player.client.get(f"/api/v1/games/{game_id}/events", headers=headers)
    assert response.status_code == 200, response.content
    return response, response.json()["events"]


def test_accept_language_picks_the_language_english_by_default(players) -> None:
    a, b, game_id, _ = started(players)
    english, events = _events(a, game_id)
    assert english["Content-Language"] == "en" and "Accept-Language" in english["Vary"]
    assert all(event["text"] for event in events)
    seated = next(e for e in events if e["type"] == "table_seated")
    assert seated["text"].startswith(f"The table is seated: {a.username}, {b.username}.")
    french, events = _events(a, game_id, "fr-CA,fr;q=0.9,en;q=0.5")
    assert french["Content-Language"] == "fr"
    seated = next(e for e in events if e["type"] == "table_seated")
    assert seated["text"].startswith(f"La table est installée : {a.username}, {b.username}.")
    assert english["ETag"] != french["ETag"]
    unknown, events = _events(a, game_id, "tlh, de;q=0.8")
    assert unknown["Content-Language"] == "en"
    assert next(e for e in events if e["type"] == "table_seated")["text"] == \
        next(e for e in _events(a, game_id)[1] if e["type"] == "table_seated")["text"]


def test_a_304_is_never_answered_across_languages(players) -> None:
    a, _, game_id, _ = started(players)
    english, _ = _events(a, game_id)
    response = a.client.get(f"/api/v1/games/{game_id}/events",
                            headers={"Accept-Language": "fr", "If-None-Match": english["ETag"]})
    assert response.status_code == 200 and response["Content-Language"] == "fr"


@pytest.mark.postgres
def test_each_reader_is_told_their_own_dice_only(players, make_player) -> None:
    a, b, game_id, _ = started(players)
    for player in (a, b):  # both stake; then the dice are rolled
        listing = player.legal(game_id)
        action = playing(expand_all(listing["actions"]))[0]
        assert player.act(game_id, action, listing["version"]).status_code == 201
    stored = {}
    for seat, player in enumerate((a, b)):
        _, events = _events(player, game_id)
        rolled = next(e for e in events if e["type"] == "dice_rolled")
        stored[seat] = ", ".join(str(d) for d in rolled["private"]["dice"])
        assert rolled["text"].endswith(f"You rolled {stored[seat]}.")
    for seat, player in enumerate((a, b)):
        _, events = _events(player, game_id)
        text = next(e for e in events if e["type"] == "dice_rolled")["text"]
        assert f"You rolled {stored[1 - seat]}." not in text
    _, watched = _events(make_player(), game_id)  # a spectator of the public game
    rolled = next(e for e in watched if e["type"] == "dice_rolled")
    assert "private" not in rolled and "You rolled" not in rolled["text"]
    assert not any(dice in rolled["text"] for dice in stored.values())
    own = _events(a, game_id, "fr")[1]
    rolled = next(e for e in own if e["type"] == "dice_rolled")
    assert rolled["text"].endswith(f"Vous avez obtenu {stored[0]}.")


@pytest.mark.django_db(transaction=True)
def test_the_stream_and_the_long_poll_tell_in_the_readers_language(players) -> None:
    a, b, game_id, version = started(players)
    stream = a.client.get(f"/api/v1/games/{game_id}/stream", {"timeout": 1},
                          headers={"Accept": "text/event-stream", "Accept-Language": "fr"})
    assert stream["Content-Language"] == "fr" and "Accept-Language" in stream["Vary"]
    blocks = [block.splitlines() for block in drain(stream).split("\n\n")]
    sent = [json.loads(lines[-1][len("data: "):]) for lines in blocks
            if lines and lines[-1].startswith("data: ") and "event: turn" not in lines]
    assert len(sent) == version and all(event["text"] for event in sent)
    seated = next(e for e in sent if e["type"] == "table_seated")
    assert seated["text"].startswith("La table est installée")

    def commit_soon() -> None:  # a stake while the long poll waits
        try:
            listing = b.legal(game_id)
            b.act(game_id, playing(expand_all(listing["actions"]))[0], listing["version"])
        finally:
            connection.close()  # this thread's: back to the pool before the thread ends

    mover = threading.Timer(0.3, commit_soon)
    mover.start()
    try:
        poll = a.client.get(f"/api/v1/games/{game_id}/events",
                            {"after": version, "wait": 5},
                            headers={"Accept-Language": "fr"})
    finally:
        mover.join()
    assert poll.status_code == 200 and poll["Content-Language"] == "fr"
    (staked,) = page_of(poll)["events"]
    assert staked["text"] == f"{b.username} place une mise, face cachée."


def test_texts_cost_no_query_per_event(players) -> None:
    """The names are read once per response, with the game: a page of every event costs
    the queries of a page of one."""
    a, b, game_id, _ = started(players)
    for player in (a, b):
        listing = player.legal(game_id)
        player.act(game_id, playing(expand_all(listing["actions"]))[0], listing["version"])
    head = a.game(game_id)["version"]
    served, counts = [], []
    for after in (head - 1, 0):
        with CaptureQueriesContext(connection) as queries:
            response = a.client.get(f"/api/v1/games/{game_id}/events", {"after": after},
                                    headers={"Accept-Language": "fr"})
        assert response.status_code == 200
        served.append(len(response.json()["events"]))
        counts.append(len(queries))
    assert served[0] == 1 and served[1] > 5 and counts[0] == counts[1]

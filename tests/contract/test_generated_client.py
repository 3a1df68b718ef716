"""A client generated from openapi.yaml (openapi-python-client, pinned in the dev extras)
plays every typed game to its end with its typed models only (issue #11, item 3).

- The generation runs the real CLI on the committed openapi.yaml (no ruff post-hooks).
- No model the generator made is a free-form dict but the JSON-Schema documents of
  /game-types/{slug} (issue #33, item 5): every action, view, event and outcome, the audit
  and its events, the challenge reports, the webhook deliveries and a problem's errors are
  classes of their own, with typed fields.
- Against the service really running (uvicorn on the test database: PostgreSQL, as CI
  runs it), one game of each type is created, joined, started and played through the
  generated API functions: each legal-action item parses as the game's own Choice or Action
  model, a Choice gets its fields chosen from its IntRange / Subset domains and is posted as
  the game's action model; every view, event and outcome parses as the game's own classes.
"""

from __future__ import annotations

import importlib
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest

from contract.jsonschema import camel
from games import registry

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "dice_client"
PREFIXES = {slug: camel(slug) for slug in registry.GAMES}

# Models left free-form on purpose: the JSON-Schema documents GET /game-types/{slug}
# serves (a schema is any JSON Schema, not a payload). Nothing else (issue #33, item 5):
# the audit, the challenge reports, the webhook deliveries and `Problem.errors` are typed.
FREE_FORM_ALLOWED = {
    "OptionSchema": "an option's JSON Schema",
    "GameTypeOptionsSchema": "the options' JSON Schema",
    "GameTypeDetailOptionsSchema": "the options' JSON Schema",
}


def _tool() -> bool:
    return importlib.util.find_spec("openapi_python_client") is not None


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    if not _tool():
        if os.environ.get("CI"):
            pytest.fail("openapi-python-client is not installed: pip install -e '.[dev]'")
        pytest.skip("openapi-python-client is not installed (the dev extras install it)")
    out = tmp_path_factory.mktemp("client")
    config = out / "config.yaml"
    # No post-hooks: the generated code is imported, not linted (ruff may be absent).
    config.write_text(f"post_hooks: []\nproject_name_override: dice-client\n"
                      f"package_name_override: {PACKAGE}\n")
    run = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--path",
         str(ROOT / "openapi.yaml"), "--output-path", str(out / "dice-client"),
         "--config", str(config), "--fail-on-warning"],
        capture_output=True, text=True, timeout=300, cwd=out)
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(out / "dice-client"))
    try:
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out / "dice-client"))
        shutil.rmtree(out, ignore_errors=True)


def _models(package: ModuleType) -> ModuleType:
    return importlib.import_module(f"{package.__name__}.models")


def _free_form(models: ModuleType) -> list[str]:
    """Models whose only content is `additional_properties: dict[str, Any]`."""
    import attrs

    out = []
    for name in models.__all__:
        cls = getattr(models, name)
        if attrs.has(cls):
            fields = attrs.fields(cls)
            if [f.name for f in fields] == ["additional_properties"] and \
                    re.search(r"\bAny\b", str(fields[0].type)):
                out.append(name)
    return sorted(out)


def test_no_free_form_model_but_the_json_schema_documents(client_package: ModuleType) -> None:
    """The generated client has no free-form model left but the JSON-Schema documents of
    /game-types/{slug} (issue #33, item 5), and those are still there to allow."""
    free = _free_form(_models(client_package))
    assert free == sorted(FREE_FORM_ALLOWED), f"free-form models: {free}"


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_audit_part_has_a_model(client_package: ModuleType, slug: str) -> None:
    """The audit, its events (one model per event type), commands and verdict, and the
    challenge reports are the game's own models."""
    rules = registry.GAMES[slug]
    models, p = _models(client_package), PREFIXES[slug]
    names = {f"{p}Audit", f"{p}AuditGame", f"{p}Verdict",
             f"{p}SetupCommand", f"{p}ActionCommand", f"{p}ChallengeList",
             *(f"{p}{camel(kind)}AuditEvent" for kind in rules.events.by_type),
             *((f"{p}Challenge", f"{p}ChallengeClaim", f"{p}ChallengeKnew",
                f"{p}ChallengeReveal", f"{p}ChallengeOutcome") if rules.challenges else ())}
    missing = sorted(n for n in names if not hasattr(models, n))
    assert not missing, missing


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_every_action_view_and_event_has_a_model(client_package: ModuleType, slug: str) -> None:
    rules = registry.GAMES[slug]
    models, p = _models(client_package), PREFIXES[slug]
    names = {f"{p}View", f"{p}Game", f"{p}State", f"{p}LegalActions", f"{p}EventPage",
             f"{p}ActionResult", f"{p}GameOptions", f"{p}TableSeatedEvent",
             *(f"{p}{camel(kind)}Action" for kind in rules.actions.by_type),
             *(f"{p}{camel(kind.TYPE)}Choice" for kind in rules.actions if kind.CHOOSE),
             *(f"{p}{camel(kind)}Event" for kind in rules.events.by_type),
             *(f"{p}{camel(kind)}Data" for kind in rules.events.by_type)}
    missing = sorted(n for n in names if not hasattr(models, n))
    assert not missing, missing


# --- playing every game through the generated client -------------------------------------

def _value(item: Any) -> Any:
    from attrs import fields

    return {f.name: getattr(item, f.name) for f in fields(type(item))
            if f.name not in ("additional_properties",)}


def _unset(package: ModuleType, value: Any) -> bool:
    return isinstance(value, importlib.import_module(f"{package.__name__}.types").Unset)


def _choose(package: ModuleType, domain: Any, pick: random.Random) -> Any:
    models = _models(package)
    if isinstance(domain, models.IntRange):
        return pick.randint(domain.minimum, domain.maximum)
    assert isinstance(domain, models.Subset), type(domain)
    banned = {tuple(x) for x in ([] if _unset(package, domain.excluded) else domain.excluded)}
    options = [list(c) for size in range(domain.min_size, domain.max_size + 1)
               for c in itertools.combinations(domain.of, size) if c not in banned]
    return pick.choice(options)


def _action(package: ModuleType, prefix: str, item: Any, pick: random.Random) -> Any:
    """A legal-action item as the game's action model: a Choice gets its fields chosen."""
    models = _models(package)
    name = type(item).__name__
    assert name.startswith(prefix) and name.endswith(("Choice", "Action")), name
    if name.endswith("Action"):
        return item
    action_cls = getattr(models, name[:-len("Choice")] + "Action")
    fields = {k: v for k, v in _value(item).items()
              if k != "choose" and not _unset(package, v)}
    for field, domain in _value(item.choose).items():
        if not _unset(package, domain):
            fields[field] = _choose(package, domain, pick)
    return action_cls(**fields)


def _assert_event(models: ModuleType, prefix: str, event: Any) -> None:
    assert type(event).__name__.startswith(prefix) or isinstance(
        event, (models.GameAbandonedEvent, models.SeedRevealedEvent)), type(event)
    assert type(event).__name__.endswith("Event"), type(event)
    data = event.data
    assert type(data).__name__.endswith("Data"), type(data)


@pytest.mark.served
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_generated_client_plays_every_game(client_package: ModuleType,
                                              tmp_path: Path) -> None:
    from tests.support.server import Server

    server = Server(tmp_path)
    server.start()
    try:
        for slug in sorted(registry.GAMES):
            _play(client_package, server.url, slug)
    finally:
        server.stop()


def _api(package: ModuleType) -> ModuleType:
    api = importlib.import_module(f"{package.__name__}.api")
    for module in ("auth.register", "audit.get_audit", "audit.list_challenges",
                   "lobby.create_game", "lobby.get_game", "lobby.join_game",
                   "lobby.start_game", "play.list_legal_actions", "play.post_action",
                   "live.list_events", "live.stream_events", "live.stream_notices",
                   "play.get_state"):
        importlib.import_module(f"{api.__name__}.{module}")
    return api


def _started(package: ModuleType, url: str, slug: str) -> tuple[Any, list[Any]]:
    """A game of `slug` started by the generated client, and its players' clients."""
    models, api = _models(package), _api(package)
    p = PREFIXES[slug]
    rules = registry.GAMES[slug]
    anonymous = package.Client(base_url=url, timeout=30)
    clients = []
    for n in range(max(2, rules.min_players)):
        token = api.auth.register.sync(client=anonymous, body=models.CredentialsRequest(
            username=f"{slug.replace('-', '')}{n}", password="a long enough password"))
        assert isinstance(token, models.Token), token
        clients.append(package.AuthenticatedClient(base_url=url, token=token.token,
                                                   timeout=30))
    options_cls = getattr(models, f"{p}GameOptions")
    game = api.lobby.create_game.sync(client=clients[0], body=models.CreateGameRequest(
        game_type=models.GameTypeEnum(slug), seats=len(clients), options=options_cls()))
    assert type(game).__name__ == f"{p}Game", game
    for guest in clients[1:]:
        joined = api.lobby.join_game.sync(game.id, client=guest, body=models.JoinRequest())
        assert type(joined).__name__ == f"{p}Game", joined
    game = api.lobby.start_game.sync(game.id, client=clients[0],
                                     body=models.StartRequest(first_player=0))
    assert type(game).__name__ == f"{p}Game", game
    return game, clients


def _play(package: ModuleType, url: str, slug: str) -> None:
    models, api = _models(package), _api(package)
    p = PREFIXES[slug]
    pick = random.Random(slug)
    game, clients = _started(package, url, slug)
    for _ in range(3000):
        game = api.lobby.get_game.sync(game.id, client=clients[0])
        assert type(game).__name__ == f"{p}Game", game
        assert type(game.view).__name__ == f"{p}View", game.view
        if game.status == models.GameStatusEnum.FINISHED:
            break
        mover = clients[game.awaiting[0].seat]
        listing = api.play.list_legal_actions.sync(game.id, client=mover)
        assert type(listing).__name__ == f"{p}LegalActions", listing
        assert listing.actions
        action = _action(package, p, pick.choice(listing.actions), pick)
        assert type(action).__name__.startswith(p) and type(action).__name__.endswith("Action")
        result = api.play.post_action.sync(game.id, client=mover, body=models.ActionRequest(
            action=action, expected_version=listing.version))
        assert type(result).__name__ == f"{p}ActionResult", (result, action)
        for event in result.events:
            _assert_event(models, p, event)
        state = api.play.get_state.sync(game.id, client=mover)
        assert type(state).__name__ == f"{p}State" and type(state.view).__name__ == f"{p}View"
    else:
        raise AssertionError(f"{slug}: the game did not end")
    outcome_names = {"Outcome", f"{p}Outcome"}
    assert type(game.outcome).__name__ in outcome_names, game.outcome
    after, types = 0, set()
    while True:
        page = api.live.list_events.sync(game.id, client=clients[1], after=after, limit=500)
        assert type(page).__name__ == f"{p}EventPage", page
        for event in page.events:
            _assert_event(models, p, event)
            types.add(event.type_)
        if page.next_after is None:
            break
        after = page.next_after
    assert {"table_seated", "game_started", "seed_revealed"} <= types, types
    _assert_audit(package, game, clients[1], slug)


def _assert_audit(package: ModuleType, game: Any, client: Any, slug: str) -> None:
    """The audit and the challenge reports of a finished game parse as the game's own
    models, every event, command and report part typed (issue #33, item 5)."""
    api, p = _api(package), PREFIXES[slug]
    audit = api.audit.get_audit.sync(game.id, client=client)
    assert type(audit).__name__ == f"{p}Audit", audit
    assert type(audit.game).__name__ == f"{p}AuditGame", audit.game
    assert type(audit.verdict).__name__ == f"{p}Verdict", audit.verdict
    assert type(audit.game.options).__name__ == f"{p}GameOptions"
    for event in audit.events:
        assert type(event).__name__ == f"{p}{camel(event.type_)}AuditEvent", event
        assert type(event.data).__name__.endswith("Data"), type(event.data)
        assert event.stored is None  # stored in the current shape: the fields are the bytes
        assert event.command is None or type(event.command).__name__ in (
            f"{p}SetupCommand", f"{p}ActionCommand"), event.command
        for part in getattr(event.private, "additional_properties", {}).values():
            assert type(part).__name__.endswith("Private"), type(part)
    reports = api.audit.list_challenges.sync(game.id, client=client)
    assert type(reports).__name__ == f"{p}ChallengeList", reports
    for report in reports.challenges:
        assert type(report).__name__ == f"{p}Challenge", report
        assert type(report.public).__name__ == f"{p}ChallengePublic", report.public
        assert type(report.revealed.details).__name__ == f"{p}ChallengeRevealDetails"


# --- reading the streams through the generated client (issue #33, item 6) -----------------

@pytest.mark.served
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_generated_stream_functions_return_the_stream_text(client_package: ModuleType,
                                                               tmp_path: Path) -> None:
    """The generated `stream_events` and `stream_notices` on a real stream (bounded by
    ?timeout=): the body as text, its events as the server sent them."""
    from tests.support.server import Server

    server = Server(tmp_path)
    server.start()
    try:
        api = _api(client_package)
        game, clients = _started(client_package, server.url, "snake-bones")
        text = api.live.stream_events.sync(game.id, client=clients[0], timeout=1)
        assert isinstance(text, str), text
        assert "event: game_started\n" in text and "event: round_started\n" in text, text
        mover = clients[game.awaiting[0].seat]
        notices = api.live.stream_notices.sync(client=mover, timeout=1)
        assert isinstance(notices, str), notices
        assert "event: your_turn\n" in notices, notices
    finally:
        server.stop()


DOC = ROOT / "docs" / "platform.md"


def _doc_example() -> str:
    """The Python block of docs/platform.md's "Reading the stream from a generated client"."""
    section = DOC.read_text().split("## Reading the stream from a generated client", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


@pytest.mark.served
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_documented_stream_reader_decodes_every_event(client_package: ModuleType,
                                                          tmp_path: Path) -> None:
    """The docs' Python example, run as written against real streams: every `data:` of a
    game's stream decodes as the generated model its `event:` names, in order, as does
    every notice of the player channel."""
    from tests.support.server import Server

    server = Server(tmp_path)
    server.start()
    try:
        example: dict[str, Any] = {}
        exec(compile(_doc_example(), str(DOC), "exec"), example)  # noqa: S102
        models, api = _models(client_package), _api(client_package)
        game, clients = _started(client_package, server.url, "snake-bones")
        events = list(example["game_events"](clients[0], game.id, "snake-bones", timeout=1))
        # After the events, the reader's turn (its seat's stake is awaited at the start).
        turn = events.pop()
        assert isinstance(turn, models.SnakeBonesTurn) and turn.version == game.version, turn
        assert turn.legal_actions and turn.seat == game.seat
        page = api.live.list_events.sync(game.id, client=clients[0], after=0, limit=500)
        assert [type(e) for e in events] == [type(e) for e in page.events], events
        assert [e.seq for e in events] == list(range(1, game.version + 1))
        for event in events:
            assert type(event).__name__ == f"SnakeBones{camel(event.type_)}Event", event
            assert type(event.data).__name__ == f"SnakeBones{camel(event.type_)}Data"
        later = list(example["game_events"](clients[0], game.id, "snake-bones",
                                            after=2, timeout=1))
        assert isinstance(later.pop(), models.SnakeBonesTurn)
        assert [e.seq for e in later] == list(range(3, game.version + 1))
        mover = clients[game.awaiting[0].seat]
        told = list(example["notices"](mover, timeout=1))
        assert told, "no notice"
        for notice in told:
            assert type(notice).__name__ == f"{camel(notice.kind)}Notice", notice
        assert [n.seq for n in told] == list(range(1, len(told) + 1))
        assert any(isinstance(n, models.YourTurnNotice) and n.game == game.id
                   for n in told), told
    finally:
        server.stop()

"""A problem's `errors` has one shape, whatever raised it (issue #33, item 5; api/errors.py
`field_errors`): each field's messages by its path, those of no one field under
`non_field_errors`, as openapi.yaml's `Problem.errors` says (a map of string lists)."""

from __future__ import annotations

from typing import Any

from api.errors import field_errors
from tests.support.api import BASE


def assert_one_shape(errors: Any) -> None:
    assert isinstance(errors, dict) and errors, errors
    for field, messages in errors.items():
        assert isinstance(field, str) and isinstance(messages, list) and messages, errors
        assert all(isinstance(m, str) for m in messages), errors


def test_nested_errors_are_flattened_by_their_path() -> None:
    detail = {"options": {"ones_wild": ["not a boolean"]}, "events": {0: ["not a kind"]},
              "seats": [{"seat": ["taken"]}, {}], "non_field_errors": ["no"],
              "name": ["too long", "blank"]}
    assert field_errors(detail) == {
        "options.ones_wild": ["not a boolean"], "events.0": ["not a kind"],
        "seats.0.seat": ["taken"], "non_field_errors": ["no"], "name": ["too long", "blank"]}
    assert field_errors(["refused"]) == field_errors("refused") == {"non_field_errors": ["refused"]}


def test_a_list_field_s_item_is_named_by_its_index(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    refused = a.post("/webhooks", {"url": "https://example.com/hook", "events": ["nope"]})
    assert refused.status_code == 400 and refused.json()["code"] == "invalid_request"
    errors = refused.json()["errors"]
    assert_one_shape(errors)
    assert list(errors) == ["events.0"], errors


def test_a_service_error_s_errors_have_the_same_shape(db, api) -> None:  # type: ignore[no-untyped-def]
    weak = api.anonymous.post(f"{BASE}/auth/register",
                              {"username": "weakling", "password": "12345678901234567890"},
                              format="json")
    assert weak.status_code == 400 and weak.json()["code"] == "invalid_password"
    assert_one_shape(weak.json()["errors"])
    assert list(weak.json()["errors"]) == ["password"]

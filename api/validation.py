"""Request data checked by a serializer: the validated data, or a 400 problem (DRF's
ValidationError, rendered by api/errors.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers


def valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _json_type_error(field: serializers.Field, value: object) -> str | None:
    """What is wrong with a body value of the wrong JSON type for its field, or None: DRF
    would turn 0 or true into "0" or "True" for a CharField, and "0" or true into 0 for an
    IntegerField, where the contract says `type: string` or `type: integer`."""
    if isinstance(field, serializers.CharField) and not isinstance(value, str):
        return "Not a valid string."
    if isinstance(field, serializers.BooleanField) and not isinstance(value, bool):
        return "Must be a JSON boolean (true or false)."
    if isinstance(field, serializers.IntegerField) and (
            isinstance(value, (bool, str)) or not isinstance(value, (int, float))):
        return "Must be a JSON integer, e.g. 0 (not a string)."
    return None


class StrictTypes:
    """A request body's string, integer and boolean fields take values of that JSON type
    only (`_json_type_error`); a float equal to an integer (1.0) is an integer, as in JSON
    Schema."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if isinstance(data, Mapping):
            errors = {name: [error] for name, field in self.fields.items()
                      if not field.read_only and data.get(name) is not None
                      and (error := _json_type_error(field, data[name])) is not None}
            if errors:
                raise serializers.ValidationError(errors)
        return super().to_internal_value(data)  # type: ignore[misc]


class Closed:
    """A request object that refuses keys it does not have (400 `invalid_request` naming
    them), as actions do; contract/hooks.py's CLOSED_REQUESTS says so in the contract."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                raise serializers.ValidationError({key: ["Unknown field."] for key in unknown})
        return super().to_internal_value(data)  # type: ignore[misc]

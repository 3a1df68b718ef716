"""Query parameters read strictly: integers and numbers as they are spelt, booleans as
`true` or `false`, a parameter sent empty invalid (the shapes of every list's query)."""

from __future__ import annotations

import re

from rest_framework import serializers


class QueryIntegerField(serializers.IntegerField):
    """An integer query parameter spelt in ASCII digits: "0.0", " 1", "1e3" and "١" are
    refused (DRF's IntegerField accepts the first two and the last)."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if not (isinstance(data, str) and re.fullmatch(r"-?[0-9]+", data)):
            self.fail("invalid")
        return super().to_internal_value(data)


class QueryFloatField(serializers.FloatField):
    """A number query parameter spelt as a JSON number, such as 2, 0.5 or 8.7e-273 (what a
    client's number prints as; the contract says `type: number`): "nan", "inf", ".5" and
    "0x1" are refused."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if not (isinstance(data, str)
                and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?", data)):
            self.fail("invalid")
        return super().to_internal_value(data)


class QuerySerializer(serializers.Serializer):
    """Query parameters: a parameter sent empty (`?status=`) is invalid, not omitted (DRF
    reads query strings as HTML forms, where an empty field means "not given")."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if hasattr(data, "dict"):
            data = data.dict()  # a plain mapping: the last value of each parameter
        return super().to_internal_value(data)


class QueryBooleanField(serializers.BooleanField):
    """A query parameter that is `true` or `false`, nothing else (DRF's BooleanField
    also takes 1, yes, on, ...)."""

    def to_internal_value(self, data):  # type: ignore[no-untyped-def]
        if data in ("true", "false"):  # exactly: DRF would also take TRUE, yes, 1, on
            return data == "true"
        self.fail("invalid", input=data)

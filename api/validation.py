"""Request data checked by a serializer: the validated data, or a 400 problem (DRF's
ValidationError, rendered by api/errors.py)."""

from __future__ import annotations

from typing import Any


def valid(serializer_class: type, data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)

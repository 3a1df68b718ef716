"""Webhook signatures as the Standard Webhooks specification says (standardwebhooks.com).

A secret is `whsec_` + base64 of the key bytes; the HMAC key is those bytes. Each attempt
of a delivery carries `webhook-id` (the same on every retry), `webhook-timestamp` (integer
seconds, at that attempt) and `webhook-signature`: `v1,` + base64(HMAC-SHA256(key,
"{id}.{timestamp}.{body}")), one such signature per secret in force, separated by spaces.
Receivers verify with any Standard Webhooks library, refuse stale timestamps and drop ids
they have seen.

Every stored secret is in the whsec form. Secrets of the old scheme (random strings used
as UTF-8 bytes) were rewritten by migration 0005 to `whsec_` + base64 of those very bytes,
so the key, and the deprecated `X-Dice-Signature`, did not change. A secret supplied at
registration in another form than `whsec_...` is taken the same way: its UTF-8 bytes are
the key (docs/clocks.md).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets
from typing import Iterable

PREFIX = "whsec_"
KEY_BYTES = 32  # new secrets
MIN_KEY_BYTES, MAX_KEY_BYTES = 24, 64  # a supplied whsec secret (the specification's range)
MIN_RAW, MAX_RAW = 16, 128  # a supplied secret in another form: its UTF-8 bytes (characters)
_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}")


class InvalidSecret(ValueError):
    pass


def _whsec_pattern() -> str:
    """`whsec_` + base64 of MIN_KEY_BYTES to MAX_KEY_BYTES bytes, padding optional, as
    `parse` reads it: whole groups of 4 characters (3 bytes), then 2 or 3 characters for
    the last 1 or 2 bytes."""
    b64 = "[A-Za-z0-9+/]"
    tails = {0: "", 1: f"{b64}{{2}}={{0,2}}", 2: f"{b64}{{3}}=?"}
    variants = []
    for rest, tail in tails.items():
        groups = [size // 3 for size in range(MIN_KEY_BYTES, MAX_KEY_BYTES + 1) if size % 3 == rest]
        variants.append(f"(?:{b64}{{4}}){{{min(groups)},{max(groups)}}}{tail}")
    return f"{PREFIX}(?:{'|'.join(variants)})"


# Every secret `parse` takes (re.fullmatch), and no other: the whsec form, or MIN_RAW to
# MAX_RAW characters (no NUL: the request's CharField refuses it) that do not start with
# `whsec_` and neither start nor end with white space. The contract shows it
# (api/webhook_serializers.py, SecretField): JSON Schema's regular expressions read it alike.
SECRET_PATTERN = (rf"^(?:{_whsec_pattern()}|(?!{PREFIX})(?!\s)[^\u0000]{{{MIN_RAW},{MAX_RAW}}}"
                  rf"(?<!\s))$")


def new_secret() -> str:
    return encode(secrets.token_bytes(KEY_BYTES))


def encode(key: bytes) -> str:
    return PREFIX + base64.b64encode(key).decode("ascii")


def from_legacy(text: str) -> str:
    """The whsec form of a secret of the old scheme: its UTF-8 bytes were the key."""
    return encode(text.encode("utf-8"))


def key_of(secret: str) -> bytes:
    """The HMAC key of a stored secret (always whsec form)."""
    if not secret.startswith(PREFIX):
        raise InvalidSecret("a stored webhook secret is whsec_ + base64")
    return base64.b64decode(secret[len(PREFIX):], validate=True)


def parse(text: str) -> str:
    """A secret supplied by a user, in the stored (whsec) form.

    `whsec_` + base64 (standard alphabet, padding optional) of 24 to 64 bytes; any other
    string of 16 to 128 characters is a key of its own UTF-8 bytes, as secrets were before.
    """
    if text.startswith(PREFIX):
        body = text[len(PREFIX):]
        if not _BASE64.fullmatch(body + "=" * (-len(body) % 4)):
            raise InvalidSecret("a whsec_ secret is whsec_ followed by base64")
        try:
            key = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
        except (binascii.Error, ValueError):
            raise InvalidSecret("a whsec_ secret is whsec_ followed by base64") from None
        if not MIN_KEY_BYTES <= len(key) <= MAX_KEY_BYTES:
            raise InvalidSecret(
                f"a whsec_ secret holds {MIN_KEY_BYTES} to {MAX_KEY_BYTES} bytes of key")
        return encode(key)
    if not MIN_RAW <= len(text) <= MAX_RAW:
        raise InvalidSecret(f"a secret is whsec_ + base64, or {MIN_RAW} to {MAX_RAW} characters")
    if text != text.strip():
        raise InvalidSecret("a secret neither starts nor ends with white space")
    return from_legacy(text)


def message_id(delivery_pk: int) -> str:
    return f"msg_{delivery_pk}"


def sign(key: bytes, msg_id: str, timestamp: int, body: bytes) -> str:
    signed = msg_id.encode() + b"." + str(timestamp).encode() + b"." + body
    return "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()


def signatures(secrets_in_force: Iterable[str], msg_id: str, timestamp: int,
               body: bytes) -> str:
    """The `webhook-signature` header: one v1 signature per secret, space-separated."""
    return " ".join(sign(key_of(s), msg_id, timestamp, body) for s in secrets_in_force)


def legacy_signature(secret: str, body: bytes) -> str:
    """The deprecated `X-Dice-Signature`: sha256=hex(HMAC-SHA256(key, body))."""
    return "sha256=" + hmac.new(key_of(secret), body, hashlib.sha256).hexdigest()

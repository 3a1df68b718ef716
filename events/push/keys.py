"""The application server's VAPID key pair (RFC 8292): a P-256 key whose public half the
browsers subscribe with (`applicationServerKey`) and whose private half signs each push.

From the environment (DICE_VAPID_PRIVATE_KEY: base64url of the raw 32-byte scalar, or a
PEM); outside production without one, generated once into the var folder
(DICE_VAR_DIR/vapid-private.pem, mode 0600) and read from there after. Changing the key
pair orphans every subscription (the browsers hold the old public key): keep it.
"""

from __future__ import annotations

import base64
import functools
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid

KEY_FILE = "vapid-private.pem"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _generated(folder: Path) -> bytes:
    """The PEM in the var folder, made once (two processes at once: one writes it)."""
    path = folder / KEY_FILE
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        pem = ec.generate_private_key(ec.SECP256R1()).private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption())
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "wb") as out:
                out.write(pem)
    return path.read_bytes()


def vapid() -> Vapid:
    """The signer (py_vapid), from the setting or the var folder."""
    return _signer(settings.DICE_VAPID_PRIVATE_KEY, str(settings.VAR_DIR))


@functools.lru_cache(maxsize=4)
def _signer(configured: str, var_dir: str) -> Vapid:
    if not configured:
        return Vapid.from_pem(_generated(Path(var_dir)))
    if configured.startswith("-----BEGIN"):
        return Vapid.from_pem(configured.encode("ascii"))
    return Vapid.from_raw(configured.encode("ascii"))


def public_key() -> str:
    """base64url (no padding) of the uncompressed public point: 65 bytes, 0x04 first."""
    point = vapid().public_key.public_bytes(serialization.Encoding.X962,
                                            serialization.PublicFormat.UncompressedPoint)
    return b64url(point)


def authorization(audience: str, expires_at: int) -> str:
    """The `Authorization: vapid t=<JWT>, k=<public key>` of a push to `audience` (the
    push service's origin), valid until `expires_at` (epoch seconds)."""
    claims = {"aud": audience, "exp": expires_at, "sub": settings.DICE_VAPID_SUBJECT}
    return vapid().sign(claims)["Authorization"]

"""A test push service: what a browser vendor's push service does with a push (RFC 8030),
on 127.0.0.1 over real TLS, for the Web Push tests and benchmark.

- TLS: a CA made here (`cryptography`) signs the server's certificate for `localhost`; the
  CA's PEM is `ca_file`, which the service under test trusts through
  DICE_PUSH_EXTRA_CA_FILE (docs/decisions/0026-web-push.md).
- `subscribe()` plays a browser: a P-256 key pair and a 16-byte auth secret of its own,
  and an endpoint here; it returns the `PushSubscription.toJSON()` a browser would post.
- Each push is checked as a push service checks it: `Authorization: vapid t=<JWT>, k=<key>`
  (RFC 8292) with `k` the application server key it was told (`server_key`), an ES256
  signature that verifies with it, `aud` this service's origin, `exp` in the future and
  within 24 hours, `sub` a mailto: or https: URI; a `TTL` header (RFC 8030 §5.2), an
  `Urgency` among the four (§5.3), a `Topic` of at most 32 base64url characters (§5.4);
  `Content-Encoding: aes128gcm` and a body of 4,096 bytes at most (413 beyond), which it
  decrypts with the subscription's private key (RFC 8291, `http_ece`).
- It answers 201 unless told otherwise per subscription (`answer(...)`: 404, 410, 413,
  429 with a Retry-After, 500 ...), 400/401/403 when a check fails, and records what it
  received (`received`, `rejected`).
"""

from __future__ import annotations

import base64
import datetime
import http.server
import ipaddress
import json
import secrets
import ssl
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import http_ece
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.x509.oid import NameOID

URGENCIES = {"very-low", "low", "normal", "high"}
MAX_BODY = 4096


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def point(key: ec.EllipticCurvePublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.X962,
                            serialization.PublicFormat.UncompressedPoint)


def make_tls(folder: Path) -> tuple[Path, Path, Path]:
    """A CA and a server certificate for localhost and 127.0.0.1: (ca, cert, key) files."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "dice test push CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True,
                                       crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False,
                                       decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()),
                         critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.DNSName("localhost"),
                 x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    folder.mkdir(parents=True, exist_ok=True)
    files = folder / "push-ca.pem", folder / "push-cert.pem", folder / "push-key.pem"
    files[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    files[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    files[2].write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return files


@dataclass
class Client:
    """A subscribed browser: its keys, and its subscription as the browser serializes it."""

    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    def subscription(self) -> dict[str, Any]:
        return {"endpoint": self.endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(point(self.private_key.public_key())),
                         "auth": b64url(self.auth)}}


@dataclass
class Received:
    """One push the service took (whatever it answered)."""

    token: str
    status: int
    headers: dict[str, str]
    payload: dict[str, Any]
    claims: dict[str, Any]
    clear: bytes  # the decrypted body, as the browser's worker would read it
    at: float  # time.time() when it arrived


@dataclass
class Answer:
    status: int
    headers: dict[str, str] = field(default_factory=dict)


class Rejected(Exception):
    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status
        self.why = why


class PushService:
    """Start with `start()`, stop with `stop()` (or use it as a context manager)."""

    def __init__(self, folder: Path, server_key: str) -> None:
        self.ca_file, cert, key = make_tls(folder)
        self.server_key = server_key  # base64url of the application server's public point
        self.clients: dict[str, Client] = {}
        self.answers: dict[str, deque[Answer]] = {}
        self.received: list[Received] = []
        self.rejected: list[str] = []
        self.lock = threading.Lock()
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(cert, key)
        self.httpd.socket = tls.wrap_socket(self.httpd.socket, server_side=True)
        self.port = self.httpd.server_address[1]
        self.origin = f"https://localhost:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> PushService:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)

    def __enter__(self) -> PushService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- what a test sets up and reads ------------------------------------------------------
    def subscribe(self) -> Client:
        token = secrets.token_urlsafe(12)
        client = Client(token, f"{self.origin}/push/{token}",
                        ec.generate_private_key(ec.SECP256R1()), secrets.token_bytes(16))
        with self.lock:
            self.clients[token] = client
        return client

    def answer(self, client: Client, status: int, **headers: str) -> None:
        """The next push to `client` is answered `status` (with `headers`); then 201."""
        with self.lock:
            self.answers.setdefault(client.token, deque()).append(Answer(status, headers))

    def of(self, client: Client) -> list[Received]:
        with self.lock:
            return [r for r in self.received if r.token == client.token]

    # --- what a push service does -----------------------------------------------------------
    def take(self, path: str, headers: dict[str, str], body: bytes) -> tuple[Answer, Received]:
        token = path.rsplit("/", 1)[-1]
        with self.lock:
            client = self.clients.get(token)
        if client is None or not path.startswith("/push/"):
            raise Rejected(404, "no such subscription")
        claims = self.check_vapid(headers.get("authorization", ""))
        self.check_headers(headers)
        if len(body) > MAX_BODY:
            raise Rejected(413, "payload too large")
        try:
            clear = http_ece.decrypt(body, private_key=client.private_key,
                                     auth_secret=client.auth, version="aes128gcm")
            payload = json.loads(clear)
        except Exception as error:
            raise Rejected(400, f"does not decrypt: {error!r}") from None
        with self.lock:
            queued = self.answers.get(token)
            answer = queued.popleft() if queued else Answer(201)
        if answer.status == 201:
            answer.headers.setdefault("Location", f"{self.origin}/message/{secrets.token_hex(8)}")
        return answer, Received(token, answer.status, headers, payload, claims, clear,
                                time.time())

    def check_vapid(self, authorization: str) -> dict[str, Any]:
        scheme, _, params = authorization.partition(" ")
        if scheme.lower() != "vapid":
            raise Rejected(401, "no vapid authorization")
        parts = dict(p.strip().split("=", 1) for p in params.split(",") if "=" in p)
        if parts.get("k") != self.server_key:
            raise Rejected(403, "not the application server key subscribed with")
        try:
            head, body, signature = parts["t"].split(".")
            header = json.loads(b64url_decode(head))
            claims = json.loads(b64url_decode(body))
            raw = b64url_decode(signature)
            key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(),
                                                               b64url_decode(parts["k"]))
            key.verify(encode_dss_signature(int.from_bytes(raw[:32], "big"),
                                            int.from_bytes(raw[32:], "big")),
                       f"{head}.{body}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
        except (KeyError, ValueError, InvalidSignature) as error:
            raise Rejected(401, f"bad JWT: {error!r}") from None
        now = time.time()
        if header.get("alg") != "ES256" or len(raw) != 64:
            raise Rejected(401, "not ES256")
        if claims.get("aud") != self.origin:
            raise Rejected(401, f"aud {claims.get('aud')!r} is not {self.origin}")
        if not isinstance(claims.get("exp"), int) or not now < claims["exp"] <= now + 86400:
            raise Rejected(401, "exp not within the next 24 hours")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise Rejected(401, "sub is not a mailto: or https: URI")
        return claims

    @staticmethod
    def check_headers(headers: dict[str, str]) -> None:
        if not headers.get("ttl", "").isdigit():
            raise Rejected(400, "no TTL")
        if headers.get("urgency", "normal") not in URGENCIES:
            raise Rejected(400, "bad Urgency")
        topic = headers.get("topic")
        if topic is not None and (len(topic) > 32 or not all(
                c.isalnum() or c in "-_" for c in topic)):
            raise Rejected(400, "bad Topic")
        if headers.get("content-encoding") != "aes128gcm":
            raise Rejected(415, "not aes128gcm")

    def _handler(self) -> type[http.server.BaseHTTPRequestHandler]:
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                headers = {k.lower(): v for k, v in self.headers.items()}
                try:
                    answer, received = service.take(self.path, headers, body)
                except Rejected as rejected:
                    with service.lock:
                        service.rejected.append(f"{rejected.status} {rejected.why}")
                    answer = Answer(rejected.status)
                else:
                    with service.lock:
                        service.received.append(received)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        return Handler

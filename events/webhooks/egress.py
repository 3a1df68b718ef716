"""Outbound HTTP for webhooks and Web Push (events/push/delivery.py): which addresses a
receiver's name may lead to, and one POST.

With `DICE_WEBHOOK_ALLOW_PRIVATE=false` (production), a webhook's host name is resolved and
refused if any address it resolves to is loopback, private, link-local, multicast,
reserved, unspecified or otherwise not global (IPv4-mapped IPv6 addresses are judged by
the IPv4 address they carry). This is checked at registration and again at every delivery,
since names can change.

A delivery connects to the very address that was checked (the name is pinned for the
connection) and sends the name in the Host header and as TLS SNI, with the certificate
checked against the name; a DNS answer that changes between the check and the connect
cannot move the POST elsewhere. Redirects are never followed. A failed attempt is
reported as a status code (if any) and a short generic reason, never the receiver's own
error text. `send` also returns the answer's Retry-After (a push service's 429 or 503).
"""

from __future__ import annotations

import functools
import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from typing import Mapping
from urllib.parse import urlsplit

NOT_ALLOWED = "address not allowed"
UNRESOLVED = "name not resolved"
CONNECTION_FAILED = "connection failed"
TIMED_OUT = "timed out"
TLS_FAILED = "TLS handshake failed"
BAD_RESPONSE = "invalid response"
REDIRECT = "redirect not followed"
INVALID_URL = "invalid URL"

DEFAULT_PORTS = {"http": 80, "https": 443}


class Refused(Exception):
    """The host may not be contacted: `code` for the API, `reason` for the delivery log."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def forbidden(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """True if a webhook may not be delivered to this address."""
    if isinstance(address, ipaddress.IPv6Address):
        mapped = address.ipv4_mapped or address.sixtofour
        if mapped is not None:
            return forbidden(mapped)
        if address.teredo is not None:
            return True
    return (address.is_loopback or address.is_private or address.is_link_local
            or address.is_multicast or address.is_reserved or address.is_unspecified
            or not address.is_global)


def local_name(host: str) -> bool:
    host = host.lower().rstrip(".")
    return host == "localhost" or host.endswith(".localhost")


def resolve(host: str, port: int, *, allow_private: bool) -> list[str]:
    """The addresses `host` resolves to, in the resolver's order, each one allowed.

    Raises Refused when the name does not resolve, or when any of its addresses is
    forbidden (unless `allow_private`).
    """
    if not allow_private and local_name(host):
        raise Refused("invalid_webhook_url", NOT_ALLOWED)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        raise Refused("unresolvable_webhook_host", UNRESOLVED) from None
    addresses: list[str] = []
    for info in infos:
        text = str(info[4][0])
        if text not in addresses:
            addresses.append(text)
    if not addresses:
        raise Refused("unresolvable_webhook_host", UNRESOLVED)
    if not allow_private:
        for text in addresses:
            try:
                address = ipaddress.ip_address(text.split("%", 1)[0])
            except ValueError:
                raise Refused("invalid_webhook_url", NOT_ALLOWED) from None
            if forbidden(address):
                raise Refused("invalid_webhook_url", NOT_ALLOWED)
    return addresses


class _PinnedHTTP(http.client.HTTPConnection):
    """HTTP to `address`, speaking to the server as `host` (the Host header)."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


@functools.lru_cache(maxsize=4)
def tls_context(extra_ca: str = "") -> ssl.SSLContext:
    """The client TLS settings (the system's CAs, and `extra_ca`'s: a PEM file of CAs
    trusted besides them, the test push service's), made once per process: loading the
    system's CAs takes ~20 ms, more than the rest of a push (docs/benchmarks.md, "Web
    Push"). A change of the system's CAs is seen after a restart."""
    context = ssl.create_default_context()
    if extra_ca:
        context.load_verify_locations(cafile=extra_ca)
    return context


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to `address`, with SNI and the certificate check of `host`."""

    def __init__(self, host: str, port: int, *, address: str, timeout: float,
                 extra_ca: str = "") -> None:
        self.tls = tls_context(extra_ca)
        super().__init__(host, port, timeout=timeout, context=self.tls)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        try:
            self.sock = self.tls.wrap_socket(sock, server_hostname=self.host)
        except BaseException:
            sock.close()
            raise


def reason_of(status: int) -> str:
    if 200 <= status < 300:
        return ""
    if 300 <= status < 400:
        return REDIRECT
    return f"HTTP {status}"


@dataclass(frozen=True)
class Answer:
    """What one POST came to: the status code (None: no answer), a short generic reason
    ("" for a 2xx), and the answer's Retry-After header as sent (None: none)."""

    status: int | None
    reason: str
    retry_after: str | None = None


def post(url: str, body: bytes, headers: Mapping[str, str], *, timeout: float,
         allow_private: bool) -> tuple[int | None, str]:
    """POST `body` to `url` once: (the status code or None, a short generic reason).

    The reason is "" for a 2xx answer. No redirect is followed: a 3xx is a failure.
    """
    answer = send(url, body, headers, timeout=timeout, allow_private=allow_private)
    return answer.status, answer.reason


def send(url: str, body: bytes, headers: Mapping[str, str], *, timeout: float,
         allow_private: bool, extra_ca: str = "") -> Answer:
    """POST `body` to `url` once, at an address checked now (see `post`)."""
    parts = urlsplit(url)
    try:
        host = parts.hostname
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return Answer(None, INVALID_URL)
    if not host or port is None:
        return Answer(None, INVALID_URL)
    try:
        addresses = resolve(host, port, allow_private=allow_private)
    except Refused as refused:
        return Answer(None, refused.reason)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    failure = CONNECTION_FAILED
    for address in addresses:
        if parts.scheme == "https":
            connection: http.client.HTTPConnection = _PinnedHTTPS(
                host, port, address=address, timeout=timeout, extra_ca=extra_ca)
        else:
            connection = _PinnedHTTP(host, port, address=address, timeout=timeout)
        try:
            try:
                connection.connect()
            except TimeoutError:
                failure = TIMED_OUT
                continue
            except ssl.SSLError:
                return Answer(None, TLS_FAILED)
            except OSError:
                failure = CONNECTION_FAILED
                continue
            try:
                connection.request("POST", target, body=body, headers=dict(headers))
                response = connection.getresponse()
            except TimeoutError:
                return Answer(None, TIMED_OUT)
            except http.client.HTTPException:
                return Answer(None, BAD_RESPONSE)
            except (OSError, ValueError):
                return Answer(None, CONNECTION_FAILED)
            return Answer(response.status, reason_of(response.status),
                          response.getheader("Retry-After"))
        finally:
            connection.close()
    return Answer(None, failure)

"""``serve``: what ``make run`` starts. Daphne's ``runserver``, plus HTTPS on a second port for
the phones. (A command of its own name: Daphne's ``runserver`` comes first in INSTALLED_APPS and
would shadow one called ``runserver`` here.)

Plain http on the LAN is not a secure context: the screen's wake lock, the service worker and
installing the app are refused there. So the embedded default also listens with TLS (port
``--tls-port``, default ``LAN_TLS_PORT`` or 8443; 0 turns it off) with a certificate made on
the first start for the machine's names and addresses and renewed when they change
(companion/core/lan_tls.py). The join link and its QR code stay on plain http, which opens
without a warning; the host's page offers the HTTPS address for installing the app.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from daphne.management.commands.runserver import Command as DaphneRunserver
from daphne.server import Server
from django.conf import settings
from OpenSSL import crypto
from twisted.internet.endpoints import SSL4ServerEndpoint
from twisted.internet.ssl import AcceptableCiphers, CertificateOptions, TLSVersion

from companion.core import lan_tls
from companion.core.local_site import local_hosts


def tls_directory() -> Path:
    """Beside ``.secret_key`` (the same directory the embedded default keeps its key in)."""
    key_file = os.environ.get("DJANGO_SECRET_KEY_FILE", str(settings.BASE_DIR / ".secret_key"))
    return Path(os.environ.get("LAN_TLS_DIR", Path(key_file).parent / ".tls"))


#: TLS 1.2 with forward secrecy and AEAD only (ECDHE with AES-GCM or ChaCha20-Poly1305: what
#: Mozilla's "intermediate" profile keeps); no CBC, no SHA-1 MACs, no RSA key exchange. TLS 1.3
#: has its own suites, all AEAD, and is left as OpenSSL has it. Older than 1.2 is refused.
TLS12_CIPHERS = "ECDHE+AESGCM:ECDHE+CHACHA20"


def tls_options(files: lan_tls.TlsFiles) -> CertificateOptions:
    """The server's TLS settings: the certificate (with its authority after it), TLS 1.2 at
    the least, and on TLS 1.2 only the AEAD suites of ``TLS12_CIPHERS``."""
    chain = x509.load_pem_x509_certificates(files.cert.read_bytes())
    key = serialization.load_pem_private_key(files.key.read_bytes(), password=None)
    return CertificateOptions(
        privateKey=crypto.PKey.from_cryptography_key(key),  # type: ignore[arg-type]
        certificate=crypto.X509.from_cryptography(chain[0]),
        extraCertChain=[crypto.X509.from_cryptography(cert) for cert in chain[1:]],
        acceptableCiphers=AcceptableCiphers.fromOpenSSLCipherString(TLS12_CIPHERS),
        raiseMinimumTo=TLSVersion.TLSv1_2,
    )


def server_with_tls(host: str, port: int, files: lan_tls.TlsFiles) -> type[Server]:
    """Daphne's server, also listening with TLS on ``host:port``. (Daphne takes endpoints as
    Twisted's description strings, whose ``ssl:`` form cannot choose the cipher suites: the
    TLS endpoint is made here, with `tls_options`, on the same HTTP factory.)"""
    options = tls_options(files)

    # Daphne installs Twisted's asyncio reactor when daphne.server is imported (above): the
    # reactor is looked up only now, never installed by this module.
    from twisted.internet import reactor

    class TlsServer(Server):
        def run(self) -> None:
            reactor.callWhenRunning(self._listen_tls)  # the factory exists by then
            super().run()

        def _listen_tls(self) -> None:
            endpoint = SSL4ServerEndpoint(reactor, port, options, interface=host.strip("[]"))
            listener = endpoint.listen(self.http_factory)
            listener.addCallback(self.listen_success)
            listener.addErrback(self.listen_error)
            self.listeners.append(listener)

    return TlsServer


class Command(DaphneRunserver):
    help = "Daphne's runserver, also serving HTTPS for the phones (docs/operations.md)."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--tls-port",
            type=int,
            default=int(os.environ.get("LAN_TLS_PORT", "8443")),
            help="Also serve HTTPS on this port with a certificate made for this machine "
            "(0: plain http only). Default: LAN_TLS_PORT or 8443.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        self.tls_port = options["tls_port"]
        super().handle(*args, **options)

    def inner_run(self, *args: Any, **options: Any) -> None:
        if self.tls_port:
            files = lan_tls.TlsFiles(tls_directory())
            lan_tls.ensure_certificate(files, [*settings.ALLOWED_HOSTS, *local_hosts()])
            tls_server = server_with_tls(self.addr, self.tls_port, files)
            lan_tls.SERVING_PORT = self.tls_port
            lan_tls.HTTP_PORT = int(self.port)
            lan_tls.SERVING_FILES = files
            host = f"[{self.addr}]" if self._raw_ipv6 else self.addr
            self.stdout.write(
                f"HTTPS (for installing the app; the phone warns once): "
                f"https://{host}:{self.tls_port}/"
            )

            self.server_cls = tls_server
        super().inner_run(*args, **options)

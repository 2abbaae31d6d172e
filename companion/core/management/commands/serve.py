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

from daphne.management.commands.runserver import Command as DaphneRunserver
from daphne.server import Server
from django.conf import settings

from companion.core import lan_tls
from companion.core.local_site import local_hosts


def tls_directory() -> Path:
    """Beside ``.secret_key`` (the same directory the embedded default keeps its key in)."""
    key_file = os.environ.get("DJANGO_SECRET_KEY_FILE", str(settings.BASE_DIR / ".secret_key"))
    return Path(os.environ.get("LAN_TLS_DIR", Path(key_file).parent / ".tls"))


def tls_endpoint(host: str, port: int, files: lan_tls.TlsFiles) -> str:
    """A Twisted endpoint description for TLS on ``host:port`` (colons escaped, as Daphne's
    own tcp endpoints have them)."""

    def escape(value: str) -> str:
        return value.replace("\\", "\\\\").replace(":", "\\:")

    return (
        f"ssl:port={port}:interface={escape(host.strip('[]'))}"
        f":privateKey={escape(str(files.key))}:certKey={escape(str(files.cert))}"
    )


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
            endpoint = tls_endpoint(self.addr, self.tls_port, files)
            lan_tls.SERVING_PORT = self.tls_port
            lan_tls.HTTP_PORT = int(self.port)
            lan_tls.SERVING_FILES = files
            host = f"[{self.addr}]" if self._raw_ipv6 else self.addr
            self.stdout.write(
                f"HTTPS (for installing the app; the phone warns once): "
                f"https://{host}:{self.tls_port}/"
            )

            def server(**kwargs: Any) -> Server:
                kwargs["endpoints"] = [*kwargs["endpoints"], endpoint]
                return Server(**kwargs)

            self.server_cls = server
        super().inner_run(*args, **options)

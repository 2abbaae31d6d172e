"""What the embedded default needs to serve the phones on a network safely without settings:
the machine's own names and addresses (the hosts it answers to) and a secret key made on the
first start and kept in a file. Read by settings.py, so nothing here imports Django."""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import os
import secrets
import socket
import struct
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def local_hosts() -> list[str]:
    """Every name and address this machine answers to: localhost, its host names (also as
    ``.local`` for mDNS), and the addresses of its network interfaces."""
    names = {"localhost", "127.0.0.1", "[::1]"}
    hostname = socket.gethostname()
    names |= {hostname, f"{hostname}.local", socket.getfqdn()}
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(hostname, None):
            names.add(_host(info[4][0]))
    names |= {_host(address) for address in interface_addresses()}
    return sorted(name.lower() for name in names if name)


def interface_addresses() -> list[str]:
    """The IPv4 and IPv6 addresses of this machine's interfaces (Linux; elsewhere the
    address a route to a private network leaves from)."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        import fcntl

        for _, name in socket.if_nameindex():
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                request = struct.pack("256s", name.encode()[:15])
                with contextlib.suppress(OSError):
                    reply = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                    found.append(socket.inet_ntoa(reply[20:24]))
        with contextlib.suppress(OSError), open("/proc/net/if_inet6") as table:
            for line in table:
                raw = line.split()[0]
                found.append(str(ipaddress.IPv6Address(bytes.fromhex(raw))))
    for target in ("10.255.255.255", "192.168.255.255"):  # no packet is sent: a UDP connect
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((target, 1))
            found.append(s.getsockname()[0])
    return found


def _host(address: str) -> str:
    address = address.split("%", 1)[0]  # a link-local address's zone
    return f"[{address}]" if ":" in address else address


def local_secret_key(path: Path) -> str:
    """The key kept in ``path``, made (and the file written, readable by its owner only) on
    the first start; a key for this process alone if the file cannot be written."""
    with contextlib.suppress(OSError):
        key = path.read_text().strip()
        if len(key) >= 50:
            return key
    key = secrets.token_urlsafe(50)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as file:
            file.write(key + "\n")
    except OSError:
        log.warning("could not keep the secret key in %s: sessions end with this process", path)
    return key

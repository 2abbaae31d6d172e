"""The certificate the embedded default serves HTTPS with on a home network (docs/operations.md,
"HTTPS on the table's network").

A phone reaches the laptop by a LAN address or a ``.local`` name, which no public certificate
authority will sign: the certificate is made here, on the first start, for every name and
address the machine answers to. It is signed by a small authority of this installation (also
made here, kept for ten years), so that a phone that chose to trust that authority keeps
trusting the laptop when the certificate is renewed; a phone that only passed the browser's
warning sees it again after a renewal. The certificate is renewed when the machine's names or
addresses change and a month before it expires (397 days, the longest Apple's phones accept).

Uses ``cryptography`` (already there: Twisted's TLS, which Daphne serves it with, needs it and
pyOpenSSL). Nothing here imports Django.
"""

from __future__ import annotations

import datetime
import ipaddress
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

log = logging.getLogger(__name__)

LEAF_DAYS = 397  # Apple refuses longer server certificates
CA_DAYS = 3650
RENEW_BEFORE = datetime.timedelta(days=30)

#: The HTTPS port this process serves (set by ``manage.py serve``; 0: none). The pages offer the
#: HTTPS address only when it is really served.
SERVING_PORT = 0
#: The plain http port beside it (the join link and its QR code stay on http).
HTTP_PORT = 0
#: Its files (the authority's certificate is offered to phones that want to trust the laptop).
SERVING_FILES: TlsFiles | None = None


@dataclass(frozen=True)
class TlsFiles:
    """Where the certificate and its key are kept (a directory beside ``.secret_key``)."""

    directory: Path

    @property
    def cert(self) -> Path:
        return self.directory / "cert.pem"

    @property
    def key(self) -> Path:
        return self.directory / "key.pem"

    @property
    def ca_cert(self) -> Path:
        return self.directory / "ca.pem"

    @property
    def ca_key(self) -> Path:
        return self.directory / "ca-key.pem"


def split_names(hosts: list[str]) -> tuple[list[str], list[str]]:
    """Host names and IP addresses (without IPv6 brackets or zones) among ``hosts``; wildcards
    and the catch-all ``*`` of ALLOWED_HOSTS are left out."""
    names: set[str] = set()
    addresses: set[str] = set()
    for host in hosts:
        host = host.strip().lower().strip("[]").split("%", 1)[0]
        if not host or host.startswith(".") or "*" in host:
            continue
        try:
            addresses.add(str(ipaddress.ip_address(host)))
        except ValueError:
            names.add(host)
    return sorted(names), sorted(addresses)


def ensure_certificate(
    files: TlsFiles, hosts: list[str], now: datetime.datetime | None = None
) -> bool:
    """Make (or renew) the certificate for ``hosts``; True when a new one was written."""
    now = now or datetime.datetime.now(datetime.UTC)
    names, addresses = split_names(hosts)
    files.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    ca_key, ca_cert = _authority(files, now)
    current = _read_cert(files.cert)
    fits = current is not None and _fits(current, ca_cert, names, addresses, now)
    if fits and files.key.exists():
        return False
    key = ec.generate_private_key(ec.SECP256R1())
    alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    alt += [x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, names[0] if names else "table")])
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=LEAF_DAYS))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False
        )
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(files.key, _key_pem(key))
    # The chain: the certificate, then the authority (a phone that trusts it can check it).
    chain = cert.public_bytes(serialization.Encoding.PEM) + ca_cert.public_bytes(
        serialization.Encoding.PEM
    )
    _write_private(files.cert, chain)
    log.warning(
        "made a certificate for %s (valid until %s): phones see the browser's one-time warning",
        ", ".join(names + addresses),
        cert.not_valid_after_utc.date(),
    )
    return True


def certificate_names(path: Path) -> list[str]:
    """The names and addresses the certificate in ``path`` is for (its SAN)."""
    cert = _read_cert(path)
    if cert is None:
        return []
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return [*san.get_values_for_type(x509.DNSName)] + [
        str(a) for a in san.get_values_for_type(x509.IPAddress)
    ]


def _fits(
    cert: x509.Certificate,
    ca_cert: x509.Certificate,
    names: list[str],
    addresses: list[str],
    now: datetime.datetime,
) -> bool:
    if cert.issuer != ca_cert.subject or cert.not_valid_after_utc - RENEW_BEFORE < now:
        return False
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    have_names = sorted(san.get_values_for_type(x509.DNSName))
    have_addresses = sorted(str(a) for a in san.get_values_for_type(x509.IPAddress))
    return have_names == names and have_addresses == sorted(addresses)


def _authority(
    files: TlsFiles, now: datetime.datetime
) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """The installation's own certificate authority, made once."""
    cert = _read_cert(files.ca_cert)
    if cert is not None and files.ca_key.exists() and cert.not_valid_after_utc > now + RENEW_BEFORE:
        key = serialization.load_pem_private_key(files.ca_key.read_bytes(), password=None)
        if isinstance(key, ec.EllipticCurvePrivateKey):
            return key, cert
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Table companion"),
            x509.NameAttribute(
                NameOID.COMMON_NAME, f"Table companion on {os.uname().nodename}"[:64]
            ),
        ]
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    _write_private(files.ca_key, _key_pem(key))
    files.ca_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return key, cert


def _read_cert(path: Path) -> x509.Certificate | None:
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except (OSError, ValueError):
        return None


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as file:
        file.write(data)

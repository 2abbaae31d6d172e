"""The certificate the embedded default serves HTTPS with on a home network (docs/operations.md,
"HTTPS on the table's network").

A phone reaches the laptop by a LAN address or a ``.local`` name, which no public certificate
authority will sign: the certificate is made here, on the first start, for every name and
address the machine answers to. It is signed by a small authority of this installation (also
made here), so that a phone that chose to trust that authority keeps trusting the laptop when
the certificate is renewed; a phone that only passed the browser's warning sees it again after
a renewal. The certificate is renewed when the machine's names or addresses change and a month
before it expires (397 days, the longest Apple's phones accept, never past the authority's end).

The authority can sign for this machine only: a critical name constraint permits the machine's
names (its host name, its ``.local`` name, localhost and the others it answers to) and the
private and local address ranges, so whoever copied ``ca-key.pem`` off the laptop cannot sign
for any other site the phones would then trust. It is valid two years and replaced a month
before it ends, or when the machine answers to a name it does not permit, or when it is one of
the earlier authorities without constraints (ten years): phones that trusted it then install
the new one (docs/operations.md, "HTTPS on the table's network").

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
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

log = logging.getLogger(__name__)

LEAF_DAYS = 397  # Apple refuses longer server certificates
CA_DAYS = 730
RENEW_BEFORE = datetime.timedelta(days=30)
#: The address ranges the authority may sign for besides the machine's own addresses: the
#: private networks a table's Wi-Fi uses (RFC 1918, IPv6 unique local), link-local, loopback.
PERMITTED_NETWORKS = tuple(
    ipaddress.ip_network(net)
    for net in (
        "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "169.254.0.0/16", "127.0.0.0/8",
        "::1/128", "fc00::/7", "fe80::/10",
    )
)

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
    ca_key, ca_cert = _authority(files, now, names, addresses)
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
        .not_valid_after(min(now + datetime.timedelta(days=LEAF_DAYS), ca_cert.not_valid_after_utc))
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
        cert.verify_directly_issued_by(ca_cert)  # not by an authority this one replaced
    except (ValueError, TypeError, InvalidSignature):
        return False
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return False
    have_names = sorted(san.get_values_for_type(x509.DNSName))
    have_addresses = sorted(str(a) for a in san.get_values_for_type(x509.IPAddress))
    return have_names == names and have_addresses == sorted(addresses)


def name_constraints(names: list[str], addresses: list[str]) -> x509.NameConstraints:
    """What the authority may sign for: ``names`` (each with the names under it) and the
    private ranges, plus any of ``addresses`` outside them."""
    networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = list(PERMITTED_NETWORKS)
    for address in addresses:
        ip = ipaddress.ip_address(address)
        if not any(ip in net for net in networks):
            networks.append(ipaddress.ip_network(ip))
    permitted: list[x509.GeneralName] = [x509.DNSName(n) for n in sorted(set(names))]
    permitted += [x509.IPAddress(net) for net in networks]
    return x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None)


def _permits(ca_cert: x509.Certificate, names: list[str], addresses: list[str]) -> bool:
    """Whether ``ca_cert`` carries critical name constraints that cover these names and
    addresses (an authority of before the constraints has none: it is replaced)."""
    try:
        extension = ca_cert.extensions.get_extension_for_class(x509.NameConstraints)
    except x509.ExtensionNotFound:
        return False
    if not extension.critical:
        return False
    subtrees = extension.value.permitted_subtrees or []
    dns = [g.value.lower() for g in subtrees if isinstance(g, x509.DNSName)]
    networks = [g.value for g in subtrees if isinstance(g, x509.IPAddress)]
    for name in names:
        if not any(name == d or name.endswith("." + d) for d in dns):
            return False
    for address in addresses:
        ip = ipaddress.ip_address(address)
        if not any(ip.version == net.version and ip in net for net in networks):
            return False
    return True


def _authority(
    files: TlsFiles, now: datetime.datetime, names: list[str], addresses: list[str]
) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    """The installation's own certificate authority, made once and replaced only when it ends
    within a month or does not permit the machine's names and addresses."""
    cert = _read_cert(files.ca_cert)
    if cert is not None and files.ca_key.exists():
        if cert.not_valid_after_utc <= now + RENEW_BEFORE:
            why = f"it ends on {cert.not_valid_after_utc.date()}"
        elif not _permits(cert, names, addresses):
            why = "it is not limited to this machine's names and addresses"
        else:
            key = serialization.load_pem_private_key(files.ca_key.read_bytes(), password=None)
            if isinstance(key, ec.EllipticCurvePrivateKey):
                return key, cert
            why = "its key is not one this installation makes"
        log.warning(
            "the table's certificate authority is replaced (%s): phones that installed the "
            "old one install the new one from /lan-certificate.crt (docs/operations.md)",
            why,
        )
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
        .add_extension(name_constraints(names, addresses), critical=True)
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

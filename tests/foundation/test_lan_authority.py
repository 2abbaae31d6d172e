"""The table's certificate authority (issue #37, F6): limited by critical name constraints to
the machine's own names and the private address ranges, valid two years (a leaf never past
it), and an authority of before the constraints replaced. A certificate it signs for any other
site is refused by a verifier that trusts it (cryptography's, and OpenSSL's)."""

from __future__ import annotations

import datetime
import ipaddress
import shutil
import subprocess

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

from companion.core import lan_tls

HOSTS = ["localhost", "127.0.0.1", "[::1]", "laptop", "laptop.local", "192.168.1.20"]


def authority(files: lan_tls.TlsFiles) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    cert = x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
    key = serialization.load_pem_private_key(files.ca_key.read_bytes(), password=None)
    assert isinstance(key, ec.EllipticCurvePrivateKey)
    return cert, key


def signed_leaf(files: lan_tls.TlsFiles, name: x509.GeneralName) -> x509.Certificate:
    """What a thief holding ``ca-key.pem`` would make: a server certificate for ``name``."""
    ca, ca_key = authority(files)
    now = datetime.datetime.now(datetime.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    return (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "site")]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName([name]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )


def verify(files: lan_tls.TlsFiles, leaf: x509.Certificate, subject) -> None:
    ca, _ = authority(files)
    verifier = PolicyBuilder().store(Store([ca])).build_server_verifier(subject)
    verifier.verify(leaf, [])


def test_the_authority_carries_critical_name_constraints_for_this_machine(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    ca, _ = authority(files)
    extension = ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert extension.critical
    permitted = extension.value.permitted_subtrees
    dns = sorted(g.value for g in permitted if isinstance(g, x509.DNSName))
    assert dns == ["laptop", "laptop.local", "localhost"]
    networks = {str(g.value) for g in permitted if isinstance(g, x509.IPAddress)}
    assert {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8"} <= networks
    assert {"::1/128", "fc00::/7"} <= networks
    assert not extension.value.excluded_subtrees
    lifetime = ca.not_valid_after_utc - ca.not_valid_before_utc
    assert lifetime <= datetime.timedelta(days=731)


@pytest.mark.skipif(not shutil.which("openssl"), reason="no openssl command")
def test_openssl_shows_the_name_constraints(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    text = subprocess.run(
        ["openssl", "x509", "-in", str(files.ca_cert), "-noout", "-text"],
        capture_output=True, text=True, check=True, timeout=30,
    ).stdout
    assert "X509v3 Name Constraints: critical" in text, text
    assert "DNS:laptop.local" in text and "IP:192.168.0.0/255.255.0.0" in text
    # and OpenSSL's own verification refuses a certificate for another site
    outside = signed_leaf(files, x509.DNSName("bank.example"))
    leaf_path = tmp_path / "outside.pem"
    leaf_path.write_bytes(outside.public_bytes(serialization.Encoding.PEM))
    result = subprocess.run(
        ["openssl", "verify", "-CAfile", str(files.ca_cert), str(leaf_path)],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode != 0 and "permitted subtree violation" in result.stderr
    result = subprocess.run(
        ["openssl", "verify", "-CAfile", str(files.ca_cert), str(files.cert)],
        capture_output=True, text=True, timeout=30,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_its_own_certificate_verifies_and_one_for_another_site_does_not(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    own = x509.load_pem_x509_certificate(files.cert.read_bytes())
    verify(files, own, x509.DNSName("laptop.local"))
    verify(files, own, x509.IPAddress(ipaddress.ip_address("192.168.1.20")))

    for name, subject in [
        (x509.DNSName("bank.example"), x509.DNSName("bank.example")),
        (x509.DNSName("accounts.google.com"), x509.DNSName("accounts.google.com")),
        (
            x509.IPAddress(ipaddress.ip_address("8.8.8.8")),
            x509.IPAddress(ipaddress.ip_address("8.8.8.8")),
        ),
    ]:
        with pytest.raises(VerificationError):
            verify(files, signed_leaf(files, name), subject)
    # inside the constraints, a certificate it signs still works (another LAN address)
    inside = x509.IPAddress(ipaddress.ip_address("10.1.2.3"))
    verify(files, signed_leaf(files, inside), inside)


def test_a_leaf_never_outlives_its_authority_and_both_are_renewed(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    ca, _ = authority(files)
    days = datetime.timedelta(days=1)
    # a year and a half on: the new leaf ends with the authority, not 397 days later
    later = ca.not_valid_before_utc + 560 * days
    assert lan_tls.ensure_certificate(files, HOSTS, now=later) is True
    leaf = x509.load_pem_x509_certificate(files.cert.read_bytes())
    assert leaf.not_valid_after_utc <= ca.not_valid_after_utc
    # a month before the authority ends: a new authority, and a leaf it signed
    end = ca.not_valid_after_utc - 20 * days
    assert lan_tls.ensure_certificate(files, HOSTS, now=end) is True
    new_ca, _ = authority(files)
    assert new_ca.serial_number != ca.serial_number
    x509.load_pem_x509_certificate(files.cert.read_bytes()).verify_directly_issued_by(new_ca)


def test_an_authority_without_constraints_is_replaced(tmp_path, caplog):
    """What installations made before the constraints: a ten-year authority without them."""
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    files.directory.mkdir(parents=True)
    now = datetime.datetime.now(datetime.UTC)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Table companion on laptop")])
    old = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=10))
        .not_valid_after(now + datetime.timedelta(days=3650))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .sign(key, hashes.SHA256())
    )
    files.ca_cert.write_bytes(old.public_bytes(serialization.Encoding.PEM))
    files.ca_key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    with caplog.at_level("WARNING", logger="companion.core.lan_tls"):
        assert lan_tls.ensure_certificate(files, HOSTS) is True
    ca, _ = authority(files)
    assert ca.serial_number != old.serial_number
    ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert "certificate authority is replaced" in caplog.text
    x509.load_pem_x509_certificate(files.cert.read_bytes()).verify_directly_issued_by(ca)


def test_a_new_name_replaces_the_authority_a_new_lan_address_does_not(tmp_path):
    files = lan_tls.TlsFiles(tmp_path / ".tls")
    lan_tls.ensure_certificate(files, HOSTS)
    first = files.ca_cert.read_bytes()
    lan_tls.ensure_certificate(files, [*HOSTS, "172.20.0.5", "fd00::5"])
    assert files.ca_cert.read_bytes() == first
    lan_tls.ensure_certificate(files, [*HOSTS, "tablehost"])
    assert files.ca_cert.read_bytes() != first
    assert "tablehost" in lan_tls.certificate_names(files.cert)

"""A small real HTTP server for tests that fetch web pages (the SSRF guard, web-page documents,
text extraction): pages, redirects, slow and large answers, on 127.0.0.1 (or another local
address) and a free port.

    with LocalWebServer() as web:
        web.page("/guide", "<html>...</html>")
        web.redirect("/away", "http://169.254.169.254/latest/meta-data/")
        fetch(web.url("/guide"))
        assert web.hits["/guide"] == 1

`LocalWebServer(tls_name="localhost")` serves https with a certificate for that name from a CA of
its own (`client_ssl_context()` trusts it) and records the TLS server names clients sent (`sni_names`).
`LocalWebServer("::1")` listens on IPv6.
"""

from __future__ import annotations

import socket
import ssl
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class _Route:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    location: str = ""
    delay_s: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


class LocalWebServer:
    def __init__(self, host: str = "127.0.0.1", *, tls_name: str | None = None) -> None:
        self.routes: dict[str, _Route] = {}
        self.hits: Counter[str] = Counter()
        self.host_headers: list[str] = []
        self.cookie_headers: list[str] = []  # the Cookie header of each request ("" when none)
        self.sni_names: list[str | None] = []
        self._ca_pem = b""
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                path = self.path.split("?", 1)[0]
                server.hits[path] += 1
                server.host_headers.append(self.headers.get("Host", ""))
                server.cookie_headers.append(self.headers.get("Cookie", ""))
                route = server.routes.get(path) or _Route(status=404, body=b"not found", content_type="text/plain")
                if route.delay_s:
                    time.sleep(route.delay_s)
                self.send_response(route.status)
                if route.location:
                    self.send_header("Location", route.location)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(route.body)))
                for key, value in route.headers.items():
                    self.send_header(key, value)
                self.end_headers()
                try:
                    self.wfile.write(route.body)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (size or time cap)
                    pass

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet
                pass

        self._httpd = (_IPv6Server if ":" in host else ThreadingHTTPServer)((host, 0), Handler)
        self._httpd.daemon_threads = True
        self.host, self.port = self._httpd.server_address[:2]
        self.scheme = "http"
        if tls_name:
            self._serve_tls(tls_name)
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="local-web-server", daemon=True)

    def _serve_tls(self, name: str) -> None:
        self._ca_pem, cert_pem, key_pem = _certificate_for(name)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        with tempfile.NamedTemporaryFile() as cert_file, tempfile.NamedTemporaryFile() as key_file:
            cert_file.write(cert_pem)
            key_file.write(key_pem)
            cert_file.flush()
            key_file.flush()
            context.load_cert_chain(cert_file.name, key_file.name)
        context.sni_callback = lambda _sock, server_name, _ctx: self.sni_names.append(server_name)
        self._httpd.socket = context.wrap_socket(self._httpd.socket, server_side=True)
        self.scheme = "https"

    def client_ssl_context(self) -> ssl.SSLContext:
        """A client context that trusts this server's CA (and nothing else)."""
        return ssl.create_default_context(cadata=self._ca_pem.decode())

    def url(self, path: str = "/", host: str | None = None) -> str:
        host = host or self.host
        return f"{self.scheme}://{f'[{host}]' if ':' in host else host}:{self.port}{path}"

    def page(self, path: str, body: str | bytes, *, content_type: str = "text/html; charset=utf-8",
             status: int = 200, delay_s: float = 0.0, headers: dict[str, str] | None = None) -> str:
        """Serve `body` at `path` (replacing what was there); the page's URL."""
        data = body.encode() if isinstance(body, str) else body
        self.routes[path] = _Route(status=status, body=data, content_type=content_type, delay_s=delay_s,
                                   headers=headers or {})
        return self.url(path)

    def redirect(self, path: str, location: str, status: int = 302) -> str:
        self.routes[path] = _Route(status=status, location=location, content_type="text/plain")
        return self.url(path)

    def start(self) -> LocalWebServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> LocalWebServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


class _IPv6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


def _certificate_for(name: str) -> tuple[bytes, bytes, bytes]:
    """(CA certificate, certificate for `name` signed by it, its key), PEM."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "atelier test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
          .not_valid_after(now + datetime.timedelta(days=1))
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                       content_commitment=False, key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(minutes=5)).not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    key_pem = key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return ca.public_bytes(pem), cert.public_bytes(pem), key_pem

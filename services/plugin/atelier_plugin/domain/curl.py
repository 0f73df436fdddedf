"""A cURL command line -> a SampleRequest, read the way curl reads it.

Split with shlex (POSIX quoting; backslash-newline continuations joined). Understood: -X, -H, -d /
--data / --data-raw / --data-binary / --data-ascii, --data-urlencode, --json, -F, -G, -I, -u,
-b, --oauth2-bearer, --url and the URL's query. Options that take a value and do not shape the
request (-o file, -m 10, --proxy ...) are skipped with their value; other flags are ignored.

Bodies: a Content-Type header decides; without one, data that is a JSON object or array is read as
JSON (what the author meant, though curl itself would label it a form), anything else as a form,
as curl sends it. Values read from files (-d @file) are not in the command and are refused."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any
from urllib.parse import parse_qsl, quote_plus, urlsplit, urlunsplit

from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.domain.sample_requests import SampleAuth, SampleEncoding, SampleField, SampleRequest

WHERE = "the cURL command"
_DATA = frozenset({"-d", "--data", "--data-ascii", "--data-binary"})
_VALUE_OPTIONS = frozenset({
    "-o", "--output", "-m", "--max-time", "--connect-timeout", "-x", "--proxy", "-U", "--proxy-user", "--retry",
    "--retry-delay", "--retry-max-time", "-w", "--write-out", "--cacert", "--capath", "-E", "--cert", "--key",
    "--cert-type", "--key-type", "-r", "--range", "-K", "--config", "-c", "--cookie-jar", "--resolve",
    "--connect-to", "--interface", "--limit-rate", "-Y", "--speed-limit", "-y", "--speed-time", "--max-redirs",
    "--noproxy", "-z", "--time-cond", "--request-target", "--proto", "--proto-redir", "-D", "--dump-header",
    "--stderr", "--trace", "--trace-ascii", "--unix-socket", "--abstract-unix-socket", "--dns-servers",
    "--pass", "--ciphers", "--tls-max", "-A", "--user-agent", "-e", "--referer", "--max-filesize",
    "--proxy-header", "--expect100-timeout", "--keepalive-time", "--local-port", "--happy-eyeballs-timeout-ms",
})
_ATTACHED = ("-X", "-H", "-d", "-u", "-b", "-F")  # short options whose value may follow without a space


def is_curl(text: str) -> bool:
    return re.match(r"^\s*(\$\s*)?curl(\s|$)", text) is not None


def parse_curl(text: str) -> SampleRequest:
    tokens = _tokens(text)
    reader = _CurlReader()
    i = 1
    while i < len(tokens):
        option, value, i = _next_option(tokens, i)
        reader.take(option, value)
    return reader.request()


def _tokens(text: str) -> list[str]:
    joined = re.sub(r"\\\r?\n", " ", text.strip())
    joined = re.sub(r"^\$\s*", "", joined)
    try:
        tokens = shlex.split(_without_ansi_c_quotes(joined), posix=True)
    except ValueError as e:  # includes a $'...' string with a broken escape
        raise PluginSpecError(WHERE, f"cannot be split into words ({e}); check its quotes") from None
    if not tokens or tokens[0] != "curl":
        raise PluginSpecError(WHERE, "must start with 'curl'")
    return tokens


def _without_ansi_c_quotes(command: str) -> str:
    """Bash's $'...' strings (browsers' "Copy as cURL" writes bodies so) as plain quoted words,
    which shlex reads: their backslash escapes decoded, then quoted again."""
    out: list[str] = []
    i, quote = 0, ""
    while i < len(command):
        char = command[i]
        if quote:
            if char == "\\" and quote == '"':
                out.append(command[i:i + 2])
                i += 2
                continue
            if char == quote:
                quote = ""
        elif char == "\\":
            out.append(command[i:i + 2])
            i += 2
            continue
        elif command.startswith("$'", i):
            end = i + 2
            while end < len(command) and command[end] != "'":
                end += 2 if command[end] == "\\" else 1
            if end >= len(command):  # unterminated: left for shlex to refuse
                out.append(command[i:])
                break
            raw = command[i + 2:end]
            decoded = raw.encode("latin-1", "backslashreplace").decode("unicode_escape")
            out.append(shlex.quote(decoded))
            i = end + 1
            continue
        elif char in ("'", '"'):
            quote = char
        out.append(char)
        i += 1
    return "".join(out)


def _next_option(tokens: list[str], i: int) -> tuple[str, str | None, int]:
    """(option, its value or None, index after them); a bare word comes back as option ''."""
    token = tokens[i]
    if not token.startswith("-") or token == "-":
        return "", token, i + 1
    for short in _ATTACHED:
        if token.startswith(short) and len(token) > len(short) and not token.startswith("--"):
            return short, token[len(short):], i + 1
    if token in _TAKES_VALUE:
        if i + 1 >= len(tokens):
            raise PluginSpecError(WHERE, f"'{token}' needs a value")
        return token, tokens[i + 1], i + 2
    return token, None, i + 1


_TAKES_VALUE = _VALUE_OPTIONS | _DATA | {
    "-X", "--request", "-H", "--header", "--data-raw", "--data-urlencode", "--json", "-F", "--form", "--form-string",
    "-u", "--user", "-b", "--cookie", "--oauth2-bearer", "--url",
}


class _CurlReader:
    def __init__(self) -> None:
        self.url: str | None = None
        self.method: str | None = None
        self.headers: list[SampleField] = []
        self.data: list[str] = []
        self.form: list[SampleField] = []
        self.cookies: list[SampleField] = []
        self.json_option = False
        self.get = False
        self.head = False
        self.auth: SampleAuth | None = None

    def take(self, option: str, value: str | None) -> None:
        if option in ("", "--url"):
            if self.url is not None:
                raise PluginSpecError(WHERE, f"has two URLs ({self.url!r} and {value!r}); a command describes one call")
            self.url = value
        elif option in ("-X", "--request"):
            self.method = (value or "").upper()
        elif option in ("-H", "--header"):
            self._header(value or "")
        elif option in _DATA:
            self.data.append(_no_file(option, value or ""))
        elif option == "--data-raw":
            self.data.append(value or "")
        elif option == "--data-urlencode":
            self.data.append(_urlencoded(value or ""))
        elif option == "--json":
            self.json_option = True
            self.data.append(_no_file(option, value or ""))
        elif option in ("-F", "--form", "--form-string"):
            self.form.append(_form_field(value or "", literal=option == "--form-string"))
        elif option in ("-b", "--cookie"):
            self.cookies.extend(_cookies(value or ""))
        elif option in ("-u", "--user"):
            self.auth = SampleAuth("basic")
        elif option == "--oauth2-bearer":
            self.auth = SampleAuth("bearer")
        elif option in ("-G", "--get"):
            self.get = True
        elif option in ("-I", "--head"):
            self.head = True

    def _header(self, line: str) -> None:
        name, sep, value = line.partition(":")
        if not sep:
            if line.rstrip().endswith(";"):  # 'Name;' sends an empty header
                self.headers.append(SampleField(line.rstrip()[:-1].strip(), ""))
                return
            raise PluginSpecError(WHERE, f"header {line!r} is not 'Name: value'")
        if name.strip().lower() == "cookie":
            self.cookies.extend(_cookies(value))
        else:
            self.headers.append(SampleField(name.strip(), value.strip()))

    def request(self) -> SampleRequest:
        if not self.url:
            raise PluginSpecError(WHERE, "has no URL")
        url = self.url if "://" in self.url else f"http://{self.url}"  # curl's default scheme
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise PluginSpecError(WHERE, f"URL {self.url!r} is not an http(s) URL with a host")
        query = [SampleField(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
        content_type = next((h.value for h in reversed(self.headers) if h.name.lower() == "content-type"), "")
        encoding: SampleEncoding | None = None
        body: Any = None
        body_fields: tuple[SampleField, ...] = ()
        joined = "&".join(self.data)
        if self.data and self.get:
            query.extend(SampleField(k, v) for k, v in parse_qsl(joined, keep_blank_values=True))
        elif self.form:
            encoding, body_fields = "multipart", tuple(self.form)
        elif self.data:
            encoding, body, body_fields = _body(joined, content_type, self.json_option)
        method = self.method or ("HEAD" if self.head else "POST" if encoding else "GET")
        return SampleRequest(
            method=method,
            url=urlunsplit((parts.scheme, parts.netloc, parts.path or "/", "", "")),
            where=WHERE,
            query=tuple(query),
            headers=tuple(self.headers),
            cookies=tuple(self.cookies),
            body=body,
            body_fields=body_fields,
            encoding=encoding,
            media_type=content_type.split(";", 1)[0].strip().lower() if encoding == "json" else "",
            auth=self.auth,
        )


def _body(data: str, content_type: str, json_option: bool) -> tuple[SampleEncoding, Any, tuple[SampleField, ...]]:
    media = content_type.split(";", 1)[0].strip().lower()
    is_json_media = media == "application/json" or media.endswith("+json")
    if is_json_media or json_option or (not media and data.lstrip()[:1] in ("{", "[")):
        try:
            return "json", json.loads(data), ()
        except json.JSONDecodeError as e:
            if is_json_media or json_option:
                raise PluginSpecError(WHERE, f"its JSON body is not valid JSON: {e.msg} (character {e.pos})") from None
    if media in ("", "application/x-www-form-urlencoded"):
        return "form", None, tuple(SampleField(k, v) for k, v in parse_qsl(data, keep_blank_values=True))
    raise PluginSpecError(WHERE, f"its body of type {media!r} cannot be described; tools send JSON or form data")


def _no_file(option: str, value: str) -> str:
    if value.startswith("@"):
        raise PluginSpecError(WHERE, f"'{option} {value}' reads a file, which is not part of the command; "
                                     "paste the file's content instead")
    return value


def _urlencoded(value: str) -> str:
    """--data-urlencode as curl sends it: 'name=value' and '=value' with the value percent-encoded."""
    if "=" in value:
        name, _, content = value.partition("=")
        return f"{name}={quote_plus(content)}" if name else quote_plus(content)
    if "@" in value:
        raise PluginSpecError(WHERE, f"'--data-urlencode {value}' reads a file, which is not part of the command")
    return quote_plus(value)


def _form_field(value: str, literal: bool) -> SampleField:
    name, sep, content = value.partition("=")
    if not sep:
        raise PluginSpecError(WHERE, f"form field {value!r} is not 'name=value'")
    if not literal and content.startswith(("@", "<")):
        return SampleField(name, None, is_file=content.startswith("@"))
    return SampleField(name, content)


def _cookies(value: str) -> list[SampleField]:
    if "=" not in value:
        raise PluginSpecError(WHERE, f"'-b {value}' reads cookies from a file; write them as 'name=value; name2=value2'")
    out = []
    for pair in value.split(";"):
        name, _, content = pair.strip().partition("=")
        if name:
            out.append(SampleField(name, content))
    return out

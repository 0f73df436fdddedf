"""Debian's Chromium driven by Playwright, for the console's browser tests and bench-console.

Never a downloaded browser: the executable is the system's (`apt-get install chromium`, which
`make test` does when it is missing). The flags keep a headless Chromium quiet on a machine with
no outside network (no background fetches, no first-run, no component updates).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = (
    "--no-sandbox",  # root in CI containers; the pages are the project's own
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
REPO_ROOT = Path(__file__).resolve().parents[3]
CONSOLE_DIST = REPO_ROOT / "web" / "dist"


def chromium_path() -> str:
    """The system Chromium (ATELIER_CHROMIUM overrides); a clear error naming the fix when absent."""
    configured = os.environ.get("ATELIER_CHROMIUM", "")
    for candidate in ([configured] if configured else []) + [*CHROMIUM_CANDIDATES, shutil.which("chromium") or ""]:
        if candidate and Path(candidate).is_file():
            return candidate
    raise RuntimeError(
        "Chromium not found (looked at /usr/bin/chromium): `make test` installs it "
        "(apt-get install chromium), or set ATELIER_CHROMIUM to a Chromium executable"
    )


def console_dist() -> Path:
    """The console build the test gateways serve; a clear error when it was never built."""
    if not (CONSOLE_DIST / "index.html").is_file():
        raise RuntimeError(f"the console is not built ({CONSOLE_DIST}): run `make web` (make test builds it)")
    return CONSOLE_DIST

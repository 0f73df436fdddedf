"""Milvus: `milvus-lite server`, Milvus Lite behind the real Milvus gRPC API."""

from __future__ import annotations

import sys
from pathlib import Path

from atelier_devstack.health import milvus_ok
from atelier_devstack.infra.base import Launcher


class MilvusLauncher(Launcher):
    name = "milvus"
    start_timeout_s = 90.0

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def argv(self) -> list[str]:
        script = Path(sys.executable).parent / "milvus-lite"
        entry = [str(script)] if script.exists() else [
            sys.executable, "-c", "import sys; from milvus_lite.cmdline import main; sys.exit(main())",
        ]  # fmt: skip
        # More request threads than the default 10: several indexer workers and the knowledge
        # service call it at once, and a connection waiting for a free thread looks like a dead server.
        return entry + ["server", "--data-dir", str(self.data_dir), "--host", self.host, "--port", str(self.port),
                        "--max-workers", "32"]

    async def health(self) -> bool:
        return await milvus_ok(self.url)

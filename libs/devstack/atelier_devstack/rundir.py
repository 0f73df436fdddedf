"""The run dir (`.run/` at the repo root by default): where `up` records what it started.

.run/
  pids/<component>.pid     pid of each process `up` started (none for reused Postgres/Redis)
  logs/<component>.log     stdout+stderr of each process
  data/{postgres,redis,milvus}/   data of the embedded servers (Kafka keeps topics in memory)
  storage/                 local object storage (ATELIER_STORAGE_DIR)
  state.json               mode (started|reused), url, port, pid of every component
  env                      the ATELIER_* environment the services got (`set -a; . .run/env`)
  admin_token              the gateway's bootstrap admin token (first start only)
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def repo_root(start: Path | None = None) -> Path:
    """The checkout root: the nearest directory up from cwd holding libs/devstack; else the one
    this package was installed from (editable install); else cwd."""
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "libs" / "devstack").is_dir():
            return candidate
    pkg_root = Path(__file__).resolve().parents[3]
    if (pkg_root / "libs" / "devstack").is_dir():
        return pkg_root
    return here


def resolve_run_dir(env: dict[str, str] | None = None) -> Path:
    env = dict(os.environ) if env is None else env
    if env.get("ATELIER_RUN_DIR"):
        return Path(env["ATELIER_RUN_DIR"]).expanduser().resolve()
    return repo_root() / ".run"


@dataclass(frozen=True)
class RunDir:
    root: Path

    @property
    def pids(self) -> Path:
        return self.root / "pids"

    @property
    def logs(self) -> Path:
        return self.root / "logs"

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def storage(self) -> Path:
        return self.root / "storage"

    @property
    def state_path(self) -> Path:
        return self.root / "state.json"

    @property
    def env_path(self) -> Path:
        return self.root / "env"

    @property
    def token_path(self) -> Path:
        return self.root / "admin_token"

    def pidfile(self, name: str) -> Path:
        return self.pids / f"{name}.pid"

    def log(self, name: str) -> Path:
        return self.logs / f"{name}.log"

    def create(self) -> None:
        for path in (self.pids, self.logs, self.data, self.storage):
            path.mkdir(parents=True, exist_ok=True)

    def load_state(self) -> dict[str, Any]:
        try:
            return json.loads(self.state_path.read_text())
        except (OSError, ValueError):
            return {"components": {}}

    def save_state(self, state: dict[str, Any]) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(state, indent=2, sort_keys=True))
        tmp.replace(self.state_path)

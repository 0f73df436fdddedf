"""The local stack: bring infrastructure, services and the gateway up, report status, tear down.

Everything `up` starts is a detached process recorded by pidfile in the run dir, so `down` (a
separate invocation) stops exactly those and nothing else: Postgres/Redis/Kafka/Milvus servers
that already answered at the configured URLs are reused and never touched.
"""

from __future__ import annotations

import asyncio
import functools
import os
import secrets
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

import psutil

from atelier_devstack import health
from atelier_devstack.browser import CONSOLE_DIST
from atelier_devstack.infra import KafkaLauncher, Launcher, MilvusLauncher, PostgresLauncher, RedisLauncher
from atelier_devstack.infra.base import ComponentFailed
from atelier_devstack.infra.postgres import database_name, ensure_database, with_database
from atelier_devstack.ports import port_open, split_hostport
from atelier_devstack.procs import (
    pid_alive,
    read_pidfile,
    spawn_detached,
    stop_group_leftovers,
    stop_process,
    tail,
    write_pidfile,
)
from atelier_devstack.progress import Progress
from atelier_devstack.roles import indexer_database_url
from atelier_devstack.rundir import RunDir, repo_root
from atelier_devstack.services import service_module

INFRA: tuple[str, ...] = ("postgres", "redis", "kafka", "milvus")
SERVICES: tuple[str, ...] = ("agent", "conversation", "knowledge", "indexer", "workflow", "workflow_worker", "plugin")
GATEWAY = "gateway"
SIGNING_KEY = "ATELIER_URL_SIGNING_KEY"
SECRET_KEY = "ATELIER_SECRET_KEY"
COMPONENTS: tuple[str, ...] = INFRA + SERVICES + (GATEWAY,)

# Stop stateful infrastructure last, after everything that talks to it.
_STOP_ORDER: tuple[str, ...] = (GATEWAY, *SERVICES, "milvus", "kafka", "redis", "postgres")


def service_argv(name: str) -> list[str]:
    """How a service (or the gateway) is started: its package's __main__."""
    return [sys.executable, "-m", service_module(name)]


def _env_int(env: dict[str, str], key: str, default: int) -> int:
    value = env.get(key, "")
    return int(value) if value.strip() else default


@dataclass
class Row:
    component: str
    pid: int | None
    port: int | None
    health: str  # up | down | reused
    url: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"component": self.component, "pid": self.pid, "port": self.port, "health": self.health, "url": self.url}


class Stack:
    """One local stack, described by settings (ATELIER_* env) and recorded in a run dir."""

    def __init__(
        self,
        settings: Any,
        run: RunDir,
        *,
        env: dict[str, str] | None = None,
        argv_for: Callable[[str], Sequence[str]] = service_argv,
        services: Sequence[str] = SERVICES,
        out: TextIO | None = None,
        timeout_s: float | None = None,
    ) -> None:
        self.settings = settings
        self.run = run
        self.base_env = dict(os.environ if env is None else env)
        self.argv_for = argv_for
        self.services = tuple(services)
        self.out = out or sys.stdout
        self.timeout_s = timeout_s or float(self.base_env.get("ATELIER_DEVSTACK_TIMEOUT_S") or 120)
        self.cwd = repo_root()

    # ----------------------------------------------------------------- infrastructure

    def launchers(self) -> dict[str, tuple[str, Launcher]]:
        """component -> (URL from settings to reuse, launcher to start when it does not answer).
        A started server listens on the port of the configured URL unless ATELIER_DEVSTACK_<X>_PORT says otherwise."""
        s, env, data, log = self.settings, self.base_env, self.run.data, self.run.log
        pg = urlsplit(s.database_url)
        rd = urlsplit(s.redis_url)
        redis_db = int((rd.path or "/0").lstrip("/") or 0)
        _, kafka_port = split_hostport(s.kafka_bootstrap.split(",")[0], 9092)
        mv = urlsplit(s.milvus_uri)
        return {
            "postgres": (
                s.database_url,
                PostgresLauncher(
                    port=_env_int(env, "ATELIER_DEVSTACK_POSTGRES_PORT", pg.port or 5432),
                    data_dir=data / "postgres",
                    log_path=log("postgres"),
                    database=database_name(s.database_url),
                ),
            ),
            "redis": (
                s.redis_url,
                RedisLauncher(
                    port=_env_int(env, "ATELIER_DEVSTACK_REDIS_PORT", rd.port or 6379),
                    data_dir=data / "redis",
                    log_path=log("redis"),
                    db=redis_db,
                ),
            ),
            "kafka": (
                s.kafka_bootstrap,
                KafkaLauncher(
                    port=_env_int(env, "ATELIER_DEVSTACK_KAFKA_PORT", kafka_port),
                    data_dir=data / "kafka",
                    log_path=log("kafka"),
                ),
            ),
            "milvus": (
                s.milvus_uri,
                MilvusLauncher(
                    port=_env_int(env, "ATELIER_DEVSTACK_MILVUS_PORT", mv.port or 19530),
                    data_dir=data / "milvus",
                    log_path=log("milvus"),
                ),
            ),
        }

    @staticmethod
    async def _answers(name: str, url: str) -> bool:
        if name == "postgres":
            return await health.postgres_ok(with_database(url, "postgres"))
        if name == "redis":
            return await health.redis_ok(url)
        if name == "kafka":
            return await health.kafka_ok(url)
        return await health.milvus_ok(url)

    async def _bring_infra(self, name: str, url: str, launcher: Launcher, state: dict) -> tuple[str, str]:
        pidfile = self.run.pidfile(name)
        pid = read_pidfile(pidfile)
        if self._ours(name, pid, state):  # from an earlier `up` (checked first: it answers at the URL too)
            launcher.pid = pid
            await launcher.wait_healthy(self.timeout_s)
            outcome, url = "running", state["components"].get(name, {}).get("url") or launcher.url
        elif await self._answers(name, url):
            pidfile.unlink(missing_ok=True)
            outcome, pid = "reused", None
        else:
            host, port = launcher.host, launcher.port
            if port_open(host, port):
                raise ComponentFailed(f"{name}: port {port} is taken by something that is not {name}")
            pid = launcher.spawn()
            write_pidfile(pidfile, pid)
            self._record(state, name, mode="started", pid=pid, url=launcher.url, port=launcher.port)
            await launcher.wait_healthy(self.timeout_s)
            outcome, url = "started", launcher.url
        if name == "postgres":
            await ensure_database(url)
        port = launcher.port if outcome != "reused" else _url_port(name, url)
        self._record(state, name, mode="reused" if outcome == "reused" else "started", pid=pid, url=url, port=port)
        return outcome, f"{_display_url(url)}" + (f"  pid {pid}" if pid else "")

    # ----------------------------------------------------------------- services

    def service_env(self, state: dict) -> dict[str, str]:
        """The environment every service gets: the caller's, with ATELIER_* pointing at this stack."""
        s = self.settings
        comps = state["components"]
        env = dict(self.base_env)
        storage = (
            Path(self.base_env["ATELIER_STORAGE_DIR"]).resolve()
            if self.base_env.get("ATELIER_STORAGE_DIR")
            else self.run.storage
        )
        env.update(
            {
                "ATELIER_DATABASE_URL": comps["postgres"]["url"],
                "ATELIER_REDIS_URL": comps["redis"]["url"],
                "ATELIER_KAFKA_BOOTSTRAP": comps["kafka"]["url"],
                "ATELIER_MILVUS_URI": comps["milvus"]["url"],
                "ATELIER_STORAGE_DIR": str(storage),
                "ATELIER_RUN_DIR": str(self.run.root),
                "ATELIER_GATEWAY_HOST": s.gateway_host,
                "ATELIER_GATEWAY_PORT": str(s.gateway_port),
                SIGNING_KEY: self.signing_key(),
                # Encrypts stored plugin credentials: kept in the run dir, or they become unreadable.
                SECRET_KEY: self.kept_secret(SECRET_KEY, "secret_key"),
                "PYTHONUNBUFFERED": "1",
            }
        )
        # The console build of this checkout, wherever the stack was started from.
        env.setdefault("ATELIER_CONSOLE_DIR", str(CONSOLE_DIST))
        for name in SERVICES:
            env[f"ATELIER_{name.upper()}_ADDR"] = s.service_addr(name)
        return env

    async def _indexer_env(self, env: dict[str, str], progress: Progress) -> dict[str, str]:
        """The indexer logs in as its own role where the stack's Postgres allows it."""
        url: list[str] = []

        async def work() -> tuple[str, str]:
            found, detail = await indexer_database_url(env["ATELIER_DATABASE_URL"])
            url.append(found)
            return ("ok" if found != env["ATELIER_DATABASE_URL"] else "shared"), detail

        await progress.track("indexer role", work())
        return {**env, "ATELIER_DATABASE_URL": url[0]}

    def signing_key(self) -> str:
        """The secret signing file URLs (URLs handed out before a restart stay valid): see kept_secret."""
        return self.kept_secret(SIGNING_KEY, "url_signing_key")

    def kept_secret(self, variable: str, setting: str) -> str:
        """A secret of the stack: the caller's (environment or .env), else the one this run dir
        already holds, else a new one, which the env file then keeps."""
        given = self.base_env.get(variable) or getattr(self.settings, setting, "")
        if given:
            return given
        try:
            for line in self.run.env_path.read_text().splitlines():
                name, _, value = line.partition("=")
                if name == variable and value:
                    return value
        except OSError:
            pass
        return secrets.token_urlsafe(32)

    async def _bring_process(self, name: str, env: dict[str, str], state: dict) -> tuple[str, str]:
        pidfile, log = self.run.pidfile(name), self.run.log(name)
        if name == GATEWAY:
            host, port = self.settings.gateway_host, int(self.settings.gateway_port)
            url = f"http://{host}:{port}"
            probe = functools.partial(health.http_ok, f"{url}/readyz")
        else:
            url = self.settings.service_addr(name)
            host, port = split_hostport(url, 0)
            probe = functools.partial(health.grpc_ok, url)
        pid = read_pidfile(pidfile)
        outcome = "running"
        if not self._ours(name, pid, state):
            if port_open(host, port):
                raise ComponentFailed(f"{name}: port {port} is already taken by a process this stack did not start")
            pid = spawn_detached(self.argv_for(name), log_path=log, env=env, cwd=self.cwd)
            write_pidfile(pidfile, pid)
            outcome = "started"
        self._record(state, name, mode="started", pid=pid, url=url, port=port)
        if not await health.wait_until(probe, self.timeout_s, interval_s=0.3, alive=lambda: pid_alive(pid)):
            why = "exited" if not pid_alive(pid) else f"not healthy after {self.timeout_s:.0f}s"
            raise ComponentFailed(f"{name} {why} (log {log}):\n{tail(log)}")
        return outcome, f"{url}  pid {pid}"

    # ----------------------------------------------------------------- commands

    async def up(self) -> int:
        self.run.create()
        state = self.run.load_state()
        state.setdefault("components", {})
        progress = Progress(self.out)
        progress.note(f"atelier local stack (run dir {self.run.root})")
        try:
            launchers = self.launchers()
            await _all(progress.track(n, self._bring_infra(n, url, lau, state)) for n, (url, lau) in launchers.items())
            await progress.track("topics", self._topics(state["components"]["kafka"]["url"]))
            env = self.service_env(state)
            self._write_env_file(env)
            envs = {n: env for n in self.services}
            if "indexer" in envs:
                envs["indexer"] = await self._indexer_env(env, progress)
            await _all(progress.track(n, self._bring_process(n, envs[n], state)) for n in self.services)
            gateway_env = dict(env)
            gateway_env.setdefault("ATELIER_BOOTSTRAP_TOKEN_FILE", str(self.run.token_path))
            await progress.track(GATEWAY, self._bring_process(GATEWAY, gateway_env, state))
        except ComponentFailed as err:
            self.run.save_state(state)
            progress.note(f"\nerror: {err}\n\n`python -m atelier_devstack down` stops what was started.")
            return 1
        except Exception as err:  # noqa: BLE001 - any other failure is reported the same way
            self.run.save_state(state)
            progress.note(f"\nerror: {type(err).__name__}: {err}\n\n`python -m atelier_devstack down` cleans up.")
            return 1
        self.run.save_state(state)
        gw = state["components"][GATEWAY]["url"]
        progress.note(f"\nAtelier is up: {gw}  (API docs {gw}/docs)")
        token_file = Path(gateway_env["ATELIER_BOOTSTRAP_TOKEN_FILE"])
        if token_file.exists() and token_file.read_text().strip():
            progress.note(f"admin token: {token_file.read_text().strip()}  (in {token_file})")
        progress.note(f"logs: {self.run.logs}   env: {self.run.env_path}")
        return 0

    def _write_env_file(self, env: dict[str, str]) -> None:
        # May hold secrets (S3 keys, passwords in URLs): readable by the owner only.
        path = self.run.env_path
        path.touch(mode=0o600, exist_ok=True)
        path.chmod(0o600)
        path.write_text("".join(f"{k}={v}\n" for k, v in sorted(env.items()) if k.startswith("ATELIER_")))

    async def _topics(self, bootstrap: str) -> tuple[str, str]:
        try:
            from atelier_common.kafka.topics import TOPICS, ensure_topics
        except ModuleNotFoundError as err:
            return "skipped", f"({err.name} not available)"
        await ensure_topics(bootstrap, TOPICS)
        return "ok", f"{len(TOPICS)} topics"

    def down(self, timeout_s: float = 15.0) -> int:
        """Stop every process with a pidfile (reverse start order), remove the pidfiles."""
        state = self.run.load_state()
        comps = state.get("components", {})
        names = [n for n in _STOP_ORDER if self.run.pidfile(n).exists()]
        if self.run.pids.exists():  # anything else a pidfile names (a component renamed since `up`)
            names += sorted(p.stem for p in self.run.pids.glob("*.pid") if p.stem not in names)
        if not names:
            print("nothing to stop", file=self.out)
        failed = 0
        for name in names:
            pidfile = self.run.pidfile(name)
            pid = read_pidfile(pidfile)
            rec = comps.get(name, {})
            if pid and pid_alive(pid) and not _same_process(pid, rec.get("create_time")):
                print(f"  {name:<13} stale pidfile (pid {pid} is another process now)", file=self.out)
            elif pid and pid_alive(pid):
                sig = signal.SIGINT if name == "postgres" else signal.SIGTERM
                gone = stop_process(pid, sig=sig, timeout_s=timeout_s)
                print(f"  {name:<13} {'stopped' if gone else 'STILL RUNNING'}  pid {pid}", file=self.out, flush=True)
                failed += 0 if gone else 1
            elif pid and stop_group_leftovers(pid):  # leader gone, its workers are not
                print(f"  {name:<13} stopped leftover processes of pid {pid}", file=self.out)
            else:
                print(f"  {name:<13} not running", file=self.out)
            if not pid_alive(pid) or not _same_process(pid, rec.get("create_time")):
                pidfile.unlink(missing_ok=True)
                comps.pop(name, None)
        # Reused servers are left alone; forget them so `status` reflects only the next `up`.
        left = {n: c for n, c in comps.items() if c.get("mode") != "reused" and self.run.pidfile(n).exists()}
        if left:
            state["components"] = left
            self.run.save_state(state)
        else:
            self.run.state_path.unlink(missing_ok=True)
        return 1 if failed else 0

    async def status(self) -> list[Row]:
        comps = self.run.load_state().get("components", {})

        async def row(name: str) -> Row:
            rec = comps.get(name)
            pid = read_pidfile(self.run.pidfile(name))
            if rec is None:
                return Row(name, pid if pid_alive(pid) else None, None, "down")
            url, port, mode = rec.get("url", ""), rec.get("port"), rec.get("mode")
            ok = await self._probe(name, url)
            if mode == "reused":
                return Row(name, None, port, "reused" if ok else "down", url)
            alive = pid_alive(pid)
            return Row(name, pid if alive else None, port, "up" if ok and alive else "down", url)

        return list(await asyncio.gather(*(row(n) for n in (*INFRA, *self.services, GATEWAY))))

    async def _probe(self, name: str, url: str) -> bool:
        if name in INFRA:
            return await self._answers(name, url)
        if name == GATEWAY:
            return await health.http_ok(f"{url}/readyz")
        return await health.grpc_ok(url)

    @staticmethod
    def _ours(name: str, pid: int | None, state: dict) -> bool:
        """pid (from a pidfile) is alive and is the process we started (not a recycled pid)."""
        rec = state["components"].get(name, {})
        return pid_alive(pid) and _same_process(pid, rec.get("create_time"))

    def _record(self, state: dict, name: str, *, mode: str, pid: int | None, url: str, port: int | None) -> None:
        rec: dict[str, Any] = {"mode": mode, "pid": pid, "url": url, "port": port}
        if pid:
            try:
                rec["create_time"] = psutil.Process(pid).create_time()
            except psutil.Error:
                pass
        state["components"][name] = rec


async def _all(works) -> None:
    """Run concurrently and let every one finish (each has its own timeout), then report all failures."""
    results = await asyncio.gather(*works, return_exceptions=True)
    errors = [r for r in results if isinstance(r, BaseException)]
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ComponentFailed("\n\n".join(str(e) if isinstance(e, ComponentFailed) else repr(e) for e in errors))


def _same_process(pid: int | None, create_time: float | None) -> bool:
    """Guards against pid reuse: the live pid is the process we recorded (when we recorded one)."""
    if not pid or create_time is None:
        return True
    try:
        return abs(psutil.Process(pid).create_time() - float(create_time)) < 1.0
    except psutil.Error:
        return False


def _url_port(name: str, url: str) -> int | None:
    if name == "kafka":
        return split_hostport(url.split(",")[0], 9092)[1]
    return urlsplit(url).port


def _display_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.password:  # never print a secret
        return url.replace(f":{parts.password}@", ":***@")
    return url


def format_table(rows: Sequence[Row]) -> str:
    lines = [f"{'COMPONENT':<13} {'PID':>7}  {'PORT':>5}  {'HEALTH':<7} URL"]
    for r in rows:
        lines.append(f"{r.component:<13} {r.pid or '-':>7}  {r.port or '-':>5}  {r.health:<7} {_display_url(r.url)}")
    return "\n".join(lines)

"""`python -m atelier_devstack up|down|status` — the commands behind `make dev/down/status`."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

from atelier_devstack.models import format_models, probe_models
from atelier_devstack.rundir import RunDir, resolve_run_dir
from atelier_devstack.supervisor import Stack, format_table


def build_stack() -> Stack:
    from atelier_common.settings import Settings

    env = dict(os.environ)
    settings = Settings()
    if "run_dir" in settings.model_fields_set:  # from the environment or a .env file
        run_dir = Path(settings.run_dir).expanduser().resolve()
    else:  # the repo root's .run, wherever the command is run from
        run_dir = resolve_run_dir(env)
    return Stack(settings, RunDir(run_dir), env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m atelier_devstack", description="Atelier local stack (no Docker).")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("up", help="start infrastructure (reusing what answers), every service and the gateway")
    down = sub.add_parser("down", help="stop exactly what `up` started")
    down.add_argument("--timeout", type=float, default=15.0, help="seconds before SIGKILL (default 15)")
    status = sub.add_parser("status", help="each component, its pid, port and health")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    args = parser.parse_args(argv)

    stack = build_stack()
    if args.command == "up":
        code = asyncio.run(stack.up())
        if code == 0:  # which models the stack will use, and whether they answer from here
            print("\n" + format_models(asyncio.run(probe_models(stack.settings, stack.base_env))), flush=True)
        return code
    if args.command == "down":
        return stack.down(timeout_s=args.timeout)
    rows = asyncio.run(stack.status())
    models = asyncio.run(probe_models(stack.settings, stack.base_env))
    if args.json:
        print(json.dumps({"components": [r.as_dict() for r in rows], "models": [m.as_dict() for m in models]}))
    else:
        print(format_table(rows))
        print("\n" + format_models(models))
    # Like `systemctl status`: non-zero when a component is not healthy, so scripts can wait on it
    # (a model that does not answer is reported, not counted: offline is a way to run).
    return 0 if all(r.health in ("up", "reused") for r in rows) else 3


if __name__ == "__main__":
    sys.exit(main())

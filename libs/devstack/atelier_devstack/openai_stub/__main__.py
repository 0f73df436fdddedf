"""`python -m atelier_devstack.openai_stub --port N`: the stub in the foreground (for benchmarks)."""

from __future__ import annotations

import argparse

import uvicorn

from atelier_devstack.openai_stub.app import create_app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m atelier_devstack.openai_stub", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args(argv)
    print(f"OpenAI stub on http://{args.host}:{args.port}/v1", flush=True)
    uvicorn.run(create_app(), host=args.host, port=args.port, log_level=args.log_level, access_log=False)


if __name__ == "__main__":
    main()

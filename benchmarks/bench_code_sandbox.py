"""Per-run cost of the workflow code node's sandbox: a trivial `main` (adds two params) run N times
one after another through `run_code` with every layer, against a bare interpreter started the
same way (`python -I -S -c pass`), so `added` is what the sandbox itself costs: its imports, the
namespaces and new root, Landlock, seccomp, the audit hook and the JSON over pipes.

Prints one JSON line per figure on stdout; progress goes to stderr. Options: --runs N;
e.g. `make bench-code-sandbox BENCH_ARGS="--runs 50"`."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from atelier_workflow.sandbox import run_code
from benchmarks.figures import emit, percentile

BENCH = "code_sandbox"
TRIVIAL = "async def main(args: Args) -> Output:\n    return {'sum': args.params['a'] + args.params['b']}\n"


async def _bare_interpreter() -> float:
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(sys.executable, "-I", "-S", "-c", "pass", env={})
    await process.wait()
    return time.monotonic() - started


async def _sandboxed_run() -> float:
    started = time.monotonic()
    result = await run_code(TRIVIAL, {"a": 1, "b": 2})
    if result.outputs != {"sum": 3}:
        raise SystemExit(f"the trivial run failed: {result}")
    return time.monotonic() - started


async def main(runs: int) -> None:
    await _sandboxed_run()  # warm the page cache and the parent's lookups
    bare, sandboxed = [], []
    for index in range(runs):
        bare.append(await _bare_interpreter())
        sandboxed.append(await _sandboxed_run())
        print(f"run {index + 1}/{runs}", file=sys.stderr)
    for name, sample in (("bare_interpreter", bare), ("trivial_run", sandboxed)):
        emit(BENCH, f"{name}_p50_ms", percentile(sample, 0.5) * 1000, "ms", runs=runs)
        emit(BENCH, f"{name}_p95_ms", percentile(sample, 0.95) * 1000, "ms", runs=runs)
    added = percentile(sandboxed, 0.5) - percentile(bare, 0.5)
    emit(BENCH, "sandbox_added_p50_ms", added * 1000, "ms", runs=runs)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    asyncio.run(main(parser.parse_args().runs))

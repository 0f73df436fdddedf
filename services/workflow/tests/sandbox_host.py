"""A service process of its own for the sandbox tests that need the host to differ from the test's:
run as another uid, or with kernel features taken away (a seccomp filter that this process loads,
and so its children inherit, makes chosen syscalls fail as on a host without them).

Usage: python sandbox_host.py '<json>' with keys: import_dirs (prepended to sys.path), source,
params, layers, optional (layer names), deny (syscall -> errno name). Prints one JSON line: the
CodeResult, or {"unavailable": layer, "message": ...} when run_code raised SandboxUnavailable."""

from __future__ import annotations

import asyncio
import errno
import json
import sys


def deny_syscalls(deny: dict[str, str]) -> None:
    import pyseccomp as seccomp

    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    for name, errno_name in deny.items():
        rules.add_rule(seccomp.ERRNO(getattr(errno, errno_name)), name)
    rules.load()


async def main(spec: dict) -> None:
    from atelier_workflow.sandbox import Layer, SandboxPolicy, SandboxUnavailable, run_code

    policy = SandboxPolicy(
        layers=frozenset(Layer(name) for name in spec["layers"]),
        optional=frozenset(Layer(name) for name in spec.get("optional", [])),
    )
    try:
        result = await run_code(spec["source"], spec.get("params", {}), policy=policy)
    except SandboxUnavailable as exc:
        print(json.dumps({"unavailable": exc.layer, "message": str(exc)}))
        return
    failure = result.failure
    print(json.dumps({
        "outputs": result.outputs,
        "stdout": result.stdout,
        "layers": sorted(result.layers),
        "failure": None if failure is None else {"kind": failure.kind, "message": failure.message},
    }))


if __name__ == "__main__":
    spec = json.loads(sys.argv[1])
    sys.path[:0] = spec["import_dirs"]
    if spec.get("deny"):
        deny_syscalls(spec["deny"])
    asyncio.run(main(spec))

"""The Landlock layer (kernel LSM, unprivileged): the run may read the runtime's files and use
/dev/null, read and write its scratch dir, and nothing else: other paths answer EACCES even where
they exist (a service without the namespaces layer). From Landlock ABI 4 TCP bind and connect are
refused too, and from ABI 6 signals and abstract unix sockets stay inside the run (scoping)."""

from __future__ import annotations

import os

from py_landlock import AccessFs, Landlock, LandlockError, get_abi_version

from atelier_workflow.sandbox.child.exposure import Exposure


def prepare() -> None:
    """Bind py_landlock to the C library now: it looks libc up with ldconfig on first use, which
    takes long, or fails, once the host's tree is gone."""
    try:
        get_abi_version()
    except LandlockError:
        pass  # no Landlock here: restrict() reports it


def restrict(exposure: Exposure, scratch: str) -> int:
    """Apply the ruleset to this process; returns the kernel's Landlock ABI version."""
    ruleset = Landlock(strict=False)  # best effort: each right the kernel's ABI knows is handled (denied by default)
    for path in exposure.read_paths:
        if os.path.isdir(path):
            ruleset.allow_read(path)
        else:
            ruleset.add_path_rule(path, access=AccessFs.READ_FILE)
    ruleset.add_path_rule(*exposure.read_devices, access=AccessFs.READ_FILE)
    ruleset.add_path_rule(*exposure.write_devices, access=AccessFs.READ_FILE | AccessFs.WRITE_FILE)
    ruleset.allow_read_write(scratch)
    ruleset.apply()
    return int(ruleset.abi_version)

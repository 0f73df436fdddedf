"""The sandbox on hosts unlike the test's: a kernel feature missing (fail closed, or a weaker sandbox
the operator allowed) and a service that is not root (the user-namespace path). Each case runs a
service process of its own (sandbox_host.py) so the host can be changed for it alone."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HOST = Path(__file__).with_name("sandbox_host.py")
LAYERS = ["audit_hook", "landlock", "namespaces", "seccomp"]
READ_PASSWD = "async def main(args):\n    with open('/etc/passwd') as f:\n        return {'text': f.read()}\n"
WHO = "import os\n\nasync def main(args):\n    return {'uid': os.getuid(), 'cwd': os.getcwd()}\n"


def import_dirs() -> list[str]:
    dirs: list[str] = []
    for module in ("atelier_workflow", "pyseccomp", "py_landlock"):
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        origin = Path(spec.origin)
        top = str(origin.parent.parent if origin.name == "__init__.py" else origin.parent)
        if top not in dirs:
            dirs.append(top)
    return dirs


def host_run(spec: dict[str, Any], prefix: tuple[str, ...] = (), python: str = sys.executable) -> dict[str, Any]:
    argv = [*prefix, python, "-I", "-S", str(HOST), json.dumps({"import_dirs": import_dirs(), **spec})]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd="/")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("deny", "layer"),
    [({"unshare": "EPERM"}, "namespaces"), ({"landlock_create_ruleset": "ENOSYS"}, "landlock")],
    ids=["no-user-namespaces", "no-landlock"],
)
def test_a_required_layer_missing_on_the_host_fails_closed(deny: dict[str, str], layer: str) -> None:
    answer = host_run({"source": WHO, "layers": LAYERS, "deny": deny})
    assert answer.get("unavailable") == layer, answer
    assert "ATELIER_CODE_SANDBOX_OPTIONAL_LAYERS" in answer["message"]


def test_an_optional_layer_missing_runs_without_it_and_the_others_still_refuse() -> None:
    spec = {"layers": LAYERS, "optional": ["namespaces"], "deny": {"unshare": "EPERM"}}
    answer = host_run({**spec, "source": READ_PASSWD})
    assert answer["layers"] == ["audit_hook", "landlock", "seccomp"]
    assert answer["failure"]["kind"] == "forbidden", answer
    assert "root:" not in json.dumps(answer)


def test_a_service_that_is_not_root_isolates_runs_through_a_user_namespace() -> None:
    # The test's own interpreter may live where another uid cannot reach it; the system's 3.11 can.
    python = shutil.which(f"python{sys.version_info.major}.{sys.version_info.minor}", path="/usr/bin")
    if os.geteuid() != 0 or python is None:
        pytest.skip("needs root (to start the service as another uid) and a system python of the same version")
    as_user = ("setpriv", "--reuid=65533", "--regid=65533", "--clear-groups")
    who = host_run({"source": WHO, "layers": LAYERS}, prefix=as_user, python=python)
    assert who["failure"] is None, who
    assert who["layers"] == LAYERS
    assert who["outputs"]["uid"] == 65533 and "atelier-code-" in who["outputs"]["cwd"]
    passwd = host_run({"source": READ_PASSWD, "layers": LAYERS}, prefix=as_user, python=python)
    assert passwd["failure"] is not None and "root:" not in json.dumps(passwd)

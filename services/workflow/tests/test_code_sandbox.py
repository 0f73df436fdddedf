"""The code node's sandbox as the workflow engine uses it: Coze's `async def main(args) -> Output`
contract, typed failures and the run's limits. Every run is a real sandboxed child process."""

from __future__ import annotations

import asyncio
import hashlib
import os
import textwrap

import pytest

from atelier_common.settings import Settings
from atelier_workflow.sandbox import FailureKind, Layer, Limits, run_code
from atelier_workflow.sandbox.config import limits_from_settings, policy_from_settings


def code(source: str) -> str:
    return textwrap.dedent(source).lstrip()


async def test_main_gets_the_params_and_its_dict_becomes_the_outputs() -> None:
    result = await run_code(
        code("""
            async def main(args: Args) -> Output:
                params = args.params
                print("adding", params["a"], "and", params["b"])
                ret: Output = {"sum": params["a"] + params["b"], "names": [n.upper() for n in params["names"]]}
                return ret
        """),
        {"a": 2, "b": 40, "names": ["ada", "grace"]},
    )
    assert result.failure is None
    assert result.outputs == {"sum": 42, "names": ["ADA", "GRACE"]}
    assert result.stdout == "adding 2 and 40\n"
    assert result.duration_s > 0


async def test_main_may_await_and_use_the_standard_library() -> None:
    result = await run_code(
        code("""
            import asyncio, hashlib, json, re

            async def main(args):
                await asyncio.sleep(0.01)
                digest = hashlib.sha256(args.params["text"].encode()).hexdigest()
                return {"digest": digest, "words": re.findall(r"\\w+", args.params["text"]), "raw": json.dumps([1])}
        """),
        {"text": "hello sandbox"},
    )
    assert result.failure is None, result.failure
    assert result.outputs["words"] == ["hello", "sandbox"]
    assert result.outputs["digest"] == hashlib.sha256(b"hello sandbox").hexdigest()
    assert result.outputs["raw"] == "[1]"


async def test_an_exception_comes_back_typed_with_the_users_traceback_only() -> None:
    result = await run_code(
        code("""
            def parse(value):
                return int(value)

            async def main(args):
                print("before the failure")
                return {"n": parse(args.params["value"])}
        """),
        {"value": "not a number"},
    )
    assert result.failure is not None
    assert result.failure.kind is FailureKind.USER_EXCEPTION
    assert result.failure.error_type == "ValueError"
    assert "invalid literal for int()" in result.failure.message
    assert 'File "<code>", line 2, in parse' in result.failure.traceback
    assert "return int(value)" in result.failure.traceback
    assert "boot.py" not in result.failure.traceback and "execute.py" not in result.failure.traceback
    assert result.stdout == "before the failure\n"
    assert result.outputs == {}


@pytest.mark.parametrize(
    ("source", "error_type", "message"),
    [
        ("async def main(args):\n    return {'a': 1\n", "SyntaxError", "never closed"),
        ("async def helper(args):\n    return {}\n", "NameError", "must define `async def main"),
        ("async def main(args):\n    return [1, 2]\n", "TypeError", "must return a dict"),
        ("async def main(args):\n    return {'when': object()}\n", "TypeError", "not JSON"),
        ("import sys\nasync def main(args):\n    sys.exit(3)\n", "SystemExit", "3"),
    ],
    ids=["syntax-error", "no-main", "not-a-dict", "not-json", "sys-exit"],
)
async def test_code_that_breaks_the_contract_fails_with_a_clear_message(source: str, error_type: str, message: str) -> None:
    result = await run_code(source, {})
    assert result.failure is not None
    assert result.failure.kind is FailureKind.USER_EXCEPTION
    assert result.failure.error_type == error_type
    assert message in result.failure.message


async def test_scratch_dir_is_cwd_and_home_holds_files_and_is_deleted_after() -> None:
    os.environ["ATELIER_SANDBOX_TEST_SECRET"] = "must-not-leak"
    try:
        result = await run_code(
            code("""
                import os

                async def main(args):
                    with open("notes.txt", "w") as f:
                        f.write("kept for this run")
                    with open(os.path.join(os.environ["HOME"], "notes.txt")) as f:
                        back = f.read()
                    return {"cwd": os.getcwd(), "home": os.environ["HOME"], "env": sorted(os.environ),
                            "back": back, "uid": os.getuid()}
            """),
            {},
        )
    finally:
        del os.environ["ATELIER_SANDBOX_TEST_SECRET"]
    assert result.failure is None, result.failure
    outputs = result.outputs
    assert outputs["cwd"] == outputs["home"] and "atelier-code-" in outputs["cwd"]
    assert outputs["back"] == "kept for this run"
    assert outputs["env"] == ["HOME", "LANG", "TMPDIR"]  # nothing of the service's environment
    assert outputs["uid"] != 0
    assert not os.path.exists(outputs["cwd"])


async def test_runs_are_independent_and_run_side_by_side() -> None:
    source = code("""
        import os

        async def main(args):
            seen = os.listdir(".")
            with open("mine.txt", "w") as f:
                f.write(str(args.params["n"]))
            return {"n": args.params["n"], "seen": seen}
    """)
    results = await asyncio.gather(*(run_code(source, {"n": n}) for n in range(4)))
    assert [r.outputs for r in results] == [{"n": n, "seen": []} for n in range(4)]


async def test_memory_bomb_stops_at_the_memory_limit() -> None:
    result = await run_code(
        code("""
            async def main(args):
                blocks = []
                while True:
                    blocks.append(bytearray(16 * 1024 * 1024))
        """),
        {},
        Limits(memory_bytes=256 * 1024 * 1024),
    )
    assert result.failure is not None
    assert result.failure.kind is FailureKind.MEMORY


async def test_busy_loop_is_killed_at_the_cpu_limit() -> None:
    result = await run_code("async def main(args):\n    while True:\n        pass\n", {}, Limits(cpu_time_s=1, wall_time_s=20))
    assert result.failure is not None
    assert result.failure.kind is FailureKind.CPU_LIMIT
    assert "CPU time limit of 1 s" in result.failure.message
    assert result.duration_s < 10


@pytest.mark.parametrize(
    "body", ["import time\n    while True:\n        time.sleep(1)", "import asyncio\n    while True:\n        await asyncio.sleep(1)"],
    ids=["time-sleep", "asyncio-sleep"],
)
async def test_sleeping_loop_is_killed_at_the_wall_time_limit(body: str) -> None:
    result = await run_code(f"async def main(args):\n    {body}\n", {}, Limits(wall_time_s=1.5))
    assert result.failure is not None
    assert result.failure.kind is FailureKind.TIMEOUT
    assert 1.4 < result.duration_s < 5


async def test_huge_output_is_cut_at_its_cap_and_fails_the_run() -> None:
    result = await run_code(
        "async def main(args):\n    while True:\n        print('x' * 100)\n", {}, Limits(max_output_bytes=4096)
    )
    assert result.failure is not None
    assert result.failure.kind is FailureKind.OUTPUT_TOO_LARGE
    assert "stdout" in result.failure.message
    assert len(result.stdout) == 4096


async def test_huge_result_fails_the_run() -> None:
    result = await run_code("async def main(args):\n    return {'x': 'y' * 5000}\n", {}, Limits(max_result_bytes=1000))
    assert result.failure is not None
    assert result.failure.kind is FailureKind.OUTPUT_TOO_LARGE


async def test_too_large_input_is_refused_before_starting() -> None:
    result = await run_code("async def main(args):\n    return {}\n", {"blob": "z" * 5000}, Limits(max_input_bytes=4096))
    assert result.failure is not None
    assert result.failure.kind is FailureKind.INPUT_TOO_LARGE
    assert result.duration_s == 0


async def test_params_that_are_not_json_are_a_caller_error() -> None:
    with pytest.raises(ValueError, match="params are not JSON"):
        await run_code("async def main(args):\n    return {}\n", {"when": object()})


def test_operator_settings_become_limits_and_optional_layers() -> None:
    settings = Settings(code_sandbox_optional_layers="landlock, audit_hook", code_timeout_s=3, code_memory_mb=128)
    assert policy_from_settings(settings).required == {Layer.NAMESPACES, Layer.SECCOMP}
    limits = limits_from_settings(settings)
    assert (limits.wall_time_s, limits.memory_bytes) == (3, 128 * 1024 * 1024)
    with pytest.raises(ValueError, match="unknown layers \\['selinux'\\]; valid: namespaces, landlock"):
        policy_from_settings(Settings(code_sandbox_optional_layers="selinux"))

"""The README's knowledge walkthrough, run as written (bash, curl, python3) against a stack that
has no embedding or chat model API configured: the first run a newcomer makes, offline."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from atelier_devstack.stack_fixtures import KnowledgeStack

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
BLOCK = re.compile(r"<!-- walkthrough:start -->\n```bash\n(.*?)```\n<!-- walkthrough:end -->", re.S)


def walkthrough() -> str:
    found = BLOCK.search((ROOT / "README.md").read_text())
    assert found, "README.md has no walkthrough block between the walkthrough markers"
    return found.group(1)


def test_readme_walkthrough_finds_the_pdf_passage_offline(offline_knowledge_stack: KnowledgeStack,
                                                          tmp_path: Path) -> None:
    # The commands run from a checkout: .run/admin_token as `make dev` writes it, the sample PDF.
    (tmp_path / ".run").mkdir()
    (tmp_path / ".run" / "admin_token").write_text(offline_knowledge_stack.token + "\n")
    (tmp_path / "examples").mkdir()
    shutil.copy(ROOT / "examples" / "guide.pdf", tmp_path / "examples" / "guide.pdf")
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "ATELIER_URL": offline_knowledge_stack.gateway_url,
           "NO_PROXY": "127.0.0.1,localhost"}
    done = subprocess.run(["bash", "-euo", "pipefail", "-c", walkthrough()], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=200)
    assert done.returncode == 0, (done.stdout, done.stderr)
    printed = done.stdout.strip()
    assert "white vinegar" in printed and "Descaling" in printed, printed  # the page on descaling, first

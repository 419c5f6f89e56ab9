"""Shared fixtures: the repository's example programs and the `algoscope` command line to
compare with (``ALGOSCOPE_BIN``, default ``target/debug/algoscope``; tests that need it are
skipped when it is absent, and fail when ``ALGOSCOPE_BIN`` is set but wrong)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"
CONFORMANCE = ROOT / "tests" / "conformance"


def cli_path():
    env = os.environ.get("ALGOSCOPE_BIN")
    if env:
        path = Path(env)
        if not path.is_absolute():
            path = ROOT / path
        assert path.is_file(), f"ALGOSCOPE_BIN={env} is not a file"
        return path
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    path = target / "debug" / "algoscope"
    return path if path.is_file() else None


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    if path is None:
        pytest.skip("no algoscope binary (cargo build -p algoscope-cli, or set ALGOSCOPE_BIN)")

    def run(*args, check=True):
        return subprocess.run(
            [str(path), *map(str, args)], capture_output=True, text=True, check=check
        )

    return run


HAS_NODE = shutil.which("node") is not None
needs_node = pytest.mark.skipif(not HAS_NODE, reason="no node on PATH")

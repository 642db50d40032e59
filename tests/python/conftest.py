"""The Python package's tests run against the extension built from this checkout
(`maturin develop`, as .ci/run does) and compare it with the CLI built by cargo."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"


def cli_path() -> Path:
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return Path(os.environ.get("PERFLAB_BIN", target / "debug" / "perflab"))


@pytest.fixture(scope="session")
def cli():
    """Runs the cargo-built `perflab` with arguments; returns the CompletedProcess."""
    path = cli_path()
    if not path.exists():
        pytest.fail(f"{path} is missing: build the CLI with `cargo build` first")

    def run(*args: str, **kw) -> subprocess.CompletedProcess:
        return subprocess.run([str(path), *map(str, args)], capture_output=True, **kw)

    return run

"""What the tests that build a game in their own process (CliRunner, --jobs 1) and compare output folders share."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

import generator.cache as cache
from generator.cli import cli


def build_ok(content: Path, out: Path, *args: str) -> Result:
    """`pnp build` of `content` into `out`, in this process; it must succeed."""
    result = CliRunner().invoke(cli, ["build", "--content", str(content), "--out", str(out), "--jobs", "1", *args])
    assert result.exit_code == 0, result.output
    return result


def output_bytes(folder: Path) -> dict[str, bytes]:
    """The bytes of every output file under `folder` (the cache left out)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and cache.CACHE_FOLDER not in p.parts}

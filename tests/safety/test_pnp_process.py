"""tests/pnp_process.py, which the bounds' tests run the command line through: a forked child gives what
`prlimit --as=<memory> python -m generator.cli` gives (exit code, stdout, stderr, files, in its folder and
environment), its address space is bounded in the child alone, and a child past its timeout is killed."""

from __future__ import annotations

import subprocess
import sys

import pnp_process
import pytest

MEMORY = 1_500_000_000


def _real(args: list[str], cwd, memory: int = MEMORY) -> subprocess.CompletedProcess:
    return subprocess.run(["prlimit", f"--as={memory}", sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_a_forked_command_gives_the_exit_code_output_and_files_of_the_real_one(tmp_path, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    for name in ("forked", "real"):
        (tmp_path / name).mkdir()
    forked = pnp_process.run(["new", "demo", "--content", "content", "--language", "fr"], memory=MEMORY,
                             timeout=120, cwd=tmp_path / "forked")
    real = _real(["new", "demo", "--content", "content", "--language", "fr"], tmp_path / "real")
    assert (forked.returncode, forked.stderr) == (real.returncode, real.stderr) == (0, "")
    assert forked.stdout.replace("forked", "real") == real.stdout and "demo/game.yaml" in real.stdout
    made = {p.relative_to(tmp_path / "real").as_posix(): p.read_bytes()
            for p in (tmp_path / "real").rglob("*") if p.is_file()}
    assert made and made == {p.relative_to(tmp_path / "forked").as_posix(): p.read_bytes()
                             for p in (tmp_path / "forked").rglob("*") if p.is_file()}
    for args in (["validate", "nope", "--content", "content"], ["build", "--no-such-option"], ["--version"]):
        forked = pnp_process.run(args, memory=MEMORY, timeout=120, cwd=tmp_path / "real")
        real = _real(args, tmp_path / "real")
        assert (forked.returncode, forked.stdout, forked.stderr) == (real.returncode, real.stdout, real.stderr)
    assert real.returncode == 0 and "pnp" in real.stdout


def test_the_address_space_limit_holds_in_the_child_alone(tmp_path):
    """40 MB is less than validating a game needs: the child fails; the next call, with the usual limit,
    validates it (the server itself was never limited)."""
    assert pnp_process.run(["new", "demo", "--content", str(tmp_path)], memory=MEMORY, timeout=120).returncode == 0
    starved = pnp_process.run(["validate", "demo", "--content", str(tmp_path)], memory=40_000_000, timeout=120)
    assert starved.returncode != 0 and "MemoryError" in starved.stderr, (starved.returncode, starved.stderr[-2000:])
    fed = pnp_process.run(["validate", "demo", "--content", str(tmp_path)], memory=MEMORY, timeout=120)
    assert fed.returncode == 0, fed.stderr[-2000:]


def test_a_child_past_its_timeout_is_killed_and_the_call_raises_as_subprocess_does(tmp_path):
    assert pnp_process.run(["new", "demo", "--content", str(tmp_path)], memory=MEMORY, timeout=120).returncode == 0
    with pytest.raises(subprocess.TimeoutExpired):           # watch runs until it is stopped
        pnp_process.run(["watch", "demo", "--content", str(tmp_path), "--out", str(tmp_path / "out")],
                        memory=MEMORY, timeout=3)
    after = pnp_process.run(["--version"], memory=MEMORY, timeout=120)
    assert after.returncode == 0 and "pnp" in after.stdout

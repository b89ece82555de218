"""`run(args, memory=..., timeout=...)`: the `pnp` command line in a process of its own, under an address-space
limit and a timeout, as `prlimit --as=<memory> python -m generator.cli <args>` runs it, without paying the
interpreter's start and the generator's imports (about 1 s of CPU, most of a small refusal's cost) on every call.

One server process per test process (started on first use, ended at exit) imports the command line once and
forks a child per call. The child is the command as a process of its own: it sets its address-space limit
(RLIMIT_AS, what prlimit --as sets), its working folder, environment and standard streams, runs the same entry
point as `python -m generator.cli` (`generator.cli.main`, or `generator.__main__.main` for `-m generator`) and
exits with its exit code; a child past its timeout is killed and the call raises subprocess.TimeoutExpired.
What the tests read is the same: exit code, stdout, stderr, the files written, the memory the command may use.

A true command line is still started where the test is about the process itself (signals, kills, the
interrupted import, a mount namespace, a monkeypatched module): those tests call subprocess themselves.
"""

from __future__ import annotations

import atexit
import io
import json
import locale
import os
import select
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The server: reads one JSON request a line on fd IN, forks the command, answers {"pid"} then {"status"}.
_SERVER = r"""
import json, os, resource, sys, traceback
IN, OUT = int(sys.argv[1]), int(sys.argv[2])
import generator.cli, generator.__main__          # the imports every child shares, as the commands import them
import generator.build, generator.figures, generator.gallery, generator.print.preflight, generator.print.reader
import generator.rulebook.pipeline, generator.scaffold
ENTRY = {"generator.cli": generator.cli.main, "generator": generator.__main__.main}
requests = os.fdopen(IN, "r", encoding="utf-8")
answers = os.fdopen(OUT, "w", encoding="utf-8")
for line in requests:
    request = json.loads(line)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            requests.close(); answers.close()
            if request["memory"]:
                resource.setrlimit(resource.RLIMIT_AS, (request["memory"], request["memory"]))
            os.chdir(request["cwd"])
            os.environ.clear()
            os.environ.update(request["env"])
            for fd, (path, flags) in enumerate([(request["stdin"], os.O_RDONLY),
                                                (request["stdout"], os.O_WRONLY | os.O_TRUNC),
                                                (request["stderr"], os.O_WRONLY | os.O_TRUNC)]):
                opened = os.open(path, flags)
                os.dup2(opened, fd)
                os.close(opened)
            sys.argv = [request["argv0"], *request["args"]]
            try:
                ENTRY[request["module"]]()
                code = 0
            except SystemExit as end:                 # as the interpreter ends on it
                if end.code is None:
                    code = 0
                elif isinstance(end.code, int):
                    code = end.code
                else:
                    print(end.code, file=sys.stderr)
                    code = 1
            except BaseException:
                traceback.print_exc()
                code = 1
            import atexit
            atexit._run_exitfuncs()
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    answers.write(json.dumps({"pid": pid}) + "\n")
    answers.flush()
    _, status = os.waitpid(pid, 0)
    answers.write(json.dumps({"status": os.waitstatus_to_exitcode(status)}) + "\n")
    answers.flush()
"""


class _Server:
    def __init__(self) -> None:
        to_server, self._requests = os.pipe()
        self._answers, from_server = os.pipe()
        self.process = subprocess.Popen([sys.executable, "-c", _SERVER, str(to_server), str(from_server)],
                                        cwd=ROOT, pass_fds=(to_server, from_server), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_server)
        os.close(from_server)
        self._pending = b""

    def request(self, request: dict) -> int:
        os.write(self._requests, (json.dumps(request) + "\n").encode("utf-8"))
        return self._answer(None)["pid"]

    def _answer(self, timeout: float | None) -> dict | None:
        while b"\n" not in self._pending:
            ready, _, _ = select.select([self._answers], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self._answers, 65536)
            if not chunk:
                raise RuntimeError("the pnp test server ended")
            self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        return json.loads(line)

    def status(self, pid: int, timeout: float) -> int | None:
        """The child's exit code (negative: killed by that signal), or None past the timeout (it is killed)."""
        answer = self._answer(timeout)
        if answer is None:
            os.kill(pid, signal.SIGKILL)
            self._answer(None)
            return None
        return answer["status"]

    def close(self) -> None:
        os.close(self._requests)            # the server's loop ends on end of input
        self.process.wait()                 # its children's CPU is counted in this process's
        os.close(self._answers)


_server: _Server | None = None


def _the_server() -> _Server:
    global _server
    if _server is None or _server.process.poll() is not None:
        _server = _Server()
        atexit.register(_server.close)
    return _server


def _text(data: bytes) -> str:
    """As subprocess's text mode decodes: the locale's encoding, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data), encoding=locale.getpreferredencoding(False)).read()


def run(args: list[str] | tuple[str, ...], *, memory: int | None, timeout: float, cwd: Path | str = ROOT,
        input: bytes | None = None, module: str = "generator.cli") -> subprocess.CompletedProcess:
    """`prlimit --as=<memory> python -m <module> <args>` in `cwd` (no limit if memory is None), its output
    captured as text; raises subprocess.TimeoutExpired past `timeout` seconds, as subprocess.run does."""
    with tempfile.TemporaryDirectory(prefix="pnp-process-") as folder:
        streams = {name: Path(folder) / name for name in ("stdin", "stdout", "stderr")}
        streams["stdin"].write_bytes(input or b"")
        streams["stdout"].touch()
        streams["stderr"].touch()
        argv0 = str(ROOT / "generator" / ("cli.py" if module == "generator.cli" else "__main__.py"))
        server = _the_server()
        pid = server.request({"args": list(args), "memory": memory, "cwd": str(cwd), "env": dict(os.environ),
                              "module": module, "argv0": argv0,
                              **{name: str(path) for name, path in streams.items()}})
        code = server.status(pid, timeout)
        out, err = streams["stdout"].read_bytes(), streams["stderr"].read_bytes()
    command = ["pnp", *args]
    if code is None:
        raise subprocess.TimeoutExpired(command, timeout, output=out, stderr=err)
    return subprocess.CompletedProcess(command, code, _text(out), _text(err))

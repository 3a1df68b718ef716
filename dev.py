#!/usr/bin/env python3
"""The set-up commands: `python3 dev.py run`, `python3 dev.py test`, `python3 dev.py verifier`,
`python3 dev.py bench`.

Each creates `.venv` and installs the project into it on first use (again whenever
pyproject.toml changes). `run` serves the API with uvicorn (ASGI) on the embedded
default (SQLite, a filesystem broker, a Celery worker and beat) unless DATABASE_URL /
REDIS_URL say otherwise, and the web client at /play/ (built first with web/build.py
when Node.js and npm are here). `test` runs pytest; extra arguments go to pytest; `test --fast`
the fast loop (README); `test --latest` the same in `.venv-latest`, on Python 3.12+ with the
newest Django the pins allow (README "Supported versions"). `verifier [DIR]` builds the
standalone verifier's wheel (`dice-games-verify`: games/ alone, with the `dice-verify`
command; games/verify/README.md) into DIR, by default `dist/`. `bench` measures the rules
engines on one core (tests/benchmarks/engines.py; its arguments: `--seconds`, `--games`,
`--players`, `--served`) and prints a markdown table.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

from infra.parent_death import die_with_parent

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"

# The second pass (`test --latest`): the newest Django the pins allow, which needs a newer
# Python than the floor's 3.11 (Django 6: 3.12+). DICE_LATEST_PYTHON names the interpreter.
LATEST_VENV = ROOT / ".venv-latest"
LATEST_PYTHONS = ("python3.12", "python3.13", "python3.14")


def ensure_venv(where: Path = VENV, interpreter: str = sys.executable,
                newest: bool = False) -> Path:
    """`where`'s python, the project installed in it with its dev extra; installed again
    when pyproject.toml changes, and with `newest` also each day, every package upgraded to
    the newest release the pins allow (so the pass follows Django's releases)."""
    if sys.version_info < (3, 11):
        sys.exit("Python 3.11 or newer is needed")
    python = where / ("Scripts" if os.name == "nt" else "bin") / "python"
    if not python.exists():
        print(f"creating {where.name} ...", flush=True)
        subprocess.run([interpreter, "-m", "venv", str(where)], check=True)
    stamp = where / ".dice-games-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if newest:
        wanted += f" {date.today()}"
    if not stamp.exists() or stamp.read_text() != wanted:
        print(f"installing dependencies into {where.name} ...", flush=True)
        pip = [str(python), "-m", "pip", "install", "-q"]
        subprocess.run([*pip, "--upgrade", "pip"], check=True)
        upgrade = ["--upgrade", "--upgrade-strategy", "eager"] if newest else []
        subprocess.run([*pip, *upgrade, "-e", ".[dev]"], check=True, cwd=ROOT)
        stamp.write_text(wanted)
    return python


def runs_312(python: str) -> bool:
    """`python` starts and is 3.12 or newer."""
    probe = [python, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"]
    return subprocess.run(probe, capture_output=True).returncode == 0


def ensure_latest_venv() -> Path:
    """.venv-latest on the first Python 3.12+ found (or DICE_LATEST_PYTHON)."""
    named = os.environ.get("DICE_LATEST_PYTHON")
    found = [named] if named else [p for p in map(shutil.which, LATEST_PYTHONS)
                                   if p and runs_312(p)]  # a pyenv shim may not run
    if not found:
        sys.exit("`test --latest` needs Python 3.12 or newer: put python3.12 on PATH or set "
                 "DICE_LATEST_PYTHON")
    return ensure_venv(LATEST_VENV, found[0], newest=True)


def uvicorn_command(address: str, python: Path | str = PYTHON) -> list[str]:
    """The ASGI server for development: one uvicorn process (no worker processes), with
    the options production's uvicorn workers have (config/gunicorn_conf.py: gunicorn
    supervises them there; README, "Serving"). Streams and long polls wait on its event
    loop; the REST views run in Django's threads."""
    host, _, port = address.rpartition(":")
    return [str(python), "-m", "uvicorn", "config.asgi:application",
            "--host", host.strip("[]") or "127.0.0.1", "--port", port or "8000",
            "--lifespan", "off",         # Django has no lifespan events
            "--no-proxy-headers",        # REMOTE_ADDR is the peer (DICE_TRUSTED_PROXIES)
            "--timeout-keep-alive", "5", "--timeout-graceful-shutdown", "10"]


def build_web_client() -> bool:
    """The web client served at /play/ (web/build.py): built when Node.js and npm are
    here (`npm ci` first if the pinned tools are missing); else a note, and the API alone."""
    if shutil.which("npm") is None or shutil.which("node") is None:
        print("note: Node.js/npm not found: serving the API without the web client at /play/ "
              "(install Node.js 20 with npm, then run again)", flush=True)
        return False
    if not (ROOT / "node_modules" / ".bin" / "vite").exists():
        print("installing the pinned Node.js tools (npm ci) ...", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    if subprocess.call([sys.executable, str(ROOT / "web" / "build.py")], cwd=ROOT) != 0:
        print("note: the web client could not be built (see above): serving the API without "
              "it", flush=True)
        return False
    return True


def run(args: list[str]) -> int:
    address = args[0] if args else os.environ.get("DICE_ADDRESS", "127.0.0.1:8000")
    (ROOT / "var").mkdir(exist_ok=True)
    web = build_web_client()
    return serve(address, PYTHON, web)


def serve(address: str, python: Path | str, web: bool = False) -> int:
    """Migrate, then run the server, a Celery worker and beat with `python` until one of
    them ends or Ctrl-C; then stop the others. `web`: the web client was built. Each
    child dies with this process (Linux's parent-death signal, infra/parent_death.py),
    so killing it, even with SIGKILL, leaves nothing serving or scheduling; beat is a
    process of its own (not the worker's `--beat` child, which outlived a killed worker)."""
    subprocess.run([str(python), str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"],
                   check=True, cwd=ROOT)
    celery = [str(python), "-m", "celery", "-A", "config"]
    commands = [[*celery, "worker", "--pool=solo", "--loglevel=INFO"],
                [*celery, "beat", "--loglevel=INFO"],
                uvicorn_command(address, python)]
    dies_with_me = (functools.partial(die_with_parent, parent=os.getpid())
                    if os.name == "posix" else None)  # no preexec_fn on Windows
    # preexec_fn is unsafe only where threads run at the fork: dev.py starts none.
    procs = [subprocess.Popen(command, cwd=ROOT, preexec_fn=dies_with_me)  # noqa: PLW1509
             for command in commands]
    print(f"serving http://{address}/api/v1/  (docs: http://{address}/api/docs/); Ctrl-C stops",
          flush=True)
    if web:
        print(f"the web client: http://{address}/play/", flush=True)
    try:
        while all(p.poll() is None for p in procs):
            try:
                procs[-1].wait(timeout=1)
            except subprocess.TimeoutExpired:
                pass
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
    return max((p.returncode or 0) for p in procs)


# The rules' tests: pure Python (no database, no Redis, no server), CPU-bound.
RULES_TESTS = "tests/games"
# What runs beside the rest with them: the rules' tests and the other tests that need no
# Django (the code's checks, the contract's Node.js tools, the engines' and bots'
# benchmarks run once). The rules' process ends well before the rest (CI: about 10 min
# against 22), so these about 45 s come off the longer side.
WITHOUT_DJANGO = (RULES_TESTS, "tests/test_named_paths.py", "tests/test_unused_code.py",
                  "tests/test_purity.py", "tests/test_lint.py",
                  "tests/contract/test_typescript.py", "tests/contract/test_redocly.py",
                  "tests/test_engine_bench.py", "tests/test_bot_bench.py")


# Those tests run without pytest-django, so pyproject.toml's DJANGO_SETTINGS_MODULE is an
# option nobody reads there: pytest's warning about it is expected and silenced, in that
# run only.
NO_DJANGO = ("-p", "no:django", "-W", "ignore:Unknown config option:pytest.PytestConfigWarning")


# The rest in two pytest-xdist workers: its tests mostly wait (on servers, workers,
# browsers), so two of them overlap their waits; each worker has its own test database and
# Redis database (config/settings_test.py). On PostgreSQL and Redis the rest took 10 min 6 s
# this way against 16 min 28 s in one process, the rules' side 7 min 36 s against 5 min 34 s
# (docs/decisions/0039-the-test-run-in-two-workers.md).
REST_WORKERS = ("-n", "2")


# The fast loop (`test --fast`): no thousands of random games, no browser, no served
# server or worker processes; the rules' other random play a tenth as long.
FAST_MARKERS = "not slow and not browser and not served"


def test(args: list[str], python: Path = PYTHON) -> int:
    """pytest with `args`; with none, the whole suite in two processes at once: the rules'
    tests and the other tests that need no Django (`WITHOUT_DJANGO`) beside the rest, which
    mostly waits on servers, workers and browsers (itself in two xdist workers:
    `REST_WORKERS`). On two cores that nearly halves the suite's time. `--fast` (first):
    the same without the tests marked slow, browser or served, with less random play
    (tests/support/scale.py). `python`: the venv's
    (`--latest`: .venv-latest's)."""
    if not os.environ.get("DATABASE_URL"):
        print("DATABASE_URL is not set: testing on SQLite; PostgreSQL-only tests are skipped. "
              "CI sets DATABASE_URL and REDIS_URL (see .ci/run).", flush=True)
    subprocess.run([str(python), "-c", "import django, platform; print(f'Django "
                    "{django.__version__} on Python {platform.python_version()}')"], check=True)
    pytest = [str(python), "-m", "pytest"]
    env = None
    if args[:1] == ["--fast"]:
        env = {**os.environ, "DICE_TESTS_FAST": "1"}
        pytest += ["-m", FAST_MARKERS]
        args = args[1:]
    if args:
        return subprocess.call([*pytest, *args], cwd=ROOT, env=env)
    with tempfile.TemporaryFile("w+") as rules_log:
        rules = subprocess.Popen([*pytest, *WITHOUT_DJANGO, *NO_DJANGO], cwd=ROOT,
                                 env=env, stdout=rules_log, stderr=subprocess.STDOUT)
        try:
            ignored = [f"--ignore={path}" for path in WITHOUT_DJANGO]
            rest = subprocess.call([*pytest, *REST_WORKERS, *ignored], cwd=ROOT, env=env)
            rules_code = rules.wait()
        finally:
            if rules.poll() is None:  # interrupted: stop the rules' run too
                rules.terminate()
                rules.wait()
        rules_log.seek(0)
        print(f"\n===== {RULES_TESTS} and the other tests without Django (run beside the "
              "rest) =====\n"
              + rules_log.read(), flush=True)
    print(f"the rest: exit {rest}; {RULES_TESTS} and the others without Django: exit "
          f"{rules_code}", flush=True)
    return rest or rules_code


def build_verifier(out: Path, python: Path | str) -> Path:
    """Build the wheel of `dice-games-verify` into `out` with `python`'s setuptools, offline.

    The wheel holds the package games/ alone (the rules and games/verify/), with its own
    metadata: games/verify/distribution.toml becomes the pyproject.toml of a build folder
    that holds nothing else but a copy of games/ and games/verify/README.md.
    """
    with tempfile.TemporaryDirectory(prefix="dice-verify-build-") as temp:
        here = Path(temp)
        shutil.copytree(ROOT / "games", here / "games",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.toml", "*.md"))
        shutil.copy(ROOT / "games" / "verify" / "distribution.toml", here / "pyproject.toml")
        shutil.copy(ROOT / "games" / "verify" / "README.md", here / "README.md")
        wheels = here / "wheels"
        subprocess.run([str(python), "-m", "pip", "wheel", "-q", "--no-deps", "--no-index",
                        "--no-build-isolation", "--disable-pip-version-check", "-w",
                        str(wheels), str(here)], check=True, cwd=here)
        built = [w for w in wheels.glob("*.whl") if re.match(r"dice_games_verify-", w.name)]
        if len(built) != 1:
            raise RuntimeError(f"expected one dice_games_verify wheel, got {built}")
        out.mkdir(parents=True, exist_ok=True)
        target = out / built[0].name
        shutil.copy(built[0], target)
        return target


def verifier(args: list[str]) -> int:
    wheel = build_verifier(Path(args[0]).resolve() if args else ROOT / "dist", PYTHON)
    print(f"built {wheel}\ninstall it on any machine with Python 3.11+: "
          f"python3 -m pip install {wheel.name}; then: dice-verify AUDIT.json", flush=True)
    return 0


def bench(args: list[str]) -> int:
    """The rules engines' playouts and events per second (tests/benchmarks/engines.py)."""
    return subprocess.call([str(PYTHON), "-m", "tests.benchmarks.engines", *args], cwd=ROOT)


def main() -> int:
    commands = {"run": run, "test": test, "verifier": verifier, "bench": bench}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    args = sys.argv[2:]
    if sys.argv[1] == "test" and "--latest" in args[:2]:
        args.remove("--latest")
        return test(args, ensure_latest_venv())
    ensure_venv()
    return commands[sys.argv[1]](args)


if __name__ == "__main__":
    sys.exit(main())

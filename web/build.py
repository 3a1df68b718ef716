#!/usr/bin/env python3
"""Build the web client (issue #18) when its inputs changed: `python3 web/build.py`.

`npm run build:web` (package.json) generates the TypeScript types from openapi.yaml into
web/src/generated/, type-checks the client with tsc and bundles it with vite into
web/dist/play/ (its service worker, web/worker/, on its own into web/dist/play/sw.js),
which Django serves at /play/. The tools are the ones package-lock.json pins (`npm ci`
installs them into node_modules/). A stamp (web/.build-stamp) holds a digest of every
input (web/src/, web/worker/, web/public/ and the configurations), so an unchanged client
is not built again.

Standard library only: dev.py, .ci/run and the browser tests call it.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
INDEX = WEB / "dist" / "play" / "index.html"
STAMP = WEB / ".build-stamp"


class Unavailable(RuntimeError):
    """Node.js, npm or the pinned tools are missing: the page cannot be built here."""


def inputs() -> list[Path]:
    files = [ROOT / "openapi.yaml", ROOT / "package.json", ROOT / "package-lock.json",
             WEB / "index.html", WEB / "tsconfig.json", WEB / "vite.config.ts",
             WEB / "vite.sw.config.ts"]
    for folder in ("src", "worker", "public"):
        files += sorted(p for p in (WEB / folder).rglob("*")
                        if p.is_file() and "generated" not in p.relative_to(WEB / folder).parts)
    return files


def digest() -> str:
    h = hashlib.sha256()
    for path in inputs():
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def is_fresh() -> bool:
    return INDEX.is_file() and STAMP.is_file() and STAMP.read_text().strip() == digest()


def tools_missing() -> str | None:
    """Why the build cannot run here, or None."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "Node.js and npm are not installed (Node.js 20 with npm)"
    for tool in ("openapi-typescript", "tsc", "vite"):
        if not (ROOT / "node_modules" / ".bin" / tool).exists():
            return f"node_modules/.bin/{tool} is missing: run `npm ci` at the repository root"
    return None


def build(force: bool = False, quiet: bool = True) -> bool:
    """Build unless fresh; True when a build ran. Raises Unavailable without the tools and
    RuntimeError when the build fails (type errors included)."""
    if not force and is_fresh():
        return False
    missing = tools_missing()
    if missing:
        raise Unavailable(missing)
    wanted = digest()
    done = subprocess.run(["npm", "run", "--silent", "build:web"], cwd=ROOT, check=False,
                          capture_output=quiet, text=True)
    if done.returncode != 0:
        output = (done.stdout or "") + (done.stderr or "") if quiet else ""
        # openapi-typescript warns about every $ref inside the captured examples: noise.
        output = "\n".join(line for line in output.splitlines() if not line.startswith(" ⚠"))
        raise RuntimeError(f"the web client's build failed (npm run build:web)\n{output}")
    STAMP.write_text(wanted + "\n")
    return True


def main() -> int:
    try:
        built = build(force="--force" in sys.argv)
    except Unavailable as why:
        print(f"the web client was not built: {why}", file=sys.stderr)
        return 3
    except RuntimeError as why:
        print(why, file=sys.stderr)
        return 1
    print(f"web client {'built' if built else 'up to date'}: {INDEX.parent}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

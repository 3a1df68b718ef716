"""A child process that dies with its parent: Linux's parent-death signal.

`prctl(PR_SET_PDEATHSIG, sig)` asks the kernel to send `sig` to this process when the
thread that forked it ends, so a supervisor killed outright (`kill -9`, the OOM killer)
leaves no child serving or scheduling on its own. Used by the gunicorn config
(`config.gunicorn_conf.post_fork`: each web worker) and by `dev.py run` (each process it
starts). Standard library only, so `dev.py` can use it before any dependency is installed.
docs/decisions/0019-supervised-processes.md.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def die_with_parent(sig: int = signal.SIGTERM, parent: int | None = None) -> None:
    """Have the kernel send `sig` to this process when its parent ends. `parent`: the pid
    the caller was forked by; if that parent already ended before the request was made
    (the signal would then never come), this process exits at once. Not Linux: nothing
    (macOS has no such signal; stop the children with their parent there)."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    if parent is not None and os.getppid() != parent:
        os._exit(1)

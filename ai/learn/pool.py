"""Where self-play and arena games run: this process, local processes, or
a Ray cluster.

Every task is a pure function of its argument (a game and its seed), and
the answers come back in the order the tasks were given, so ``--jobs`` and
``--ray`` change only the speed: the same seeds give the same games. Ray is
an optional extra (``pip install -e '.[ray]'``); ``ray="auto"`` starts a
local cluster, any other value is the address of one to join.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class RayMissing(RuntimeError):
    """``--ray`` was asked for and Ray is not installed."""


def run_all(fn: Callable[[T], R], tasks: Sequence[T], jobs: int = 1,
            ray: str | None = None) -> Iterator[R]:
    """``fn`` over ``tasks``, the answers in task order."""
    if ray is not None:
        yield from _on_ray(fn, tasks, ray)
    elif jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            yield fn(t)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            yield from pool.map(fn, tasks, chunksize=1)


def ray_module() -> Any:
    try:
        import ray
    except ModuleNotFoundError as e:
        raise RayMissing("--ray needs the ray extra: pip install -e '.[ray]'") from e
    return ray


def _on_ray(fn: Callable[[T], R], tasks: Sequence[T], address: str) -> Iterator[R]:
    ray = ray_module()
    started = not ray.is_initialized()
    if started:
        # this checkout travels with the tasks, so a cluster's workers need
        # no install of their own beyond Ray and Python
        ray.init(address=None if address == "auto" else address,
                 runtime_env=_runtime_env(address), include_dashboard=False,
                 logging_level="ERROR", log_to_driver=False)
    try:
        remote = ray.remote(fn)
        refs = [remote.remote(t) for t in tasks]
        for ref in refs:
            yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _runtime_env(address: str) -> dict[str, Any] | None:
    """A local cluster shares this machine's files; a remote one is sent
    the project's packages."""
    if address == "auto":
        return None
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    return {"working_dir": str(root),
            "excludes": [".venv", ".git", "saves", "tests/snapshots", "**/__pycache__"]}

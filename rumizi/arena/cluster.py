"""Where independent pieces of work run: here, in a pool of processes, or on a Ray cluster.

An arena is a batch of games that do not depend on each other, and so is a long search split
into branches. Both hand their pieces to an :class:`Executor`, made by :func:`executor`:

- ``executor(jobs=1)`` runs each piece in this process, in order (what tests and doctests use);
- ``executor(jobs=N)`` runs them in ``N`` worker processes on this machine;
- ``executor(cluster="ray://HOST:PORT")`` (or ``"auto"`` for the Ray already running on this
  machine, or a Ray head's ``HOST:PORT``) runs them as Ray tasks over a cluster. ``jobs`` then
  caps how many run at once (default: every CPU of the cluster). This needs the optional extra
  ``pip install 'rumizi[cluster]'``; without it nothing else changes, and asking for a cluster
  is a clear :class:`ClusterError`.

Whatever runs them, an executor offers the same two calls over a function and its items, both
picklable (a module-level function and plain data; the function must be importable where it
runs, so every node of a cluster needs the same ``rumizi`` installed):

- :meth:`Executor.imap_unordered` yields the results as they finish (in order with one job);
- :meth:`Executor.map` returns them all, in the order of the items.

A piece whose worker process or node dies is run again (Ray's task retries, ``max_retries``
times); its result is still delivered exactly once, because only a finished task hands one
back. An exception raised by the function itself is not retried: it reaches the caller as it
was raised, and the pieces not yet finished are cancelled.

>>> with executor(jobs=1) as ex:
...     ex.workers, ex.map(abs, [-2, 3, -1])
(1, [2, 3, 1])

Adopting it elsewhere takes one line where a pool was made, e.g. for a search over branches::

    with executor(jobs=jobs, cluster=cluster) as ex:
        for result in ex.imap_unordered(search_branch, branches):
            ...
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: How often a Ray task lost with its worker process or node is started again.
DEFAULT_MAX_RETRIES = 3

INSTALL_HINT = "pip install 'rumizi[cluster]'"


class ClusterError(RuntimeError):
    """A cluster that cannot be reached or used (Ray missing, no cluster there, work lost)."""


def chunk_size(items: int, workers: int) -> int:
    """Pieces handed to a worker at once: one while there are few per worker (so the progress
    of slow games shows), up to four when there are many (so fast ones waste less time on
    hand-overs).

    >>> chunk_size(10, 2), chunk_size(1_000, 2), chunk_size(1_000_000, 64)
    (1, 4, 4)
    """
    return max(1, min(4, items // (workers * 16)))


class Executor(ABC):
    """Runs a picklable function over picklable items, here or elsewhere (see the module)."""

    @property
    @abstractmethod
    def workers(self) -> int:
        """How many pieces can run at once."""

    @abstractmethod
    def imap_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``fn(item)`` for every item, yielded as each finishes."""

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> list[R]:
        """``fn(item)`` for every item, in the items' order."""
        found: dict[int, R] = {}
        for index, value in self.imap_unordered(_Numbered(fn), enumerate(items)):
            found[index] = value
        return [found[i] for i in range(len(found))]

    def close(self) -> None:
        """Let go of what the executor holds (a cluster connection it opened)."""
        return None

    def __enter__(self) -> Executor:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


class _Numbered(Generic[T, R]):
    """``fn`` over ``(index, item)`` pairs, keeping the index (picklable, unlike a lambda)."""

    def __init__(self, fn: Callable[[T], R]) -> None:
        self.fn = fn

    def __call__(self, pair: tuple[int, T]) -> tuple[int, R]:
        return pair[0], self.fn(pair[1])


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalExecutor(Executor):
    """This machine: the calling process with one job, a process pool with several."""

    def __init__(self, jobs: int | None = None) -> None:
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self._jobs = jobs or os.cpu_count() or 1

    @property
    def workers(self) -> int:
        return self._jobs

    def imap_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        work = list(items)
        jobs = min(self._jobs, len(work))
        if jobs <= 1:
            yield from map(fn, work)
            return
        chunk = chunk_size(len(work), jobs)
        with multiprocessing.get_context().Pool(jobs, initializer=_ignore_interrupts) as pool:
            yield from pool.imap_unordered(fn, work, chunksize=chunk)
            pool.close()  # every piece is in: let the workers end by themselves, not by a signal
            pool.join()


def _run_chunk(fn: Callable[[T], R], chunk: Sequence[T]) -> tuple[list[R], float]:
    """One Ray task: ``fn`` over a few items, and the seconds that took."""
    start = time.perf_counter()
    values = [fn(item) for item in chunk]
    return values, time.perf_counter() - start


#: Seconds of work a Ray task should hold: a task costs the driver about a millisecond
#: whatever it does, so fast pieces go several to a task, slow ones one each.
TASK_SECONDS = 0.25

#: The most pieces in one Ray task (what a lost worker takes with it, at worst).
MAX_CHUNK = 256


def adaptive_chunk(seconds_per_piece: float | None, left: int, workers: int) -> int:
    """Pieces for the next Ray task: enough for about :data:`TASK_SECONDS` of work (one while
    nothing has been timed yet), never so many that fewer than two tasks a worker remain.

    >>> adaptive_chunk(None, 1000, 4), adaptive_chunk(0.001, 100_000, 4), adaptive_chunk(2.0, 9, 4)
    (1, 250, 1)
    >>> adaptive_chunk(0.001, 80, 4)  # the tail is spread over every worker
    10
    """
    if seconds_per_piece is None:
        return 1
    want = TASK_SECONDS / max(seconds_per_piece, 1e-6)
    return max(1, min(MAX_CHUNK, int(want), left // (2 * workers)))


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(f"running on a cluster needs Ray: {INSTALL_HINT}") from None
    return ray


class RayExecutor(Executor):
    """A Ray cluster: each chunk of items is a Ray task of one CPU.

    ``address`` is what ``ray.init`` takes (``"auto"``, ``"ray://HOST:PORT"``, ``"HOST:PORT"``);
    when this process is already connected to Ray (``ray.init`` was called), that connection
    is used and left open. At most ``jobs`` tasks run at once (default: the cluster's CPUs),
    and no more than two per worker are handed out ahead, so results stream in and a long
    batch holds little memory. A task holds one piece until pieces have been timed, then
    about :data:`TASK_SECONDS` of them (:func:`adaptive_chunk`). ``runtime_env`` goes to
    ``ray.init`` (e.g. a ``pip`` list for nodes that lack rumizi).
    """

    def __init__(
        self,
        address: str,
        *,
        jobs: int | None = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        runtime_env: dict[str, Any] | None = None,
    ) -> None:
        if not address.strip():
            raise ValueError("a cluster address is 'auto', 'ray://HOST:PORT' or 'HOST:PORT'")
        if jobs is not None and jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        if max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, not {max_retries}")
        ray = _import_ray()
        self._ray = ray
        self.address = address
        self.max_retries = max_retries
        self._owns = not ray.is_initialized()
        if self._owns:
            try:
                ray.init(
                    address=address,
                    runtime_env=runtime_env,
                    logging_level="WARNING",
                    log_to_driver=False,
                )
            except Exception as err:  # Ray's many ways of failing to connect, as one error
                hint = ""
                if "auth" in str(err).lower():
                    hint = (
                        " (a cluster with token authentication: set RAY_AUTH_MODE=token and "
                        "RAY_AUTH_TOKEN, or the token in ~/.ray/auth_token, on this machine)"
                    )
                raise ClusterError(
                    f"cannot reach the Ray cluster at {address!r}: {err}{hint}"
                ) from err
        cpus = int(ray.cluster_resources().get("CPU", 0))
        if cpus < 1:
            self.close()
            raise ClusterError(f"the Ray cluster at {address!r} has no CPUs to run on")
        self._jobs = min(jobs, cpus) if jobs else cpus
        self._task = ray.remote(num_cpus=1, max_retries=max_retries, retry_exceptions=False)(
            _run_chunk
        )

    @property
    def workers(self) -> int:
        return self._jobs

    def imap_unordered(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        ray = self._ray
        work = list(items)
        fn_ref = ray.put(fn)  # shipped once, not with every task
        pending: dict[Any, int] = {}  # task -> pieces in it
        window = 2 * self._jobs
        given = timed = 0
        busy = 0.0  # seconds the finished tasks took, for the size of the next ones
        try:
            while True:
                while len(pending) < window and given < len(work):
                    per_piece = busy / timed if timed else None
                    size = adaptive_chunk(per_piece, len(work) - given, self._jobs)
                    task = self._task.remote(fn_ref, work[given : given + size])
                    pending[task] = size
                    given += size
                if not pending:
                    return
                ready, rest = ray.wait(list(pending), num_returns=1)
                if rest:  # and whatever else is done by now, without waiting
                    ready += ray.wait(rest, num_returns=len(rest), timeout=0)[0]
                for ref in ready:
                    values, seconds = self._fetch(ref)
                    timed += pending.pop(ref)
                    busy += seconds
                    yield from values
        finally:  # stopped early (an error, Ctrl-C, a caller that broke off): drop the rest
            for ref in pending:
                ray.cancel(ref, force=True)

    def _fetch(self, ref: Any) -> tuple[list[Any], float]:
        ray = self._ray
        try:
            values: tuple[list[Any], float] = ray.get(ref)
        except ray.exceptions.RayTaskError as err:  # the function raised: re-raise it as it was
            cause = getattr(err, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None
            raise
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as err:
            raise ClusterError(
                f"a piece of work was lost with its worker {self.max_retries + 1} time(s), "
                f"more than the retries allow: {err}"
            ) from err
        return values

    def close(self) -> None:
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()
        self._owns = False


def executor(
    jobs: int | None = None,
    cluster: str | None = None,
    *,
    max_retries: int = DEFAULT_MAX_RETRIES,
) -> Executor:
    """Run pieces on this machine (``jobs`` processes; default one per core) or, with
    ``cluster``, on that Ray cluster (``jobs`` at most at once; default all its CPUs).

    >>> executor(jobs=2).workers
    2
    """
    if cluster is None:
        return LocalExecutor(jobs)
    return RayExecutor(cluster, jobs=jobs, max_retries=max_retries)

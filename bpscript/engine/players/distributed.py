"""Games on a Ray cluster (`pip install 'bpscript[ray]'`): the same games as on one machine.

Games are sharded by seed: chunks of consecutive seeds go to workers (Ray actors, one per
CPU of the cluster), each of which loads the ruleset and compiles its rules once. Results
come back in seed order, so a run gives exactly what the local executor gives for the same
seeds. A chunk whose worker dies is retried on a fresh worker; a chunk that still fails, or
a game that raises, stops the run with the seeds it concerns (`SimulationError`): no game
is ever silently lost.

With no address, Ray starts a local runtime for the run; with one, it joins a cluster
started beforehand (`ray start --head` on one machine, `ray start --address HEAD:6379` on
the others).
"""

from __future__ import annotations

import os
from typing import Callable, Iterable

from ...model import ruleset as m
from ..kernel.rules import Rules
from .runner import SimulationError, Summary, chunks_of, play_seeds

__all__ = ["SimulationError", "simulate_ray"]


class _Worker:
    """One Ray actor: the ruleset loaded and its rules compiled once, then chunk after chunk."""

    def __init__(self, load_ruleset: Callable[[], m.Ruleset], fmt: str, frame: str):
        self.ruleset = load_ruleset()  # the CLI layer's loader: the engine never imports it
        self.rules = Rules(self.ruleset, fmt, frame)

    def run(self, seeds: range, record: bool, agents: tuple[str, str],
            measure: bool = False) -> list[Summary]:
        return play_seeds(self.ruleset, self.rules, seeds, record, agents, measure=measure)


def _runtime_env() -> dict[str, dict[str, str]]:
    """Workers import this copy of bpscript when the cluster's machines have it at the same
    place (a local runtime always does); elsewhere their own installed bpscript."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    return {"env_vars": {"PYTHONPATH": path}}


def simulate_ray(load_ruleset: Callable[[], m.Ruleset], fmt: str, frame: str, games: int, seed: int,
                 agents: tuple[str, str] = ("random", "random"), record: bool = False,
                 progress: Callable[[int, int], object] | None = None, address: str | None = None,
                 workers: int | None = None, retries: int = 1, measure: bool = False) -> Iterable[Summary]:
    """Yield the summary of each game, in seed order, as `runner.simulate` does, playing
    them on Ray. `load_ruleset` must be picklable (a module-level function or object)."""
    try:
        import ray
        from ray.exceptions import RayActorError, RayTaskError
    except ImportError as e:  # the extra is not installed
        raise SimulationError("the Ray executor needs Ray: pip install 'bpscript[ray]'") from e
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 runtime_env=_runtime_env(), configure_logging=False)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1)) or 1
        n = max(1, min(workers or cpus, games))
        Worker = ray.remote(num_cpus=1)(_Worker)
        actors = [Worker.remote(load_ruleset, fmt, frame) for _ in range(n)]
        chunks = chunks_of(range(seed, seed + games), n, most=100)  # made as they are handed out
        following = iter(range(len(chunks)))
        pending: dict[object, tuple[int, int, int]] = {}  # ref → (chunk, actor, attempt)

        def submit(i: int, a: int, attempt: int) -> None:
            pending[actors[a].run.remote(chunks[i], record, tuple(agents), measure)] = (i, a, attempt)

        for i in range(min(len(chunks), 4 * n)):  # four in flight per worker; one more as each ends
            submit(next(following), i % n, 0)
        done: dict[int, list[Summary]] = {}
        out, played = 0, 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            i, a, attempt = pending.pop(ready[0])
            first, last = chunks[i][0], chunks[i][-1]
            try:
                done[i] = ray.get(ready[0])
            except RayTaskError as e:  # a game (or the worker's loading) raised: the same on a retry
                raise SimulationError(f"games of seeds {first}–{last} failed: {e.cause!r}") from e
            except RayActorError as e:  # the worker died (its machine, its memory …)
                if attempt >= retries:
                    raise SimulationError(f"games of seeds {first}–{last} lost: their worker died "
                                          f"{attempt + 1} time(s)") from e
                actors[a] = Worker.remote(load_ruleset, fmt, frame)
                submit(i, a, attempt + 1)
                continue
            more = next(following, None)
            if more is not None:
                submit(more, a, 0)
            while out in done:
                for r in done.pop(out):
                    played += 1
                    yield r
                out += 1
                if progress:
                    progress(played, games)
    finally:
        if started:
            ray.shutdown()

"""The timing both sides of the benchmark share (bench.py for this repository's
package, peer_worker.py for python-lightsout): it imports no `lightsout`, so each
side's `import lightsout` finds its own package."""

import time

MIN_RUN_SECONDS = 0.2


def timed(call, runs):
    """Median seconds per call over `runs` runs, each of enough calls for 0.2 s; the
    calls per run, and the first call's result."""
    start = time.perf_counter()
    result = call()
    once = time.perf_counter() - start
    calls = max(1, int(MIN_RUN_SECONDS / max(once, 1e-9)))
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        samples.append((time.perf_counter() - start) / calls)
    samples.sort()
    return samples[len(samples) // 2], calls, result

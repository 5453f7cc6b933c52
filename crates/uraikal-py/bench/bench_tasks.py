"""Practice tasks generated and verified per CPU second through Python, beside reasoning-gym (docs/perf.md).

Each dataset is iterated and ``score_answer`` is called on every entry's own answer and on the previous
entry's answer. Needs ``pip install reasoning-gym==0.1.25`` and the uraikal wheel (release build).

    python crates/uraikal-py/bench/bench_tasks.py 50000
"""

import sys
import time

import reasoning_gym

import uraikal.tasks as ut


def bench(make, label, n):
    data = make(n)
    start = time.process_time()
    previous = None
    for entry in data:
        data.score_answer(entry["answer"], entry)
        if previous is not None:
            data.score_answer(previous, entry)
        previous = entry["answer"]
    print(f"{label:45s} {n / (time.process_time() - start):12.0f} entries/s")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50_000
    for name in ["letter_counting", "basic_arithmetic", "count_primes"]:
        bench(lambda n: reasoning_gym.create_dataset(name, size=n, seed=7), f"reasoning-gym {name}", n)
    for name in ["letters.count", "numbers.spoken", "numbers.arithmetic"]:
        bench(lambda n: ut.create_dataset(name, size=n, seed=7), f"uraikal.tasks {name}", n)


if __name__ == "__main__":
    main()

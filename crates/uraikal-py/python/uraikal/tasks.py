"""Practice tasks for reinforcement learning: seeded Tamil task families with exact verifiers (SPEC.md K).

A dataset here has reasoning-gym's shape: a sized, indexable, iterable sequence of entries ``{"question",
"answer", "metadata"}`` and ``score_answer(answer, entry)`` in [0, 1]. Entry ``i`` depends only on the family,
the seed, ``i`` and the configuration, and is the same entry ``uraikal tasks generate`` writes.

>>> from uraikal.tasks import create_dataset
>>> data = create_dataset("numbers.spoken", size=3, seed=7)
>>> data[0]["answer"]
'எரநூத்தி எழுவத்தேழு'
>>> data.score_answer(data[0]["answer"], data[0])
1.0
>>> data.score_answer("ஏழு", data[0]) < 1.0
True

``register_with_reasoning_gym()`` registers every family with ``reasoning_gym`` (as ``uraikal/FAMILY``), so
that ``reasoning_gym.create_dataset`` and a ``reasoning_gym.composite.CompositeDataset`` can use them;
``verifiers_taskset(name, ...)`` builds a ``verifiers.v1`` taskset (the data half of a verifiers
environment) whose reward is ``score_answer``.
"""

import json
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

from ._uraikal import tasks_families, tasks_generate, tasks_score

__all__ = ["families", "create_dataset", "TamilTaskDataset", "register_with_reasoning_gym", "verifiers_taskset"]

#: The prefix of the names the families are registered under with reasoning-gym.
REASONING_GYM_PREFIX = "uraikal/"


def families() -> list[str]:
    """The family names, in ``uraikal tasks list`` order."""
    return [f["name"] for f in tasks_families()]


def describe() -> list[dict]:
    """Every family as ``{"name", "description", "accepts"}``."""
    return tasks_families()


class TamilTaskDataset:
    """``size`` entries of one family (reasoning-gym's ``ProceduralDataset`` protocol, without the import).

    ``config`` holds the knobs of SPEC K4: ``difficulty`` ("easy", "medium", "hard"), ``lang`` ("ta", "en"),
    ``min_number``, ``max_number``, ``min_letters``, ``max_letters``, ``words``. An unknown family or knob
    raises ``ValueError``.
    """

    def __init__(self, name: str, size: int = 500, seed: Optional[int] = None, source_dataset: Optional[str] = None, **config: Any):
        if size < 0:
            raise ValueError(f"size must not be negative, got {size}")
        self.name = name
        self.size = size
        self.seed = 0 if seed is None else int(seed)
        self.config = dict(config)
        self.source_dataset = source_dataset or name
        self._config_json = json.dumps(self.config)
        # Validates the family and the configuration now rather than at the first entry.
        tasks_generate(name, self.seed, 0, 0, self._config_json)

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, idx: int) -> dict:
        if idx < 0:
            idx += self.size
        if not 0 <= idx < self.size:
            raise IndexError(f"index {idx} out of range for a dataset of {self.size}")
        raw = tasks_generate(self.name, self.seed, idx, 1, self._config_json)[0]
        metadata = raw["metadata"]
        metadata.update(
            {"source_dataset": self.source_dataset, "source_index": idx, "family": raw["family"], "id": raw["id"],
             "difficulty": self.config.get("difficulty", "medium")}
        )
        return {"question": raw["question"], "answer": raw["answer"], "metadata": metadata}

    def __iter__(self) -> Iterator[dict]:
        for idx in range(self.size):
            yield self[idx]

    def score_answer(self, answer: Optional[str], entry: dict) -> float:
        """The score in [0, 1] of ``answer`` for ``entry``; ``None`` (no answer) scores 0."""
        if answer is None:
            return 0.0
        family = entry.get("metadata", {}).get("family", self.name)
        return tasks_score(family, entry["answer"], str(answer), json.dumps(entry.get("metadata", {})))


def create_dataset(name: str, size: int = 500, seed: Optional[int] = None, **config: Any) -> TamilTaskDataset:
    """A reasoning-gym-compatible dataset of family ``name`` (see ``families()``)."""
    return TamilTaskDataset(name, size=size, seed=seed, **config)


def register_with_reasoning_gym(prefix: str = REASONING_GYM_PREFIX) -> list[str]:
    """Registers every family with reasoning-gym as ``prefix + family`` (once; later calls do nothing) and
    returns the registered names. Needs ``pip install reasoning-gym``."""
    from reasoning_gym.dataset import ProceduralDataset
    from reasoning_gym.factory import DATASETS, register_dataset

    names = []
    for family in families():
        registered = prefix + family
        names.append(registered)
        if registered in DATASETS:
            continue
        this_family = family  # (a class body cannot read a name it also assigns from the enclosing scope)

        @dataclass
        class Config:
            size: int = 500
            seed: Optional[int] = None
            difficulty: str = "medium"
            lang: str = "ta"
            options: dict = field(default_factory=dict)
            family: str = this_family

            def validate(self):
                assert self.size > 0, "size must be positive"
                create_dataset(self.family, size=0, seed=self.seed, difficulty=self.difficulty, lang=self.lang, **self.options)

        class Dataset(ProceduralDataset):
            def __init__(self, config):
                super().__init__(config=config, seed=config.seed, size=config.size)
                self._inner = TamilTaskDataset(
                    config.family, size=config.size, seed=self.seed, source_dataset=prefix + config.family,
                    difficulty=config.difficulty, lang=config.lang, **config.options
                )

            def __getitem__(self, idx: int) -> dict:
                return self._inner[idx]

            def score_answer(self, answer, entry) -> float:
                return self._inner.score_answer(answer, entry)

        Config.__name__ = Config.__qualname__ = "UraikalTaskConfig"
        Dataset.__name__ = Dataset.__qualname__ = "UraikalTaskDataset"
        register_dataset(registered, Dataset, Config)
    return names


def verifiers_taskset(name: str, size: int = 100, seed: Optional[int] = None, **config: Any):
    """A ``verifiers.v1`` taskset of family ``name``: one task per entry, the question as the prompt, and
    one reward, ``score_answer`` of the agent's last reply. Needs ``pip install verifiers`` (0.4)."""
    import verifiers.v1 as vf

    dataset = create_dataset(name, size=size, seed=seed, **config)

    class UraikalData(vf.TaskData):
        answer: str
        metadata: dict

    class UraikalTask(vf.Task[UraikalData]):
        @vf.reward(weight=1.0)
        async def correct(self, trace: vf.Trace) -> float:
            entry = {"answer": self.data.answer, "metadata": self.data.metadata}
            return dataset.score_answer(trace.last_reply, entry)

    class UraikalTaskset(vf.Taskset[UraikalTask, vf.TasksetConfig]):
        def load(self):
            for entry in dataset:
                meta = entry["metadata"]
                yield UraikalTask(
                    UraikalData(id=meta["id"], name=meta["id"], prompt=entry["question"], answer=entry["answer"], metadata=meta),
                    self.config.task,
                )

    return UraikalTaskset(vf.TasksetConfig(id="uraikal-" + name))

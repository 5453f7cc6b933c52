"""datatrove pipeline steps for Tamil web text (issue 20; SPEC Q): quality filter, repair, register.

The steps call Uraikal's library in-process (`uraikal.quality.assess_many` / `register_many`, a batch at a
time, in parallel with the GIL released): the numbers are those of `uraikal quality` / `uraikal register`, the
steps only move documents. Any datatrove executor (local, SLURM, Ray) runs them wherever `uraikal` is
installed. (`binary=` is accepted and ignored: the steps used to run the `uraikal` command.)

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter
    from uraikal.datatrove import TamilQualityFilter, TamilRegisterAnnotator, TamilRepairFormatter

    LocalPipelineExecutor(pipeline=[
        JsonlReader("crawl/"),
        TamilRepairFormatter(),                                   # visual order, mojibake, legacy runs
        TamilQualityFilter(exclusion_writer=JsonlWriter("removed/")),
        TamilRegisterAnnotator(),                                 # metadata["register"], ["register_scores"]
        JsonlWriter("kept/"),
    ], tasks=2).run()

datatrove is imported here, not by `uraikal` itself: install it only where these steps run.
"""

from datatrove.pipeline.base import PipelineStep
from datatrove.pipeline.filters.base_filter import BaseFilter
from datatrove.utils.batching import batched

from uraikal.quality import assess_many, register_many

__all__ = ["TamilQualityFilter", "TamilRepairFormatter", "TamilRegisterAnnotator"]


def _read(path):
    """The text of a --config / --model file, or None."""
    if path is None:
        return None
    with open(path, encoding="utf-8") as f:
        return f.read()


class TamilQualityFilter(BaseFilter):
    """Keeps documents `uraikal quality` keeps (and, with keep_repairable, those it would repair: put
    TamilRepairFormatter before this step). Dropped documents go to the exclusion writer with
    metadata["filter_reason"] = the reasons joined by "+" (e.g. "not-tamil+repetition"). Every document gets
    metadata["tamil_quality_score"] and ["tamil_quality_decision"]."""

    name = "🪨 Tamil quality (uraikal)"

    def __init__(self, exclusion_writer=None, batch_size=1000, keep_repairable=True, config=None, binary=None):
        super().__init__(exclusion_writer, batch_size)
        self.keep_repairable = keep_repairable
        self.config = _read(config)

    def filter(self, doc):
        return self.filter_batch([doc])[0]

    def filter_batch(self, batch):
        verdicts = []
        for doc, r in zip(batch, assess_many([d.text for d in batch], self.config)):
            doc.metadata["tamil_quality_score"] = r["score"]
            doc.metadata["tamil_quality_decision"] = r["decision"]
            if r["decision"] == "keep" or (r["decision"] == "repair" and self.keep_repairable):
                verdicts.append(True)
            else:
                verdicts.append((False, "+".join(r["reasons"]) or r["decision"]))
        return verdicts


class TamilRepairFormatter(PipelineStep):
    """Replaces each document's text by `uraikal quality --repair`'s (visual order, mojibake, legacy runs put
    right; the text is unchanged when nothing needed repair) and records metadata["tamil_repairs"]."""

    name = "🪨 Tamil repair (uraikal)"
    type = "✂️ - FORMAT"

    def __init__(self, batch_size=1000, config=None, binary=None):
        super().__init__()
        self.batch_size = batch_size
        self.config = _read(config)

    def run(self, data, rank=0, world_size=1):
        for batch in batched(data, self.batch_size):
            with self.track_time("batch"):
                results = assess_many([d.text for d in batch], self.config)
            for doc, r in zip(batch, results):
                self.stat_update("total")
                if r["decision"] == "repair":
                    self.stat_update("repaired")
                    doc.metadata["tamil_repairs"] = [x for x in r["reasons"]
                                                     if x in ("legacy-encoding", "visual-order", "mojibake")]
                doc.text = r["repaired"]
                yield doc


class TamilRegisterAnnotator(PipelineStep):
    """Adds metadata["register"] (literary, formal, spoken, tanglish, code-mixed) and ["register_scores"]
    from `uraikal register` (model: the shipped one, or model= a file from `uraikal register train`)."""

    name = "🪨 Tamil register (uraikal)"
    type = "📊 - ANNOTATE"

    def __init__(self, batch_size=1000, model=None, binary=None):
        super().__init__()
        self.batch_size = batch_size
        self.model = _read(model)

    def run(self, data, rank=0, world_size=1):
        for batch in batched(data, self.batch_size):
            with self.track_time("batch"):
                results = register_many([d.text for d in batch], self.model)
            for doc, r in zip(batch, results):
                doc.metadata["register"] = r["register"]
                doc.metadata["register_scores"] = r["scores"]
                self.stat_update(f"register_{r['register']}")
                yield doc

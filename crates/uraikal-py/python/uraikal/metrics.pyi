from ._uraikal import wer, cer, chrf, chrf_pp, oiwer

__all__ = ["wer", "cer", "chrf", "chrf_pp", "oiwer"]

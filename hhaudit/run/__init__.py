"""The orchestration of `hhaudit run`: inputs, batches, chunks, units, parts, the run record.

The words are defined once, in docs/words.md. This package imports nothing: a worker
process imports `hhaudit.run.warm` and `hhaudit.run.timing` early.
"""

"""The work of a run, engine-neutral: plan files into units, audit a unit into stored parts.

A unit is a batch of small files audited in one pipeline run, or one chunk of a big file
(hhaudit.run.chunks). `run_unit` parses, checks and writes the unit's parts to DIR/.parts/ and
returns only their small descriptions, so any engine can map it: a local loop, or Dask workers
that see DIR on a shared filesystem. `audit_all` is the driver: resume, map, reassemble.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from hhaudit.run.batch import FileEntry, audit_batch, refused_part
from hhaudit.run.chunks import CHUNK_BYTES, Chunk, audit_chunk, merge_entries, plan_chunks
from hhaudit.run.parts import PartStore, StoredPart, part_key
from hhaudit.run.reading import sha256_of
from hhaudit.run.settings import AuditSettings
from hhaudit.run.sources import UNREADABLE, InputSource, RefusedInput
from hhaudit.run.timing import timed

#: Called once per input file: (entry, reused_from_resume).
FileHook = Callable[[FileEntry, bool], None]
#: Called for each part audited now (a whole file, or one chunk of a big file: its bytes and
#: hands), as it is done: progress inside big files.
PartHook = Callable[[FileEntry], None]
Placed = list[tuple[int, StoredPart]]  # (file_id, part) pairs written by one unit
#: Files digested at once: hashing and the cut search release the GIL (2 threads on 2 cores:
#: the digest stage of 4 x 85 MB files in ~half the time).
DIGEST_THREADS = 4


class Engine(Protocol):
    """Runs `fn` over units and yields each result as it is done (any order)."""

    def map(self, fn: Callable[[WorkUnit], Placed], units: Iterable[WorkUnit]) -> Iterator[Placed]:
        """Apply fn to every unit; `units` may be a generator still planning the later ones
        (take each when a worker is free, not all first)."""
        ...

    def prestart(self, units: int) -> None:
        """Get ready for about `units` units (start workers) while the driver plans them."""
        ...


@dataclass(frozen=True)
class FilePlan:
    """One input file: its run position, digest, and its chunks (none: audited whole). A file
    audited whole is digested by its worker as it reads it (hhaudit.run.reading): `digest` is
    empty, or (--resume) the driver's, to look for its parts."""

    file_id: int
    source: InputSource
    digest: str
    chunks: tuple[Chunk, ...] = ()

    def part_keys(self) -> list[str]:
        if not self.chunks:
            return [part_key(self.digest, self.source.name)]
        return [part_key(self.digest, chunk.label) for chunk in self.chunks]


@dataclass(frozen=True)
class WorkUnit:
    """Whole files audited together, or (with `chunk`) one chunk of `files[0]`."""

    files: tuple[FilePlan, ...]
    chunk: Chunk | None = None


@dataclass(frozen=True)
class Batching:
    """How units are cut: small files share a unit up to these sizes; big files are chunked."""

    batch_bytes: int = 8 << 20
    batch_files: int = 256
    chunk_bytes: int = CHUNK_BYTES  # 0: never chunk


def plan_file(
    file_id: int, source: InputSource, chunk_bytes: int, digest_whole: bool = False
) -> FilePlan:
    """A file's plan: its chunks (digested here), or whole (digested here only when
    `digest_whole`, for --resume). A file gone or unreadable is planned whole: its worker
    refuses it."""
    try:
        planned = plan_chunks(source, chunk_bytes) if chunk_bytes else None
    except OSError:
        planned = None
    if planned is None:
        return FilePlan(file_id, source, _digest_or_empty(source) if digest_whole else "")
    digest, chunks = planned
    return FilePlan(file_id, source, digest, tuple(chunks))


def _digest_or_empty(source: InputSource) -> str:
    try:
        return sha256_of(source)
    except OSError:
        return ""


def iter_plans(
    sources: Sequence[InputSource], chunk_bytes: int, digest_whole: bool = False
) -> Iterator[FilePlan]:
    """Every source's plan (digest, chunks), in input order, each as soon as it is done;
    several files at once in threads, which go on planning while the caller uses the first."""
    count = len(sources)
    threads = min(DIGEST_THREADS, count, os.cpu_count() or 1)
    if threads <= 1:
        for i, source in enumerate(sources):  # a loop over files
            yield plan_file(i, source, chunk_bytes, digest_whole)
        return
    pool = ThreadPoolExecutor(threads, thread_name_prefix="hhaudit-digest")
    try:
        yield from pool.map(
            plan_file, range(count), sources, [chunk_bytes] * count, [digest_whole] * count
        )
    finally:  # a run stopped early (an error, Ctrl-C) plans no further file
        pool.shutdown(wait=True, cancel_futures=True)


def expected_units(sources: Sequence[InputSource], batching: Batching) -> int:
    """The units `iter_units` will likely cut from these sources, from their sizes alone (a
    file may turn out not to be cuttable, or --resume may find it done: then fewer)."""
    chunked = batching.chunk_bytes and (batching.chunk_bytes * 5) // 4
    units, batch_bytes, batch_files = 0, 0, 0
    for source in sources:  # a loop over files
        if chunked and source.path is not None and source.size > chunked:
            rest = source.size - batching.chunk_bytes // 4 - 1  # plan_cuts' last cut is below
            units += 1 + rest // batching.chunk_bytes
            continue
        full = batch_bytes + source.size > batching.batch_bytes
        if batch_files and (full or batch_files >= batching.batch_files):
            units, batch_bytes, batch_files = units + 1, 0, 0
        batch_bytes, batch_files = batch_bytes + source.size, batch_files + 1
    return units + (batch_files > 0)


def _units_to_run(
    sources: Sequence[InputSource], batching: Batching, resumed: PartStore | None
) -> int:
    """The units a run will likely audit: with --resume, less the parts already complete (a
    finished run resumed needs no worker, and started ones would only take CPU from the
    digest: 3.3 -> 3.8 s for a complete 100k resume)."""
    units = expected_units(sources, batching)
    return units - resumed.complete_count() if resumed is not None else units


def largest_first(chunks: Sequence[Chunk]) -> list[Chunk]:
    """A file's chunks with its largest first, the others in file order. The last chunk is
    cut up to 1.25 chunks long: dispatched last, the run's last unit would be its largest,
    finishing alone while the other workers idle. The parts are put back in chunk order
    (`rebase`)."""
    largest = max(chunks, key=lambda chunk: chunk.size)
    return [largest, *(chunk for chunk in chunks if chunk is not largest)]


def iter_units(plans: Iterable[FilePlan], batching: Batching) -> Generator[WorkUnit]:
    """Chunked files give one unit per chunk (the largest first); the others are batched in
    input order. Each unit is yielded as soon as it is complete (a file's chunks with its
    plan, a batch when the next file would not fit or the plans end).

    A batch is closed before a file would take it past `batch_bytes` (a unit's memory grows
    with its bytes, and N workers hold N units at once), so only a file bigger than that alone
    (at most 1.25 chunks, or one that cannot be cut) makes a bigger unit.
    """
    batch: list[FilePlan] = []
    size = 0
    for plan in plans:  # a loop over files
        if plan.chunks:
            yield from (WorkUnit((plan,), chunk) for chunk in largest_first(plan.chunks))
            continue
        full = size + plan.source.size > batching.batch_bytes
        if batch and (full or len(batch) >= batching.batch_files):
            yield WorkUnit(tuple(batch))
            batch, size = [], 0
        batch.append(plan)
        size += plan.source.size
    if batch:
        yield WorkUnit(tuple(batch))


def run_unit(unit: WorkUnit, out_dir: str, settings: AuditSettings, fingerprint: str) -> Placed:
    """Audit one unit and write its parts; the tables leave memory when this returns."""
    store = PartStore(Path(out_dir))
    if unit.chunk is not None:
        plan, chunk = unit.files[0], unit.chunk
        result = audit_chunk(chunk, plan.file_id, settings, plan.digest)
        key = plan.part_keys()[chunk.index]
        with timed("write parts"):
            return [(plan.file_id, store.save(key, result, plan.file_id, fingerprint, chunk.index))]
    results = audit_batch(
        [plan.source for plan in unit.files], [plan.file_id for plan in unit.files], settings
    )  # each file digested as its bytes are read (hhaudit.run.reading)
    with timed("write parts"):
        return [
            (plan.file_id, store.save(_whole_key(plan, result.entry), result, plan.file_id,
                                      fingerprint))
            for plan, result in zip(unit.files, results, strict=True)
        ]  # fmt: skip


def _whole_key(plan: FilePlan, entry: FileEntry) -> str:
    """A whole file's part key, from the digest of the bytes its worker audited."""
    return part_key(entry.sha256, plan.source.name)


def rebase(parts: Sequence[StoredPart]) -> list[StoredPart]:
    """One file's parts in chunk order, each with the hand count of the chunks before it."""
    ordered = sorted(parts, key=lambda part: part.chunk)
    based, base = [], 0
    for part in ordered:  # a loop over chunks
        based.append(replace(part, hand_base=base))
        base += part.entry.hands_read
    return based


def file_entries(parts: Sequence[StoredPart]) -> list[FileEntry]:
    """run.json entries: one per file, a chunked file's chunks summed."""
    groups: list[list[FileEntry]] = []
    for part in parts:  # a loop over parts
        if part.chunk == 0 or not groups:
            groups.append([])
        groups[-1].append(part.entry)
    return [merge_entries(group) if len(group) > 1 else group[0] for group in groups]


def _load_file(store: PartStore, plan: FilePlan, fingerprint: str) -> list[StoredPart] | None:
    """Every part of a file from an earlier run (--resume), or None to audit it again."""
    if not plan.digest:  # unreadable when planned: its worker says why
        return None
    parts = [store.load(key, fingerprint) for key in plan.part_keys()]
    if any(part is None for part in parts):
        return None
    return [part for part in parts if part is not None]


def audit_all(
    sources: Sequence[InputSource],
    refused: Sequence[RefusedInput],
    out_dir: Path,
    settings: AuditSettings,
    engine: Engine,
    batching: Batching,
    resume: bool = False,
    on_file: FileHook | None = None,
    on_part: PartHook | None = None,
) -> list[StoredPart]:
    """Audit every source into its parts (reused with --resume), in input order; refusals last."""
    store = PartStore(out_dir)
    if not resume:
        store.clear()
    fingerprint = settings.fingerprint()
    prestart = getattr(engine, "prestart", None)  # engines written to the older protocol: none
    if prestart is not None:  # workers import while the driver digests
        prestart(_units_to_run(sources, batching, store if resume else None))
    plans: list[FilePlan] = []
    found: dict[int, list[StoredPart]] = {}
    waiting: dict[int, int] = {}  # file id -> its parts not audited yet

    def to_audit() -> Iterator[FilePlan]:
        """The plans of the files to audit, as they are made; reused files reported."""
        for plan in iter_plans(sources, batching.chunk_bytes, resume):  # a loop over files
            plans.append(plan)
            stored = _load_file(store, plan, fingerprint) if resume else None
            if stored is None:
                waiting[plan.file_id] = len(plan.chunks) or 1
                yield plan
                continue
            found[plan.file_id] = stored
            if on_file:
                on_file(file_entries(rebase(stored))[0], True)

    task = functools.partial(
        run_unit, out_dir=str(out_dir), settings=settings, fingerprint=fingerprint
    )
    # closed on the way out: after an error or Ctrl-C the digest threads plan no further file
    with contextlib.closing(iter_units(to_audit(), batching)) as units:
        # until the first unit is planned: the later files are digested while the units run
        with timed("digest and plan"):
            first = list(itertools.islice(units, 1))
        with timed("audit units"):  # the wall time of parse, check and write parts
            for placed in engine.map(task, itertools.chain(first, units)):
                for file_id, part in placed:
                    found.setdefault(file_id, []).append(part)
                    waiting[file_id] -= 1
                    if on_part:
                        on_part(part.entry)
                    if waiting[file_id]:
                        continue
                    found[file_id] = _whole_or_refused(store, found[file_id], plans, file_id)
                    if on_file:
                        on_file(file_entries(rebase(found[file_id]))[0], False)
    done = [part for plan in plans for part in rebase(found[plan.file_id])]
    for offset, refusal in enumerate(refused):
        key = part_key("", refusal.name)
        stored_refusal = store.save(key, refused_part(refusal), len(sources) + offset, "refused")
        done.append(stored_refusal)
        if on_file:
            on_file(stored_refusal.entry, False)
    return done


def _whole_or_refused(
    store: PartStore, parts: list[StoredPart], plans: Sequence[FilePlan], file_id: int
) -> list[StoredPart]:
    """A chunked file's parts, or one refusal when a chunk found the file gone or changed:
    a file is never audited from a mix of its versions (hhaudit.run.chunks)."""
    refusal = next((p.entry for p in parts if p.entry.refused), None) if len(parts) > 1 else None
    if refusal is None:
        return parts
    name = plans[file_id].source.name
    refused = RefusedInput(name, refusal.error or "the file changed while read", UNREADABLE)
    return [store.save(part_key("", name), refused_part(refused), file_id, "refused")]

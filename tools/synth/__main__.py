"""`python -m tools.synth --hands N --out FILE [--violations RATE] [--seed S] [--files K]`.

Writes FILE (or FILE-0 … FILE-(K-1) with the same suffix) and FILE.truth.json.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from tools.synth import ALL_CODES, SynthOptions, write_corpus

GAMES = ("NLHE", "PLO", "PLO5", "FLHE")


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--hands", "n_hands", type=click.IntRange(min=0), required=True, help="Hands.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True)
@click.option("--violations", "rate", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Share of hands carrying one injected violation.")  # fmt: skip
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--files", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes writing files in parallel (same output for any count).")  # fmt: skip
@click.option("--games", default="NLHE", show_default=True,
              help=f"Comma-separated, from {', '.join(GAMES)}.")  # fmt: skip
@click.option("--tournaments", type=click.FloatRange(0, 1), default=0.0, show_default=True,
              help="Share of tables that are tournaments (chips, antes).")  # fmt: skip
@click.option("--codes", default="", help=f"Only these codes (comma-separated) from {ALL_CODES}.")
@click.option("--edge-cases", is_flag=True,
              help="Add straddles, dead blinds, sitting out, chat, € £, play money.")  # fmt: skip
def main(
    n_hands: int,
    out: Path,
    rate: float,
    seed: int,
    files: int,
    workers: int,
    games: str,
    tournaments: float,
    codes: str,
    edge_cases: bool,
) -> None:
    """Write synthetic PokerStars hand histories and their truth file."""
    chosen_games = tuple(g.strip() for g in games.split(",") if g.strip())
    unknown = [g for g in chosen_games if g not in GAMES]
    chosen_codes = tuple(c.strip() for c in codes.split(",") if c.strip())
    unknown += [c for c in chosen_codes if c not in ALL_CODES]
    if unknown:
        raise click.BadParameter(f"unknown: {', '.join(unknown)}")
    options = SynthOptions(
        games=chosen_games, tournaments=tournaments, violation_codes=chosen_codes
    )
    if edge_cases:
        options = SynthOptions(
            games=chosen_games,
            tournaments=tournaments,
            violation_codes=chosen_codes,
            currencies=("USD", "EUR", "GBP", "play"),
            straddles=0.05,
            dead_blinds=0.05,
            sitting_out=0.1,
            chat=0.02,
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    paths = write_corpus(
        out, n_hands, seed, violation_rate=rate, options=options, files=files, workers=workers
    )
    elapsed = time.perf_counter() - started
    size = sum(path.stat().st_size for path in paths)
    click.echo(
        f"{n_hands} hands, {len(paths)} file(s), {size / 1e6:.1f} MB in {elapsed:.1f} s "
        f"({n_hands / max(elapsed, 1e-9):,.0f} hands/s); truth: {out}.truth.json",
        err=True,
    )


if __name__ == "__main__":
    main()

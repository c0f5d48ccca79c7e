"""`python -m hhaudit ...`: the same command line as the `hhaudit` script."""

from hhaudit.cli import main

main(prog_name="hhaudit")

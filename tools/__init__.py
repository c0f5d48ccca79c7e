"""Developer tooling, not installed by `pip install .`: the synthetic hand generator, site table."""

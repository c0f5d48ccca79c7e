"""Golden files: the expected canonical tables and violations for each sample_data file."""

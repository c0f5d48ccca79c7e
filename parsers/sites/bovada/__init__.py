"""The bovada format (README.md in this folder)."""

"""The iPoker XML format (reader.py; docs/sites.md)."""

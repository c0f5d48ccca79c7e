"""Whole-document formats (XML, TOML) read outside the line pipeline: iPoker, PHH."""

"""Tests of the reference manual (mkdocs.yml, docs/manual)."""

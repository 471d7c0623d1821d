"""Helpers shared by the test modules, one module per topic: builders, records, processes, checks.

Plain functions, classes and data, no fixtures (those stay in the ``conftest.py`` files). Test
modules and conftests import shared helpers from here only, never from a conftest or from another
test module (docs/testing.md). The modules the plain-Python tests of ``tests/scoring`` use import
no Django.
"""

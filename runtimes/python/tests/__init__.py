"""Tests of the Python tracer (runtimes/python/algoscope_tracer)."""

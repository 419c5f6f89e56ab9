"""algoscope's Python tracer: runs a program once and records every step of it.

Plain Python 3.9+, standard library only; one copy that every front end ships. See
``PROTOCOL.md`` for the records it writes and ``tracer.Tracer`` for how.
"""

from .tracer import BudgetExceeded, Options, PROGRAM_FILE, Tracer

__all__ = ["BudgetExceeded", "Options", "PROGRAM_FILE", "Tracer", "trace_to_records"]


def trace_to_records(source, options=None):
    """Runs ``source`` and returns its wire records as a list of JSON lines."""
    records = []
    Tracer(source, options or Options(), records.append).run()
    return records

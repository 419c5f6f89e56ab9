"""A record (a dict of JSON values) to its wire line: the text of ``json.dumps(record,
separators=(",", ":"), ensure_ascii=True)``, put together directly for the commonest steps.

Measured on bench/python (CPython 3.11), the C encoder of ``_json`` is hard to beat from Python:
every check a fast path makes costs about what the C encoder spends on a key, so only the
smallest, commonest step gains (``{"l", "f": [{"i", "ln"[, "ls"]}]}``, a third of all steps).
Return steps written directly helped fib_15 but slowed every other program (the check costs
the steps that do not match), and so did heap objects, loop contexts and call steps.

The fast path is exact: it checks the keys and their order, the types it relies on
(``type(v) is int``, so a bool never passes for an int), and escapes the frame id with
``encode_basestring_ascii``, the C encoder's own; anything else goes to the C encoder whole.
"""

import json


def record_encoder():
    """A function from a record to its JSON line: compact, ASCII only, no cycle check.

    ``json.JSONEncoder.encode`` builds a new C encoder at every call; this builds it once (a
    record costs about a third less). Without ``_json`` (another Python implementation) it is
    the plain encoder."""
    plain = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"), check_circular=False)
    try:
        from _json import encode_basestring_ascii as quote, make_encoder

        encoder = make_encoder(None, plain.default, quote, None, ":", ",", False, False, True)
        sample = {"l": 1, "f": [{"i": "f1", "lv": [["s", ["str", "'\u00e9'"]], ["b", True], ["n", None]]}]}
        if "".join(encoder(sample, 0)) != plain.encode(sample):
            return plain.encode
    except (ImportError, TypeError):  # another Python, or another make_encoder
        return plain.encode
    join = "".join

    def encode(record):
        # A frame moved a line (and maybe changed variables), nothing else. The keys are checked
        # in order by unpacking them (cheaper than comparing tuples); ``ls`` goes to the encoder.
        try:
            size = len(record)
            if size == 2:
                first, second = record
                if first == "l" and second == "f":
                    line = record["l"]
                    updates = record["f"]
                    if type(line) is int and type(updates) is list and len(updates) == 1:
                        update = updates[0]
                        size = len(update)
                        if size == 2:
                            first, second = update
                            if first == "i" and second == "ln":
                                at = update["ln"]
                                if type(at) is int:
                                    return f'{{"l":{line},"f":[{{"i":{quote(update["i"])},"ln":{at}}}]}}'
                        elif size == 3:
                            first, second, third = update
                            if first == "i" and second == "ln" and third == "ls":
                                at = update["ln"]
                                if type(at) is int:
                                    changed = join(encoder(update["ls"], 0))
                                    return f'{{"l":{line},"f":[{{"i":{quote(update["i"])},"ln":{at},"ls":{changed}}}]}}'
        except TypeError:  # not a dict; an id that is not a string
            pass
        return join(encoder(record, 0))

    return encode

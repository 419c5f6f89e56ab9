"""Trace.from_json refuses hostile or malformed traces with the JSON path (a ValueError)."""

import json

import pytest

import algoscope

GOOD = {
    "version": 1,
    "language": "python",
    "source": "xs = [1]\n",
    "steps": [
        {
            "event": "line",
            "line": 1,
            "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": 1, "locals": []}],
            "heap": {},
        }
    ],
    "stdout": "",
}


def refuse(text):
    with pytest.raises(algoscope.InvalidTraceError) as info:
        algoscope.Trace.from_json(text)
    assert isinstance(info.value, ValueError) and isinstance(info.value, algoscope.AlgoscopeError)
    return info.value


def test_good_is_read():
    assert len(algoscope.Trace.from_json(json.dumps(GOOD))) == 1


def test_wrong_version():
    e = refuse(json.dumps(dict(GOOD, version=7)))
    assert e.path == "version" and "7" in str(e)


def test_proto_key():
    text = json.dumps(GOOD).replace('"heap": {}', '"heap": {"__proto__": {"kind": "list"}}')
    e = refuse(text)
    assert e.path == "steps[0].heap.__proto__"


def test_deep_nesting():
    e = refuse('{"version": 1, "source": ' + "[" * 100000 + "]" * 100000 + "}")
    assert e.path is not None and e.path.startswith("source")


def test_wrong_type_names_the_path():
    bad = json.loads(json.dumps(GOOD))
    bad["steps"][0]["line"] = "one"
    e = refuse(json.dumps(bad))
    assert e.path == "steps[0].line"


def test_dangling_reference():
    bad = json.loads(json.dumps(GOOD))
    bad["steps"][0]["stack"][0]["locals"] = [["xs", {"kind": "ref", "id": "o9"}]]
    e = refuse(json.dumps(bad))
    assert e.path == "steps[0].stack[0].locals[0][1].id"


def test_not_json():
    e = refuse('{"version": 1,')
    assert e.path is None and e.line == 1

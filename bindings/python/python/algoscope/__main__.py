"""``python -m algoscope PROGRAM [-o PAGE.html]``: the stepper page of a program's run, as
``algoscope html`` writes it (``--svg`` writes the last step's memory picture instead)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional

from . import AlgoscopeError, SyntaxError, limits, trace_file


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m algoscope",
        description="Trace a program (.py, .js, .ts) and write its stepper page.",
    )
    p.add_argument("program")
    p.add_argument("-o", "--output", help="default: PROGRAM's name with .html (or .svg)")
    p.add_argument("--svg", action="store_true", help="write the last step's SVG instead")
    p.add_argument("--stdin", metavar="FILE", help="what input() reads")
    # Left out: the native defaults (algoscope.limits(), the command line's).
    p.add_argument("--max-steps", type=int, default=None, help="default: %d" % limits()["max_steps"])
    p.add_argument("--timeout-ms", type=int, default=None, help="default: %d" % limits()["timeout_ms"])
    p.add_argument("--nested", action="store_true")
    p.add_argument("--sizes", choices=["python", "textbook", "v8"])
    args = p.parse_args(argv)
    stdin = None
    try:
        if args.stdin is not None:
            with open(args.stdin, encoding="utf-8") as f:
                stdin = f.read()
        t = trace_file(
            args.program, stdin=stdin, max_steps=args.max_steps, timeout_ms=args.timeout_ms
        )
        for note in t.notes:
            print(f"note: {note}", file=sys.stderr)
        stem = os.path.splitext(os.path.basename(args.program))[0]
        if args.svg:
            out = args.output or stem + ".svg"
            t.save_svg(out, nested=args.nested, sizes=args.sizes)
        else:
            out = args.output or stem + ".html"
            t.save_html(out, nested=args.nested, sizes=args.sizes)
    except SyntaxError as error:
        print(str(error), file=sys.stderr)
        return 2
    except (AlgoscopeError, OSError) as error:
        print(f"algoscope: {error}", file=sys.stderr)
        return 1
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The tracer: runs a program once under ``sys.settrace`` and streams its steps as records.

Only code compiled under the program's file name is recorded, but the whole stack is kept so
that the program's functions called back from library code (``sorted(key=…)``, ``map``) still
appear. Every event is counted; the sampler decides which become steps. Each recorded step is
sent at once as one wire record (``PROTOCOL.md``): frames, locals and heap objects only when
they changed since the previous step, so a run that is killed still leaves every step it
recorded.

Budgets: after ``max_steps`` recorded steps, ``time_budget_ms`` or ``max_output_bytes``
printed, the tracer raises
:class:`BudgetExceeded`, a ``BaseException`` (``except Exception:`` cannot catch it). Raising
from a trace function switches tracing off, so a profile hook switches it back on at the
program's next call or return, and the next event raises again: a bare ``except:`` cannot
keep the program going for long. Code stuck in one long built-in call never reaches the
tracer at all; whoever started the process stops it (the CLI kills it after the budget).

asyncio runs on a virtual clock (``virtual_clock.py``): sleeps cost no time, and a program
whose tasks all wait for nothing ends with an error instead of hanging.
"""

import dis
import sys
import time
import types

from .liveness import Liveness
from .loops import CodeLoops, FrameLoops, Loop
from .program_io import DEFAULT_INPUT_HINT, ProgramIO
from .purity import CONTAINERS, PURE_BUILTINS, CodePurity, Unresolved, resolve
from .policy import MAX_STEPS, TIME_BUDGET_MS
from .sampling import LAST_PASSES, OBJECT_COST, Holdback, Sampler
from .values import INT_WIRE_MAX, Heap, clean, frame_vars, namespace_vars, _type_name_of, _type_mro_of, _type_dict_of, _type_flags_of
from .wire import record_encoder as _record_encoder
from . import virtual_clock

_perf_counter = time.perf_counter

#: The file name the program is compiled under; only its frames are recorded.
PROGRAM_FILE = "<program>"
#: Frames of the tracer's own that must fit above the program's deepest frame.
RECURSION_HEADROOM = 200
#: Steps between two ``counts`` records, so a run killed in a long built-in call keeps counts.
COUNTS_EVERY = 1000
#: The clock is read for the time budget at every 16th event (a mask): reading it at every
#: event cost 1% of the run, and 16 events take well under a millisecond unless they run long
#: built-in calls, which the CLI's own stop after the budget covers as it covers one such call.
_CLOCK_EVERY = 15
#: Most active frames listed in a step; deeper stacks show the outermost and innermost ones.
MAX_FRAMES = 64
_OUTER_FRAMES = 16

_CO_OPTIMIZED = 0x01
_CO_GENERATOR = 0x20
_CO_COROUTINE = 0x80
_CO_ITERABLE_COROUTINE = 0x100
_CO_ASYNC_GENERATOR = 0x200

_YIELD_OPS = {dis.opmap[name] for name in ("YIELD_VALUE", "YIELD_FROM") if name in dis.opmap}
_RESUME_OP = dis.opmap.get("RESUME")
_SEND_OP = dis.opmap.get("SEND")
_DELEGATION_OPS = {dis.opmap[name] for name in ("SEND", "YIELD_FROM", "YIELD_VALUE", "RESUME") if name in dis.opmap}
_SIMPLE_ARG_TYPES = (str, int, float, bool, type(None), bytes)
_FUNCTION_TYPE = types.FunctionType
_METHOD_TYPE = types.MethodType
#: Types an augmented assignment cannot have changed in place.
_IMMUTABLE = frozenset((int, float, str, bool, type(None), complex, tuple, frozenset, bytes))
_NO_NAMES = frozenset()


class BudgetExceeded(BaseException):
    """Raised into the program when a step or time budget runs out."""


class CodeInfo:
    """What the tracer needs about one code object, found at its first call."""

    __slots__ = (
        "code",
        "user",
        "name",
        "wire_name",
        "is_module",
        "function",
        "suspends",
        "shares_vars",
        "counter",
        "hidden",
        "shown",
        "loops",
        "flags",
        "purity",
    )

    def __init__(self, code, user, loops):
        self.code = code
        self.user = user
        self.name = code.co_name
        #: The name as a frame's ``fn`` sends it.
        self.wire_name = clean(code.co_name)
        self.is_module = code.co_name == "<module>"
        self.flags = flags = code.co_flags
        #: A function's code (not the module's or a class body's): each call is a step and is
        #: counted in ``Tracer.functions``.
        self.function = bool(flags & _CO_OPTIMIZED) and not self.is_module
        #: Its frames can suspend (``yield``, ``await``) and resume.
        self.suspends = bool(flags & (_CO_GENERATOR | _CO_COROUTINE | _CO_ASYNC_GENERATOR | _CO_ITERABLE_COROUTINE))
        #: Module frames (``global`` assignments elsewhere) and frames with cells (``nonlocal``):
        #: their variables can change while another frame runs.
        self.shares_vars = self.is_module or bool(code.co_cellvars)
        #: The ``[calls, depth, deepest]`` of ``Tracer.functions`` for its name, once there is one
        #: (the table is by name: functions of one name share it).
        self.counter = None
        self.hidden = set(code.co_freevars)
        self.hidden.update(name for name in code.co_varnames if name[:1] == ".")
        # What Python 3.13 adds to every class body, not the program's.
        self.hidden.update(("__firstlineno__", "__static_attributes__"))
        #: Variable name → whether a step lists it (see :meth:`shows`), filled as names appear.
        self.shown = {}
        table = CodeLoops(loops, code) if user and loops else None
        self.loops = None if table is None or table.empty else table
        self.purity = CodePurity(code) if user else None

    def shows(self, name):
        """Whether a step lists the variable ``name``: not a cell passed in from outside or
        a hidden compiler temporary, and no module dunder (``__name__``, ``__builtins__``)."""
        return not (name in self.hidden or (self.is_module and name[:2] == "__" and name[-2:] == "__"))


class FrameState:
    """One program frame the tracer has seen and what it last sent about it."""

    __slots__ = (
        "frame",
        "fid",
        "info",
        "loops",
        "unwinding",
        "suspended",
        "sent",
        "sent_line",
        "sent_names",
        "sent_values",
        "sent_state",
        "dirty",
        "refs",
        "shares_vars",
        "resume_at",
        "name_index",
        "windowed",
        "pending",
    )

    def __init__(self, frame, fid, info):
        self.frame = frame
        self.fid = fid
        self.info = info
        self.loops = FrameLoops(info.loops) if info.loops is not None else None
        self.unwinding = False
        self.suspended = False
        self.sent = False
        self.sent_line = None
        #: Names and wire values of the locals as last sent.
        self.sent_names = None
        self.sent_values = None
        self.sent_state = False
        #: The frame ran since its locals were last read.
        self.dirty = True
        #: Heap ids its locals pointed at when last read.
        self.refs = []
        #: Its variables can change while another frame runs (``CodeInfo.shares_vars``).
        self.shares_vars = info.shares_vars
        #: Called directly by the program frame below it: where that frame's line goes on
        #: after the call (``CodePurity.after``), so its return resumes that line; else None.
        self.resume_at = None
        #: ``sent_names`` → position, made when needed.
        self.name_index = None
        #: A long list among its variables is shown in a window that follows an index
        #: variable (``_window``): its variables are always all read.
        self.windowed = False
        #: Variables it may have assigned since it was last read in the stretches that ended at
        #: a direct call of one of the program's functions (the rest of the line after the call
        #: is in ``Tracer.stores``); None when not known (then all are read).
        self.pending = None


class Options:
    """Run options; the defaults are the trace format's policy."""

    def __init__(
        self,
        max_steps=MAX_STEPS,
        time_budget_ms=TIME_BUDGET_MS,
        stdin=None,
        loops=None,
        index_names=None,
        input_hint=None,
        reread_heap=False,
        max_output_bytes=None,
    ):
        self.max_steps = max_steps
        self.time_budget_ms = time_budget_ms
        self.stdin = stdin
        self.loops = loops
        self.index_names = index_names or {}
        self.input_hint = input_hint
        #: Re-read every object at every step instead of trusting purity.py (for tests: the
        #: records must be the same either way).
        self.reread_heap = reread_heap
        #: Most bytes the program may print (None: no limit); past it the run stops.
        self.max_output_bytes = max_output_bytes


class Tracer:
    """Traces one run of ``source``; ``emit(text)`` receives each wire record (one JSON line)."""

    def __init__(self, source, options, emit):
        # Python skips a UTF-8 byte order mark at the start of a file (compile() of text does not).
        self.source = source[1:] if source.startswith("\ufeff") else source
        self.options = options
        self.max_steps = options.max_steps
        self.reread_heap = options.reread_heap
        self.emit = emit
        self.encode = _record_encoder()
        self.loops = [Loop(info) for info in (options.loops or [])]
        self.index_names = options.index_names
        hint = options.input_hint
        self.io = ProgramIO(options.stdin, hint or DEFAULT_INPUT_HINT, options.max_output_bytes, self._output_full)
        self.io.line_of_caller = self._line_of_caller
        self.heap = Heap(PROGRAM_FILE, self._frame_id_of)
        self.dict_of = self.heap.dict_of  # (bound once: resolving a call's callable uses it)
        self.liveness = Liveness(self.heap)
        #: Where the passes of a sampled loop of unknown length wait (sampling.py).
        self.holdback = Holdback(emit, self.encode, LAST_PASSES, MAX_FRAMES)
        self.sampler = Sampler(options.max_steps, self.holdback)
        self.codes = {}
        #: The frame being called when the call event found it called directly by the program
        #: frame before it (see :meth:`_calls_program_function`), until the call is handled.
        self.direct_callee = None
        #: Variables the caller's stretch up to that call may have assigned (None: not known).
        self.direct_stores = None
        #: Where the caller's line goes on after that call (``FrameState.resume_at``).
        self.direct_resume = None
        #: The per-frame trace function, made once (each ``self._event`` is a new bound method).
        self.local_hook = self._event
        self.by_frame = {}
        self.active = []
        self.suspended = {}
        self.next_frame = 1
        self.events = 0
        self.steps = 0
        self.functions = {}
        self.stop_reason = None
        self.deadline = None
        #: The frames (states) the last sent ``fp``/``fa`` listed, in order.
        self.sent_frames = []
        self.sent_loops = []
        #: The frame list changed since the last recorded step (a call, return, yield, resume).
        self.frames_moved = True
        #: A loop started, passed or ended since the last recorded step.
        self.loops_moved = True
        #: Frames that ran since the last recorded step (each once; see ``FrameState.dirty``).
        self.touched = []
        #: Variables the running frame's code may have assigned since the last recorded step
        #: (purity.py), or None when not known.
        self.stores = set()
        self.roots = []
        self.sent_length = 0
        self.recursion_limit = None
        #: Active loops (of frames on the stack) in a pass that is not recorded.
        self.unkept = 0
        #: Some heap object may have changed since the last recorded step (see purity.py).
        self.heap_dirty = True
        #: A stretch assigned a global (the module frame must be read again).
        self.globals_touched = False
        self.last_frame = None
        self.last_lasti = -1
        #: Ids of objects a partly pure stretch may have changed since the last step.
        self.mutated = set()
        self.program_builtins = {}
        self.pure_builtins = {}

    # -- running -------------------------------------------------------------------------------

    def run(self):
        """Runs the program to the end (or a budget) and emits every record, ``end`` last."""
        try:
            code = compile(self.source, PROGRAM_FILE, "exec", dont_inherit=True)
        except SyntaxError as error:
            self._emit({"syntax": {"line": error.lineno or 1, "column": error.offset or 1, "message": clean(str(error.msg))}})
            return
        except ValueError as error:
            self._emit({"syntax": {"line": 1, "column": 1, "message": clean(str(error))}})
            return
        module = types.ModuleType("__main__")
        module.__dict__["__builtins__"] = self.program_builtins = self.io.builtins_for_program()
        self.heap.stand_ins = frozenset(id(self.program_builtins[name].__code__) for name in ("print", "input"))
        self.pure_builtins = {name: self.program_builtins.get(name) for name in PURE_BUILTINS}
        saved_main = sys.modules.get("__main__")
        saved_argv = sys.argv
        saved_limit = sys.getrecursionlimit()
        sys.modules["__main__"] = module
        sys.argv = [PROGRAM_FILE]
        sys.setrecursionlimit(saved_limit + RECURSION_HEADROOM)
        error = None
        undo_clock = virtual_clock.install() if virtual_clock.wanted(self.source) else None
        self.io.install()
        self.deadline = time.perf_counter() + self.options.time_budget_ms / 1000.0
        saved_hooks = (sys.settrace, sys.gettrace)
        sys.settrace, sys.gettrace = _program_trace_hooks()
        _settrace(self._global)
        try:
            exec(code, module.__dict__)
        except BudgetExceeded:
            pass
        except SystemExit as exit_:
            code = _exit_code_of(exit_)
            if self.stop_reason is None and not (code is None or (issubclass(type(code), int) and int.__index__(code) == 0)):
                error = exit_
        except BaseException as raised:  # the program's own uncaught error
            error = raised
        finally:
            _settrace(None)
            sys.setprofile(None)
            sys.settrace, sys.gettrace = saved_hooks
            self.io.restore()
            if undo_clock is not None:
                undo_clock()
            sys.setrecursionlimit(saved_limit)
            sys.argv = saved_argv
            if saved_main is not None:
                sys.modules["__main__"] = saved_main
        self._finish(error)

    def _finish(self, error):
        self.sampler.finish()
        if self.stop_reason is None:
            text = self.io.new_text()
            if text:
                self._emit({"out": clean(text)})
        end = {"counts": self._counts(), "sampled": self.sampler.sampled}
        if self.stop_reason is not None:
            end["truncated"] = True
            end["stoppedBy"] = self.stop_reason
        elif error is not None:
            end["error"] = {
                "type": clean(_type_name_of(type(error))),
                "message": clean(exception_message(error, allow_program_code=True)),
                "line": _error_line(error),
            }
        self._emit({"end": end})

    def _counts(self):
        return {
            "events": self.events,
            "functions": {name: [c[0], c[2]] for name, c in sorted(self.functions.items())},
        }

    def _emit(self, record):
        self.emit(self.encode(record))

    # -- hooks ---------------------------------------------------------------------------------

    def _global(self, frame, event, arg):
        code = frame.f_code
        info = self.codes.get(id(code))
        if info is None:
            info = self._code_info(code)
        if not info.user:
            return None
        return self._event(frame, event, arg, info)

    def _code_info(self, code):
        info = CodeInfo(code, code.co_filename == PROGRAM_FILE, self.loops)
        self.codes[id(code)] = info
        return info

    def _rearm(self, frame, event, arg):
        """Profile hook set while stopping: switches tracing back on at the next call/return."""
        sys.setprofile(None)
        _settrace(self._global)
        for state in self.active:
            state.frame.f_trace = self.local_hook

    def _raise_into_program(self, error):
        sys.setprofile(self._rearm)
        raise error

    # -- events --------------------------------------------------------------------------------

    def _event(self, frame, event, arg, info=None):
        """The per-frame trace function (``info``: the frame's :class:`CodeInfo`, looked up
        when not given); returns itself, so every event of the frame comes back here."""
        state = self.by_frame.get(id(frame))
        if info is None:
            info = state.info if state is not None else self.codes[id(frame.f_code)]
        hook = self.local_hook
        if self.stop_reason is not None:
            self._raise_into_program(BudgetExceeded(self.stop_reason))
        self.events += 1
        if not self.heap_dirty:
            self._transition(frame, event, info)
        self.last_frame = frame
        self.last_lasti = frame.f_lasti
        if self.reread_heap:
            self.heap_dirty = True
        if not self.events & _CLOCK_EVERY and _perf_counter() > self.deadline:
            self._stop("time")
        if self.steps >= self.max_steps:
            self._stop("steps")
        if state is not None and not state.dirty:
            state.dirty = True
            self.touched.append(state)
        kind = event
        if event == "line":
            if state is None:
                state = self._enter(frame, info)
            state.unwinding = False
            loops = state.loops
            if loops is not None:
                before = loops.unkept
                changes = loops.changes
                loops.line(frame.f_lineno, frame, self.sampler)
                self.steps = self.sampler.steps  # less the steps of passes folded away
                self.unkept += loops.unkept - before
                if loops.changes != changes:
                    self.loops_moved = True
        elif event == "call":
            direct = self.direct_callee is frame
            self.direct_callee = None
            if state is not None and state.suspended:
                kind = "resume"
                state.suspended = False
                del self.suspended[state.fid]
                self.active.append(state)
                self.frames_moved = True
                if state.loops is not None:
                    self.unkept += state.loops.unkept
                    if state.loops.active:
                        self.loops_moved = True
                self._depth(info, 1)
            else:
                if len(self.active) > 100:
                    self._check_recursion()
                if info.function:
                    counter = info.counter
                    if counter is None:
                        counter = info.counter = self.functions.get(info.name)
                        if counter is None:
                            counter = info.counter = self.functions[info.name] = [0, 0, 0]
                    counter[0] += 1
                    caller = self.by_frame.get(id(frame.f_back))
                    if caller is not None:
                        # What the program frame below assigned before the call (known for
                        # a direct call) waits in its ``pending``, so that it need not be read
                        # whole at its next step (see :meth:`_record`). One whose variables
                        # other frames share is read at the call's step (as at any step that
                        # may have changed them).
                        pending = caller.pending
                        stores = self.direct_stores
                        if not direct or pending is None or caller.dirty or stores is None:
                            caller.pending = None
                        elif stores:
                            caller.pending = pending | stores
                            if caller.shares_vars:
                                caller.dirty = True
                                self.touched.append(caller)
                    state = self._enter(frame, info)
                    if direct:
                        state.resume_at = self.direct_resume
                else:
                    state = self._enter(frame, info)
                    if info.is_module:
                        return hook
                    # A class body runs once: its step is a call, but it is not counted.
        elif event == "return":
            if state is None:
                return hook
            if state.unwinding:
                self._leave(state)
                return hook
            if info.suspends and _is_yield(frame):
                kind = _suspend_kind(frame, info.flags)
                self._record(kind, state, arg)
                state.suspended = True
                self._pop(state)
                if state.loops is not None:
                    self.unkept -= state.loops.unkept
                self.suspended[state.fid] = state
                self._depth(info, -1)
                return hook
            self._record("return", state, arg)
            self._leave(state)
            resume_at = state.resume_at
            if resume_at is not None and not self.heap_dirty:
                # Back in the program frame that called it directly (seen at the call, still
                # paused there): the next event goes on with that frame's line after the call.
                caller = frame.f_back
                if caller is not None and id(caller) in self.by_frame:
                    self.last_frame = caller
                    self.last_lasti = resume_at
            return hook
        elif event == "exception":
            if state is None:
                state = self._enter(frame, info)
            state.unwinding = True
            exc_type = arg[0]
            if exc_type is BudgetExceeded or exc_type is GeneratorExit:
                return hook
            if exc_type is StopIteration and _is_delegation(frame, info.flags):
                state.unwinding = False  # the end of an awaited or delegated-to iterator
                return hook
        else:
            return hook
        self._record(kind, state, arg)
        return hook

    def _transition(self, frame, event, info):
        """Whether what ran since the previous event may have changed the heap (purity.py):
        the rest of a line in the same frame, the start of a line up to a call of one of the
        program's functions, or the rest of a line after such a call returned."""
        last = self.last_frame
        if last is frame and (event == "line" or event == "return"):
            purity = info.purity
            stretch = purity.by_position.get(self.last_lasti)  # what stretch() gives, cached
            if stretch is None:
                stretch = purity.stretch(self.last_lasti)
            stores = self.stores
            if stores is not None:
                if stretch.stores is None:
                    self.stores = None
                elif stretch.stores:
                    stores.update(stretch.stores)
            if not stretch.plain:
                self._check_stretch(frame, stretch)
        elif event == "call" and last is not None and frame.f_back is last and id(frame) not in self.by_frame:
            caller = self.codes.get(id(last.f_code))
            if caller is None or caller.purity is None:
                self.heap_dirty = True
                return
            purity = caller.purity
            site = purity.calls.get((self.last_lasti, last.f_lasti))  # what call_site() gives, cached
            if site is None:
                site = purity.call_site(self.last_lasti, last.f_lasti)
            stretch, call, resume_at = site
            if not stretch.plain:
                self._check_stretch(last, stretch)
            if self._calls_program_function(last, purity.callables.get(call)):
                self.direct_callee = frame
                self.direct_stores = stretch.stores
                self.direct_resume = resume_at
            else:
                self.heap_dirty = True
        else:
            self.heap_dirty = True

    def _check_stretch(self, frame, stretch):
        if stretch.globals:
            self.globals_touched = True
        if not stretch.pure or (stretch.subscript and self.heap.seen_missing_dict):
            self.heap_dirty = True
            return
        if stretch.inplace:
            local_vars = frame.f_locals
            if type(local_vars) is not dict:  # (what frame_vars gives, without the call)
                local_vars = namespace_vars(local_vars)
            for name in stretch.inplace:
                if type(local_vars.get(name)) not in _IMMUTABLE:
                    self.heap_dirty = True
                    return
        if stretch.mutated or stretch.builtins:
            self._note_changes(frame, stretch)

    def _calls_program_function(self, frame, callable_exprs):
        """Whether the paused ``CALL`` of ``frame`` calls one of the program's own functions
        directly (not through a built-in such as ``sorted`` or ``list.sort``)."""
        if callable_exprs is None:
            return False
        first, second = callable_exprs
        kind = first[0]
        if kind == "method":
            expr = first[1]  # the receiver
        elif kind == "null":
            expr = second  # the callable
        else:
            return False
        if expr[0] == "global":
            # What resolve() gives, without reading the frame's locals (copied into a dict).
            global_vars = frame.f_globals
            if expr[1] not in global_vars:
                return False
            target = global_vars[expr[1]]
        else:
            try:
                target = resolve(expr, frame_vars(frame), frame.f_globals, self.dict_of)
            except Unresolved:
                return False
        if kind == "method":
            name = first[2]
            instance_dict = self.dict_of(target)
            if instance_dict is not None and name in instance_dict:
                return False
            for klass in _type_mro_of(type(target)):
                found = _type_dict_of(klass).get(name)
                if found is not None:
                    return type(found) is _FUNCTION_TYPE and found.__code__.co_filename == PROGRAM_FILE
            return False
        t = type(target)
        if t is _FUNCTION_TYPE:
            return target.__code__.co_filename == PROGRAM_FILE
        if t is _METHOD_TYPE:
            func = target.__func__
            return type(func) is _FUNCTION_TYPE and func.__code__.co_filename == PROGRAM_FILE
        return t is type and bool(_type_flags_of(target) & (1 << 9))

    def _note_changes(self, frame, stretch):
        """Records the objects a partly pure stretch changed; the whole heap when unsure."""
        global_vars = frame.f_globals
        program_builtins = self.program_builtins
        for name in stretch.builtins:
            if name in global_vars or program_builtins.get(name) is not self.pure_builtins.get(name):
                self.heap_dirty = True
                return
        local_vars = frame.f_locals
        if type(local_vars) is not dict:  # (what frame_vars gives, without the call)
            local_vars = namespace_vars(local_vars)
        heap = self.heap
        dict_of = heap.dict_of
        receivers = {}  # id of an expression → what it named (a receiver is often also mutated)
        try:
            for expr, method in stretch.methods:
                receiver = receivers[id(expr)] = resolve(expr, local_vars, global_vars, dict_of)
                allowed = CONTAINERS.get(type(receiver))
                if allowed is None or method not in allowed:
                    self.heap_dirty = True
                    return
            ids = heap.ids
            for expr in stretch.mutated:
                target = receivers[id(expr)] if id(expr) in receivers else resolve(expr, local_vars, global_vars, dict_of)
                if target is global_vars:  # d = globals(); d["x"] = 1 assigns a variable
                    self.globals_touched = True
                oid = ids.get(id(target))
                if oid is not None:
                    self.mutated.add(oid)
        except Unresolved:
            self.heap_dirty = True

    def _enter(self, frame, info):
        number = self.next_frame
        self.next_frame = number + 1
        state = FrameState(frame, f"f{number}", info)
        self.by_frame[id(frame)] = state
        self.active.append(state)
        self.touched.append(state)
        self.frames_moved = True
        self._depth(info, 1)
        return state

    def _leave(self, state):
        self._pop(state)
        loops = state.loops
        if loops is not None:
            self.unkept -= loops.unkept
            if self.sampler.holder is not None:
                loops.end(self.sampler)
        self.by_frame.pop(id(state.frame), None)
        self._depth(state.info, -1)
        state.frame = None

    def _pop(self, state):
        self.frames_moved = True
        active = self.active
        # The loop contexts change when the frame had loops running, and when the stack was
        # cut (longer than MAX_FRAMES): a hidden frame, maybe in a loop, may come into view.
        if state.loops is not None and state.loops.active or len(active) > MAX_FRAMES:
            self.loops_moved = True
        if active and active[-1] is state:
            active.pop()
        elif state in active:
            active.remove(state)

    def _depth(self, info, delta):
        """Moves the depth of the functions named like ``info``'s code (when one was called)."""
        counter = info.counter
        if counter is None:
            counter = info.counter = self.functions.get(info.name)
            if counter is None:
                return
        depth = counter[1] = counter[1] + delta
        if depth > counter[2]:
            counter[2] = depth

    def _check_recursion(self):
        limit = sys.getrecursionlimit() - RECURSION_HEADROOM
        if len(self.active) >= limit - 5:
            self._raise_into_program(RecursionError("maximum recursion depth exceeded"))

    def _output_full(self):
        """The program printed past the output limit: stop the run there (once)."""
        if self.stop_reason is None and self.deadline is not None:
            self._stop("output")

    def _stop(self, reason):
        self.stop_reason = reason
        self.sampler.finish()
        text = self.io.new_text()
        if text:
            self._emit({"out": clean(text)})
        self._emit({"counts": self._counts()})
        self._raise_into_program(BudgetExceeded(reason))

    def _frame_id_of(self, frame):
        state = self.by_frame.get(id(frame))
        return state.fid if state is not None else None

    def _line_of_caller(self, frame):
        while frame is not None:
            if frame.f_code.co_filename == PROGRAM_FILE:
                return frame.f_lineno
            frame = frame.f_back
        return None

    # -- steps ---------------------------------------------------------------------------------

    def _record(self, kind, state, arg):
        if self.unkept:
            self.sampler.skipped += 1
            return
        steps = self.steps = self.steps + 1
        sampler = self.sampler
        sampler.steps = steps
        heap = self.heap
        rec = {"l": state.frame.f_lineno} if kind == "line" else {"e": kind, "l": state.frame.f_lineno}
        frames = self.active
        if self.suspended or len(frames) > MAX_FRAMES:
            frames = self._visible_frames()
        frames_moved = self.frames_moved
        if frames_moved:
            self._send_order(frames, rec)
        shared = self.heap_dirty or self.globals_touched
        touched = self.touched
        stores = self.stores
        if shared or frames_moved or len(touched) != 1 or touched[0] is not state or frames is not self.active:
            # Any listed frame may need sending: look at each (as often as the stack changes).
            self.globals_touched = False
            updates = []
            roots_moved = frames_moved
            for s in frames:
                if s.dirty or (shared and s.shares_vars) or not s.sent or s.suspended != s.sent_state:
                    refs = s.refs
                    reread = None
                    if s.pending is not None and not shared:
                        if s is state:
                            # Back from a direct call of a program function: what it assigned
                            # before the call and since it returned.
                            if stores is not None:
                                reread = stores.union(s.pending)
                        elif s.pending:
                            reread = s.pending  # a caller that assigned before the call
                    update = self._frame_update(s, reread)
                    if update is not None:
                        updates.append(update)
                    if s.refs != refs:
                        roots_moved = True
            if updates:
                rec["f"] = updates
        elif not stores and stores is not None and state.sent and not state.windowed and state.suspended == state.sent_state:
            # Only the running frame ran, every active frame is listed, and it assigned
            # nothing since it was last read: at most its line moved (what _frame_update gives).
            state.dirty = False
            state.pending = _NO_NAMES
            line = rec["l"]
            if line != state.sent_line:
                state.sent_line = line
                rec["f"] = [{"i": state.fid, "ln": line}]
            roots_moved = False
        else:
            # Only the running frame ran, and every active frame is listed.
            refs = state.refs
            update = self._frame_update(state, stores)
            if update is not None:
                rec["f"] = [update]
            roots_moved = state.refs is not refs and state.refs != refs
        touched.clear()
        if stores is None:
            self.stores = set()
        elif stores:
            stores.clear()
        roots = self.roots
        if roots_moved:
            roots = []
            for s in frames:
                roots += s.refs
            self.roots = roots
        if kind != "line":
            if kind == "return" or kind == "yield" or kind == "await":
                heap.found = roots = list(roots)
                rec["r"] = heap.value(arg)
            elif kind == "exception":
                rec["x"] = {"type": clean(_type_name_of(arg[0])), "message": clean(exception_message(arg[1]))}
        mutated = self.mutated
        added, removed, changed = self.liveness.step(roots, self.heap_dirty, mutated)
        holdback = self.holdback
        if holdback.current is not None:
            sampler.held_cost += 1 + OBJECT_COST * len(changed)
        self.heap_dirty = False
        if mutated:
            mutated.clear()
        if added:
            rec["ha"] = added
        if removed:
            rec["hr"] = removed
        if changed:
            rec["h"] = changed
        if frames_moved:
            self.frames_moved = False
        # A frame pushed by a call has no active loop yet, and pops and resumes of frames with
        # active loops, or pops from a cut stack, set ``loops_moved`` (``_pop``): the contexts
        # can only have changed then, or when the frames listed are not simply the stack
        # (suspended frames, a cut stack).
        if self.loops_moved or (frames_moved and frames is not self.active):
            self.loops_moved = False
            loops = []
            for s in frames:
                if s.loops is not None and s.loops.active:
                    s.loops.contexts(s.fid, loops)
            if loops != self.sent_loops:
                rec["lp"] = loops
                self.sent_loops = loops
        io = self.io
        if io.buffer.written:  # (the length printed changes only here, as text is read)
            text = io.new_text()
            if text:
                if holdback.busy:
                    holdback.send({"out": clean(text)})
                else:
                    self._emit({"out": clean(text)})
            if io.length != self.sent_length:
                rec["n"] = io.length
                self.sent_length = io.length
        if io.printed or io.print_line is not None:
            line, objects = io.take_printed()
            ids = heap.ids
            refs = []
            for obj in objects:
                oid = ids.get(id(obj))
                if oid is not None and oid in self.liveness.live and oid not in refs:
                    refs.append(oid)
            rec["o"] = [line if line is not None else rec["l"], refs]
        if sampler.skipped:
            rec["sk"] = sampler.take_skipped()
        if holdback.busy:
            holdback.send(rec)
        else:
            self.emit(self.encode(rec))
        if not steps % COUNTS_EVERY:
            self._emit({"counts": self._counts()})

    def _send_order(self, frames, rec):
        """Puts the frame list in ``rec`` (``fp``/``fa``) when it differs from the one sent.
        Frames are compared as objects (a state is one frame id for good), so a call or a
        return costs one slice comparison, not a list of ids."""
        sent = self.sent_frames
        keep = len(sent)
        count = len(frames)
        if count == keep + 1 and frames[:keep] == sent:  # a call
            rec["fp"] = keep
            rec["fa"] = [frames[keep].fid]
        elif count == keep - 1 and sent[:count] == frames:  # a return
            rec["fp"] = count
            rec["fa"] = []
        elif frames != sent:
            keep = min(count, keep)
            if frames[:keep] != sent[:keep]:  # find where they part
                keep = 0
                while frames[keep] is sent[keep]:
                    keep += 1
            rec["fp"] = keep
            rec["fa"] = [s.fid for s in frames[keep:]]
        else:
            return
        self.sent_frames = list(frames)

    def _visible_frames(self):
        active = self.active
        if len(active) > MAX_FRAMES:
            active = active[:_OUTER_FRAMES] + active[len(active) - (MAX_FRAMES - _OUTER_FRAMES) :]
        if not self.suspended:
            return active
        return active + sorted(self.suspended.values(), key=lambda s: int(s.fid[1:]))

    def _frame_update(self, state, stores=None):
        """The frame's update for the step (None when nothing changed since it was sent).
        ``stores``: the only variables that can have changed since it was last read, when
        known (then only those are read again)."""
        state.dirty = False
        state.pending = _NO_NAMES
        line = state.frame.f_lineno
        read = None
        if stores is not None and state.sent and not state.windowed:
            read = self._reread_stores(state, stores)
        if read is None:
            self.heap.found = state.refs = []
            read = self._locals(state)
        names, values = read
        if not state.sent:
            state.sent = True
            state.sent_line = line
            state.sent_names = names
            state.sent_values = values
            state.name_index = None
            state.sent_state = state.suspended
            update = {"i": state.fid, "fn": state.info.wire_name, "ln": line, "lv": _pairs(names, values)}
            if state.suspended:
                update["st"] = "suspended"
            return update
        update = None
        if line != state.sent_line:
            update = {"i": state.fid, "ln": line}
            state.sent_line = line
        before = state.sent_values
        if values is not before and (values != before or list(map(type, values)) != list(map(type, before))) or names != state.sent_names:
            if update is None:
                update = {"i": state.fid}
            if names == state.sent_names:
                update["ls"] = [[name, v] for name, v, old in zip(names, values, before) if v != old or type(v) is not type(old)]
            else:
                update["lv"] = _pairs(names, values)
                state.name_index = None
            state.sent_names = names
            state.sent_values = values
        if state.suspended != state.sent_state:
            if update is None:
                update = {"i": state.fid}
            update["st"] = "suspended" if state.suspended else "active"
            state.sent_state = state.suspended
        return update

    def _locals(self, state):
        """``(names, wire values)`` of the variables a step lists for ``state``'s frame."""
        frame = state.frame
        info = state.info
        shown = info.shown
        heap = self.heap
        value = heap.value
        ids = heap.ids
        found = heap.found
        names = []
        values = []
        index_names = self.index_names
        local_vars = frame.f_locals
        if type(local_vars) is not dict:  # (what frame_vars gives, without the call)
            local_vars = namespace_vars(local_vars)
        for name, v in local_vars.items():
            if type(name) is not str:
                # Only a module's globals() can hold other keys: an int would break shows(), a
                # str subclass's __hash__ (to look it up) is program code. Neither is shown.
                continue
            show = shown.get(name)
            if show is None:
                show = shown[name] = info.shows(name)
            if not show:
                continue
            names.append(name)
            t = type(v)
            if t is int and -INT_WIRE_MAX < v < INT_WIRE_MAX:
                values.append(v)
                continue
            # An object with an id is kept alive, so an id found is that object: what
            # value() would give, without the calls.
            oid = ids.get(id(v))
            if oid is not None:
                found.append(oid)
                values.append(oid)
            else:
                values.append(value(v))
            if t is list and len(v) > 60 and name in index_names:
                state.windowed = True
                self._window(v, name, frame)
        return names, values

    def _reread_stores(self, state, stores):
        """``(names, wire values)`` of a frame whose variables were all read at the last step
        and of which only ``stores`` can have been assigned since: those are read again, the
        rest kept. None when a variable appeared or went (then all are read)."""
        names = state.sent_names
        values = state.sent_values
        if not stores:
            return names, values
        index = state.name_index
        if index is None:
            index = state.name_index = {name: i for i, name in enumerate(names)}
        info = state.info
        shown = info.shown
        positions = []
        for name in stores:
            i = index.get(name)
            if i is not None:
                positions.append(i)
                continue
            show = shown.get(name)
            if show is None:
                show = shown[name] = info.shows(name)
            if show:
                return None  # a new variable (or one not yet bound) was assigned
        if not positions:
            return names, values
        local_vars = state.frame.f_locals
        if type(local_vars) is not dict:  # (what frame_vars gives, without the call)
            local_vars = namespace_vars(local_vars)
        heap = self.heap
        heap.found = []
        new = None
        refs_moved = False
        positions.sort()  # the order a full read meets them, so new objects get the same ids
        for i in positions:
            name = names[i]
            if name not in local_vars:
                return None  # deleted
            v = local_vars[name]
            wire = v if type(v) is int and -INT_WIRE_MAX < v < INT_WIRE_MAX else heap.value(v)
            before = values[i]
            if wire != before or type(wire) is not type(before):  # 1 == True, yet they differ
                if new is None:
                    new = list(values)
                new[i] = wire
                if type(wire) is str or type(before) is str:  # a heap id came or went
                    refs_moved = True
        if new is None:
            return names, values
        if refs_moved:
            state.refs = [v for v in new if type(v) is str]
        return names, new

    def _window(self, items, name, frame):
        local_vars = frame_vars(frame)
        for index in self.index_names.get(name, ()):
            position = local_vars.get(index)
            if type(position) is int:
                oid = self.heap.ids.get(id(items))
                if oid is not None:
                    start = max(0, min(position - 30, len(items) - 60))
                    start -= start % 10
                    windows = self.heap.windows
                    if windows.get(oid, 0) != start:
                        # The list may be unchanged: it must still be read again to show
                        # the items of its new window.
                        windows[oid] = start
                        self.mutated.add(oid)
                return


def _pairs(names, values):
    """``[(name, value)…]`` as a frame's ``lv`` lists them (the encoder writes a tuple as a
    JSON array, and nothing else reads them as lists)."""
    return list(zip(names, values))


def _is_yield(frame):
    lasti = frame.f_lasti
    if lasti < 0:
        return False
    op = frame.f_code.co_code[lasti]
    if op in _YIELD_OPS:
        return True
    return op == _RESUME_OP and lasti > 0


def _is_delegation(frame, flags):
    """Whether a ``StopIteration`` in ``frame`` is ``await``/``yield from`` plumbing (the
    awaited or delegated-to iterator finished), not the program's own exception."""
    if flags & (_CO_COROUTINE | _CO_ITERABLE_COROUTINE | _CO_ASYNC_GENERATOR):
        return True
    if not flags & _CO_GENERATOR:
        return False
    lasti = frame.f_lasti
    code = frame.f_code.co_code
    return 0 <= lasti < len(code) and code[lasti] in _DELEGATION_OPS


def _suspend_kind(frame, flags):
    if flags & (_CO_COROUTINE | _CO_ITERABLE_COROUTINE):
        return "await"
    if flags & _CO_ASYNC_GENERATOR:
        code = frame.f_code.co_code
        lasti = frame.f_lasti
        if lasti >= 2 and code[lasti - 2] == _SEND_OP:
            return "await"
        return "yield"
    return "yield"


#: Attributes of the program's exceptions, read through the built-in descriptors so an
#: exception class's own ``__getattribute__`` never runs.
_traceback_of = BaseException.__dict__["__traceback__"].__get__
_syntax_filename_of = SyntaxError.__dict__["filename"].__get__
_syntax_lineno_of = SyntaxError.__dict__["lineno"].__get__
_exit_code_of = SystemExit.__dict__["code"].__get__

#: The real ``sys.settrace``: the program's ``sys.settrace`` is replaced while it runs.
_settrace = sys.settrace


def _program_trace_hooks():
    """``(settrace, gettrace)`` for the program: its ``sys.settrace(f)`` is remembered (and
    given back by ``sys.gettrace()``, ``None`` at first as under plain ``python3``) but never
    installed, so the program can neither stop the recording (``sys.settrace(None)``) nor
    run its own trace function."""
    current = [None]

    def settrace(function):
        current[0] = function

    def gettrace():
        return current[0]

    return settrace, gettrace


def exception_message(error, allow_program_code=False):
    """The message of ``error``, read without running the program's code unless allowed.

    A built-in ``__str__`` over plain arguments (text, numbers) is safe to call. Anything else
    (a class's own ``__str__``, arguments that are objects) is only run when
    ``allow_program_code`` is set, which the tracer does once, after the run, for the final
    error (what Python itself would print).
    """
    t = type(error)
    impl = None
    for klass in _type_mro_of(t):
        if "__str__" in _type_dict_of(klass):
            impl = klass
            break
    try:
        args = BaseException.__dict__["args"].__get__(error)
    except Exception:
        args = ()
    builtin_str = impl is not None and not (_type_flags_of(impl) & (1 << 9))
    simple = all(type(a) in _SIMPLE_ARG_TYPES for a in args)
    if (builtin_str and simple) or allow_program_code:
        try:
            return str(error)
        except BaseException as failure:  # the program's __str__ failed
            return "<message unreadable: %s>" % _type_name_of(type(failure))
    if len(args) >= 1 and type(args[0]) is str:
        return args[0]
    return "<message not read: it would run the program's code>"


def _error_line(error):
    """The innermost program line of the traceback; a frame still on its ``def`` line (the
    tracer refused the call: recursion too deep) gives way to its caller's line."""
    tb = _traceback_of(error)
    line = None
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == PROGRAM_FILE and (line is None or tb.tb_lineno != code.co_firstlineno):
            line = tb.tb_lineno
        tb = tb.tb_next
    if line is None and issubclass(type(error), SyntaxError) and _syntax_filename_of(error) == PROGRAM_FILE:
        line = _syntax_lineno_of(error)
        if type(line) is not int:
            line = None
    return line

"""Python values to wire values, without ever running the program's own code.

Nothing here calls ``repr``, ``str``, ``__getattr__``, ``__eq__``, ``__len__`` or a property of
an object whose type the program defined. Fields are read from the instance ``__dict__`` through
the interpreter's own ``__dict__`` descriptor and from ``__slots__`` member descriptors; a
class's name through ``type``'s own ``__name__`` descriptor; container items through the
built-in base type's methods (``list.__getitem__(obj, ...)``), never the object's overrides.

Wire values (see ``PROTOCOL.md``): an ``int`` that fits in 53 bits, ``true``/``false`` and
``null`` stand for themselves; ``"o12"`` is a reference to heap object ``o12``;
``[type, repr]`` (``[type, repr, length]`` when the text was cut) is any other primitive;
``{"u": reason}`` is a value that could not be read.
"""

import collections
import itertools
import sys
import types

#: Integers inside this range travel as JSON numbers; others as ``["int", "digits"]``.
INT_WIRE_MAX = 2**53
#: Most characters of a primitive's or a single value's text.
TEXT_CAP = 48
#: Most items of a container shown at once (a window of a longer one).
WINDOW = 60
#: Most texts whose wire value a heap remembers.
TEXTS_KEPT = 4096

_islice = itertools.islice
_type_name_of = type.__dict__["__name__"].__get__
_type_dict_of = type.__dict__["__dict__"].__get__
_type_mro_of = type.__dict__["__mro__"].__get__
_type_bases_of = type.__dict__["__bases__"].__get__
_type_flags_of = type.__dict__["__flags__"].__get__
_type_itemsize_of = type.__dict__["__itemsize__"].__get__
_HEAPTYPE = 1 << 9

_GETSET = types.GetSetDescriptorType
_MEMBER = types.MemberDescriptorType
_FUNCTION = types.FunctionType
_NOT_FIELDS = (types.FunctionType, staticmethod, classmethod, property, types.BuiltinFunctionType)

_int_repr = int.__repr__
_float_repr = float.__repr__
_str_repr = str.__repr__
_complex_repr = complex.__repr__
_str_isascii = str.isascii


def same_types(a, b):
    """Whether the wire values ``a`` and ``b``, already equal by ``==``, also have the same
    types all through. Python's ``==`` says ``1 == True`` and ``0 == False`` (and ``1 ==
    1.0``, though floats travel as ``["float", text]``), yet the step must show the change."""
    t = type(a)
    if t is not type(b):
        return False
    if t is list:
        types = list(map(type, a))
        if types != list(map(type, b)):
            return False
        if list in types or dict in types:
            return all(map(same_types, a, b))
        return True
    if t is dict:
        return all(same_types(v, b[k]) for k, v in a.items())
    return True


def frame_vars(frame):
    """``frame.f_locals`` when it is an exact dict, as it always is but in a class body, whose
    namespace is what the metaclass's ``__prepare__`` made: then :func:`namespace_vars`."""
    local_vars = frame.f_locals
    return local_vars if type(local_vars) is dict else namespace_vars(local_vars)


def _frame_locals_type():
    return type(sys._getframe().f_locals)


#: What ``f_locals`` of a function frame is: ``dict`` up to CPython 3.12, the interpreter's own
#: ``FrameLocalsProxy`` of the frame's variables from 3.13 (PEP 667; no program code behind it).
_FRAME_LOCALS = _frame_locals_type()


def namespace_vars(namespace):
    """The variables of a frame whose ``f_locals`` is no exact dict: a 3.13+ function frame's
    proxy as it is; a class body's namespace (what the metaclass's ``__prepare__`` made) read
    without running its own methods: a copy of its text keys through ``dict``'s (a dict
    subclass), else none."""
    if type(namespace) is _FRAME_LOCALS:
        return namespace
    if not issubclass(type(namespace), dict):
        return {}
    return {key: v for key, v in dict.items(namespace) if type(key) is str}


def cut(text):
    """``text`` held to ``TEXT_CAP`` characters: ``(text, None)`` or ``(shortened, real length)``."""
    if len(text) <= TEXT_CAP:
        return text, None
    return text[: TEXT_CAP - 1] + "\u2026", len(text)


def clean(text):
    """Text safe to put in JSON for any reader: lone surrogates become ``\\udXXX`` escapes."""
    if _str_isascii(text):
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def int_text(value):
    """The exact decimal digits of an ``int`` of any size (ignoring ``int_max_str_digits``)."""
    try:
        return _int_repr(value)
    except ValueError:
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return _int_repr(value)
        finally:
            sys.set_int_max_str_digits(limit)


def _wire_int(value):
    if -INT_WIRE_MAX < value < INT_WIRE_MAX:
        return value
    return ["int", int_text(value)]


def _wire_float(value):
    return ["float", _float_repr(value)]


def _wire_str(value):
    if len(value) > TEXT_CAP:
        text, length = cut(_str_repr(value[:TEXT_CAP]))
        return ["str", text, len(value)]
    text, length = cut(_str_repr(value))
    if length is None:
        return ["str", text]
    return ["str", text, len(value)]


def _wire_complex(value):
    return ["complex", _complex_repr(value)]


def _same(value):
    return value


#: Exact primitive types and how each travels.
PRIMITIVES = {
    int: _wire_int,
    bool: _same,
    type(None): _same,
    float: _wire_float,
    str: _wire_str,
    complex: _wire_complex,
}


def prim_of_subclass(value):
    """A wire primitive for an instance of a subclass of ``int``/``float``/``str``, or None."""
    t = type(value)
    name = clean(_type_name_of(t))
    if issubclass(t, bool):
        return value
    if issubclass(t, int):
        return [name, int_text(value)]
    if issubclass(t, float):
        return [name, _float_repr(value)]
    if issubclass(t, str):
        text, length = cut(_str_repr(str.__getitem__(value, slice(0, TEXT_CAP))))
        if str.__len__(value) > TEXT_CAP or length is not None:
            return [name, text, str.__len__(value)]
        return [name, text]
    return None


class TypeInfo:
    """What the serializer needs to know about one type, found once and cached."""

    __slots__ = (
        "name", "kind", "dict_getter", "plain_getter", "slots", "sizeof_owner", "sizeof_safe", "size_fixed", "size", "is_heap", "fixed",
        "prim_maybe", "snap", "describe",
    )

    def __init__(self, t):
        self.name = clean(_type_name_of(t))
        self.is_heap = bool(_type_flags_of(t) & _HEAPTYPE)
        self.dict_getter = None
        self.slots = []
        mro = _type_mro_of(t)
        for klass in mro:
            ns = _type_dict_of(klass)
            descriptor = ns.get("__dict__")
            if self.dict_getter is None and type(descriptor) is _GETSET:
                self.dict_getter = descriptor.__get__
        for klass in reversed(mro):
            if not (_type_flags_of(klass) & _HEAPTYPE):
                continue
            for key, descriptor in _type_dict_of(klass).items():
                if type(descriptor) is _MEMBER and key not in ("__weakref__", "__dict__"):
                    self.slots.append((clean(key), descriptor.__get__))
        #: The class whose ``__sizeof__`` ``sys.getsizeof`` calls: safe when a built-in one.
        self.sizeof_owner = owner = _sizeof_owner(mro)
        self.sizeof_safe = owner is not None and not (_type_flags_of(owner) & _HEAPTYPE)
        #: Every instance has the same size (``object.__sizeof__`` of a type without items);
        #: ``size`` holds it once one was measured.
        self.size_fixed = owner is object and _type_itemsize_of(t) == 0
        self.size = None
        self.kind = kind = _kind_of(t, mro)
        #: Its instances can never change what they show (their children may still change).
        self.fixed = kind in _FIXED_KINDS and (kind != "bytes" or t is bytes) and (kind != "tuple" or t is tuple)
        #: The kind's reader for change detection and its describer (``_SNAPSHOTS``,
        #: ``_DESCRIBERS``), looked up once per type instead of once per read.
        self.snap = _SNAPSHOTS[kind]
        self.describe = _DESCRIBERS[kind]
        #: The ``__dict__`` reader when it is the only place fields live (no slots), else None.
        self.plain_getter = self.dict_getter if not self.slots else None
        #: An instance may travel as a primitive (:func:`prim_of_subclass`) instead of an id.
        self.prim_maybe = not (kind == "instance" and self.is_heap) and issubclass(t, (int, float, str))


def _sizeof_owner(mro):
    """The first class of ``mro`` that defines ``__sizeof__``."""
    for klass in mro:
        if "__sizeof__" in _type_dict_of(klass):
            return klass
    return None


def _kind_of(t, mro):
    if t in _EXACT_KINDS:
        return _EXACT_KINDS[t]
    for base in mro:
        kind = _BASE_KINDS.get(base)
        if kind is not None:
            return kind
    return "instance"


_EXACT_KINDS = {
    types.FunctionType: "function",
    types.BuiltinFunctionType: "builtin",
    types.MethodType: "method",
    types.BuiltinMethodType: "builtin",
    types.WrapperDescriptorType: "builtin",
    types.MethodWrapperType: "builtin",
    types.MethodDescriptorType: "builtin",
    types.GeneratorType: "generator",
    types.CoroutineType: "generator",
    types.AsyncGeneratorType: "generator",
    types.ModuleType: "module",
    range: "range",
    bytes: "bytes",
    bytearray: "bytes",
    slice: "opaque",
    types.CodeType: "opaque",
    types.FrameType: "opaque",
    type(Ellipsis): "opaque",
    type(NotImplemented): "opaque",
    memoryview: "opaque",
}

_BASE_KINDS = {
    type: "class",
    list: "list",
    collections.deque: "deque",
    tuple: "tuple",
    dict: "dict",
    set: "set",
    frozenset: "set",
    BaseException: "instance",
}


class Entry:
    """The last serialization of one heap object: what it was read from and what was sent."""

    __slots__ = ("snap", "wire", "children", "keep", "fixed", "info", "leaves", "inner", "settled")

    def __init__(self, snap, wire, children, keep, fixed, info=None):
        self.snap = snap
        self.wire = wire
        self.children = children
        self.keep = keep
        #: The object can never change (a tuple, a range, bytes, a module): never read again.
        self.fixed = fixed
        #: The :class:`TypeInfo` of the type it was read as: a snapshot has no type in it, and
        #: ``obj.__class__ = Other`` changes the type alone.
        self.info = info
        self.set_children(children)

    def set_children(self, children):
        """New children: split again on the next :meth:`split`."""
        self.children = children
        self.leaves = ()
        self.inner = children
        self.settled = not children

    def split(self, entries):
        """Sorts the children into *leaves* (fixed objects holding no references, which the
        heap walk marks live in bulk) and *inner* ones (walked); settled once every child has
        been described."""
        leaves = []
        inner = []
        settled = True
        for oid in self.children:
            child = entries.get(oid)
            if child is None:
                settled = False
                inner.append(oid)
            elif child.fixed and not child.children:
                leaves.append(oid)
            else:
                inner.append(oid)
        self.leaves = leaves
        self.inner = inner
        self.settled = settled


class Heap:
    """Stable ids, the keep-alive table and cached serializations of every object seen.

    Ids are ``o1``, ``o2``, … in first-seen order. Every object that got an id is kept alive
    until the run ends (so ``id()`` cannot be reused for a different object), except
    generators and coroutines, whose ids are forgotten when they are collected so that a
    dropped generator can still be closed.
    """

    def __init__(self, program_file, frame_id_of):
        self.program_file = program_file
        self.frame_id_of = frame_id_of
        self.ids = {}
        self.objects = {}
        self.next_id = 1
        #: Heap id → its number (``"o12"`` → 12), the order ids are listed in; a dict so that
        #: its ``__getitem__`` can be a sort key without a Python call per id.
        self.numbers = {}
        self.types = {}
        self.entries = {}
        self.found = []
        self.windows = {}
        self.seen_missing_dict = False
        #: Ids of the code of functions that stand in for built-ins (the program's ``print``
        #: and ``input``, program_io.py): shown as the built-ins, not with their cells, which
        #: lead into the tracer's own objects.
        self.stand_ins = frozenset()
        self._weak = {}
        #: Text → its wire value, for the first ``TEXTS_KEPT`` texts seen (wires are never
        #: changed once made, so one can be shared).
        self.texts = {}

    # -- values -----------------------------------------------------------------------------

    def value(self, v):
        """The wire value of ``v``; a heap object's id is also appended to ``self.found``."""
        if v is None:
            return None
        t = type(v)
        if t is int and -INT_WIRE_MAX < v < INT_WIRE_MAX:
            return v
        if t is str:
            wire = self.texts.get(v)
            if wire is None:
                wire = _wire_str(v)
                if len(self.texts) < TEXTS_KEPT:
                    self.texts[v] = wire
            return wire
        encode = PRIMITIVES.get(t)
        if encode is not None:
            return encode(v)
        oid = self.ids.get(id(v))  # an object seen before: what ref gives, without the call
        if oid is None:
            return self.ref(v)
        self.found.append(oid)
        return oid

    def ref(self, v):
        oid = self.ids.get(id(v))
        if oid is None:
            info = self.types.get(type(v)) or self.type_info(type(v))
            if info.prim_maybe:
                prim = prim_of_subclass(v)
                if prim is not None:
                    return prim
            oid = self._register(v, info)
        self.found.append(oid)
        return oid

    def type_info(self, t):
        info = self.types.get(t)
        if info is None:
            info = self.types[t] = TypeInfo(t)
            if info.kind == "dict" and t is not dict:
                if any("__missing__" in _type_dict_of(k) for k in _type_mro_of(t)):
                    self.seen_missing_dict = True
        return info

    def _register(self, v, info):
        n = self.next_id
        self.next_id = n + 1
        oid = "o%d" % n
        self.numbers[oid] = n
        key = id(v)
        self.ids[key] = oid
        if info.kind == "generator":
            import weakref

            def forget(_ref, key=key, oid=oid):
                self.ids.pop(key, None)
                self._weak.pop(oid, None)

            try:
                self._weak[oid] = weakref.ref(v, forget)
            except TypeError:
                self.objects[oid] = v
        else:
            self.objects[oid] = v
        return oid

    def dict_of(self, obj):
        """The instance ``__dict__`` of ``obj`` read through the interpreter's descriptor, or
        None (no program code runs)."""
        t = type(obj)
        getter = (self.types.get(t) or self.type_info(t)).dict_getter
        if getter is None:
            return None
        try:
            d = getter(obj)
        except Exception:
            return None
        return d if type(d) is dict else None

    def object_of(self, oid):
        obj = self.objects.get(oid)
        if obj is None:
            ref = self._weak.get(oid)
            if ref is not None:
                obj = ref()
        return obj

    # -- objects ----------------------------------------------------------------------------

    def describe(self, oid, obj, read=None):
        """The wire object for ``obj``, re-encoded; its heap references go to ``self.found``.
        ``read``: what the type's ``snap`` just gave for it, so the object is not read twice."""
        info = self.type_info(type(obj))
        return _DESCRIBERS[info.kind](self, oid, obj, info, read)

    def window_of(self, oid, length):
        offset = self.windows.get(oid, 0)
        if length <= WINDOW:
            return 0
        return max(0, min(offset, length - WINDOW))


#: Whether objects' ``sys.getsizeof`` sizes are recorded: on a 64-bit CPython only, the
#: machine docs/memory-sizes.md describes. A 32-bit build (Pyodide's wasm32) measures
#: other sizes; left out, the scene's size model fills them in as for any unmeasured object.
SIZES_RECORDED = sys.maxsize > 2**32


def _size(obj, info):
    if info.size is not None:
        return info.size
    if not info.sizeof_safe:
        return None
    if info.is_heap and _sizeof_owner(_type_mro_of(type(obj))) is not info.sizeof_owner:
        return None  # the program gave the class (or a base) its own __sizeof__ since
    try:
        size = sys.getsizeof(obj)
    except Exception:
        return None
    if info.size_fixed:
        info.size = size
    return size


# -- sequences ------------------------------------------------------------------------------


_WHOLE = slice(None)


def _seq_items(heap, oid, obj, info):
    kind = info.kind
    if kind == "list":
        length = list.__len__(obj)
        if length <= WINDOW:  # the whole list (what window_of gives, without the call)
            return length, 0, list.__getitem__(obj, _WHOLE)
        offset = heap.window_of(oid, length)
        items = list.__getitem__(obj, slice(offset, offset + WINDOW))
    elif kind == "tuple":
        length = tuple.__len__(obj)
        if length <= WINDOW:
            return length, 0, obj if type(obj) is tuple else tuple.__getitem__(obj, _WHOLE)
        offset = heap.window_of(oid, length)
        items = tuple.__getitem__(obj, slice(offset, offset + WINDOW))
    elif kind == "deque":
        length = collections.deque.__len__(obj)
        offset = heap.window_of(oid, length)
        items = tuple(_islice(collections.deque.__iter__(obj), offset, offset + WINDOW))
    else:
        base = frozenset if issubclass(type(obj), frozenset) else set
        length = base.__len__(obj)
        offset = 0
        items = tuple(_islice(base.__iter__(obj), WINDOW))
    return length, offset, items


def _snap_seq(heap, oid, obj, info):
    length, offset, items = _seq_items(heap, oid, obj, info)
    size = _size(obj, info) if info.kind != "tuple" else 0
    return (length, offset, size, tuple(map(id, items))), items


_list_sizeof = list.__sizeof__
_tuple_sizeof = tuple.__sizeof__
#: What ``sys.getsizeof`` adds to an exact list's or tuple's own ``__sizeof__`` (the garbage
#: collector's header): the same for every instance, so the size is read without the lookup.
_LIST_EXTRA = sys.getsizeof([]) - _list_sizeof([])
_TUPLE_EXTRA = sys.getsizeof((0,)) - _tuple_sizeof((0,))


def _snap_list(heap, oid, obj, info):
    """:func:`_snap_seq` of a short exact list: the whole of it, without the window lookup and
    the generic size lookup (an exact list, so its own operations run no program code)."""
    if type(obj) is not list or len(obj) > WINDOW:
        return _snap_seq(heap, oid, obj, info)
    items = obj[:]
    return (len(items), 0, _list_sizeof(obj) + _LIST_EXTRA, tuple(map(id, items))), items


def _snap_tuple(heap, oid, obj, info):
    """:func:`_snap_seq` of a short exact tuple (its size is left out: it never changes)."""
    if type(obj) is not tuple or len(obj) > WINDOW:
        return _snap_seq(heap, oid, obj, info)
    return (len(obj), 0, 0, tuple(map(id, obj))), obj


_INT_ONLY = {int}


def _wire_items(heap, items, ids, previous):
    """Wire values of ``items`` (whose ids are ``ids``); a run of small whole numbers is copied
    as it is. ``previous`` is ``(ids, wire items, heap ids among them)`` of the same window when
    the object was last read, or None: the items still there in front (an append, a pop from the end) keep their
    wire values (the entry kept them alive, so the same id is the same unchanged value)."""
    if items and type(items[0]) is int and set(map(type, items)) == _INT_ONLY:
        if -INT_WIRE_MAX < min(items) and max(items) < INT_WIRE_MAX:
            return list(items)
    kept = []
    same = 0
    if previous is not None:
        before, wires, children = previous
        n = len(before)
        if ids[:n] == before:  # the old items all still there in front (what _common_prefix gives)
            same = n
        else:
            same = _common_prefix(before, ids)
        if same:
            kept = wires[:same]
            if len(children) == len(wires):  # every item was a heap object
                heap.found.extend(children if same == n else children[:same])
            else:
                heap.found.extend([w for w in kept if type(w) is str])
    value = heap.value
    for item in items[same:] if same else items:  # a loop: cheaper than map() for few items
        kept.append(value(item))
    return kept


def _common_prefix(a, b):
    """How many leading entries the tuples ``a`` and ``b`` share."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    low, high = 0, n  # a[:low] == b[:low] and a[:high] != b[:high]
    while high - low > 1:
        middle = (low + high) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle
    return low


def _previous_items(heap, oid, kind, offset):
    """``(ids, wire items, children)`` of ``oid``'s window at ``offset`` when it was last read
    as a sequence of ``kind``, or None."""
    entry = heap.entries.get(oid)
    if entry is None:
        return None
    wire = entry.wire
    if wire.get("k") != kind or wire.get("o", 0) != offset:
        return None
    return entry.snap[3], wire["i"], entry.children


_SEQ_KINDS = {"list": "list", "deque": "list", "tuple": "tuple", "set": "set"}
_DEFAULT_SEQ_NAMES = {"list": "list", "tuple": "tuple", "set": "set"}


def _describe_seq(heap, oid, obj, info, read):
    if read is None:
        read = _snap_seq(heap, oid, obj, info)
    (length, offset, size, ids), items = read
    kind = _SEQ_KINDS[info.kind]
    previous = _previous_items(heap, oid, kind, offset) if oid in heap.entries else None
    wire = {"k": kind, "i": _wire_items(heap, items, ids, previous), "n": length}
    if info.name != _DEFAULT_SEQ_NAMES.get(kind):
        wire["t"] = info.name
    if offset:
        wire["o"] = offset
    if info.kind == "tuple":  # its snapshot leaves the size out: a tuple's never changes
        size = _tuple_sizeof(obj) + _TUPLE_EXTRA if type(obj) is tuple else _size(obj, info)
    if size is not None and SIZES_RECORDED:
        wire["b"] = size
    return wire


# -- mappings -------------------------------------------------------------------------------


def _dict_items(obj):
    return tuple(_islice(dict.items(obj), WINDOW))


def _snap_dict(heap, oid, obj, info):
    items = _dict_items(obj)
    return (
        dict.__len__(obj),
        _size(obj, info),
        tuple(id(k) for k, _ in items),
        tuple(id(v) for _, v in items),
    ), items


def _describe_dict(heap, oid, obj, info, read):
    if read is None:
        read = _snap_dict(heap, oid, obj, info)
    (length, size, _, _), items = read
    value = heap.value
    entries = [[value(k), value(v)] for k, v in items]
    wire = {"k": "dict", "e": entries, "n": length}
    if info.name != "dict":
        wire["t"] = info.name
    if size is not None and SIZES_RECORDED:
        wire["b"] = size
    return wire


# -- instances ------------------------------------------------------------------------------


def _instance_fields(obj, info):
    """``[(name, value)]``: slots from the most basic class first, then ``__dict__``."""
    fields = []
    for name, getter in info.slots:
        try:
            fields.append((name, getter(obj)))
        except AttributeError:
            pass
    if info.dict_getter is not None:
        try:
            d = info.dict_getter(obj)
        except Exception:
            d = None
        if type(d) is dict or issubclass(type(d), dict):
            for key, v in _islice(dict.items(d), WINDOW):
                if type(key) is str:
                    fields.append((key, v))
    return fields


_STR_ONLY = frozenset((str,))


def _snap_instance(heap, oid, obj, info):
    getter = info.plain_getter
    if getter is not None:
        # The usual instance: a plain attribute dict of text keys, read in bulk (an exact
        # dict, so iterating it runs no program code).
        try:
            d = getter(obj)
        except Exception:
            d = None
        if type(d) is dict and len(d) <= WINDOW:
            names = tuple(d)
            if _STR_ONLY.issuperset(map(type, names)):
                values = tuple(d.values())
                size = info.size
                if size is None:
                    size = _size(obj, info)
                if size is not None:
                    size += _DICT_SIZES.get(len(names)) or _plain_dict_size(len(names))
                return (size, names, tuple(map(id, values))), values
    fields = _instance_fields(obj, info)
    size = _instance_size(obj, info)
    values = tuple(v for _, v in fields)
    return (size, tuple(name for name, _ in fields), tuple(map(id, values))), values


def _instance_size(obj, info):
    """The object plus its attribute dict. The dict counts as a plain dict of the same number
    of fields: CPython's key-sharing dicts report sizes that change when *other* instances of
    the class are made, which would make an unchanged object look changed."""
    size = _size(obj, info)
    if size is None or info.dict_getter is None:
        return size
    try:
        d = info.dict_getter(obj)
    except Exception:
        return size
    if type(d) is dict:
        size += _plain_dict_size(dict.__len__(d))
    return size


_DICT_SIZES = {}


def _plain_dict_size(n):
    size = _DICT_SIZES.get(n)
    if size is None:
        size = _DICT_SIZES[n] = sys.getsizeof(dict.fromkeys(range(n)))
    return size


def _describe_instance(heap, oid, obj, info, read):
    if read is None:
        read = _snap_instance(heap, oid, obj, info)
    (size, names, _), values = read
    value = heap.value
    fields = []  # a loop, not a comprehension: cheaper for the few fields of most objects
    for name, v in zip(names, values):
        if type(v) is not int or not -INT_WIRE_MAX < v < INT_WIRE_MAX:
            v = value(v)
        fields.append([name if _str_isascii(name) else clean(name), v])
    wire = {"k": "instance", "t": info.name, "f": fields}
    if size is not None and SIZES_RECORDED:
        wire["b"] = size
    return wire


# -- functions and classes ------------------------------------------------------------------


def _cells(fn):
    code = fn.__code__
    closure = fn.__closure__ or ()
    pairs = []
    for name, cell in zip(code.co_freevars, closure):
        try:
            pairs.append((name, cell.cell_contents))
        except ValueError:
            pass
    return pairs


def _params(code):
    count = code.co_argcount + code.co_kwonlyargcount
    flags = code.co_flags
    if flags & 0x04:
        count += 1
    if flags & 0x08:
        count += 1
    return list(code.co_varnames[:count])


def _snap_function(heap, oid, obj, info):
    if info.kind == "method":
        return (id(obj.__self__),), (obj.__self__,)
    if info.kind != "function" or id(obj.__code__) in heap.stand_ins:
        return (), None
    cells = _cells(obj)
    return tuple(id(v) for _, v in cells), cells


def _describe_function(heap, oid, obj, info, read):
    kind = info.kind
    if kind == "function" and id(obj.__code__) not in heap.stand_ins:
        code = obj.__code__
        wire = {"k": "function", "name": clean(obj.__name__), "p": _params(code)}
        captured = [[name, heap.value(v)] for name, v in _cells(obj)]
        if captured:
            wire["c"] = captured
        if code.co_filename == heap.program_file:
            wire["line"] = code.co_firstlineno
        return wire
    if kind == "method":
        func = obj.__func__
        name = getattr(func, "__name__", "method") if type(func) is _FUNCTION else "method"
        wire = {"k": "function", "name": clean(name), "c": [["self", heap.value(obj.__self__)]]}
        if type(func) is _FUNCTION:
            wire["p"] = _params(func.__code__)[1:]
            if func.__code__.co_filename == heap.program_file:
                wire["line"] = func.__code__.co_firstlineno
        return wire
    name = None
    try:
        name = obj.__name__
    except Exception:
        pass
    if type(name) is not str:
        name = info.name
    return {"k": "function", "name": clean(name)}


def _class_fields(cls):
    ns = _type_dict_of(cls)
    fields = []
    for key, v in ns.items():
        if type(key) is not str or (key.startswith("__") and key.endswith("__")):
            continue
        if issubclass(type(v), _NOT_FIELDS) or type(v) in (_GETSET, _MEMBER):
            continue
        fields.append((key, v))
    return fields


def _snap_class(heap, oid, obj, info):
    if not (_type_flags_of(obj) & _HEAPTYPE):
        return (), None
    fields = _class_fields(obj)
    return (tuple(k for k, _ in fields), tuple(id(v) for _, v in fields)), fields


def _describe_class(heap, oid, obj, info, read):
    bases = [clean(_type_name_of(b)) for b in _type_bases_of(obj)]
    wire = {"k": "class", "name": clean(_type_name_of(obj)), "bases": bases}
    if _type_flags_of(obj) & _HEAPTYPE:
        fields = [[clean(k), heap.value(v)] for k, v in _class_fields(obj)]
        if fields:
            wire["f"] = fields
    return wire


# -- generators -----------------------------------------------------------------------------

_GEN_NAMES = {
    types.GeneratorType: "generator",
    types.CoroutineType: "coroutine",
    types.AsyncGeneratorType: "async_generator",
}


def generator_state(gen):
    """``created``, ``suspended``, ``running`` or ``closed``, read without resuming it."""
    t = type(gen)
    if t is types.GeneratorType:
        running, frame = gen.gi_running, gen.gi_frame
        suspended = getattr(gen, "gi_suspended", None)
    elif t is types.CoroutineType:
        running, frame = gen.cr_running, gen.cr_frame
        suspended = getattr(gen, "cr_suspended", None)
    else:
        running, frame = gen.ag_running, gen.ag_frame
        suspended = None
    if running:
        return "running", frame
    if frame is None:
        return "closed", None
    if suspended is None:
        suspended = frame.f_lasti != -1
    return ("suspended" if suspended else "created"), frame


def _snap_generator(heap, oid, obj, info):
    state, frame = generator_state(obj)
    return (state, heap.frame_id_of(frame) if frame is not None else None), None


def _describe_generator(heap, oid, obj, info, read):
    state, frame = generator_state(obj)
    wire = {"k": "generator", "t": _GEN_NAMES.get(type(obj), info.name), "name": clean(obj.__name__), "state": state}
    if frame is not None:
        fid = heap.frame_id_of(frame)
        if fid is not None:
            wire["frame"] = fid
    return wire


# -- single values --------------------------------------------------------------------------


def _single_text(obj, info):
    kind = info.kind
    if kind == "range":
        return range.__repr__(obj)
    if kind == "bytes":
        if type(obj) is bytes:
            return bytes.__repr__(obj)
        if type(obj) is bytearray:
            return bytearray.__repr__(obj)
    if kind == "module":
        name = None
        try:
            name = types.ModuleType.__getattribute__(obj, "__name__")
        except Exception:
            pass
        if type(name) is str:
            return "<module '%s'>" % name
        return "<module>"
    return "<%s object>" % info.name


def _snap_single(heap, oid, obj, info):
    if info.kind == "bytes" and type(obj) is bytearray:
        return (bytearray.__len__(obj), hash(bytes(obj[:TEXT_CAP]))), None
    return (), None


def _describe_single(heap, oid, obj, info, read):
    text, length = cut(clean(_single_text(obj, info)))
    wire = {"k": "value", "t": info.name, "r": text}
    if info.kind == "bytes":
        real = len(obj)
        if length is not None or real > TEXT_CAP:
            wire["len"] = real
    elif length is not None:
        wire["len"] = length
    return wire


#: Kinds whose shown content never changes once made.
_FIXED_KINDS = frozenset(("tuple", "range", "bytes", "module", "opaque", "builtin"))

_SNAPSHOTS = {
    "list": _snap_list,
    "deque": _snap_seq,
    "tuple": _snap_tuple,
    "set": _snap_seq,
    "dict": _snap_dict,
    "instance": _snap_instance,
    "function": _snap_function,
    "method": _snap_function,
    "builtin": _snap_function,
    "class": _snap_class,
    "generator": _snap_generator,
    "module": _snap_single,
    "range": _snap_single,
    "bytes": _snap_single,
    "opaque": _snap_single,
}

_DESCRIBERS = {
    "list": _describe_seq,
    "deque": _describe_seq,
    "tuple": _describe_seq,
    "set": _describe_seq,
    "dict": _describe_dict,
    "instance": _describe_instance,
    "function": _describe_function,
    "method": _describe_function,
    "builtin": _describe_function,
    "class": _describe_class,
    "generator": _describe_generator,
    "module": _describe_single,
    "range": _describe_single,
    "bytes": _describe_single,
    "opaque": _describe_single,
}

//! The types of trace format version 1.
//!
//! JSON field names are camelCase. Every doc comment here becomes a `description` in
//! `schema/trace.schema.json`, so this file is the format's reference.

use std::collections::BTreeMap;
use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::heap::Heap;

/// The trace format version this crate writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// The versions [`crate::validate_str`] accepts.
pub const SUPPORTED_VERSIONS: &[u32] = &[1];

/// One recorded run of one program: the analysis of its source, then every recorded step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Trace {
    /// Format version; only 1 exists.
    pub version: u32,
    /// Language of the traced program.
    pub language: Language,
    /// The program text exactly as run; `line` numbers count from 1 in it.
    pub source: String,
    /// Loops found by static analysis, in source order.
    #[serde(default)]
    pub loops: Vec<LoopInfo>,
    /// Container name → names used as its subscripts (`arr[j + 1]` gives `arr: ["j"]`).
    /// An inner level of a nested subscript is keyed `name[]` (`grid[i][j]` gives
    /// `grid: ["i"]` and `grid[]: ["j"]`). Attribute targets use the dotted name (`self.items`).
    #[serde(default, deserialize_with = "crate::unique::unique_map")]
    pub index_names: BTreeMap<String, Vec<String>>,
    /// Every two-level subscript `name[row][col]` in the source.
    #[serde(default)]
    pub grid_accesses: Vec<GridAccess>,
    /// Raw `viz:` hint comments, in source order.
    #[serde(default)]
    pub hints: Vec<Hint>,
    /// The recorded steps, in execution order.
    pub steps: Vec<Step>,
    /// Everything the program printed to standard output.
    pub stdout: String,
    /// The uncaught error that ended the program, or null when it finished normally or was
    /// stopped by a budget.
    #[serde(default)]
    pub error: Option<ProgramError>,
    /// True when the run was cut short by a budget or a resource limit (see `stoppedBy`);
    /// every step recorded before it is kept.
    #[serde(default)]
    pub truncated: bool,
    /// Which budget or limit stopped a truncated run (`steps`, `time`, `memory`, `output`,
    /// `cpu`, `processes`); null otherwise.
    #[serde(default)]
    pub stopped_by: Option<StopReason>,
    /// Counts of every event and call, recorded or not (sampling skips some).
    #[serde(default, deserialize_with = "crate::objects::object")]
    pub counts: Counts,
    /// True when some loop was sampled: some passes were run but not recorded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sampled: bool,
    /// True when each step's `heap` holds only the objects that changed since the previous
    /// step and `heapIds` lists every live id. [`crate::expand_heaps`] turns such a trace into
    /// full heaps; validated traces are always expanded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub heap_delta: bool,
}

impl Trace {
    /// A version-1 trace of `source` with these (full-heap) steps and nothing else recorded:
    /// no analysis, empty stdout, no error, not truncated. Tracers and tests fill in the rest.
    ///
    /// # Example
    /// ```
    /// use algoscope_trace_format::{Language, Trace};
    /// let trace = Trace::new(Language::Python, "x = 1\n", Vec::new());
    /// assert_eq!(trace.version, 1);
    /// assert!(trace.error.is_none() && !trace.truncated);
    /// ```
    pub fn new(language: Language, source: impl Into<String>, steps: Vec<Step>) -> Self {
        Trace {
            version: FORMAT_VERSION,
            language,
            source: source.into(),
            loops: Vec::new(),
            index_names: BTreeMap::new(),
            grid_accesses: Vec::new(),
            hints: Vec::new(),
            steps,
            stdout: String::new(),
            error: None,
            truncated: false,
            stopped_by: None,
            counts: Counts::default(),
            sampled: false,
            heap_delta: false,
        }
    }
}

/// Language of the traced program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Python 3, traced with `sys.settrace`.
    Python,
    /// JavaScript, traced by instrumentation.
    Javascript,
    /// TypeScript: types stripped, then traced as JavaScript.
    Typescript,
}

impl Language {
    /// The file extensions of each language's programs, lowercase, without the dot, in the
    /// order messages list them.
    pub const EXTENSIONS: &'static [(&'static str, Language)] = &[
        ("py", Language::Python),
        ("js", Language::Javascript),
        ("mjs", Language::Javascript),
        ("cjs", Language::Javascript),
        ("ts", Language::Typescript),
        ("mts", Language::Typescript),
        ("cts", Language::Typescript),
    ];

    /// The language of a program file from its extension (without the dot, any case):
    /// `py`; `js`, `mjs`, `cjs`; `ts`, `mts`, `cts`. `None` for any other.
    pub fn from_extension(extension: &str) -> Option<Language> {
        Self::EXTENSIONS
            .iter()
            .find(|(e, _)| e.eq_ignore_ascii_case(extension))
            .map(|&(_, language)| language)
    }

    /// The name used in the trace and in options (`python`, `javascript`, `typescript`).
    pub fn name(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Javascript => "javascript",
            Language::Typescript => "typescript",
        }
    }

    /// Whether programs of this language are JavaScript or TypeScript (traced by
    /// instrumentation under Node rather than by Python's tracer).
    pub fn is_javascript_family(self) -> bool {
        matches!(self, Language::Javascript | Language::Typescript)
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Language {
    type Err = String;

    /// Reads `python`, `javascript` (or `js`) and `typescript` (or `ts`), in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "python" | "py" => Ok(Language::Python),
            "javascript" | "js" => Ok(Language::Javascript),
            "typescript" | "ts" => Ok(Language::Typescript),
            _ => Err(format!(
                "unknown language `{s}`: expected python, javascript or typescript"
            )),
        }
    }
}

/// A loop statement or comprehension found by static analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoopInfo {
    /// `L<header line>`; a second loop on the same line gets `L<line>.2`, and so on.
    pub id: String,
    /// What kind of loop it is.
    pub kind: LoopKind,
    /// Line of the loop header (1-based).
    pub line: u32,
    /// First line of the body.
    pub body_start: u32,
    /// Last line of the body (inclusive).
    pub body_end: u32,
    /// The header as written, without the body (`for j in range(n - i - 1)`).
    pub header: String,
}

/// Kind of a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum LoopKind {
    /// `for` (Python `for … in`, JS counted `for(;;)`).
    For,
    /// `while`.
    While,
    /// JS `do … while`.
    DoWhile,
    /// JS `for … in`.
    ForIn,
    /// JS `for … of` (and `for await … of`).
    ForOf,
    /// A list, set, dict or generator comprehension.
    Comprehension,
}

/// A two-level subscript `name[row][col]`, for finding the grid cell in focus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GridAccess {
    /// The container's name as written (`dp`, `self.grid`).
    pub name: String,
    /// Line of the access.
    pub line: u32,
    /// Row expression as written (`i - 1`).
    pub row: String,
    /// Column expression as written (`j`).
    pub col: String,
}

/// A raw `viz:` hint comment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Hint {
    /// Line of the comment.
    pub line: u32,
    /// The text after `viz:`, trimmed (`hide temp`).
    pub text: String,
}

/// The uncaught error that ended a program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProgramError {
    /// The error's type name (`IndexError`, `TypeError`).
    #[serde(rename = "type")]
    pub type_name: String,
    /// The error's message.
    pub message: String,
    /// Line where it was raised in the program, when known.
    #[serde(default)]
    pub line: Option<u32>,
}

/// Which budget or resource limit stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum StopReason {
    /// The step budget (`max steps`) ran out.
    Steps,
    /// The time budget (wall clock) ran out.
    Time,
    /// The program reached the memory limit (`max memory`).
    Memory,
    /// The program printed more than the output limit (`max output`); `stdout` keeps what
    /// was printed up to it.
    Output,
    /// The program used up its CPU-time limit.
    Cpu,
    /// The program started more processes than the process limit (a fork bomb).
    Processes,
}

impl StopReason {
    /// The name used in the trace JSON (`"steps"`, `"memory"`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Steps => "steps",
            StopReason::Time => "time",
            StopReason::Memory => "memory",
            StopReason::Output => "output",
            StopReason::Cpu => "cpu",
            StopReason::Processes => "processes",
        }
    }
}

/// Counts over the whole run, including events sampling did not record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Counts {
    /// Every trace event the run produced, recorded or not.
    #[serde(default)]
    pub events: u64,
    /// Function name → calls and deepest recursion.
    #[serde(default, deserialize_with = "crate::unique::unique_map")]
    pub functions: BTreeMap<String, FunctionCount>,
}

/// Calls of one function over the whole run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FunctionCount {
    /// How many times it was called.
    pub calls: u64,
    /// The most frames of it on the stack at once (1 for a non-recursive function).
    pub max_depth: u64,
}

/// A heap object's id (`o1`): shared text, so the steps that hold an object (or just its id)
/// hold one copy of the id. Compares, hashes and looks up like a `&str`.
pub type ObjectId = Arc<str>;

/// A step's `heapIds`: every live id, in order. Read from JSON, a list equal to the previous
/// step's is that list, shared (and so are equal ids at the same position).
pub type HeapIds = Arc<[ObjectId]>;

/// One recorded moment of the run: a complete snapshot of stack and heap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Step {
    /// What happened at this step.
    pub event: Event,
    /// The line about to run (`line`), or the line of the event.
    pub line: u32,
    /// Frames: active frames outermost first (the last is running), then suspended
    /// generator/coroutine frames.
    pub stack: Vec<Frame>,
    /// Heap objects by id. Full (every object reachable from this step's frames) unless the
    /// trace has `heapDelta`, in which case only objects that changed since the previous step.
    #[schemars(with = "BTreeMap<String, HeapObject>")]
    #[serde(deserialize_with = "crate::unique::unique_map")]
    pub heap: Heap,
    /// With `heapDelta`: every id alive at this step, in order.
    #[schemars(with = "Option<Vec<String>>")]
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::ids::heap_ids"
    )]
    pub heap_ids: Option<HeapIds>,
    /// Length of `stdout` (in characters, Unicode scalar values) printed up to this step.
    pub stdout_length: u64,
    /// Set when something was printed since the previous step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<Output>,
    /// Every active loop of every frame, outermost first.
    #[serde(default)]
    pub loops: Vec<LoopContext>,
    /// The value returned (`return`) or yielded (`yield`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub return_value: Option<Value>,
    /// The exception passing through (`exception`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception: Option<ExceptionInfo>,
    /// Events that ran just before this step without being recorded (a sampled loop).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<u64>,
}

/// What happened at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Event {
    /// A line (statement) is about to run.
    Line,
    /// A function was entered.
    Call,
    /// A function is returning (`returnValue` holds the value).
    Return,
    /// An exception is passing through the running frame.
    Exception,
    /// A generator yielded (`returnValue` holds the value).
    Yield,
    /// A coroutine is suspending at an `await`.
    Await,
    /// A generator or coroutine resumed.
    Resume,
}

/// One function activation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Frame {
    /// Stable id (`f1`, `f2`, …); a resumed generator frame keeps its id.
    pub id: String,
    /// Function name; the module level is `<module>` (Python) or `<main>` (JS).
    pub func: String,
    /// Current line in this frame.
    pub line: u32,
    /// Local bindings in definition order, as `[name, value]` pairs.
    pub locals: Vec<Binding>,
    /// Whether the frame is running (on the stack) or paused.
    #[serde(default)]
    pub state: FrameState,
}

/// A `[name, value]` pair.
pub type Binding = (String, Value);

/// Whether a frame is on the stack or paused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FrameState {
    /// On the call stack.
    #[default]
    Active,
    /// A generator or coroutine frame that is paused.
    Suspended,
}

/// Something printed since the previous step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Output {
    /// The line that printed.
    pub line: u32,
    /// Ids of printed heap objects that are in this step's heap.
    #[serde(default)]
    pub refs: Vec<String>,
}

/// An active loop in some frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoopContext {
    /// Id of the frame running the loop.
    pub frame: String,
    /// Id of the loop (`LoopInfo.id`).
    #[serde(rename = "loop")]
    pub loop_id: String,
    /// Which run of this loop in this frame (1-based).
    pub instance: u64,
    /// Current pass (1-based); 0 before the first pass starts.
    pub iteration: u64,
    /// A counting loop's header with its values as this run started (`range(0, 3)`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<String>,
}

/// An exception passing through a frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExceptionInfo {
    /// Type name (`ValueError`).
    #[serde(rename = "type")]
    pub type_name: String,
    /// Message.
    pub message: String,
}

/// A value held by a variable, slot or field.
// `Deserialize` is written by hand (de.rs), to the same rules as these serde attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum Value {
    /// A primitive, shown by its text.
    Prim {
        /// The language's type name (`int`, `float`, `str`, `bool`, `NoneType`, `number`,
        /// `string`, `boolean`, `undefined`, `null`, `bigint`, `symbol`).
        #[serde(rename = "type")]
        type_name: String,
        /// The value as the language writes it: integers exact at any size, floats as the
        /// language prints them, strings quoted and cut to 48 characters.
        repr: String,
        /// A string's real length in characters, when `repr` was shortened.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        length: Option<u64>,
    },
    /// A pointer to a heap object of the same step.
    Ref {
        /// The object's id (`o1`, `o2`, …).
        id: String,
    },
    /// A value the tracer could not read without running user code or failing.
    Unreadable {
        /// Why (`__dict__ raised KeyError`).
        reason: String,
    },
}

impl Value {
    /// A primitive value.
    pub fn prim(type_name: impl Into<String>, repr: impl Into<String>) -> Self {
        Value::Prim {
            type_name: type_name.into(),
            repr: repr.into(),
            length: None,
        }
    }

    /// A reference to heap object `id`.
    pub fn reference(id: impl Into<String>) -> Self {
        Value::Ref { id: id.into() }
    }

    /// The id this value points at, if it is a reference.
    pub fn ref_id(&self) -> Option<&str> {
        match self {
            Value::Ref { id } => Some(id),
            _ => None,
        }
    }
}

/// A heap object. Containers show at most a window of their items and keep their real
/// `length`.
// `Deserialize` is written by hand (de.rs), to the same rules as these serde attributes.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum HeapObject {
    /// An ordered, mutable sequence (Python list, deque; JS Array, typed array).
    List(Sequence),
    /// An immutable sequence (Python tuple).
    Tuple(Sequence),
    /// A set (Python set/frozenset, JS Set), in iteration order.
    Set(Sequence),
    /// A mapping (Python dict, JS Map or plain object), in insertion order.
    Dict(Mapping),
    /// An instance of a user class.
    Instance(Instance),
    /// A function or closure.
    Function(Function),
    /// A class.
    Class(Class),
    /// A generator or coroutine object.
    Generator(Generator),
    /// Anything else, shown as one value (Date, RegExp, module, range, Promise).
    Value(SingleValue),
}

impl HeapObject {
    /// The display type name (`list`, `Array`, `Node`, `function`).
    pub fn type_name(&self) -> &str {
        match self {
            HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => &s.type_name,
            HeapObject::Dict(m) => &m.type_name,
            HeapObject::Instance(i) => &i.type_name,
            HeapObject::Function(_) => "function",
            HeapObject::Class(_) => "class",
            HeapObject::Generator(g) => &g.type_name,
            HeapObject::Value(v) => &v.type_name,
        }
    }

    /// The named slots of this object in order: list index, dict key, field or captured name.
    /// Slot keys are what [`crate::diff_steps`] reports as changed.
    pub fn slots(&self) -> Vec<(SlotKey, &Value)> {
        match self {
            HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => s
                .items
                .iter()
                .enumerate()
                .map(|(i, v)| (SlotKey::Index(s.offset + i as u64), v))
                .collect(),
            HeapObject::Dict(m) => m
                .entries
                .iter()
                .map(|(k, v)| (SlotKey::Key(k.clone()), v))
                .collect(),
            HeapObject::Instance(i) => i
                .fields
                .iter()
                .map(|(k, v)| (SlotKey::Field(k.clone()), v))
                .collect(),
            HeapObject::Function(f) => f
                .captured
                .iter()
                .map(|(k, v)| (SlotKey::Field(k.clone()), v))
                .collect(),
            HeapObject::Class(c) => c
                .fields
                .iter()
                .map(|(k, v)| (SlotKey::Field(k.clone()), v))
                .collect(),
            HeapObject::Generator(_) | HeapObject::Value(_) => Vec::new(),
        }
    }

    /// Every value this object holds, dict keys included, in slot order.
    pub fn values(&self) -> Vec<&Value> {
        match self {
            HeapObject::Dict(m) => m.entries.iter().flat_map(|(k, v)| [k, v]).collect(),
            _ => self.slots().into_iter().map(|(_, v)| v).collect(),
        }
    }
}

/// Which slot of an object: a list index, a dict key or a field name.
#[derive(
    Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "kind", content = "key", rename_all = "lowercase")]
pub enum SlotKey {
    /// A real index into a sequence (window offset included).
    Index(u64),
    /// A dict key.
    Key(Value),
    /// A field, attribute or captured-variable name.
    Field(String),
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        fn key(v: &Value) -> (u8, &str, &str) {
            match v {
                Value::Prim {
                    type_name, repr, ..
                } => (0, type_name, repr),
                Value::Ref { id } => (1, id, ""),
                Value::Unreadable { reason } => (2, reason, ""),
            }
        }
        key(self).cmp(&key(other))
    }
}

/// Items of a list, tuple or set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Sequence {
    /// Display type name (`list`, `deque`, `Array`, `Int32Array`).
    pub type_name: String,
    /// The items shown: all of them, or a window of at most 60 starting at `offset`.
    pub items: Vec<Value>,
    /// The real number of items.
    pub length: u64,
    /// Index of `items[0]` in the whole sequence (0 unless windowed).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub offset: u64,
    /// Memory size in bytes as the language reports it (CPython `sys.getsizeof`), if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// Entries of a dict, Map or plain object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Mapping {
    /// Display type name (`dict`, `defaultdict`, `Map`, `Object`).
    pub type_name: String,
    /// `[key, value]` pairs in insertion order; keys may be any value.
    pub entries: Vec<(Value, Value)>,
    /// The real number of entries.
    pub length: u64,
    /// Memory size in bytes, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// An instance of a user class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Instance {
    /// The class name, from the object's real type (never a user-overridden attribute).
    pub type_name: String,
    /// `[field, value]` pairs in definition order.
    pub fields: Vec<Binding>,
    /// Memory size in bytes, if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// A function or closure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Function {
    /// Its name (`<lambda>`, `anonymous`).
    pub name: String,
    /// Parameter names in order.
    #[serde(default)]
    pub params: Vec<String>,
    /// Captured outer bindings (closure cells), as `[name, value]` pairs.
    #[serde(default)]
    pub captured: Vec<Binding>,
    /// Line where it is defined in the program, when it is the program's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
}

/// A class object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Class {
    /// The class name.
    pub name: String,
    /// Names of the base classes.
    #[serde(default)]
    pub bases: Vec<String>,
    /// Class-level attributes other than methods and dunders, as `[name, value]` pairs.
    #[serde(default)]
    pub fields: Vec<Binding>,
}

/// A generator or coroutine object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Generator {
    /// `generator`, `coroutine`, `async_generator`.
    pub type_name: String,
    /// The function it runs.
    pub name: String,
    /// `created`, `suspended`, `running` or `closed`.
    pub state: String,
    /// Id of its frame while it has one (suspended or running).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
}

/// Any other object, shown as one value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SingleValue {
    /// Display type name (`Date`, `RegExp`, `module`, `range`).
    pub type_name: String,
    /// Its text, cut to 48 characters (`range(0, 10)`, `/a+/g`).
    pub repr: String,
    /// Real length of the text when `repr` was cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<u64>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

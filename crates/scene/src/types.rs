//! The scene types: plain serde data, no positions, no pixels.

use algoscope_trace_format::{Event, Value};
use serde::{Deserialize, Serialize};

use crate::hints::VizHints;
use crate::sizes::{ObjectSize, SizeModel};

/// Options of [`crate::memory_scene`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SceneOptions {
    /// How many levels deep an object may nest inside its holder (a frame's variable is
    /// level 1). Default 6.
    pub max_nest_depth: u32,
    /// Names always considered as index pointers on a list the code indexes, even when the
    /// code never writes `list[name]` (binary search's `lo`/`hi`).
    pub conventional_pointers: Vec<String>,
    /// The parsed `viz:` hints ([`crate::apply_hints`]): linked and graph detection read
    /// `linked` and `graphs`, the loop history reads `show`. Default: no hints.
    pub hints: VizHints,
    /// Ids of graphs the run-wide universe found ([`crate::GraphUniverse::ids`]): at steps
    /// where such a graph is still being built (no edge yet, or fewer than half its
    /// neighbours are keys), it is still read as a graph.
    pub known_graphs: Vec<String>,
    /// When set, every size field of the scene is filled in this model (bytes); when `None`
    /// (the default) they are all `None`. See [`crate::step_sizes`].
    pub size_model: Option<SizeModel>,
}

/// The conventional index-pointer names considered on every list the code indexes.
pub const CONVENTIONAL_POINTERS: &[&str] = &[
    "lo", "hi", "low", "high", "left", "right", "l", "r", "start", "end", "mid", "slow", "fast",
];

impl Default for SceneOptions {
    fn default() -> Self {
        SceneOptions {
            max_nest_depth: 6,
            conventional_pointers: CONVENTIONAL_POINTERS
                .iter()
                .map(|s| s.to_string())
                .collect(),
            hints: VizHints::default(),
            known_graphs: Vec::new(),
            size_model: None,
        }
    }
}

/// What one step of a run shows in the memory picture. Built by [`crate::memory_scene`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemoryScene {
    /// The step shown, 0-based.
    pub step: usize,
    /// The line about to run (or of the event).
    pub line: u32,
    /// What happened at this step.
    pub event: Event,
    /// Frames: active ones outermost first (the last active one is running), then suspended
    /// ones.
    pub frames: Vec<SceneFrame>,
    /// Objects reachable from the frames (and printed objects), in breadth-first order.
    pub objects: Vec<SceneObject>,
    /// Every reference drawn or nested: from a frame binding, an object slot, a dict key, a
    /// return value or the printed-output card, to an object.
    pub arrows: Vec<SceneArrow>,
    /// Index pointers to mark under lists (and beside grids).
    pub pointers: Vec<IndexPointer>,
    /// The grid cell the current line reads or writes, when one can be worked out.
    pub grid_focus: Option<GridFocus>,
    /// What was printed since the previous step, if anything.
    pub output: Option<PrintedOutput>,
    /// The widest line (in characters) the whole run prints, so the stack column keeps one
    /// width on every step.
    pub output_width_chars: u32,
    /// Lists of lists of primitives, drawn as grids.
    pub grids: Vec<Grid>,
    /// Trees of the linked track (two link fields, any names; see
    /// [`crate::find_linked_track`]), drawn as blocks top-down, in-order across.
    pub trees: Vec<TreeBlock>,
    /// Lists of the linked track: runs of at least two nodes along the primary link, each
    /// drawn as a straight line in link order.
    pub chains: Vec<Chain>,
    /// The linked track at this step (class, link fields, value field, shape), if any.
    pub linked: Option<crate::linked::LinkedTrack>,
    /// Graphs (adjacency dicts, hinted neighbour lists, graphs of objects) with their state
    /// at this step, each drawn in place of its holder's box.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub graphs: Vec<crate::SceneGraph>,
    /// The program's memory size, when [`SceneOptions::size_model`] is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program_size: Option<ProgramSize>,
}

/// A run of linked-list nodes at this step: from a head along the primary link (`next`, else
/// the first link) until null or a node already read; see [`crate::linked_row`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Chain {
    /// Node object ids, left to right.
    pub nodes: Vec<String>,
}

/// The memory a whole step takes (see [`crate::step_sizes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgramSize {
    /// The model the sizes are in.
    pub model: SizeModel,
    /// Every frame's variables plus every object reachable from them, each once (bytes).
    pub total_bytes: u64,
}

/// One function activation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneFrame {
    /// The trace's frame id (`f3`).
    pub id: String,
    /// The box key: `frame:<id>`.
    pub key: String,
    /// Function name (`<module>` for the module level).
    pub func: String,
    /// Current line in this frame.
    pub line: u32,
    /// True for a paused generator/coroutine frame.
    pub suspended: bool,
    /// True for the running frame (the last active one).
    pub running: bool,
    /// True when this frame did not exist at the previous step.
    pub new: bool,
    /// Local bindings in definition order.
    pub bindings: Vec<SceneBinding>,
    /// The value this frame is returning or yielding at this step (running frame only).
    pub return_value: Option<Value>,
    /// With a size model: the frame's variables plus every object reachable from them, each
    /// once (bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// A variable of a frame.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneBinding {
    /// The variable's name.
    pub name: String,
    /// Its value.
    pub value: Value,
    /// True when the value (or the object it points at) differs from the previous step.
    pub changed: bool,
    /// With a size model: the variable's cell, its slot plus the primitive it holds (bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// The kind of a heap object, for choosing its picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ObjectKind {
    /// Ordered mutable sequence (cells in a row, with indices).
    List,
    /// Immutable sequence.
    Tuple,
    /// Set (cells in a row, no indices).
    Set,
    /// Mapping (key/value rows).
    Dict,
    /// Instance of a user class (field rows).
    Instance,
    /// Function or closure (title, captured rows).
    Function,
    /// Class (title, field rows).
    Class,
    /// Generator or coroutine.
    Generator,
    /// Anything else, one value.
    Value,
}

impl ObjectKind {
    /// True for kinds drawn as a row of cells (list, tuple, set).
    pub fn is_sequence(self) -> bool {
        matches!(self, ObjectKind::List | ObjectKind::Tuple | ObjectKind::Set)
    }
}

/// A heap object reachable at this step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneObject {
    /// The trace's object id (`o4`).
    pub id: String,
    /// The box key: `obj:<id>`.
    pub key: String,
    /// Kind of picture.
    pub kind: ObjectKind,
    /// Display type name (`list`, `ListNode`, `Array`).
    pub type_name: String,
    /// Title text for functions, classes, generators and single values (`fib(n)`,
    /// `range(0, 3)`), else empty.
    pub label: String,
    /// Slots in order: sequence items, dict entries, fields, captured variables.
    pub slots: Vec<SceneSlot>,
    /// Real number of items of a sequence or dict (may exceed `slots.len()` when windowed).
    pub length: u64,
    /// Index of the first slot of a windowed sequence.
    pub offset: u64,
    /// Breadth-first distance from the stack: 0 for objects a variable points at.
    pub depth: u32,
    /// True when the object did not exist at the previous step.
    pub new: bool,
    /// In nested mode, the key of the box this object is drawn inside (`frame:f1` or
    /// `obj:o2`); `None` when it stays a separate box. Grid rows are always inside their
    /// grid (see [`Grid`]) and do not use this.
    pub nest_in: Option<String>,
    /// With a size model: the object's own size and its total (bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<ObjectSize>,
}

/// One slot of an object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneSlot {
    /// Slot id used in arrow sources (`<key>#<id>`): the index for sequences, the field name
    /// for fields, `[<key text>]` for dict values.
    pub id: String,
    /// How the slot is labelled.
    pub label: SlotLabel,
    /// The value held.
    pub value: Value,
    /// True when the value changed since the previous step.
    pub changed: bool,
    /// With a size model: the cell, its slot plus the primitive it holds; a dict entry's key
    /// and value cells together (bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_bytes: Option<u64>,
}

/// How a slot is labelled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "key", rename_all = "camelCase")]
pub enum SlotLabel {
    /// A sequence index (window offset included).
    Index(u64),
    /// A dict key (may itself be a reference).
    Key(Value),
    /// A field or captured name.
    Field(String),
}

/// Where an arrow starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ArrowKind {
    /// From a frame's variable.
    Binding,
    /// From a frame's return value.
    Return,
    /// From an object's slot value.
    Slot,
    /// From a dict key that is a reference.
    Key,
    /// From the printed-output card to a printed object.
    Output,
}

/// A reference from a box (or one of its slots) to an object.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneArrow {
    /// Source: `frame:<id>#<name>`, `frame:<id>#return`, `obj:<id>#<slot id>`,
    /// `obj:<id>#key[<key text>]` or `output`.
    pub from: String,
    /// Key of the box the source sits in (`frame:f1`, `obj:o2`, `output`).
    pub from_node: String,
    /// Target box key: `obj:<id>`.
    pub to: String,
    /// What kind of source.
    pub kind: ArrowKind,
    /// True when, in nested mode, the target is drawn inside the source box instead of being
    /// pointed at (the arrow is not drawn then).
    pub nests: bool,
    /// True for a grid's arrow to one of its rows: never drawn, the row is part of the grid.
    pub grid_row: bool,
    /// True when this step changed the reference.
    pub changed: bool,
    /// True for a reference between two members of one graph (the adjacency dict to a
    /// neighbour list, a node object to another): never drawn, the graph shows it as an edge.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_graph: bool,
}

impl SceneArrow {
    /// Whether this arrow is drawn as an arrow in the given mode.
    pub fn is_drawn(&self, nested: bool) -> bool {
        !(self.grid_row || self.in_graph || (nested && self.nests))
    }
}

/// Which dimension an index pointer marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PointerAxis {
    /// An item of a one-dimensional sequence.
    Items,
    /// A row of a grid.
    Rows,
    /// A column of a grid.
    Columns,
}

/// A variable holding a whole number used as an index into a sequence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndexPointer {
    /// The sequence (or grid) object id.
    pub object: String,
    /// Which dimension.
    pub axis: PointerAxis,
    /// The variable's name.
    pub name: String,
    /// Id of the frame holding the variable.
    pub frame: String,
    /// The index it holds (0-based, never negative).
    pub index: u64,
    /// True when the index equals the length (one past the end): drawn hollow.
    pub hollow: bool,
    /// True when the variable changed this step.
    pub changed: bool,
}

/// The grid cell the current line reads or writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GridFocus {
    /// The grid object id.
    pub grid: String,
    /// Row index (after wrapping a negative index).
    pub row: u64,
    /// Column index (after wrapping a negative index).
    pub col: u64,
    /// The access as written (`dp[i - 1][j]`).
    pub text: String,
}

/// What was printed since the previous step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrintedOutput {
    /// The line that printed.
    pub line: u32,
    /// The text printed (may hold several lines).
    pub text: String,
    /// Ids of printed heap objects shown at this step.
    pub refs: Vec<String>,
}

/// A list of lists of primitives, drawn as a grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grid {
    /// The outer list's id.
    pub id: String,
    /// The row lists' ids, in order.
    pub rows: Vec<String>,
    /// The longest row's length.
    pub cols: u64,
}

/// A tree: instances of the linked track's class joined by its link fields (see
/// [`crate::find_linked_track`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeBlock {
    /// The root node's id.
    pub root: String,
    /// Nodes in in-order.
    pub nodes: Vec<TreeNode>,
    /// The link field names (`left`, `right`; `children`): the slots parent-to-child edges
    /// leave from.
    #[serde(default)]
    pub links: Vec<String>,
}

/// One node of a [`TreeBlock`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeNode {
    /// The node's object id.
    pub id: String,
    /// Depth below the root (root 0).
    pub depth: u32,
    /// Parent node id (None for the root).
    pub parent: Option<String>,
}

impl MemoryScene {
    /// The object with this id.
    pub fn object(&self, id: &str) -> Option<&SceneObject> {
        self.objects.iter().find(|o| o.id == id)
    }

    /// The arrows drawn as arrows in the given mode (the rest are nested or grid rows).
    pub fn drawn_arrows(&self, nested: bool) -> impl Iterator<Item = &SceneArrow> {
        self.arrows.iter().filter(move |a| a.is_drawn(nested))
    }
}

/// The key of the box for object `id`.
pub fn object_key(id: &str) -> String {
    format!("obj:{id}")
}

/// The key of the box for frame `id`.
pub fn frame_key(id: &str) -> String {
    format!("frame:{id}")
}

/// The key of the printed-output card.
pub const OUTPUT_KEY: &str = "output";

//! The loop-history scene types: plain serde data (camelCase JSON), no positions, no pixels.
//!
//! A [`LoopScene`] is what the loop view of one step shows: the passes of the loop running at
//! that step (and of every loop around it in the same frame), one [`LoopRow`] per pass, in the
//! order the passes ended, with quiet passes folded into [`QuietBand`]s, unrecorded (sampled)
//! passes as [`SampledGap`]s and a [`RunHeader`] where each run of a loop starts.

use algoscope_trace_format::{LoopKind, Value};
use serde::{Deserialize, Serialize};

use crate::graph::SceneGraph;
use crate::linked::{LinkedRow, LinkedTrack};
use crate::sizes::SizeModel;
use crate::types::{PointerAxis, SceneOptions};

/// Options of [`crate::loop_scene`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LoopSceneOptions {
    /// The memory-scene options this view shares: the conventional pointer names, and the
    /// parsed `viz:` hints (`show` names are always shown; `linked` picks the linked track;
    /// `graphs` names graphs).
    pub scene: SceneOptions,
    /// At most this many rows; the latest are kept and a [`LoopItem::Dropped`] item says how
    /// many earlier rows were left out. Default 120.
    pub max_rows: usize,
    /// Consecutive quiet passes of one run are folded into a band when there are at least this
    /// many of them. Default 2.
    pub min_quiet_band: usize,
    /// When false (the default), rows stop at the current step: passes that ended before it,
    /// then the pass in progress with its state at the current step (`current: true`). When
    /// true, every pass of the run is a row, including those after the current step.
    pub whole_run: bool,
}

impl Default for LoopSceneOptions {
    fn default() -> Self {
        LoopSceneOptions {
            scene: SceneOptions::default(),
            max_rows: 120,
            min_quiet_band: 2,
            whole_run: false,
        }
    }
}

/// What the loop view of one step shows. Built by [`crate::loop_scene`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopScene {
    /// The step shown, 0-based.
    pub step: usize,
    /// Id of the frame the loops run in (`f3`).
    pub frame: String,
    /// That frame's function name (`bubble_sort`, `<module>`).
    pub func: String,
    /// The innermost loop running at the step (in `frame`): its id.
    pub current_loop: String,
    /// Every loop of `frame` that has rows here, outermost first (depth 0 first).
    pub loops: Vec<LoopDesc>,
    /// First and last step (0-based, inclusive) of the outermost loop's run.
    pub run_steps: [usize; 2],
    /// The containers shown, in frame order; every row has an entry for each, in this order.
    pub containers: Vec<ShownContainer>,
    /// The scalar variables shown, in frame order; every row has an entry for each.
    pub scalars: Vec<String>,
    /// True when the trace was sampled (some passes may be gaps).
    pub sampled: bool,
    /// The linked list or tree the loop's frame holds, over the whole run: its track, the
    /// column order every row shares and the chains; each row has its own
    /// [`LoopRow::linked`]. `None` when the frame holds none.
    pub linked: Option<LoopLinked>,
    /// What to draw, top to bottom.
    pub items: Vec<LoopItem>,
    /// The size model of each row's [`LoopRow::sizes`] (`--sizes`), from
    /// [`crate::SceneOptions::size_model`]; `None` shows no sizes.
    #[serde(default)]
    pub size_model: Option<SizeModel>,
}

/// The linked track over the whole run (the per-row nodes are in each [`LoopRow::linked`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopLinked {
    /// The node class, its links, value field and shape (list or tree).
    pub track: LinkedTrack,
    /// Every node of every state of the run, in column order: the first state's reading
    /// order, then nodes first seen later (so a node keeps its column on every row and step).
    pub columns: Vec<String>,
    /// Nodes joined by a link in any state of the run are one chain (its own line), each in
    /// column order.
    pub chains: Vec<Vec<String>>,
}

/// One loop of the frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopDesc {
    /// The loop id (`L4`).
    pub id: String,
    /// What kind of loop.
    pub kind: LoopKind,
    /// Header line (1-based).
    pub line: u32,
    /// The header as written (`for j in range(n - 1 - i)`).
    pub header: String,
    /// Nesting depth among the loops shown: 0 for the outermost.
    pub depth: u32,
    /// Names the header assigns each pass (`i`; `k, v`): they change every pass, so a pass
    /// that changes only them is quiet.
    pub loop_vars: Vec<String>,
}

/// How a shown container is drawn in every row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ContainerKind {
    /// A list (or other ordered mutable sequence): cells with indices.
    List,
    /// A tuple: cells with indices.
    Tuple,
    /// A set: cells without indices.
    Set,
    /// A dict, Map or plain object: key/value entries.
    Dict,
    /// A list of lists of primitives: a grid.
    Grid,
}

/// A container variable shown in the loop view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShownContainer {
    /// The variable's name (`arr`; `self.items` for an attribute the code indexes).
    pub name: String,
    /// How it is drawn (its kind in the latest row that holds it).
    pub kind: ContainerKind,
    /// The most items (sequence), entries (dict) or columns (grid) it shows in any row of the
    /// whole run, so a layout can reserve the width once and keep it on every step.
    pub max_items: u64,
    /// The most rows a grid has in any row of the whole run (0 for other kinds).
    pub max_grid_rows: u64,
    /// The highest index any row shows (offset + items), for sequences; 0 otherwise.
    pub max_index_end: u64,
    /// The run-wide id of the graph this container holds ([`SceneGraph::id`]) when some row
    /// finds one in it: a renderer may draw [`LoopRow::graphs`] in its place.
    pub graph: Option<String>,
}

/// One thing to draw, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum LoopItem {
    /// A run of a loop starts here.
    RunHeader(RunHeader),
    /// One pass (boxed: a row is much larger than the other items).
    Row(Box<LoopRow>),
    /// Consecutive passes that changed nothing shown (beyond the loop's own variables).
    Quiet(QuietBand),
    /// Passes that ran but were not recorded (a sampled loop).
    Gap(SampledGap),
    /// Earlier rows left out by the row cap ([`LoopSceneOptions::max_rows`]).
    Dropped(DroppedRows),
}

/// Where a run of a loop starts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunHeader {
    /// The loop id.
    pub loop_id: String,
    /// Which run of the loop in its frame (1-based).
    pub run: u64,
    /// Nesting depth (0 outermost); a renderer indents by it.
    pub depth: u32,
    /// The header as written.
    pub header: String,
    /// The header with its values when the run started (`range(0, 30)`), when the tracer
    /// recorded them.
    pub call: Option<String>,
    /// The run's first step (0-based).
    pub step: usize,
    /// The names the header reads (not the ones it assigns each pass) that held a primitive
    /// in the loop's frame at the run's first step, in header order: `n = 30` for
    /// `for (let i = 0; i < n - 1; i++)`, `lo = 0`, `hi = 9` for `while lo <= hi`. Every
    /// language gets them; a renderer may show them when there is no `call`.
    #[serde(default)]
    pub values: Vec<HeaderValue>,
    /// The state when the run started, as a row drawn under this header, so the first pass
    /// (compared with that state: there is no earlier pass) has a row its moves come from (a
    /// swap's crossing arrows, a shift's `j → j + 1`, items leaving the front). Set only when
    /// the run's first pass follows this header directly and moved something (a changed list
    /// or tuple cell with a [`RowCell::from`], or [`SequenceRow::removed_front`]). Its
    /// `iteration` is 0, its label `start`, and nothing in it is marked changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Box<LoopRow>>,
}

/// A name a loop header reads and its value when the run started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderValue {
    /// The variable's name (`n`).
    pub name: String,
    /// Its value's display text (`30`).
    pub text: String,
}

/// One pass of a loop: the state when it ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopRow {
    /// The loop id.
    pub loop_id: String,
    /// Which run of the loop (1-based).
    pub run: u64,
    /// Nesting depth (0 outermost).
    pub depth: u32,
    /// The pass number (1-based).
    pub iteration: u64,
    /// The step the row's state is read from: the last step of the pass at which no loop
    /// inside it runs (usually the header check that starts the next pass).
    pub step: usize,
    /// The step this row is compared with for changes: the previous row of the same run, or
    /// the run's first step for its first pass.
    pub compare_step: usize,
    /// Short label (`pass 3`).
    pub label: String,
    /// True for the pass in progress at the current step (its state so far).
    pub current: bool,
    /// True when something shown changed (cells, entries, scalars, the linked track or a
    /// name on one of its nodes), other than the loop's own variables.
    pub changed: bool,
    /// One entry per [`LoopScene::containers`], in that order.
    pub containers: Vec<RowContainer>,
    /// One entry per [`LoopScene::scalars`], in that order.
    pub scalars: Vec<RowScalar>,
    /// Index names holding whole numbers, as positions in shown containers.
    pub pointers: Vec<RowPointer>,
    /// The linked track in this row (the loop frame's names only): its nodes in reading
    /// order, names on nodes, tree depths and signature. `None` when the scene has no
    /// [`LoopScene::linked`].
    pub linked: Option<LinkedRow>,
    /// True when the linked track's signature (a value or link) differs from the compared
    /// row's.
    pub linked_changed: bool,
    /// Ids of the linked track's nodes whose value or links differ from the compared row
    /// (or that it lacks), in reading order: a renderer highlights them like changed cells.
    #[serde(default)]
    pub linked_changes: Vec<String>,
    /// Graphs held by the loop frame's variables at this row's step, with their state
    /// overlay (visited, queue, current node…).
    pub graphs: Vec<SceneGraph>,
    /// Memory sizes at this row's step under [`LoopScene::size_model`]; `None` without a
    /// size model.
    #[serde(default)]
    pub sizes: Option<RowSizes>,
}

/// A row's memory sizes, in bytes (see `docs/memory-sizes.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowSizes {
    /// One per [`LoopScene::containers`]: the container's object and everything reachable
    /// from it, each object once; `None` when the name holds no object in this row.
    pub containers: Vec<Option<u64>>,
    /// The linked track's nodes of this row, each node's own size summed; `None` without a
    /// linked track.
    pub linked: Option<u64>,
}

/// A shown container's state in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowContainer {
    /// The variable's name.
    pub name: String,
    /// The object id it refers to in this row, if any.
    pub id: Option<String>,
    /// True when the variable now refers to a different object than in the compared row.
    pub rebound: bool,
    /// What it holds.
    pub content: RowContent,
}

/// What a container holds in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RowContent {
    /// List, tuple or set items (a window of a long list keeps its offset).
    Sequence(SequenceRow),
    /// Dict entries in insertion order.
    Dict(DictRow),
    /// A list of lists drawn as a grid.
    Grid(GridRow),
    /// The name is not bound to a container in this row.
    Absent,
}

/// Sequence items in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SequenceRow {
    /// Display type name (`list`, `deque`, `Array`).
    pub type_name: String,
    /// Index of `cells[0]` (0 unless the tracer windowed a long list).
    pub offset: u64,
    /// The real number of items.
    pub length: u64,
    /// The items shown; cell `k` is index `offset + k`. A set's members are sorted instead
    /// (numbers by value, then the rest by text), the same order on every row whatever the
    /// set's iteration order, since sets are compared by membership.
    pub cells: Vec<RowCell>,
    /// The items that left the front since the compared row (a `pop(0)`, `shift()` or
    /// `popleft()`), first first; the items that stayed moved left by as many places (their
    /// cells' `from` say so). Empty when nothing left the front.
    #[serde(default)]
    pub removed_front: Vec<RowCell>,
    /// The items that left the end since the compared row (a `pop()`), in their old order:
    /// set when the sequence got shorter and every item it kept is where it was (cells
    /// unchanged), so nothing else explains the change. Empty otherwise, and for sets and
    /// windowed sequences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_back: Vec<RowCell>,
}

/// One item of a sequence (or grid cell) in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowCell {
    /// The value held.
    pub value: Value,
    /// Display text: a primitive's repr, else a short preview of the object (`Node`, `[1, 2]`).
    pub text: String,
    /// True when the value differs from the compared row at this index (or the index is new);
    /// in a set, when the compared row's set lacks the member.
    pub changed: bool,
    /// For a changed cell that existed before: the index its value most likely came from (a
    /// different changed index whose previous value equals the new value, so a swap gives two
    /// crossing moves; else a neighbour that kept that value, a copy as a shift writes it;
    /// when items left the front, its old index), else its own index. `None` for unchanged
    /// cells, new indices, items added at the end after items left the front, and sets.
    pub from: Option<u64>,
}

/// Dict entries in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictRow {
    /// Display type name (`dict`, `Map`, `Object`).
    pub type_name: String,
    /// The real number of entries.
    pub length: u64,
    /// Entries in insertion order.
    pub entries: Vec<RowEntry>,
}

/// One dict entry in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowEntry {
    /// The key.
    pub key: Value,
    /// The key's display text.
    pub key_text: String,
    /// The value.
    pub value: Value,
    /// The value's display text.
    pub text: String,
    /// True when the key is new or its value differs from the compared row.
    pub changed: bool,
}

/// A grid (list of lists) in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GridRow {
    /// The outer list's display type name.
    pub type_name: String,
    /// The grid's rows of cells (`from` is never set in a grid).
    pub rows: Vec<Vec<RowCell>>,
    /// The cell the row's step reads or writes (`[row, col]`), when it can be worked out.
    pub focus: Option<[u64; 2]>,
}

/// A shown scalar in one row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowScalar {
    /// The variable's name.
    pub name: String,
    /// Its value; `None` when it is not bound in this row.
    pub value: Option<Value>,
    /// Display text (empty when unbound).
    pub text: String,
    /// True when the value differs from the compared row.
    pub changed: bool,
}

/// An index name holding a whole number, as a position in a shown container.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RowPointer {
    /// The variable's name (`j`).
    pub name: String,
    /// The container's name (`arr`).
    pub container: String,
    /// Which dimension (items of a sequence; rows or columns of a grid).
    pub axis: PointerAxis,
    /// The index it holds (0-based, never negative).
    pub index: u64,
    /// True when the index equals the length (one past the end).
    pub hollow: bool,
}

/// Consecutive quiet passes of one run, folded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuietBand {
    /// The loop id.
    pub loop_id: String,
    /// Which run.
    pub run: u64,
    /// Nesting depth.
    pub depth: u32,
    /// How many passes.
    pub count: u64,
    /// First and last pass number folded (inclusive).
    pub iterations: [u64; 2],
    /// First and last row step folded (inclusive).
    pub steps: [usize; 2],
}

/// Passes that ran but were not recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SampledGap {
    /// The loop id.
    pub loop_id: String,
    /// Which run.
    pub run: u64,
    /// Nesting depth.
    pub depth: u32,
    /// How many passes were skipped.
    pub passes: u64,
    /// How many trace events ran unrecorded there (the `skipped` counts of the steps that
    /// follow them).
    pub events: u64,
}

/// Rows left out by the cap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DroppedRows {
    /// How many rows (quiet passes and gaps not counted).
    pub rows: usize,
}

impl LoopScene {
    /// The rows, in order.
    pub fn rows(&self) -> impl Iterator<Item = &LoopRow> {
        rows_of(&self.items)
    }

    /// Every row a renderer draws, in item order: each run header's
    /// [`RunHeader::start`] row (at the header's place), and the passes.
    pub fn drawn_rows(&self) -> impl Iterator<Item = &LoopRow> {
        self.items.iter().filter_map(|i| match i {
            LoopItem::Row(r) => Some(r.as_ref()),
            LoopItem::RunHeader(h) => h.start.as_deref(),
            _ => None,
        })
    }
}

/// The rows among `items`, in order.
pub(crate) fn rows_of(items: &[LoopItem]) -> impl Iterator<Item = &LoopRow> {
    items.iter().filter_map(|i| match i {
        LoopItem::Row(r) => Some(r.as_ref()),
        _ => None,
    })
}

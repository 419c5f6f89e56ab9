//! Memory sizes of one step, in bytes, under a chosen model (see `docs/memory-sizes.md`).
//!
//! [`step_sizes`] gives each heap object's own size and its total (everything reachable from
//! it, each object counted once, cycles included), each cell's size (the slot plus the
//! primitive it holds), each frame's total and the program's total. Three models:
//! [`SizeModel::Python`] (64-bit CPython: the sizes the tracer recorded, fixed sizes for the
//! rest), [`SizeModel::Textbook`] (8-byte words) and [`SizeModel::V8`] (64-bit V8 with pointer
//! compression). Every model is a formula over the trace's own structure; only the Python
//! model also reads the recorded `sizeBytes`.
//!
//! Every object's own size is its `base` (header and storage, spare capacity included, used
//! slots excluded) plus its cells, so own sizes add up from what the box shows. A windowed
//! sequence or dict counts the items it does not show at the mean size of those it shows.

mod fit;
mod prim;
mod python;
mod textbook;
mod totals;
mod v8;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use algoscope_trace_format::{HeapObject, Step, Value};
use serde::{Deserialize, Serialize};

pub use fit::SizeModelMismatch;

use crate::build::slot_id;
use crate::types::{frame_key, object_key};

/// Which memory model sizes are computed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum SizeModel {
    /// 64-bit CPython: `sys.getsizeof` as the tracer recorded it, fixed sizes for primitives.
    Python,
    /// A textbook machine: 8-byte words, 1-byte booleans, 2-byte characters.
    Textbook,
    /// 64-bit V8 with pointer compression: 4-byte tagged slots, small integers in the slot.
    V8,
}

impl SizeModel {
    /// Every model, in the order the command line lists them.
    pub const ALL: [SizeModel; 3] = [SizeModel::Python, SizeModel::Textbook, SizeModel::V8];

    /// The model's name as the command line and JSON write it (`python`, `textbook`, `v8`).
    pub fn name(self) -> &'static str {
        match self {
            SizeModel::Python => "python",
            SizeModel::Textbook => "textbook",
            SizeModel::V8 => "v8",
        }
    }
}

impl fmt::Display for SizeModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A size model name that is none of `python`, `textbook`, `v8`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown size model `{0}`: python, textbook or v8")]
pub struct UnknownSizeModel(pub String);

impl FromStr for SizeModel {
    type Err = UnknownSizeModel;

    /// `python`, `textbook` or `v8`, in any case.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SizeModel::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownSizeModel(s.to_string()))
    }
}

/// One object's sizes, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ObjectSize {
    /// The object itself: header, storage and the primitives its cells hold.
    pub own_bytes: u64,
    /// The object and everything reachable from it, each object counted once.
    pub total_bytes: u64,
}

/// The sizes of one step under one model, in bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepSizes {
    /// The model used.
    pub model: SizeModel,
    /// Object id → its own size and total.
    pub objects: BTreeMap<String, ObjectSize>,
    /// Cell → its size (the slot plus the primitive it holds; a reference is just its slot).
    /// Keyed like arrow sources: `frame:<id>#<name>`, `frame:<id>#return`,
    /// `obj:<id>#<slot id>`, and `obj:<id>#key[<key text>]` for a dict key.
    pub cells: BTreeMap<String, u64>,
    /// Frame id → its variables' cells plus every object reachable from them, each once.
    pub frames: BTreeMap<String, u64>,
    /// Every frame's cells plus every object reachable from any frame (or printed), each once.
    pub total_bytes: u64,
}

impl StepSizes {
    /// The cell of slot `slot` (a slot id, as in arrow sources) of box `box_key`; for a dict
    /// entry, its key's and value's cells together.
    ///
    /// # Example
    /// ```
    /// # use algoscope_scene::{SizeModel, StepSizes};
    /// let mut sizes = StepSizes { model: SizeModel::V8, objects: Default::default(),
    ///     cells: Default::default(), frames: Default::default(), total_bytes: 0 };
    /// sizes.cells.insert("obj:o1#key['a']".into(), 20);
    /// sizes.cells.insert("obj:o1#['a']".into(), 4);
    /// assert_eq!(sizes.cell("obj:o1", "['a']"), Some(24));
    /// assert_eq!(sizes.cell("obj:o1", "x"), None);
    /// ```
    pub fn cell(&self, box_key: &str, slot: &str) -> Option<u64> {
        let value = self.cells.get(&format!("{box_key}#{slot}")).copied()?;
        let key = self.cells.get(&format!("{box_key}#key{slot}")).copied();
        Some(value + key.unwrap_or(0))
    }
}

/// The cost rules of one model.
trait Costs {
    /// Bytes of the cell holding `value` in `holder` (`None` for a frame variable): the slot
    /// plus the primitive it holds when that is stored apart (a reference is only its slot).
    fn cell(&self, value: &Value, holder: Option<&HeapObject>) -> u64;
    /// Bytes of `object` besides its cells: header and storage, spare capacity included.
    /// `cells` is how many cells it has in all (windowed items included).
    fn base(&self, object: &HeapObject, cells: u64) -> u64;
    /// Bytes of a dict key's cell (the same as a value's unless the model says otherwise).
    fn key_cell(&self, key: &Value, holder: &HeapObject) -> u64 {
        self.cell(key, Some(holder))
    }
}

fn costs(model: SizeModel) -> &'static dyn Costs {
    match model {
        SizeModel::Python => &python::Python,
        SizeModel::Textbook => &textbook::Textbook,
        SizeModel::V8 => &v8::V8,
    }
}

/// The sizes of `step` (full heap) under `model`.
///
/// # Example
/// ```
/// use algoscope_scene::{step_sizes, SizeModel};
/// let json = r#"{"version":1,"language":"python","source":"a = [1, 2]\nb = a\n","stdout":"",
///   "steps":[{"event":"line","line":2,"stdoutLength":0,
///     "stack":[{"id":"f1","func":"<module>","line":2,"locals":[
///        ["a",{"kind":"ref","id":"o1"}],["b",{"kind":"ref","id":"o1"}]]}],
///     "heap":{"o1":{"kind":"list","typeName":"list","items":[
///        {"kind":"prim","type":"int","repr":"1"},{"kind":"prim","type":"int","repr":"2"}],
///        "length":2,"sizeBytes":72}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let sizes = step_sizes(&trace.steps[0], SizeModel::Python);
/// // The list: 72 bytes recorded, plus two 28-byte ints.
/// assert_eq!(sizes.objects["o1"].own_bytes, 72 + 2 * 28);
/// assert_eq!(sizes.cells["obj:o1#0"], 8 + 28);
/// // Two 8-byte variables, and the shared list once.
/// assert_eq!(sizes.total_bytes, 2 * 8 + 128);
/// ```
pub fn step_sizes(step: &Step, model: SizeModel) -> StepSizes {
    let costs = costs(model);
    let mut cells = BTreeMap::new();
    let mut own: BTreeMap<&str, u64> = BTreeMap::new();
    for (id, object) in &step.heap {
        own.insert(id, own_size(costs, id, object, &mut cells));
    }
    let totals = totals::object_totals(step, &own);
    let objects = own
        .iter()
        .map(|(id, own_bytes)| {
            let total_bytes = totals.get(id).copied().unwrap_or(*own_bytes);
            (
                id.to_string(),
                ObjectSize {
                    own_bytes: *own_bytes,
                    total_bytes,
                },
            )
        })
        .collect();
    let mut frames = BTreeMap::new();
    let mut program_seen = BTreeSet::new();
    let mut total_bytes = 0;
    let running = step
        .stack
        .iter()
        .rposition(|f| f.state == algoscope_trace_format::FrameState::Active);
    for (i, frame) in step.stack.iter().enumerate() {
        let key = frame_key(&frame.id);
        let mut values: Vec<(String, &Value)> = frame
            .locals
            .iter()
            .map(|(name, value)| (format!("{key}#{name}"), value))
            .collect();
        if Some(i) == running {
            if let Some(value) = &step.return_value {
                values.push((format!("{key}#return"), value));
            }
        }
        let mut frame_bytes = 0;
        for (cell_key, value) in &values {
            let bytes = costs.cell(value, None);
            frame_bytes += bytes;
            cells.insert(cell_key.clone(), bytes);
        }
        total_bytes += frame_bytes;
        let roots = values.iter().map(|(_, v)| *v).filter_map(Value::ref_id);
        frame_bytes += reachable_total(step, &own, roots.clone(), &mut BTreeSet::new());
        total_bytes += reachable_total(step, &own, roots, &mut program_seen);
        frames.insert(frame.id.clone(), frame_bytes);
    }
    if let Some(output) = &step.output {
        let printed = output.refs.iter().map(String::as_str);
        total_bytes += reachable_total(step, &own, printed, &mut program_seen);
    }
    StepSizes {
        model,
        objects,
        cells,
        frames,
        total_bytes,
    }
}

/// `object`'s own size: its base plus its cells (recorded in `cells`), the items a window
/// leaves out counted at the mean size of the shown ones.
fn own_size(
    costs: &dyn Costs,
    id: &str,
    object: &HeapObject,
    cells: &mut BTreeMap<String, u64>,
) -> u64 {
    let key = object_key(id);
    let mut shown_bytes = 0;
    let mut shown = 0u64;
    if let HeapObject::Dict(map) = object {
        for (k, _) in &map.entries {
            let bytes = costs.key_cell(k, object);
            let slot = slot_id(&algoscope_trace_format::SlotKey::Key(k.clone()));
            cells.insert(format!("{key}#key{slot}"), bytes);
            shown_bytes += bytes;
        }
    }
    for (slot, value) in object.slots() {
        let bytes = costs.cell(value, Some(object));
        cells.insert(format!("{key}#{}", slot_id(&slot)), bytes);
        shown_bytes += bytes;
        shown += 1;
    }
    let all = match object {
        HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => s.length.max(shown),
        HeapObject::Dict(m) => m.length.max(shown),
        _ => shown,
    };
    let unseen_bytes = match shown {
        0 => 0,
        _ => (shown_bytes * (all - shown)).div_ceil(shown),
    };
    costs.base(object, all) + shown_bytes + unseen_bytes
}

/// The own sizes of every object reachable from `roots` that is not yet in `seen` (which
/// collects them): shared objects and cycles count once.
fn reachable_total<'a>(
    step: &'a Step,
    own: &BTreeMap<&str, u64>,
    roots: impl IntoIterator<Item = &'a str>,
    seen: &mut BTreeSet<&'a str>,
) -> u64 {
    let mut stack: Vec<&str> = roots.into_iter().collect();
    let mut total = 0;
    while let Some(id) = stack.pop() {
        let Some((id, object)) = step.heap.get_key_value(id) else {
            continue;
        };
        if !seen.insert(&**id) {
            continue;
        }
        total += own.get(&**id).copied().unwrap_or(0);
        stack.extend(object.values().into_iter().filter_map(Value::ref_id));
    }
    total
}

/// `value` bytes rounded up to a multiple of `to`.
pub(crate) fn round_up(value: u64, to: u64) -> u64 {
    value.div_ceil(to) * to
}

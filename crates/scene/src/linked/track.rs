//! [`find_linked_track`]: which class is the linked structure, its links, value field and
//! shape.

use std::collections::{BTreeSet, VecDeque};

use algoscope_trace_format::{HeapObject, Step, Trace, Value};
use serde::{Deserialize, Serialize};

use super::graph::row_graph;
use super::types::{LinkField, LinkKind, LinkedRowSpec, LinkedTrack};
use super::walk::{entries, instance_class, is_null, sequence_items};
use crate::build::SceneError;
use crate::hints::{LinkedHint, LinkedShape};

/// Conventional names of single links, taken as links while they hold only null.
pub const CONVENTIONAL_LINKS: &[&str] = &["next", "prev", "left", "right", "child"];

/// The conventional name of a link holding a list of nodes.
pub const CONVENTIONAL_CHILDREN: &str = "children";

/// What one field of a class held over every node seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct FieldStats {
    /// A node of the same class.
    same: u32,
    /// A non-empty list or tuple of nodes of the same class only.
    many: u32,
    /// An empty list or tuple.
    empty: u32,
    /// Null, `None`, `undefined`.
    null: u32,
    /// Another primitive.
    prim: u32,
    /// Anything else.
    other: u32,
}

impl FieldStats {
    fn total(&self) -> u32 {
        self.same + self.many + self.empty + self.null + self.prim + self.other
    }
}

/// Per class: the nodes seen and what each field held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ClassStats {
    nodes: BTreeSet<String>,
    fields: Vec<(String, FieldStats)>,
}

/// Records what `value` (field `name` of a node of `class`) holds; returns the nodes of the
/// same class it points at, to be visited.
fn record(
    step: &Step,
    class: &str,
    stats: &mut ClassStats,
    name: &str,
    value: &Value,
) -> Vec<String> {
    let at = match stats.fields.iter().position(|(n, _)| n == name) {
        Some(at) => at,
        None => {
            stats.fields.push((name.to_string(), FieldStats::default()));
            stats.fields.len() - 1
        }
    };
    let f = &mut stats.fields[at].1;
    let mut next = Vec::new();
    match value {
        v if is_null(v) => f.null += 1,
        Value::Prim { .. } => f.prim += 1,
        Value::Unreadable { .. } => f.other += 1,
        Value::Ref { id } => {
            if instance_class(step, id) == Some(class) {
                f.same += 1;
                next.push(id.clone());
            } else if let Some(items) = sequence_items(step, id) {
                let nodes: Vec<&str> = items
                    .iter()
                    .filter_map(Value::ref_id)
                    .filter(|t| instance_class(step, t) == Some(class))
                    .collect();
                if items.is_empty() {
                    f.empty += 1;
                } else if nodes.len() == items.len() {
                    f.many += 1;
                    next.extend(nodes.into_iter().map(str::to_string));
                } else {
                    f.other += 1;
                }
            } else {
                f.other += 1;
            }
        }
    }
    next
}

/// Walks one row: every instance an entry points at, then the same-class nodes its fields
/// reach, recording field statistics per class (classes in first-seen order).
fn survey(step: &Step, spec: &LinkedRowSpec, classes: &mut Vec<(String, ClassStats)>) {
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<String> = entries(step, &spec.frames)
        .iter()
        .map(|e| e.id.to_string())
        .collect();
    while let Some(id) = queue.pop_front() {
        if !seen.insert(id.clone()) {
            continue;
        }
        let Some(HeapObject::Instance(instance)) = step.heap.get(id.as_str()).map(|o| o.as_ref())
        else {
            continue;
        };
        let class = instance.type_name.as_str();
        let at = match classes.iter().position(|(c, _)| c == class) {
            Some(at) => at,
            None => {
                classes.push((class.to_string(), ClassStats::default()));
                classes.len() - 1
            }
        };
        let stats = &mut classes[at].1;
        stats.nodes.insert(id.clone());
        for (name, value) in &instance.fields {
            queue.extend(record(step, class, stats, name, value));
        }
    }
}

/// The link fields of a class from its statistics: fields that held a node of the class and
/// otherwise only null; conventional single-link names that only ever held null; `children`
/// when it held lists of nodes (or empty lists) and otherwise only null.
fn detect_links(stats: &ClassStats) -> Vec<LinkField> {
    stats
        .fields
        .iter()
        .filter_map(|(name, f)| {
            let only_nodes_or_null = f.prim == 0 && f.other == 0;
            let kind = if name == CONVENTIONAL_CHILDREN {
                (only_nodes_or_null && f.same == 0 && f.many + f.empty > 0)
                    .then_some(LinkKind::Many)
            } else if only_nodes_or_null && f.many == 0 && f.empty == 0 {
                (f.same > 0 || CONVENTIONAL_LINKS.contains(&name.as_str()))
                    .then_some(LinkKind::Single)
            } else {
                None
            };
            kind.map(|kind| LinkField {
                name: name.clone(),
                kind,
            })
        })
        .collect()
}

/// The first non-link field holding a primitive in more than half of the nodes seen.
fn value_field(stats: &ClassStats, links: &[LinkField]) -> Option<String> {
    stats
        .fields
        .iter()
        .find(|(name, f)| {
            !links.iter().any(|l| &l.name == name) && f.prim + f.null > 0 && 2 * f.prim > f.total()
        })
        .map(|(name, _)| name.clone())
}

/// The linked track of `rows`: the node class, link fields, value field and shape.
///
/// Each row starts from its frames' variables and one level through the objects they point
/// at (`self.head`), and follows fields pointing at instances of the same class. The class
/// with links and the most nodes over all rows is the track (the first seen wins a tie). Its
/// links are the fields that held a node of the class and otherwise only null, plus the
/// conventional names [`CONVENTIONAL_LINKS`] while they held only null, plus `children`
/// holding lists of nodes. Its shape is a tree when it has exactly two links (or a list
/// link) and in every row no node has two incoming links and no node reaches itself; else a
/// list.
///
/// `hint` (`viz: linked Class list|tree links…`) overrides detection: its class is the
/// track, its shape is kept and its links are used when given.
///
/// Returns `Ok(None)` when no class has links (and there is no hint).
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when a row names a step the trace does not have.
///
/// # Example
/// ```
/// use algoscope_scene::{find_linked_track, LinkedRowSpec, LinkedShape};
/// let json = r#"{"version":1,"language":"python","source":"","stdout":"","steps":[
///   {"event":"line","line":1,"stdoutLength":0,
///    "stack":[{"id":"f1","func":"<module>","line":1,"locals":[["head",{"kind":"ref","id":"o1"}]]}],
///    "heap":{
///     "o1":{"kind":"instance","typeName":"Node","fields":[["val",{"kind":"prim","type":"int","repr":"1"}],["next",{"kind":"ref","id":"o2"}]]},
///     "o2":{"kind":"instance","typeName":"Node","fields":[["val",{"kind":"prim","type":"int","repr":"2"}],["next",{"kind":"prim","type":"NoneType","repr":"None"}]]}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let track = find_linked_track(&trace, &[LinkedRowSpec::step(0)], None).unwrap().unwrap();
/// assert_eq!(track.class, "Node");
/// assert_eq!(track.links[0].name, "next");
/// assert_eq!(track.value_field.as_deref(), Some("val"));
/// assert_eq!(track.shape, LinkedShape::List);
/// ```
pub fn find_linked_track(
    trace: &Trace,
    rows: &[LinkedRowSpec],
    hint: Option<&LinkedHint>,
) -> Result<Option<LinkedTrack>, SceneError> {
    TrackSurvey::of(trace, rows)?.track(trace, rows, hint)
}

/// What the nodes of every class reached from some rows held: the evidence
/// [`find_linked_track`] chooses the track from. Kept by a loop history (plain data) so the
/// track over its states plus one more step costs one survey of that step
/// ([`TrackSurvey::add`]) instead of one of every state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TrackSurvey {
    /// Per class, in order of first appearance.
    classes: Vec<(String, ClassStats)>,
}

/// The class, links and value field the survey chooses; the shape is decided separately
/// (it reads every row's structure, not the survey).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chosen {
    /// The node class.
    pub class: String,
    /// Its link fields.
    pub links: Vec<LinkField>,
    /// Its value field.
    pub value_field: Option<String>,
}

impl TrackSurvey {
    /// The survey of `rows`.
    ///
    /// # Errors
    /// [`SceneError::StepOutOfRange`] when a row names a step the trace does not have.
    pub(crate) fn of(trace: &Trace, rows: &[LinkedRowSpec]) -> Result<Self, SceneError> {
        let mut out = TrackSurvey::default();
        for spec in rows {
            out.add(trace, spec)?;
        }
        Ok(out)
    }

    /// Adds the row `spec` to the survey (the same as surveying it with the others at once).
    ///
    /// # Errors
    /// [`SceneError::StepOutOfRange`] when `spec` names a step the trace does not have.
    pub(crate) fn add(&mut self, trace: &Trace, spec: &LinkedRowSpec) -> Result<(), SceneError> {
        survey(step_of(trace, spec.step)?, spec, &mut self.classes);
        Ok(())
    }

    /// The class, links and value field of the track (the hint's class when hinted); `None`
    /// when no class has links and there is no hint.
    pub(crate) fn choose(&self, hint: Option<&LinkedHint>) -> Option<Chosen> {
        let empty = ClassStats::default();
        let (class, stats, links) = match hint {
            Some(h) => {
                let stats = self
                    .classes
                    .iter()
                    .find(|(c, _)| *c == h.class)
                    .map_or(&empty, |(_, s)| s);
                let links = if h.links.is_empty() {
                    detect_links(stats)
                } else {
                    h.links
                        .iter()
                        .map(|name| LinkField {
                            name: name.clone(),
                            kind: hinted_kind(stats, name),
                        })
                        .collect()
                };
                (h.class.clone(), stats, links)
            }
            None => {
                let mut best: Option<(&String, &ClassStats, Vec<LinkField>)> = None;
                for (class, stats) in &self.classes {
                    let links = detect_links(stats);
                    if links.is_empty() {
                        continue;
                    }
                    if best
                        .as_ref()
                        .is_none_or(|(_, b, _)| stats.nodes.len() > b.nodes.len())
                    {
                        best = Some((class, stats, links));
                    }
                }
                let (class, stats, links) = best?;
                (class.clone(), stats, links)
            }
        };
        let value_field = value_field(stats, &links);
        Some(Chosen {
            class,
            links,
            value_field,
        })
    }

    /// The track of the surveyed rows, its shape read from `rows` (the rows surveyed).
    ///
    /// # Errors
    /// [`SceneError::StepOutOfRange`] when a row names a step the trace does not have.
    pub(crate) fn track(
        &self,
        trace: &Trace,
        rows: &[LinkedRowSpec],
        hint: Option<&LinkedHint>,
    ) -> Result<Option<LinkedTrack>, SceneError> {
        let Some(chosen) = self.choose(hint) else {
            return Ok(None);
        };
        let shape = match hint {
            Some(h) => h.shape,
            None => detect_shape(trace, rows, &chosen.class, &chosen.links)?,
        };
        Ok(Some(chosen.with_shape(shape, hint.is_some())))
    }
}

impl Chosen {
    /// The track with this class, links and value field, of `shape`.
    pub(crate) fn with_shape(self, shape: LinkedShape, hinted: bool) -> LinkedTrack {
        LinkedTrack {
            class: self.class,
            links: self.links,
            value_field: self.value_field,
            shape,
            hinted,
        }
    }
}

/// A hinted link is `Many` when it held lists of nodes (or empty lists) and never one node.
fn hinted_kind(stats: &ClassStats, name: &str) -> LinkKind {
    match stats.fields.iter().find(|(n, _)| n == name) {
        Some((_, f)) if f.same == 0 && f.many + f.empty > 0 => LinkKind::Many,
        _ => LinkKind::Single,
    }
}

/// Tree when there are exactly two links or a list link, and every row is a forest.
pub(crate) fn detect_shape(
    trace: &Trace,
    rows: &[LinkedRowSpec],
    class: &str,
    links: &[LinkField],
) -> Result<LinkedShape, SceneError> {
    let candidate = links.len() == 2 || links.iter().any(|l| l.kind == LinkKind::Many);
    if !candidate {
        return Ok(LinkedShape::List);
    }
    let names: Vec<String> = links.iter().map(|l| l.name.clone()).collect();
    for spec in rows {
        let step = step_of(trace, spec.step)?;
        if !row_graph(step, &entries(step, &spec.frames), class, &names).is_forest() {
            return Ok(LinkedShape::List);
        }
    }
    Ok(LinkedShape::Tree)
}

/// Step `index` of `trace`, or the out-of-range error.
pub(crate) fn step_of(trace: &Trace, index: usize) -> Result<&Step, SceneError> {
    trace.steps.get(index).ok_or(SceneError::StepOutOfRange {
        step: index,
        steps: trace.steps.len(),
    })
}

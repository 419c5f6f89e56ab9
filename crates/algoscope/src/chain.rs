//! [`PositionChain`]: where each step's top-level boxes went, for laying out the next step.

use std::collections::{BTreeMap, HashMap};

use algoscope_layout::MemoryLayout;

/// The box positions of steps `0..len()`, in step order. A box key is stored once (steps
/// refer to it by number), so a step costs 20 bytes a box: a 4,000-step run of 300 boxes
/// keeps about 24 MB.
#[derive(Debug, Default)]
pub(crate) struct PositionChain {
    keys: Vec<String>,
    key_ids: HashMap<String, u32>,
    /// Per step: (key id, x, y) of each top-level box, in px.
    steps: Vec<Box<[(u32, f64, f64)]>>,
}

impl PositionChain {
    /// How many steps have positions.
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
    }

    /// What to lay out step `step` with: the positions of step `step - 1` (none for step 0).
    /// The chain must reach `step - 1`.
    pub(crate) fn positions(&self, step: usize) -> BTreeMap<String, (f64, f64)> {
        let Some(before) = step.checked_sub(1).and_then(|s| self.steps.get(s)) else {
            return BTreeMap::new();
        };
        before
            .iter()
            .map(|&(key, x, y)| (self.keys[key as usize].clone(), (x, y)))
            .collect()
    }

    /// Records `layout` as step `step`'s, when it is the next step of the chain (a step
    /// already recorded is the same layout again; a later one has no predecessor yet).
    pub(crate) fn record(&mut self, step: usize, layout: &MemoryLayout) {
        if step != self.steps.len() {
            return;
        }
        let boxes = layout
            .boxes
            .iter()
            .map(|b| (self.key_id(&b.key), b.x, b.y))
            .collect();
        self.steps.push(boxes);
    }

    fn key_id(&mut self, key: &str) -> u32 {
        if let Some(&id) = self.key_ids.get(key) {
            return id;
        }
        let id = u32::try_from(self.keys.len()).unwrap_or(u32::MAX);
        self.keys.push(key.to_owned());
        self.key_ids.insert(key.to_owned(), id);
        id
    }
}

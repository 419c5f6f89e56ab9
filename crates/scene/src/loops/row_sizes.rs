//! A row's memory sizes: each shown container's total and the linked track's, under the
//! size model the options name (`--sizes`; see `docs/memory-sizes.md`).

use algoscope_trace_format::Trace;

use super::types::{RowContainer, RowSizes};
use crate::linked::LinkedRow;
use crate::sizes::{step_sizes, SizeModel};

/// The sizes at `step` under `model` of `containers` (each container's object and everything
/// reachable from it, each object once) and of the linked track's nodes in `linked` (each
/// node's own size, summed).
pub(crate) fn row_sizes(
    trace: &Trace,
    step: usize,
    model: SizeModel,
    containers: &[RowContainer],
    linked: Option<&LinkedRow>,
) -> Option<RowSizes> {
    let sizes = step_sizes(trace.steps.get(step)?, model);
    let total = |id: &str| sizes.objects.get(id).map(|o| o.total_bytes);
    Some(RowSizes {
        containers: containers
            .iter()
            .map(|c| c.id.as_deref().and_then(total))
            .collect(),
        linked: linked.map(|l| {
            l.nodes
                .iter()
                .filter_map(|n| sizes.objects.get(&n.id))
                .map(|o| o.own_bytes)
                .sum()
        }),
    })
}

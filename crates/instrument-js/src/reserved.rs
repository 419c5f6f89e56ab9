//! The `__as` prefix belongs to the rewrite (the recorder `__as`, frames `__asf`, getters
//! `__asv…`): a program that names anything with it would clobber or shadow the recorder, so
//! it is refused with the position of the first such name, as a syntax error is.

use swc_ecma_ast::Ident;
use swc_ecma_visit::{Visit, VisitWith};

use crate::lines::LineIndex;
use crate::parse::Parsed;
use crate::SyntaxError;

/// The prefix of every name the rewrite adds.
pub(crate) const PREFIX: &str = "__as";

/// Every identifier (declared or used, not property names) of `parsed` that starts with
/// [`PREFIX`], as a syntax error at its 1-based line and column in `source`; empty when none.
pub(crate) fn check(parsed: &Parsed, source: &str) -> Vec<SyntaxError> {
    let mut finder = Finder { found: Vec::new() };
    parsed.program.visit_with(&mut finder);
    if finder.found.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(source);
    let mut out: Vec<SyntaxError> = finder
        .found
        .into_iter()
        .map(|(lo, name)| {
            let (line, column) = index.line_col(source, parsed.offset(lo));
            SyntaxError {
                line,
                column,
                message: format!(
                    "`{name}`: names starting with `{PREFIX}` are reserved by algoscope"
                ),
            }
        })
        .collect();
    out.sort_by_key(|e| (e.line, e.column));
    out.dedup();
    out
}

struct Finder {
    found: Vec<(swc_common::BytePos, String)>,
}

impl Visit for Finder {
    fn visit_ident(&mut self, id: &Ident) {
        if id.sym.starts_with(PREFIX) {
            self.found.push((id.span.lo, id.sym.to_string()));
        }
    }
}

//! Syntax errors reported by the parser, with 1-based line and column.

use algoscope_trace_format::SyntaxError;
use ruff_python_ast::ModModule;
use ruff_python_parser::Parsed;
use ruff_text_size::{Ranged, TextSize};

use crate::source::SourceText;

/// Every error of `parsed`, parse errors and version errors together, sorted by position
/// (stable, so errors at one position keep the parser's order).
pub(crate) fn syntax_errors(parsed: &Parsed<ModModule>, source: &SourceText) -> Vec<SyntaxError> {
    let parse_errors = parsed
        .errors()
        .iter()
        .map(|error| (error.start(), error.error.to_string()));
    let version_errors = parsed
        .unsupported_syntax_errors()
        .iter()
        .map(|error| (error.start(), error.to_string()));
    let mut errors: Vec<(TextSize, String)> = parse_errors.chain(version_errors).collect();
    errors.sort_by_key(|(offset, _)| *offset);
    errors
        .into_iter()
        .map(|(offset, message)| {
            let (line, column) = source.line_column(offset);
            SyntaxError {
                line,
                column,
                message,
            }
        })
        .collect()
}

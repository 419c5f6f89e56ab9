//! Syntax errors reported by the parser, with 1-based line and column.

use ruff_python_ast::ModModule;
use ruff_python_parser::Parsed;
use ruff_text_size::{Ranged, TextSize};
use serde::{Deserialize, Serialize};

use crate::source::SourceText;

/// One syntax error in the program.
///
/// Comes from the parser (invalid syntax, including lexical errors such as an unterminated
/// string) or from the target-version check (syntax newer than the targeted Python, e.g. a
/// 3.14 template string when targeting 3.12). Displays as `LINE:COL: message`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{line}:{column}: {message}")]
pub struct SyntaxError {
    /// 1-based line of the error's start.
    pub line: u32,
    /// 1-based column of the error's start, in characters (Unicode scalar values) from the
    /// start of the line; a byte-order mark on the first line is not counted.
    pub column: u32,
    /// The parser's message (`Expected ':', found newline`).
    pub message: String,
}

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

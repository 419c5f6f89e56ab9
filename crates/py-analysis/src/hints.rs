//! `# viz: …` hint comments, read from the token stream.

use algoscope_trace_format::Hint;
use ruff_python_ast::token::{TokenKind, Tokens};
use ruff_text_size::Ranged;

use crate::source::SourceText;

/// The marker a hint comment starts with, after `#` and optional spaces.
const HINT_MARKER: &str = "viz:";

/// Every comment token of the form `# viz: text`, in source order, with the text after
/// `viz:` trimmed.
///
/// Only real comment tokens count, so `"# viz: x"` inside a string or an f-string is not a
/// hint. The marker is case-sensitive and must open the comment (`# note viz: x` is not one).
pub(crate) fn hints(tokens: &Tokens, source: &SourceText) -> Vec<Hint> {
    tokens
        .iter()
        .filter(|token| token.kind() == TokenKind::Comment)
        .filter_map(|token| {
            let comment = source.slice(token.range());
            let body = comment.strip_prefix('#')?.trim_start();
            let text = body.strip_prefix(HINT_MARKER)?;
            Some(Hint {
                line: source.line(token.start()),
                text: text.trim().to_string(),
            })
        })
        .collect()
}

//! Static analysis of Python source for algoscope.
//!
//! [`analyze`] parses a program with Ruff's parser (Python 3.12+ syntax by default: PEP 701
//! f-strings with nested quotes, `match`, `type` statements, the walrus operator) and
//! reports what the tracer and the renderer need to know before the program runs:
//!
//! - **loops** ([`LoopInfo`]): every `for`, `async for` and `while` statement and every
//!   `for` clause of a comprehension, with id `L<header line>` (`L<line>.2` for a second one
//!   starting on the same line), header line, body line range and header text;
//! - **index names**: which names are used in the brackets of which container
//!   (`arr[j + 1]` gives `arr: [j]`; `grid[i][j]` gives `grid: [i]` and `grid[]: [j]`);
//! - **grid accesses** ([`GridAccess`]): every `name[row][col]` with its row and column as
//!   written;
//! - **hints** ([`Hint`]): every `# viz: …` comment, from the token stream, so text inside
//!   strings never counts;
//! - **syntax errors** ([`SyntaxError`]): all of them, with line, column and message;
//! - **the cost shape** ([`CostShape`]) for Big-O: per function, loops and their bounds,
//!   calls of the program's own functions and how recursive calls shrink, memoisation,
//!   alternatives, built-ins that are not O(1), and sizes read from input.
//!
//! The parser recovers from errors, so a program with syntax errors still gets the loops,
//! names and hints of the parts that parsed. Analysis never panics, whatever the input.
//!
//! The output serialises with camelCase field names, the same as the trace format's, so it
//! can be handed to the Python tracer as JSON.

mod cost;
mod decode;
mod hints;
mod loops;
mod source;
mod stack;
mod subscripts;
mod syntax;

pub use algoscope_trace_format::{
    Analysis, CostShape, GridAccess, Hint, LoopInfo, LoopKind, SyntaxError,
};
pub use decode::{decode_source, DecodeError};
use ruff_python_ast::PythonVersion;
use ruff_python_parser::{parse_unchecked, Mode, ParseOptions};

use crate::source::SourceText;

/// How to analyse.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// The Python version whose syntax is accepted, as `(major, minor)`; syntax added in a
    /// later version is reported as a syntax error. Default `(3, 12)`.
    pub target_version: (u8, u8),
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        Self {
            target_version: (3, 12),
        }
    }
}

/// Analyses a Python program: loops, index names, grid accesses, hints and every syntax
/// error. `options` picks the accepted Python version (default 3.12).
///
/// Never panics: invalid programs give their [`Analysis::syntax_errors`] and whatever the
/// parser recovered.
///
/// # Example
///
/// ```
/// use algoscope_py_analysis::{analyze, AnalyzeOptions, LoopKind};
///
/// let source = "\
/// def bubble(arr):
///     n = len(arr)
///     for i in range(n):  # viz: pointers i
///         for j in range(n - i - 1):
///             if arr[j] > arr[j + 1]:
///                 arr[j], arr[j + 1] = arr[j + 1], arr[j]
/// ";
/// let analysis = analyze(source, &AnalyzeOptions::default());
///
/// let inner = &analysis.loops[1];
/// assert_eq!(inner.id, "L4");
/// assert_eq!(inner.kind, LoopKind::For);
/// assert_eq!(inner.header, "for j in range(n - i - 1)");
/// assert_eq!((inner.body_start, inner.body_end), (5, 6));
/// assert_eq!(analysis.index_names["arr"], ["j"]);
/// assert_eq!(analysis.hints[0].text, "pointers i");
/// assert!(analysis.syntax_errors.is_empty());
///
/// let broken = analyze("while x <\n    pass\n", &AnalyzeOptions::default());
/// assert_eq!(broken.syntax_errors[0].to_string(), "1:10: Expected an expression");
///
/// // Reusing the outer quotes inside an f-string needs Python 3.12 (PEP 701).
/// let source = "name = 'x'\nprint(f\"{\"-\".join(name)}\")\n";
/// let py311 = AnalyzeOptions { target_version: (3, 11) };
/// assert_eq!(analyze(source, &py311).syntax_errors.len(), 1);
/// ```
pub fn analyze(source: &str, options: &AnalyzeOptions) -> Analysis {
    // Python skips a UTF-8 byte order mark at the start of a file; columns never count it.
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    let (major, minor) = options.target_version;
    let parse_options =
        ParseOptions::from(Mode::Module).with_target_version(PythonVersion { major, minor });
    let Some(parsed) = parse_unchecked(source, parse_options).try_into_module() else {
        return Analysis::default();
    };
    let text = SourceText::new(source);
    let module = parsed.syntax();
    let subscripts = subscripts::subscripts(module, &text);
    let depth = stack::nesting_depth(module);
    let analysis = Analysis {
        loops: loops::loops(module, parsed.tokens(), &text),
        index_names: subscripts.index_names,
        grid_accesses: subscripts.grid_accesses,
        hints: hints::hints(parsed.tokens(), &text),
        syntax_errors: syntax::syntax_errors(&parsed, &text),
        // The cost shape's size reasoning recurses without stack growth: a program nested
        // deeper than any algorithm gets no cost shape rather than a stack overflow.
        cost: if depth <= cost::MAX_DEPTH {
            cost::cost_shape(module, &text)
        } else {
            CostShape::default()
        },
    };
    stack::drop_deep(parsed, depth);
    analysis
}

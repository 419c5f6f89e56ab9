//! Instrumentation and static analysis of JavaScript and TypeScript for algoscope.
//!
//! JavaScript has no tracing hook, so the program is rewritten to report on itself: before
//! each statement a call to the recorder (`runtimes/js`, the global `__as`) with the line and
//! a getter for every visible name; frame enter/exit around every function body; loop
//! enter/pass/end-of-pass/exit; return values; exceptions in every frame they pass through;
//! `yield`/`await` and the resume after them; closures registered with getters for what they
//! capture. Names the rewrite adds start with `__as`. Only text is inserted, so every
//! original token keeps its line and column.
//!
//! TypeScript is first turned into JavaScript with swc's own TypeScript transform; each
//! statement still reports its TypeScript line, and code the transform makes up (enum and
//! namespace helpers, parameter-property assignments) runs without steps or frames.
//!
//! The same pass gives the analysis the pictures need, as for Python: loops (`L<line>`),
//! index names, grid accesses and `viz:` hints. Syntax errors come back with line and column.
//!
//! # Example
//!
//! ```
//! use algoscope_instrument_js::{instrument, InstrumentOptions, Language};
//!
//! let source = "let total = 0;\nfor (const x of [5, 6]) {\n  total += x;\n}\n";
//! let out = instrument(source, &InstrumentOptions::default()).unwrap();
//! assert!(out.code.contains("__as.line(__asf, 1,"));
//! assert_eq!(out.analysis.loops[0].id, "L2");
//! assert!(!out.module);
//!
//! let ts = instrument(
//!     "interface P { x: number }\nconst p: P = { x: 1 };\n",
//!     &InstrumentOptions { language: Language::TypeScript, ..Default::default() },
//! )
//! .unwrap();
//! assert!(ts.code.contains("__as.line(__asf, 2,"));
//! assert!(!ts.code.contains("interface"));
//!
//! let module = instrument("\nimport { f } from './f.js';\nf();\n", &InstrumentOptions::default())
//!     .unwrap();
//! assert!(module.module);
//! assert_eq!((module.imports[0].specifier.as_str(), module.imports[0].line), ("./f.js", 2));
//! ```

mod analysis;
mod edits;
mod imports;
mod lines;
mod parse;
mod reserved;
mod scope;
mod sizing;
mod strip;
mod transform;

pub use analysis::Analysis;
pub use imports::ImportRef;
use serde::{Deserialize, Serialize};

use crate::lines::LineIndex;
use crate::transform::LineMap;

/// The language of a program.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// JavaScript (ES2024 and later proposals swc parses by default).
    #[default]
    JavaScript,
    /// TypeScript: types are stripped before instrumenting.
    TypeScript,
}

/// Whether the program is a classic script or an ES module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// A module when it has `import` or `export`, a script otherwise.
    #[default]
    Auto,
    /// Always a script.
    Script,
    /// Always a module.
    Module,
}

/// Options of [`instrument`] and [`analyze`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InstrumentOptions {
    /// The language of the source.
    pub language: Language,
    /// Script or module.
    pub source_kind: SourceKind,
}

/// A syntax error: 1-based line and column (in characters) and swc's message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyntaxError {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, counted in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// Why a program could not be instrumented.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InstrumentError {
    /// The source does not parse, or names something with the reserved prefix `__as`; every
    /// error found, in order (at least one).
    #[error("{}:{}: {}", .errors.first().map_or(0, |e| e.line), .errors.first().map_or(0, |e| e.column), .errors.first().map_or("syntax error", |e| e.message.as_str()))]
    Syntax {
        /// Every syntax error, by position.
        errors: Vec<SyntaxError>,
    },
}

/// An instrumented program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instrumented {
    /// JavaScript that calls the recorder `__as` (a global the runner provides). Its first
    /// statement is `__as.meta({...})` (functions, getter scopes and loops by index).
    pub code: String,
    /// True when the program is an ES module (run it as one), false for a script.
    pub module: bool,
    /// For TypeScript, the plain JavaScript it compiles to (what `node` would run); `None`
    /// for JavaScript.
    pub javascript: Option<String>,
    /// Loops, index names, grid accesses and hints, with lines of the original source.
    pub analysis: Analysis,
    /// The modules a module program imports or re-exports from statically, in source order
    /// (empty for a script), with lines of the original source.
    pub imports: Vec<ImportRef>,
}

/// Instruments `source` for the recorder and analyses it.
///
/// # Errors
///
/// [`InstrumentError::Syntax`] with every syntax error when the source does not parse, or
/// with every name that starts with `__as` (reserved for the rewrite) when it does.
pub fn instrument(
    source: &str,
    options: &InstrumentOptions,
) -> Result<Instrumented, InstrumentError> {
    let parsed = parse::parse(source, options.language, options.source_kind)
        .map_err(|errors| InstrumentError::Syntax { errors })?;
    let reserved = reserved::check(&parsed, source);
    if !reserved.is_empty() {
        return Err(InstrumentError::Syntax { errors: reserved });
    }
    let analysis = analysis::analyze(&parsed, source);
    let imports = imports::imports(&parsed, source);
    let module = matches!(parsed.program, swc_ecma_ast::Program::Module(_));
    match options.language {
        Language::JavaScript => {
            let lines = LineMap::Direct(LineIndex::new(source));
            let code = transform::instrument_text(&parsed.program, source, parsed.start, &lines);
            Ok(Instrumented {
                code,
                module,
                javascript: None,
                analysis,
                imports,
            })
        }
        Language::TypeScript => {
            let stripped = strip::strip(parsed, source);
            let kind = if module {
                SourceKind::Module
            } else {
                SourceKind::Script
            };
            let js = parse::parse(&stripped.code, Language::JavaScript, kind)
                .map_err(|errors| InstrumentError::Syntax { errors })?;
            let lines = LineMap::Mapped {
                index: LineIndex::new(&stripped.code),
                text: &stripped.code,
                origin: &stripped.origin,
                namespaces: &stripped.namespaces,
            };
            let code = transform::instrument_text(&js.program, &stripped.code, js.start, &lines);
            Ok(Instrumented {
                code,
                module,
                javascript: Some(stripped.code),
                analysis,
                imports,
            })
        }
    }
}

/// Only the analysis of `source` (no rewrite).
///
/// # Errors
///
/// [`InstrumentError::Syntax`] with every syntax error when the source does not parse.
///
/// # Example
///
/// ```
/// use algoscope_instrument_js::{analyze, InstrumentOptions};
///
/// let source = "// viz: grid dp\nconst dp = [[1]];\nlet i = 0, j = 0;\ndp[i][j] = 2;\n";
/// let analysis = analyze(source, &InstrumentOptions::default()).unwrap();
/// assert_eq!(analysis.index_names["dp"], ["i"]);
/// assert_eq!(analysis.index_names["dp[]"], ["j"]);
/// assert_eq!(analysis.grid_accesses[0].row, "i");
/// assert_eq!(analysis.hints[0].text, "grid dp");
/// ```
pub fn analyze(source: &str, options: &InstrumentOptions) -> Result<Analysis, InstrumentError> {
    let parsed = parse::parse(source, options.language, options.source_kind)
        .map_err(|errors| InstrumentError::Syntax { errors })?;
    Ok(analysis::analyze(&parsed, source))
}

//! Python source bytes → text, the way CPython reads a file (PEP 263, PEP 3120).
//!
//! UTF-8 is the default. A comment matching `coding[:=]\s*([-\w.]+)` on the first or second
//! line (the second only when the first is blank or a comment) declares another encoding.
//! A UTF-8 byte-order mark means UTF-8 and conflicts with any other declaration.

use thiserror::Error;

/// Why program bytes could not be read as Python source.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DecodeError {
    /// Not UTF-8, and no encoding declared (CPython: "Non-UTF-8 code starting with …").
    #[error("line {line}: byte 0x{byte:02X} is not UTF-8, and no encoding is declared (add `# -*- coding: latin-1 -*-` or similar on line 1 or 2, PEP 263, or save the file as UTF-8)")]
    NotUtf8 {
        /// 1-based line of the first byte that is not UTF-8.
        line: u32,
        /// That byte.
        byte: u8,
    },
    /// The declared encoding is not one this reader knows.
    #[error("line {line}: unknown encoding `{name}` declared")]
    UnknownEncoding {
        /// Line of the declaration (1 or 2).
        line: u32,
        /// The name as written.
        name: String,
    },
    /// The bytes are not valid in the declared encoding.
    #[error(
        "line {line}: the text is not valid {name}, the encoding declared on line {declared_on}"
    )]
    Invalid {
        /// 1-based line of the first bad byte sequence.
        line: u32,
        /// The encoding's name.
        name: String,
        /// Line of the declaration.
        declared_on: u32,
    },
    /// A UTF-8 byte-order mark with a different encoding declared.
    #[error(
        "line {line}: encoding `{name}` declared, but the file starts with a UTF-8 byte-order mark"
    )]
    BomConflict {
        /// Line of the declaration.
        line: u32,
        /// The declared name.
        name: String,
    },
}

/// Decodes a Python program file's bytes as CPython would. The text keeps the declaration
/// comment (CPython ignores it when compiling text) and any byte-order mark.
///
/// # Errors
///
/// [`DecodeError`] as above, with the line of the problem.
///
/// # Example
///
/// ```
/// use algoscope_py_analysis::decode_source;
/// let bytes = b"# -*- coding: latin-1 -*-\nx = 'caf\xe9'\n";
/// assert_eq!(decode_source(bytes).unwrap(), "# -*- coding: latin-1 -*-\nx = 'café'\n");
/// assert!(decode_source(b"x = '\xe9'\n").unwrap_err().to_string().starts_with("line 1: byte 0xE9"));
/// ```
pub fn decode_source(bytes: &[u8]) -> Result<String, DecodeError> {
    let declared = declaration(bytes);
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    let Some((declared_on, name)) = declared else {
        return std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|e| DecodeError::NotUtf8 {
                line: line_of(bytes, e.valid_up_to()),
                byte: bytes[e.valid_up_to()],
            });
    };
    let normal = name.to_ascii_lowercase().replace('_', "-");
    let is_utf8 = matches!(normal.as_str(), "utf-8" | "utf8") || normal.starts_with("utf-8-");
    if bom && !is_utf8 {
        return Err(DecodeError::BomConflict {
            line: declared_on,
            name,
        });
    }
    let invalid = |at: usize| DecodeError::Invalid {
        line: line_of(bytes, at),
        name: name.clone(),
        declared_on,
    };
    if is_utf8 {
        return std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|e| invalid(e.valid_up_to()));
    }
    if matches!(
        normal.as_str(),
        "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" | "cp819"
    ) || normal.starts_with("iso-latin-1")
    {
        // True ISO-8859-1: every byte is the code point of the same number (WHATWG's
        // "latin1" label would give windows-1252, which differs at 0x80–0x9F).
        return Ok(bytes.iter().map(|&b| char::from(b)).collect());
    }
    let encoding = encoding_rs::Encoding::for_label(normal.as_bytes()).ok_or(
        DecodeError::UnknownEncoding {
            line: declared_on,
            name: name.clone(),
        },
    )?;
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len() * 2);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        encoding_rs::DecoderResult::InputEmpty => Ok(text),
        _ => Err(invalid(read.saturating_sub(1))),
    }
}

/// The encoding declared on line 1 or 2: (line, name).
fn declaration(bytes: &[u8]) -> Option<(u32, String)> {
    let mut lines = bytes.split(|&b| b == b'\n');
    let first = lines.next()?;
    if let Some(name) = cookie(first) {
        return Some((1, name));
    }
    let first = first.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(first);
    let trimmed = first.trim_ascii_start();
    if !(trimmed.is_empty() || trimmed.starts_with(b"#")) {
        return None;
    }
    cookie(lines.next()?).map(|name| (2, name))
}

/// `^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)` on one line (PEP 263's regular expression).
fn cookie(line: &[u8]) -> Option<String> {
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    let start = line
        .iter()
        .position(|&b| !matches!(b, b' ' | b'\t' | b'\x0c'))?;
    let comment = line[start..].strip_prefix(b"#")?;
    let at = comment
        .windows(6)
        .position(|w| w == b"coding")
        .filter(|&i| matches!(comment.get(i + 6), Some(b':' | b'=')))?;
    let rest = &comment[at + 7..];
    let rest = &rest[rest
        .iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()..];
    let name: Vec<u8> = rest
        .iter()
        .copied()
        .take_while(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        .collect();
    (!name.is_empty()).then(|| String::from_utf8_lossy(&name).into_owned())
}

/// 1-based line of byte `at`.
fn line_of(bytes: &[u8], at: usize) -> u32 {
    let newlines = bytes[..at.min(bytes.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    u32::try_from(newlines)
        .unwrap_or(u32::MAX)
        .saturating_add(1)
}

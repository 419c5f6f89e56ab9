//! Trace files as bytes: JSON text, or that text compressed with gzip (a `.json.gz` file).
//!
//! A long run's trace is mostly the same few shapes repeated step after step, so gzip makes
//! it 20–70 times smaller (a 300-node linked list built and reversed: 6.5 MB of delta JSON,
//! about 0.2 MB compressed). Readers tell the two apart by gzip's magic bytes, never by the
//! file name, and bound what a compressed file may inflate to
//! ([`Limits::max_inflated_bytes`]), so a small hostile file cannot take all memory.

use std::borrow::Cow;
use std::io::{Read as _, Write as _};

use crate::error::ValidationError;
use crate::limits::Limits;
use crate::types::Trace;
use crate::validate::validate_str_with;

/// The first two bytes of every gzip member (RFC 1952, section 2.3.1).
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `bytes` start like gzip ([`GZIP_MAGIC`]).
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&GZIP_MAGIC)
}

/// Reads and checks a trace file's bytes, as [`validate_str`](crate::validate_str) does its
/// text: UTF-8 JSON text, or that text compressed with gzip (told by [`GZIP_MAGIC`]).
///
/// # Errors
///
/// [`ValidationError::NotUtf8`] for bytes (inflated, when compressed) that are not UTF-8,
/// [`ValidationError::Compressed`] for gzip that does not inflate,
/// [`ValidationError::InflatedTooLarge`] past [`Limits::max_inflated_bytes`]; then whatever
/// [`validate_str`](crate::validate_str) finds.
///
/// # Example
///
/// ```
/// use algoscope_trace_format::{gzip, validate_bytes};
///
/// let text = r#"{"version": 1, "language": "python", "source": "x = 1\n",
///   "steps": [{"event": "line", "line": 1, "stack": [], "heap": {}, "stdoutLength": 0}],
///   "stdout": ""}"#;
/// let plain = validate_bytes(text.as_bytes())?;
/// let packed = validate_bytes(&gzip(text.as_bytes()))?;
/// assert_eq!(plain, packed);
/// let cut = &gzip(text.as_bytes())[..20];
/// assert!(validate_bytes(cut).unwrap_err().to_string().starts_with("gzip: "));
/// # Ok::<(), algoscope_trace_format::ValidationError>(())
/// ```
pub fn validate_bytes(bytes: &[u8]) -> Result<Trace, ValidationError> {
    validate_bytes_with(bytes, &Limits::default())
}

/// [`validate_bytes`] with the given limits.
///
/// # Errors
///
/// As [`validate_bytes`].
pub fn validate_bytes_with(bytes: &[u8], limits: &Limits) -> Result<Trace, ValidationError> {
    let text = trace_text(bytes, limits)?;
    validate_str_with(&text, limits)
}

/// [`validate_bytes`], listing every problem as
/// [`validate_str_all`](crate::validate_str_all) does (a file that is not UTF-8 or does not
/// inflate is one problem).
///
/// # Errors
///
/// Every problem found, at least one.
pub fn validate_bytes_all(bytes: &[u8]) -> Result<Trace, Vec<ValidationError>> {
    let limits = Limits::default();
    let text = trace_text(bytes, &limits).map_err(|e| vec![e])?;
    crate::validate_str_all_with(&text, &limits)
}

/// The JSON text of a trace file's bytes: inflated when they are gzip, checked to be UTF-8.
///
/// # Errors
///
/// As [`validate_bytes`], before the text is read as JSON.
pub fn trace_text<'a>(bytes: &'a [u8], limits: &Limits) -> Result<Cow<'a, str>, ValidationError> {
    if !is_gzip(bytes) {
        return std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| {
            ValidationError::NotUtf8 {
                offset: e.valid_up_to(),
            }
        });
    }
    let limit = limits.max_inflated_bytes;
    let mut inflated = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_end(&mut inflated)
        .map_err(|e| ValidationError::Compressed {
            message: e.to_string(),
        })?;
    if inflated.len() > limit {
        return Err(ValidationError::InflatedTooLarge { limit });
    }
    String::from_utf8(inflated)
        .map(Cow::Owned)
        .map_err(|e| ValidationError::NotUtf8 {
            offset: e.utf8_error().valid_up_to(),
        })
}

/// `bytes` compressed with gzip at zlib's default level (6: within a few percent of the
/// best level's size, several times faster on a long trace).
///
/// # Example
///
/// ```
/// let packed = algoscope_trace_format::gzip(b"{}");
/// assert!(algoscope_trace_format::is_gzip(&packed));
/// ```
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(bytes.len() / 8),
        flate2::Compression::default(),
    );
    // Writing into a Vec cannot fail.
    let _ = encoder.write_all(bytes);
    encoder.finish().unwrap_or_default()
}

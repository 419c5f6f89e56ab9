//! Trace files as bytes: plain JSON and gzip-compressed JSON read alike; bytes that are no
//! JSON text (not UTF-8, corrupt or cut gzip, a decompression bomb) are refused with a clear
//! error and never a panic.

mod common;

use algoscope_trace_format::{
    gzip, is_gzip, to_delta, validate_bytes, validate_bytes_with, validate_str, validate_value,
    Limits, ValidationError,
};
use proptest::prelude::*;

fn delta_text() -> String {
    let trace = validate_value(common::valid()).expect("the valid fixture");
    serde_json::to_string(&to_delta(&trace)).expect("a trace serialises")
}

#[test]
fn gzip_and_plain_files_read_the_same_trace() {
    let text = delta_text();
    let plain = validate_bytes(text.as_bytes()).unwrap();
    let packed = gzip(text.as_bytes());
    assert!(is_gzip(&packed) && !is_gzip(text.as_bytes()));
    assert!(
        packed.len() * 4 < text.len(),
        "{} of {}",
        packed.len(),
        text.len()
    );
    assert_eq!(validate_bytes(&packed).unwrap(), plain);
    assert_eq!(plain, validate_str(&text).unwrap());
}

#[test]
fn concatenated_gzip_members_read_as_one_text() {
    // `cat a.gz b.gz` is one gzip stream (RFC 1952, 2.2): split the text anywhere.
    let text = delta_text();
    let (a, b) = text.split_at(text.len() / 2);
    let mut bytes = gzip(a.as_bytes());
    bytes.extend(gzip(b.as_bytes()));
    assert_eq!(
        validate_bytes(&bytes).unwrap(),
        validate_str(&text).unwrap()
    );
}

#[test]
fn invalid_trace_inside_gzip_names_the_path() {
    let text = delta_text().replacen("\"line\":", "\"line\":\"x\",\"_\":", 1);
    let err = validate_bytes(&gzip(text.as_bytes())).unwrap_err();
    assert!(err.path().is_some(), "{err}");
}

#[test]
fn bytes_that_are_not_utf8_name_the_first_bad_byte() {
    let mut bytes = br#"{"version": 1, "source": "#.to_vec();
    bytes.extend([b'"', 0xff, b'"', b'}']);
    let err = validate_bytes(&bytes).unwrap_err();
    assert_eq!(err, ValidationError::NotUtf8 { offset: 26 });
    assert_eq!(err.to_string(), "byte 26: not UTF-8 text");
    let err = validate_bytes(&gzip(&bytes)).unwrap_err();
    assert_eq!(err, ValidationError::NotUtf8 { offset: 26 });
    assert!(err.path().is_none());
}

#[test]
fn cut_or_corrupt_gzip_is_refused() {
    let packed = gzip(delta_text().as_bytes());
    for cut in [2, 10, packed.len() / 2, packed.len() - 1] {
        let err = validate_bytes(&packed[..cut]).unwrap_err();
        assert!(
            matches!(err, ValidationError::Compressed { .. }),
            "cut at {cut}: {err:?}"
        );
        assert!(err.to_string().starts_with("gzip: "), "{err}");
    }
    let mut flipped = packed.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x55;
    assert!(validate_bytes(&flipped).is_err());
}

#[test]
fn a_decompression_bomb_stops_at_the_limit() {
    // 64 MiB of spaces compress to about 64 KiB.
    let bomb = gzip(&vec![b' '; 64 << 20]);
    assert!(bomb.len() < 1 << 20);
    let limits = Limits {
        max_inflated_bytes: 1 << 20,
        ..Limits::default()
    };
    let err = validate_bytes_with(&bomb, &limits).unwrap_err();
    assert_eq!(err, ValidationError::InflatedTooLarge { limit: 1 << 20 });
    assert_eq!(err.to_string(), "gzip: inflates to more than 1048576 bytes");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes, and any bytes behind gzip's magic, give a trace or an error, never a panic.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let _ = validate_bytes(&bytes);
        let mut magic = vec![0x1f, 0x8b];
        magic.extend(&bytes);
        let _ = validate_bytes(&magic);
        let _ = validate_bytes(&gzip(&bytes));
    }
}

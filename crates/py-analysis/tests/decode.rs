//! Reading Python source bytes as CPython does (PEP 263, PEP 3120).

use algoscope_py_analysis::{decode_source, DecodeError};
use proptest::prelude::*;

#[test]
fn utf8_is_the_default() {
    assert_eq!(decode_source("x = 'é'\n".as_bytes()).unwrap(), "x = 'é'\n");
}

#[test]
fn latin1_maps_every_byte_to_its_code_point() {
    let text = decode_source(b"# coding: latin-1\ns = '\xe9\x80'\n").unwrap();
    assert_eq!(text, "# coding: latin-1\ns = '\u{e9}\u{80}'\n");
}

#[test]
fn emacs_and_vim_forms_on_the_second_line_after_a_shebang() {
    let emacs =
        decode_source(b"#!/usr/bin/env python3\n# -*- coding: iso-8859-15 -*-\ns = '\xa4'\n");
    assert_eq!(emacs.unwrap().lines().nth(2), Some("s = '€'"));
    let vim = decode_source(b"#!/usr/bin/python\n# vim: set fileencoding=cp1252 :\ns = '\x80'\n");
    assert_eq!(vim.unwrap().lines().nth(2), Some("s = '€'"));
}

#[test]
fn a_declaration_after_code_on_line_one_does_not_count() {
    let error = decode_source(b"x = 1\n# coding: latin-1\ns = '\xe9'\n").unwrap_err();
    assert_eq!(
        error,
        DecodeError::NotUtf8 {
            line: 3,
            byte: 0xE9
        }
    );
}

#[test]
fn not_utf8_without_a_declaration_names_the_line_and_byte() {
    let error = decode_source(b"a = 1\nb = '\xff'\n").unwrap_err();
    assert_eq!(
        error,
        DecodeError::NotUtf8 {
            line: 2,
            byte: 0xFF
        }
    );
    assert!(error.to_string().contains("PEP 263"));
}

#[test]
fn unknown_encoding_is_refused_with_its_line() {
    let error = decode_source(b"# coding: klingon\nx = 1\n").unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1: unknown encoding `klingon` declared"
    );
}

#[test]
fn bytes_invalid_in_the_declared_encoding() {
    let error = decode_source(b"# coding: utf-8\n\nx = '\xe9'\n").unwrap_err();
    assert!(
        matches!(
            error,
            DecodeError::Invalid {
                line: 3,
                declared_on: 1,
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn a_bom_conflicts_with_another_encoding() {
    let error = decode_source(b"\xEF\xBB\xBF# coding: latin-1\nx = 1\n").unwrap_err();
    assert!(
        matches!(error, DecodeError::BomConflict { line: 1, .. }),
        "{error}"
    );
    assert!(decode_source(b"\xEF\xBB\xBF# coding: utf-8\nx = 1\n").is_ok());
}

proptest! {
    #[test]
    fn never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200), prefix in 0usize..4) {
        let heads: [&[u8]; 4] = [b"", b"# coding: latin-1\n", b"#!\n# coding=cp1252\n", b"# coding: shift_jis\n"];
        let mut input = heads[prefix].to_vec();
        input.extend(bytes);
        let _ = decode_source(&input);
    }

    #[test]
    fn utf8_text_round_trips(text in "\\PC{0,80}") {
        prop_assert_eq!(decode_source(text.as_bytes()).unwrap(), text);
    }
}

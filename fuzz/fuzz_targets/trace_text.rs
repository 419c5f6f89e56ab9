//! Fuzz target `trace_text`: see `algoscope_fuzz_targets::trace_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::trace_text(data));

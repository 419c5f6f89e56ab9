//! Fuzz target `record_stream`: see `algoscope_fuzz_targets::record_stream`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::record_stream(data));

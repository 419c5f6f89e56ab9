//! Fuzz target `py_analysis`: see `algoscope_fuzz_targets::py_analysis`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| algoscope_fuzz_targets::py_analysis(data));

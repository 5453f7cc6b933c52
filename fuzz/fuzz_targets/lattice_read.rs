//! The one lattice reader (SPEC L1) on any text, in both readings: a lattice or an error naming the column,
//! never a panic; a lattice it reads prints both ways and is scored against a hypothesis in both modes.
#![no_main]
use libfuzzer_sys::fuzz_target;
use uraikal_metrics::lattice::{oiwer, Language, Lattice, Mode, Reading};

fuzz_target!(|text: &str| {
    for reading in [Reading::Strict, Reading::Vimarsha] {
        if let Ok(lattice) = Lattice::read(text, reading) {
            let _ = lattice.to_json();
            let _ = lattice.to_string();
            let hypothesis = text.split_whitespace().take(8).collect::<Vec<_>>().join(" ");
            for mode in [Mode::Uraikal, Mode::Vimarsha] {
                let _ = oiwer(&hypothesis, &lattice, Language::Tamil, mode);
            }
        }
    }
});

//! Exact, fast text metrics, pure and without IO: one edit-alignment core for words, code points,
//! graphemes and letters; WER/CER/MER/WIL/WIP; chrF/chrF++; CharBLEU; distances; OIWER on lattices. (Issues 4–6.)
#![deny(missing_docs)]

// --- area: score (issue 4) ---

// --- area: graphemes (issue 5) ---

// --- area: lattices (issue 6) ---
pub mod lattice;

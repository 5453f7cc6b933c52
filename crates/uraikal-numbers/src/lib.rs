//! Tamil numbers: spoken and written number words, number words back to digits inside running text, and
//! Tamil numerals in both the traditional (௲௯௱௫௰௬) and the positional (௨௦௨௪) systems. (Issue 3.)
#![deny(missing_docs)]

// --- area: numbers (issue 3) ---

// --- area: tn (issue 12) ---

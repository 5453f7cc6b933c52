//! Track D4: how tokenizers handle Tamil. (Issue 7.)
#![deny(missing_docs)]

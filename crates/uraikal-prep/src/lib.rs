//! Building A1 manifests and D4 passage sets from local copies of the corpora. (Issue 8.)
#![deny(missing_docs)]

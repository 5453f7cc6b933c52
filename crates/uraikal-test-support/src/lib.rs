//! Helpers that Uraikal's test suites share (a dev-dependency only, never published): where the workspace's
//! fixtures and `../shared` are, and the one rule for a test whose data is absent.
//!
//! A test that reads `../shared/data` in place calls [`shared_data`]; when that is `None` it calls
//! [`skipped`], which prints `SKIPPED: …` (to stdout, which libtest does not capture for a passing test's
//! `write!`) and, when `URAIKAL_REQUIRE_DATA=1` (CI on a full checkout), fails the test instead.
//!
//! ```
//! let fixtures = uraikal_test_support::fixture("vimarsha/oiwer.jsonl");
//! assert!(fixtures.ends_with("fixtures/vimarsha/oiwer.jsonl"));
//! match uraikal_test_support::shared_data("prose") {
//!     Some(path) => assert!(path.is_dir()),
//!     None => {} // a test would call uraikal_test_support::skipped("…") here
//! }
//! ```
#![deny(missing_docs)]

use std::path::{Path, PathBuf};

/// The workspace root (this crate sits in `crates/uraikal-test-support`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A path under the workspace's `fixtures/` (committed, always present).
pub fn fixture(relative: &str) -> PathBuf {
    workspace_root().join("fixtures").join(relative)
}

/// A path under `../shared/` beside the workspace (the peers' golden outputs, reference notes, data).
pub fn shared(relative: &str) -> PathBuf {
    workspace_root().join("../shared").join(relative)
}

/// A path under `../shared/data/`, or `None` when it is absent (a checkout without the data).
pub fn shared_data(relative: &str) -> Option<PathBuf> {
    let path = shared("data").join(relative);
    path.exists().then_some(path)
}

/// Reports a test that did not run because its data is absent: `SKIPPED: message` on stdout; with
/// `URAIKAL_REQUIRE_DATA=1` the skip is a failure (panics).
pub fn skipped(message: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout(), "SKIPPED: {message}");
    let required = std::env::var_os("URAIKAL_REQUIRE_DATA").is_some_and(|v| v == "1");
    assert!(!required, "SKIPPED: {message}, and URAIKAL_REQUIRE_DATA=1 requires ../shared/data");
}

//! The Rust example of README.md's text section is a doctest of this crate: lib.rs carries it verbatim.

#[test]
fn readme_example_is_the_crate_doctest() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let start = readme.find("<!-- --- area: text (issue 2) --- -->").expect("text marker in README.md");
    let section = &readme[start..];
    let block = &section[section.find("```rust\n").expect("a rust block in the README's text section") + 8..];
    let block = &block[..block.find("```").expect("closed rust block")];
    let lib = std::fs::read_to_string(format!("{root}/crates/uraikal-text/src/lib.rs")).expect("lib.rs");
    let doc: String = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
        .collect();
    assert!(doc.contains(block), "lib.rs's doctest differs from README.md's example:\n{block}");
}

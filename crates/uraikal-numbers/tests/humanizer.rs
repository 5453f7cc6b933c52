//! The written-register cases of Humanizer (../shared/data/prose/numbers/humanizer_ta_number_words.tsv, MIT,
//! read in place): every one of its forms reads back to its number through `to_digits`, and where our
//! written form differs the difference is one of those SPEC U12 lists.

use std::path::PathBuf;

use uraikal_numbers::{to_digits, to_words, Register};

fn shared_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/prose/numbers/humanizer_ta_number_words.tsv")
}

/// (number, words) rows, or None when ../shared is absent.
fn rows() -> Option<Vec<(i64, String)>> {
    let path = shared_file();
    let Ok(text) = std::fs::read_to_string(&path) else {
        uraikal_test_support::skipped(&format!("{} absent; Humanizer cases not run", path.display()));
        return None;
    };
    let rows = text
        .lines()
        .skip(1)
        .enumerate()
        .map(|(i, line)| {
            let (n, words) = line.split_once('\t').unwrap_or_else(|| panic!("{}:{}: no tab", path.display(), i + 2));
            (n.parse().unwrap_or_else(|_| panic!("{}:{}: bad number", path.display(), i + 2)), words.to_string())
        })
        .collect();
    Some(rows)
}

/// to_digits' answer: digits, or N plus the scale word for an exact N லட்சம் / கோடி (SPEC U7.4).
fn expected(n: i64, words: &str) -> String {
    let scale_word = words.rsplit(' ').next().unwrap_or("");
    match (n, scale_word) {
        (n, "இலட்சம்" | "லட்சம்") if n % 100_000 == 0 => {
            format!("{} {scale_word}", n / 100_000)
        }
        (n, "கோடி") if n % 10_000_000 == 0 => format!("{} {scale_word}", n / 10_000_000),
        _ => n.to_string(),
    }
}

#[test]
fn humanizer_forms_read_back() {
    let Some(rows) = rows() else { return };
    assert_eq!(rows.len(), 79, "the file has 79 cases");
    let mut differ = 0;
    for (n, words) in &rows {
        assert_eq!(to_digits(words), expected(*n, words), "to_digits({words:?}) for {n}");
        let ours = to_words(*n, Register::Written).unwrap();
        if &ours != words {
            differ += 1;
            eprintln!("{n}: Humanizer {words} / ours {ours}");
        }
    }
    // The differences are the spelling choices of SPEC U12 (zero, 12, 13, spaced 21–99, மூன்றாயிரம்,
    // பதினொன்றாயிரம், முன்னூற்று, இலட்சம்); a change in this count means a form changed.
    assert_eq!(differ, 32, "forms that differ from Humanizer");
}

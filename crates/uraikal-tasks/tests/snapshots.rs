//! Named snapshots of the first entries of every family (SPEC K1: the same seed gives the same entries on
//! every platform, so these bytes are the cross-platform check).

use uraikal_tasks::{families, Config, Difficulty, Lang};

fn lines(config: &Config, per_family: u64) -> String {
    let mut out = String::new();
    for family in families() {
        for index in 0..per_family {
            out.push_str(&serde_json::to_string(&family.entry(1, index, config)).unwrap());
            out.push('\n');
        }
    }
    out
}

#[test]
fn entries_medium_tamil() {
    insta::assert_snapshot!("entries_medium_ta", lines(&Config::default(), 3));
}

#[test]
fn entries_easy_and_hard_english() {
    let easy = Config { difficulty: Difficulty::Easy, lang: Lang::En, ..Config::default() };
    insta::assert_snapshot!("entries_easy_en", lines(&easy, 1));
    let hard = Config { difficulty: Difficulty::Hard, lang: Lang::En, ..Config::default() };
    insta::assert_snapshot!("entries_hard_en", lines(&hard, 1));
}

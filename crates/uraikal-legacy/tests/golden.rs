//! The peers' outputs (../shared/golden/legacy, read in place): open-tamil's encodings of kural and FLORES
//! lines, glibc iconv's TSCII bytes. SPEC E3–E5.

use std::collections::BTreeMap;
use std::path::PathBuf;

use uraikal_legacy::{decode_tscii_bytes, encode_tscii_bytes, Encoding};

fn shared(relative: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared").join(relative);
    if path.exists() {
        Some(path)
    } else {
        let message = format!("../shared/{relative} absent; this test did not run");
        let required = std::env::var_os("URAIKAL_REQUIRE_DATA").is_some_and(|v| v == "1");
        assert!(!required, "SKIPPED: {message}, and URAIKAL_REQUIRE_DATA=1 requires ../shared");
        eprintln!("SKIPPED: {message}");
        None
    }
}

fn rows(relative: &str) -> Option<Vec<serde_json::Value>> {
    let text = std::fs::read_to_string(shared(relative)?).unwrap();
    Some(text.lines().map(|l| serde_json::from_str(l).unwrap()).collect())
}

fn s(v: &serde_json::Value, key: &str) -> String {
    v[key].as_str().unwrap().to_string()
}

/// E3: decoding open-tamil's encoding gives the text wherever open-tamil's own round trip holds; E4: Uraikal's
/// own round trip is exact on every line it encodes, and it encodes at least 99 % of them.
#[test]
fn open_tamil_encodings_decode_and_round_trip() {
    let Some(pairs) = rows("golden/legacy/pairs.jsonl") else {
        return;
    };
    let mut by: BTreeMap<String, Vec<&serde_json::Value>> = BTreeMap::new();
    for r in &pairs {
        by.entry(s(r, "encoding")).or_default().push(r);
    }
    let mut problems = Vec::new();
    for (name, rows) in &by {
        let enc = Encoding::from_name(name).unwrap();
        let agree: Vec<_> = rows.iter().filter(|r| r["peer_round_trip"].as_bool().unwrap()).collect();
        let decoded = agree.iter().filter(|r| enc.decode(&s(r, "legacy")) == s(r, "unicode")).count();
        let (mut encodable, mut round_trip) = (0, 0);
        let mut failures: BTreeMap<String, usize> = BTreeMap::new();
        for r in rows {
            let text = s(r, "unicode");
            match enc.encode(&text) {
                Ok(legacy) => {
                    encodable += 1;
                    round_trip += usize::from(enc.decode(&legacy) == text);
                }
                Err(e) => *failures.entry(e.letter.clone()).or_default() += 1,
            }
        }
        let mut failures: Vec<_> = failures.into_iter().collect();
        failures.sort_by_key(|f| std::cmp::Reverse(f.1));
        failures.truncate(6);
        println!(
            "{name:14} decode {decoded}/{} own round trip {round_trip}/{encodable} encodable {encodable}/{} {failures:?}",
            agree.len(),
            rows.len()
        );
        let need = if ["tscii", "tam", "tace"].contains(&name.as_str()) { 1.0 } else { 0.97 };
        if (decoded as f64) < need * agree.len() as f64 && name != "dinakaran" {
            problems.push(format!("{name}: decode {decoded}/{}", agree.len()));
        }
        if round_trip != encodable || (encodable as f64) < 0.99 * rows.len() as f64 {
            problems.push(format!("{name}: round trip {round_trip}/{encodable}/{}", rows.len()));
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// E5: TSCII bytes read as glibc iconv reads them, and written as it writes them.
#[test]
fn tscii_bytes_equal_glibc_iconv() {
    let Some(rows) = rows("golden/legacy/tscii.jsonl") else {
        return;
    };
    let mut bad = Vec::new();
    for r in &rows {
        let hex = s(r, "tscii_hex");
        let bytes: Vec<u8> =
            (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect();
        let text = s(r, "unicode");
        if decode_tscii_bytes(&bytes) != text {
            bad.push(format!("decode {hex}: {} != {text}", decode_tscii_bytes(&bytes)));
        }
        if encode_tscii_bytes(&text).ok().as_deref() != Some(&bytes[..]) {
            bad.push(format!("encode {text}: {:02X?}", encode_tscii_bytes(&text)));
        }
    }
    assert!(bad.is_empty(), "{} of {} lines differ: {:#?}", bad.len(), rows.len(), &bad[..bad.len().min(5)]);
}

/// E6: the detection models' generated counts (src/detect_model.rs) are what the samples give with today's
/// tables (`cargo xtask legacy-model` rewrites them).
#[test]
fn detection_model_is_fresh() {
    assert!(
        uraikal_legacy::model_source() == include_str!("../src/detect_model.rs"),
        "src/detect_model.rs is stale: run `cargo xtask legacy-model`"
    );
}

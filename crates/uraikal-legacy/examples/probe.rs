//! Debugging aid: `cargo run -p uraikal-legacy --example probe ENC TEXT` shows how TEXT is written and read
//! back; `probe ENC --pairs` lists the words of ../shared/golden/legacy/pairs.jsonl the encoder refuses.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let enc = uraikal_legacy::Encoding::from_name(&args[0]).unwrap();
    let text = if args[1] == "--pairs" {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/golden/legacy/pairs.jsonl"
        );
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["unicode"].as_str().unwrap().to_string()
            })
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        args[1].clone()
    };
    let mut seen = std::collections::BTreeSet::new();
    for word in text.split(' ') {
        if !seen.insert(word.to_string()) {
            continue;
        }
        let lossy = enc.encode_lossy(word);
        let err = enc.encode(word).err().map(|e| e.to_string());
        if args[1] != "--pairs" || err.is_some() {
            println!("{word} -> {lossy:?} -> {:?} {err:?}", enc.decode(&lossy));
        }
    }
}

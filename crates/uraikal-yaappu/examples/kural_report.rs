//! Scans every kural of fixtures/thirukkural/thirukkural.tsv and prints the ones that do not scan as a
//! குறள் வெண்பா with their problems, and the toggles used: the data behind docs/yaappu.md.
//! `cargo run --release -p uraikal-yaappu --example kural_report`

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/thirukkural/thirukkural.tsv");
    let text = std::fs::read_to_string(path).expect("fixtures/thirukkural/thirukkural.tsv");
    let start = std::time::Instant::now();
    let mut scans = Vec::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        scans.push((
            f[0].to_string(),
            format!("{}\n{}", f[8], f[9]),
            uraikal_yaappu::scan(&format!("{}\n{}", f[8], f[9])),
        ));
    }
    let elapsed = start.elapsed();
    let valid = scans.iter().filter(|s| s.2.valid).count();
    let toggled = scans.iter().filter(|s| s.2.valid && !s.2.toggles.is_empty()).count();
    println!(
        "{valid}/{} valid, {toggled} of them with toggles; scanned in {:.1} ms",
        scans.len(),
        elapsed.as_secs_f64() * 1e3
    );
    for (n, text, s) in &scans {
        if !s.valid {
            println!("\n{n}: {}", text.replace('\n', " / "));
            for p in &s.problems {
                println!("   - {p}");
            }
        }
    }
}

//! Generates `fixtures/prep/kural_docs.parquet`, the Parquet fixture of the `prep d4` tests, from the
//! Kural (fixtures/thirukkural/thirukkural.tsv). Deterministic: the same input gives the same bytes.
//!
//! `cargo run -p uraikal-prep --example gen_fixtures [-- --check]` (`cargo xtask regen-fixtures-prep` runs
//! it); `--check` writes nothing and fails when the committed file differs.
//!
//! The documents: one per adhikaram (133), `doc_id` `kural-001`…, text = the chapter name, a blank line,
//! then each kural as a two-line paragraph. Every 7th chapter has an English paragraph too, every 11th is one
//! long paragraph (to be cut at sentences), and there are 4 English-only documents and one row with a null
//! text. Column `chapter` is an integer (for the wrong-type error). Row groups of 16 rows.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::{Int64Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tsv = root.join("fixtures/thirukkural/thirukkural.tsv");
    let out = root.join("fixtures/prep/kural_docs.parquet");
    let bytes = build(&tsv).unwrap_or_else(|e| fail(&format!("{}: {e}", tsv.display())));
    if check {
        let old = std::fs::read(&out).unwrap_or_default();
        if old != bytes {
            fail(&format!("{} is stale: run `cargo xtask regen-fixtures-prep`", out.display()));
        }
        println!("{} is fresh", out.display());
    } else {
        uraikal_io::write_atomic(&out, &bytes).unwrap_or_else(|e| fail(&e.to_string()));
        println!("wrote {} ({} bytes)", rel(&out).display(), bytes.len());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("gen_fixtures: {message}");
    std::process::exit(1)
}

fn rel(p: &Path) -> PathBuf {
    p.components().skip_while(|c| c.as_os_str() != "fixtures").collect()
}

struct Chapter {
    name: String,
    kurals: Vec<(String, String)>,
}

pub fn build(tsv: &Path) -> Result<Vec<u8>, String> {
    let text = std::fs::read_to_string(tsv).map_err(|e| e.to_string())?;
    let mut chapters: Vec<Chapter> = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 10 {
            return Err(format!("line {}: {} fields", i + 1, f.len()));
        }
        let number: usize = f[5].parse().map_err(|_| format!("line {}: bad adhikaram_no", i + 1))?;
        if chapters.len() < number {
            chapters.push(Chapter { name: f[6].to_string(), kurals: Vec::new() });
        }
        chapters[number - 1].kurals.push((f[8].to_string(), f[9].to_string()));
    }
    let mut ids: Vec<String> = Vec::new();
    let mut texts: Vec<Option<String>> = Vec::new();
    let mut numbers: Vec<i64> = Vec::new();
    for (i, ch) in chapters.iter().enumerate() {
        let n = i + 1;
        let mut doc = format!("{}\n\n", ch.name);
        if n % 11 == 0 {
            let all: Vec<String> = ch.kurals.iter().map(|(a, b)| format!("{a} {b}")).collect();
            doc.push_str(&all.join(" "));
        } else {
            let paras: Vec<String> = ch.kurals.iter().map(|(a, b)| format!("{a}\n{b}")).collect();
            doc.push_str(&paras.join("\n\n"));
        }
        if n % 7 == 0 {
            doc.push_str(&format!(
                "\n\nThis English paragraph about chapter {n} has no Tamil letters, so the Tamil share filter drops it."
            ));
        }
        ids.push(format!("kural-{n:03}"));
        texts.push(Some(doc));
        numbers.push(n as i64);
        if n % 27 == 0 {
            let e = n / 27;
            ids.push(format!("en-{e:03}"));
            texts.push(Some(format!(
                "English document {e}.\n\nIt has two paragraphs and no Tamil at all, so nothing from it may be sampled."
            )));
            numbers.push(0);
        }
    }
    ids.push("empty-001".into());
    texts.push(None);
    numbers.push(0);

    let schema = Arc::new(Schema::new(vec![
        Field::new("doc_id", DataType::Utf8, false),
        Field::new("text", DataType::Utf8, true),
        Field::new("chapter", DataType::Int64, false),
    ]));
    let batch = RecordBatch::try_new(
        schema.clone(),
        vec![Arc::new(StringArray::from(ids)), Arc::new(StringArray::from(texts)), Arc::new(Int64Array::from(numbers))],
    )
    .map_err(|e| e.to_string())?;
    let props = WriterProperties::builder()
        .set_max_row_group_row_count(Some(16))
        .set_compression(Compression::SNAPPY)
        .set_created_by("uraikal-prep gen_fixtures".into())
        .build();
    let mut bytes = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut bytes, schema, Some(props)).map_err(|e| e.to_string())?;
    writer.write(&batch).map_err(|e| e.to_string())?;
    writer.close().map_err(|e| e.to_string())?;
    Ok(bytes)
}

//! Training text for `tokenizers train` and `tokenizers extend` (SPEC D7): D4 passage files (`.jsonl`,
//! each line's `text`), Parquet files (one string column) or plain text (one passage a non-blank line).
//!
//! ```
//! let dir = tempfile::tempdir().unwrap();
//! let file = dir.path().join("t.txt");
//! std::fs::write(&file, "தமிழ் மொழி\n\nஇனிது\n").unwrap();
//! let texts = uraikal_d4::corpus::read_texts(&[file], "text").unwrap();
//! assert_eq!(texts, vec!["தமிழ் மொழி", "இனிது"]);
//! ```

use std::path::{Path, PathBuf};

use arrow_array::cast::AsArray;
use arrow_array::Array;
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ProjectionMask;
use serde::Deserialize;

use crate::error::{Error, ErrorKind};

#[derive(Deserialize)]
struct TextOnly {
    text: String,
}

/// Reads the texts of every file, in order. Errors name the file (and the line of a bad JSONL record);
/// no text at all is an error.
pub fn read_texts(files: &[PathBuf], column: &str) -> Result<Vec<String>, Error> {
    let mut texts = Vec::new();
    for file in files {
        let name = file.to_string_lossy();
        if name.ends_with(".parquet") {
            texts.extend(read_parquet(file, column)?);
        } else if name.ends_with(".jsonl") || name.ends_with(".json") {
            let text = uraikal_io::read_utf8(file)?;
            let records = uraikal_io::parse_jsonl_str::<TextOnly>(file, &text)?;
            texts.extend(records.into_iter().map(|r| r.value.text));
        } else {
            let text = uraikal_io::read_utf8(file)?;
            texts.extend(text.lines().filter(|l| !l.trim().is_empty()).map(str::to_string));
        }
    }
    texts.retain(|t| !t.trim().is_empty());
    if texts.is_empty() {
        let names: Vec<_> = files.iter().map(|f| f.display().to_string()).collect();
        return Err(Error::new(names.join(", "), ErrorKind::Data("no text to train on".into())));
    }
    Ok(texts)
}

fn read_parquet(path: &Path, column: &str) -> Result<Vec<String>, Error> {
    let bad = |m: String| Error::new(path.display().to_string(), ErrorKind::Data(m));
    let file = std::fs::File::open(path).map_err(|e| Error::from(uraikal_io::Error::io(path, e)))?;
    let builder =
        ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| bad(format!("not a readable Parquet file: {e}")))?;
    let index = builder
        .schema()
        .fields()
        .iter()
        .position(|f| f.name() == column)
        .ok_or_else(|| bad(format!("no column {column:?} (choose one with --column)")))?;
    let mask = ProjectionMask::roots(builder.parquet_schema(), [index]);
    let reader = builder.with_projection(mask).build().map_err(|e| bad(e.to_string()))?;
    let mut out = Vec::new();
    for batch in reader {
        let batch = batch.map_err(|e| bad(e.to_string()))?;
        let array = batch.column(0);
        match array.data_type() {
            DataType::Utf8 => {
                let strings = array.as_string::<i32>();
                out.extend((0..strings.len()).filter(|&i| strings.is_valid(i)).map(|i| strings.value(i).to_string()));
            }
            DataType::LargeUtf8 => {
                let strings = array.as_string::<i64>();
                out.extend((0..strings.len()).filter(|&i| strings.is_valid(i)).map(|i| strings.value(i).to_string()));
            }
            other => return Err(bad(format!("column {column:?} holds {other}, not strings"))),
        }
    }
    Ok(out)
}

//! `uraikal models convert` and `models info` on a tiny randomly initialised Whisper checkpoint written by the
//! test in transformers' layout (safetensors, one layer each side, d_model 64): the conversion's report, the
//! file's description in text and JSON (named snapshots), quantized conversion, and the exit-2 errors of a
//! folder without weights and of a file that is not ggml. Nothing is downloaded; no whisper.cpp is needed.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use safetensors::tensor::TensorView;
use safetensors::Dtype;

use super::uraikal;

const D: usize = 64;
const FFN: usize = 128;

/// The 256 byte tokens in GPT-2's alphabet, then four special tokens.
fn vocabulary() -> Vec<String> {
    let printable = |b: u32| (0x21..=0x7e).contains(&b) || (0xa1..=0xac).contains(&b) || (0xae..=0xff).contains(&b);
    let mut next = 0;
    let mut tokens: Vec<String> = (0u32..256)
        .map(|b| {
            let c = if printable(b) {
                b
            } else {
                next += 1;
                255 + next
            };
            char::from_u32(c).unwrap().to_string()
        })
        .collect();
    tokens.extend(["<|endoftext|>", "<|startoftranscript|>", "<|en|>", "<|transcribe|>"].map(String::from));
    tokens
}

/// A transformers Whisper folder with seeded weights in [-1, 1).
fn write_checkpoint(dir: &Path) {
    let mut shapes: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut put = |name: String, shape: Vec<usize>| {
        shapes.insert(format!("model.{name}"), shape);
    };
    put("encoder.conv1.weight".into(), vec![D, 80, 3]);
    put("encoder.conv1.bias".into(), vec![D]);
    put("encoder.conv2.weight".into(), vec![D, D, 3]);
    put("encoder.conv2.bias".into(), vec![D]);
    put("encoder.embed_positions.weight".into(), vec![20, D]);
    put("decoder.embed_positions.weight".into(), vec![12, D]);
    put("decoder.embed_tokens.weight".into(), vec![vocabulary().len(), D]);
    for side in ["encoder", "decoder"] {
        let p = format!("{side}.layers.0");
        let attention: &[&str] = if side == "decoder" { &["self_attn", "encoder_attn"] } else { &["self_attn"] };
        for a in attention {
            for proj in ["q_proj", "k_proj", "v_proj", "out_proj"] {
                put(format!("{p}.{a}.{proj}.weight"), vec![D, D]);
                if proj != "k_proj" {
                    put(format!("{p}.{a}.{proj}.bias"), vec![D]);
                }
            }
            put(format!("{p}.{a}_layer_norm.weight"), vec![D]);
            put(format!("{p}.{a}_layer_norm.bias"), vec![D]);
        }
        put(format!("{p}.fc1.weight"), vec![FFN, D]);
        put(format!("{p}.fc1.bias"), vec![FFN]);
        put(format!("{p}.fc2.weight"), vec![D, FFN]);
        put(format!("{p}.fc2.bias"), vec![D]);
        put(format!("{p}.final_layer_norm.weight"), vec![D]);
        put(format!("{p}.final_layer_norm.bias"), vec![D]);
        put(format!("{side}.layer_norm.weight"), vec![D]);
        put(format!("{side}.layer_norm.bias"), vec![D]);
    }
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes: Vec<(String, Vec<usize>, Vec<u8>)> = shapes
        .into_iter()
        .map(|(name, shape)| {
            let n: usize = shape.iter().product();
            let data = (0..n)
                .flat_map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    ((x >> 40) as f32 / (1u64 << 23) as f32 - 1.0).to_le_bytes()
                })
                .collect();
            (name, shape, data)
        })
        .collect();
    let views: Vec<(String, TensorView<'_>)> =
        bytes.iter().map(|(n, s, b)| (n.clone(), TensorView::new(Dtype::F32, s.clone(), b).unwrap())).collect();
    std::fs::write(dir.join("model.safetensors"), safetensors::tensor::serialize(views, None).unwrap()).unwrap();
    let config = serde_json::json!({
        "model_type": "whisper", "vocab_size": vocabulary().len(), "num_mel_bins": 80, "d_model": D,
        "encoder_layers": 1, "decoder_layers": 1, "encoder_attention_heads": 2,
        "decoder_attention_heads": 2, "max_source_positions": 20, "max_target_positions": 12,
        "encoder_ffn_dim": FFN, "decoder_ffn_dim": FFN,
    });
    std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
    let vocab: HashMap<String, usize> = vocabulary().into_iter().enumerate().map(|(i, t)| (t, i)).collect();
    std::fs::write(dir.join("vocab.json"), serde_json::to_string(&vocab).unwrap()).unwrap();
}

fn run(args: &[&str], cwd: &Path) -> (Option<i32>, String, String) {
    let out = uraikal().args(args).current_dir(cwd).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn convert_then_info_on_a_tiny_transformers_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("tiny-hf");
    std::fs::create_dir(&folder).unwrap();
    write_checkpoint(&folder);
    let (code, _, stderr) = run(&["models", "convert", "tiny-hf", "--out", "tiny.bin"], dir.path());
    assert_eq!(code, Some(0), "{stderr}");
    insta::assert_snapshot!("models_convert_tiny_f16", stderr.replace(dir.path().to_str().unwrap(), "DIR"));
    let (code, stdout, stderr) = run(&["models", "info", "tiny.bin"], dir.path());
    assert_eq!(code, Some(0), "{stderr}");
    insta::assert_snapshot!("models_info_tiny_f16", stdout);
    let (code, stdout, _) = run(&["models", "info", "tiny.bin", "--json"], dir.path());
    assert_eq!(code, Some(0));
    let info: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    insta::assert_snapshot!("models_info_tiny_f16_json", serde_json::to_string_pretty(&info).unwrap());

    let (code, _, stderr) =
        run(&["models", "convert", "tiny-hf", "--out", "tiny-q8.bin", "--quantize", "q8_0"], dir.path());
    assert_eq!(code, Some(0), "{stderr}");
    let (_, quantized, _) = run(&["models", "info", "tiny-q8.bin"], dir.path());
    assert_ne!(quantized, run(&["models", "info", "tiny.bin"], dir.path()).1, "q8_0 is described as such");
    assert!(quantized.to_lowercase().contains("q8_0"), "{quantized}");
}

#[test]
fn bad_folders_and_files_exit_2_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("no-weights");
    std::fs::create_dir(&folder).unwrap();
    write_checkpoint(&folder);
    std::fs::remove_file(folder.join("model.safetensors")).unwrap();
    let (code, _, stderr) = run(&["models", "convert", "no-weights", "--out", "x.bin"], dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("model.safetensors") || stderr.contains("model.bin"), "{stderr}");
    assert!(!dir.path().join("x.bin").exists(), "no half-written file");
    std::fs::write(dir.path().join("not.bin"), b"not a ggml file at all").unwrap();
    let (code, _, stderr) = run(&["models", "info", "not.bin"], dir.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("not.bin"), "{stderr}");
}

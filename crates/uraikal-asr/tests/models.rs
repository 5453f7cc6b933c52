//! Model conversion: a tiny randomly initialised Whisper written by this test in transformers' layout
//! (safetensors) and the same weights in CTranslate2's layout (fused query/key/value) convert into the same
//! ggml tensors, named, shaped and typed as whisper.cpp loads them; quantized files stay close to the values;
//! a folder without weights is refused naming what is missing. Nothing is downloaded.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use safetensors::tensor::TensorView;
use safetensors::Dtype;
use uraikal_asr::models::{self, ggml, GgmlType, Quantize};

const D: usize = 64;
const FFN: usize = 128;
const MELS: usize = 80;
const AUDIO_CTX: usize = 20;
const TEXT_CTX: usize = 12;
const HEADS: usize = 2;

/// Deterministic pseudo-random values in [-1, 1).
fn values(seed: u64, n: usize) -> Vec<f32> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 40) as f32 / (1u64 << 23) as f32 - 1.0
        })
        .collect()
}

/// The vocabulary: the 256 byte tokens in GPT-2's alphabet, then the special tokens.
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

/// The checkpoint in transformers' names (without the `model.` prefix) and shapes.
fn hf_weights() -> BTreeMap<String, (Vec<usize>, Vec<f32>)> {
    let n_vocab = vocabulary().len();
    let mut w = BTreeMap::new();
    let mut seed = 0;
    let mut put = |name: String, shape: Vec<usize>| {
        seed += 1;
        let n = shape.iter().product();
        w.insert(name, (shape, values(seed, n)));
    };
    put("encoder.conv1.weight".into(), vec![D, MELS, 3]);
    put("encoder.conv1.bias".into(), vec![D]);
    put("encoder.conv2.weight".into(), vec![D, D, 3]);
    put("encoder.conv2.bias".into(), vec![D]);
    put("encoder.embed_positions.weight".into(), vec![AUDIO_CTX, D]);
    put("decoder.embed_positions.weight".into(), vec![TEXT_CTX, D]);
    put("decoder.embed_tokens.weight".into(), vec![n_vocab, D]);
    for side in ["encoder", "decoder"] {
        let p = format!("{side}.layers.0");
        let mut attention = vec!["self_attn"];
        if side == "decoder" {
            attention.push("encoder_attn");
        }
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
    w
}

fn le(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn f16_le(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|&x| half::f16::from_f32(x).to_le_bytes()).collect()
}

fn write_hf(dir: &Path, weights: &BTreeMap<String, (Vec<usize>, Vec<f32>)>) {
    let bytes: Vec<(String, Vec<usize>, Vec<u8>)> =
        weights.iter().map(|(n, (s, v))| (format!("model.{n}"), s.clone(), le(v))).collect();
    let views: Vec<(String, TensorView<'_>)> =
        bytes.iter().map(|(n, s, b)| (n.clone(), TensorView::new(Dtype::F32, s.clone(), b).unwrap())).collect();
    std::fs::write(dir.join("model.safetensors"), safetensors::tensor::serialize(views, None).unwrap()).unwrap();
    let config = serde_json::json!({
        "model_type": "whisper", "vocab_size": vocabulary().len(), "num_mel_bins": MELS, "d_model": D,
        "encoder_layers": 1, "decoder_layers": 1, "encoder_attention_heads": HEADS,
        "decoder_attention_heads": HEADS, "max_source_positions": AUDIO_CTX, "max_target_positions": TEXT_CTX,
        "encoder_ffn_dim": FFN, "decoder_ffn_dim": FFN,
    });
    std::fs::write(dir.join("config.json"), config.to_string()).unwrap();
    let vocab: HashMap<String, usize> = vocabulary().into_iter().enumerate().map(|(i, t)| (t, i)).collect();
    std::fs::write(dir.join("vocab.json"), serde_json::to_string(&vocab).unwrap()).unwrap();
}

/// The same weights as CTranslate2 writes a Whisper model (binary version 6, f16 matrices).
fn write_ct2(dir: &Path, weights: &BTreeMap<String, (Vec<usize>, Vec<f32>)>) {
    let get = |n: &str| weights[n].1.clone();
    let mut vars: Vec<(String, Vec<usize>, u8, Vec<u8>)> = Vec::new();
    let mut float = |name: &str, shape: Vec<usize>, v: Vec<f32>| vars.push((name.into(), shape, 4, f16_le(&v)));
    float("encoder/conv1/weight", vec![D, MELS, 3], get("encoder.conv1.weight"));
    float("encoder/conv1/bias", vec![D], get("encoder.conv1.bias"));
    float("encoder/conv2/weight", vec![D, D, 3], get("encoder.conv2.weight"));
    float("encoder/conv2/bias", vec![D], get("encoder.conv2.bias"));
    float("encoder/position_encodings/encodings", vec![AUDIO_CTX, D], get("encoder.embed_positions.weight"));
    float("decoder/position_encodings/encodings", vec![TEXT_CTX, D], get("decoder.embed_positions.weight"));
    float("decoder/embeddings/weight", vec![vocabulary().len(), D], get("decoder.embed_tokens.weight"));
    for side in ["encoder", "decoder"] {
        let (hf, ct) = (format!("{side}.layers.0"), format!("{side}/layer_0"));
        let cat = |parts: &[Vec<f32>]| parts.concat();
        let zeros = vec![0f32; D];
        let a = format!("{hf}.self_attn");
        float(
            &format!("{ct}/self_attention/linear_0/weight"),
            vec![3 * D, D],
            cat(&[
                get(&format!("{a}.q_proj.weight")),
                get(&format!("{a}.k_proj.weight")),
                get(&format!("{a}.v_proj.weight")),
            ]),
        );
        float(
            &format!("{ct}/self_attention/linear_0/bias"),
            vec![3 * D],
            cat(&[get(&format!("{a}.q_proj.bias")), zeros.clone(), get(&format!("{a}.v_proj.bias"))]),
        );
        float(&format!("{ct}/self_attention/linear_1/weight"), vec![D, D], get(&format!("{a}.out_proj.weight")));
        float(&format!("{ct}/self_attention/linear_1/bias"), vec![D], get(&format!("{a}.out_proj.bias")));
        float(&format!("{ct}/self_attention/layer_norm/gamma"), vec![D], get(&format!("{a}_layer_norm.weight")));
        float(&format!("{ct}/self_attention/layer_norm/beta"), vec![D], get(&format!("{a}_layer_norm.bias")));
        if side == "decoder" {
            let e = format!("{hf}.encoder_attn");
            float(&format!("{ct}/attention/linear_0/weight"), vec![D, D], get(&format!("{e}.q_proj.weight")));
            float(&format!("{ct}/attention/linear_0/bias"), vec![D], get(&format!("{e}.q_proj.bias")));
            float(
                &format!("{ct}/attention/linear_1/weight"),
                vec![2 * D, D],
                cat(&[get(&format!("{e}.k_proj.weight")), get(&format!("{e}.v_proj.weight"))]),
            );
            float(
                &format!("{ct}/attention/linear_1/bias"),
                vec![2 * D],
                cat(&[zeros, get(&format!("{e}.v_proj.bias"))]),
            );
            float(&format!("{ct}/attention/linear_2/weight"), vec![D, D], get(&format!("{e}.out_proj.weight")));
            float(&format!("{ct}/attention/linear_2/bias"), vec![D], get(&format!("{e}.out_proj.bias")));
            float(&format!("{ct}/attention/layer_norm/gamma"), vec![D], get(&format!("{e}_layer_norm.weight")));
            float(&format!("{ct}/attention/layer_norm/beta"), vec![D], get(&format!("{e}_layer_norm.bias")));
        }
        for (h, c) in [("fc1", "linear_0"), ("fc2", "linear_1")] {
            let (rows, cols) = if h == "fc1" { (FFN, D) } else { (D, FFN) };
            float(&format!("{ct}/ffn/{c}/weight"), vec![rows, cols], get(&format!("{hf}.{h}.weight")));
            float(&format!("{ct}/ffn/{c}/bias"), vec![rows], get(&format!("{hf}.{h}.bias")));
        }
        float(&format!("{ct}/ffn/layer_norm/gamma"), vec![D], get(&format!("{hf}.final_layer_norm.weight")));
        float(&format!("{ct}/ffn/layer_norm/beta"), vec![D], get(&format!("{hf}.final_layer_norm.bias")));
        float(&format!("{side}/layer_norm/gamma"), vec![D], get(&format!("{side}.layer_norm.weight")));
        float(&format!("{side}/layer_norm/beta"), vec![D], get(&format!("{side}.layer_norm.bias")));
    }
    for side in ["encoder", "decoder"] {
        vars.push((format!("{side}/num_heads"), vec![], 2, (HEADS as u16).to_le_bytes().to_vec()));
    }
    let mut out = Vec::new();
    let string = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(&((s.len() + 1) as u16).to_le_bytes());
        out.extend_from_slice(s.as_bytes());
        out.push(0);
    };
    out.extend_from_slice(&6u32.to_le_bytes());
    string(&mut out, "WhisperSpec");
    out.extend_from_slice(&3u32.to_le_bytes());
    out.extend_from_slice(&(vars.len() as u32).to_le_bytes());
    for (name, shape, dtype, bytes) in &vars {
        string(&mut out, name);
        out.push(shape.len() as u8);
        for d in shape {
            out.extend_from_slice(&(*d as u32).to_le_bytes());
        }
        out.push(*dtype);
        out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(bytes);
    }
    out.extend_from_slice(&0u32.to_le_bytes());
    std::fs::write(dir.join("model.bin"), out).unwrap();
    std::fs::write(dir.join("vocabulary.txt"), vocabulary().join("\n") + "\n").unwrap();
    std::fs::write(dir.join("config.json"), "{}").unwrap();
}

/// whisper.cpp's tensors for a one-layer model: name → (shape outermost first, type).
fn expected_layout() -> BTreeMap<String, (Vec<usize>, GgmlType)> {
    use GgmlType::{F16, F32};
    let mut e = BTreeMap::new();
    let mut put = |n: &str, s: Vec<usize>, t| {
        e.insert(n.to_string(), (s, t));
    };
    put("encoder.positional_embedding", vec![AUDIO_CTX, D], F32);
    put("encoder.conv1.weight", vec![D, MELS, 3], F16);
    put("encoder.conv1.bias", vec![D, 1], F32);
    put("encoder.conv2.weight", vec![D, D, 3], F16);
    put("encoder.conv2.bias", vec![D, 1], F32);
    put("encoder.ln_post.weight", vec![D], F32);
    put("encoder.ln_post.bias", vec![D], F32);
    put("decoder.positional_embedding", vec![TEXT_CTX, D], F32);
    put("decoder.token_embedding.weight", vec![vocabulary().len(), D], F16);
    put("decoder.ln.weight", vec![D], F32);
    put("decoder.ln.bias", vec![D], F32);
    for side in ["encoder", "decoder"] {
        let mut attention = vec!["attn"];
        if side == "decoder" {
            attention.push("cross_attn");
        }
        for a in attention {
            for part in ["query", "key", "value", "out"] {
                put(&format!("{side}.blocks.0.{a}.{part}.weight"), vec![D, D], F16);
                if part != "key" {
                    put(&format!("{side}.blocks.0.{a}.{part}.bias"), vec![D], F32);
                }
            }
            put(&format!("{side}.blocks.0.{a}_ln.weight"), vec![D], F32);
            put(&format!("{side}.blocks.0.{a}_ln.bias"), vec![D], F32);
        }
        put(&format!("{side}.blocks.0.mlp_ln.weight"), vec![D], F32);
        put(&format!("{side}.blocks.0.mlp_ln.bias"), vec![D], F32);
        put(&format!("{side}.blocks.0.mlp.0.weight"), vec![FFN, D], F16);
        put(&format!("{side}.blocks.0.mlp.0.bias"), vec![FFN], F32);
        put(&format!("{side}.blocks.0.mlp.2.weight"), vec![D, FFN], F16);
        put(&format!("{side}.blocks.0.mlp.2.bias"), vec![D], F32);
    }
    e
}

fn tensors(path: &Path) -> BTreeMap<String, (Vec<usize>, GgmlType, Vec<f32>)> {
    let model = ggml::read(path, true).unwrap();
    model
        .tensors
        .iter()
        .map(|t| (t.name.clone(), (t.shape.clone(), t.ty, ggml::tensor_values(path, t).unwrap())))
        .collect()
}

/// The transformers name of a whisper.cpp tensor, for the values' origin.
fn hf_name(cpp: &str) -> String {
    let fixed = [
        ("encoder.positional_embedding", "encoder.embed_positions.weight"),
        ("decoder.positional_embedding", "decoder.embed_positions.weight"),
        ("decoder.token_embedding.weight", "decoder.embed_tokens.weight"),
        ("encoder.ln_post.weight", "encoder.layer_norm.weight"),
        ("encoder.ln_post.bias", "encoder.layer_norm.bias"),
        ("decoder.ln.weight", "decoder.layer_norm.weight"),
        ("decoder.ln.bias", "decoder.layer_norm.bias"),
    ];
    if let Some((_, hf)) = fixed.iter().find(|(c, _)| *c == cpp) {
        return hf.to_string();
    }
    if cpp.starts_with("encoder.conv") {
        return cpp.to_string();
    }
    let s = cpp.replace(".blocks.", ".layers.");
    let s = s.replace(".cross_attn_ln.", ".encoder_attn_layer_norm.").replace(".attn_ln.", ".self_attn_layer_norm.");
    let s = s.replace(".cross_attn.", ".encoder_attn.").replace(".attn.", ".self_attn.");
    let s = s.replace(".mlp_ln.", ".final_layer_norm.").replace(".mlp.0.", ".fc1.").replace(".mlp.2.", ".fc2.");
    s.replace(".query.", ".q_proj.")
        .replace(".key.", ".k_proj.")
        .replace(".value.", ".v_proj.")
        .replace(".out.", ".out_proj.")
}

#[test]
fn transformers_folder_converts_tensor_by_tensor_into_whisper_cpp_layout() {
    let dir = tempfile::tempdir().unwrap();
    let weights = hf_weights();
    let hf = dir.path().join("hf");
    std::fs::create_dir(&hf).unwrap();
    write_hf(&hf, &weights);
    let out = dir.path().join("hf.bin");
    let report = models::convert(&hf, &out, None).unwrap();
    assert_eq!(report.format, models::Format::Transformers);
    let got = tensors(&out);
    let expected = expected_layout();
    assert_eq!(got.keys().collect::<Vec<_>>(), expected.keys().collect::<Vec<_>>());
    for (name, (shape, ty, values)) in &got {
        assert_eq!((shape, ty), (&expected[name].0, &expected[name].1), "{name}");
        let source = &weights[&hf_name(name)].1;
        let tolerance = if *ty == GgmlType::F16 { 1e-3 } else { 0.0 };
        for (a, b) in values.iter().zip(source) {
            assert!((a - b).abs() <= tolerance, "{name}: {a} vs {b}");
        }
    }
    let model = ggml::read(&out, false).unwrap();
    assert_eq!(model.hparams.n_vocab, vocabulary().len());
    assert_eq!((model.hparams.n_audio_head, model.hparams.n_text_layer, model.hparams.n_mels), (HEADS, 1, MELS));
    assert_eq!(model.tokens.len(), 256, "the byte tokens, up to <|endoftext|>");
    assert_eq!(model.tokens[b'a' as usize], b"a");
    assert_eq!(model.tokens[b' ' as usize], b" ", "Ġ is the space byte");
    assert_eq!(model.mel_filters, models::mel::filters(MELS));
}

#[test]
fn ctranslate2_folder_gives_the_same_tensors_as_the_transformers_folder() {
    let dir = tempfile::tempdir().unwrap();
    let weights = hf_weights();
    let (hf, ct2) = (dir.path().join("hf"), dir.path().join("ct2"));
    std::fs::create_dir(&hf).unwrap();
    std::fs::create_dir(&ct2).unwrap();
    write_hf(&hf, &weights);
    write_ct2(&ct2, &weights);
    let (a, b) = (dir.path().join("a.bin"), dir.path().join("b.bin"));
    models::convert(&hf, &a, None).unwrap();
    assert_eq!(models::convert(&ct2, &b, None).unwrap().format, models::Format::CTranslate2);
    let (ta, tb) = (tensors(&a), tensors(&b));
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (name, (shape, ty, values)) in &ta {
        let (shape_b, ty_b, values_b) = &tb[name];
        assert_eq!((shape, ty), (shape_b, ty_b), "{name}");
        // The CTranslate2 copy went through f16: f32 tensors differ by its rounding only.
        for (x, y) in values.iter().zip(values_b) {
            assert!((x - y).abs() <= 1e-3, "{name}: {x} vs {y}");
        }
    }
    let (ma, mb) = (ggml::read(&a, false).unwrap(), ggml::read(&b, false).unwrap());
    assert_eq!((ma.hparams, ma.tokens), (mb.hparams, mb.tokens));
}

#[test]
fn quantized_matrices_stay_close_and_vectors_stay_f32() {
    let dir = tempfile::tempdir().unwrap();
    let weights = hf_weights();
    let hf = dir.path().join("hf");
    std::fs::create_dir(&hf).unwrap();
    write_hf(&hf, &weights);
    for (q, ty, step) in [(Quantize::Q8_0, GgmlType::Q8_0, 1.0 / 127.0), (Quantize::Q5_0, GgmlType::Q5_0, 1.0 / 16.0)] {
        let out = dir.path().join(format!("{}.bin", q.name()));
        models::convert(&hf, &out, Some(q)).unwrap();
        let info = models::info(&out).unwrap();
        assert_eq!(info.ftype, q.name());
        for (name, (shape, got_ty, values)) in tensors(&out) {
            let expected = &expected_layout()[&name];
            let want = if expected.1 == GgmlType::F16 && shape.len() == 2 { ty } else { expected.1 };
            assert_eq!(got_ty, want, "{name}");
            for (a, b) in values.iter().zip(&weights[&hf_name(&name)].1) {
                // Half a step from rounding; q5_0 codes run -16..15, so a value opposite in sign to the largest
                // is clipped by up to one step (as in ggml).
                assert!((a - b).abs() <= step * 1.01 + 1e-3, "{name} ({}): {a} vs {b}", q.name());
            }
        }
    }
}

#[test]
fn a_folder_without_weights_is_refused_naming_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.json"), "{}").unwrap();
    let err = models::convert(dir.path(), &dir.path().join("x.bin"), None).unwrap_err().to_string();
    assert!(err.contains("missing model.bin") && err.contains("model.safetensors"), "{err}");
    assert!(!dir.path().join("x.bin").exists());
    std::fs::write(dir.path().join("model.bin.part1"), b"").unwrap();
    let err = models::convert(dir.path(), &dir.path().join("x.bin"), None).unwrap_err().to_string();
    assert!(err.contains("model.bin.part1"), "{err}");
}

#[test]
fn a_truncated_ctranslate2_model_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    write_ct2(dir.path(), &hf_weights());
    let bytes = std::fs::read(dir.path().join("model.bin")).unwrap();
    std::fs::write(dir.path().join("model.bin"), &bytes[..bytes.len() / 2]).unwrap();
    let out = dir.path().join("x.bin");
    let err = models::convert(dir.path(), &out, None).unwrap_err().to_string();
    assert!(err.contains("ends at byte"), "{err}");
    assert!(!out.exists());
}

#[test]
fn mel_filters_equal_whisper_cpp_test_model() {
    // whisper.cpp's weightless test model (read in place from ../shared) carries Whisper's mel_filters.npz.
    let path = uraikal_test_support::shared_data("asr/whispercpp-test-models/for-tests-ggml-tiny.bin");
    let Some(path) = path else {
        uraikal_test_support::skipped("../shared/data/asr/whispercpp-test-models/for-tests-ggml-tiny.bin is absent");
        return;
    };
    let model = ggml::read(&path, false).unwrap();
    let ours = models::mel::filters(80);
    assert_eq!(model.mel_filters.len(), ours.len());
    for (a, b) in model.mel_filters.iter().zip(&ours) {
        assert!((a - b).abs() < 1e-7, "{a} vs {b}");
    }
}

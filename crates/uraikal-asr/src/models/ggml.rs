//! whisper.cpp's ggml model file: the writer (header, mel filters, vocabulary, tensors in f32/f16/q8_0/q5_0)
//! and a reader of its header and tensor table (`uraikal models info`, tests).
//!
//! The layout is whisper.cpp's (its `models/convert-pt-to-ggml.py` documents it): magic `ggml`, eleven i32
//! hyperparameters, the mel filter bank, the vocabulary as raw bytes, then tensors, each with its number of
//! dimensions, name length, type, dimensions innermost first, name and data. Vectors, conv biases and the
//! positional embeddings are f32, conv kernels f16, matrices f16 or the quantized type.

use std::io::Read;
use std::path::Path;

use half::f16;

use super::{DType, Error, Plan, Quantize, RawTensor};

/// `ggml` read as a little-endian u32.
pub const MAGIC: u32 = 0x6767_6d6c;
/// ggml's quantization format version, folded into `ftype` as whisper.cpp's quantize tool does.
const QNT_VERSION: i32 = 2;
const QNT_VERSION_FACTOR: i32 = 1000;
/// Values per quantization block (q8_0, q5_0).
pub const QK: usize = 32;

/// ggml tensor types used here (ggml's numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GgmlType {
    /// 32-bit float.
    F32,
    /// 16-bit float.
    F16,
    /// 5-bit blocks of 32 with an f16 scale.
    Q5_0,
    /// 8-bit blocks of 32 with an f16 scale.
    Q8_0,
}

impl GgmlType {
    /// ggml's number for the type.
    pub fn id(self) -> i32 {
        match self {
            GgmlType::F32 => 0,
            GgmlType::F16 => 1,
            GgmlType::Q5_0 => 6,
            GgmlType::Q8_0 => 8,
        }
    }

    fn from_id(id: i32) -> Option<GgmlType> {
        Some(match id {
            0 => GgmlType::F32,
            1 => GgmlType::F16,
            6 => GgmlType::Q5_0,
            8 => GgmlType::Q8_0,
            _ => return None,
        })
    }

    /// Bytes taken by `n` values (`n` a multiple of the block size for block types).
    pub fn bytes(self, n: usize) -> usize {
        match self {
            GgmlType::F32 => 4 * n,
            GgmlType::F16 => 2 * n,
            GgmlType::Q5_0 => n / QK * 22,
            GgmlType::Q8_0 => n / QK * 34,
        }
    }

    /// The name ggml gives the type.
    pub fn name(self) -> &'static str {
        match self {
            GgmlType::F32 => "f32",
            GgmlType::F16 => "f16",
            GgmlType::Q5_0 => "q5_0",
            GgmlType::Q8_0 => "q8_0",
        }
    }
}

/// Whisper's hyperparameters as whisper.cpp stores them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Hparams {
    /// Vocabulary size (51865 multilingual, 51864 English-only, 51866 large-v3).
    pub n_vocab: usize,
    /// Encoder positions (1500).
    pub n_audio_ctx: usize,
    /// Encoder width.
    pub n_audio_state: usize,
    /// Encoder attention heads.
    pub n_audio_head: usize,
    /// Encoder layers.
    pub n_audio_layer: usize,
    /// Decoder positions (448).
    pub n_text_ctx: usize,
    /// Decoder width.
    pub n_text_state: usize,
    /// Decoder attention heads.
    pub n_text_head: usize,
    /// Decoder layers.
    pub n_text_layer: usize,
    /// Mel bands (80, or 128 for large-v3).
    pub n_mels: usize,
}

/// The type a tensor is stored in, by whisper.cpp's rules.
pub fn target_type(name: &str, shape: &[usize], quantize: Option<Quantize>) -> GgmlType {
    let f32_always = shape.len() < 2 || name.ends_with("conv1.bias") || name.ends_with("conv2.bias");
    if f32_always || name.ends_with("positional_embedding") {
        GgmlType::F32
    } else if shape.len() > 2 {
        GgmlType::F16
    } else {
        match quantize {
            Some(Quantize::Q8_0) => GgmlType::Q8_0,
            Some(Quantize::Q5_0) => GgmlType::Q5_0,
            None => GgmlType::F16,
        }
    }
}

/// Writes `plan` as a ggml file to `out`, atomically (a failed conversion leaves nothing behind).
pub fn write(plan: &Plan<'_>, out: &Path, quantize: Option<Quantize>) -> Result<(), Error> {
    let mut file = uraikal_io::AtomicFile::create(out)?;
    let mut head = Vec::new();
    let h = &plan.hparams;
    let ftype = match quantize {
        None => 1,
        Some(q) => q.ftype() + QNT_VERSION * QNT_VERSION_FACTOR,
    };
    head.extend_from_slice(&MAGIC.to_le_bytes());
    for v in [
        h.n_vocab,
        h.n_audio_ctx,
        h.n_audio_state,
        h.n_audio_head,
        h.n_audio_layer,
        h.n_text_ctx,
        h.n_text_state,
        h.n_text_head,
        h.n_text_layer,
        h.n_mels,
    ] {
        head.extend_from_slice(&(v as i32).to_le_bytes());
    }
    head.extend_from_slice(&ftype.to_le_bytes());
    let filters = super::mel::filters(h.n_mels);
    head.extend_from_slice(&(h.n_mels as i32).to_le_bytes());
    head.extend_from_slice(&(super::mel::N_FFT_BINS as i32).to_le_bytes());
    for v in &filters {
        head.extend_from_slice(&v.to_le_bytes());
    }
    head.extend_from_slice(&(plan.tokens.len() as i32).to_le_bytes());
    for token in &plan.tokens {
        head.extend_from_slice(&(token.len() as i32).to_le_bytes());
        head.extend_from_slice(token);
    }
    file.write(&head)?;
    for (name, tensor) in &plan.tensors {
        let ty = target_type(name, &tensor.shape, quantize);
        let n = tensor.len();
        if matches!(ty, GgmlType::Q8_0 | GgmlType::Q5_0) && tensor.shape.last().is_none_or(|&w| w % QK != 0) {
            return Err(Error::Invalid(format!(
                "{name}: rows of {:?} values cannot be quantized in blocks of {QK}; convert without --quantize",
                tensor.shape.last()
            )));
        }
        let mut entry = Vec::with_capacity(64 + name.len());
        entry.extend_from_slice(&(tensor.shape.len() as i32).to_le_bytes());
        entry.extend_from_slice(&(name.len() as i32).to_le_bytes());
        entry.extend_from_slice(&ty.id().to_le_bytes());
        for &d in tensor.shape.iter().rev() {
            entry.extend_from_slice(&(d as i32).to_le_bytes());
        }
        entry.extend_from_slice(name.as_bytes());
        file.write(&entry)?;
        // Converted in slices of whole blocks so that memory stays at the size of the input.
        let chunk = 1 << 20;
        let mut start = 0;
        while start < n {
            let end = (start + chunk).min(n);
            file.write(&encode(tensor, start, end, ty))?;
            start = end;
        }
    }
    file.commit()?;
    Ok(())
}

/// Values `start..end` of `tensor` encoded as `ty`.
fn encode(tensor: &RawTensor<'_>, start: usize, end: usize, ty: GgmlType) -> Vec<u8> {
    match (tensor.dtype, ty) {
        (DType::F16, GgmlType::F16) => tensor.bytes[2 * start..2 * end].to_vec(),
        (DType::F32, GgmlType::F32) => tensor.bytes[4 * start..4 * end].to_vec(),
        _ => {
            let values: Vec<f32> = (start..end).map(|i| tensor.value(i)).collect();
            match ty {
                GgmlType::F32 => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
                GgmlType::F16 => values.iter().flat_map(|&v| f16::from_f32(v).to_le_bytes()).collect(),
                GgmlType::Q8_0 => values.chunks(QK).flat_map(quantize_q8_0).collect(),
                GgmlType::Q5_0 => values.chunks(QK).flat_map(quantize_q5_0).collect(),
            }
        }
    }
}

/// One q8_0 block: an f16 scale `d = max|x| / 127`, then 32 signed bytes `round(x / d)`.
pub fn quantize_q8_0(block: &[f32]) -> Vec<u8> {
    let amax = block.iter().fold(0f32, |m, v| m.max(v.abs()));
    let d = amax / 127.0;
    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
    let mut out = Vec::with_capacity(34);
    out.extend_from_slice(&f16::from_f32(d).to_le_bytes());
    out.extend(block.iter().map(|&v| ((v * id).round() as i8) as u8));
    out
}

/// One q5_0 block: an f16 scale `d = max / -16` (`max` the value of largest magnitude), the fifth bits of the
/// 32 codes in a u32, then their low four bits two to a byte (code j with code j + 16).
pub fn quantize_q5_0(block: &[f32]) -> Vec<u8> {
    let max = block.iter().fold(0f32, |m, &v| if v.abs() > m.abs() { v } else { m });
    let d = max / -16.0;
    let id = if d != 0.0 { 1.0 / d } else { 0.0 };
    let code = |v: f32| ((v * id + 16.5) as i8).min(31) as u8;
    let mut qh = 0u32;
    let mut qs = [0u8; QK / 2];
    for j in 0..QK / 2 {
        let (a, b) = (code(block[j]), code(block[j + QK / 2]));
        qs[j] = (a & 0x0f) | ((b & 0x0f) << 4);
        qh |= u32::from((a & 0x10) >> 4) << j;
        qh |= u32::from((b & 0x10) >> 4) << (j + QK / 2);
    }
    let mut out = Vec::with_capacity(22);
    out.extend_from_slice(&f16::from_f32(d).to_le_bytes());
    out.extend_from_slice(&qh.to_le_bytes());
    out.extend_from_slice(&qs);
    out
}

/// The values of one q8_0 or q5_0 block (for tests and `info`).
pub fn dequantize(ty: GgmlType, block: &[u8]) -> Vec<f32> {
    let d = f16::from_le_bytes([block[0], block[1]]).to_f32();
    match ty {
        GgmlType::Q8_0 => block[2..34].iter().map(|&q| f32::from(q as i8) * d).collect(),
        GgmlType::Q5_0 => {
            let qh = u32::from_le_bytes([block[2], block[3], block[4], block[5]]);
            let qs = &block[6..22];
            let mut out = vec![0f32; QK];
            for j in 0..QK / 2 {
                let lo = i32::from(qs[j] & 0x0f) | (((qh >> j) & 1) << 4) as i32;
                let hi = i32::from(qs[j] >> 4) | (((qh >> (j + QK / 2)) & 1) << 4) as i32;
                out[j] = (lo - 16) as f32 * d;
                out[j + QK / 2] = (hi - 16) as f32 * d;
            }
            out
        }
        GgmlType::F32 | GgmlType::F16 => Vec::new(),
    }
}

/// A tensor as stored in a ggml file.
#[derive(Debug, Clone)]
pub struct StoredTensor {
    /// whisper.cpp's name (`encoder.blocks.0.attn.query.weight`).
    pub name: String,
    /// Dimensions, outermost first (as PyTorch writes them).
    pub shape: Vec<usize>,
    /// Storage type.
    pub ty: GgmlType,
    /// Byte offset of the data in the file.
    pub offset: u64,
}

/// What a ggml Whisper file holds.
#[derive(Debug, Clone)]
pub struct GgmlModel {
    /// Hyperparameters.
    pub hparams: Hparams,
    /// `ftype` as stored (1 f16, 0 f32, 2007 q8_0, 2008 q5_0).
    pub ftype: i32,
    /// Mel filter bank, `n_mels` rows of `n_fft` values.
    pub mel_filters: Vec<f32>,
    /// Vocabulary entries stored (the special tokens after them are implied by `n_vocab`).
    pub tokens: Vec<Vec<u8>>,
    /// The tensors, in file order.
    pub tensors: Vec<StoredTensor>,
}

/// Reads the header and tensor table of a ggml Whisper file (`with_tensors` false: stops after the vocabulary).
pub fn read(path: &Path, with_tensors: bool) -> Result<GgmlModel, Error> {
    let file = std::fs::File::open(path).map_err(|e| uraikal_io::Error::io(path, e))?;
    let len = file.metadata().map_err(|e| uraikal_io::Error::io(path, e))?.len();
    let mut r = Reader { inner: std::io::BufReader::with_capacity(1 << 16, file), pos: 0, path, len };
    let bad = |m: String| Error::Invalid(format!("{}: {m}", path.display()));
    if r.u32()? != MAGIC {
        return Err(bad("not a ggml Whisper model (no `ggml` magic number)".into()));
    }
    let mut v = [0usize; 10];
    for slot in &mut v {
        *slot = r.count("a hyperparameter")?;
    }
    let hparams = Hparams {
        n_vocab: v[0],
        n_audio_ctx: v[1],
        n_audio_state: v[2],
        n_audio_head: v[3],
        n_audio_layer: v[4],
        n_text_ctx: v[5],
        n_text_state: v[6],
        n_text_head: v[7],
        n_text_layer: v[8],
        n_mels: v[9],
    };
    let ftype = r.i32()?;
    let n_mel = r.count("n_mel")?;
    let n_fft = r.count("n_fft")?;
    let mut mel_filters = Vec::with_capacity(n_mel * n_fft);
    for _ in 0..n_mel * n_fft {
        mel_filters.push(f32::from_bits(r.u32()?));
    }
    let n_tokens = r.count("the vocabulary size")?;
    let mut tokens = Vec::with_capacity(n_tokens);
    for _ in 0..n_tokens {
        let n = r.count("a token length")?;
        tokens.push(r.bytes(n)?);
    }
    let mut tensors = Vec::new();
    while with_tensors && r.pos < len {
        let dims = r.count("n_dims")?;
        let name_len = r.count("a name length")?;
        let ty_id = r.i32()?;
        let mut shape: Vec<usize> = (0..dims).map(|_| r.count("a dimension")).collect::<Result<_, _>>()?;
        shape.reverse();
        let name = String::from_utf8_lossy(&r.bytes(name_len)?).into_owned();
        let ty = GgmlType::from_id(ty_id).ok_or_else(|| bad(format!("{name}: tensor type {ty_id} not known here")))?;
        let n: usize = shape.iter().product();
        let offset = r.pos;
        r.skip(ty.bytes(n) as u64)?;
        tensors.push(StoredTensor { name, shape, ty, offset });
    }
    Ok(GgmlModel { hparams, ftype, mel_filters, tokens, tensors })
}

/// The values of a stored tensor, dequantized to f32 (for tests and comparisons).
pub fn tensor_values(path: &Path, tensor: &StoredTensor) -> Result<Vec<f32>, Error> {
    use std::io::Seek;
    let n: usize = tensor.shape.iter().product();
    let mut file = std::fs::File::open(path).map_err(|e| uraikal_io::Error::io(path, e))?;
    file.seek(std::io::SeekFrom::Start(tensor.offset)).map_err(|e| uraikal_io::Error::io(path, e))?;
    let mut bytes = vec![0u8; tensor.ty.bytes(n)];
    file.read_exact(&mut bytes).map_err(|e| uraikal_io::Error::io(path, e))?;
    Ok(match tensor.ty {
        GgmlType::F32 => bytes.chunks(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect(),
        GgmlType::F16 => bytes.chunks(2).map(|b| f16::from_le_bytes([b[0], b[1]]).to_f32()).collect(),
        GgmlType::Q8_0 => bytes.chunks(34).flat_map(|b| dequantize(GgmlType::Q8_0, b)).collect(),
        GgmlType::Q5_0 => bytes.chunks(22).flat_map(|b| dequantize(GgmlType::Q5_0, b)).collect(),
    })
}

struct Reader<'p, R> {
    inner: R,
    pos: u64,
    path: &'p Path,
    len: u64,
}

impl<R: Read> Reader<'_, R> {
    fn bytes(&mut self, n: usize) -> Result<Vec<u8>, Error> {
        if self.pos + n as u64 > self.len {
            return Err(self.truncated());
        }
        let mut buf = vec![0u8; n];
        self.inner.read_exact(&mut buf).map_err(|e| uraikal_io::Error::io(self.path, e))?;
        self.pos += n as u64;
        Ok(buf)
    }

    fn skip(&mut self, n: u64) -> Result<(), Error> {
        if self.pos + n > self.len {
            return Err(self.truncated());
        }
        std::io::copy(&mut (&mut self.inner).take(n), &mut std::io::sink())
            .map_err(|e| uraikal_io::Error::io(self.path, e))?;
        self.pos += n;
        Ok(())
    }

    fn truncated(&self) -> Error {
        Error::Invalid(format!("{}: ends early at byte {} (a truncated ggml file?)", self.path.display(), self.pos))
    }

    fn u32(&mut self) -> Result<u32, Error> {
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn i32(&mut self) -> Result<i32, Error> {
        Ok(self.u32()? as i32)
    }

    fn count(&mut self, what: &str) -> Result<usize, Error> {
        let at = self.pos;
        let v = self.i32()?;
        usize::try_from(v).map_err(|_| {
            Error::Invalid(format!(
                "{}: byte {at}: {what} is negative ({v}); not a ggml Whisper model",
                self.path.display()
            ))
        })
    }
}

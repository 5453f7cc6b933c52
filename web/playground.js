// The playground (inlined by `cargo xtask web` after the wasm-bindgen module, in one <script type="module">).
// It renders the precomputed worked example at once, then loads the WASM and recomputes everything live.
// Every figure comes from the WASM `call(op, argsJson)`; this script only shows the answers.

const uiExample = window.URAIKAL_EXAMPLE;
let uiLive = false;

function uiById(id) { return document.getElementById(id); }

function uiEl(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// One operation through the WASM; {error} on bad input (the engine never throws through `call`).
function uiCall(op, args) {
  const answer = JSON.parse(call(op, JSON.stringify(args)));
  if ("error" in answer) throw new Error(answer.error);
  return answer.ok;
}

function uiShow(id, compute) {
  const node = uiById(id);
  try {
    node.textContent = compute();
    node.classList.remove("error");
  } catch (e) {
    node.textContent = e.message;
    node.classList.add("error");
  }
}

function uiRenderLetters(letters) {
  const list = uiById("letters");
  list.replaceChildren();
  for (const { letter, length } of letters) {
    const item = uiEl("li", length);
    item.append(uiEl("span", "letter", letter), uiEl("span", "length", length));
    item.setAttribute("aria-label", `${letter}: ${length}`);
    list.append(item);
  }
}

const uiOpMark = { equal: "=", substitute: "S", delete: "D", insert: "I" };

// Columns of an alignment: one per aligned pair of units, coloured (and marked) by operation.
function uiRenderAlignment(id, result, separator) {
  const box = uiById(id);
  box.replaceChildren();
  const add = (kind, ref, hyp) => {
    const col = uiEl("span", `col op-${kind}`);
    col.append(uiEl("span", "ref", ref), uiEl("span", "hyp", hyp), uiEl("span", "op", uiOpMark[kind]));
    col.setAttribute("aria-label", `${kind}: reference ${ref || "nothing"}, hypothesis ${hyp || "nothing"}`);
    box.append(col);
  };
  const show = (unit) => (unit === " " ? "␣" : unit);
  for (const [kind, rs, re, hs, he] of result.chunks) {
    const n = Math.max(re - rs, he - hs);
    for (let i = 0; i < n; i++) {
      const ref = rs + i < re ? show(result.reference[rs + i]) : "";
      const hyp = hs + i < he ? show(result.hypothesis[hs + i]) : "";
      add(kind, ref, hyp);
    }
  }
  box.dataset.separator = separator;
}

function uiRenderFigures(wer, cer, chrf) {
  const box = uiById("figures");
  box.replaceChildren();
  const pct = (x) => (x === null || x === undefined ? "–" : (100 * x).toFixed(2) + "%");
  const figure = (name, value, detail) => {
    const f = uiEl("div", "figure");
    f.append(uiEl("span", "", name + " "), uiEl("b", "", value), uiEl("span", "", " " + detail));
    box.append(f);
  };
  figure("WER", pct(wer.wer), `(S ${wer.substitutions}, D ${wer.deletions}, I ${wer.insertions}, N ${wer.reference.length})`);
  figure("CER", pct(cer.cer), `(${cer.unit}s: S ${cer.substitutions}, D ${cer.deletions}, I ${cer.insertions})`);
  figure("chrF", chrf.chrf.toFixed(2), `chrF++ ${chrf.chrf_plus_plus.toFixed(2)} (${chrf.unit})`);
}

function uiRenderScan(scan) {
  const box = uiById("yaappu");
  box.replaceChildren();
  const cirs = uiEl("p");
  cirs.textContent = scan.cirs.map((c) => `${c.asai_text.join("/")} ${c.pattern ?? "?"}`).join("  ·  ");
  box.append(cirs);
  if (scan.talai.length) box.append(uiEl("p", "", "தளை: " + scan.talai.join(", ")));
  box.append(uiEl("p", "", scan.valid ? `valid: ${scan.metre}` : "not a valid வெண்பா"));
  for (const p of scan.problems) box.append(uiEl("p", "error", p));
}

// The worked example as computed ahead of time: the page shows it even before (or without) the WASM.
function uiRenderExample() {
  uiById("text-input").value = uiExample.text;
  uiById("reference-input").value = uiExample.reference;
  uiById("hypothesis-input").value = uiExample.hypothesis;
  uiRenderLetters(uiExample.letters);
  uiById("graphemes").textContent = uiExample.graphemes.join(" | ");
  uiById("clean").textContent = uiExample.clean;
  uiById("normalize").textContent = uiExample.normalize;
  uiRenderFigures(uiExample.wer, uiExample.cer, uiExample.chrf);
  uiRenderAlignment("word-alignment", uiExample.wer, " ");
  uiRenderAlignment("char-alignment", uiExample.cer, "");
}

function uiUpdateText() {
  const text = uiById("text-input").value;
  try {
    uiRenderLetters(uiCall("letters", { text, ligatures: uiById("ligatures").checked }));
  } catch (e) {
    uiById("letters").replaceChildren(uiEl("li", "error", e.message));
  }
  uiShow("graphemes", () => uiCall("graphemes", { text }).join(" | "));
  uiShow("clean", () => uiCall("clean", { text }));
  uiShow("normalize", () => uiCall("normalize", { text }));
  uiShow("decompose", () => uiCall("decompose", { text }));
}

function uiUpdateMetrics() {
  const reference = uiById("reference-input").value;
  const hypothesis = uiById("hypothesis-input").value;
  const unit = uiById("unit").value;
  try {
    const wer = uiCall("wer", { reference, hypothesis });
    const cer = uiCall("cer", { reference, hypothesis, unit });
    const chrf = uiCall("chrf", { reference, hypothesis, unit });
    uiRenderFigures(wer, cer, chrf);
    uiRenderAlignment("word-alignment", wer, " ");
    uiRenderAlignment("char-alignment", cer, "");
  } catch (e) {
    uiById("figures").replaceChildren(uiEl("p", "error", e.message));
  }
}

function uiUpdateNumbers() {
  const number = uiById("number-input").value.trim();
  uiShow("words-spoken", () => uiCall("to_words", { number, register: "spoken" }));
  uiShow("words-written", () => uiCall("to_words", { number, register: "written" }));
  uiShow("numerals", () => uiCall("to_numerals", { number }));
  uiShow("tn", () => uiCall("tn", { text: uiById("tn-input").value }));
}

function uiUpdateScan() {
  try {
    uiRenderScan(uiCall("yaappu", { text: uiById("yaappu-input").value }));
  } catch (e) {
    uiById("yaappu").replaceChildren(uiEl("p", "error", e.message));
  }
}

function uiUpdateAll() {
  uiUpdateText();
  uiUpdateMetrics();
  uiUpdateNumbers();
  uiUpdateScan();
}

// `#text=…&reference=…&hypothesis=…&number=…` fills the inputs as if typed (links to an example; the browser
// test drives the live engine this way): each field gets the value and an input event, as a keystroke would.
function uiApplyHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const fields = { text: "text-input", reference: "reference-input", hypothesis: "hypothesis-input", number: "number-input", verse: "yaappu-input" };
  for (const [name, id] of Object.entries(fields)) {
    if (!params.has(name)) continue;
    const input = uiById(id);
    input.value = params.get(name);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

async function uiStart() {
  uiRenderExample();
  const status = uiById("status");
  try {
    const bytes = Uint8Array.from(atob(URAIKAL_WASM_BASE64), (c) => c.charCodeAt(0));
    await __wbg_init({ module_or_path: bytes });
    uiLive = true;
    for (const id of ["text-input", "ligatures"]) uiById(id).addEventListener("input", uiUpdateText);
    for (const id of ["reference-input", "hypothesis-input", "unit"]) uiById(id).addEventListener("input", uiUpdateMetrics);
    for (const id of ["number-input", "tn-input"]) uiById(id).addEventListener("input", uiUpdateNumbers);
    uiById("yaappu-input").addEventListener("input", uiUpdateScan);
    uiUpdateAll();
    uiApplyHash();
    status.textContent = "Live: every figure below is computed in your browser as you type.";
    status.className = "live";
    document.body.dataset.engine = "wasm";
  } catch (e) {
    status.textContent = `The live engine could not load (${e.message}); the worked example is shown.`;
    status.className = "failed";
    document.body.dataset.engine = "failed";
  }
}

uiStart();

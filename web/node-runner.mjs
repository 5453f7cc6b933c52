// The WASM side of `cargo xtask web --check` and `--bench` (run by xtask under node, from the workspace root).
//   node web/node-runner.mjs call CASES.jsonl         one answer line per {"op", "args"} line
//   node web/node-runner.mjs batch CASES.jsonl        one call_batch answer line per operation
//   node web/node-runner.mjs bench CASES.jsonl ROUNDS  times normalize and wer over the cases, call by call
//                                                      and as one call_batch a round (normalize also through
//                                                      normalize_many, an array of strings in and out)
//   node web/node-runner.mjs many CASES.jsonl         normalize_many over the texts of the normalize cases,
//                                                      one JSON string per line
//   node web/node-runner.mjs joined CASES.jsonl       the same through normalize_joined
import { readFileSync } from "node:fs";
import { initSync, call, call_batch, normalize_many, normalize_joined } from "./dist/pkg/uraikal.js";

initSync({ module: readFileSync(new URL("./dist/pkg/uraikal_bg.wasm", import.meta.url)) });

// The page's side of normalize_joined (web/README.md): the texts joined into one string with their lengths; the
// answer cut by the lengths the call wrote back, a text whose length came back as 0xFFFFFFFF being its own
// normal form.
const UNCHANGED = 0xffffffff;
function normalizeJoined(texts) {
  const lengths = new Uint32Array(texts.length);
  for (let i = 0; i < texts.length; i++) lengths[i] = texts[i].length;
  const answer = normalize_joined(texts.join(""), lengths);
  const out = new Array(texts.length);
  for (let i = 0, at = 0; i < texts.length; i++) {
    if (lengths[i] === UNCHANGED) out[i] = texts[i];
    else out[i] = answer.slice(at, (at += lengths[i]));
  }
  return out;
}

const [mode, path, rounds] = process.argv.slice(2);
const cases = readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

if (mode === "call") {
  const out = cases.map(({ op, args }) => call(op, args));
  process.stdout.write(out.join("\n") + "\n");
} else if (mode === "batch") {
  // One call_batch per operation over all its cases, in the order the operations first appear.
  const ops = [...new Set(cases.map((c) => c.op))];
  const out = ops.map((op) => call_batch(op, "[" + cases.filter((c) => c.op === op).map((c) => c.args).join(",") + "]"));
  process.stdout.write(out.join("\n") + "\n");
} else if (mode === "many") {
  const texts = cases.filter((c) => c.op === "normalize").map((c) => JSON.parse(c.args).text);
  process.stdout.write(normalize_many(texts).map((t) => JSON.stringify(t)).join("\n") + "\n");
} else if (mode === "joined") {
  const texts = cases.filter((c) => c.op === "normalize").map((c) => JSON.parse(c.args).text);
  const out = normalizeJoined(texts);
  process.stdout.write(out.map((t) => JSON.stringify(t)).join("\n") + "\n");
} else if (mode === "bench") {
  // One untimed round first: V8 compiles WebAssembly in tiers (a quick baseline, then optimised code in the
  // background), and the first calls would otherwise time the compiler.
  for (const { op, args } of cases) call(op, args);
  for (const op of ["normalize", "wer"]) {
    const mine = cases.filter((c) => c.op === op);
    let start = process.hrtime.bigint();
    let cpu = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < Number(rounds); i++) {
      for (const { args } of mine) bytes += call(op, args).length;
    }
    let ms = Number(process.hrtime.bigint() - start) / 1e6;
    let used = process.cpuUsage(cpu);
    process.stdout.write(`wasm ${op} call ${ms.toFixed(3)} ${((used.user + used.system) / 1e3).toFixed(3)} ${mine.length * Number(rounds)} ${bytes}\n`);
    // The batch as a page uses it: JavaScript objects in, one call_batch, JavaScript values out (the
    // JSON.stringify and JSON.parse on the JavaScript side are timed too).
    const objects = mine.map(({ args }) => JSON.parse(args));
    call_batch(op, JSON.stringify(objects));
    start = process.hrtime.bigint();
    cpu = process.cpuUsage();
    bytes = 0;
    for (let i = 0; i < Number(rounds); i++) {
      const answers = JSON.parse(call_batch(op, JSON.stringify(objects)));
      bytes += answers.length;
    }
    ms = Number(process.hrtime.bigint() - start) / 1e6;
    used = process.cpuUsage(cpu);
    process.stdout.write(`wasm ${op} batch ${ms.toFixed(3)} ${((used.user + used.system) / 1e3).toFixed(3)} ${mine.length * Number(rounds)} ${bytes}\n`);
    if (op !== "normalize") continue;
    // The typed batch as a page uses it: a JavaScript array of strings in, one normalize_many, an array of
    // strings out (wasm-bindgen converts each string between UTF-16 and UTF-8; no JSON on either side).
    const texts = objects.map((o) => o.text);
    normalize_many(texts);
    start = process.hrtime.bigint();
    cpu = process.cpuUsage();
    bytes = 0;
    for (let i = 0; i < Number(rounds); i++) bytes += normalize_many(texts).length;
    ms = Number(process.hrtime.bigint() - start) / 1e6;
    used = process.cpuUsage(cpu);
    process.stdout.write(`wasm ${op} typed ${ms.toFixed(3)} ${((used.user + used.system) / 1e3).toFixed(3)} ${mine.length * Number(rounds)} ${bytes}\n`);
    // The joined batch: one string and its lengths in, one Uint16Array out, decoded and split by the page.
    normalizeJoined(texts);
    start = process.hrtime.bigint();
    cpu = process.cpuUsage();
    bytes = 0;
    for (let i = 0; i < Number(rounds); i++) bytes += normalizeJoined(texts).length;
    ms = Number(process.hrtime.bigint() - start) / 1e6;
    used = process.cpuUsage(cpu);
    process.stdout.write(`wasm ${op} joined ${ms.toFixed(3)} ${((used.user + used.system) / 1e3).toFixed(3)} ${mine.length * Number(rounds)} ${bytes}\n`);
  }
} else {
  process.stderr.write("usage: node web/node-runner.mjs call|batch|bench CASES.jsonl [ROUNDS]\n");
  process.exit(2);
}

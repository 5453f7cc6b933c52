// The WASM side of `cargo xtask web --check` and `--bench` (run by xtask under node, from the workspace root).
//   node web/node-runner.mjs call CASES.jsonl         one answer line per {"op", "args"} line
//   node web/node-runner.mjs batch CASES.jsonl        one call_batch answer line per operation
//   node web/node-runner.mjs bench CASES.jsonl ROUNDS  times normalize and wer over the cases, call by call
//                                                      and as one call_batch a round (normalize also through
//                                                      normalize_many, an array of strings in and out, and
//                                                      normalize_joined), each after as many untimed rounds
//   node web/node-runner.mjs many CASES.jsonl         normalize_many over the texts of the normalize cases,
//                                                      one JSON string per line
//   node web/node-runner.mjs joined CASES.jsonl       the same through normalize_joined
import { readFileSync } from "node:fs";
import { initSync, call, call_batch, normalize_many, normalize_joined } from "./dist/pkg/uraikal.js";

initSync({ module: readFileSync(new URL("./dist/pkg/uraikal_bg.wasm", import.meta.url)) });

// The page's side of normalize_joined (web/README.md): the texts joined into one string with their lengths; each
// answer then a prefix of the page's own text (a length at or above OWN_PREFIX) or the next units of the answer.
const OWN_PREFIX = 0x80000000;
function normalizeJoined(texts) {
  const lengths = new Uint32Array(texts.length);
  for (let i = 0; i < texts.length; i++) lengths[i] = texts[i].length;
  const answer = normalize_joined(texts.join(""), lengths);
  const out = new Array(texts.length);
  for (let i = 0, at = 0; i < texts.length; i++) {
    const n = lengths[i];
    out[i] = n >= OWN_PREFIX ? texts[i].slice(0, n - OWN_PREFIX) : answer.slice(at, (at += n));
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
  // Each measurement runs its loop untimed first, as many rounds as it then times: V8 compiles WebAssembly and
  // JavaScript in tiers (quick code first, optimised code later, in the background), and without the warm-up
  // the timed rounds, and process.cpuUsage() with them, would also count the compilers (one untimed round was
  // not enough: the code only one measurement reaches was still being optimised while it was timed).
  const n = Number(rounds);
  const time = (op, mode, calls, round) => {
    for (let i = 0; i < n; i++) round();
    const start = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (let i = 0; i < n; i++) bytes += round();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu);
    process.stdout.write(`wasm ${op} ${mode} ${ms.toFixed(3)} ${((used.user + used.system) / 1e3).toFixed(3)} ${calls * n} ${bytes}\n`);
  };
  for (const op of ["normalize", "wer"]) {
    const mine = cases.filter((c) => c.op === op);
    time(op, "call", mine.length, () => {
      let bytes = 0;
      for (const { args } of mine) bytes += call(op, args).length;
      return bytes;
    });
    // The batch as a page uses it: JavaScript objects in, one call_batch, JavaScript values out (the
    // JSON.stringify and JSON.parse on the JavaScript side are timed too).
    const objects = mine.map(({ args }) => JSON.parse(args));
    time(op, "batch", mine.length, () => JSON.parse(call_batch(op, JSON.stringify(objects))).length);
    if (op !== "normalize") continue;
    // The typed batch as a page uses it: a JavaScript array of strings in, one normalize_many, an array of
    // strings out (wasm-bindgen converts each string between UTF-16 and UTF-8; no JSON on either side).
    const texts = objects.map((o) => o.text);
    time(op, "typed", mine.length, () => normalize_many(texts).length);
    // The joined batch: one string and its lengths in, the changed texts back as one string, cut by the page.
    time(op, "joined", mine.length, () => normalizeJoined(texts).length);
  }
} else {
  process.stderr.write("usage: node web/node-runner.mjs call|batch|bench CASES.jsonl [ROUNDS]\n");
  process.exit(2);
}

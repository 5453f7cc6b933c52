// The WASM side of `cargo xtask web --check` and `--bench` (run by xtask under node, from the workspace root).
//   node web/node-runner.mjs call CASES.jsonl         one answer line per {"op", "args"} line
//   node web/node-runner.mjs batch CASES.jsonl        one call_batch answer line per operation
//   node web/node-runner.mjs bench CASES.jsonl ROUNDS  times normalize and wer over the cases, call by call
//                                                      and as one call_batch a round
import { readFileSync } from "node:fs";
import { initSync, call, call_batch } from "./dist/pkg/uraikal.js";

initSync({ module: readFileSync(new URL("./dist/pkg/uraikal_bg.wasm", import.meta.url)) });

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
  }
} else {
  process.stderr.write("usage: node web/node-runner.mjs call|batch|bench CASES.jsonl [ROUNDS]\n");
  process.exit(2);
}

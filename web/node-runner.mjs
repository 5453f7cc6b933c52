// The WASM side of `cargo xtask web --check` and `--bench` (run by xtask under node, from the workspace root).
//   node web/node-runner.mjs call CASES.jsonl         one answer line per {"op", "args"} line
//   node web/node-runner.mjs bench CASES.jsonl ROUNDS  times normalize and wer over the cases
import { readFileSync } from "node:fs";
import { initSync, call } from "./dist/pkg/uraikal.js";

initSync({ module: readFileSync(new URL("./dist/pkg/uraikal_bg.wasm", import.meta.url)) });

const [mode, path, rounds] = process.argv.slice(2);
const cases = readFileSync(path, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

if (mode === "call") {
  const out = cases.map(({ op, args }) => call(op, args));
  process.stdout.write(out.join("\n") + "\n");
} else if (mode === "bench") {
  // One untimed round first: V8 compiles WebAssembly in tiers (a quick baseline, then optimised code in the
  // background), and the first calls would otherwise time the compiler.
  for (const { op, args } of cases) call(op, args);
  for (const op of ["normalize", "wer"]) {
    const mine = cases.filter((c) => c.op === op);
    const start = process.hrtime.bigint();
    let bytes = 0;
    for (let i = 0; i < Number(rounds); i++) {
      for (const { args } of mine) bytes += call(op, args).length;
    }
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    process.stdout.write(`wasm (node ${process.version}) ${op}: ${ms.toFixed(1)} ms (${bytes} UTF-16 units of answers)\n`);
  }
} else {
  process.stderr.write("usage: node web/node-runner.mjs call|bench CASES.jsonl [ROUNDS]\n");
  process.exit(2);
}

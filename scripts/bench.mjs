// `pnpm bench`: runs every packages/*/bench/*.bench.mjs, apps/*/bench/*.bench.mjs, tools/*/bench/*.bench.mjs and
// examples/*/bench/*.bench.mjs (benchmarks that drive the apps, such as the cluster's processes) against the built packages and prints, per suite,
// the median time of each case and its ratio to the suite's baseline measured in the same run. The machines
// are shared and noisy, so only ratios and medians are reported (BENCHMARKS.md says how to read them); copy them there.
//
// A bench file exports `suites`: [{ title, baseline: { name, fn }, cases: [{ name, fn }] }] for micro
// benchmarks, or `run({ log })` for measurements that need their own set-up (the scanner's).
import { readdirSync } from "node:fs";
import { Bench } from "tinybench";

const root = new URL("../", import.meta.url);
const only = process.argv[2];
const files = ["packages", "apps", "tools", "examples"]
  .flatMap((folder) =>
    readdirSync(new URL(`${folder}/`, root), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => {
        try {
          return readdirSync(new URL(`${folder}/${entry.name}/bench/`, root))
            .filter((name) => name.endsWith(".bench.mjs"))
            .map((name) => `${folder}/${entry.name}/bench/${name}`);
        } catch {
          return [];
        }
      }),
  )
  .filter((file) => only === undefined || file.includes(only));

const format = (ms) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(2)} µs`);

for (const file of files) {
  const { suites = [], run } = await import(new URL(file, root).href);
  if (run) {
    console.log(`\n${file}`);
    await run({ log: (line) => console.log(`  ${line}`) });
  }
  for (const suite of suites) {
    const bench = new Bench({ time: 1000, warmupTime: 200 });
    bench.add(suite.baseline.name, suite.baseline.fn);
    for (const candidate of suite.cases) bench.add(candidate.name, candidate.fn);
    await bench.run();
    const median = (task) => task.result.latency.p50;
    const [baseline, ...cases] = bench.tasks;
    console.log(`\n${file}: ${suite.title}`);
    console.log(`  ${format(median(baseline)).padStart(10)}  1.00x  ${baseline.name} (baseline)`);
    for (const task of cases) {
      console.log(`  ${format(median(task)).padStart(10)}  ${(median(task) / median(baseline)).toFixed(2)}x  ${task.name}`);
    }
  }
}
console.log(`\n${new Date().toISOString()} · node ${process.version} · reproduce: pnpm bench${only ? ` ${only}` : ""}`);

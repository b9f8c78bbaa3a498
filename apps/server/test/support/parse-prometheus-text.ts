/** One sample of Prometheus' text exposition format: the metric's name, its labels, its value. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses the text exposition format (version 0.0.4) strictly enough for tests: every line is a comment
 * (`# HELP`, `# TYPE`), blank, or a sample; anything else throws, so a malformed scrape fails the test.
 */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, "$1");
    const value = match[3] === "+Inf" ? Infinity : match[3] === "-Inf" ? -Infinity : Number(match[3]);
    if (Number.isNaN(value) && match[3] !== "NaN") throw new Error(`not a sample value: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when there is none. */
export function valueOf(samples: readonly PrometheusSample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length === 0) throw new Error(`no sample ${name}${JSON.stringify(labels)}`);
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

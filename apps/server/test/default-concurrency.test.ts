import { describe, expect, it } from "vitest";
import { defaultConcurrency, machineFacts } from "../src/serve/default-concurrency.js";

const GiB = 2 ** 30;

describe("the default number of scans at once", () => {
  it("runs two scans per core when the memory holds them", () => {
    expect(defaultConcurrency({ cores: 1, memoryBytes: 8 * GiB })).toBe(2);
    expect(defaultConcurrency({ cores: 2, memoryBytes: 8 * GiB })).toBe(4);
    expect(defaultConcurrency({ cores: 3, memoryBytes: 8 * GiB })).toBe(6);
  });

  it("runs fewer when the memory is short: 0.5 GiB plus 0.25 GiB per page, the scans and two more", () => {
    // 2 GiB: (2 - 0.5) / 0.25 = 6 pages, 4 scans; 1.5 GiB: 4 pages, 2 scans.
    expect(defaultConcurrency({ cores: 8, memoryBytes: 2 * GiB })).toBe(4);
    expect(defaultConcurrency({ cores: 8, memoryBytes: 1.5 * GiB })).toBe(2);
    // Never none: a machine too small for the rule still scans, one at a time.
    expect(defaultConcurrency({ cores: 8, memoryBytes: 0.5 * GiB })).toBe(1);
    expect(defaultConcurrency({ cores: 0, memoryBytes: 0 })).toBe(1);
  });

  it("stops at 8 in one process, where more worker processes scale better than one bigger browser", () => {
    expect(defaultConcurrency({ cores: 32, memoryBytes: 128 * GiB })).toBe(8);
  });

  it("reads this machine's cores and a memory no larger than the machine's", () => {
    const facts = machineFacts();
    expect(facts.cores).toBeGreaterThanOrEqual(1);
    expect(facts.memoryBytes).toBeGreaterThan(0);
    expect(Number.isFinite(facts.memoryBytes)).toBe(true);
    expect(defaultConcurrency(facts)).toBeGreaterThanOrEqual(1);
  });
});

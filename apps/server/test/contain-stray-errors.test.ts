import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { containStrayErrors, STRAY_ERRORS_EXIT_CODE } from "../src/serve/contain-stray-errors.js";

describe("containStrayErrors", () => {
  function guarded(maxPerMinute?: number) {
    const target = new EventEmitter();
    const lines: string[] = [];
    const exits: number[] = [];
    const remove = containStrayErrors({
      log: (line) => lines.push(line),
      exit: (code) => exits.push(code),
      target,
      ...(maxPerMinute === undefined ? {} : { maxPerMinute }),
    });
    return { target, lines, exits, remove };
  }

  it("logs an uncaught exception and an unhandled rejection, redacted, and keeps the process", () => {
    const { target, lines, exits } = guarded();
    target.emit("uncaughtException", new Error("boom at https://shop.example/cart?session=SECRET-1"));
    target.emit("unhandledRejection", new TypeError("nope"), Promise.resolve());
    expect(exits).toEqual([]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("uncaught exception (contained");
    expect(lines[0]).not.toContain("SECRET-1");
    expect(lines[1]).toContain("unhandled promise rejection (contained");
    expect(lines[1]).toContain("TypeError: nope");
  });

  it("exits for a restart once errors come faster than the limit", () => {
    const { target, exits } = guarded(3);
    for (let i = 0; i < 3; i += 1) target.emit("uncaughtException", new Error(`stray ${i}`));
    expect(exits).toEqual([]);
    target.emit("uncaughtException", new Error("one too many"));
    expect(exits).toEqual([STRAY_ERRORS_EXIT_CODE]);
  });

  it("removes its listeners when asked", () => {
    const { target, remove } = guarded();
    remove();
    expect(target.listenerCount("uncaughtException")).toBe(0);
    expect(target.listenerCount("unhandledRejection")).toBe(0);
  });
});

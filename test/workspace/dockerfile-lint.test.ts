import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

/**
 * The Dockerfile through a maintained linter: dockerfile-utils, the validator of the VS Code Docker language
 * server (instruction syntax and arguments, flags, stage names, JSON forms, duplicated CMD/ENTRYPOINT/
 * HEALTHCHECK, ...). It runs in every test run, so the image is linted even where CI cannot install a
 * container engine to build it (docs/operations.md "Container image"). dockerfile.test.ts checks the
 * project's own promises; this checks the file is a well-formed Dockerfile.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

describe("Dockerfile lint (dockerfile-utils)", () => {
  it("reports no problem, warning or error", () => {
    // No settings: the defaults report every check (the style ones as warnings); any report fails here.
    const problems = validate(readFileSync(`${root}apps/server/Dockerfile`, "utf8")).map((problem) => {
      // LSP lets a message be markup; this validator writes plain strings.
      const message = typeof problem.message === "string" ? problem.message : problem.message.value;
      return `Dockerfile:${problem.range.start.line + 1}:${problem.range.start.character + 1} ${message}`;
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("is a linter that does report problems (a broken Dockerfile is not passed)", () => {
    // Guards against a silent no-op (a renamed export, a changed default): a known-bad file must be reported.
    const broken = 'FROM node:24-bookworm-slim\nworkdir app\nCMD ["a"]\nCMD ["b"]\nEXPOSE 8787/nope\n';
    expect(validate(broken).length).toBeGreaterThanOrEqual(3);
  });
});

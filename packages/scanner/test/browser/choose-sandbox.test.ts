import { describe, expect, it } from "vitest";
import { chooseSandbox, describeSandbox } from "../../src/browser/choose-sandbox.js";

describe("chooseSandbox", () => {
  it("leaves the sandbox to Chromium when the service is not root", () => {
    expect(chooseSandbox({ uid: 1000, env: {} })).toEqual({ kind: "native" });
  });

  it("runs the browser as nobody when the service is root, or as the configured user", () => {
    expect(chooseSandbox({ uid: 0, env: {} })).toEqual({ kind: "unprivileged_user", uid: 65534, gid: 65534 });
    expect(chooseSandbox({ uid: 0, env: { PUBLIC_SCAN_BROWSER_USER: "1001:1002" } })).toEqual({
      kind: "unprivileged_user",
      uid: 1001,
      gid: 1002,
    });
    expect(chooseSandbox({ uid: 0, env: {}, browserUser: { uid: 7, gid: 8 } })).toEqual({ kind: "unprivileged_user", uid: 7, gid: 8 });
  });

  it("turns the sandbox off only on Lambda or by the operator's explicit setting", () => {
    expect(chooseSandbox({ uid: 0, env: { AWS_LAMBDA_FUNCTION_NAME: "scan-worker" } })).toEqual({ kind: "none", reason: "lambda" });
    expect(chooseSandbox({ uid: 1000, env: { PUBLIC_SCAN_BROWSER_SANDBOX: "off" } })).toEqual({ kind: "none", reason: "operator_opt_out" });
    expect(chooseSandbox({ uid: 0, env: {}, sandbox: "off" })).toEqual({ kind: "none", reason: "operator_opt_out" });
    expect(chooseSandbox({ uid: 0, env: { PUBLIC_SCAN_BROWSER_SANDBOX: "auto" } }).kind).toBe("unprivileged_user");
  });

  it("refuses settings it cannot honour instead of guessing", () => {
    expect(() => chooseSandbox({ uid: 0, env: { PUBLIC_SCAN_BROWSER_SANDBOX: "no" } })).toThrow(/auto or off/);
    expect(() => chooseSandbox({ uid: 0, env: { PUBLIC_SCAN_BROWSER_USER: "nobody" } })).toThrow(/uid:gid/);
    expect(() => chooseSandbox({ uid: 0, env: { PUBLIC_SCAN_BROWSER_USER: "0:0" } })).toThrow(/not be root/);
  });

  it("says in one log line whether the sandbox is on", () => {
    expect(describeSandbox({ kind: "native" })).toBe("browser sandbox: on");
    expect(describeSandbox({ kind: "unprivileged_user", uid: 65534, gid: 65534 })).toMatch(/on .*uid 65534/);
    expect(describeSandbox({ kind: "none", reason: "operator_opt_out" })).toMatch(/OFF/);
  });
});

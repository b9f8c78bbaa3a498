import { describe, expect, it } from "vitest";
import { parseScanArgs } from "../src/parse-scan-args.js";

describe("scan command arguments", () => {
  it("reads a URL with every option", () => {
    expect(
      parseScanArgs([
        "https://www.example.com/",
        "--resolve",
        "www.example.com=10.0.0.5",
        "--resolve",
        "*.cdn.example.com=10.0.0.6:8443",
        "--allow-private-targets",
        "www.example.com, *.cdn.example.com",
        "--extra-ca-certs",
        "/tmp/ca.pem",
        "--tcf-vendor-list",
        "/srv/gvl/vendor-list.json",
        "--observe-ms",
        "1500",
        "--json",
        "--fresh",
        "--data-dir",
        "/var/lib/public-scan",
      ]),
    ).toEqual({
      url: "https://www.example.com/",
      demo: false,
      demoSite: null,
      json: true,
      resolve: ["www.example.com=10.0.0.5", "*.cdn.example.com=10.0.0.6:8443"],
      allowPrivateTargets: ["www.example.com", "*.cdn.example.com"],
      extraCaCertsFile: "/tmp/ca.pem",
      tcfVendorListFile: "/srv/gvl/vendor-list.json",
      observeMs: 1500,
      phases: "full",
      fresh: true,
      dataDir: "/var/lib/public-scan",
      failOn: null,
      minScore: null,
      baselineFile: null,
      outputs: [],
      outputPath: "public-scan-report",
      help: false,
    });
  });

  it.each([
    [[], "a URL is required"],
    [["https://a.example", "https://b.example"], "expected one URL"],
    [["--demo", "https://a.example"], "give a site id"],
    [["https://a.example", "--fail-on", "critical"], "--fail-on must be one of high, medium, low, info"],
    [["https://a.example", "--min-score", "101"], "--min-score must be an integer from 0 to 100"],
    [["https://a.example", "--min-score", "7.5"], "--min-score must be an integer"],
    [["https://a.example", "--output", "json,pdf2"], "--output: unknown format pdf2"],
    [["https://a.example", "--observe-ms", "soon"], "--observe-ms"],
    [["https://a.example", "--observe-ms", "-5"], "--observe-ms"],
    [["https://a.example", "--bogus"], "Unknown option"],
    [["ftp://a.example/"], "invalid URL: must be an absolute http or https URL"],
    [["https://user:pw@a.example/"], "invalid URL: must not contain credentials"],
  ])("refuses %j with a clear message", (argv, message) => {
    expect(() => parseScanArgs(argv)).toThrow(message);
  });

  it("accepts --demo alone and --help alone", () => {
    expect(parseScanArgs(["--demo"]).demo).toBe(true);
    expect(parseScanArgs(["-h"]).help).toBe(true);
  });
  it("reads the CI gate and report options", () => {
    const args = parseScanArgs([
      "https://www.example.com/",
      "--fail-on",
      "medium",
      "--min-score",
      "70",
      "--baseline",
      "main.json",
      "--output",
      "json,SARIF",
      "--output",
      "md,json",
      "--output-path",
      "out",
    ]);
    expect(args).toMatchObject({
      failOn: "medium",
      minScore: 70,
      baselineFile: "main.json",
      outputs: ["json", "sarif", "md"],
      outputPath: "out",
    });
  });

  it("takes a fixture-web site id after --demo", () => {
    expect(parseScanArgs(["--demo", "green-grocer"])).toMatchObject({ demo: true, demoSite: "green-grocer", url: null });
    expect(parseScanArgs(["--demo"]).demoSite).toBeNull();
  });

  it("reads --phases, and refuses an unknown preset", () => {
    expect(parseScanArgs(["https://www.example.com/", "--phases", "quick"]).phases).toBe("quick");
    expect(parseScanArgs(["https://www.example.com/", "--phases", "pre_consent_only"]).phases).toBe("pre_consent_only");
    expect(() => parseScanArgs(["https://www.example.com/", "--phases", "everything"])).toThrow(/--phases must be one of/);
  });
});

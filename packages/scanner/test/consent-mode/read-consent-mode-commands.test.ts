import { CONSENT_MODE_COMMANDS_PER_PHASE } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { toConsentModeCommands, toConsentModeObservation } from "../../src/consent-mode/read-consent-mode-commands.js";

const DEFAULT = {
  command: "default",
  adStorage: "denied",
  analyticsStorage: "denied",
  adUserData: "denied",
  adPersonalization: "denied",
  regions: ["at", "DE", "ES-CT"],
  waitForUpdateMs: 500.4,
};

describe("toConsentModeCommands", () => {
  it("keeps each command's signals, regions (upper-cased) and wait, tagged with the phase", () => {
    expect(
      toConsentModeCommands(
        [DEFAULT, { ...DEFAULT, command: "update", adStorage: "granted", regions: [], waitForUpdateMs: null }],
        "after_reject",
      ),
    ).toEqual({
      commands: [
        { ...DEFAULT, phase: "after_reject", regions: ["AT", "DE", "ES-CT"], waitForUpdateMs: 500 },
        { ...DEFAULT, phase: "after_reject", command: "update", adStorage: "granted", regions: [], waitForUpdateMs: null },
      ],
      truncated: 0,
    });
  });

  it("trusts nothing the page returned: bad items dropped, bad codes dropped, waits bounded, the count capped", () => {
    const hostile = [
      null,
      "consent",
      { ...DEFAULT, command: "set" },
      { ...DEFAULT, adStorage: "yes" },
      { ...DEFAULT, regions: ["<script>", "D", 7, "FR"], waitForUpdateMs: 1e12 },
      { ...DEFAULT, waitForUpdateMs: Number.NaN },
    ];
    const { commands } = toConsentModeCommands(hostile, "pre_consent");
    expect(commands.map((command) => [command.regions, command.waitForUpdateMs])).toEqual([
      [["FR"], 600_000],
      [["AT", "DE", "ES-CT"], null],
    ]);
    expect(toConsentModeCommands({ length: 3 }, "pre_consent")).toEqual({ commands: [], truncated: 0 });
    const many = toConsentModeCommands(
      Array.from({ length: 1000 }, () => DEFAULT),
      "pre_consent",
    );
    expect(many.commands).toHaveLength(CONSENT_MODE_COMMANDS_PER_PHASE);
    expect(many.truncated).toBe(CONSENT_MODE_COMMANDS_PER_PHASE * 4);
  });

  it("lists as read only the phases whose page answered", () => {
    const read = { ...toConsentModeCommands([DEFAULT], "pre_consent"), phase: "pre_consent" as const };
    expect(toConsentModeObservation([read, null, { commands: [], truncated: 2, phase: "gpc" }])).toEqual({
      phasesRead: ["pre_consent", "gpc"],
      commands: read.commands,
      truncated: 2,
    });
  });
});

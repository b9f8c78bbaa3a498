import { describe, expect, it } from "vitest";
import { serviceSettingsFromEnv } from "../../src/use-cases/service-settings-from-env.js";

describe("serviceSettingsFromEnv", () => {
  it("leaves unset settings to the defaults", () => {
    expect(serviceSettingsFromEnv({})).toEqual({});
    expect(serviceSettingsFromEnv({ PUBLIC_SCAN_SCAN_REGIONS: " , " })).toEqual({});
  });

  it("reads the support address, the upgrade message and the regions, the first one the default", () => {
    expect(
      serviceSettingsFromEnv({
        PUBLIC_SCAN_SUPPORT_EMAIL: " help@scan.example.org ",
        PUBLIC_SCAN_UPGRADE_MESSAGE: "Write to us for scan:create.",
        PUBLIC_SCAN_SCAN_REGIONS: "eu_ie, us_east",
      }),
    ).toEqual({
      supportEmail: "help@scan.example.org",
      upgradeMessage: "Write to us for scan:create.",
      scanRegions: ["eu_ie", "us_east"],
      defaultScanRegion: "eu_ie",
    });
    expect(serviceSettingsFromEnv({ PUBLIC_SCAN_SCAN_REGIONS: "eu_ie,us_east", PUBLIC_SCAN_DEFAULT_SCAN_REGION: "us_east" })).toMatchObject(
      {
        defaultScanRegion: "us_east",
      },
    );
  });

  it.each([
    [{ PUBLIC_SCAN_SUPPORT_EMAIL: "not an address" }, /PUBLIC_SCAN_SUPPORT_EMAIL/],
    [{ PUBLIC_SCAN_SUPPORT_EMAIL: "a@b.example>, evil@x.example" }, /PUBLIC_SCAN_SUPPORT_EMAIL/],
    [{ PUBLIC_SCAN_UPGRADE_MESSAGE: "x".repeat(301) }, /PUBLIC_SCAN_UPGRADE_MESSAGE/],
    [{ PUBLIC_SCAN_SCAN_REGIONS: "EU-IE" }, /PUBLIC_SCAN_SCAN_REGIONS: EU-IE/],
    [{ PUBLIC_SCAN_SCAN_REGIONS: "eu_ie", PUBLIC_SCAN_DEFAULT_SCAN_REGION: "us_east" }, /must be one of/],
    [{ PUBLIC_SCAN_DEFAULT_SCAN_REGION: "eu_ie" }, /needs PUBLIC_SCAN_SCAN_REGIONS/],
  ])("refuses %j by name", (env, message) => {
    expect(() => serviceSettingsFromEnv(env)).toThrow(message);
  });
});

describe("serviceSettingsFromEnv: the reading scores follow", () => {
  it("takes a lens for every scan or by region, and refuses another by name", () => {
    expect(serviceSettingsFromEnv({ PUBLIC_SCAN_REGIME_LENS: "us_opt_out" })).toEqual({ regimeLens: "us_opt_out" });
    expect(serviceSettingsFromEnv({ PUBLIC_SCAN_REGIME_LENS: " by_region " })).toEqual({ regimeLens: "by_region" });
    expect(serviceSettingsFromEnv({})).toEqual({});
    expect(() => serviceSettingsFromEnv({ PUBLIC_SCAN_REGIME_LENS: "opt_out" })).toThrow(
      /PUBLIC_SCAN_REGIME_LENS must be one of by_region/,
    );
  });
});

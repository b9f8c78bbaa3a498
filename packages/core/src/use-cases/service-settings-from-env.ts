import { RegionCodeSchema } from "../contract/primitives.js";
import type { ServiceConfig } from "./service-deps.js";

/** The environment variables every host reads for the service's own settings (`serviceSettingsFromEnv`). */
export const SERVICE_SETTINGS_ENV = {
  supportEmail: "PUBLIC_SCAN_SUPPORT_EMAIL",
  upgradeMessage: "PUBLIC_SCAN_UPGRADE_MESSAGE",
  scanRegions: "PUBLIC_SCAN_SCAN_REGIONS",
  defaultScanRegion: "PUBLIC_SCAN_DEFAULT_SCAN_REGION",
  regimeLens: "PUBLIC_SCAN_REGIME_LENS",
} as const;

const REGIME_LENS_SETTINGS = ["by_region", "combined", "eu_opt_in", "us_opt_out"] as const;

const EMAIL = /^[^\s@<>,;"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$/;

/**
 * The service settings a deployment names in its environment, the same on every host (the reference server,
 * each Lambda function): where scan:create is requested, the upgrade message of quota answers, the regions
 * scans run from and the default one, and the reading scores follow. Unset variables are left out (the defaults apply); a malformed one is
 * refused by name, so a typo stops the host at start rather than showing in answers.
 */
export function serviceSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Partial<Pick<ServiceConfig, "supportEmail" | "upgradeMessage" | "scanRegions" | "defaultScanRegion" | "regimeLens">> {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const supportEmail = read(SERVICE_SETTINGS_ENV.supportEmail);
  if (supportEmail !== undefined && !EMAIL.test(supportEmail))
    throw new Error(`${SERVICE_SETTINGS_ENV.supportEmail} must be an email address`);
  const upgradeMessage = read(SERVICE_SETTINGS_ENV.upgradeMessage);
  if (upgradeMessage !== undefined && upgradeMessage.length > 300)
    throw new Error(`${SERVICE_SETTINGS_ENV.upgradeMessage} must be at most 300 characters`);
  const regions = read(SERVICE_SETTINGS_ENV.scanRegions)
    ?.split(",")
    .map((region) => region.trim())
    .filter((region) => region !== "");
  for (const region of regions ?? []) {
    if (!RegionCodeSchema.safeParse(region).success)
      throw new Error(`${SERVICE_SETTINGS_ENV.scanRegions}: ${region} is not a region code such as eu_ie`);
  }
  const defaultRegion = read(SERVICE_SETTINGS_ENV.defaultScanRegion) ?? regions?.[0];
  if (defaultRegion !== undefined && regions !== undefined && !regions.includes(defaultRegion)) {
    throw new Error(`${SERVICE_SETTINGS_ENV.defaultScanRegion} must be one of ${SERVICE_SETTINGS_ENV.scanRegions}`);
  }
  if (defaultRegion !== undefined && regions === undefined) {
    throw new Error(`${SERVICE_SETTINGS_ENV.defaultScanRegion} needs ${SERVICE_SETTINGS_ENV.scanRegions}`);
  }
  const regimeLens = read(SERVICE_SETTINGS_ENV.regimeLens);
  if (regimeLens !== undefined && !(REGIME_LENS_SETTINGS as readonly string[]).includes(regimeLens))
    throw new Error(`${SERVICE_SETTINGS_ENV.regimeLens} must be one of ${REGIME_LENS_SETTINGS.join(", ")}`);
  return {
    ...(regimeLens === undefined ? {} : { regimeLens: regimeLens as (typeof REGIME_LENS_SETTINGS)[number] }),
    ...(supportEmail === undefined ? {} : { supportEmail }),
    ...(upgradeMessage === undefined ? {} : { upgradeMessage }),
    ...(regions === undefined || regions.length === 0 ? {} : { scanRegions: regions, defaultScanRegion: defaultRegion! }),
  };
}

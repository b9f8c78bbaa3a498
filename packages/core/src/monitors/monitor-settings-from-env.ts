import { DEFAULT_MONITOR_SETTINGS, type MonitorSettings } from "./monitor-deps.js";

/** The environment variables every host reads for its monitor settings (`monitorSettingsFromEnv`). */
export const MONITOR_SETTINGS_ENV = {
  maxPerKey: "PUBLIC_SCAN_MONITORS_PER_KEY",
  minIntervalSeconds: "PUBLIC_SCAN_MONITOR_MIN_INTERVAL_SECONDS",
  disableAfterFailures: "PUBLIC_SCAN_MONITOR_DISABLE_AFTER_FAILURES",
  allowHttpWebhooks: "PUBLIC_SCAN_WEBHOOKS_ALLOW_HTTP",
} as const;

/**
 * The operator's monitor settings from the environment, the same on every host: the cap per key, the
 * shortest schedule, the failed deliveries in a row before a monitor is disabled, and whether webhooks may
 * use plain http (for a deployment's own tests). Unset variables keep the defaults; a malformed one is
 * refused by name at start.
 */
export function monitorSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): MonitorSettings {
  const integer = (name: string, fallback: number, range: { min: number; max: number }) => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < range.min || value > range.max)
      throw new Error(`${name} must be an integer from ${range.min} to ${range.max}`);
    return value;
  };
  const flag = env[MONITOR_SETTINGS_ENV.allowHttpWebhooks]?.trim().toLowerCase();
  if (flag !== undefined && flag !== "" && !["true", "false", "1", "0"].includes(flag))
    throw new Error(`${MONITOR_SETTINGS_ENV.allowHttpWebhooks} must be true or false`);
  return {
    ...DEFAULT_MONITOR_SETTINGS,
    maxPerKey: integer(MONITOR_SETTINGS_ENV.maxPerKey, DEFAULT_MONITOR_SETTINGS.maxPerKey, { min: 0, max: 10_000 }),
    minIntervalSeconds: integer(MONITOR_SETTINGS_ENV.minIntervalSeconds, DEFAULT_MONITOR_SETTINGS.minIntervalSeconds, {
      min: 1,
      max: 31 * 24 * 3600,
    }),
    disableAfterFailures: integer(MONITOR_SETTINGS_ENV.disableAfterFailures, DEFAULT_MONITOR_SETTINGS.disableAfterFailures, {
      min: 1,
      max: 1000,
    }),
    allowHttpWebhooks: flag === "true" || flag === "1",
  };
}

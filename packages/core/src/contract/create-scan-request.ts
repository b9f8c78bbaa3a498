import { z } from "zod";
import { RegionCodeSchema } from "./primitives.js";

/** Longest URL accepted; longer ones are refused rather than truncated. */
export const MAX_SCAN_URL_LENGTH = 2048;

/**
 * `latest` (default): reuse a recent eligible scan of the same target, or join an in-flight one, else queue
 * a new scan. `fresh`: queue a new scan unless one is already in flight (quota applies).
 */
export const FreshnessSchema = z.enum(["latest", "fresh"]);
export type Freshness = z.infer<typeof FreshnessSchema>;

/**
 * The URL to scan: absolute http or https, no credentials, at most MAX_SCAN_URL_LENGTH characters. Whether
 * the host is public is decided later, after resolution (the egress guard), not by this schema.
 */
export const ScanUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_SCAN_URL_LENGTH)
  .refine((value) => {
    const parsed = URL.parse(value);
    return parsed !== null && (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  }, "must be an absolute http or https URL")
  .refine((value) => {
    const parsed = URL.parse(value);
    return parsed === null || (parsed.username === "" && parsed.password === "");
  }, "must not contain credentials")
  // Port 0 is no server's port: connecting to it fails or, on some stacks, reaches an arbitrary one.
  .refine((value) => URL.parse(value)?.port !== "0", "must not use port 0")
  .meta({ description: "Public http or https URL to scan.", example: "https://www.example.com/" });

/** Body of POST /api/v2/scans (contract: CreateScanRequest). Only `url` is required (docs/api.md). */
export const CreateScanRequestSchema = z
  .strictObject({
    url: ScanUrlSchema,
    freshness: FreshnessSchema.optional().meta({ description: "Defaults to `latest`." }),
    scanFrom: RegionCodeSchema.optional().meta({ description: "Execution region; defaults to the deployment's default region." }),
  })
  .meta({ id: "CreateScanRequest" });
export type CreateScanRequest = z.infer<typeof CreateScanRequestSchema>;

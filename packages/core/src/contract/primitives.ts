import { z } from "zod";

/**
 * Building blocks shared by the contract's resources. Each carries the constraints a client can rely on,
 * so the OpenAPI document states them too.
 */

/** UUID-shaped identifier (contract: scanId). Lower or upper case hex, the canonical 8-4-4-4-12 groups. */
export const ScanIdSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "must be a UUID")
  .meta({ description: "UUID-shaped scan identifier.", example: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10" });

/** ISO 8601 date-time in UTC with a `Z` offset, as every timestamp of the contract. */
export const DateTimeSchema = z.iso
  .datetime({ offset: false })
  .meta({ description: "ISO 8601 date-time in UTC.", example: "2026-11-23T10:15:00.000Z" });

/** A URL string the service produced (links, report page). */
export const LinkUrlSchema = z.url().meta({ example: "https://scan.example.org/api/v2/scans/3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10" });

/** A host name: lower-case labels of letters, digits and hyphens, or an IP literal as the URL had it. */
export const HostSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(
    // Underscores occur in real host names (DNS allows them; browsers resolve them), so labels accept them.
    /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$|^\[[0-9a-f:.]+\]$/,
    "must be a lower-case host name",
  )
  .meta({ example: "www.example.com" });

/**
 * Stable finding code: snake_case, so reports can be compared over time (docs/scoring.md). Finding ids never
 * change meaning; a changed rule gets a new id.
 */
export const FindingIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{2,79}$/, "must be a snake_case finding code")
  .meta({ description: "Stable snake_case finding code.", example: "pre_consent_third_party_tracker" });

/**
 * Execution region code, lower-case `area_location` (contract: observed shape like `eu_ie`). Which regions a
 * deployment offers is its own configuration, listed by GET /api/v2/health as `scanRegions`.
 */
export const RegionCodeSchema = z
  .string()
  .regex(/^[a-z]{2,4}_[a-z0-9]{2,16}$/, "must be a region code such as eu_ie")
  .meta({ description: "Execution region code.", example: "eu_ie" });

/** The literal reported when a provenance value was not persisted: never inferred (contract MCP rule 6). */
export const UNAVAILABLE = "unavailable" as const;

/** scanFrom as reported: a region code, or `unavailable` when the scan's region was not persisted. */
export const ScanFromSchema = z
  .union([RegionCodeSchema, z.literal(UNAVAILABLE)])
  .meta({ description: "Execution region, or `unavailable` when it was not persisted (never inferred).", example: "eu_ie" });

export const NonNegativeIntSchema = z.int().min(0);

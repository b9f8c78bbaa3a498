import type { GpcJson } from "@public-scan/core";

/** A gpc.json larger than this is not the small resource the specification describes. */
export const MAX_GPC_JSON_BYTES = 16_384;

/**
 * Reads a `/.well-known/gpc.json` response as the GPC specification defines the resource: a JSON object
 * whose `gpc` member is a boolean, optionally with `lastUpdate`. An HTML page where the file would be is a
 * site answering every path (a soft 404): `not_found`, not `invalid`. Only the verdict is kept.
 */
export function parseGpcJson(response: { httpStatus: number; contentType: string | null; body: string }): GpcJson {
  const notFound: GpcJson = { status: "not_found", gpc: null, lastUpdate: false };
  const invalid: GpcJson = { status: "invalid", gpc: null, lastUpdate: false };
  if (response.httpStatus === 404 || response.httpStatus === 410) return notFound;
  if (response.httpStatus < 200 || response.httpStatus >= 300) return { status: "unreachable", gpc: null, lastUpdate: false };
  const body = response.body.replace(/^\uFEFF/, "").trim();
  const meantAsJson = /[/+]json$/.test(response.contentType ?? "") || body.startsWith("{") || body.startsWith("[");
  if (!meantAsJson) return notFound;
  if (body.length > MAX_GPC_JSON_BYTES) return invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return invalid;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return invalid;
  const gpc = (parsed as Record<string, unknown>).gpc;
  if (typeof gpc !== "boolean") return invalid;
  return { status: "found", gpc, lastUpdate: "lastUpdate" in parsed };
}

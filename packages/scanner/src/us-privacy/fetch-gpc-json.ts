import type { GpcJson, UsPrivacyStepStatus } from "@public-scan/core";
import type { GuardedContext } from "../visit/open-guarded-context.js";
import { visitGuardedPage, type GuardedPageSettings } from "../visit/visit-guarded-page.js";
import { MAX_GPC_JSON_BYTES, parseGpcJson } from "./parse-gpc-json.js";
import { closePage } from "../visit/close-page.js";

export interface GpcJsonResult {
  step: UsPrivacyStepStatus;
  reason: string | null;
  gpcJson: GpcJson;
}

/**
 * Fetches `<origin>/.well-known/gpc.json` of the scanned page's origin in the guarded context (the same
 * egress guard as the scan) and reads it. A request that fails is `unreachable` with a reason, which
 * lowers coverage; a 404 is an answer.
 */
export async function fetchGpcJson(options: {
  guarded: GuardedContext;
  origin: string;
  settings: GuardedPageSettings;
}): Promise<GpcJsonResult> {
  const visit = await visitGuardedPage({
    guarded: options.guarded,
    url: new URL("/.well-known/gpc.json", options.origin).href,
    settings: options.settings,
  });
  try {
    if (visit.httpStatus === null) {
      return {
        step: visit.status === "timed_out" ? "timed_out" : "failed",
        reason: `gpc_json_${visit.status}`,
        gpcJson: { status: "unreachable", gpc: null, lastUpdate: false },
      };
    }
    // A declared size past the limit is not pulled through CDP into this process at all.
    const declared = Number(visit.response?.headers()["content-length"] ?? 0);
    if (declared > MAX_GPC_JSON_BYTES) return { step: "ok", reason: null, gpcJson: { status: "invalid", gpc: null, lastUpdate: false } };
    const body = visit.status === "ok" && visit.response !== null ? await visit.response.text().catch(() => null) : "";
    if (body === null)
      return { step: "failed", reason: "gpc_json_body_unread", gpcJson: { status: "unreachable", gpc: null, lastUpdate: false } };
    const gpcJson = parseGpcJson({ httpStatus: visit.httpStatus, contentType: visit.contentType, body });
    return gpcJson.status === "unreachable"
      ? { step: "failed", reason: "gpc_json_http_error", gpcJson }
      : { step: "ok", reason: null, gpcJson };
  } finally {
    await closePage(visit.page);
  }
}

/** A scan's terminal states (contract "States"). */
export const TERMINAL_STATUSES = ["completed", "completed_limited", "failed", "expired"];

/**
 * Polls a scan's status route until the scan is terminal, as a client should: at the pace each answer asks
 * for (its Retry-After, a 429's included, between 0.25 and 5 s), within a stated bound. Polling every
 * 100 ms spent the anonymous read limit on a loaded CI machine, and the 429s' bodies then hid the status.
 * Answers the terminal status body; throws with the last answer when the bound passes.
 */
export async function waitForScan(
  api: string,
  scanId: string,
  options: { timeoutMs?: number } = {},
): Promise<{ type: string; status: string } & Record<string, unknown>> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  let last = { status: 0, body: "" };
  while (Date.now() < deadline) {
    const response = await fetch(`${api}/api/v2/scans/${scanId}/status`);
    last = { status: response.status, body: await response.text() };
    if (response.status === 200) {
      const body = JSON.parse(last.body) as { type: string; status: string } & Record<string, unknown>;
      if (TERMINAL_STATUSES.includes(body.status)) return body;
    }
    const wait = Number(response.headers.get("retry-after") ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(5, Math.max(0.25, Number.isFinite(wait) ? wait : 1)) * 1000));
  }
  throw new Error(`scan ${scanId} not terminal within ${timeoutMs / 1000} s; last answer ${last.status}: ${last.body.slice(0, 300)}`);
}

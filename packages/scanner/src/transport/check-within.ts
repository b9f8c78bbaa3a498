import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import type { EgressDecision, EgressGuard, EgressTarget } from "../network/index.js";

/**
 * The egress guard's decision for a probe target, given up on after `timeoutMs` or when the scan is
 * aborted: the check includes a name lookup, and a name server that never answers must not hold the
 * probe (and with it the scan) past its own deadline. A guard that throws is `null`.
 */
export async function checkWithin(
  guard: EgressGuard,
  input: { target: EgressTarget; timeoutMs: number; signal?: AbortSignal },
): Promise<EgressDecision | "timed_out" | null> {
  if (input.signal?.aborted === true) return "timed_out";
  const decision = await withTimeout(
    guard.check(input.target).catch(() => null),
    { ms: input.timeoutMs, signal: input.signal },
  );
  return decision === TIMED_OUT ? "timed_out" : decision;
}

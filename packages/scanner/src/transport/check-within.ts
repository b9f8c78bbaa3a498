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
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<"timed_out">((resolve) => {
    timer = setTimeout(() => resolve("timed_out"), Math.max(0, input.timeoutMs));
    onAbort = () => resolve("timed_out");
    input.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([guard.check(input.target).catch(() => null), stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) input.signal?.removeEventListener("abort", onAbort);
  }
}

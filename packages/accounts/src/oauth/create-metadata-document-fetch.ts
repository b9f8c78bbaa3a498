/** How long a failed fetch of a document is remembered, and how many failures at most. */
const FAILURE_TTL_MS = 60_000;
const MAX_FAILURES = 256;

/**
 * The fetch Client ID Metadata Documents are read with, remembering failures for a minute. oidc-provider
 * caches a document it could use, but not one it could not: it looks a client up more than once while
 * answering one authorization request, so a missing or broken document was fetched (and charged to the
 * requester) twice per request, and again at every retry. A failure is any answer but 200, or no answer.
 */
export function createMetadataDocumentFetch(inner: typeof fetch, now: () => number = Date.now): typeof fetch {
  const failures = new Map<string, { status: number; until: number }>();
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const failed = failures.get(url);
    if (failed !== undefined && failed.until > now()) return new Response(null, { status: failed.status });
    failures.delete(url);
    const remember = (status: number) => {
      // Oldest first: a Map keeps insertion order.
      if (failures.size >= MAX_FAILURES) failures.delete(failures.keys().next().value!);
      failures.set(url, { status, until: now() + FAILURE_TTL_MS });
    };
    try {
      const response = await inner(input, init);
      if (response.status !== 200) remember(response.status);
      return response;
    } catch (error) {
      remember(502);
      throw error;
    }
  };
}

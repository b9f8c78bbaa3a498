const OPENING = new TextEncoder().encode(": stream open\n\n");

/**
 * An SSE answer that opens at once: an SSE comment (which clients ignore) as its first bytes. A server stream
 * (GET) has nothing to send until the server has a message, and Node writes a response's headers with its
 * first bytes, so without it a client's GET waited for the first keep-alive (15 s) before it even knew the
 * stream was open, and a proxy in front may give up on a request with no answer by then. Cancelling the
 * answer cancels the stream it wraps, so the server still learns at once that its client went away.
 */
export function openEventStreamAtOnce(response: Response): Response {
  if (response.body === null || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) return response;
  const source = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(OPENING),
    pull: async (controller) => {
      const { done, value } = await source.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => source.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

import type { EventStore } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

export interface SessionEventStoreLimits {
  /** Events kept per session; the oldest are dropped beyond it (default 500). */
  maxEvents?: number;
  /** Bytes of messages kept per session (default 1 MiB): a session cannot make the process hold more. */
  maxBytes?: number;
}

const ENCODER = new TextEncoder();

interface StoredEvent {
  streamId: string;
  message: JSONRPCMessage;
  bytes: number;
}

/**
 * One session's SSE events, so a client whose stream dropped reconnects with `Last-Event-ID` and receives
 * what it missed (the MCP specification's resumability). It lives with its session, in the process that
 * holds the session's transport: a resumed stream can only be served there, so events kept anywhere else
 * would outlive what they could resume. Bounded in count and bytes; event ids carry a random part per
 * session, so an id from one session names nothing in another.
 */
export function createSessionEventStore(limits: SessionEventStoreLimits = {}): EventStore {
  const maxEvents = limits.maxEvents ?? 500;
  const maxBytes = limits.maxBytes ?? 1024 * 1024;
  const prefix = Array.from(crypto.getRandomValues(new Uint8Array(9)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  // Insertion order is event order: a Map iterates oldest first, so dropping from the front is FIFO.
  const events = new Map<string, StoredEvent>();
  let sequence = 0;
  let bytes = 0;

  const drop = () => {
    const oldest = events.keys().next();
    if (oldest.done === true) return;
    bytes -= events.get(oldest.value)!.bytes;
    events.delete(oldest.value);
  };

  return {
    storeEvent: (streamId, message) => {
      sequence += 1;
      const eventId = `${prefix}.${sequence}`;
      const size = ENCODER.encode(JSON.stringify(message)).byteLength;
      events.set(eventId, { streamId, message, bytes: size });
      bytes += size;
      while (events.size > maxEvents || (bytes > maxBytes && events.size > 1)) drop();
      return Promise.resolve(eventId);
    },
    getStreamIdForEventId: (eventId) => Promise.resolve(events.get(eventId)?.streamId),
    replayEventsAfter: async (lastEventId, { send }) => {
      const last = events.get(lastEventId);
      if (last === undefined) throw new Error("Unknown or expired event id");
      let after = false;
      for (const [eventId, event] of [...events]) {
        if (after && event.streamId === last.streamId) await send(eventId, event.message);
        if (eventId === lastEventId) after = true;
      }
      return last.streamId;
    },
  };
}

import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { SessionEventStoreLimits } from "./create-session-event-store.js";

export interface SessionOptions {
  /** A session unused this long is closed (default 30 minutes). */
  idleMs?: number;
  /** Sessions held at once per process; the least recently used is closed beyond it (default 1000). */
  max?: number;
  /**
   * Sessions one caller group (a key, or an anonymous network) holds at once; beyond it that group's own
   * least recently used session is closed (default 20). So no caller can fill the process's cap and push
   * out everyone else's sessions.
   */
  maxPerGroup?: number;
  /** What each session keeps of its streams' events for resuming them (default 500 events, 1 MiB). */
  events?: SessionEventStoreLimits;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  /** Who opened it: a key id, or a client address on Light. Another caller may not use it. */
  owner: string;
  /** Whose cap it counts against: the key, or the anonymous caller's network (/24, /64). */
  group: string;
  lastUsed: number;
}

/**
 * The sessions of one process (`Mcp-Session-Id`), each with its transport and owner, closed when idle or
 * when the cap is reached. Sessions live in memory: a deployment with several processes routes a session to
 * the process that opened it, or uses the stateless mode.
 */
export function createSessionRegistry(options: SessionOptions = {}, now: () => number = Date.now) {
  const idleMs = options.idleMs ?? 30 * 60_000;
  const max = options.max ?? 1000;
  const maxPerGroup = options.maxPerGroup ?? 20;
  const sessions = new Map<string, Session>();

  const close = (id: string) => {
    const session = sessions.get(id);
    sessions.delete(id);
    void session?.transport.close().catch(() => undefined);
  };
  const sweep = () => {
    const cutoff = now() - idleMs;
    for (const [id, session] of sessions) if (session.lastUsed < cutoff) close(id);
    // Map order is insertion order, refreshed on use below: the first entries are the least recently used.
    while (sessions.size > max) close(sessions.keys().next().value!);
  };

  return {
    add(id: string, session: Omit<Session, "lastUsed">) {
      sessions.set(id, { ...session, lastUsed: now() });
      // The group's own least recently used first (Map order), so a flood from one caller evicts only itself.
      const ofGroup = [...sessions].filter(([, held]) => held.group === session.group).map(([held]) => held);
      for (const oldest of ofGroup.slice(0, Math.max(0, ofGroup.length - maxPerGroup))) close(oldest);
      sweep();
    },
    /** The session's transport for its owner; null when unknown, expired or someone else's (all answer 404). */
    use(id: string, owner: string): WebStandardStreamableHTTPServerTransport | null {
      sweep();
      const session = sessions.get(id);
      if (session === undefined || session.owner !== owner) return null;
      sessions.delete(id);
      sessions.set(id, { ...session, lastUsed: now() });
      return session.transport;
    },
    remove: (id: string) => void sessions.delete(id),
    get size() {
      return sessions.size;
    },
    closeAll: () => [...sessions.keys()].forEach(close),
  };
}

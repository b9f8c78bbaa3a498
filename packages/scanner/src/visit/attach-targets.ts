import type { CDPSession, Protocol } from "puppeteer-core";

export type TargetKind = "page" | "iframe" | "worker" | "shared_worker" | "service_worker" | "other";

/** A CDP target the scanner attached to: the page, an iframe (also out-of-process), a worker. */
export interface AttachedTarget {
  session: CDPSession;
  kind: TargetKind;
  /** The target's URL when attached; used transiently, never reported. */
  url: string;
  outOfProcess: boolean;
}

export interface AttachTargetsOptions {
  /** A session on the page target, created before navigation. */
  root: CDPSession;
  /** Runs for every target while it waits for the debugger: collectors install their listeners here. */
  onTarget: (target: AttachedTarget) => Promise<void>;
  /** A target whose setup failed; the scan goes on without it. */
  onError?: (error: unknown) => void;
}

const KINDS: Record<string, TargetKind> = {
  page: "page",
  iframe: "iframe",
  worker: "worker",
  shared_worker: "shared_worker",
  service_worker: "service_worker",
};

/**
 * Attaches to every target of the page, recursively: out-of-process iframes, dedicated, shared and service
 * workers and the workers of iframes. Each new target is paused at start (`waitForDebuggerOnStart`) until
 * its collectors are listening, so its first request and first cookie are seen too.
 */
export async function attachTargets(options: AttachTargetsOptions): Promise<void> {
  const connection = options.root.connection();
  if (!connection) throw new Error("CDP session has no connection");

  const watch = async (session: CDPSession) => {
    session.on("Target.attachedToTarget", (event: Protocol.Target.AttachedToTargetEvent) => {
      const child = connection.session(event.sessionId);
      if (!child) return;
      void setUp(child, event.targetInfo).catch((error: unknown) => options.onError?.(error));
    });
    await session.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  };

  const setUp = async (session: CDPSession, info: Protocol.Target.TargetInfo) => {
    const kind = KINDS[info.type] ?? "other";
    if (kind === "service_worker" || kind === "shared_worker") {
      // A paused worker of these kinds answers no command until it runs, so the setup gets a session that
      // sends without waiting for answers: every listener and command is in place, in order, before the
      // worker's first request. (Awaiting the answers held the worker until Chromium gave up on it.)
      const setup = options.onTarget({ session: sendWithoutWaiting(session), kind, url: info.url, outOfProcess: true });
      await session.send("Runtime.runIfWaitingForDebugger").catch(() => undefined);
      await setup;
      return;
    }
    try {
      await options.onTarget({ session, kind, url: info.url, outOfProcess: kind === "iframe" });
      if (kind === "iframe" || kind === "page") await watch(session);
    } finally {
      // Always resume the target, even when a collector failed: a paused frame would hang the page.
      await session.send("Runtime.runIfWaitingForDebugger").catch(() => undefined);
    }
  };

  await options.onTarget({ session: options.root, kind: "page", url: "about:blank", outOfProcess: false });
  await watch(options.root);
}

/**
 * The same session, but `send` resolves at once with an empty answer and a failure is dropped: for
 * commands whose answer does not matter (domain enables, overrides) on a target that answers only later.
 */
function sendWithoutWaiting(session: CDPSession): CDPSession {
  return new Proxy(session, {
    get(target, property, receiver) {
      if (property !== "send") {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (...args: Parameters<CDPSession["send"]>) => {
        target.send(...args).catch(() => undefined);
        return Promise.resolve({});
      };
    },
  });
}

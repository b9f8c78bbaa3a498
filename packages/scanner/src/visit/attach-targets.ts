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
 * Attaches to every target of the page, recursively: out-of-process iframes, dedicated and shared workers
 * and the workers of iframes. Each new target is paused at start (`waitForDebuggerOnStart`) until its
 * collectors are listening, so its first request and first cookie are seen too.
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

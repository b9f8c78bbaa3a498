import { hostOf, type FrameObservation } from "@public-scan/core";
import type { AttachedTarget } from "../visit/attach-targets.js";
import type { Collector } from "./collector.js";

/**
 * The frames and workers the scan saw: where each came from (host, party, whether it ran out of process),
 * for diagnostics and to show that iframes and workers were covered. Nothing about their content.
 */
export function createFrameCollector(): Collector<FrameObservation[]> {
  const targets: Array<{ kind: FrameObservation["kind"]; url: string; outOfProcess: boolean }> = [];
  // Out-of-process iframes announce themselves as targets (with no URL yet); puppeteer's Frame does not say
  // which frames run out of process, so their sessions are asked for their URL at collection time.
  const iframeSessions: AttachedTarget["session"][] = [];
  return {
    id: "frames",
    budgetMs: 1000,
    attach(target: AttachedTarget) {
      if (target.kind === "iframe") iframeSessions.push(target.session);
      if (target.kind === "worker" || target.kind === "shared_worker" || target.kind === "service_worker") {
        targets.push({ kind: target.kind, url: target.url, outOfProcess: true });
      }
      return Promise.resolve();
    },
    async collect(context) {
      const siteHost = context.siteHost();
      const outOfProcessUrls = new Set(
        await Promise.all(
          iframeSessions.map((session) =>
            session.send("Page.getFrameTree").then(
              (tree) => tree.frameTree.frame.url,
              () => "",
            ),
          ),
        ),
      );
      const main = context.page.mainFrame();
      const frames = context.page.frames().map((frame) => ({
        kind: frame === main ? ("main_frame" as const) : ("iframe" as const),
        url: frame.url(),
        outOfProcess: frame !== main && outOfProcessUrls.has(frame.url()),
      }));
      return [...frames, ...targets].map(({ kind, url, outOfProcess }) => {
        const host = hostOf(url);
        return { kind, host, party: host === null ? null : context.classifier.partyOf({ host, siteHost }), outOfProcess };
      });
    },
    count: (result) => result.length,
  };
}

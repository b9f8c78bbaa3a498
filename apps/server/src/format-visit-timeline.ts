import { toTimelineEntries, type VisitTimeline } from "@public-scan/core";
import type { Paint } from "./terminal-paint.js";

/**
 * The report page's "Timeline of the visit" for the terminal: one line per moment and per tracker host's
 * first request, in time order. A tracker before consent is yellow, after reject cyan; the words say which,
 * so a terminal without colour loses nothing.
 */
export function formatVisitTimeline(timeline: VisitTimeline | undefined, paint: Paint): string[] {
  if (timeline === undefined) return [];
  const entries = toTimelineEntries(timeline);
  const width = Math.max(...entries.map((entry) => entry.time.length));
  const lines = [paint("bold", "Timeline of the visit")];
  for (const entry of entries) {
    const time = paint("dim", entry.time.padStart(width));
    const text = entry.kind === "mark" ? paint("bold", entry.text) : paint(entry.phase === "after_reject" ? "cyan" : "yellow", entry.text);
    lines.push(`  ${time}  ${text}`);
  }
  if (timeline.hits.length === 0) lines.push("  No tracker host was contacted before consent or after reject.");
  if (timeline.hiddenHits > 0) lines.push(`  ${timeline.hiddenHits} more tracker hosts fired later (all are in the per-phase exports).`);
  return lines;
}

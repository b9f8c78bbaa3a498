import { toTimelineEntries, visitTimeText, type ReportView, type TimelineEntry, type VisitTimeline } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";

/**
 * The timeline of the scan's own visit, as a waterfall: each moment (banner shown, snapshot, reject used)
 * and each tracker host's first request is a row with its time, its words, and a track drawn in inline SVG
 * on the visit's time axis, the before-consent and after-reject stretches shaded apart. The words carry the
 * meaning (the tracks repeat them for the eye, hidden from screen readers); no script, no style attribute.
 */
export function renderVisitTimeline(view: Pick<ReportView, "timeline">): SafeHtml {
  const timeline = view.timeline;
  if (timeline === undefined) return markup``;
  // A little room past the last event, so its dot is not cut by the edge.
  const spanMs = Math.max(1000, timeline.endMs * 1.04);
  const rejectMs = timeline.marks.find((mark) => mark.kind === "reject")?.atMs ?? null;
  const rows = toTimelineEntries(timeline).map((entry) => renderRow(entry, { spanMs, rejectMs }));
  const quiet =
    timeline.hits.length === 0
      ? markup`<p id="timeline-no-trackers">No tracker host was contacted in this visit, before consent or after reject. Missing evidence is not proof of absence.</p>`
      : markup``;
  return markup`<section id="visit-timeline" aria-labelledby="visit-timeline-heading">
<h2 id="visit-timeline-heading">Timeline of the visit</h2>
<p class="muted">One first visit, from the page request: when the consent banner showed, when reject was used, and when each tracker host was first contacted. Times are from the scanner's browser, in seconds.</p>
${quiet}<ol class="timeline" id="visit-timeline-list">
${rows}</ol>
${renderAxis(spanMs)}${hiddenNote(timeline)}
</section>`;
}

function renderRow(entry: TimelineEntry, axis: { spanMs: number; rejectMs: number | null }): SafeHtml {
  const x = (ms: number) => round((ms / axis.spanMs) * 100);
  const tone = entry.kind === "mark" ? "tl-mark" : entry.phase === "after_reject" ? "tl-hit tl-after-reject" : "tl-hit tl-before-consent";
  const shade =
    axis.rejectMs === null
      ? markup`<rect class="tl-zone-before" x="0" y="0" width="100" height="10"/>`
      : markup`<rect class="tl-zone-before" x="0" y="0" width="${x(axis.rejectMs)}" height="10"/><rect class="tl-zone-after" x="${x(axis.rejectMs)}" y="0" width="${round(100 - x(axis.rejectMs))}" height="10"/>`;
  const point =
    entry.kind === "mark"
      ? markup`<rect class="tl-line" x="${Math.max(0, x(entry.atMs) - 0.3)}" y="0" width="0.6" height="10"/>`
      : markup`<rect class="tl-dot" x="${Math.max(0, x(entry.atMs) - 0.8)}" y="2.5" width="1.6" height="5"/>`;
  return markup`<li class="${tone}"><span class="tl-time">${entry.time}</span><span class="tl-text">${entry.text}</span><svg class="tl-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">${shade}${point}</svg></li>
`;
}

/** The time axis under the tracks: 0 s and the span's end. */
function renderAxis(spanMs: number): SafeHtml {
  return markup`<p class="tl-axis" aria-hidden="true"><span>0 s</span><span>${visitTimeText(spanMs)}</span></p>
`;
}

function hiddenNote(timeline: VisitTimeline): SafeHtml {
  if (timeline.hiddenHits === 0) return markup``;
  return markup`<p class="muted">${timeline.hiddenHits} more tracker host${timeline.hiddenHits === 1 ? "" : "s"} fired later; every host is in the per-phase tables.</p>
`;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

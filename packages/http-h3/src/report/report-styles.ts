/**
 * The one style sheet of the report pages, inlined and allowed by its hash. System fonts only; colours are
 * chosen for at least 4.5:1 contrast in both the light and the dark scheme.
 */
/** Colour tokens as [light, dark]: one table, so the two schemes cannot name different tokens. */
const PALETTE: Readonly<Record<string, readonly [light: string, dark: string]>> = {
  bg: ["#ffffff", "#0f1318"],
  fg: ["#1b1f24", "#e6edf3"],
  muted: ["#4f5761", "#a5afba"],
  border: ["#c9d1d9", "#3d444d"],
  surface: ["#f4f6f8", "#181e25"],
  accent: ["#0a53be", "#8cc4ff"],
  "note-bg": ["#fff6dc", "#2e2408"],
  "note-border": ["#8a5a00", "#d9a532"],
  "high-bg": ["#ffebe9", "#4a1119"],
  "high-fg": ["#8c0a1f", "#ffc9c6"],
  "medium-bg": ["#fff1cc", "#3d2c05"],
  "medium-fg": ["#6b4200", "#ffdf8f"],
  "low-bg": ["#ddf1ff", "#0c2d4f"],
  "low-fg": ["#0a3069", "#b6dcff"],
  "info-bg": ["#eef1f4", "#262c33"],
  "info-fg": ["#32383f", "#d5dbe1"],
  "ok-bg": ["#dcf7e3", "#0d3a1c"],
  "ok-fg": ["#0f5323", "#b4f0c4"],
};

const tokens = (scheme: 0 | 1, indent: string) =>
  Object.entries(PALETTE)
    .map(([name, values]) => `${indent}--${name}: ${values[scheme]};`)
    .join("\n");

export const REPORT_STYLES = `
:root {
  color-scheme: light dark;
${tokens(0, "  ")}
}
@media (prefers-color-scheme: dark) {
  :root {
${tokens(1, "    ")}
  }
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
html {
  background: var(--bg);
  color: var(--fg);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  line-height: 1.5;
  -webkit-text-size-adjust: 100%;
}
body { margin: 0 auto; max-width: 72rem; padding: 1.5rem 1rem 3rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible, .table-wrap:focus-visible {
  outline: 3px solid var(--accent);
  outline-offset: 2px;
}
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
h1 { font-size: 1.75rem; line-height: 1.25; margin: 0.25rem 0 0.5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.35rem; margin: 2.5rem 0 0.75rem; padding-bottom: 0.25rem; border-bottom: 1px solid var(--border); }
h3 { font-size: 1.125rem; margin: 0 0 0.5rem; }
h4 { font-size: 1rem; margin: 1rem 0 0.25rem; }
ul, ol { padding-left: 1.25rem; }
.eyebrow { margin: 0; color: var(--muted); font-size: 0.875rem; letter-spacing: 0.04em; text-transform: uppercase; }
.muted { color: var(--muted); }
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
.disclaimer {
  margin: 1rem 0 1.5rem;
  padding: 0.75rem 1rem;
  border: 2px solid var(--note-border);
  border-radius: 0.5rem;
  background: var(--note-bg);
}
.disclaimer h2 { margin: 0 0 0.25rem; padding: 0; border: 0; font-size: 1rem; }
.disclaimer p { margin: 0; font-weight: 600; }
.toc ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; margin: 0; padding: 0; list-style: none; }
.summary { display: flex; flex-wrap: wrap; gap: 1rem; align-items: stretch; }
.score-card {
  flex: 0 1 16rem;
  padding: 1rem;
  border: 1px solid var(--border);
  border-radius: 0.5rem;
  background: var(--surface);
}
.score-card p { margin: 0 0 0.5rem; }
.score-value { font-size: 3rem; font-weight: 700; line-height: 1; }
.score-value.not-assessed { font-size: 1.75rem; }
.headline { flex: 1 1 20rem; margin: 0; font-size: 1.125rem; align-self: center; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.35rem 1.25rem; margin: 1.25rem 0; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.badge {
  display: inline-block;
  padding: 0.05rem 0.55rem;
  border: 1px solid currentColor;
  border-radius: 999px;
  background: var(--info-bg);
  color: var(--info-fg);
  font-size: 0.875rem;
  font-weight: 600;
}
.tone-high { background: var(--high-bg); color: var(--high-fg); }
.tone-medium { background: var(--medium-bg); color: var(--medium-fg); }
.tone-low { background: var(--low-bg); color: var(--low-fg); }
.tone-ok { background: var(--ok-bg); color: var(--ok-fg); }
.checks { display: grid; gap: 0.45rem; margin: 0.5rem 0 1.25rem; padding: 0; list-style: none; }
.checks li { display: grid; grid-template-columns: 8.5rem 1fr; gap: 0.75rem; align-items: start; }
.checks .badge { justify-self: start; }
.check-detail { display: block; color: var(--muted); font-size: 0.875rem; overflow-wrap: anywhere; }
@media (max-width: 30rem) { .checks li { grid-template-columns: 1fr; gap: 0.15rem; } }
.badges { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0 0 0.75rem; padding: 0; list-style: none; }
.finding { margin: 1rem 0; padding: 1rem; border: 1px solid var(--border); border-left: 6px solid var(--info-fg); border-radius: 0.5rem; }
.finding.tone-high, .finding.tone-medium, .finding.tone-low { background: var(--bg); color: var(--fg); }
.finding.tone-high { border-left-color: var(--high-fg); }
.finding.tone-medium { border-left-color: var(--medium-fg); }
.finding.tone-low { border-left-color: var(--low-fg); }
.finding p { margin: 0.5rem 0; }
.finding summary { cursor: pointer; font-weight: 600; margin: 0.5rem 0; }
.scan-details summary { cursor: pointer; color: var(--muted); margin: 0.5rem 0; }
.counts { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.75rem 0; padding: 0; }
.counts div { min-width: 8rem; padding: 0.5rem 0.75rem; border: 1px solid var(--border); border-radius: 0.5rem; background: var(--surface); }
.counts dt { font-size: 0.875rem; color: var(--muted); }
.counts dd { margin: 0; font-size: 1.5rem; font-weight: 700; }
.table-controls { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end; margin: 1rem 0 0.5rem; }
.control { display: flex; flex-direction: column; gap: 0.2rem; }
.control label { font-weight: 600; font-size: 0.9rem; }
select, button, input {
  min-height: 2.25rem;
  padding: 0.3rem 0.6rem;
  border: 1px solid var(--muted);
  border-radius: 0.375rem;
  background: var(--bg);
  color: var(--fg);
  font: inherit;
}
button { cursor: pointer; }
.recent { padding-left: 1.25rem; }
.recent li { margin: 0.35rem 0; overflow-wrap: anywhere; }
.scan-form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.5rem 0; }
.scan-form label { flex: 1 0 100%; font-weight: 600; }
.scan-form input { flex: 1 1 16rem; min-width: 0; }
.alert { padding: 0.5rem 0.75rem; border-left: 4px solid var(--high-fg); background: var(--high-bg); color: var(--high-fg); }
.table-status { margin: 0.5rem 0; color: var(--muted); }
.table-wrap { position: relative; overflow-x: auto; border: 1px solid var(--border); border-radius: 0.5rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.925rem; }
caption { padding: 0.5rem 0.75rem; font-weight: 600; text-align: left; }
th, td { padding: 0.4rem 0.75rem; border-top: 1px solid var(--border); text-align: left; vertical-align: top; }
thead th { background: var(--surface); white-space: nowrap; }
td.number, th.number { text-align: right; }
.group-row th { background: var(--surface); font-weight: 700; }
.matrix thead th { white-space: normal; }
.matrix td.quiet, .matrix .not-run { color: var(--muted); }
.matrix td.active { font-weight: 600; }
.gauge { margin: 1rem 0; max-width: 36rem; }
.gauge svg { display: block; width: 100%; height: auto; }
.gauge .band-high { fill: var(--high-fg); }
.gauge .band-medium { fill: var(--medium-fg); }
.gauge .band-low { fill: var(--low-fg); }
.gauge .band-ok { fill: var(--ok-fg); }
.gauge .marker { fill: var(--fg); }
.gauge .axis { fill: var(--muted); font-size: 3.5px; }
.breakdown { margin: 0.25rem 0 0; padding-left: 1.25rem; }
.timeline { margin: 0; padding: 0; list-style: none; font-size: 0.925rem; }
.timeline li { display: grid; grid-template-columns: 4rem minmax(0, 1fr) minmax(8rem, 40%); gap: 0.25rem 0.75rem; align-items: center; padding: 0.2rem 0; border-top: 1px solid var(--border); }
.timeline .tl-time { font-variant-numeric: tabular-nums; color: var(--muted); text-align: right; }
.timeline .tl-text { overflow-wrap: anywhere; }
.timeline .tl-mark .tl-text { font-weight: 600; }
.tl-track { display: block; width: 100%; height: 0.9rem; }
.tl-zone-before { fill: var(--medium-bg); }
.tl-zone-after { fill: var(--low-bg); }
.tl-dot { fill: var(--high-fg); }
.tl-after-reject .tl-dot { fill: var(--low-fg); }
.tl-line { fill: var(--fg); }
.tl-axis { display: flex; justify-content: space-between; margin: 0.25rem 0 0 60%; color: var(--muted); font-size: 0.8rem; }
.breakdown .result { font-weight: 600; }
.phases { margin: 0; padding: 0; list-style: none; }
.phases li { margin: 0 0 0.75rem; padding: 0.75rem 1rem; border: 1px solid var(--border); border-radius: 0.5rem; }
.phases p { margin: 0.25rem 0 0; }
.phase-name { font-weight: 700; margin-right: 0.5rem; }
.phase-rows summary { cursor: pointer; margin: 0.5rem 0; }
.new-in-phase td { font-weight: 600; }
.change-headlines li { margin: 0.3rem 0; font-weight: 600; }
.changed-findings { margin: 0.5rem 0 1rem; padding: 0; list-style: none; }
.changed-findings li { margin: 0.35rem 0; }
.progress { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
progress { width: min(24rem, 100%); height: 1.25rem; }
footer { margin-top: 3rem; padding-top: 1rem; border-top: 1px solid var(--border); color: var(--muted); font-size: 0.875rem; }
@media (max-width: 40rem) {
  body { padding: 1rem 0.75rem 2rem; }
  .facts { grid-template-columns: 1fr; gap: 0; }
  .facts dd { margin-bottom: 0.5rem; }
  .score-card { flex-basis: 100%; }
  /* On a phone the track goes under the words, full width. */
  .timeline li { grid-template-columns: 3.5rem minmax(0, 1fr); }
  .tl-track { grid-column: 1 / -1; }
  .tl-axis { margin-left: 0; }
}
@media print {
  .table-controls, .toc { display: none; }
  .table-wrap { overflow: visible; border: 0; }
  /* A printed report shows every finding's details, folded or not. */
  details::details-content { content-visibility: visible; display: contents; }
  details > summary { display: none; }
  /* A phase table's summary holds its counts: kept as its heading on paper. */
  details.phase-rows > summary { display: block; list-style: none; }
}
`;

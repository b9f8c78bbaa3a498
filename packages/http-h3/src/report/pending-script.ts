/**
 * The pending page's only script: reloads the page after the job's retry delay, with a button to pause it
 * (WCAG 2.2.1: a timed refresh must be stoppable). Without scripts, a `<noscript>` meta refresh does the
 * reloading instead. The delay is read from a data- attribute; the script is a constant allowed by its hash.
 */
export const PENDING_SCRIPT = `
(() => {
  "use strict";
  const box = document.getElementById("auto-reload");
  const countdown = document.getElementById("reload-countdown");
  const toggle = document.getElementById("reload-toggle");
  if (!box || !countdown || !toggle) return;
  const seconds = Number(box.dataset.seconds);
  if (!Number.isInteger(seconds) || seconds <= 0) return;
  let remaining = seconds;
  let paused = false;
  const show = () => {
    countdown.textContent = paused ? "Automatic reload is paused." : "Reloading in " + remaining + " s.";
    toggle.textContent = paused ? "Resume automatic reload" : "Pause automatic reload";
  };
  setInterval(() => {
    if (paused) return;
    remaining -= 1;
    if (remaining <= 0) {
      paused = true;
      location.reload();
      return;
    }
    show();
  }, 1000);
  toggle.addEventListener("click", () => {
    paused = !paused;
    remaining = seconds;
    show();
  });
  box.hidden = false;
  show();
})();
`;

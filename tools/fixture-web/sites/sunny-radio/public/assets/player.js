/* global document */
// The old live-stream player, still linked over plain HTTP: a browser blocks it on the HTTPS page.
document.documentElement.dataset.player = "legacy";

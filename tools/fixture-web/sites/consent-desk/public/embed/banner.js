/* global window, document */
// Tells the embedding page which choice was made; the page stores it and removes the iframe.
for (const button of document.querySelectorAll("button[data-choice]")) {
  button.addEventListener("click", () => window.parent.postMessage({ consentDesk: button.dataset.choice }, "*"));
}

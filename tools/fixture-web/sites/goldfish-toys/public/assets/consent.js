/* global window, document */
// Goldfish Toys' own cookie banner, with a goldfish's memory: the answer is kept in a variable of the page
// only. It is honoured on that page (Google Analytics loads after "Accept all", nothing after "Reject
// all") and forgotten on the next one, where the banner asks again.
(() => {
  let choice = null;
  const banner = document.createElement("div");
  banner.className = "cookie-bar";
  banner.setAttribute("role", "dialog");
  banner.setAttribute("aria-modal", "true");
  banner.setAttribute("aria-labelledby", "goldfish-consent-title");
  banner.innerHTML =
    '<p><strong id="goldfish-consent-title">Cookies at Goldfish Toys</strong> ' +
    "We would like to use Google Analytics cookies to count visits. You can accept or reject them.</p>" +
    '<button type="button" data-choice="accepted">Accept all</button>' +
    '<button type="button" data-choice="rejected">Reject all</button>';
  banner.addEventListener("click", (event) => {
    const picked = event.target.getAttribute?.("data-choice");
    if (!picked) return;
    choice = picked;
    banner.remove();
    if (choice === "accepted") window.loadGoldfishAnalytics();
  });
  document.body.appendChild(banner);
})();

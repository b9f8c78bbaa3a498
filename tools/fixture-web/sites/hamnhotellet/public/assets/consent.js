/* global window, document */
// Stores the visitor's answer from the Consent Desk iframe, then removes the banner.
window.addEventListener("message", (event) => {
  if (event.origin !== "https://www.consent-desk.test" || !event.data || typeof event.data.consentDesk !== "string") return;
  localStorage.setItem("consentDesk", JSON.stringify({ choice: event.data.consentDesk, id: "__CANARY__" }));
  document.querySelector(".consent-frame")?.remove();
});

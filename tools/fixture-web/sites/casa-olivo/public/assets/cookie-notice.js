/* global document */
// A notice, not a choice: the only button closes it.
document.getElementById("cookie-ok").addEventListener("click", () => {
  localStorage.setItem("cookieNoticeSeen", "__CANARY__");
  document.getElementById("cookie-notice").remove();
});

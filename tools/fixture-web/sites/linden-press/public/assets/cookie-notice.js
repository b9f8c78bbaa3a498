/* global document */
// Linden Press's own cookie bar, fixed at the bottom of the viewport until a choice is stored. Accepting is
// a big filled button; refusing is "Continue without accepting", a small grey underlined link beside it.
// Either answer is kept in the first-party cookie lp_consent, which every page reads, and hides the bar;
// nothing else is set or loaded, before or after the answer.
(() => {
  const COOKIE = "lp_consent";
  const HALF_A_YEAR = 15552000;
  const stored = document.cookie.split("; ").some((pair) => pair.startsWith(`${COOKIE}=`));
  if (stored) return;

  const notice = document.getElementById("cookie-notice");
  const store = (choice) => {
    document.cookie = `${COOKIE}=__CANARY__-${choice}; path=/; max-age=${HALF_A_YEAR}; samesite=lax; secure`;
    notice.hidden = true;
  };

  document.getElementById("cookie-notice-accept").addEventListener("click", () => store("accepted"));
  document.getElementById("cookie-notice-continue").addEventListener("click", (event) => {
    // A link to "#": the refusal must not scroll the page or change its address.
    event.preventDefault();
    store("rejected");
  });

  notice.hidden = false;
})();

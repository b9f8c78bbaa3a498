/* global window, document */
// Site script of the Daily Courier.
(() => {
  // Today's date in the top bar.
  const today = document.getElementById("today");
  if (today !== null)
    today.textContent = new Date().toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });

  // Hotjar was moved off the critical path ("performance fix", WEB-1182): it starts 1.5 s after the page,
  // which still means before, and regardless of, any answer to the cookie banner.
  window.setTimeout(() => {
    // eslint-disable-next-line max-params -- Hotjar's tracking code, as Hotjar hands it out
    (function (h, o, t, j, a, r) {
      h.hj =
        h.hj ||
        function () {
          (h.hj.q = h.hj.q || []).push(arguments);
        };
      h._hjSettings = { hjid: 3456789, hjsv: 6 };
      a = o.getElementsByTagName("head")[0];
      r = o.createElement("script");
      r.async = 1;
      r.src = t + h._hjSettings.hjid + j + h._hjSettings.hjsv + "&cb=__CANARY__";
      a.appendChild(r);
    })(window, document, "https://static.hotjar.com/c/hotjar-", ".js?sv=");
  }, 1500);
})();

/* global window, document */
// A publisher's own consent dialog in the style of IAB TCF CMPs: consent, do not consent, or manage the
// options, all on the first layer. The answer is kept in localStorage; the advertising tag loads only
// after "Toestemming geven".
(function () {
  var KEY = "noorderlichtConsent";
  function loadAds() {
    var script = document.createElement("script");
    script.async = true;
    script.src = "https://www.googletagmanager.com/gtag/js?id=G-N00RD3RL1CHT&cb=__CANARY__";
    document.head.appendChild(script);
    window.dataLayer = window.dataLayer || [];
    window.gtag = function () {
      window.dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", "G-N00RD3RL1CHT");
  }
  var stored = localStorage.getItem(KEY);
  if (stored === "all") return loadAds();
  if (stored) return;
  var dialog = document.createElement("div");
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", "nl-consent-title");
  dialog.style.cssText =
    "position:fixed;inset:auto 0 0 0;background:#fff;border-top:3px solid #0b3d91;padding:1.5rem;font:16px/1.4 sans-serif;z-index:10";
  dialog.innerHTML =
    '<h2 id="nl-consent-title">Wij vragen uw toestemming</h2>' +
    "<p>Wij en onze partners gebruiken cookies en vergelijkbare technieken om informatie op uw apparaat op te slaan en te lezen, " +
    "voor gepersonaliseerde advertenties en content, advertentie- en contentmeting en doelgroepinzichten.</p>" +
    '<button type="button" data-choice="all">Toestemming geven</button> ' +
    '<button type="button" data-choice="none">Geen toestemming geven</button> ' +
    '<button type="button" data-choice="manage">Opties beheren</button>';
  dialog.addEventListener("click", function (event) {
    var choice = event.target.getAttribute && event.target.getAttribute("data-choice");
    if (!choice || choice === "manage") return;
    localStorage.setItem(KEY, choice);
    dialog.remove();
    if (choice === "all") loadAds();
  });
  document.body.appendChild(dialog);
})();

/* global document */
// The Kaffeehaus's own cookie wall: until a choice is stored, a dark backdrop covers the page and the page
// cannot be scrolled. Its first layer offers "Alle akzeptieren" and a small "Einstellungen" link; refusing
// is only possible in the settings, whose Statistik and Marketing switches are already on. The choice is
// kept in the first-party cookie kw_consent, which every page reads; nothing else is set or loaded.
(() => {
  const COOKIE = "kw_consent";
  const HALF_A_YEAR = 15552000;
  const stored = document.cookie.split("; ").some((pair) => pair.startsWith(`${COOKIE}=`));
  if (stored) return;

  const wall = document.getElementById("consent-wall");
  const start = document.getElementById("consent-start");
  const settings = document.getElementById("consent-settings");
  const statistik = document.getElementById("choice-statistik");
  const marketing = document.getElementById("choice-marketing");
  const komfort = document.getElementById("choice-komfort");

  // The stored answer: s(tatistik), m(arketing) and k(omfort), each 1 (granted) or 0.
  const store = (choice) => {
    const value = `__CANARY__-s${Number(choice.statistik)}m${Number(choice.marketing)}k${Number(choice.komfort)}`;
    document.cookie = `${COOKIE}=${value}; path=/; max-age=${HALF_A_YEAR}; samesite=lax; secure`;
    wall.hidden = true;
    document.documentElement.classList.remove("wall-open");
  };

  document.getElementById("consent-accept-all").addEventListener("click", () => store({ statistik: true, marketing: true, komfort: true }));
  document.getElementById("consent-open-settings").addEventListener("click", () => {
    start.hidden = true;
    settings.hidden = false;
  });
  marketing.addEventListener("click", () => {
    marketing.setAttribute("aria-checked", String(marketing.getAttribute("aria-checked") !== "true"));
  });
  document
    .getElementById("consent-save")
    .addEventListener("click", () =>
      store({ statistik: statistik.checked, marketing: marketing.getAttribute("aria-checked") === "true", komfort: komfort.checked }),
    );
  document
    .getElementById("consent-reject-all")
    .addEventListener("click", () => store({ statistik: false, marketing: false, komfort: false }));

  document.documentElement.classList.add("wall-open");
  wall.hidden = false;
})();

/* global customElements, HTMLElement */
// A hand-written consent banner as a web component: everything lives in an open shadow root, so the
// page's own DOM holds only the <cookie-hinweis> element.
class CookieHinweis extends HTMLElement {
  connectedCallback() {
    if (localStorage.getItem("bergApothekeConsent")) return;
    const root = this.attachShadow({ mode: "open" });
    root.innerHTML = `
      <style>
        .banner { position: fixed; left: 1rem; right: 1rem; bottom: 1rem; padding: 1rem 1.5rem; background: #fff; border: 1px solid #2e7d32; font: 15px/1.4 system-ui, sans-serif; }
        .actions { display: flex; gap: 0.5rem; }
      </style>
      <div class="banner" role="dialog" aria-label="Cookie-Hinweis">
        <p>Wir verwenden Cookies, um unsere Website zu verbessern. Sie können allen zustimmen, alle ablehnen oder selbst wählen.</p>
        <div class="actions">
          <button type="button" data-choice="all">Alle akzeptieren</button>
          <button type="button" data-choice="none">Alle ablehnen</button>
          <button type="button" data-choice="custom">Einstellungen</button>
        </div>
      </div>`;
    for (const button of root.querySelectorAll("button")) {
      button.addEventListener("click", () => {
        localStorage.setItem("bergApothekeConsent", JSON.stringify({ choice: button.dataset.choice, id: "__CANARY__" }));
        root.querySelector(".banner").remove();
      });
    }
  }
}
customElements.define("cookie-hinweis", CookieHinweis);

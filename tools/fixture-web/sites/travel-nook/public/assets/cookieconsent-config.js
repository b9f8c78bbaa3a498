// vanilla-cookieconsent v3 (served from the npm package under /vendor/), set up the way many sites do:
// the first layer offers "accept all" and "manage preferences"; refusing is only possible in the second
// layer (the preferences modal), so the first layer has no reject button.
import * as CookieConsent from "/vendor/cookieconsent/cookieconsent.esm.js";

CookieConsent.run({
  guiOptions: {
    consentModal: { layout: "box", position: "bottom right", equalWeightButtons: false },
    preferencesModal: { layout: "box" },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: {},
  },
  language: {
    default: "pt",
    translations: {
      pt: {
        consentModal: {
          title: "Este site usa cookies",
          description: "Usamos cookies para medir as visitas e melhorar as reservas.",
          acceptAllBtn: "Aceitar todos",
          showPreferencesBtn: "Gerir preferências",
        },
        preferencesModal: {
          title: "Preferências de cookies",
          acceptAllBtn: "Aceitar todos",
          acceptNecessaryBtn: "Rejeitar todos",
          savePreferencesBtn: "Guardar preferências",
          closeIconLabel: "Fechar",
          sections: [
            { title: "Estritamente necessários", description: "Guardam a sua escolha.", linkedCategory: "necessary" },
            { title: "Estatísticas", description: "Contam as visitas às páginas.", linkedCategory: "analytics" },
          ],
        },
      },
    },
  },
});

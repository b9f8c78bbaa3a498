import { describe, expect, it } from "vitest";
import { classifyButtonLabel, cleanButtonLabel } from "../../src/consent/classify-button-label.js";

/** Labels as real consent banners write them, per language and kind. */
const LABELS = {
  en: {
    accept: ["Accept all", "Accept all cookies", "I agree", "Allow all", "Allow selection", "Yes, I accept"],
    reject: [
      "Reject all",
      "Decline",
      "Deny",
      "Only necessary cookies",
      "Essential cookies only",
      "Continue without accepting",
      "Don't allow",
      "I do not accept",
    ],
    settings: ["Manage preferences", "Cookie settings", "Customise", "Customize choices", "Let me choose", "More options"],
    acknowledge: ["OK", "Got it!", "Close", "That's OK", "I understand"],
    other: ["Privacy policy", "Learn more", "Cookie policy", "Reject and subscribe", "Accept or pay"],
  },
  de: {
    accept: ["Alle akzeptieren", "Akzeptieren", "Zustimmen", "Alle zulassen", "Einverstanden", "Ich stimme zu"],
    reject: [
      "Alle ablehnen",
      "Ablehnen",
      "Nur notwendige Cookies",
      "Nur essenzielle Cookies akzeptieren",
      "Weiter ohne Einwilligung",
      "Nicht zustimmen",
    ],
    settings: ["Einstellungen", "Cookie-Einstellungen", "Individuelle Einstellungen", "Anpassen", "Einwilligung verwalten"],
    acknowledge: ["Verstanden", "Schließen", "Alles klar"],
    other: ["Datenschutzerklärung", "Impressum", "Mehr erfahren"],
  },
  fr: {
    accept: ["Tout accepter", "Accepter", "J'accepte", "Accepter et fermer", "Autoriser tous les cookies"],
    reject: [
      "Tout refuser",
      "Refuser",
      "Je refuse",
      "Continuer sans accepter",
      "Uniquement les cookies nécessaires",
      "Rejeter tous les cookies",
    ],
    settings: ["Personnaliser", "Paramétrer les cookies", "Gérer mes préférences", "Paramètres"],
    acknowledge: ["J'ai compris", "Fermer", "Compris"],
    other: ["En savoir plus", "Politique de confidentialité"],
  },
  es: {
    accept: ["Aceptar todo", "Aceptar", "Aceptar todas las cookies", "Permitir todas", "Estoy de acuerdo"],
    reject: ["Rechazar todo", "Rechazar", "Denegar", "Solo las necesarias", "Aceptar solo las necesarias", "Continuar sin aceptar"],
    settings: ["Configurar", "Personalizar", "Configuración de cookies", "Gestionar preferencias", "Más opciones"],
    acknowledge: ["Entendido", "Cerrar", "Vale"],
    other: ["Política de cookies", "Más información"],
  },
  it: {
    accept: ["Accetta tutti", "Accetta", "Accetta tutti i cookie", "Acconsento", "Consenti tutti"],
    reject: ["Rifiuta tutti", "Rifiuta", "Solo cookie necessari", "Continua senza accettare", "Non accetto"],
    settings: ["Personalizza", "Impostazioni cookie", "Gestisci preferenze", "Altre opzioni"],
    acknowledge: ["Ho capito", "Chiudi"],
    other: ["Informativa", "Scopri di più"],
  },
  nl: {
    accept: ["Alles accepteren", "Accepteren", "Akkoord", "Alle cookies toestaan", "Ik ga akkoord"],
    reject: ["Alles weigeren", "Weigeren", "Afwijzen", "Alleen noodzakelijke cookies", "Niet akkoord", "Wijs alles af"],
    settings: ["Instellingen", "Cookie-instellingen", "Voorkeuren beheren", "Aanpassen"],
    acknowledge: ["Begrepen", "Sluiten"],
    other: ["Privacyverklaring", "Lees meer"],
  },
  pt: {
    accept: ["Aceitar todos", "Aceitar", "Aceito", "Concordo", "Aceitar todos os cookies"],
    reject: ["Rejeitar todos", "Rejeitar", "Recusar", "Apenas os necessários", "Continuar sem aceitar", "Não aceito"],
    settings: ["Gerir preferências", "Gerenciar cookies", "Definições de cookies", "Personalizar", "Configurações"],
    acknowledge: ["Entendi", "Fechar"],
    other: ["Política de privacidade", "Saiba mais"],
  },
  pl: {
    accept: ["Akceptuję", "Zaakceptuj wszystkie", "Akceptuj wszystkie", "Zgadzam się", "Zezwól na wszystkie"],
    reject: ["Odrzuć wszystkie", "Odrzucam", "Tylko niezbędne", "Nie akceptuję", "Odmawiam"],
    settings: ["Ustawienia", "Dostosuj", "Zarządzaj preferencjami", "Ustawienia plików cookie"],
    acknowledge: ["Rozumiem", "Zamknij"],
    other: ["Polityka prywatności", "Dowiedz się więcej"],
  },
  sv: {
    accept: ["Godkänn alla", "Acceptera alla", "Godkänn", "Tillåt alla", "Jag godkänner"],
    reject: ["Avvisa alla", "Neka", "Avböj", "Endast nödvändiga", "Godkänn endast nödvändiga", "Tillåt inte"],
    settings: ["Anpassa", "Inställningar", "Hantera cookies", "Cookie-inställningar"],
    acknowledge: ["Jag förstår", "Stäng"],
    other: ["Integritetspolicy", "Läs mer"],
  },
} as const;

const cases = Object.entries(LABELS).flatMap(([language, kinds]) =>
  Object.entries(kinds).flatMap(([kind, labels]: [string, readonly string[]]) => labels.map((label) => [language, kind, label] as const)),
);

describe("classifyButtonLabel", () => {
  it.each(cases)("%s: %s <- %j", (_language, kind, label) => {
    expect(classifyButtonLabel(label)).toBe(kind);
  });

  it("reads a bare close symbol as acknowledging, and gives up on empty or overlong labels", () => {
    expect(classifyButtonLabel("×")).toBe("acknowledge");
    expect(classifyButtonLabel("   ")).toBe("other");
    expect(classifyButtonLabel(`Accept ${"very ".repeat(30)}much`)).toBe("other");
  });
});

describe("cleanButtonLabel", () => {
  it("lower-cases, drops apostrophes and turns punctuation and line breaks into single spaces", () => {
    expect(cleanButtonLabel("  J’accepte\n  TOUT!! ")).toBe("jaccepte tout");
    expect(cleanButtonLabel("Don't → allow")).toBe("dont allow");
  });
});

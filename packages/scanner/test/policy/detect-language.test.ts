import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../src/policy/detect-language.js";

const TEXTS: Record<string, string> = {
  en: "We use your personal information to process and ship your orders, to answer your questions and to measure how our website is used. You have the right to access and erase your data.",
  de: "Wir verarbeiten Ihre personenbezogenen Daten zur Abwicklung Ihrer Bestellungen und zur Beantwortung Ihrer Anfragen. Sie haben das Recht auf Auskunft und Löschung Ihrer Daten.",
  fr: "Nous traitons vos données personnelles pour gérer vos commandes et répondre à vos questions. Vous disposez d'un droit d'accès et d'effacement de vos données.",
  es: "Tratamos sus datos personales para gestionar sus pedidos y responder a sus preguntas. Usted tiene derecho a acceder a sus datos y a solicitar su supresión.",
  it: "Trattiamo i suoi dati personali per gestire le prenotazioni e rispondere alle sue domande. Lei ha il diritto di accedere ai dati e di chiederne la cancellazione.",
  nl: "Wij verwerken uw persoonsgegevens om uw bestellingen af te handelen en uw vragen te beantwoorden. U heeft het recht om uw gegevens in te zien en te laten verwijderen.",
  pt: "Tratamos os seus dados pessoais para gerir as suas encomendas e responder às suas perguntas. Tem o direito de aceder aos seus dados e de pedir o seu apagamento.",
  pl: "Przetwarzamy Twoje dane osobowe w celu realizacji zamówień i odpowiedzi na pytania. Masz prawo dostępu do swoich danych oraz prawo do ich usunięcia.",
  sv: "Vi behandlar dina personuppgifter för att hantera dina beställningar och svara på dina frågor. Du har rätt att få tillgång till dina uppgifter och att få dem raderade.",
};

describe("detectLanguage", () => {
  it.each(Object.entries(TEXTS))("detects %s as its ISO 639-1 code", (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it("returns null for text too short or without language", () => {
    expect(detectLanguage("Privacy")).toBeNull();
    expect(detectLanguage("1234 5678 9012 3456 7890 1234 5678 9012 3456 7890 1234")).toBeNull();
  });

  it("reads a long text from its middle, past navigation and notices", () => {
    const text = `${"Home Shop About Contact Cart ".repeat(40)}${TEXTS.de!.repeat(30)}${"Cookies Imprint ".repeat(40)}`;
    expect(detectLanguage(text)).toBe("de");
  });
});

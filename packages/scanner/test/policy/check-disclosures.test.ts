import { beforeAll, describe, expect, it } from "vitest";
import { checkDisclosures } from "../../src/policy/check-disclosures.js";
import { DISCLOSURE_KEYS, loadPolicyVocabulary, type DisclosureKey, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";

/**
 * One sentence per disclosure and language, written as policies in that language write it. The whole
 * text must show every disclosure; the text without one sentence must show every disclosure but that one,
 * so each sentence is recognised and no sentence is mistaken for another disclosure.
 */
const SENTENCES: Record<string, Record<DisclosureKey, string>> = {
  en: {
    controllerContact: "Prairie Goods Inc. is the controller of your personal data; contact us at privacy@prairie-goods.test.",
    dataProtectionOfficer: "Our data protection officer can be reached by post.",
    purposes: "We use your information for the following purposes: orders and support.",
    legalBases: "The legal basis is the performance of a contract.",
    recipients: "Recipients of your data are our payment provider and shipping partners.",
    internationalTransfers: "For transfers to third countries we rely on the Standard Contractual Clauses.",
    retention: "Retention: order records are kept for seven years.",
    dataSubjectRights: "You have the right of access and the right to object.",
    withdrawConsent: "You may withdraw your consent at any time.",
    complaintToAuthority: "You may lodge a complaint with a supervisory authority.",
    cookies: "We use cookies. Strictly necessary cookies keep your basket.",
    automatedDecisions: "We make no automated decisions and do no profiling.",
  },
  de: {
    controllerContact: "Verantwortlicher ist die Gärtnerei Lindenhof GmbH; Kontakt per E-Mail an info@lindenhof.test.",
    dataProtectionOfficer: "Unseren Datenschutzbeauftragten erreichen Sie postalisch.",
    purposes: "Wir verarbeiten Ihre Daten zu folgenden Zwecken: Bestellungen und Anfragen.",
    legalBases: "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.",
    recipients: "Empfänger sind unser Versanddienstleister und unser Hosting-Anbieter.",
    internationalTransfers: "Eine Übermittlung in Drittländer findet nur mit Standardvertragsklauseln statt.",
    retention: "Die Speicherdauer für Bestelldaten beträgt zehn Jahre.",
    dataSubjectRights: "Sie haben das Recht auf Auskunft und das Recht auf Löschung.",
    withdrawConsent: "Sie können Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen.",
    complaintToAuthority: "Sie können sich bei einer Aufsichtsbehörde beschweren.",
    cookies: "Wir verwenden Cookies. Notwendige Cookies speichern Ihren Warenkorb.",
    automatedDecisions: "Eine automatisierte Entscheidungsfindung findet nicht statt.",
  },
  fr: {
    controllerContact: "Le responsable du traitement est Fromagerie Lucas SARL ; contact : contact@fromagerie.test.",
    dataProtectionOfficer: "Notre délégué à la protection des données répond par courrier.",
    purposes: "Les finalités sont la gestion des commandes et la lettre d'information.",
    legalBases: "La base légale est l'exécution du contrat.",
    recipients: "Les destinataires sont notre hébergeur et notre transporteur.",
    internationalTransfers: "Aucun transfert vers des pays tiers n'a lieu.",
    retention: "La durée de conservation des commandes est de dix ans.",
    dataSubjectRights: "Vous disposez d'un droit d'accès et d'un droit d'opposition.",
    withdrawConsent: "Vous pouvez retirer votre consentement à tout moment.",
    complaintToAuthority: "Vous pouvez introduire une réclamation auprès de la CNIL.",
    cookies: "Nous utilisons des cookies. Les cookies nécessaires gardent votre panier.",
    automatedDecisions: "Nous ne prenons aucune décision automatisée.",
  },
  es: {
    controllerContact: "El responsable del tratamiento es Librería Sol S.L.; contacto: hola@libreria.test.",
    dataProtectionOfficer: "Nuestro delegado de protección de datos atiende por correo postal.",
    purposes: "La finalidad es gestionar sus pedidos.",
    legalBases: "La base legal es la ejecución del contrato.",
    recipients: "Los destinatarios son la empresa de transporte y el proveedor de alojamiento.",
    internationalTransfers: "No realizamos transferencias internacionales de datos.",
    retention: "El plazo de conservación es de seis años.",
    dataSubjectRights: "Puede ejercer sus derechos de acceso y de oposición.",
    withdrawConsent: "Puede retirar su consentimiento en cualquier momento.",
    complaintToAuthority: "Puede presentar una reclamación ante la Agencia Española de Protección de Datos.",
    cookies: "Utilizamos cookies técnicas. Las cookies de análisis requieren su permiso.",
    automatedDecisions: "No tomamos decisiones automatizadas.",
  },
  it: {
    controllerContact: "Il titolare del trattamento è Trattoria Nonna S.r.l.; contatti: info@trattoria.test.",
    dataProtectionOfficer: "Il responsabile della protezione dei dati risponde per posta.",
    purposes: "Le finalità sono la gestione delle prenotazioni.",
    legalBases: "La base giuridica è l'esecuzione del contratto.",
    recipients: "I destinatari sono i nostri fornitori di servizi.",
    internationalTransfers: "I dati non sono trasferiti verso paesi terzi.",
    retention: "Il periodo di conservazione è di due anni.",
    dataSubjectRights: "Lei ha il diritto di accesso e il diritto di opposizione.",
    withdrawConsent: "Può revocare il consenso in qualsiasi momento.",
    complaintToAuthority: "Può proporre reclamo al Garante per la protezione dei dati personali.",
    cookies: "Utilizziamo solo cookie tecnici. I cookie tecnici sono necessari.",
    automatedDecisions: "Non adottiamo decisioni automatizzate.",
  },
  nl: {
    controllerContact: "Fietsen De Vries B.V. is de verwerkingsverantwoordelijke; contact: info@fietsen.test.",
    dataProtectionOfficer: "Onze functionaris voor gegevensbescherming is per post bereikbaar.",
    purposes: "Wij verwerken uw gegevens voor de volgende doeleinden: reparaties en bestellingen.",
    legalBases: "De grondslag is de overeenkomst met u.",
    recipients: "Ontvangers van uw gegevens zijn onze hostingpartij en onze boekhouder.",
    internationalTransfers: "Wij geven geen gegevens door aan derde landen.",
    retention: "De bewaartermijn voor facturen is zeven jaar.",
    dataSubjectRights: "U heeft recht op inzage en recht op verwijdering.",
    withdrawConsent: "U kunt uw toestemming op elk moment intrekken.",
    complaintToAuthority: "U kunt een klacht indienen bij de Autoriteit Persoonsgegevens.",
    cookies: "Wij gebruiken functionele cookies. Deze cookies zijn nodig.",
    automatedDecisions: "Wij maken geen gebruik van geautomatiseerde besluitvorming.",
  },
  pt: {
    controllerContact: "O responsável pelo tratamento é a Padaria Lisboa, Lda.; contacto: geral@padaria.test.",
    dataProtectionOfficer: "O nosso encarregado da proteção de dados responde por correio.",
    purposes: "Tratamos os seus dados com a finalidade de gerir encomendas.",
    legalBases: "O fundamento jurídico é a execução do contrato.",
    recipients: "Os destinatários são os nossos prestadores de serviços de entrega.",
    internationalTransfers: "Não transferimos dados para países terceiros.",
    retention: "O prazo de conservação é de dez anos.",
    dataSubjectRights: "Tem direito de acesso e direito de oposição.",
    withdrawConsent: "Pode retirar o seu consentimento a qualquer momento.",
    complaintToAuthority: "Pode apresentar reclamação junto da Comissão Nacional de Proteção de Dados.",
    cookies: "Utilizamos cookies essenciais. Estes cookies não recolhem dados.",
    automatedDecisions: "Não tomamos decisões automatizadas.",
  },
  pl: {
    controllerContact: "Administratorem Twoich danych jest Kwiaciarnia Róża sp. z o.o.; kontakt: kontakt@kwiaciarnia.test.",
    dataProtectionOfficer: "Nasz inspektor ochrony danych odpowiada listownie.",
    purposes: "Przetwarzamy dane w celu realizacji zamówień.",
    legalBases: "Podstawą prawną jest umowa.",
    recipients: "Odbiorcami danych są firmy kurierskie.",
    internationalTransfers: "Nie przekazujemy danych do państw trzecich.",
    retention: "Okres przechowywania danych wynosi pięć lat.",
    dataSubjectRights: "Przysługuje Ci prawo dostępu do danych oraz prawo do sprostowania.",
    withdrawConsent: "Możesz w każdej chwili wycofać swoją zgodę.",
    complaintToAuthority: "Możesz wnieść skargę do Prezesa Urzędu Ochrony Danych Osobowych.",
    cookies: "Strona używa plików cookies. Pliki cookies są niezbędne.",
    automatedDecisions: "Nie stosujemy profilowania.",
  },
  sv: {
    controllerContact: "Stugan Café AB är personuppgiftsansvarig; kontakt: hej@stugan.test.",
    dataProtectionOfficer: "Vårt dataskyddsombud nås per brev.",
    purposes: "Ändamålet är att hantera bordsbokningar.",
    legalBases: "Den rättsliga grunden är avtal.",
    recipients: "Mottagare av uppgifterna är vårt bokningssystem.",
    internationalTransfers: "Vi överför inga uppgifter till tredjeland.",
    retention: "Lagringstiden för bokningar är tolv månader.",
    dataSubjectRights: "Du har rätt till rättelse och rätt till radering.",
    withdrawConsent: "Du kan när som helst återkalla ditt samtycke.",
    complaintToAuthority: "Du kan lämna klagomål till Integritetsskyddsmyndigheten.",
    cookies: "Vi använder nödvändiga kakor. Kakorna sparar dina val.",
    automatedDecisions: "Vi använder inte automatiserat beslutsfattande.",
  },
};

/** Ordinary site text in each language: none of it is a disclosure. */
const NOT_A_POLICY: Record<string, string> = {
  en: "Welcome to our shop. We sell camping chairs, enamel mugs and wool blankets. Free shipping on orders over $50. Contact our team.",
  de: "Willkommen in unserer Gärtnerei. Stauden, Kräuter und Obstgehölze aus eigener Anzucht. Versand in ganz Deutschland.",
  fr: "Bienvenue à la fromagerie. Comté, saint-marcellin et tommes de Savoie affinés dans nos caves. Livraison à Lyon.",
  es: "Bienvenido a la librería. Novela, ensayo y libros infantiles. Encargamos cualquier título en 48 horas.",
  it: "Benvenuti in trattoria. Ribollita, pappardelle al cinghiale e bistecca alla fiorentina. Prenotazione consigliata.",
  nl: "Welkom bij onze fietsenwinkel. Stadsfietsen, e-bikes en bakfietsen. Reparatie terwijl u wacht.",
  pt: "Bem-vindo à padaria. Pão de Mafra, broa de milho e pastéis de nata acabados de sair do forno.",
  pl: "Witamy w kwiaciarni. Świeże kwiaty z dostawą na terenie Krakowa tego samego dnia.",
  sv: "Välkommen till caféet. Kanelbullar, kardemummabullar och smörgåsar på surdeg. Öppet alla dagar.",
};

let vocabulary: PolicyVocabulary;
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
});

const allTrue = Object.fromEntries(DISCLOSURE_KEYS.map((key) => [key, true]));

describe.each(Object.keys(SENTENCES))("the disclosure checklist in %s", (language) => {
  const sentences = SENTENCES[language]!;

  it("observes every disclosure of a complete policy", () => {
    expect(checkDisclosures(Object.values(sentences).join("\n"), vocabulary)).toEqual(allTrue);
  });

  it.each(DISCLOSURE_KEYS)("does not observe %s when its sentence is missing, and still observes the others", (missing) => {
    const text = DISCLOSURE_KEYS.filter((key) => key !== missing)
      .map((key) => sentences[key])
      .join("\n");
    expect(checkDisclosures(text, vocabulary)).toEqual({ ...allTrue, [missing]: false });
  });

  it("observes nothing in ordinary site text", () => {
    expect(Object.values(checkDisclosures(NOT_A_POLICY[language]!, vocabulary)).some(Boolean)).toBe(false);
  });
});

describe("the disclosure checklist", () => {
  it("needs a way to contact the controller, an e-mail address or a contact route", () => {
    expect(checkDisclosures("Prairie Goods Inc. is the data controller.", vocabulary).controllerContact).toBe(false);
    expect(
      checkDisclosures("Prairie Goods Inc. is the data controller: privacy(at)prairie-goods.test.", vocabulary).controllerContact,
    ).toBe(true);
  });

  it("needs more than a passing mention of cookies for a cookies section", () => {
    expect(checkDisclosures("See our cookie banner.", vocabulary).cookies).toBe(false);
  });

  it("reads typographic apostrophes, ligatures and line breaks as the plain text", () => {
    const text = "Vous disposez d’un droit\n d’accès. Vous pouvez reti\uFB02er"; // "ﬂ" ligature, curly apostrophes
    expect(checkDisclosures(text, vocabulary).dataSubjectRights).toBe(true);
  });
});

/**
 * What consent-banner buttons say, per kind, in the languages of the EU/EEA markets the scanner is used in
 * most (en, de, fr, es, it, nl, pt, pl, sv, da, no, fi). Patterns run on labels cleaned by
 * `cleanButtonLabel` (lower case, no apostrophes, punctuation as spaces), so `J'accepte` is `jaccepte`.
 * autoconsent keeps a larger list of this kind, but its package does not export it; this one is small on
 * purpose and tested label by label. Kinds are tried in order: reject first, because "accept only
 * necessary" is a refusal, then settings, accept, acknowledge.
 */
export const CONSENT_BUTTON_VOCABULARY = {
  /** Labels that buy or subscribe ("Reject and subscribe", "Accept or pay") are not consent choices. */
  never: [/\b(pay|subscribe|abonn\p{L}*|abbona\p{L}*|suscrib\p{L}*|subskryb\p{L}*|zahlen|payer|pagar|pagare|betala|betalen)\b/u],
  reject: [
    // en
    /\b(reject|decline|deny|refuse|disagree)\b/,
    /\b(do not|dont) (accept|agree|consent|allow)\b/,
    /\b(only|just) (strictly )?(necessary|essential|required|functional)\b/,
    /\b(strictly )?(necessary|essential|required|functional) (cookies )?only\b/,
    /\bcontinue without (accepting|agreeing|consent|cookies)\b/,
    /^no( thanks| thank you)?$/,
    /^opt out$|\bdo not sell\b|\bopt out of\b/,
    /\b(disallow|block all|no consent|i do not agree|object to all)\b/,
    // de
    /ablehn|verweiger|\blehne\b.*\bab\b|\bnicht (zustimmen|einverstanden|akzeptieren|erlauben)\b/,
    /\bnur (technisch )?(notwendig|essenziell|essentiell|erforderlich|funktional)/,
    /\b(weiter|fortfahren) ohne\b|\bohne (einwilligung|zustimmung)\b/,
    // tarteaucitron's "Verbiete alle Cookies", TCF dialogs' "Nicht einwilligen"
    /verbiet|untersag|\bnicht einwilligen\b|\bkeine einwilligung\b|^nein danke$/,
    // fr
    /(^| )(refus|rejet|déclin|declin|interdi)/,
    /\bsans accepter\b|\bne pas accepter\b|\bjaccepte pas\b/,
    /\b(uniquement|seulement) (les )?(cookies )?(nécessaires|necessaires|essentiels|indispensables|techniques|strictement)/,
    /\b(nécessaires|necessaires|essentiels) uniquement\b/,
    /\bne pas (autoriser|consentir)\b|\bje ne consens pas\b|^non merci$/,
    // es
    /(^| )(rechaz|recház|deneg|declin)/,
    /\b(solo|sólo|únicamente|unicamente) (las |los )?(cookies )?(estrictamente )?(necesari|esencial|técnic|tecnic)/,
    /\bcontinuar sin aceptar\b|^no acepto\b/,
    /^no (consiento|consentir|permitir|aceptar)\b|^no gracias$/,
    // it
    /(^| )(rifiut|nega )/,
    /\b(solo|soltanto|unicamente) (i )?(cookie )?(strettamente )?(necessari|tecnici|essenziali)/,
    /\bcontinua senza accettare\b|\bnon accetto\b/,
    // tarteaucitron's "Blocca"; TCF dialogs' "Non acconsento"
    /^blocca|\bnon (acconsento|consento|accettare)\b|^no grazie$/,
    // nl
    /weiger|afwijz|verwerp|\bwijs\b.*\baf\b/,
    /\b(alleen|enkel|uitsluitend) (de )?(strikt )?(noodzakelijk|functione|essenti)/,
    /\bniet (akkoord|accepteren)\b|\bdoorgaan zonder\b/,
    /\bgeen toestemming\b|^nee bedankt$/,
    // pt
    /(^| )(rejeit|recus|negar\b)/,
    /\b(apenas|somente|só) (os )?(cookies )?(estritamente )?(necessários|necessarios|essenciais)/,
    /\bcontinuar sem aceitar\b|\bnão aceito\b/,
    /proíb|proib|\bnão (consinto|consentir|aceitar|permitir|autorizar)\b|^não obrigado$/,
    // pl
    /odrzu|odmaw|odmów|rezygnuj/,
    /\btylko (bezwzględnie )?(niezbędn|wymagan|konieczn)/,
    /\bnie (akceptuj|zgadzam)|\bkontynuuj bez\b/,
    /zablokuj|\bnie wyrażam zgody\b/,
    // sv, da, no
    /(^| )(avvisa|avböj|neka|afvis|avvis|afslå|avslå)/,
    /\b(bara|endast|enbart|kun|bare) (strikt )?(nödvändig|nødvendig|påkrævede)/,
    /\bfortsätt utan\b|\btillåt inte\b/,
    /(^| )(förneka|nekt|nej tak|nei takk)|\b(samtycker|accepterer|aksepterer) inte?\b|\bikke (tillat|tillad|accepter|godta)\b|\b(accepter|aksepter|godta) ikke\b/,
    // fi
    /kiellä|hylkää|\bälä (hyväksy|salli)\b|\bvain (välttämättömät|pakolliset)\b|^ei kiitos$/,
  ],
  settings: [
    // Saving a selection belongs to the second layer; it is not "open the settings".
    /^(?!.*\b(save|confirm|submit|speichern|bestätigen|enregistrer|guardar|salva|opslaan|salvar|zapisz|spara|gem|lagre)\b).*\b(settings?|preferences?|options|customi[sz]e|manage|configure|personali[sz]e|let me choose|choose|more choices|cookie details)\b/,
    /einstellung|anpass|verwalt|konfigur|präferenz|optionen|individuell/,
    /paramètr|paramétr|parametr|personnalis|préférences|preferences|gérer|réglages|je choisis|\bchoisir\b/,
    /configur|personaliz|preferencias|gestionar|administrar|ajustes|opciones/,
    /impostazioni|personalizza|preferenze|gestisci|opzioni/,
    /instelling|aanpass|voorkeur|beheren|opties|zelf instellen/,
    /preferências|preferencias|gerir|gerenciar|definições|opções/,
    /ustawie|dostosuj|preferencj|zarządzaj|opcje|skonfiguruj|szczegół/,
    /inställning|anpassa|hantera|preferenser|indstilling|innstilling|tilpas|administrer/,
    // tarteaucitron's "Personalisieren", "Personaliseer", "Personalizacja", "Personifiera", "Personoi"
    /personalisier|personaliseer|personalizacj|personifiera|^personaliser$|personoi|asetukset|mukauta|\bhallinnoi\b/,
  ],
  accept: [
    // en
    /\b(accept|agree|allow|consent|enable)\b/,
    /^(yes|yes please|im ok with that|sounds good)$/,
    /^continue (and accept|with (all |recommended )?cookies)$/,
    // de
    /akzeptier|annehmen|zustimm|stimme zu|zulassen|erlaub|einverstanden|einwillig/,
    // fr
    /accept|autoriser|\bdaccord\b|\bok pour moi\b/,
    // es
    /acept|permitir|consentir|de acuerdo/,
    // it
    /accett|consenti|acconsento/,
    // nl
    /accepteer|akkoord|toestaan|aanvaard|\bsta\b.*\btoe\b|\btoestemming geven\b|\bgeef toestemming\b/,
    // pt
    /aceit|concordo|autorizar|consinto|consentir|permit/,
    // pl
    /akceptuj|zgadzam|\bzgoda\b|zezwól|wyrażam zgodę/,
    // sv, da, no
    /godkänn|acceptera|tillåt|samtyck|godta|tillad|tillat/,
    /aksepter|accepter|\bja tak\b|\bja takk\b/,
    // fi
    /hyväksy|\bsalli\b|\bsuostun\b/,
  ],
  acknowledge: [
    /^(ok|okay|okey|oké|thats ok|thats fine|got it|ok got it|i understand|understood|close|dismiss|continue|fine)$/,
    /^(verstanden|alles klar|in ordnung|schließen|schliessen|hinweis schließen|weiter)$/,
    /^(compris|jai compris|fermer|continuer)$/,
    /^(entendido|vale|cerrar|continuar)$/,
    /^(ho capito|capito|chiudi|continua)$/,
    /^(begrepen|sluiten|ik begrijp het|doorgaan)$/,
    /^(entendi|percebi|fechar)$/,
    /^(rozumiem|zamknij|dalej)$/,
    /^(jag förstår|förstått|stäng|fortsätt|forstået|lukk|luk)$/,
    /^(selvä|ymmärrän|sulje|jatka)$/,
  ],
} as const;

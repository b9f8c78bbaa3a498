import { franc } from "franc-min";

/** ISO 639-3 -> ISO 639-1 for the languages franc-min knows that have a two-letter code. */
const TWO_LETTER: Readonly<Record<string, string>> = {
  eng: "en",
  deu: "de",
  fra: "fr",
  spa: "es",
  ita: "it",
  nld: "nl",
  por: "pt",
  pol: "pl",
  swe: "sv",
  dan: "da",
  nob: "nb",
  nno: "nn",
  fin: "fi",
  ces: "cs",
  slk: "sk",
  slv: "sl",
  hrv: "hr",
  srp: "sr",
  bos: "bs",
  hun: "hu",
  ron: "ro",
  bul: "bg",
  ell: "el",
  rus: "ru",
  ukr: "uk",
  bel: "be",
  lit: "lt",
  lav: "lv",
  est: "et",
  tur: "tr",
  ara: "ar",
  heb: "he",
  fas: "fa",
  hin: "hi",
  ben: "bn",
  urd: "ur",
  cmn: "zh",
  jpn: "ja",
  kor: "ko",
  vie: "vi",
  tha: "th",
  ind: "id",
  zsm: "ms",
  tgl: "tl",
  swh: "sw",
  cat: "ca",
  glg: "gl",
  eus: "eu",
  afr: "af",
  sqi: "sq",
  mkd: "mk",
  hye: "hy",
  kat: "ka",
  aze: "az",
  kaz: "kk",
  uzb: "uz",
  tam: "ta",
  tel: "te",
  mar: "mr",
  guj: "gu",
  kan: "kn",
  mal: "ml",
  pan: "pa",
  nep: "ne",
  sin: "si",
  amh: "am",
  hau: "ha",
  yor: "yo",
  ibo: "ig",
  som: "so",
  zul: "zu",
  xho: "xh",
  mya: "my",
  khm: "km",
  lao: "lo",
  mon: "mn",
};

/** franc reads at most this many characters; a slice from the middle of a page skips navigation and cookie notices. */
const SAMPLE = 2000;

/**
 * The language of a text (franc-min's trigram models), as an ISO 639-1 code where one exists, else the
 * ISO 639-3 code; null when the text is too short or franc cannot tell (`und`).
 */
export function detectLanguage(text: string): string | null {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length < 40) return null;
  const start = clean.length > SAMPLE * 2 ? Math.floor((clean.length - SAMPLE) / 2) : 0;
  const code = franc(clean.slice(start, start + SAMPLE), { minLength: 40 });
  if (code === "und") return null;
  return TWO_LETTER[code] ?? (/^[a-z]{3}$/.test(code) ? code : null);
}

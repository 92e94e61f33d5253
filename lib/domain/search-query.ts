import { COUNTRIES } from "./countries";
import { CURRENCIES, UNITS } from "./reference";

// A catalogue search as typed, read into terms: each word with what else it may mean (a country's
// ISO codes and common names, a currency or unit by code or name). Pure: lib/db/catalogue turns the
// terms into SQL.

export type SearchTerm = {
  /** What the user typed (lower case): matched as a substring of the search text. */
  word: string;
  /** Other texts that satisfy the term (e.g. "united states" for "usa"), also substrings. */
  texts: string[];
  /** Native currencies this word names ("usd", "dollar" → USD). */
  currencies: string[];
  /** Native units this word names ("mmbtu", "barrel" → Bbl). */
  units: string[];
};

const ISO3: Record<string, string> = {
  US: "usa",
  AU: "aus",
  BE: "bel",
  BR: "bra",
  FI: "fin",
  CL: "chl",
  CN: "chn",
  CO: "col",
  CZ: "cze",
  ID: "idn",
  FR: "fra",
  DE: "deu",
  HU: "hun",
  IN: "ind",
  NO: "nor",
  IT: "ita",
  JP: "jpn",
  MX: "mex",
  NL: "nld",
  SG: "sgp",
  PH: "phl",
  PL: "pol",
  RU: "rus",
  SA: "sau",
  TW: "twn",
  ZA: "zaf",
  KR: "kor",
  ES: "esp",
  SE: "swe",
  TH: "tha",
  TR: "tur",
  GB: "gbr",
  CA: "can",
};
const COUNTRY_NAMES: Record<string, string[]> = {
  "united states": ["america", "united states of america", "u.s.", "u.s.a.", "states"],
  "united kingdom": ["uk", "u.k.", "britain", "great britain", "england", "scotland"],
  netherlands: ["holland", "the netherlands", "nederland"],
  "czech republic": ["czechia"],
  germany: ["deutschland"],
  "south korea": ["korea"],
  turkey: ["türkiye", "turkiye"],
  spain: ["españa", "espana"],
};
const CURRENCY_NAMES: Record<string, string[]> = {
  USD: ["dollar", "dollars", "us dollar", "$"],
  "USD cent": ["cent", "cents", "usd cent"],
  EUR: ["euro", "euros", "€"],
  GBP: ["pound sterling", "sterling", "£", "pound"],
  JPY: ["yen", "¥"],
  CNY: ["yuan", "rmb", "renminbi"],
};
const UNIT_NAMES: Record<string, string[]> = {
  mt: ["tonne", "tonnes", "ton", "tons", "metric ton", "t"],
  MMBtu: ["btu", "mmbtus"],
  Bbl: ["barrel", "barrels", "bbls"],
  gal: ["gallon", "gallons"],
  l: ["litre", "liter", "litres", "liters"],
  lb: ["pound", "pounds", "lbs"],
  "t oz": ["ounce", "ounces", "oz", "troy ounce"],
  m3: ["cubic meter", "cubic metre"],
  Nm3: ["normal cubic meter", "normal cubic metre"],
};

type Meaning = { texts: string[]; currencies: string[]; units: string[] };
const ALIASES = new Map<string, Meaning>();
const meaning = (key: string) => {
  const k = key.toLowerCase();
  let m = ALIASES.get(k);
  if (!m) {
    m = { texts: [], currencies: [], units: [] };
    ALIASES.set(k, m);
  }
  return m;
};
const addOnce = (list: string[], v: string) => {
  if (!list.includes(v)) list.push(v);
};
for (const c of COUNTRIES) {
  const name = c.name.toLowerCase();
  for (const alias of [c.iso2, ISO3[c.iso2] ?? "", ...(COUNTRY_NAMES[name] ?? [])].filter(Boolean))
    addOnce(meaning(alias).texts, name);
}
for (const c of CURRENCIES)
  for (const alias of [c.short, c.name, ...(CURRENCY_NAMES[c.short] ?? [])])
    addOnce(meaning(alias).currencies, c.short);
for (const u of UNITS)
  for (const alias of [u.short, u.name, ...(UNIT_NAMES[u.short] ?? [])])
    addOnce(meaning(alias).units, u.short);

/** Aliases of more than one word, longest first: read as one term when typed together. */
const PHRASES = [...ALIASES.keys()].filter((k) => k.includes(" ")).sort((a, b) => b.length - a.length);

const MAX_TERMS = 8;

/** "natural gas USA" → [natural, gas, usa (= united states)]. At most 8 terms. */
export function parseSearch(q: string | undefined): SearchTerm[] {
  let rest = ` ${(q ?? "").toLowerCase().replace(/\s+/g, " ").trim()} `;
  const words: string[] = [];
  for (const phrase of PHRASES) {
    const at = rest.indexOf(` ${phrase} `);
    if (at < 0) continue;
    words.push(phrase);
    rest = `${rest.slice(0, at)} ${rest.slice(at + phrase.length + 1)}`;
  }
  words.push(...rest.split(" ").filter(Boolean));
  const seen = new Set<string>();
  return words
    .filter((w) => !seen.has(w) && seen.add(w))
    .slice(0, MAX_TERMS)
    .map((word) => {
      const m = ALIASES.get(word) ?? ALIASES.get(word.replace(/[.,;:]+$/, ""));
      return {
        word,
        texts: (m?.texts ?? []).filter((t) => t !== word),
        currencies: m?.currencies ?? [],
        units: m?.units ?? [],
      };
    });
}

/** Words worth a typo-tolerant match: long enough for trigrams to mean something, not a code. */
export function typoCandidate(term: SearchTerm): boolean {
  return term.word.length >= 5 && /^\p{L}+$/u.test(term.word) && !term.texts.length;
}

// Readers of the vendor's free text. The specification fixes none of these wordings (kinds, the
// reference country of a location factor, discontinuation and replacement remarks), so each reader
// fails soft: what it cannot read it leaves empty (null), says so (`recognised: false`), and the
// caller keeps and shows the raw text. Decisions that the spec does let us make from structured
// fields (whether currency/unit conversion applies) are made from those fields, never from words.
import { CODE_PATTERN } from "./codes";
import { countryByName } from "./countries";
import type { AssessmentKind, ServiceName } from "./services";

const NONE = /^\s*(n\/?a|none|-)?\s*$/i;

/** A comma-separated list as the vendor sends it, with `N/A` (or nothing) meaning none. */
export function listIsEmpty(list: readonly string[]): boolean {
  return list.every((v) => NONE.test(v));
}

/**
 * The kind of an assessment. Energy prices are one kind; in Industry Economics, utilities are the
 * kind that has currencies or units to convert to (spec rule 4), and cost indices and location
 * factors are told apart by their commodity wording, then by their unit. What cannot be told is
 * `unknown`: the series is still listed and loaded, only the kind-specific tools leave it out.
 */
export function readKind(
  service: ServiceName,
  fields: {
    commodity: string;
    assessment: string;
    defaultUnit: string;
    availableCurrencies: readonly string[];
    availableUnits: readonly string[];
  },
): { kind: AssessmentKind; recognised: boolean } {
  if (service === "energy_price") return { kind: "energy", recognised: true };
  // The structured fields first: only utilities offer currencies or units to convert to.
  if (!listIsEmpty(fields.availableCurrencies) || !listIsEmpty(fields.availableUnits))
    return { kind: "utility", recognised: true };
  const words = `${fields.commodity} ${fields.assessment}`;
  if (/location\s+factor|relocation\s+factor/i.test(words))
    return { kind: "location_factor", recognised: true };
  if (/cost\s+ind(ex|ices)|construction\s+cost|cost\s+escalation|capital\s+cost/i.test(words))
    return { kind: "cost_index", recognised: true };
  if (/^factor$/i.test(fields.defaultUnit.trim())) return { kind: "location_factor", recognised: true };
  if (/^index/i.test(fields.defaultUnit.trim())) return { kind: "cost_index", recognised: true };
  return { kind: "unknown", recognised: false };
}

/**
 * Whether a currency or unit can be requested for this assessment: the spec says c and u apply to
 * utilities and energy prices; the vendor's own lists say which exist (`N/A` lists: none).
 */
export function conversionOffered(
  kind: AssessmentKind,
  availableCurrencies: readonly string[],
  availableUnits: readonly string[],
): boolean {
  if (kind === "cost_index" || kind === "location_factor") return false;
  return !listIsEmpty(availableCurrencies) || !listIsEmpty(availableUnits);
}

const REFERENCE_PATTERNS = [
  /relative\s+to\s+(?:the\s+)?([A-Za-z .'-]+?)\s*(?:=|\(|,|$)/i,
  /base(?:\s+(?:location|country))?\s*[:=]\s*(?:the\s+)?([A-Za-z .'-]+?)\s*(?:=|\(|,|$)/i,
  /(?:vs\.?|versus|against)\s+(?:the\s+)?([A-Za-z .'-]+?)\s*(?:=|\(|,|$)/i,
  /([A-Za-z .'-]+?)\s*=\s*1(?:\.0+)?\b/i,
];

/**
 * The reference country of a location factor, from its `details` (or assessment) text, only when
 * the text names one of the covered countries; otherwise null (the caller shows the raw text).
 */
export function readReferenceCountry(...texts: (string | null | undefined)[]): string | null {
  for (const text of texts) {
    if (!text) continue;
    for (const pattern of REFERENCE_PATTERNS) {
      const name = pattern.exec(text)?.[1]?.trim();
      const country = name ? countryByName(name) : undefined;
      if (country) return country.name;
    }
  }
  return null;
}

export type LifecycleRemark = {
  /** the remark says the series is discontinued (null: the remark does not say either way) */
  discontinued: boolean;
  /** this series is replaced by that code */
  replacedBy: string | null;
  /** this series replaces (continues) that code */
  replaces: string | null;
  /** false when the remark names another code in words no reader here understands */
  recognised: boolean;
};

const CODE_IN_TEXT = /\b\d{1,9}-\d{1,9}-\d{1,9}\b/g;
const DISCONTINUED =
  /discontinu|ceased|no longer (?:published|maintained|updated|assessed|available)|terminated|withdrawn|retired|superseded by|replaced by/i;
const BACKWARD =
  /\b(?:replaces|replacing|replacement for|continues|continuation of|supersedes|successor (?:of|to)|formerly|previously|predecessor)\b/i;

/**
 * Reads a lifecycle remark (`remark_2`). Codes are found by their shape; which way a named code
 * points is read from the words just before it. A code in words that say neither way is left
 * unread (`recognised: false`), never guessed.
 */
export function readLifecycleRemark(remark: string | null | undefined, ownCode: string): LifecycleRemark {
  const text = remark ?? "";
  const discontinued = DISCONTINUED.test(text);
  const codes = [...text.matchAll(CODE_IN_TEXT)].filter((m) => m[0] !== ownCode && CODE_PATTERN.test(m[0]));
  let replacedBy: string | null = null;
  let replaces: string | null = null;
  let unread = false;
  let from = 0;
  for (const match of codes) {
    const before = text.slice(from, match.index);
    from = (match.index ?? 0) + match[0].length;
    if (BACKWARD.test(before)) replaces ??= match[0];
    // A forward link only from a series the remark says is discontinued ("see also …" is no link).
    else if (discontinued) replacedBy ??= match[0];
    else unread = true;
  }
  return { discontinued, replacedBy, replaces, recognised: !unread };
}

import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { SearchTerm } from "@/lib/domain/search-query";
import { prisma } from "./client";

// The search half of a catalogue query: which assessments a search matches, and how well.
// A term matches its word (or an alias's text) anywhere in the trigram-indexed search text, or the
// native currency or unit it names; a long word found nowhere is taken for a typo of the most
// similar catalogue words (pg_trgm). Relevance: where the words occur (commodity first, then
// country, place and name).

/** A word as a LIKE pattern's literal part: `%` and `_` in it are not wildcards. */
export const likeLiteral = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => Prisma.sql`"searchText" LIKE ${`%${likeLiteral(text)}%`}`;

/**
 * What a long word found nowhere probably meant: the words of commodities, countries, places and
 * products most similar to it (trigram similarity), e.g. electrcity → electricity. Empty when the
 * word occurs as typed.
 */
export async function typoCorrections(word: string): Promise<{ words: string[] }> {
  const [found] = await prisma().$queryRaw<{ found: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM "Assessment" WHERE ${contains(word)}) AS found`,
  );
  if (found?.found) return { words: [] };
  const near = await prisma().$queryRaw<{ word: string; score: number }[]>(Prisma.sql`
    WITH vocabulary AS (
      SELECT DISTINCT regexp_split_to_table(lower(v), '[^[:alnum:]]+') AS word FROM (
        SELECT "commodity" AS v FROM "Assessment" UNION SELECT "coverage" FROM "Assessment"
        UNION SELECT "location" FROM "Assessment" UNION SELECT "product" FROM "Assessment") names)
    SELECT word, similarity(word, ${word})::float8 AS score FROM vocabulary
    WHERE length(word) >= 3 AND similarity(word, ${word}) >= ${TYPO_SIMILARITY}
    ORDER BY score DESC, word LIMIT 3`);
  const best = near[0]?.score ?? 0;
  return { words: near.filter((n) => n.score >= best - 0.05).map((n) => n.word) };
}

/** How alike (pg_trgm similarity) a catalogue word must be to stand in for a typo. */
const TYPO_SIMILARITY = 0.4;

function termSql(term: SearchTerm): Prisma.Sql {
  const parts = [term.word, ...term.texts].map(contains);
  if (term.currencies.length) parts.push(Prisma.sql`"defaultCurrency" = ANY(${term.currencies}::text[])`);
  if (term.units.length) parts.push(Prisma.sql`"defaultUnit" = ANY(${term.units}::text[])`);
  return Prisma.sql`(${Prisma.join(parts, " OR ")})`;
}

/** Every term must match. */
export function matchSql(terms: SearchTerm[]): Prisma.Sql {
  const parts = terms.map(termSql);
  return parts.length ? Prisma.join(parts, " AND ") : Prisma.sql`TRUE`;
}

/** 1 when any of the texts occurs in the (lower-cased) column (as a whole word: between spaces). */
function anyIn(column: string, texts: string[], whole = false): Prisma.Sql {
  const col = Prisma.raw(whole ? `' ' || lower("${column}") || ' '` : `lower("${column}")`);
  const tests = texts.map(
    (t) => Prisma.sql`${col} LIKE ${whole ? `% ${likeLiteral(t)} %` : `%${likeLiteral(t)}%`}`,
  );
  return Prisma.sql`(CASE WHEN ${Prisma.join(tests, " OR ")} THEN 1 ELSE 0 END)`;
}

/**
 * Relevance of a row to the terms, higher is better: where each term's texts occur (as a whole word
 * of the commodity counts most, then in the commodity, the country, the place, the name). A few
 * LIKEs on short columns per row, so ranking thousands of matches stays within milliseconds.
 */
export function rankSql(terms: SearchTerm[]): Prisma.Sql {
  const scores = terms.map((t) => {
    const texts = [t.word, ...t.texts];
    return Prisma.sql`(2 * ${anyIn("commodity", texts, true)} + 1.5 * ${anyIn("commodity", texts)}
      + 1.5 * ${anyIn("coverage", texts)} + ${anyIn("location", texts)} + 0.5 * ${anyIn("assessment", texts)})`;
  });
  return Prisma.sql`(${Prisma.join(scores, " + ")})`;
}

// Fuzzy-ish matching for the command palette: every query word must appear in order (letters may be spread out);
// whole-word and prefix hits rank above scattered letters, and titles rank above keywords.

export interface Matchable {
  title: string;
  keywords?: string;
}

const WORD_START_BONUS = 8;
const CONSECUTIVE_BONUS = 5;
const GAP_PENALTY = 1;

function isWordStart(text: string, index: number): boolean {
  if (index === 0) return true;
  return /[\s\-_./:“”"'()]/.test(text[index - 1]);
}

/** Score of one query word against one text; null when the letters do not all appear in order. */
export function scoreWord(word: string, text: string): number | null {
  const needle = word.toLowerCase();
  const haystack = text.toLowerCase();
  if (needle === '') return 0;

  const at = haystack.indexOf(needle);
  if (at !== -1) {
    // A contiguous hit: best at the very start, then at a word start, then anywhere.
    const base = 100 + needle.length * 10;
    if (at === 0) return base + 50;
    return isWordStart(haystack, at) ? base + 30 : base;
  }

  let score = 0;
  let from = 0;
  let previous = -2;
  for (const char of needle) {
    const index = haystack.indexOf(char, from);
    if (index === -1) return null;
    score += 1;
    if (index === previous + 1) score += CONSECUTIVE_BONUS;
    if (isWordStart(haystack, index)) score += WORD_START_BONUS;
    if (previous >= 0) score -= Math.min(index - previous - 1, 10) * GAP_PENALTY;
    previous = index;
    from = index + 1;
  }
  return score;
}

/** Score of a whole query against an item; null when some word matches neither title nor keywords. */
export function scoreItem(query: string, item: Matchable): number | null {
  const words = query.trim().split(/\s+/).filter(Boolean);
  let total = 0;
  for (const word of words) {
    const inTitle = scoreWord(word, item.title);
    // Keywords match only as whole substrings (scattered letters across a long keyword list match almost anything),
    // and count for less: "jobs" should rank the Jobs view above a view merely tagged with "jobs".
    const inKeywords = item.keywords && item.keywords.toLowerCase().includes(word.toLowerCase()) ? scoreWord(word, item.keywords) : null;
    const best = Math.max(inTitle ?? -Infinity, inKeywords === null ? -Infinity : inKeywords / 2);
    if (best === -Infinity) return null;
    total += best;
  }
  return total;
}

/** Items matching the query, best first; ties keep their original order. An empty query keeps everything. */
export function rankItems<T extends Matchable>(query: string, items: readonly T[]): T[] {
  if (query.trim() === '') return [...items];
  return items
    .map((item, index) => ({ item, index, score: scoreItem(query, item) }))
    .filter((entry): entry is { item: T; index: number; score: number } => entry.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.item);
}

// Bulk edit: pasted `KEY=value` lines become table rows, each checked on its own, and the host's answer is
// folded back per row so the result says exactly which rows were applied and which failed (issue 5 §4).
import type { VariableCategory, VariableFields } from '../../../../../main/contract';
import { keyProblem, valueProblem } from './rules';

export interface BulkRow {
  /** 1-based line of the paste, so messages point at what the person typed. */
  line: number;
  key: string;
  value: string;
  /** Why this row cannot be sent; null when it can. */
  problem: string | null;
}

export interface BulkOptions {
  category: VariableCategory;
  hcl: boolean;
  sensitive: boolean;
}

export type RowOutcome =
  | { state: 'created' | 'updated'; message?: undefined }
  | { state: 'failed'; message: string }
  | { state: 'skipped'; message: string };

/** Strips one pair of matching surrounding quotes, as .env files write values with spaces. */
function unquote(value: string): string {
  if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) {
    const inner = value.slice(1, -1);
    return value[0] === '"' ? inner.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\') : inner;
  }
  return value;
}

/** One pasted line as a row; blank lines and `#` comments give nothing. `export KEY=v` is accepted. */
export function parseLine(text: string, line: number): BulkRow | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  const body = trimmed.replace(/^export\s+/, '');
  const eq = body.indexOf('=');
  if (eq === -1) return { line, key: body, value: '', problem: `Line ${line} has no "=": write it as KEY=value.` };
  return { line, key: body.slice(0, eq).trim(), value: unquote(body.slice(eq + 1).trim()), problem: null };
}

export function parsePaste(text: string): BulkRow[] {
  const rows: BulkRow[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const row = parseLine(raw, index + 1);
    if (row) rows.push(row);
  });
  return rows;
}

/** Checks every row (key rules for the category, size, duplicates in the paste); returns new rows. */
export function checkRows(rows: readonly BulkRow[], category: VariableCategory): BulkRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    // A missing "=" stays the row's problem until the person edits the row.
    if (row.problem?.includes('has no "="')) return row;
    const problem = keyProblem(row.key, category) ?? valueProblem(row.value);
    if (problem) return { ...row, problem: `Line ${row.line}: ${problem}` };
    const first = firstLine.get(row.key);
    if (first !== undefined) return { ...row, problem: `Line ${row.line}: ${row.key} is already set on line ${first}; remove one of them.` };
    firstLine.set(row.key, row.line);
    return { ...row, problem: null };
  });
}

/** The rows to send: only those without a problem, with the options applied to each. */
export function rowsToSend(rows: readonly BulkRow[], options: BulkOptions): { sent: BulkRow[]; fields: VariableFields[] } {
  const sent = rows.filter((row) => row.problem === null);
  const fields = sent.map((row) => ({ key: row.key, value: row.value, category: options.category, hcl: options.hcl, sensitive: options.sensitive }));
  return { sent, fields };
}

type HostRowResult = { key: string; ok: boolean; action?: 'created' | 'updated'; message?: string };

/** Per pasted line: what became of it. Rows not sent are `skipped` with their problem. */
export function outcomes(rows: readonly BulkRow[], sent: readonly BulkRow[], results: readonly HostRowResult[]): Map<number, RowOutcome> {
  const byLine = new Map<number, RowOutcome>();
  for (const row of rows) if (row.problem !== null) byLine.set(row.line, { state: 'skipped', message: `Not applied: ${row.problem}` });
  sent.forEach((row, index) => {
    const result = results[index];
    if (!result) byLine.set(row.line, { state: 'failed', message: 'No answer came back for this row; reload the list to see whether it was applied.' });
    else if (result.ok) byLine.set(row.line, { state: result.action ?? 'updated' });
    // The host numbers rows among those sent; say the pasted line instead.
    else byLine.set(row.line, { state: 'failed', message: (result.message ?? 'Failed.').replace(/^Row \d+: /, `Line ${row.line}: `) });
  });
  return byLine;
}

/** "3 applied (2 created, 1 updated) · 2 failed: lines 4, 7" */
export function summarize(results: Map<number, RowOutcome>): { applied: number[]; failed: number[]; text: string } {
  const applied: number[] = [];
  const failed: number[] = [];
  let created = 0;
  let updated = 0;
  for (const [line, outcome] of [...results.entries()].sort(([a], [b]) => a - b)) {
    if (outcome.state === 'created' || outcome.state === 'updated') {
      applied.push(line);
      if (outcome.state === 'created') created++;
      else updated++;
    } else failed.push(line);
  }
  const appliedText = `${applied.length} applied (${created} created, ${updated} updated)${applied.length ? `: line${applied.length > 1 ? 's' : ''} ${applied.join(', ')}` : ''}`;
  const failedText = failed.length ? ` · ${failed.length} not applied: line${failed.length > 1 ? 's' : ''} ${failed.join(', ')}` : '';
  return { applied, failed, text: appliedText + failedText };
}

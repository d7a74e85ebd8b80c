// A small parser for the job definition language (HCL2 syntax): blocks with labels, attributes, strings with
// escapes and ${...} kept verbatim, heredocs, numbers, booleans, lists and objects, and #, // and /* */ comments.
// Diagnostics read like HCL's: "input.hcl:LINE,COL-COL: Summary; Detail".

export type HclValue = string | number | boolean | null | HclValue[] | { [key: string]: HclValue };

export interface HclAttribute {
  kind: 'attribute';
  name: string;
  value: HclValue;
  line: number;
  col: number;
}

export interface HclBlock {
  kind: 'block';
  type: string;
  labels: string[];
  body: HclItem[];
  line: number;
  col: number;
}

export type HclItem = HclAttribute | HclBlock;

export class HclError extends Error {
  constructor(readonly line: number, col: number, summary: string, detail: string) {
    super(`input.hcl:${line},${col}-${col + 1}: ${summary}; ${detail}`);
  }
}

interface Tok {
  type: 'ident' | 'string' | 'number' | 'punct' | 'newline' | 'eof';
  text: string;
  value?: HclValue;
  line: number;
  col: number;
}

function lex(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const col = (): number => i - lineStart + 1;
  const push = (type: Tok['type'], text: string, value?: HclValue, at = { line, col: col() }): void => {
    toks.push({ type, text, value, line: at.line, col: at.col });
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') {
      push('newline', '\n');
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#' || (c === '/' && src[i + 1] === '/')) {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const at = { line, col: col() };
      const end = src.indexOf('*/', i + 2);
      if (end < 0) throw new HclError(at.line, at.col, 'Unterminated template string', 'No closing marker was found for the comment.');
      for (let j = i; j < end; j++) if (src[j] === '\n') (line++, (lineStart = j + 1));
      i = end + 2;
      continue;
    }
    if (c === '<' && src[i + 1] === '<') {
      const at = { line, col: col() };
      const m = /^<<(-?)([A-Za-z_][A-Za-z0-9_]*)[ \t]*\r?\n/.exec(src.slice(i));
      if (!m) throw new HclError(at.line, at.col, 'Invalid heredoc', 'A heredoc must be introduced by <<MARKER followed by a newline.');
      i += m[0].length;
      line++;
      lineStart = i;
      const lines: string[] = [];
      for (;;) {
        if (i >= src.length) throw new HclError(at.line, at.col, 'Unterminated template string', `No closing marker "${m[2]}" was found for the heredoc.`);
        const nl = src.indexOf('\n', i);
        const text = src.slice(i, nl < 0 ? src.length : nl);
        i = nl < 0 ? src.length : nl + 1;
        line++;
        lineStart = i;
        if (text.trim() === m[2]) break;
        lines.push(text);
      }
      let body = lines;
      if (m[1] === '-') {
        const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length));
        body = lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
      }
      push('string', 'heredoc', body.join('\n') + (body.length ? '\n' : ''), at);
      push('newline', '\n');
      continue;
    }
    if (c === '"') {
      const at = { line, col: col() };
      let j = i + 1;
      let out = '';
      let depth = 0;
      while (j < src.length) {
        const d = src[j];
        if (d === '\n' && depth === 0) throw new HclError(at.line, at.col, 'Unterminated template string', 'No closing marker was found for the string.');
        if (d === '\\' && depth === 0) {
          const e = src[j + 1];
          out += ({ n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' } as Record<string, string>)[e] ?? '\\' + e;
          j += 2;
          continue;
        }
        if (d === '$' && src[j + 1] === '{') depth++;
        else if (d === '}' && depth > 0) depth--;
        else if (d === '"' && depth === 0) break;
        out += d;
        j++;
      }
      if (j >= src.length) throw new HclError(at.line, at.col, 'Unterminated template string', 'No closing marker was found for the string.');
      i = j + 1;
      push('string', out, out, at);
      continue;
    }
    const num = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num && (c !== '-' || /\d/.test(src[i + 1] ?? ''))) {
      push('number', num[0], Number(num[0]));
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_\-.]*/.exec(src.slice(i));
    if (ident) {
      push('ident', ident[0]);
      i += ident[0].length;
      continue;
    }
    if ('{}[]=,:()'.includes(c)) {
      push('punct', c);
      i++;
      continue;
    }
    throw new HclError(line, col(), 'Invalid character', `This character is not used within the language: "${c}".`);
  }
  push('eof', '');
  return toks;
}

export function parseHcl(src: string): HclItem[] {
  const toks = lex(src);
  let p = 0;
  const peek = (): Tok => toks[p];
  const skipNewlines = (): void => {
    while (peek().type === 'newline') p++;
  };
  const isPunct = (text: string): boolean => peek().type === 'punct' && peek().text === text;

  // An attribute's value must start on its own line; inside lists and objects newlines are free.
  const value = (allowNewline = true): HclValue => {
    if (allowNewline) skipNewlines();
    const tok = peek();
    if (tok.type === 'string' || tok.type === 'number') return (p++, tok.value!);
    if (tok.type === 'ident') {
      p++;
      if (tok.text === 'true') return true;
      if (tok.text === 'false') return false;
      if (tok.text === 'null') return null;
      return '${' + tok.text + '}';
    }
    if (isPunct('[')) {
      p++;
      const items: HclValue[] = [];
      for (;;) {
        skipNewlines();
        if (isPunct(']')) return (p++, items);
        items.push(value());
        skipNewlines();
        if (isPunct(',')) p++;
        else if (!isPunct(']')) throw new HclError(peek().line, peek().col, 'Missing item separator', 'Expected a comma to mark the beginning of the next item.');
      }
    }
    if (isPunct('{')) {
      p++;
      const obj: Record<string, HclValue> = {};
      for (;;) {
        skipNewlines();
        if (isPunct('}')) return (p++, obj);
        const key = peek();
        if (key.type !== 'ident' && key.type !== 'string') throw new HclError(key.line, key.col, 'Invalid object key', 'An object key must be an identifier or a string.');
        p++;
        if (!isPunct('=') && !isPunct(':')) throw new HclError(peek().line, peek().col, 'Missing key/value separator', 'Expected an equals sign ("=") to mark the beginning of the attribute value.');
        p++;
        obj[key.type === 'string' ? String(key.value) : key.text] = value();
        if (isPunct(',')) p++;
      }
    }
    throw new HclError(tok.line, tok.col, 'Invalid expression', 'Expected the start of an expression, but found an invalid expression token.');
  };

  const body = (closing: boolean, open?: Tok): HclItem[] => {
    const items: HclItem[] = [];
    for (;;) {
      skipNewlines();
      const tok = peek();
      if (tok.type === 'eof') {
        if (closing) throw new HclError(open!.line, open!.col, 'Unclosed configuration block', 'There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.');
        return items;
      }
      if (isPunct('}')) {
        if (!closing) throw new HclError(tok.line, tok.col, 'Argument or block definition required', 'An argument or block definition is required here.');
        p++;
        return items;
      }
      if (tok.type !== 'ident') throw new HclError(tok.line, tok.col, 'Argument or block definition required', 'An argument or block definition is required here.');
      p++;
      if (isPunct('=')) {
        p++;
        const v = value(false);
        const after = peek();
        if (after.type !== 'newline' && after.type !== 'eof' && !(after.type === 'punct' && after.text === '}'))
          throw new HclError(after.line, after.col, 'Missing newline after argument', 'An argument definition must end with a newline.');
        items.push({ kind: 'attribute', name: tok.text, value: v, line: tok.line, col: tok.col });
        continue;
      }
      const labels: string[] = [];
      while (peek().type === 'string' || (peek().type === 'ident' && toks[p + 1]?.text !== '=')) {
        if (peek().type === 'ident' && !(toks[p + 1]?.type === 'punct' && toks[p + 1].text === '{') && toks[p + 1]?.type !== 'string' && toks[p + 1]?.type !== 'ident') break;
        labels.push(peek().type === 'string' ? String(peek().value) : peek().text);
        p++;
      }
      if (!isPunct('{')) throw new HclError(peek().line, peek().col, 'Invalid block definition', 'Either a quoted string block label or an opening brace ("{") is expected here.');
      const openTok = peek();
      p++;
      items.push({ kind: 'block', type: tok.text, labels, body: body(true, { ...openTok, line: tok.line, col: tok.col }), line: tok.line, col: tok.col });
    }
  };

  return body(false);
}

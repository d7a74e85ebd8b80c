// A subset of Nomad's `filter` expression language (go-bexpr): selectors (`Status`, `Meta.team`,
// `Meta["team"]`), ==, !=, contains, in, is empty, matches (and their `not` forms), and/or/not, parentheses.
// Errors read as Nomad's do: "failed to read filter expression: 1:8 (7): no match found, expected: ...".

type Value = string | number | boolean;
type Node =
  | { kind: 'and' | 'or'; left: Node; right: Node }
  | { kind: 'not'; inner: Node }
  | { kind: 'match'; op: string; selector: string[]; value?: Value; negate: boolean };

interface Tok {
  type: 'ident' | 'string' | 'number' | 'op' | 'punct' | 'end';
  text: string;
  pos: number;
}

export class FilterError extends Error {}

function lex(input: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  const fail = (pos: number, expected: string): never => {
    throw new FilterError(`failed to read filter expression: 1:${pos + 1} (${pos}): no match found, expected: ${expected}`);
  };
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '"' || c === '`') {
      let j = i + 1;
      let text = '';
      while (j < input.length && input[j] !== c) {
        if (c === '"' && input[j] === '\\' && j + 1 < input.length) {
          j++;
          text += ({ n: '\n', t: '\t', '"': '"', '\\': '\\' } as Record<string, string>)[input[j]] ?? input[j];
        } else text += input[j];
        j++;
      }
      if (j >= input.length) fail(input.length, `"${c}"`);
      toks.push({ type: 'string', text, pos: i });
      i = j + 1;
      continue;
    }
    const two = input.slice(i, i + 2);
    if (two === '==' || two === '!=') {
      toks.push({ type: 'op', text: two, pos: i });
      i += 2;
      continue;
    }
    if ('()[].'.includes(c)) {
      toks.push({ type: 'punct', text: c, pos: i });
      i++;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(input.slice(i));
    if (num && /[\d-]/.test(c)) {
      toks.push({ type: 'number', text: num[0], pos: i });
      i += num[0].length;
      continue;
    }
    const ident = /^[A-Za-z_][A-Za-z0-9_\-/]*/.exec(input.slice(i));
    if (ident) {
      toks.push({ type: 'ident', text: ident[0], pos: i });
      i += ident[0].length;
      continue;
    }
    fail(i, '"(", "not", [A-Za-z_] or [ \\t\\r\\n]');
  }
  toks.push({ type: 'end', text: '', pos: input.length });
  return toks;
}

export function parseFilter(input: string): Node {
  const toks = lex(input);
  let p = 0;
  const peek = (): Tok => toks[p];
  const word = (w: string): boolean => peek().type === 'ident' && peek().text === w;
  const fail = (expected: string): never => {
    const tok = peek();
    throw new FilterError(`failed to read filter expression: 1:${tok.pos + 1} (${tok.pos}): no match found, expected: ${expected}`);
  };

  const value = (): Value => {
    const tok = peek();
    if (tok.type === 'string') return (p++, tok.text);
    if (tok.type === 'number') return (p++, Number(tok.text));
    if (tok.type === 'ident') {
      p++;
      return tok.text === 'true' ? true : tok.text === 'false' ? false : tok.text;
    }
    return fail('a value ("string", number, true, false or an identifier)');
  };

  const selector = (): string[] => {
    if (peek().type !== 'ident') fail('"(", "not" or a selector');
    const parts = [toks[p++].text];
    for (;;) {
      if (peek().type === 'punct' && peek().text === '.') {
        p++;
        if (peek().type !== 'ident') fail('[A-Za-z_]');
        parts.push(toks[p++].text);
      } else if (peek().type === 'punct' && peek().text === '[') {
        p++;
        if (peek().type !== 'string') fail('"\\"" (a quoted map key)');
        parts.push(toks[p++].text);
        if (!(peek().type === 'punct' && peek().text === ']')) fail('"]"');
        p++;
      } else return parts;
    }
  };

  const primary = (): Node => {
    if (peek().type === 'punct' && peek().text === '(') {
      p++;
      const inner = or();
      if (!(peek().type === 'punct' && peek().text === ')')) fail('")", "and" or "or"');
      p++;
      return inner;
    }
    // `<value> in <selector>` / `<value> not in <selector>` start with a value.
    const start = p;
    if (peek().type === 'string' || peek().type === 'number' || (peek().type === 'ident' && (toks[p + 1]?.text === 'in' || (toks[p + 1]?.text === 'not' && toks[p + 2]?.text === 'in')))) {
      const v = value();
      const negate = word('not');
      if (negate) p++;
      if (!word('in')) {
        p = start;
        fail('"in" or "not in" after a value');
      }
      p++;
      return { kind: 'match', op: 'in', selector: selector(), value: v, negate };
    }
    const sel = selector();
    const tok = peek();
    if (tok.type === 'op') {
      p++;
      return { kind: 'match', op: tok.text === '==' ? 'eq' : 'eq', selector: sel, value: value(), negate: tok.text === '!=' };
    }
    let negate = false;
    if (word('is')) {
      p++;
      if (word('not')) {
        p++;
        negate = true;
      }
      if (!word('empty')) fail('"empty" or "not empty"');
      p++;
      return { kind: 'match', op: 'empty', selector: sel, negate };
    }
    if (word('not')) {
      p++;
      negate = true;
    }
    if (word('contains') || word('matches')) {
      const op = toks[p++].text;
      return { kind: 'match', op, selector: sel, value: value(), negate };
    }
    return fail('"!=", "==", "contains", "is", "matches", "not" or [ \\t\\r\\n]');
  };

  const not = (): Node => {
    if (word('not') && !(toks[p + 1]?.type === 'ident' && ['in', 'contains', 'matches'].includes(toks[p + 1].text))) {
      p++;
      return { kind: 'not', inner: not() };
    }
    return primary();
  };
  const and = (): Node => {
    let left = not();
    while (word('and')) {
      p++;
      left = { kind: 'and', left, right: not() };
    }
    return left;
  };
  const or = (): Node => {
    let left = and();
    while (word('or')) {
      p++;
      left = { kind: 'or', left, right: and() };
    }
    return left;
  };
  const tree = or();
  if (peek().type !== 'end') fail('"and", "or" or end of input');
  return tree;
}

const MISSING = Symbol('missing');

function resolve(datum: unknown, selector: string[]): unknown {
  let cur: unknown = datum;
  for (let i = 0; i < selector.length; i++) {
    const part = selector[i];
    if (cur === null || cur === undefined) return MISSING;
    if (typeof cur !== 'object' || Array.isArray(cur)) return MISSING;
    const obj = cur as Record<string, unknown>;
    if (!(part in obj)) {
      // A struct field that does not exist is an error; a missing map key simply does not match.
      if (i === 0) throw new FilterError(`error finding value in datum: /${selector.join('/')} at part 0: couldn't find key: struct field with name "${part}"`);
      return MISSING;
    }
    cur = obj[part];
  }
  return cur;
}

const same = (field: unknown, value: Value): boolean => {
  if (typeof field === 'number') return field === Number(value);
  if (typeof field === 'boolean') return String(field) === String(value);
  return String(field) === String(value);
};

function evaluate(node: Node, datum: unknown): boolean {
  switch (node.kind) {
    case 'and':
      return evaluate(node.left, datum) && evaluate(node.right, datum);
    case 'or':
      return evaluate(node.left, datum) || evaluate(node.right, datum);
    case 'not':
      return !evaluate(node.inner, datum);
    case 'match': {
      const field = resolve(datum, node.selector);
      let result: boolean;
      if (field === MISSING) result = node.op === 'empty';
      else if (node.op === 'eq') result = field !== null && typeof field !== 'object' && same(field, node.value!);
      else if (node.op === 'empty') result = field === null || field === '' || (Array.isArray(field) ? field.length === 0 : typeof field === 'object' && Object.keys(field as object).length === 0);
      else if (node.op === 'matches') {
        let re: RegExp;
        try {
          re = new RegExp(String(node.value));
        } catch (error) {
          throw new FilterError(`failed to read filter expression: invalid regular expression: ${(error as Error).message}`);
        }
        result = typeof field === 'string' && re.test(field);
      } else {
        // contains / in: membership in an array, a substring of a string, or a key of a map.
        if (Array.isArray(field)) result = field.some((item) => same(item, node.value!));
        else if (typeof field === 'string') result = field.includes(String(node.value));
        else if (field && typeof field === 'object') result = String(node.value) in (field as object);
        else result = false;
      }
      return node.negate ? !result : result;
    }
  }
}

/** Compiles an expression; throws FilterError with a readable message on a syntax error. */
export function compileFilter(expression: string): (datum: unknown) => boolean {
  const tree = parseFilter(expression);
  return (datum) => evaluate(tree, datum);
}

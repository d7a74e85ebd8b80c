// `input-props` for naive-ui inputs: puts a data-testid on the real <input> (naive-ui's types list only HTML attributes).
export const tid = (id: string, extra: Record<string, string> = {}): Record<string, string> => ({ 'data-testid': id, spellcheck: 'false', autocomplete: 'off', ...extra });

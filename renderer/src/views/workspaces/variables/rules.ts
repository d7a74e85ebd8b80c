// The spec's variable rules, checked in the form before anything is sent (the host checks again): key shape per
// category, value and description sizes (workspace-api.md, Variable; same limits as main/workspace/field-rules.ts).
import type { VariableCategory } from '../../../../../main/contract';

/** Environment variable names as shells accept them. */
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_KEY = 128;
export const MAX_VALUE_BYTES = 256 * 1024;
export const MAX_DESCRIPTION = 512;

/** Why a key is refused, or null when it is fine. */
export function keyProblem(key: string, category: VariableCategory): string | null {
  if (key.length === 0) return 'Key is required.';
  if (key.length > MAX_KEY) return `Key must be at most ${MAX_KEY} characters.`;
  if (/\s/.test(key)) return 'Key must not contain spaces or line breaks.';
  if (category === 'env' && !ENV_KEY.test(key)) return 'An env variable key must start with a letter or "_" and hold only letters, digits and "_".';
  return null;
}

export function valueProblem(value: string): string | null {
  return new TextEncoder().encode(value).length > MAX_VALUE_BYTES ? 'Value must be at most 256 KiB.' : null;
}

export function descriptionProblem(description: string): string | null {
  return description.length > MAX_DESCRIPTION ? `Description must be at most ${MAX_DESCRIPTION} characters.` : null;
}

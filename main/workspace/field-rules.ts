// The spec's rules for names, durations and variable keys, as zod schemas with messages that name the rule
// (workspace-api.md, Resources and Limits). Shared by the method schemas and the per-row checks of bulk apply.
import { z } from 'zod';
import type { FieldIssue } from '../contract';

export const connectionId = z.string().min(1, 'is required').max(200, 'is too long');

const prefixedId = (prefix: string, what: string) =>
  z.string().regex(new RegExp(`^${prefix}-[A-Za-z0-9_-]{1,64}$`), `must be ${what} id like ${prefix}-abc123`);

export const workspaceId = prefixedId('ws', 'a workspace');
export const projectId = prefixedId('prj', 'a project');
export const variableId = prefixedId('var', 'a variable');
export const stateVersionId = prefixedId('sv', 'a state version');
export const sshKeyId = prefixedId('sshkey', 'an SSH key');
export const agentPoolId = prefixedId('apool', 'an agent pool');

/** Project name: 3 to 40 characters; letters, numbers, spaces, `-`, `_`; no leading or trailing space. */
export const projectName = z
  .string()
  .min(3, 'must be at least 3 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9 _-]+$/, 'may contain only letters, numbers, spaces, "-" and "_"')
  .refine((value) => value.trim() === value, 'must not start or end with a space');

export const projectDescription = z.string().max(256, 'must be at most 256 characters');

/** Digits (at most four, value above 0) followed by `d` or `h`; the simulator and service use the same pattern. */
export const autoDestroyDuration = z
  .string()
  .regex(/^[1-9][0-9]{0,3}[dh]$/, 'must be up to four digits above 0 followed by "d" (days) or "h" (hours), e.g. "14d" or "12h"');

/** Workspace name: letters, numbers, `-`, `_`; unique in the organization. */
export const workspaceName = z
  .string()
  .min(1, 'is required')
  .max(90, 'must be at most 90 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may contain only letters, numbers, "-" and "_"');

export const variableCategory = z.enum(['engine', 'env']);

/** Environment variable names as shells accept them. */
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Rules a variable's key must meet; `category` decides the stricter env rule. Returns issues rather than
 * throwing, so bulk apply can report every bad row and still apply the good ones.
 */
export function variableKeyIssues(key: string | undefined, category: string | undefined): FieldIssue[] {
  if (key === undefined) return [];
  if (key.length === 0) return [{ path: 'key', message: 'is required' }];
  if (key.length > 128) return [{ path: 'key', message: 'must be at most 128 characters' }];
  if (/\s/.test(key)) return [{ path: 'key', message: 'must not contain spaces or line breaks' }];
  if (category === 'env' && !ENV_KEY.test(key)) {
    return [{ path: 'key', message: 'must start with a letter or "_" and contain only letters, digits and "_" for an env variable' }];
  }
  return [];
}

export const variableValue = z.string().max(256 * 1024, 'must be at most 256 KiB');
export const variableDescription = z.string().max(512, 'must be at most 512 characters');

/** Adds the key rules to a variable object schema as zod issues on `key`. */
export function checkVariableKey(value: { key?: string; category?: string }, ctx: z.RefinementCtx): void {
  for (const issue of variableKeyIssues(value.key, value.category)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
}

/** A transfer id chosen by the renderer, used as the `transfers` stream key. */
export const transferId = z.string().regex(/^[\w-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"');

/** Confirmation of a destructive action: the person types the target's name (design.md, invariant 4). */
export const confirmation = (what: string) => z.string({ error: `is required: type ${what} to confirm` }).min(1, `is required: type ${what} to confirm`);

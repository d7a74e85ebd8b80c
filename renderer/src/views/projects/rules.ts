// Form rules for projects and workspaces, taken from main's own zod rules (main/workspace/field-rules.ts and
// workspace-input-schema.ts are pure: no Node imports), so a form refuses exactly what the host would refuse.
import type { z } from 'zod';
import { autoDestroyDuration, projectDescription, projectName, workspaceName } from '../../../../main/workspace/field-rules';
import { workspaceCreateAttributes, workspaceUpdateAttributes } from '../../../../main/workspace/workspace-input-schema';
import type { WorkspaceInput } from '../../../../main/contract';

/** Field name → message; empty when the values pass. */
export type FormIssues = Record<string, string>;

function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'is not valid');
}

/** Project name: 3-40 characters of letters, numbers, spaces, "-" and "_", no leading or trailing space. */
export const projectNameIssue = (name: string): string | null => firstIssue(projectName, name);
/** Project description: at most 256 characters. */
export const projectDescriptionIssue = (description: string): string | null => firstIssue(projectDescription, description);
/** Auto-destroy duration: up to four digits above 0 then `d` or `h`; empty means "none". */
export const durationIssue = (duration: string): string | null => (duration === '' ? null : firstIssue(autoDestroyDuration, duration));
export const workspaceNameIssue = (name: string): string | null => firstIssue(workspaceName, name);

export interface ProjectDraft {
  name: string;
  description: string;
  autoDestroyActivityDuration: string;
}

export function projectIssues(draft: ProjectDraft): FormIssues {
  const issues: FormIssues = {};
  const name = projectNameIssue(draft.name);
  if (name) issues.name = `Name ${name}.`;
  const description = projectDescriptionIssue(draft.description);
  if (description) issues.description = `Description ${description}.`;
  const duration = durationIssue(draft.autoDestroyActivityDuration);
  if (duration) issues.autoDestroyActivityDuration = `Auto-destroy duration ${duration}.`;
  return issues;
}

/**
 * Workspace attributes against the host's own schema, create or update. Issues are keyed by the API attribute
 * (`agent-pool-id`, `execution-mode`...), so a form places each next to its field.
 */
export function workspaceAttributeIssues(attributes: WorkspaceInput, mode: 'create' | 'update'): FormIssues {
  const schema = mode === 'create' ? workspaceCreateAttributes : workspaceUpdateAttributes;
  const result = schema.safeParse(attributes);
  const issues: FormIssues = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
      const label = issue.path.length > 0 ? issue.path.join('.') : 'The settings';
      issues[field] ??= `${label} ${issue.message}.`;
    }
  }
  // Trigger patterns and trigger prefixes are two ways to say the same thing; a workspace uses one of them
  // (the service's settings page offers them as alternatives), so sending both is refused here.
  if ((attributes['trigger-patterns']?.length ?? 0) > 0 && (attributes['trigger-prefixes']?.length ?? 0) > 0) {
    issues['trigger-patterns'] ??= 'Use trigger patterns or trigger prefixes, not both: clear one of the two lists.';
  }
  return issues;
}

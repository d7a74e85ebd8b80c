// Workspace settings for create and update, with the spec's cross-field rules (workspace-api.md, Create
// workspace body): agent-pool-id against execution-mode, the deprecated `operations`, setting overwrites.
import { z } from 'zod';
import { agentPoolId, autoDestroyDuration, workspaceName } from './field-rules';

const isoTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 timestamp, e.g. 2030-01-31T12:00:00Z');
const pathList = z.array(z.string().min(1, 'must not be empty').max(1024, 'is too long'), { error: 'must be a list of strings' }).max(100, 'may hold at most 100 entries');

const vcsRepo = z
  .object({
    identifier: z.string().regex(/^[^/\s]+\/\S+$/, 'must be ":org/:repo" (or ":org/:project/_git/:repo")'),
    'oauth-token-id': z.string().min(1, 'is required with a VCS repository'),
    branch: z.string().max(255).optional(),
    'ingress-submodules': z.boolean().optional(),
    'tags-regex': z
      .string()
      .refine((value) => {
        try {
          new RegExp(value);
          return true;
        } catch {
          return false;
        }
      }, 'must be a valid regular expression')
      .nullable()
      .optional(),
  })
  .strict();

const attributes = z
  .object({
    name: workspaceName.optional(),
    description: z.string().max(4096, 'is too long').nullable().optional(),
    'agent-pool-id': agentPoolId.optional(),
    'allow-destroy-plan': z.boolean().optional(),
    'assessments-enabled': z.boolean().optional(),
    'auto-apply': z.boolean().optional(),
    'auto-apply-run-trigger': z.boolean().optional(),
    'auto-destroy-at': isoTime.nullable().optional(),
    'auto-destroy-activity-duration': autoDestroyDuration.nullable().optional(),
    'execution-mode': z.enum(['remote', 'local', 'agent']).optional(),
    'file-triggers-enabled': z.boolean().optional(),
    'global-remote-state': z.boolean().optional(),
    /** Deprecated in favour of `execution-mode` (workspace-api.md, Versioning); still accepted. */
    operations: z.boolean().optional(),
    'queue-all-runs': z.boolean().optional(),
    'speculative-enabled': z.boolean().optional(),
    'engine-version': z.string().min(1).max(64, 'is too long').optional(),
    'working-directory': z.string().max(1024).refine((value) => !value.startsWith('/'), 'must be a path relative to the repository root').nullable().optional(),
    'source-name': z.string().max(255).optional(),
    'source-url': z.url({ error: 'must be a URL' }).max(2048).optional(),
    'trigger-patterns': pathList.optional(),
    'trigger-prefixes': pathList.optional(),
    'vcs-repo': vcsRepo.nullable().optional(),
    'setting-overwrites': z.object({ 'execution-mode': z.boolean().optional(), 'agent-pool': z.boolean().optional() }).strict().optional(),
  })
  .strict();

type Attributes = z.infer<typeof attributes>;

/** The cross-field rules, in the spec's words; `create` adds the ones that have no "previous value" to fall back on. */
function crossFieldRules(mode: 'create' | 'update') {
  return (value: Attributes, ctx: z.RefinementCtx): void => {
    const executionMode = value['execution-mode'];
    if (executionMode !== undefined && value.operations !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['operations'], message: 'is deprecated and forbidden together with execution-mode; set execution-mode alone' });
    }
    if (value['agent-pool-id'] !== undefined && (executionMode === 'remote' || executionMode === 'local' || value.operations === true)) {
      ctx.addIssue({ code: 'custom', path: ['agent-pool-id'], message: 'is forbidden when execution-mode is remote or local or operations is true' });
    }
    if (mode === 'create' && executionMode === 'agent' && value['agent-pool-id'] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['agent-pool-id'], message: 'is required when execution-mode is agent' });
    }
    if (mode === 'create' && value['setting-overwrites']?.['execution-mode'] === true && executionMode === undefined && value.operations === undefined) {
      ctx.addIssue({ code: 'custom', path: ['execution-mode'], message: 'is required when setting-overwrites.execution-mode is true' });
    }
  };
}

export const workspaceCreateAttributes = attributes.extend({ name: workspaceName }).superRefine(crossFieldRules('create'));
export const workspaceUpdateAttributes = attributes
  .superRefine(crossFieldRules('update'))
  .refine((value) => Object.keys(value).length > 0, 'must change at least one setting');

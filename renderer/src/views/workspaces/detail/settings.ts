// The settings form of a workspace as plain data: a draft from the workspace document, and the patch of only what
// changed (workspace-api.md, Update workspace: omitted attributes keep their previous value). `operations` is
// deprecated in favour of `execution-mode` and is never sent; the form explains that instead.
import type { ExecutionMode, Workspace, WorkspaceInput } from '../../../../../main/contract';
import { workspaceAttributeIssues, type FormIssues } from '@/views/projects/rules';

export interface SettingsDraft {
  name: string;
  description: string;
  executionMode: ExecutionMode;
  /** Inherit the organization's default execution mode (setting-overwrites.execution-mode = false). */
  inheritExecutionMode: boolean;
  agentPoolId: string;
  engineVersion: string;
  workingDirectory: string;
  autoApply: boolean;
  allowDestroyPlan: boolean;
  speculativeEnabled: boolean;
  queueAllRuns: boolean;
  fileTriggersEnabled: boolean;
  /** Which of the two file-trigger styles is used; they are alternatives. */
  triggerStyle: 'patterns' | 'prefixes';
  triggerPatterns: string;
  triggerPrefixes: string;
  autoDestroyActivityDuration: string;
  autoDestroyAt: string;
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function draftFrom(workspace: Workspace, agentPoolId: string | null): SettingsDraft {
  const a = workspace.attributes;
  const patterns = a['trigger-patterns'] ?? [];
  const prefixes = a['trigger-prefixes'] ?? [];
  return {
    name: a.name,
    description: a.description ?? '',
    executionMode: a['execution-mode'],
    inheritExecutionMode: a['setting-overwrites']?.['execution-mode'] === false,
    agentPoolId: agentPoolId ?? '',
    engineVersion: a['engine-version'] ?? '',
    workingDirectory: a['working-directory'] ?? '',
    autoApply: a['auto-apply'] ?? false,
    allowDestroyPlan: a['allow-destroy-plan'] ?? true,
    speculativeEnabled: a['speculative-enabled'] ?? true,
    queueAllRuns: a['queue-all-runs'] ?? false,
    fileTriggersEnabled: a['file-triggers-enabled'] ?? true,
    triggerStyle: prefixes.length > 0 && patterns.length === 0 ? 'prefixes' : 'patterns',
    triggerPatterns: patterns.join('\n'),
    triggerPrefixes: prefixes.join('\n'),
    // A value inherited from the project is shown as such, not as the workspace's own.
    autoDestroyActivityDuration: a['inherits-project-auto-destroy'] ? '' : (a['auto-destroy-activity-duration'] ?? ''),
    autoDestroyAt: a['auto-destroy-at'] ?? '',
  };
}

/** The update body: only attributes that differ from the original draft. */
export function settingsPatch(draft: SettingsDraft, original: SettingsDraft): WorkspaceInput {
  const patch: WorkspaceInput = {};
  if (draft.name !== original.name) patch.name = draft.name.trim();
  if (draft.description !== original.description) patch.description = draft.description === '' ? null : draft.description;
  const modeChanged = draft.executionMode !== original.executionMode || draft.inheritExecutionMode !== original.inheritExecutionMode;
  if (draft.inheritExecutionMode) {
    if (modeChanged) patch['setting-overwrites'] = { 'execution-mode': false, 'agent-pool': false };
  } else {
    if (modeChanged) {
      patch['execution-mode'] = draft.executionMode;
      patch['setting-overwrites'] = { 'execution-mode': true, 'agent-pool': true };
    }
    // The pool goes with agent mode only; the service refuses it with remote or local (workspace-api.md, Create).
    if (draft.executionMode === 'agent' && (modeChanged || draft.agentPoolId !== original.agentPoolId) && draft.agentPoolId.trim()) {
      patch['agent-pool-id'] = draft.agentPoolId.trim();
      patch['execution-mode'] = 'agent';
    }
  }
  if (draft.engineVersion !== original.engineVersion && draft.engineVersion.trim()) patch['engine-version'] = draft.engineVersion.trim();
  if (draft.workingDirectory !== original.workingDirectory) patch['working-directory'] = draft.workingDirectory.trim() || null;
  if (draft.autoApply !== original.autoApply) patch['auto-apply'] = draft.autoApply;
  if (draft.allowDestroyPlan !== original.allowDestroyPlan) patch['allow-destroy-plan'] = draft.allowDestroyPlan;
  if (draft.speculativeEnabled !== original.speculativeEnabled) patch['speculative-enabled'] = draft.speculativeEnabled;
  if (draft.queueAllRuns !== original.queueAllRuns) patch['queue-all-runs'] = draft.queueAllRuns;
  if (draft.fileTriggersEnabled !== original.fileTriggersEnabled) patch['file-triggers-enabled'] = draft.fileTriggersEnabled;
  const patterns = draft.triggerStyle === 'patterns' ? lines(draft.triggerPatterns) : [];
  const prefixes = draft.triggerStyle === 'prefixes' ? lines(draft.triggerPrefixes) : [];
  if (patterns.join('\n') !== lines(original.triggerPatterns).join('\n')) patch['trigger-patterns'] = patterns;
  if (prefixes.join('\n') !== lines(original.triggerPrefixes).join('\n')) patch['trigger-prefixes'] = prefixes;
  if (draft.autoDestroyActivityDuration !== original.autoDestroyActivityDuration) patch['auto-destroy-activity-duration'] = draft.autoDestroyActivityDuration.trim() || null;
  if (draft.autoDestroyAt !== original.autoDestroyAt) patch['auto-destroy-at'] = draft.autoDestroyAt.trim() || null;
  return patch;
}

/** The spec's rules on the patch, plus the ones only the form can see (a pool missing in agent mode). */
export function settingsIssues(draft: SettingsDraft, patch: WorkspaceInput): FormIssues {
  const issues = Object.keys(patch).length > 0 ? workspaceAttributeIssues(patch, 'update') : {};
  if (!draft.inheritExecutionMode && draft.executionMode === 'agent' && !draft.agentPoolId.trim()) {
    issues['agent-pool-id'] ??= 'Agent pool id is required when the execution mode is agent.';
  }
  if (draft.fileTriggersEnabled === false && (lines(draft.triggerPatterns).length > 0 || lines(draft.triggerPrefixes).length > 0)) {
    issues['file-triggers-enabled'] ??= 'Trigger patterns and prefixes only apply while "filter runs by changed files" is on.';
  }
  return issues;
}

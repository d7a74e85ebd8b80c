// One schema per workspace method (design.md, The contract): invalid params are refused with the field named
// and nothing runs. The type annotation makes the compiler check each schema against the contract.
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { WorkspaceMethods } from '../contract';
import {
  autoDestroyDuration,
  checkVariableKey,
  confirmation,
  connectionId,
  projectDescription,
  projectId,
  projectName,
  sshKeyId,
  stateVersionId,
  transferId,
  variableCategory,
  variableDescription,
  variableId,
  variableValue,
  workspaceId,
} from './field-rules';
import { workspaceCreateAttributes, workspaceUpdateAttributes } from './workspace-input-schema';

const conn = z.object({ connectionId }).strict();
const ws = conn.extend({ workspaceId });
const idList = <T extends z.ZodType<string>>(item: T, what: string) => z.array(item).min(1, `must name at least one ${what}`).max(500, `may name at most 500 ${what}s at once`);
const tagName = z.string().regex(/^[A-Za-z0-9:_-]{1,255}$/, 'must be 1-255 letters, digits, ":", "_" or "-"');

const variableFields = {
  key: z.string(),
  value: variableValue.optional(),
  description: variableDescription.optional(),
  category: variableCategory,
  hcl: z.boolean().optional(),
  sensitive: z.boolean().optional(),
};

const listQuery = conn.extend({
  namespace: z.string().max(128).optional(),
  search: z.string().max(256, 'is too long').optional(),
  facets: z.partialRecord(z.enum(['project', 'tags', 'locked'], { error: 'must be one of project, tags, locked' }), z.array(z.string().max(256)).max(1000)).optional(),
  sort: z.object({ key: z.enum(['name', 'projectName', 'locked', 'resourceCount', 'updatedAt', 'latestChangeAt', 'engineVersion']), order: z.enum(['asc', 'desc']) }).strict().optional(),
  offset: z.number().int().min(0, 'must be 0 or more'),
  limit: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000'),
});

/** Raw state uploaded from the renderer as Base64; large states should be picked by path instead. */
const MAX_BASE64_CHARS = 96 * 1024 * 1024;
const uploadSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1, 'is required').max(4096).refine(isAbsolute, 'must be an absolute file path') }).strict(),
  z
    .object({
      kind: z.literal('content'),
      fileName: z.string().min(1, 'is required').max(255, 'is too long'),
      base64: z.string().min(1, 'is empty').max(MAX_BASE64_CHARS, 'is too large; choose the file by path instead').regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be Base64'),
    })
    .strict(),
]);

export const workspaceSchemas: { [M in keyof WorkspaceMethods]: z.ZodType<WorkspaceMethods[M]['params']> } = {
  'projects.list': conn.extend({
    q: z.string().max(256).optional(),
    names: z.array(z.string().min(1).max(40)).max(100).optional(),
    canCreateWorkspace: z.boolean().optional(),
    canUpdate: z.boolean().optional(),
    sort: z.enum(['name', '-name']).optional(),
  }),
  'projects.read': conn.extend({ projectId }),
  'projects.create': conn.extend({ name: projectName, description: projectDescription.nullable().optional(), autoDestroyActivityDuration: autoDestroyDuration.nullable().optional() }),
  'projects.update': conn.extend({
    projectId,
    name: projectName.optional(),
    description: projectDescription.nullable().optional(),
    autoDestroyActivityDuration: autoDestroyDuration.nullable().optional(),
  }),
  'projects.delete': conn.extend({ projectId }),
  'projects.moveWorkspaces': conn.extend({ projectId, workspaceIds: idList(workspaceId, 'workspace') }),

  'workspaces.query': listQuery,
  'workspaces.read': ws,
  'workspaces.create': conn.extend({
    attributes: workspaceCreateAttributes,
    projectId: projectId.optional(),
    tagBindings: z.array(z.object({ key: z.string().min(1, 'is required').max(128), value: z.string().max(256) }).strict()).max(100).optional(),
  }),
  'workspaces.update': ws.extend({ attributes: workspaceUpdateAttributes }),
  'workspaces.safeDelete': ws,
  'workspaces.forceDelete': ws.extend({ confirm: confirmation('the workspace name') }),
  'workspaces.lock': ws.extend({ reason: z.string().max(1024, 'is too long').optional() }),
  'workspaces.unlock': ws,
  'workspaces.forceUnlock': ws.extend({ confirm: confirmation('the workspace name') }),
  'workspaces.bulkLock': conn.extend({ workspaceIds: idList(workspaceId, 'workspace'), reason: z.string().max(1024).optional() }),
  'workspaces.bulkUnlock': conn.extend({ workspaceIds: idList(workspaceId, 'workspace') }),
  'workspaces.tags': ws,
  'workspaces.addTags': ws.extend({ names: z.array(tagName).min(1, 'must name at least one tag').max(100) }),
  'workspaces.removeTags': ws.extend({ names: z.array(tagName).min(1, 'must name at least one tag').max(100) }),
  'workspaces.tagBindings': ws,
  'workspaces.remoteStateConsumers': ws,
  'workspaces.addRemoteStateConsumers': ws.extend({ consumerIds: idList(workspaceId, 'workspace') }),
  'workspaces.replaceRemoteStateConsumers': ws.extend({ consumerIds: z.array(workspaceId).max(500) }),
  'workspaces.removeRemoteStateConsumers': ws.extend({ consumerIds: idList(workspaceId, 'workspace') }),
  'workspaces.setSshKey': ws.extend({ sshKeyId: sshKeyId.nullable() }),
  'workspaces.retentionPolicy': ws,
  'workspaces.setRetentionPolicy': z.discriminatedUnion('kind', [
    ws.extend({ kind: z.literal('delete-older'), deleteOlderThanNDays: z.number().int().min(1, 'must be at least 1 day').max(36_500) }),
    ws.extend({ kind: z.literal('dont-delete') }),
  ]),
  'workspaces.removeRetentionPolicy': ws,

  'variables.list': ws,
  'variables.create': ws.extend(variableFields).superRefine(checkVariableKey),
  'variables.update': ws
    .extend({ variableId, ...variableFields, key: z.string().optional(), category: variableCategory.optional() })
    .superRefine(checkVariableKey),
  'variables.delete': ws.extend({ variableId }),
  // Rows are checked one by one in the handler, so one bad row is reported without refusing the others.
  'variables.bulkApply': ws.extend({
    rows: z.array(z.object({ ...variableFields, key: z.string().max(4096, 'is too long') }).strict()).min(1, 'must hold at least one row').max(500, 'may hold at most 500 rows'),
  }),

  'stateVersions.list': ws.extend({
    status: z.enum(['pending', 'finalized', 'discarded']).optional(),
    page: z.number().int().min(1, 'must be 1 or more').optional(),
    pageSize: z.number().int().min(1).max(100, 'must be at most 100').optional(),
  }),
  'stateVersions.read': conn.extend({ stateVersionId }),
  'stateVersions.current': ws,
  'stateVersions.outputs': conn.extend({ stateVersionId }),
  'stateVersions.diff': conn.extend({ fromId: stateVersionId, toId: stateVersionId }),
  'stateVersions.download': conn.extend({ stateVersionId, format: z.enum(['raw', 'json']), transferId }),
  'stateVersions.upload': ws.extend({ source: uploadSource, transferId }),
  'stateVersions.rollback': ws.extend({ stateVersionId, confirm: confirmation('the workspace name') }),
  'stateVersions.softDelete': conn.extend({ stateVersionId, deleteOlderThanNDays: z.number().int().min(1, 'must be at least 1 day').max(36_500).optional() }),
  'stateVersions.restore': conn.extend({ stateVersionId }),
  'stateVersions.permanentlyDelete': conn.extend({ stateVersionId, confirm: confirmation('the state version id') }),
};

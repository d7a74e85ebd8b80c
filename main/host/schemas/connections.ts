// Schemas of the connection, token, settings, app and demo methods.
import { z } from 'zod';
import { connectionName, empty, filePath, httpUrl, id, namespace, organization, region, token } from './common';

const tlsPartial = z
  .object({
    caFile: filePath.optional(),
    clientCertFile: filePath.optional(),
    clientKeyFile: filePath.optional(),
    skipVerify: z.boolean().optional(),
  })
  .strict();

const clusterSettings = z
  .object({
    kind: z.literal('cluster'),
    address: httpUrl,
    region: region.optional(),
    namespace: namespace,
    tls: tlsPartial.optional(),
  })
  .strict();

const workspaceSettings = z
  .object({
    kind: z.literal('workspace'),
    baseUrl: httpUrl,
    organization,
  })
  .strict();

export const connectionDraft = z.discriminatedUnion('kind', [
  clusterSettings.extend({ name: connectionName, token: token.optional() }),
  workspaceSettings.extend({ name: connectionName, token: token.optional() }),
]);

export const draftSettings = z.discriminatedUnion('kind', [clusterSettings, workspaceSettings]);

export const connectionPatch = z
  .object({
    name: connectionName.optional(),
    address: httpUrl.optional(),
    region: region.optional(),
    namespace: namespace.optional(),
    tls: tlsPartial.optional(),
    baseUrl: httpUrl.optional(),
    organization: organization.optional(),
  })
  .strict();

export const connectionSchemas = {
  'connections.list': empty,
  'connections.create': connectionDraft,
  'connections.update': z.object({ id, patch: connectionPatch }).strict(),
  'connections.duplicate': z.object({ id, name: connectionName.optional() }).strict(),
  'connections.remove': z.object({ id }).strict(),
  'connections.setActive': z.object({ id: id.nullable() }).strict(),
  'connections.test': z.object({ id }).strict(),
  'connections.testDraft': z.object({ settings: draftSettings, token: token.optional() }).strict(),
  'connections.importFromEnv': empty,
  'tokens.set': z.object({ connectionId: id, token }).strict(),
  'tokens.clear': z.object({ connectionId: id }).strict(),
  'tokens.status': z.object({ connectionId: id }).strict(),
} as const;

export const appSchemas = {
  'app.info': empty,
  'app.notices': empty,
  'app.dismissNotice': z.object({ id }).strict(),
  'app.openExternal': z.object({ url: z.string().max(4096) }).strict(),
  'settings.get': empty,
  'settings.update': z
    .object({
      theme: z.enum(['system', 'light', 'dark']).optional(),
      sidebarCollapsed: z.boolean().optional(),
      cacheMaxMB: z.number().int().min(10, 'must be at least 10 MB').max(1_000_000).optional(),
    })
    .strict(),
  'demo.start': empty,
} as const;

// Response shapes checked where a wrong shape would mislead an operator: workspaces (lock state, permissions),
// projects, variables (the `sensitive` flag), state versions (status, serial) and list envelopes.
// Loose objects: fields the spec does not mention, or that the service adds later, pass through untouched.
import { z } from 'zod';

const nullableString = z.string().nullable();
const int = z.number().int();

const relationship = z.looseObject({
  data: z
    .union([z.looseObject({ id: z.string(), type: z.string() }), z.array(z.looseObject({ id: z.string(), type: z.string() }))])
    .nullable()
    .optional(),
  links: z.record(z.string(), z.unknown()).optional(),
});

function resource<T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.looseObject({
    id: z.string(),
    type: z.literal(type),
    attributes,
    relationships: z.record(z.string(), relationship).optional(),
    links: z.record(z.string(), z.unknown()).optional(),
  });
}

/** Any resource in `included`, whose type we do not know in advance. */
export const anyResourceSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional().default({}),
  relationships: z.record(z.string(), relationship).optional(),
  links: z.record(z.string(), z.unknown()).optional(),
});

export const projectSchema = resource(
  'projects',
  z.looseObject({
    name: z.string(),
    description: nullableString.optional().default(null),
    'workspace-count': int.optional(),
    'team-count': int.optional(),
    permissions: z.looseObject({ 'can-update': z.boolean() }),
    'auto-destroy-activity-duration': nullableString.optional(),
  }),
);

export const variableSchema = resource(
  'vars',
  z.looseObject({
    key: z.string(),
    value: nullableString.optional().default(null),
    description: nullableString.optional().default(null),
    category: z.enum(['engine', 'env']),
    hcl: z.boolean(),
    sensitive: z.boolean(),
    'version-id': z.string().optional(),
  }),
);

export const stateVersionSchema = resource(
  'state-versions',
  z.looseObject({
    'created-at': z.string(),
    size: int,
    // `uploaded` appears in the spec's sample restore response (workspace-api.md, State version status).
    status: z.enum(['pending', 'finalized', 'discarded', 'uploaded', 'backing_data_soft_deleted', 'backing_data_permanently_deleted']),
    intermediate: z.boolean().optional().default(false),
    serial: int,
    'state-version': int.optional(),
    'resources-processed': z.boolean().optional().default(false),
    'hosted-state-download-url': nullableString.optional(),
    'hosted-json-state-download-url': nullableString.optional(),
    'hosted-state-upload-url': nullableString.optional(),
    'hosted-json-state-upload-url': nullableString.optional(),
  }),
);

export const workspaceSchema = resource(
  'workspaces',
  z.looseObject({
    name: z.string(),
    description: nullableString.optional().default(null),
    'execution-mode': z.enum(['remote', 'local', 'agent']),
    locked: z.boolean(),
    'locked-reason': nullableString.optional(),
    permissions: z.record(z.string(), z.boolean()),
    'created-at': z.string(),
    'resource-count': int.nullable().optional(),
    'tag-names': z.array(z.string()).optional(),
  }),
);

export const tagSchema = resource('tags', z.looseObject({ name: z.string() }));
export const tagBindingSchema = resource('tag-bindings', z.looseObject({ key: z.string(), value: z.string() }));
export const effectiveTagBindingSchema = resource('effective-tag-bindings', z.looseObject({ key: z.string(), value: z.string() }));

export const paginationSchema = z.looseObject({
  'current-page': int,
  'page-size': int.optional(),
  'prev-page': int.nullable().optional(),
  'next-page': int.nullable().optional(),
  'total-pages': int,
  'total-count': int,
});

/** `{data: R}` */
export function singleDocument<R extends z.ZodType>(item: R) {
  return z.looseObject({ data: item, included: z.array(anyResourceSchema).optional() });
}

/** `{data: R[], links, meta.pagination}`; lists that are not paginated (variables, tags) carry no meta. */
export function listDocument<R extends z.ZodType>(item: R) {
  return z.looseObject({
    data: z.array(item),
    included: z.array(anyResourceSchema).optional(),
    links: z.record(z.string(), z.unknown()).optional(),
    meta: z.looseObject({ pagination: paginationSchema.optional() }).optional(),
  });
}

export const projectStatusCountsSchema = z.looseObject({ total: int, matching: int });

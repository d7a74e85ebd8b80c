// JSON:API documents as the workspace service speaks them: resource objects, `included` lookups, relationship
// identifiers and the pagination envelope (workspace-api.md, Resources and Pagination envelope).

import type { PageLinks, PaginationMeta, Resource, ResourceIdentifier } from '../../contract/jsonapi';

export type { PageLinks, PaginationMeta, Relationship, Resource, ResourceIdentifier } from '../../contract/jsonapi';

/** One page of a list: the items, and where it sits among the others. */
export interface Page<R> {
  items: R[];
  pagination: PaginationMeta;
  links: PageLinks;
  included: IncludedLookup;
  /** The raw `meta` object, for list-specific extras such as the project list's `status-counts`. */
  meta: Record<string, unknown>;
}

/**
 * Resolves `included` resources by type and id. Workspace documents name outputs `workspace-outputs` while the
 * state version calls them `state-version-outputs` (workspace-api.md, Identifier shapes), so lookups are by exact type.
 */
export class IncludedLookup {
  private readonly byKey = new Map<string, Resource>();

  constructor(included: readonly Resource[] = []) {
    for (const resource of included) this.byKey.set(`${resource.type}/${resource.id}`, resource);
  }

  get size(): number {
    return this.byKey.size;
  }

  find<A = Record<string, unknown>>(type: string, id: string): Resource<A> | undefined {
    return this.byKey.get(`${type}/${id}`) as Resource<A> | undefined;
  }

  /** The included resource a to-one relationship points at, if the server included it. */
  related<A = Record<string, unknown>>(resource: Resource<unknown>, relationship: string): Resource<A> | undefined {
    const data = resource.relationships?.[relationship]?.data;
    if (!data || Array.isArray(data)) return undefined;
    return this.find<A>(data.type, data.id);
  }

  /** The included resources a to-many relationship points at; ids the server did not include are skipped. */
  relatedMany<A = Record<string, unknown>>(resource: Resource<unknown>, relationship: string): Resource<A>[] {
    const data = resource.relationships?.[relationship]?.data;
    if (!Array.isArray(data)) return [];
    return data.map((ref) => this.find<A>(ref.type, ref.id)).filter((found): found is Resource<A> => found !== undefined);
  }

  all(): Resource[] {
    return [...this.byKey.values()];
  }
}

/** The id a to-one relationship names, or null. */
export function relationshipId(resource: Resource<unknown>, name: string): string | null {
  const data = resource.relationships?.[name]?.data;
  if (!data || Array.isArray(data)) return null;
  return data.id;
}

const int = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);
const intOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * Reads `meta.pagination`. A list without it (variables, tags) is one complete page, which is how the
 * service answers lists that are not paginated.
 */
export function readPagination(meta: unknown, itemCount: number): PaginationMeta {
  const pagination = (meta as { pagination?: Record<string, unknown> } | undefined)?.pagination;
  if (!pagination || typeof pagination !== 'object') {
    return { currentPage: 1, pageSize: itemCount, prevPage: null, nextPage: null, totalPages: 1, totalCount: itemCount };
  }
  return {
    currentPage: int(pagination['current-page'], 1),
    pageSize: int(pagination['page-size'], itemCount),
    prevPage: intOrNull(pagination['prev-page']),
    nextPage: intOrNull(pagination['next-page']),
    totalPages: Math.max(1, int(pagination['total-pages'], 1)),
    totalCount: int(pagination['total-count'], itemCount),
  };
}

export function readLinks(links: unknown): PageLinks {
  if (!links || typeof links !== 'object') return {};
  const out: PageLinks = {};
  for (const key of ['self', 'first', 'prev', 'next', 'last'] as const) {
    const value = (links as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = value;
    else if (value === null && (key === 'prev' || key === 'next')) out[key] = null;
  }
  return out;
}

/** A JSON:API error object (workspace-api.md, Errors). */
export interface ApiErrorObject {
  status?: string;
  title?: string;
  detail?: string;
}

export function readErrors(body: unknown): ApiErrorObject[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((entry): entry is Record<string, unknown> => !!entry && typeof entry === 'object')
    .map((entry) => ({
      status: typeof entry.status === 'string' ? entry.status : undefined,
      title: typeof entry.title === 'string' ? entry.title : undefined,
      detail: typeof entry.detail === 'string' ? entry.detail : undefined,
    }));
}

/** Identifiers for relationship bodies such as `{data: [{type: 'workspaces', id}]}`. */
export const identifiers = (type: string, ids: readonly string[]): ResourceIdentifier[] => ids.map((id) => ({ type, id }));

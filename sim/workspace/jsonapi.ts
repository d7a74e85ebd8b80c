// JSON:API plumbing: error objects, documents, the pagination envelope and query-parameter parsing.
import type { ServerResponse } from 'node:http';
import { closeIfBodyRefused } from '../http-kit';

export const MEDIA_TYPE = 'application/vnd.api+json';
export const API_PREFIX = '/api/v2';

/** Thrown by handlers; the router turns it into `{errors:[{status,title,detail}]}` (workspace-api.md, Errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const notFound = (detail: string): ApiError => new ApiError(404, 'not found', detail);
export const unprocessable = (detail: string): ApiError => new ApiError(422, 'invalid attribute', detail);
export const conflict = (detail: string): ApiError => new ApiError(409, 'conflict', detail);
export const forbidden = (detail: string): ApiError => new ApiError(403, 'forbidden', detail);
export const badRequest = (detail: string): ApiError => new ApiError(400, 'bad request', detail);

/** What a handler answers; `body` undefined means no body (204). */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
export const noContent = (): Reply => ({ status: 204 });

export function writeReply(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>): void {
  const headers: Record<string, string> = closeIfBodyRefused(res, { ...extraHeaders, ...(reply.headers ?? {}) });
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const payload = Buffer.isBuffer(reply.body) ? reply.body : Buffer.from(JSON.stringify(reply.body));
  res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? MEDIA_TYPE, 'Content-Length': String(payload.length), ...headers });
  res.end(payload);
}

export function errorReply(error: ApiError): Reply {
  return { status: error.status, body: { errors: [{ status: String(error.status), title: error.title, detail: error.detail }] }, headers: error.headers };
}

// ---- query parameters ----------------------------------------------------------------------------

/**
 * URLSearchParams decodes `%5B`/`%5D` back to brackets, so `page[number]` matches whether or not the client
 * encoded them (workspace-api.md, Projects: "The characters [ and ] are percent-encoded ...").
 */
export function param(url: URL, name: string): string | null {
  return url.searchParams.get(name);
}

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export interface PageRequest {
  number: number;
  size: number;
}

/** Out-of-range values are clamped as the real service does rather than refused (README: pagination). */
export function pageRequest(url: URL): PageRequest {
  const rawNumber = Number(param(url, 'page[number]') ?? '1');
  const rawSize = Number(param(url, 'page[size]') ?? String(DEFAULT_PAGE_SIZE));
  const number = Number.isInteger(rawNumber) && rawNumber >= 1 ? rawNumber : 1;
  const size = Number.isInteger(rawSize) && rawSize >= 1 ? Math.min(rawSize, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  return { number, size };
}

export interface Page<T> {
  items: T[];
  links: Record<string, string | null>;
  meta: { pagination: Record<string, number | null> };
}

/** Slices `all` and builds absolute `links` and `meta.pagination` (workspace-api.md, Pagination envelope). */
export function paginate<T>(all: readonly T[], url: URL, publicUrl: string, page: PageRequest = pageRequest(url)): Page<T> {
  const totalCount = all.length;
  const totalPages = Math.max(1, Math.ceil(totalCount / page.size));
  const start = (page.number - 1) * page.size;
  const items = all.slice(start, start + page.size);
  const prev = page.number > 1 ? Math.min(page.number - 1, totalPages) : null;
  const next = page.number < totalPages ? page.number + 1 : null;
  const link = (n: number): string => {
    const copy = new URL(url.pathname + url.search, publicUrl);
    copy.searchParams.set('page[number]', String(n));
    copy.searchParams.set('page[size]', String(page.size));
    return copy.toString();
  };
  return {
    items,
    links: {
      self: link(page.number),
      first: link(1),
      prev: prev === null ? null : link(prev),
      next: next === null ? null : link(next),
      last: link(totalPages),
    },
    meta: {
      pagination: {
        'current-page': page.number,
        'page-size': page.size,
        'prev-page': prev,
        'next-page': next,
        'total-pages': totalPages,
        'total-count': totalCount,
      },
    },
  };
}

/** `filter[tagged][0][key]=env&filter[tagged][0][value]=prod` → [{key:'env', value:'prod'}], ordered by index. */
export function indexedFilters(url: URL, prefix: string): { key: string; value: string | null }[] {
  const found = new Map<number, { key?: string; value?: string }>();
  const pattern = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\d+)\\]\\[(key|value)\\]$`);
  for (const [name, value] of url.searchParams) {
    const match = pattern.exec(name);
    if (!match) continue;
    const entry = found.get(Number(match[1])) ?? {};
    entry[match[2] as 'key' | 'value'] = value;
    found.set(Number(match[1]), entry);
  }
  return [...found.entries()]
    .sort((a, b) => a[0] - b[0])
    .filter(([, entry]) => entry.key !== undefined)
    .map(([, entry]) => ({ key: entry.key as string, value: entry.value ?? null }));
}

/** Comma-separated list parameter; empty entries dropped. */
export function listParam(url: URL, name: string): string[] | null {
  const raw = param(url, name);
  if (raw === null) return null;
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export const iso = (ms: number): string => new Date(ms).toISOString();

// Paged lists: one page as a typed `Page`, and `fetchAllPages`, which reads page 1 for `total-pages` and then
// fetches the rest concurrently, reporting each page as it lands so a list can fill progressively.
// The rate limit is not handled here: every request already goes through the client's token bucket, which
// also pauses everyone on a 429 (rate-limiter.ts), so concurrency here cannot cause a storm of 429s.
import type { z } from 'zod';
import type { ApiCore, ApiRequest } from './client';
import { validate } from './client';
import { IncludedLookup, readLinks, readPagination, type Page, type Resource } from './jsonapi';
import { listDocument } from './schemas';

/** The service's largest page size (the default is 20, workspace-api.md, Limits). */
export const MAX_PAGE_SIZE = 100;

export interface PageOptions {
  pageNumber?: number;
  pageSize?: number;
  signal?: AbortSignal;
}

/** Fetches one page of a list endpoint and validates every item with `item`. */
export async function fetchPage<S extends z.ZodType>(
  core: ApiCore,
  req: ApiRequest,
  item: S,
  options: PageOptions = {},
): Promise<Page<z.infer<S>>> {
  const query = { ...req.query, 'page[number]': options.pageNumber ?? 1, 'page[size]': options.pageSize ?? MAX_PAGE_SIZE };
  const response = await core.request({ ...req, query, signal: options.signal ?? req.signal });
  const document = validate(listDocument(item), response.json, req.what);
  const items = document.data as z.infer<S>[];
  return {
    items,
    pagination: readPagination(document.meta, items.length),
    links: readLinks(document.links),
    included: new IncludedLookup((document.included ?? []) as Resource[]),
    meta: (document.meta ?? {}) as Record<string, unknown>,
  };
}

export interface FetchAllOptions<R> {
  /** Called once per page, in the order pages arrive (not necessarily page order). */
  onPage?: (items: R[], pageNumber: number, totalPages: number) => void;
  /** Pages in flight at once after page 1 (default 6); the bucket still decides the pace. */
  concurrency?: number;
  pageSize?: number;
  signal?: AbortSignal;
}

export interface AllPages<R> {
  /** Every item, in page order. */
  items: R[];
  totalCount: number;
  totalPages: number;
  included: IncludedLookup;
  /** `meta` of page 1, e.g. the project list's `status-counts`. */
  meta: Record<string, unknown>;
}

export async function fetchAllPages<R>(fetch: (pageNumber: number, pageSize: number, signal?: AbortSignal) => Promise<Page<R>>, options: FetchAllOptions<R> = {}): Promise<AllPages<R>> {
  const pageSize = options.pageSize ?? MAX_PAGE_SIZE;
  const first = await fetch(1, pageSize, options.signal);
  const totalPages = first.pagination.totalPages;
  options.onPage?.(first.items, 1, totalPages);
  const pages: R[][] = new Array(totalPages);
  pages[0] = first.items;
  const included = [...first.included.all()];

  // A small pool of workers pulls page numbers; the first failure stops the others from taking new pages.
  let next = 2;
  let failed: unknown = null;
  const worker = async (): Promise<void> => {
    while (failed === null && next <= totalPages) {
      const number = next++;
      try {
        const page = await fetch(number, pageSize, options.signal);
        pages[number - 1] = page.items;
        included.push(...page.included.all());
        options.onPage?.(page.items, number, totalPages);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 6, totalPages - 1));
  if (totalPages > 1) await Promise.all(Array.from({ length: workers }, worker));
  if (failed !== null) throw failed;
  return {
    items: pages.flat(),
    totalCount: first.pagination.totalCount,
    totalPages,
    included: new IncludedLookup(included),
    meta: first.meta,
  };
}

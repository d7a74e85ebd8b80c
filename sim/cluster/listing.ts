// List queries shared by jobs, allocations and nodes: `filter`, `per_page` + `next_token` pagination with the
// X-Cluster-NextToken header. Items are visited in token order; a page starts at the first item whose token is
// >= next_token, as Nomad's paginator does; items the filter rejects do not count toward a page.
import { compileFilter, FilterError } from './filter-expr';
import { sendError, type Ctx } from './http';
import type { Json } from './model';

export interface ListOptions<T> {
  /** Candidates, already sorted by `tokenOf`. */
  items: Iterable<T>;
  tokenOf(item: T): string;
  view(item: T): Json;
}

export interface ListPage {
  items: Json[];
  nextToken: string | null;
}

/** Returns the page, or null after answering 400 for a bad `per_page` or `filter`. */
export function listPage<T>(ctx: Ctx, options: ListOptions<T>): ListPage | null {
  const rawPerPage = ctx.url.searchParams.get('per_page');
  let perPage = 0;
  if (rawPerPage !== null && rawPerPage !== '') {
    if (!/^\d+$/.test(rawPerPage)) {
      sendError(ctx.res, 400, `Failed to parse value of "per_page" (${rawPerPage}) as a uint32`);
      return null;
    }
    perPage = Number(rawPerPage);
  }
  const nextToken = ctx.url.searchParams.get('next_token') ?? '';
  const expression = ctx.url.searchParams.get('filter') ?? '';
  let filter: ((datum: unknown) => boolean) | null = null;
  if (expression !== '') {
    try {
      filter = compileFilter(expression);
    } catch (error) {
      sendError(ctx.res, 400, (error as Error).message);
      return null;
    }
  }
  const out: Json[] = [];
  try {
    for (const item of options.items) {
      const token = options.tokenOf(item);
      if (nextToken && token < nextToken) continue;
      const view = options.view(item);
      if (filter && !filter(view)) continue;
      if (perPage > 0 && out.length === perPage) return { items: out, nextToken: token };
      out.push(view);
    }
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    sendError(ctx.res, 400, error.message);
    return null;
  }
  return { items: out, nextToken: null };
}

/**
 * Validates `per_page` and `filter` up front, so a held blocking query never ends in a late 400. With a `sample`
 * (any list item's view) the filter is also evaluated once, which catches selectors naming unknown fields.
 */
export function checkListQuery(ctx: Ctx, sample?: () => Json | undefined): boolean {
  const rawPerPage = ctx.url.searchParams.get('per_page');
  if (rawPerPage && !/^\d+$/.test(rawPerPage)) {
    sendError(ctx.res, 400, `Failed to parse value of "per_page" (${rawPerPage}) as a uint32`);
    return false;
  }
  const expression = ctx.url.searchParams.get('filter') ?? '';
  if (!expression) return true;
  try {
    const filter = compileFilter(expression);
    const datum = sample?.();
    if (datum !== undefined) filter(datum);
    return true;
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    sendError(ctx.res, 400, error.message);
    return false;
  }
}

// JSON:API shapes shared by the workspace client and the renderer (workspace-api.md, Resources). Types only.

export interface ResourceIdentifier {
  id: string;
  type: string;
}

export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: Record<string, string | null | undefined>;
}

export interface Resource<A = Record<string, unknown>, T extends string = string> {
  id: string;
  type: T;
  attributes: A;
  relationships?: Record<string, Relationship>;
  links?: Record<string, unknown>;
}

export interface PaginationMeta {
  currentPage: number;
  pageSize: number;
  prevPage: number | null;
  nextPage: number | null;
  totalPages: number;
  totalCount: number;
}

export interface PageLinks {
  self?: string;
  first?: string;
  prev?: string | null;
  next?: string | null;
  last?: string;
}

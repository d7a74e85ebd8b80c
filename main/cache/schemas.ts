// Params schemas of the cache.* methods, checked by the compiler against the types-only contract.
import { z } from 'zod';
import { empty, id } from '../host/schemas/common';

export const cacheSchemas = {
  'cache.stats': empty,
  'cache.clear': z.object({ connectionId: id.optional() }).strict(),
} as const;

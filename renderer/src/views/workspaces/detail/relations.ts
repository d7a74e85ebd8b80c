// Reads a to-one relationship's id from a JSON:API document (agent pool, SSH key, project, locked-by).
import type { Resource } from '../../../../../main/contract';

export function relatedId(resource: Resource | null | undefined, name: string): string | null {
  const data = resource?.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

// The objects an event concerns, as in-app routes: the job, allocation, node or deployment (issue 6 §2). Read from
// the event's Key and its payload's own IDs (cluster-api.md, Event stream: each topic carries its object).
import type { ClusterEvent } from '../../../../main/contract';

export type LinkKind = 'job' | 'allocation' | 'node' | 'deployment' | 'evaluation';

export interface EventLink {
  kind: LinkKind;
  /** What the link opens, e.g. "job web-frontend". */
  label: string;
  /** A hash route: `/jobs/:namespace/:id`, `/allocations/:id`, `/nodes/:id`. */
  to: string;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const short = (id: string): string => (/^[0-9a-f]{8}-[0-9a-f]{4}-/.test(id) ? id.slice(0, 8) : id);
const enc = encodeURIComponent;

function jobLink(namespace: string, jobId: string): EventLink | null {
  if (!jobId) return null;
  return { kind: 'job', label: `job ${jobId}`, to: `/jobs/${enc(namespace || 'default')}/${enc(jobId)}` };
}

export function eventLinks(event: ClusterEvent): EventLink[] {
  const payload = event.Payload ?? {};
  const object = (payload[event.Topic] ?? (event.Topic === 'NodeDrain' ? payload.Node : undefined) ?? {}) as Record<string, unknown>;
  const ns = str(object.Namespace) || event.Namespace;
  const links: (EventLink | null)[] = [];
  switch (event.Topic) {
    case 'Job':
      links.push(jobLink(ns, str(object.ID) || event.Key));
      break;
    case 'Allocation': {
      const id = str(object.ID) || event.Key;
      links.push({ kind: 'allocation', label: `allocation ${short(id)}`, to: `/allocations/${enc(id)}` });
      links.push(jobLink(ns, str(object.JobID)));
      const node = str(object.NodeID);
      if (node) links.push({ kind: 'node', label: `node ${str(object.NodeName) || short(node)}`, to: `/nodes/${enc(node)}` });
      const deployment = str(object.DeploymentID);
      // Deployments are shown on their job's page (jobs view, Deployments tab).
      if (deployment && str(object.JobID)) links.push({ kind: 'deployment', label: `deployment ${short(deployment)}`, to: `/jobs/${enc(ns || 'default')}/${enc(str(object.JobID))}?tab=deployments&deployment=${enc(deployment)}` });
      break;
    }
    case 'Evaluation': {
      links.push(jobLink(ns, str(object.JobID)));
      const node = str(object.NodeID);
      if (node) links.push({ kind: 'node', label: `node ${short(node)}`, to: `/nodes/${enc(node)}` });
      break;
    }
    case 'Deployment': {
      const id = str(object.ID) || event.Key;
      const job = str(object.JobID);
      if (job) {
        links.push({ kind: 'deployment', label: `deployment ${short(id)}`, to: `/jobs/${enc(ns || 'default')}/${enc(job)}?tab=deployments&deployment=${enc(id)}` });
        links.push(jobLink(ns, job));
      }
      break;
    }
    case 'Node':
    case 'NodeDrain': {
      const id = str(object.ID) || event.Key;
      links.push({ kind: 'node', label: `node ${str(object.Name) || short(id)}`, to: `/nodes/${enc(id)}` });
      break;
    }
    default:
      break;
  }
  return links.filter((l): l is EventLink => l !== null);
}

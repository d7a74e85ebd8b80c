// The subscription the person picks: topics (`Topic` or `Topic:FilterKey`) and a namespace, checked here before
// anything is sent, with the same rules main enforces (main/streams/stream-params.ts; cluster-api.md, Event stream).

export const TOPICS = ['Job', 'Allocation', 'Evaluation', 'Deployment', 'Node', 'NodeDrain', 'Service', 'ACLToken', 'ACLPolicy'] as const;

/** Topics a namespace-scoped token may read; the default choice, so a non-management token works out of the box. */
export const DEFAULT_TOPICS = ['Job', 'Allocation', 'Evaluation', 'Deployment', 'Node'];

const TOPIC_RE = /^(\*|ACLToken|ACLPolicy|Allocation|Job|Evaluation|Deployment|Node|NodeDrain|Service)(:[^\s:][^\s]*)?$/;
const NAMESPACE_RE = /^(\*|[a-zA-Z0-9-]{1,128})$/;

export const MAX_TOPICS = 32;

/** Why a topic entry is not valid, or null when it is. */
export function topicProblem(entry: string): string | null {
  if (entry.length > 256) return `“${entry.slice(0, 40)}…” is too long (at most 256 characters).`;
  if (TOPIC_RE.test(entry)) return null;
  const [topic] = entry.split(':');
  if (!TOPIC_RE.test(topic)) return `“${topic}” is not a topic. Use one of ${TOPICS.join(', ')} or *, optionally followed by “:” and a filter key (for example Job:web).`;
  return `“${entry}” has an invalid filter key: after “${topic}:” put a job ID, node ID or other key, without spaces or another “:”.`;
}

export function namespaceProblem(namespace: string): string | null {
  if (namespace === '') return 'Choose a namespace, or * for all namespaces.';
  if (!NAMESPACE_RE.test(namespace)) return `“${namespace.slice(0, 40)}” is not a namespace name: letters, digits and “-”, at most 128 characters; or * for all.`;
  return null;
}

/** Turns a free-text entry into a topic: `job:web` → `Job:web` (topic names are case-sensitive on the server). */
export function normalizeTopic(entry: string): string {
  const text = entry.trim();
  const colon = text.indexOf(':');
  const head = colon < 0 ? text : text.slice(0, colon);
  const known = [...TOPICS, '*'].find((t) => t.toLowerCase() === head.toLowerCase());
  return known ? known + (colon < 0 ? '' : text.slice(colon)) : text;
}

export function choiceProblems(topics: readonly string[], namespace: string): string[] {
  const problems = topics.map(topicProblem).filter((p): p is string => p !== null);
  if (topics.length > MAX_TOPICS) problems.push(`At most ${MAX_TOPICS} topics can be followed at once; remove ${topics.length - MAX_TOPICS}.`);
  const ns = namespaceProblem(namespace);
  if (ns) problems.push(ns);
  return problems;
}

/** True when the choice needs a management token (or a policy on every namespace), to explain a 403. */
export function needsWideAccess(topics: readonly string[], namespace: string): boolean {
  return namespace === '*' || topics.length === 0 || topics.some((t) => ['*', 'ACLToken', 'ACLPolicy'].includes(t.split(':')[0]));
}

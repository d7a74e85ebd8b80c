// One colour per topic, shared by the list's tags and the sparklines so the eye links them.
const COLORS: Record<string, string> = {
  Job: '#2080f0',
  Allocation: '#18a058',
  Evaluation: '#8a63d2',
  Deployment: '#f0a020',
  Node: '#d03050',
  NodeDrain: '#c0582c',
  Service: '#0e9f9f',
  ACLToken: '#7f7f7f',
  ACLPolicy: '#7f7f7f',
};

export function topicColor(topic: string): string {
  return COLORS[topic] ?? '#7f7f7f';
}

import { describe, expect, it } from 'vitest';
import { choiceProblems, needsWideAccess, normalizeTopic, topicProblem } from './topic-choice';

describe('topic choice', () => {
  it('accepts topics with and without filter keys, as main does', () => {
    for (const t of ['Job', 'Job:web', 'Node:*', '*', 'Allocation:0f1e-22', 'NodeDrain']) expect(topicProblem(t), t).toBeNull();
  });

  it('explains what is wrong with an entry', () => {
    expect(topicProblem('Jobs')).toMatch(/“Jobs” is not a topic/);
    expect(topicProblem('Job:a b')).toMatch(/invalid filter key/);
    expect(topicProblem('Job::x')).toMatch(/invalid filter key/);
  });

  it('fixes the case of a typed topic name but keeps the key as typed', () => {
    expect(normalizeTopic(' job:Web ')).toBe('Job:Web');
    expect(normalizeTopic('nodedrain')).toBe('NodeDrain');
    expect(normalizeTopic('Widget')).toBe('Widget');
  });

  it('checks the namespace and the number of topics', () => {
    expect(choiceProblems(['Job'], '*')).toEqual([]);
    expect(choiceProblems(['Job'], '')[0]).toMatch(/Choose a namespace/);
    expect(choiceProblems(['Job'], 'a b')[0]).toMatch(/not a namespace name/);
    expect(choiceProblems(Array.from({ length: 33 }, () => 'Job'), 'default')).toEqual([expect.stringMatching(/At most 32 topics/)]);
  });

  it('knows which choices need a management token', () => {
    expect(needsWideAccess([], 'default')).toBe(true);
    expect(needsWideAccess(['Job'], '*')).toBe(true);
    expect(needsWideAccess(['ACLToken'], 'default')).toBe(true);
    expect(needsWideAccess(['Job', 'Node'], 'default')).toBe(false);
  });
});

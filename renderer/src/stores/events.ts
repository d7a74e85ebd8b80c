// The events view's live feed of the active cluster (issue 6 §2): one `events.cluster` subscription, a bounded buffer
// in the renderer, pause and resume, text search, per-topic rates and the stream's health (status, drops, gaps).
import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { ClusterEvent, StreamBatch, StreamStatus } from '../../../main/contract';
import { subscribe } from '@/bridge';
import { EventBuffer, toEntry, type EventEntry } from '@/views/events/event-buffer';
import { TopicRates } from '@/views/events/topic-rates';
import { choiceProblems, DEFAULT_TOPICS, needsWideAccess } from '@/views/events/topic-choice';

/** Events kept in the renderer; older ones are let go and counted (design.md, The contract: bounded buffers). */
export const EVENT_BUFFER_CAPACITY = 20_000;
/** How often arriving events are applied to the list (see applyIncoming). */
export const APPLY_INTERVAL_MS = 200;
/** Gap notices kept for the status bar; each one is also the reason to refetch lists elsewhere. */
const GAPS_KEPT = 5;

export interface GapNotice {
  fromIndex: number;
  toIndex: number;
  at: number;
}

export const useEventsStore = defineStore('events', () => {
  const buffer = markRaw(new EventBuffer(EVENT_BUFFER_CAPACITY));
  const rates = markRaw(new TopicRates());

  // What the person chose; a change re-subscribes.
  const topics = ref<string[]>([...DEFAULT_TOPICS]);
  const namespace = ref('*');
  const search = ref('');

  const connectionId = ref<string | null>(null);
  const status = ref<StreamStatus | 'idle'>('idle');
  const message = ref<string | undefined>(undefined);
  /** Dropped by main's per-subscriber buffer because the renderer fell behind. */
  const hostDropped = ref(0);
  /** Let go by the renderer's own buffer (oldest first) or while paused beyond its capacity. */
  const bufferDropped = ref(0);
  const malformed = ref(0);
  const received = ref(0);
  const gaps = shallowRef<GapNotice[]>([]);
  /** The choice refused with 401/403 by the server, to explain the management-token rule. */
  const refusedWide = ref(false);

  const paused = ref(false);
  /** Events received while paused, already in their compact form (payload as text). */
  let held: EventEntry[] = [];
  const heldCount = ref(0);

  const selectedSeq = ref<number | null>(null);
  /** Bumps whenever the buffer or its filtered view changed: templates read entries through it. */
  const revision = ref(0);

  let unsubscribe: (() => void) | null = null;
  /** The subscription whose batches are current; a late batch of an older one is ignored. */
  let generation = 0;
  let subscribedKey = '';

  const visible = computed<readonly EventEntry[]>(() => {
    void revision.value;
    return buffer.visible;
  });
  /** A count, not the array: the array is the same object batch after batch, so a computed of it never re-triggers. */
  const visibleCount = computed(() => {
    void revision.value;
    return buffer.visible.length;
  });
  const bufferedCount = computed(() => {
    void revision.value;
    return buffer.size;
  });
  const selected = computed<EventEntry | undefined>(() => {
    void revision.value;
    return selectedSeq.value === null ? undefined : buffer.bySeq(selectedSeq.value);
  });
  const problems = computed(() => choiceProblems(topics.value, namespace.value));
  const lastGap = computed(() => gaps.value.at(-1));

  function keyOf(id: string): string {
    return JSON.stringify([id, [...topics.value].sort(), namespace.value]);
  }

  function onBatch(mine: number, batch: StreamBatch<ClusterEvent>): void {
    if (mine !== generation) return;
    status.value = batch.status;
    message.value = batch.message;
    if (batch.dropped) hostDropped.value += batch.dropped;
    if (batch.malformed) malformed.value += batch.malformed;
    if (batch.gap) gaps.value = [...gaps.value, { ...batch.gap, at: Date.now() }].slice(-GAPS_KEPT);
    if (batch.status === 'ended' && /\b(401|403)\b/.test(batch.message ?? '')) refusedWide.value = needsWideAccess(topics.value, namespace.value);
    if (batch.status === 'live') refusedWide.value = false;
    if (batch.items.length === 0) return;
    received.value += batch.items.length;
    const now = Date.now();
    countRates(batch.items, now);
    if (paused.value) {
      for (const item of batch.items) held.push(toEntry(item, 0, now));
      // Paused for long on a busy stream: keep only what the buffer could show anyway.
      if (held.length > EVENT_BUFFER_CAPACITY) {
        bufferDropped.value += held.length - EVENT_BUFFER_CAPACITY;
        held = held.slice(-EVENT_BUFFER_CAPACITY);
      }
      heldCount.value = held.length;
      return;
    }
    for (const item of batch.items) incoming.push(toEntry(item, 0, now));
    scheduleApply();
  }

  /**
   * New events reach the list at most every APPLY_INTERVAL_MS: the host batches every ~75 ms, and re-rendering the
   * feed that often on a busy stream costs main-thread time without showing anything a person can read faster.
   */
  let incoming: EventEntry[] = [];
  let applyTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleApply(): void {
    if (applyTimer === undefined) applyTimer = setTimeout(applyIncoming, APPLY_INTERVAL_MS);
  }
  function applyIncoming(): void {
    if (applyTimer !== undefined) clearTimeout(applyTimer);
    applyTimer = undefined;
    if (incoming.length === 0) return;
    const entries = incoming;
    incoming = [];
    bufferDropped.value += buffer.appendEntries(entries);
    revision.value++;
  }

  function countRates(items: readonly ClusterEvent[], now: number): void {
    let topic = items[0].Topic;
    let run = 0;
    for (const item of items) {
      if (item.Topic !== topic) {
        rates.record(topic, run, now);
        topic = item.Topic;
        run = 0;
      }
      run++;
    }
    rates.record(topic, run, now);
  }

  /**
   * Follows the stream of `id` with the current choice. Returning to the same choice resumes after the newest
   * buffered event (main resumes by index and reports a gap if the server no longer holds what came after it).
   */
  function start(id: string): void {
    stop();
    if (problems.value.length > 0) {
      status.value = 'idle';
      return;
    }
    const key = keyOf(id);
    const resume = key === subscribedKey && buffer.size > 0;
    if (!resume) resetFeed();
    subscribedKey = key;
    connectionId.value = id;
    status.value = 'connecting';
    message.value = undefined;
    const mine = ++generation;
    const params = { connectionId: id, topics: [...topics.value], namespace: namespace.value, ...(resume ? { index: buffer.lastIndex } : {}) };
    unsubscribe = subscribe('events.cluster', params, (batch) => onBatch(mine, batch));
  }

  function stop(): void {
    // What arrived before the stop is shown: the resume index is the newest event held.
    applyIncoming();
    generation++;
    unsubscribe?.();
    unsubscribe = null;
    if (status.value !== 'ended') status.value = 'idle';
  }

  function resetFeed(): void {
    if (applyTimer !== undefined) clearTimeout(applyTimer);
    applyTimer = undefined;
    incoming = [];
    buffer.clear();
    rates.reset();
    held = [];
    heldCount.value = 0;
    hostDropped.value = 0;
    bufferDropped.value = 0;
    malformed.value = 0;
    received.value = 0;
    gaps.value = [];
    refusedWide.value = false;
    selectedSeq.value = null;
    revision.value++;
  }

  /** New topics or namespace: a fresh feed from the server's backlog. */
  function choose(next: { topics?: string[]; namespace?: string }): void {
    if (next.topics) topics.value = next.topics;
    if (next.namespace !== undefined) namespace.value = next.namespace;
    if (connectionId.value) start(connectionId.value);
  }

  function pause(): void {
    applyIncoming();
    paused.value = true;
  }

  function resume(): void {
    paused.value = false;
    if (held.length) {
      bufferDropped.value += buffer.appendEntries(held);
      held = [];
      heldCount.value = 0;
      revision.value++;
    }
  }

  function setSearch(text: string): void {
    search.value = text;
    buffer.setSearch(text);
    revision.value++;
  }

  function select(seq: number | null): void {
    selectedSeq.value = seq;
  }

  function dismissGaps(): void {
    gaps.value = [];
  }

  return {
    buffer,
    rates,
    topics,
    namespace,
    search,
    connectionId,
    status,
    message,
    hostDropped,
    bufferDropped,
    malformed,
    received,
    gaps,
    lastGap,
    refusedWide,
    paused,
    heldCount,
    selectedSeq,
    selected,
    revision,
    visible,
    visibleCount,
    bufferedCount,
    problems,
    start,
    stop,
    choose,
    pause,
    resume,
    setSearch,
    select,
    dismissGaps,
    /** Shows what arrived since the last apply now (tests; the view applies on its own timer). */
    applyIncoming,
  };
});

// A real Quarterdeck in Chromium for the cluster-lists benchmark: the web app (browser mode) as a process, one
// cluster connection to a given simulator, and in-page probes that time what a person sees (rows on screen).
import { chromium, type Browser, type Page } from '@playwright/test';
import { startWebApp, type WebApp } from '../../e2e/support/processes';
import { CHROMIUM_ARGS } from '../../e2e/support/app';

/**
 * Installed before the app's scripts: the browser-mode bridge (window.quarterdeck) is frozen, so the probe watches
 * its WebSocket instead and records when the answer to an `allocations.query` for a given search text arrives.
 */
const ANSWER_PROBE = `
window.__qdSent = new Map();
window.__qdAnswered = new Map();
const ProbeBase = window.WebSocket;
window.WebSocket = class extends ProbeBase {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      try {
        const message = JSON.parse(event.data);
        if (typeof message.id === 'number' && window.__qdSent.has(message.id)) {
          window.__qdAnswered.set(window.__qdSent.get(message.id), performance.now());
          window.__qdSent.delete(message.id);
        }
      } catch {}
    });
  }
  send(data) {
    try {
      const message = JSON.parse(data);
      if (message.kind === 'invoke' && message.method === 'allocations.query' && typeof message.params?.search === 'string') window.__qdSent.set(message.id, message.params.search);
    } catch {}
    return super.send(data);
  }
};
`;

export interface UiSession {
  page: Page;
  /** Creates a cluster connection, makes it active and reloads; returns its id. */
  connect(name: string, url: string, token: string): Promise<string>;
  close(): Promise<void>;
}

export async function openUi(): Promise<UiSession> {
  const web: WebApp = await startWebApp();
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, which wraps the functions passed to page.evaluate in `__name`;
  // the page needs that helper to exist.
  await page.addInitScript({ content: `window.__name = (fn) => fn;\n${ANSWER_PROBE}` });
  await page.goto(web.url);
  await page.waitForFunction(() => 'quarterdeck' in window);
  const invoke = async <T>(method: string, params: unknown): Promise<T> => {
    const answer = (await page.evaluate(
      ([m, p]) => (window as unknown as { quarterdeck: { invoke(m: string, p: unknown): Promise<unknown> } }).quarterdeck.invoke(m as string, p),
      [method, params] as const,
    )) as { ok: boolean; value: T; error?: { message: string } };
    if (!answer.ok) throw new Error(`${method}: ${answer.error?.message}`);
    return answer.value;
  };
  return {
    page,
    async connect(name, url, token) {
      const created = await invoke<{ profile: { id: string } }>('connections.create', { kind: 'cluster', name, address: url, namespace: 'default', token });
      await invoke('connections.setActive', { id: created.profile.id });
      await page.goto(`${web.url.split('#')[0]}#/connections`);
      await page.waitForFunction(() => 'quarterdeck' in window);
      await page.getByTestId('active-connection').waitFor();
      return created.profile.id;
    },
    async close() {
      await browser.close();
      await web.stop();
    },
  };
}

/** In the page: navigates to the allocations list and resolves with ms until the first real row is on screen. */
export async function timeToFirstRow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        window.location.hash = '#/allocations';
        const check = () => {
          if (document.querySelector('[data-testid="allocations-table-row"]')) resolve(performance.now() - start);
          else if (performance.now() - start > 60_000) reject(new Error('no row after 60 s'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/**
 * In the page: types `text` into the allocations search one character at a time and returns, per keystroke, the ms
 * from the input event until the answer to the view's `allocations.query` for that text has arrived and the next
 * frame is painted (ANSWER_PROBE sees the answer). Includes the view's typing pause (`debounceMs`).
 */
export async function typeSearch(page: Page, text: string): Promise<number[]> {
  return page.evaluate(
    (typed) =>
      new Promise<number[]>((resolve, reject) => {
        const answered = (window as unknown as { __qdAnswered: Map<string, number> }).__qdAnswered;
        const input = document.querySelector('[data-testid="allocations-search"] input') as HTMLInputElement;
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const times: number[] = [];
        const step = (i: number) => {
          if (i >= typed.length) return resolve(times);
          const value = typed.slice(0, i + 1);
          answered.delete(value);
          const start = performance.now();
          setter.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
          const check = () => {
            if (answered.has(value)) {
              // The answer is in; it is on screen once the next frame has been painted.
              requestAnimationFrame(() => {
                times.push(performance.now() - start);
                step(i + 1);
              });
            } else if (performance.now() - start > 30_000) reject(new Error(`keystroke ${i + 1} got no answer`));
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        };
        step(0);
      }),
    text,
  );
}

/** In the page: the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) during `ms`; 0 if none. */
export async function longestTask(page: Page, ms: number): Promise<{ longestMs: number; count: number }> {
  return page.evaluate(
    (duration) =>
      new Promise<{ longestMs: number; count: number }>((resolve) => {
        let longest = 0;
        let count = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            longest = Math.max(longest, entry.duration);
            count++;
          }
        });
        observer.observe({ type: 'longtask', buffered: false });
        setTimeout(() => {
          observer.disconnect();
          resolve({ longestMs: Math.round(longest), count });
        }, duration);
      }),
    ms,
  );
}

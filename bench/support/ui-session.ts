// A real Quarterdeck in Chromium for the cluster-lists benchmark: the web app (browser mode) as a process, one
// cluster connection to a given simulator, and in-page probes that time what a person sees (rows on screen).
import { chromium, type Browser, type Page } from '@playwright/test';
import { startWebApp, type WebApp } from '../../e2e/support/processes';
import { CHROMIUM_ARGS } from '../../e2e/support/app';

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
 * from the input event until the view's `allocations.query` for that text has answered and the next frame is
 * painted (the bridge is wrapped to see the answer). Includes the view's typing pause (`debounceMs`).
 */
export async function typeSearch(page: Page, text: string): Promise<number[]> {
  return page.evaluate(
    (typed) =>
      new Promise<number[]>((resolve, reject) => {
        type Bridge = { invoke(m: string, p: unknown): Promise<unknown> };
        const w = window as unknown as { quarterdeck: Bridge; __qdAnswered?: Map<string, number> };
        if (!w.__qdAnswered) {
          const answered = new Map<string, number>();
          const original = w.quarterdeck.invoke.bind(w.quarterdeck);
          w.quarterdeck.invoke = async (m, p) => {
            const result = await original(m, p);
            const search = (p as { search?: string; offset?: number }).search;
            if (m === 'allocations.query' && search !== undefined) answered.set(search, performance.now());
            return result;
          };
          w.__qdAnswered = answered;
        }
        const answered = w.__qdAnswered;
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
              // The answer is in; the frame after this one shows it.
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

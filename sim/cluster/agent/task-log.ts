// The text a task writes to stdout or stderr: deterministic for (seed, allocation, task, stream), with ANSI colours,
// multi-byte UTF-8 (umlauts, CJK, emoji), the odd JSON line, long lines and multi-line stack traces, so the console's
// log view meets what real workloads print.
import type { Rng } from '../../rng';
import { derivedRng } from './seeded';

export type LogType = 'stdout' | 'stderr';

const GREEN = '\x1b[32m';
const CYAN = '\x1b[36m';
const YELLOW = '\x1b[33m';
const RED = '\x1b[31m';
const BOLD_BLUE = '\x1b[1;34m';
const RESET = '\x1b[0m';

const PATHS = ['/api/orders', '/api/users', '/api/bestellungen', '/health', '/api/商品', '/metrics'];
const NAMES = ['José Ñúñez', 'Zoë Åkesson', '山田太郎', 'Chloé Brontë', 'Øystein Løkke'];

/** Writes successive lines of one task's stream; the generator continues where it left off as the file grows. */
export class TaskLogWriter {
  private readonly rng: Rng;
  private counter = 0;

  constructor(seed: number, allocId: string, readonly task: string, readonly type: LogType) {
    this.rng = derivedRng(seed, 'task-log', allocId, task, type);
  }

  /** Milliseconds until the next line, as the workload would pace its output. */
  nextGapMs(): number {
    return this.rng.int(20, 3_000);
  }

  /** One entry (a line, or several for a stack trace), newline-terminated, stamped with `timeMs`. */
  nextEntry(timeMs: number): string {
    this.counter++;
    const ts = new Date(timeMs).toISOString();
    return this.type === 'stdout' ? this.stdoutEntry(ts) : this.stderrEntry(ts);
  }

  private stdoutEntry(ts: string): string {
    const r = this.rng;
    const n = this.counter;
    switch (r.int(0, 9)) {
      case 0:
        return `${ts} ${GREEN}INFO${RESET}  überprüfung ✓ batch ${n} complete — 日本語 ok 🚀\n`;
      case 1:
        return `${ts} ${CYAN}DEBUG${RESET} cache hit key=user:${r.int(1, 9_999)} ttl=${r.int(1, 600)}s\n`;
      case 2:
        return `{"level":"info","ts":"${ts}","msg":"request served","path":"${r.pick(PATHS)}","status":200,"user":"${r.pick(NAMES)}"}\n`;
      case 3:
        return `${ts} ${BOLD_BLUE}==>${RESET} deploy step ${(n % 7) + 1}/7: Größe=${r.int(1, 4_096)}KiB Ünterstützung aktiv\n`;
      case 4:
        // A long line, to exercise wrapping and horizontal scrolling in the log view.
        return `${ts} ${CYAN}DEBUG${RESET} payload ${'0123456789abcdef'.repeat(r.int(20, 40))} …end\n`;
      case 5:
        return `${ts} ${GREEN}INFO${RESET}  worker ${r.int(1, 16)} processed ${r.int(1, 500)} jobs in ${r.int(1, 900)}ms · queue=${r.int(0, 40)}\n`;
      default:
        return `${ts} ${GREEN}INFO${RESET}  [${this.task}] GET ${r.pick(PATHS)}/${r.int(1, 99_999)} ${GREEN}200${RESET} ${r.int(1, 450)}ms\n`;
    }
  }

  private stderrEntry(ts: string): string {
    const r = this.rng;
    switch (r.int(0, 7)) {
      case 0:
        return `${ts} ${RED}ERROR${RESET} Fehler bei der Überprüfung: ungültige Eingabe «${r.int(1, 999)}» ✗\n`;
      case 1:
        return (
          `${ts} ${RED}ERROR${RESET} unhandled exception in worker\n` +
          'Traceback (most recent call last):\n' +
          `  File "/app/worker.py", line ${r.int(10, 400)}, in run\n` +
          '    result = handler(message)\n' +
          `  File "/app/handlers/orders.py", line ${r.int(10, 400)}, in handle\n` +
          "    raise ValueError(f'Bestellung {order_id} ungültig: 数量 < 0')\n" +
          `ValueError: Bestellung ${r.int(1_000, 9_999)} ungültig: 数量 < 0\n`
        );
      case 2:
        return `${ts} ${RED}ERROR${RESET} connection reset by peer — retrying in ${r.int(1, 30)}s ⚠️\n`;
      default:
        return `${ts} ${YELLOW}WARN${RESET}  slow query ${r.int(200, 5_000)}ms: SELECT * FROM orders WHERE customer = '${r.pick(NAMES)}'\n`;
    }
  }
}

/**
 * The file as it exists when first requested: about `targetBytes` of entries whose timestamps end at `endMs`.
 * Entries are rendered with a placeholder time (same width as every stamp) and stamped once the total duration is
 * known, so the last entry lands on `endMs` and the generator's randomness is drawn in one pass.
 */
export function initialLog(writer: TaskLogWriter, targetBytes: number, endMs: number): Buffer {
  const placeholder = new Date(0).toISOString();
  const gaps: number[] = [];
  const rendered: string[] = [];
  let bytes = 0;
  while (bytes < targetBytes) {
    gaps.push(writer.nextGapMs());
    const text = writer.nextEntry(0);
    rendered.push(text);
    bytes += Buffer.byteLength(text);
  }
  let time = endMs - gaps.reduce((sum, gap) => sum + gap, 0);
  const stamped = rendered.map((text, i) => {
    time += gaps[i];
    return text.split(placeholder).join(new Date(time).toISOString());
  });
  return Buffer.from(stamped.join(''), 'utf8');
}

// The xterm.js side of the log viewer: one read-only terminal with fit and search, fed whole lines. xterm has no
// soft-wrap switch (it always wraps at its column count), so "no wrap" widens the terminal to the widest line
// (capped) inside a horizontally scrolling box, and "wrap" fits the columns to the box (docs/decisions.md).
import { Terminal, type ITheme } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon, type ISearchOptions } from '@xterm/addon-search';
import '@xterm/xterm/css/xterm.css';

/** The widest a no-wrap terminal gets: past this, rows cost too much to lay out and lines wrap anyway. */
export const MAX_NOWRAP_COLUMNS = 1000;
/** Characters per terminal write (see writeInPieces). */
const WRITE_PIECE = 16 * 1024;

const THEME: ITheme = {
  background: '#16181d',
  foreground: '#d7dae0',
  cursor: '#16181d',
  selectionBackground: '#3e4a5e',
  black: '#1e2127',
  red: '#e06c75',
  green: '#98c379',
  yellow: '#d19a66',
  blue: '#61afef',
  magenta: '#c678dd',
  cyan: '#56b6c2',
  white: '#d7dae0',
  brightBlack: '#7f848e',
  brightRed: '#ff7b86',
  brightGreen: '#b5e890',
  brightYellow: '#f0c674',
  brightBlue: '#7cc4ff',
  brightMagenta: '#de9bf0',
  brightCyan: '#7fd8e3',
  brightWhite: '#ffffff',
};

const SEARCH: ISearchOptions = {
  caseSensitive: false,
  decorations: {
    matchBackground: '#5c4d1a',
    matchOverviewRuler: '#d19a66',
    activeMatchBackground: '#b5891c',
    activeMatchColorOverviewRuler: '#f0c674',
  },
};

export interface LogTerminalHooks {
  /** The person scrolled: `atTop` to load earlier text, `atBottom` false to stop following. */
  onScroll(position: { atTop: boolean; atBottom: boolean }): void;
  onSearchResults(result: { index: number; count: number }): void;
}

/** The selection's place in the buffer, to tell one selection from another. */
function selectionKey(term: Terminal): string | null {
  const range = term.getSelectionPosition();
  return range ? `${range.start.x},${range.start.y}-${range.end.x},${range.end.y}` : null;
}

export class LogTerminal {
  readonly term: Terminal;
  private readonly fit = new FitAddon();
  private readonly search = new SearchAddon({ highlightLimit: 2000 });
  private wrap = true;
  private widest = 0;
  /** Set while this code scrolls, so the scroll hook reports only the person's own scrolling. */
  private scrollingByCode = false;
  /**
   * Where the search addon last selected its current match: the addon marks a match by selecting it, and Copy must
   * not take that for the person's own selection (it copied one word instead of the lines shown).
   */
  private searchMatch: string | null = null;

  constructor(private readonly host: HTMLElement, scrollback: number, hooks: LogTerminalHooks) {
    this.term = new Terminal({
      convertEol: true,
      disableStdin: true,
      cursorBlink: false,
      cursorStyle: 'bar',
      cursorInactiveStyle: 'none',
      scrollback,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace',
      fontSize: 12.5,
      lineHeight: 1.15,
      theme: THEME,
      // Search decorations (highlighting every match) are a proposed API in xterm.
      allowProposedApi: true,
    });
    this.term.loadAddon(this.fit);
    this.term.loadAddon(this.search);
    this.term.open(host);
    this.term.onScroll(() => this.reportScroll(hooks));
    // Wheel scrolling at the very top does not move the viewport, so onScroll never fires: report it too.
    host.addEventListener('wheel', (event) => {
      if (event.deltaY < 0 && this.term.buffer.active.viewportY === 0) hooks.onScroll({ atTop: true, atBottom: false });
    }, { passive: true });
    this.search.onDidChangeResults(({ resultIndex, resultCount }) => hooks.onSearchResults({ index: resultIndex, count: resultCount }));
    this.layout();
  }

  private reportScroll(hooks: LogTerminalHooks): void {
    if (this.scrollingByCode) return;
    const buffer = this.term.buffer.active;
    hooks.onScroll({ atTop: buffer.viewportY === 0, atBottom: buffer.viewportY >= buffer.baseY });
  }

  get atBottom(): boolean {
    const buffer = this.term.buffer.active;
    return buffer.viewportY >= buffer.baseY;
  }

  /**
   * Writes in pieces: xterm parses one queued piece at a time and yields to the event loop after ~12 ms, but it never
   * splits a piece, so one large write (a fast log's batch, or a full redraw) would block input for its whole parse.
   */
  private writeInPieces(text: string, done?: () => void): void {
    if (text.length <= WRITE_PIECE) {
      this.term.write(text, done);
      return;
    }
    for (let i = 0; i < text.length; i += WRITE_PIECE) this.term.write(text.slice(i, i + WRITE_PIECE), i + WRITE_PIECE >= text.length ? done : undefined);
  }

  write(text: string, follow: boolean): void {
    if (text === '') return;
    this.writeInPieces(text, () => {
      if (follow) this.scrollToBottom();
    });
  }

  /** Replaces everything shown; `keepLine` keeps that buffer line at the top of the viewport afterwards. */
  replace(text: string, options: { follow: boolean; keepLine?: number }): void {
    this.term.reset();
    this.writeInPieces(text, () => {
      this.scrollingByCode = true;
      if (options.follow) this.term.scrollToBottom();
      else if (options.keepLine !== undefined) this.term.scrollToLine(options.keepLine);
      else this.term.scrollToTop();
      this.scrollingByCode = false;
    });
  }

  scrollToBottom(): void {
    this.scrollingByCode = true;
    this.term.scrollToBottom();
    this.scrollingByCode = false;
  }

  /** Text the person selected, if any (a search match the addon selected does not count). */
  selection(): string {
    if (!this.term.hasSelection()) return '';
    if (this.searchMatch !== null && this.searchMatch === selectionKey(this.term)) return '';
    return this.term.getSelection();
  }

  setWrap(wrap: boolean, widest: number): void {
    this.wrap = wrap;
    this.widest = widest;
    this.layout();
  }

  /** Fits rows (and columns when wrapping) to the box; without wrap, columns follow the widest line. */
  layout(): void {
    const box = this.host.parentElement;
    if (!box || box.clientWidth === 0 || box.clientHeight === 0) return;
    this.host.style.width = '100%';
    const proposed = this.fit.proposeDimensions();
    if (!proposed || !Number.isFinite(proposed.cols) || proposed.cols <= 0) return;
    const rows = Math.max(2, proposed.rows);
    const cols = this.wrap ? Math.max(20, proposed.cols) : Math.max(proposed.cols, Math.min(MAX_NOWRAP_COLUMNS, this.widest + 1));
    if (cols !== this.term.cols || rows !== this.term.rows) this.term.resize(cols, rows);
    if (!this.wrap && cols > proposed.cols) {
      // The box scrolls sideways over a host as wide as the columns (plus the vertical scrollbar).
      const screen = this.host.querySelector<HTMLElement>('.xterm-screen');
      const cellWidth = screen && screen.offsetWidth > 0 ? screen.offsetWidth / cols : box.clientWidth / (proposed.cols + 1);
      this.host.style.width = `${Math.ceil(cols * cellWidth) + 16}px`;
    }
  }

  /** Grows the no-wrap width when a wider line arrives. */
  noteWidest(widest: number): void {
    if (this.wrap || widest <= this.widest) return;
    const before = Math.min(MAX_NOWRAP_COLUMNS, this.widest + 1);
    this.widest = widest;
    if (Math.min(MAX_NOWRAP_COLUMNS, widest + 1) > before) this.layout();
  }

  find(query: string, direction: 'next' | 'previous'): boolean {
    if (query === '') {
      this.clearSearch();
      return false;
    }
    const found = direction === 'next' ? this.search.findNext(query, SEARCH) : this.search.findPrevious(query, SEARCH);
    this.searchMatch = found ? selectionKey(this.term) : null;
    return found;
  }

  clearSearch(): void {
    this.search.clearDecorations();
    this.searchMatch = null;
  }

  dispose(): void {
    this.term.dispose();
  }
}

// Colours for log levels in text that carries none (the agent monitor's `[WARN]` and JSON `"@level":"warn"`), so
// errors and warnings stand out in a fast stream. Copy and download strip the escapes again.

const LEVEL_COLOUR: Record<string, string> = {
  ERROR: '\x1b[31m',
  WARN: '\x1b[33m',
  INFO: '\x1b[32m',
  DEBUG: '\x1b[36m',
  TRACE: '\x1b[2m',
};
const BRACKETED = /\[(ERROR|WARN|INFO|DEBUG|TRACE)\]/g;
const JSON_LEVEL = /("@level"\s*:\s*")(error|warn|info|debug|trace)(")/g;

/** Wraps level markers in colour; text that already holds escapes is left as the producer coloured it. */
export function colourLevels(text: string): string {
  if (text.includes('\x1b[')) return text;
  return text
    .replace(BRACKETED, (whole, level: string) => `${LEVEL_COLOUR[level]}${whole}\x1b[39;22m`)
    .replace(JSON_LEVEL, (_whole, open: string, level: string, close: string) => `${open}${LEVEL_COLOUR[level.toUpperCase()]}${level}\x1b[39;22m${close}`);
}

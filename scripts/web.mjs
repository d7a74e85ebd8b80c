// `npm run web`: runs main/web/cli.ts under tsx inside this process, so Ctrl-C and SIGTERM reach its shutdown
// handler directly (no wrapper process to forward signals through).
import { register } from 'tsx/esm/api';

register();
await import('../main/web/cli.ts');

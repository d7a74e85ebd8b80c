// The only module that touches `window.quarterdeck`. Everything else calls `call()` / `subscribe()` from here,
// so tests can swap the bridge with `setBridge(fake)` and the app never learns whether it runs in Electron or a browser.
import type {
  MethodName,
  MethodParams,
  MethodResult,
  QuarterdeckBridge,
  StreamBatch,
  StreamItem,
  StreamName,
  StreamParams,
} from '../../../main/contract';
import { toBridgeCallError, unwrapResult } from './errors';

export { BridgeCallError, describeError, fieldIssues } from './errors';

let override: QuarterdeckBridge | null = null;

/** Replaces the bridge (tests, stories); `null` goes back to `window.quarterdeck`. */
export function setBridge(bridge: QuarterdeckBridge | null): void {
  override = bridge;
}

function currentBridge(): QuarterdeckBridge | undefined {
  if (override) return override;
  return typeof window === 'undefined' ? undefined : window.quarterdeck;
}

export function isBridgeAvailable(): boolean {
  return currentBridge() !== undefined;
}

export class BridgeUnavailableError extends Error {
  constructor() {
    super('The host bridge is unavailable: Quarterdeck must be opened from the desktop app or from the address `npm run web` prints.');
    this.name = 'BridgeUnavailableError';
  }
}

function requireBridge(): QuarterdeckBridge {
  const bridge = currentBridge();
  if (!bridge) throw new BridgeUnavailableError();
  return bridge;
}

/** Calls a host method; resolves with its value or throws a BridgeCallError carrying code, message and status. */
export async function call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>> {
  const bridge = requireBridge();
  let result;
  try {
    result = await bridge.invoke(method, params);
  } catch (error) {
    throw toBridgeCallError(method, error);
  }
  return unwrapResult(method, result);
}

/** Starts a host stream; the returned function stops it. */
export function subscribe<S extends StreamName>(
  stream: S,
  params: StreamParams<S>,
  onBatch: (batch: StreamBatch<StreamItem<S>>) => void,
): () => void {
  return requireBridge().subscribe(stream, params, onBatch);
}

// What the host core needs from a shell (desktop window or browser-mode socket). No Electron types here.
import type { BridgeResult, StreamBatch } from '../contract';

/** One renderer attached to the host: a BrowserWindow's top frame, or one browser-mode WebSocket. */
export interface Session {
  readonly id: string;
}

/** The host core as both shells see it. */
export interface HostApi {
  invoke(method: unknown, params: unknown, session: Session): Promise<BridgeResult<unknown>>;
  /**
   * Starts a stream for `session`. Batches go only to `deliver`, which the shell binds to that one window or socket.
   * The subscription id is chosen by the renderer so it can route batches before the call returns.
   */
  subscribe(
    stream: unknown,
    params: unknown,
    subscriptionId: unknown,
    session: Session,
    deliver: (batch: StreamBatch<unknown>) => void,
  ): Promise<BridgeResult<{ subscriptionId: string }>>;
  unsubscribe(subscriptionId: unknown, session: Session): void;
  /** The window closed or crashed, or the socket went away: end all its subscriptions. */
  closeSession(session: Session): void;
  /** Number of open subscriptions (all sessions); used by tests and diagnostics. */
  subscriptionCount(session?: Session): number;
  shutdown(): Promise<void>;
}

/** What the shell provides to the host core. */
export interface ShellServices {
  mode: 'desktop' | 'web';
  /** Opens an already-validated http(s) URL in the OS browser. */
  openExternal(url: string): Promise<void>;
}

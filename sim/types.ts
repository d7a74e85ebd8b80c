// The seams between the simulator's parts: each API module handles its own paths and says whether it did.
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Scale = 'small' | 'large';

export interface SimModule {
  /** Answers the request and returns true when the path belongs to this module; returns false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Stops timers and open streams. */
  close(): void;
}

/** What the agent endpoints need from the cluster state (kept narrow so the agent module stays independent). */
export type Authorization = { ok: true } | { ok: false; status: number; message: string; /** The ACL permission a 403 lacked. */ missing?: string };

export interface ClusterLookup {
  /** Checks the request's X-Cluster-Token for an ACL permission such as `agent:read`; null means no ACL needed. */
  authorize(req: IncomingMessage, permission: string | null): Authorization;
  findAllocation(id: string): { ID: string; NodeID: string; Namespace: string; TaskNames: string[] } | undefined;
  listNodes(): { ID: string; Name: string; Address: string }[];
  region: string;
  datacenter: string;
}

// What route handlers share: the state and the services around it.
import type { ClusterState } from './state';
import type { Views } from './views';
import type { Scheduler } from './scheduler';
import type { Dynamics } from './dynamics';
import type { Acl } from './acl';
import type { BlockingQueries } from './blocking';
import type { SimClock } from './clock';
import type { Rng } from '../rng';
import type { Ctx } from './http';

export interface Deps {
  state: ClusterState;
  views: Views;
  scheduler: Scheduler;
  dynamics: Dynamics;
  acl: Acl;
  blocking: BlockingQueries;
  clock: SimClock;
  rng: Rng;
  /** Namespaces that exist; registering into another one is refused. */
  namespaces: Set<string>;
}

export interface Route {
  methods: string[];
  /** A path pattern for matchPath, or a job sub-resource suffix (see routes/index). */
  pattern: string;
  handle(ctx: Ctx): Promise<void> | void;
}

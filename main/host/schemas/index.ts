// One schema per method; the type annotation makes the compiler check each schema against the contract.
import type { MethodSchemas } from '../router';
import { appSchemas, connectionSchemas } from './connections';
import { clusterSchemas } from '../../cluster/schemas';
import { workspaceSchemas } from '../../workspace/schemas';
import { agentSchemas } from '../../agent/schemas';
import { cacheSchemas } from '../../cache/schemas';

export const methodSchemas: MethodSchemas = {
  ...appSchemas,
  ...connectionSchemas,
  ...clusterSchemas,
  ...workspaceSchemas,
  ...agentSchemas,
  ...cacheSchemas,
};

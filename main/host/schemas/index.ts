// One schema per method; the type annotation makes the compiler check each schema against the contract.
import type { MethodSchemas } from '../router';
import { appSchemas, connectionSchemas } from './connections';

export const methodSchemas: MethodSchemas = {
  ...appSchemas,
  ...connectionSchemas,
};

// The contract between renderer and host. Types only: main, preload and renderer import it with `import type`;
// a test checks that no file here emits runtime code.
export type * from './errors';
export type * from './connections';
export type * from './app';
export type * from './streams';
export type * from './methods';
export type * from './bridge';
export type * from './lists';
export type * from './cluster';
export type * from './agent';
export type * from './cluster-models';
export type * from './workspace';
export type * from './workspace-models';
export type * from './jsonapi';
export type * from './cache';

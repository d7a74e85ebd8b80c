// Builds the starting estate from the seed: users and tokens, projects, workspaces and their state histories.
// Large scale keeps start-up cheap: state content and variables are built on first read, from per-record seeds.
import { createRng, type Rng } from '../rng';
import { newProject, newStateVersion, newTagBinding, newVariable, newWorkspace } from './factories';
import type { Principal, Project, Role, Variable, Workspace } from './model';
import { Store } from './store';

export interface Tokens {
  user: string;
  organization: string;
  team: string;
  otherUser: string;
  readOnly: string;
}

/** Fixed origin for generated timestamps so the same seed always yields the same estate. */
const BASE_TIME = Date.UTC(2025, 0, 15, 9, 30, 0, 0);
const DAY = 86_400_000;

/** Tokens look like the real service's: 14 characters, `.atlasv1.`, 64 characters. */
const makeToken = (rng: Rng): string => `${rng.idBody(14)}.atlasv1.${rng.idBody(64)}`;

/** Independent stream per record: adding records never changes the ones before them. */
const recordRng = (seed: number, salt: number, index: number): Rng => createRng((Math.imul(seed, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca77) ^ Math.imul(index + 1, 0xc2b2ae3d)) >>> 0);

export function generateEstate(store: Store, scale: 'small' | 'large'): Tokens {
  const rng = createRng(store.seed);
  const org = store.organization;
  const user = (username: string, serviceAccount = false) => {
    const id = `user-${rng.idBody(16)}`;
    store.users.set(id, { id, username, serviceAccount });
    return id;
  };
  const admin = user('quarterdeck-admin');
  const other = user('jordan-ops');
  const orgUser = user(`api-org-${org}-${rng.idBody(6)}`, true);
  const teamUser = user(`api-team_${rng.idBody(8)}`, true);
  const readerUser = user(`api-team_${rng.idBody(8)}`, true);

  for (let i = 0; i < 2; i++) store.sshKeys.add(`sshkey-${rng.idBody(16)}`);
  for (let i = 0; i < 2; i++) store.agentPools.add(`apool-${rng.idBody(16)}`);
  store.oauthTokens.add(`ot-${rng.idBody(16)}`);

  const projects = scale === 'small' ? smallProjects(store, rng) : largeProjects(store, rng);
  if (scale === 'small') smallWorkspaces(store, rng, projects, { admin, other, teamUser });
  else largeWorkspaces(store, projects, { admin, other, teamUser });
  store.variableGenerator = (workspace) => generatedVariables(store, workspace);

  // The read-only team sees a subset of projects, so some workspaces answer 404 to it (workspace-api.md, Errors).
  const readerProjects = new Set(scale === 'small' ? [projects[1].id] : projects.slice(1, 6).map((p) => p.id));
  const tokens: Tokens = { user: makeToken(rng), organization: makeToken(rng), team: makeToken(rng), otherUser: makeToken(rng), readOnly: makeToken(rng) };
  const principal = (token: string, kind: Principal['kind'], role: Role, userId: string, projectAccess: Set<string> | null): void => {
    store.principals.set(token, { token, kind, role, userId, projectAccess });
  };
  principal(tokens.user, 'user', 'owner', admin, null);
  principal(tokens.otherUser, 'user', 'owner', other, null);
  principal(tokens.organization, 'organization', 'organization', orgUser, null);
  principal(tokens.team, 'team', 'writer', teamUser, null);
  principal(tokens.readOnly, 'team', 'reader', readerUser, readerProjects);
  return tokens;
}

function smallProjects(store: Store, rng: Rng): Project[] {
  const make = (name: string, days: number, isDefault = false): Project => {
    const project = newProject({ id: `prj-${rng.idBody(16)}`, name, now: BASE_TIME - days * DAY, isDefault });
    project.teamCount = isDefault ? 1 : 2;
    store.projects.set(project.id, project);
    return project;
  };
  const defaults = make('Default Project', 400, true);
  const platform = make('platform', 200);
  platform.description = 'Shared network and runtime foundations';
  platform.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'team', 'platform', platform.createdAt));
  const data = make('data', 120);
  data.description = 'Analytics pipelines';
  data.autoDestroyActivityDuration = '14d';
  data.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'cost-center', 'analytics', data.createdAt));
  return [defaults, platform, data];
}

function largeProjects(store: Store, rng: Rng): Project[] {
  const areas = ['platform', 'data', 'payments', 'identity', 'search', 'mobile', 'edge', 'ml'];
  const projects: Project[] = [];
  for (let i = 0; i < 50; i++) {
    const name = i === 0 ? 'Default Project' : `${areas[i % areas.length]}-${String(i).padStart(2, '0')}`;
    const project = newProject({ id: `prj-${rng.idBody(16)}`, name, now: BASE_TIME - (600 - i) * DAY, isDefault: i === 0 });
    project.teamCount = rng.int(1, 6);
    if (i > 0 && rng.chance(0.5)) project.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'area', areas[i % areas.length], project.createdAt));
    store.projects.set(project.id, project);
    projects.push(project);
  }
  return projects;
}

interface People {
  admin: string;
  other: string;
  teamUser: string;
}

/** Adds `count` finalized versions to a workspace; the last becomes current. */
function addHistory(store: Store, workspace: Workspace, rng: Rng, count: number, resourceBlocks: (index: number) => number, people: People): void {
  const lineage = rng.uuid();
  let serial = rng.int(0, 3);
  let at = workspace.createdAt + DAY;
  for (let i = 0; i < count; i++) {
    serial += rng.int(1, 3);
    at += rng.int(1, 20) * DAY + rng.int(0, DAY);
    const version = newStateVersion({
      id: `sv-${rng.idBody(16)}`,
      workspaceId: workspace.id,
      serial,
      lineage,
      createdAt: Math.min(at, BASE_TIME),
      createdBy: rng.pick([people.admin, people.other, people.teamUser]),
      md5: '',
      runId: `run-${rng.idBody(16)}`,
      generator: { seed: (rng.next() * 0xffffffff) >>> 0, resourceBlocks: resourceBlocks(i) },
      resourcesProcessed: true,
    });
    store.stateVersions.set(version.id, version);
    workspace.stateVersionIds.push(version.id);
    workspace.currentStateVersionId = version.id;
    workspace.currentRun = { id: version.runId as string, createdAt: version.createdAt };
    workspace.latestChangeAt = version.createdAt;
  }
  workspace.runsCount = count + rng.int(0, 5);
  workspace.runFailures = rng.int(0, 2);
  workspace.applyDurationAverage = rng.int(20_000, 300_000);
  workspace.planDurationAverage = rng.int(10_000, 120_000);
  workspace.policyCheckFailures = 0;
}

function smallWorkspaces(store: Store, rng: Rng, projects: Project[], people: People): void {
  const [defaults, platform, data] = projects;
  const make = (name: string, project: Project, days: number): Workspace => {
    const workspace = newWorkspace({ id: `ws-${rng.idBody(16)}`, name, projectId: project.id, now: BASE_TIME - days * DAY, seedIndex: store.workspaces.size, source: 'tfe-ui' });
    workspace.variableIds = null;
    store.addWorkspace(workspace);
    return workspace;
  };
  const networking = make('networking-prod', platform, 180);
  networking.description = 'VPCs, subnets and DNS for production';
  networking.tagNames = ['network', 'prod'];
  networking.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'env', 'prod', networking.createdAt));
  addHistory(store, networking, rng, 3, (i) => 2 + i, people);

  const app = make('app-staging', platform, 90);
  app.tagNames = ['app'];
  app.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'env', 'staging', app.createdAt));
  addHistory(store, app, rng, 1, () => 0, people);
  app.locked = true;
  app.lockedBy = people.other;
  app.lockedReason = 'maintenance window';
  networking.remoteStateConsumers.add(app.id);

  const analytics = make('analytics-etl', data, 60);
  analytics.globalRemoteState = true;
  analytics.tagNames = ['etl'];
  addHistory(store, analytics, rng, 2, () => 0, people);

  const sandbox = make('sandbox', defaults, 30);
  sandbox.executionMode = 'local';

  const billing = make('billing-agent', data, 10);
  billing.executionMode = 'agent';
  billing.agentPoolId = [...store.agentPools][0];
}

const COMPONENTS = ['network', 'dns', 'db', 'cache', 'queue', 'api', 'web', 'worker', 'iam', 'k8s', 'cdn', 'storage'];
const ENVS = ['dev', 'test', 'staging', 'prod'];
const TAGS = ['prod', 'staging', 'dev', 'pci', 'critical', 'legacy', 'team-a', 'team-b', 'eu', 'us'];

function largeWorkspaces(store: Store, projects: Project[], people: People): void {
  for (let i = 0; i < 10_000; i++) {
    const rng = recordRng(store.seed, 1, i);
    const env = ENVS[i % ENVS.length];
    const name = `${rng.pick(COMPONENTS)}-${env}-${String(i).padStart(5, '0')}`;
    const project = projects[rng.int(0, projects.length - 1)];
    const workspace = newWorkspace({ id: `ws-${rng.idBody(16)}`, name, projectId: project.id, now: BASE_TIME - rng.int(30, 700) * DAY, seedIndex: i, source: rng.pick(['tfe-ui', 'tfe-api', 'terraform']) });
    workspace.variableIds = null;
    workspace.tagNames = [env, ...(rng.chance(0.4) ? [rng.pick(TAGS)] : [])].filter((tag, index, all) => all.indexOf(tag) === index);
    if (rng.chance(0.5)) workspace.tagBindings.push(newTagBinding(`tb-${rng.idBody(16)}`, 'env', env, workspace.createdAt));
    if (rng.chance(0.1)) workspace.executionMode = 'local';
    store.addWorkspace(workspace);
    if (rng.chance(0.75)) addHistory(store, workspace, rng, rng.int(1, 5), () => (rng.chance(0.3) ? 0 : rng.int(1, 8)), people);
    if (rng.chance(0.01)) {
      workspace.locked = true;
      workspace.lockedBy = rng.pick([people.admin, people.other, people.teamUser]);
      workspace.lockedReason = 'locked by a run';
    }
  }
}

/** A few variables per workspace, built on first access from the workspace's own seed. */
function generatedVariables(store: Store, workspace: Workspace): Variable[] {
  const rng = recordRng(store.seed, 2, workspace.seedIndex);
  const at = workspace.createdAt + DAY;
  const make = (key: string, value: string, category: Variable['category'], extra: Partial<Variable> = {}): Variable =>
    newVariable({ id: `var-${rng.idBody(16)}`, workspaceId: workspace.id, key, value, category, versionId: rng.hex(40), now: at, ...extra });
  const variables = [make('region', rng.pick(['eu-west-1', 'us-east-1', 'ap-southeast-2']), 'engine', { description: 'deployment region' }), make('TF_LOG', 'INFO', 'env')];
  if (rng.chance(0.6)) variables.push(make('db_password', rng.hex(24), 'engine', { sensitive: true, description: 'database admin password' }));
  if (rng.chance(0.4)) variables.push(make('instance_tags', '{ owner = "ops" }', 'engine', { hcl: true }));
  return variables;
}

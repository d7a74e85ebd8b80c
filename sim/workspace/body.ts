// Reads JSON:API request documents; every shape or type mistake becomes a 422 (workspace-api.md, Errors), never a crash.
import { unprocessable } from './jsonapi';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Typed access to one object of a request document, naming the exact key path in every error. */
export class Fields {
  constructor(
    readonly values: Record<string, unknown>,
    private readonly where: string,
  ) {}

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.values, key);
  }

  private fail(key: string, expected: string): never {
    throw unprocessable(`${this.where}.${key} must be ${expected}`);
  }

  string(key: string): string | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') this.fail(key, 'a string');
    return value;
  }

  nullableString(key: string): string | null | undefined {
    if (this.values[key] === null) return null;
    return this.string(key);
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined) throw unprocessable(`${this.where}.${key} is required`);
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean') this.fail(key, 'a boolean');
    return value;
  }

  integer(key: string): number | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) this.fail(key, 'an integer');
    return value;
  }

  stringArray(key: string): string[] | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) this.fail(key, 'an array of strings');
    return value as string[];
  }

  object(key: string): Fields | null | undefined {
    const value = this.values[key];
    if (value === undefined || value === null) return value as null | undefined;
    if (!isObject(value)) this.fail(key, 'an object');
    return new Fields(value, `${this.where}.${key}`);
  }
}

export interface ResourceInput {
  type: string;
  id: string | undefined;
  attributes: Fields;
  relationships: Fields;
}

/** `{data: {type, id?, attributes?, relationships?}}` with `data.type` one of `types`. */
export function readResource(body: unknown, types: readonly string[]): ResourceInput {
  if (!isObject(body) || !isObject(body.data)) throw unprocessable('the request body must be a JSON:API document with a `data` object');
  return readResourceObject(body.data, types, 'data');
}

function readResourceObject(data: Record<string, unknown>, types: readonly string[], where: string): ResourceInput {
  if (typeof data.type !== 'string' || !types.includes(data.type)) throw unprocessable(`${where}.type must be ${types.map((t) => `"${t}"`).join(' or ')}`);
  if (data.id !== undefined && typeof data.id !== 'string') throw unprocessable(`${where}.id must be a string`);
  if (data.attributes !== undefined && !isObject(data.attributes)) throw unprocessable(`${where}.attributes must be an object`);
  if (data.relationships !== undefined && !isObject(data.relationships)) throw unprocessable(`${where}.relationships must be an object`);
  return {
    type: data.type,
    id: data.id as string | undefined,
    attributes: new Fields((data.attributes as Record<string, unknown>) ?? {}, `${where}.attributes`),
    relationships: new Fields((data.relationships as Record<string, unknown>) ?? {}, `${where}.relationships`),
  };
}

/** `{data: [{type, id?, attributes?}, ...]}` as used by relationship endpoints. */
export function readResourceList(body: unknown, types: readonly string[]): ResourceInput[] {
  if (!isObject(body) || !Array.isArray(body.data)) throw unprocessable('the request body must be a JSON:API document with a `data` array');
  return body.data.map((item, index) => {
    if (!isObject(item)) throw unprocessable(`data[${index}] must be an object`);
    return readResourceObject(item, types, `data[${index}]`);
  });
}

/** A to-one relationship `{data: {type, id}}` inside `relationships`; undefined when absent, null when `data: null`. */
export function relationshipId(relationships: Fields, name: string, type: string): string | null | undefined {
  const relation = relationships.object(name);
  if (relation === undefined) return undefined;
  if (relation === null) return null;
  const data = relation.values.data;
  if (data === null) return null;
  if (!isObject(data) || typeof data.id !== 'string') throw unprocessable(`data.relationships.${name}.data must be {type: "${type}", id: string}`);
  if (data.type !== undefined && data.type !== type) throw unprocessable(`data.relationships.${name}.data.type must be "${type}"`);
  return data.id;
}

/** A to-many relationship of `{type, attributes}` items (tag bindings). */
export function relationshipItems(relationships: Fields, name: string, type: string): Fields[] | undefined {
  const relation = relationships.object(name);
  if (relation === undefined || relation === null) return undefined;
  const data = relation.values.data;
  if (!Array.isArray(data)) throw unprocessable(`data.relationships.${name}.data must be an array`);
  return data.map((item, index) => {
    if (!isObject(item) || (item.type !== undefined && item.type !== type)) throw unprocessable(`data.relationships.${name}.data[${index}] must be {type: "${type}", attributes: {...}}`);
    if (item.attributes !== undefined && !isObject(item.attributes)) throw unprocessable(`data.relationships.${name}.data[${index}].attributes must be an object`);
    return new Fields((item.attributes as Record<string, unknown>) ?? {}, `data.relationships.${name}.data[${index}].attributes`);
  });
}

export const AUTO_DESTROY_DURATION = /^[1-9][0-9]{0,3}[dh]$/;

/** Durations: up to four digits, value above 0, unit d or h (workspace-api.md, Limits). */
export function checkDuration(value: string | null | undefined, where: string): void {
  if (value === undefined || value === null) return;
  if (!AUTO_DESTROY_DURATION.test(value)) throw unprocessable(`${where} must be 1 to 4 digits (above 0) followed by "d" or "h", e.g. "14d" or "36h"; got "${value}"`);
}

/** Tag binding keys and values and flat tag names: the real service's character rules. */
export function checkTagBinding(key: string, value: string): void {
  if (!/^[A-Za-z0-9_.:\-/@=+ ]{1,128}$/.test(key) || key.trim() !== key) throw unprocessable(`tag binding key "${key}" must be 1-128 characters of letters, digits and _ . : - / @ = +`);
  if (value.length > 256) throw unprocessable(`tag binding value for "${key}" must be at most 256 characters`);
}

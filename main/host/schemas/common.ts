// Building blocks shared by the method schemas.
import { z } from 'zod';

export const empty = z.object({}).strict();

export const id = z.string().min(1, 'is required').max(200, 'is too long');

/** http(s) only, no embedded credentials: a token belongs in the keychain, not in a URL. */
export const httpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'is too long')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address, e.g. https://cluster.example:4646')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'must not contain a user name or password; set the token separately');

/** Tokens travel in an HTTP header, so control characters and spaces would corrupt (or inject into) the request. */
export const token = z
  .string()
  .min(1, 'is required')
  .max(4096, 'is too long')
  .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces or line breaks');

export const connectionName = z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters');

export const namespace = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(128, 'must be at most 128 characters')
  .regex(/^(\*|[a-zA-Z0-9-]+)$/, 'may contain letters, digits and "-" (or be "*" for all namespaces)');

export const region = z
  .string()
  .trim()
  .max(128, 'must be at most 128 characters')
  .regex(/^[a-zA-Z0-9._-]*$/, 'may contain letters, digits, ".", "_" and "-"');

export const organization = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(128, 'must be at most 128 characters')
  .regex(/^[a-zA-Z0-9_-]+$/, 'may contain letters, digits, "_" and "-"');

export const filePath = z.string().trim().max(4096, 'is too long');

// Explains the outcome of "Import from environment" in words: which CLUSTER_* variables were read, or what to set.
import type { EnvImportResult } from '../../../../main/contract';

export interface EnvImportExplanation {
  ok: boolean;
  title: string;
  message: string;
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function explainEnvImport(result: EnvImportResult): EnvImportExplanation {
  if (result.found && result.connection) {
    const read = result.variables.length > 0 ? `Read ${listNames(result.variables)}.` : '';
    const token = result.connection.hasToken ? ' Its token is stored in the keychain.' : ' No token was given; set one before using it.';
    return {
      ok: true,
      title: `Imported “${result.connection.profile.name}” from the environment`,
      message: `${read}${token} Test the connection to check that it works.`.trim(),
    };
  }
  const others = result.variables.filter((name) => name !== 'CLUSTER_ADDR');
  const partial = others.length > 0 ? ` ${listNames(others)} ${others.length === 1 ? 'is' : 'are'} set, but they are not enough without it.` : '';
  return {
    ok: false,
    title: 'Nothing to import: CLUSTER_ADDR is not set',
    message:
      `Quarterdeck reads a cluster from the environment it was started in, and CLUSTER_ADDR (the cluster's address) is missing.${partial} ` +
      'Set CLUSTER_ADDR (and, optionally, the other CLUSTER_* variables such as the token) and restart Quarterdeck, or add the connection by hand.',
  };
}

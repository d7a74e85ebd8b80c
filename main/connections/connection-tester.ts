// "Test connection": reachability, TLS, whether the token is accepted, and the server version where the API gives one.
import type { ConnectionCheck, ConnectionHealth, ConnectionTestReport, DraftSettings } from '../contract';
import { HostError } from '../host/host-error';
import { HttpTransport, type HttpResponse } from '../clients/http/transport';

const TEST_TIMEOUT_MS = 8_000;

interface Probe {
  response?: HttpResponse;
  error?: HostError;
  ms: number;
}

async function probe(transport: HttpTransport, path: string, headers: Record<string, string>, query?: Record<string, string>): Promise<Probe> {
  const started = performance.now();
  try {
    const response = await transport.request({ method: 'GET', path, headers, query, timeoutMs: TEST_TIMEOUT_MS });
    return { response, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { error: error instanceof HostError ? error : new HostError('unreachable', String(error)), ms: Math.round(performance.now() - started) };
  }
}

function jsonOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function textOf(response: HttpResponse): string {
  return response.body.toString('utf8').slice(0, 300).trim();
}

function unreachableReport(error: HostError, transport: HttpTransport): ConnectionTestReport {
  const isTls = error.code === 'tls';
  const health: ConnectionHealth = isTls ? 'tls' : 'unreachable';
  return {
    reachable: isTls, // a TLS failure means we reached a server but could not trust it
    tlsOk: isTls ? false : null,
    tokenAccepted: null,
    health,
    summary: error.message,
    checks: [
      { name: 'reachable', ok: isTls, message: isTls ? `${transport.label} answered the TLS handshake.` : error.message },
      { name: 'tls', ok: transport.isTls ? (isTls ? false : null) : null, message: isTls ? error.message : transport.isTls ? 'Not checked: the server did not answer.' : 'Plain HTTP: traffic and token are not encrypted.' },
      { name: 'token', ok: null, message: 'Not checked: the server could not be used.' },
    ],
  };
}

function finish(checks: ConnectionCheck[], transport: HttpTransport, latencyMs: number, tokenAccepted: boolean | null, version: string | undefined, hasToken: boolean): ConnectionTestReport {
  const health: ConnectionHealth = tokenAccepted === false ? 'unauthorized' : 'ok';
  const summary =
    tokenAccepted === false
      ? 'The server is reachable but refused the token. Replace the token in this connection.'
      : !hasToken
        ? `Reachable${version ? ` (version ${version})` : ''}. No token is set; only anonymous access is possible.`
        : `Connected${version ? ` to version ${version}` : ''} in ${latencyMs} ms; the token is accepted.`;
  return { reachable: true, tlsOk: transport.isTls ? true : null, tokenAccepted, serverVersion: version, latencyMs, health, summary, checks };
}

function tlsCheck(transport: HttpTransport, skipVerify: boolean): ConnectionCheck {
  if (!transport.isTls) return { name: 'tls', ok: null, message: 'Plain HTTP: traffic and token are not encrypted. Prefer https:// outside a lab.' };
  if (skipVerify) return { name: 'tls', ok: true, message: 'TLS works, but certificate verification is OFF: anyone on the path could impersonate this server.' };
  return { name: 'tls', ok: true, message: 'The server certificate is valid and trusted.' };
}

async function testCluster(settings: Extract<DraftSettings, { kind: 'cluster' }>, token: string | null): Promise<ConnectionTestReport> {
  const transport = new HttpTransport(settings.address, settings.tls ?? {});
  try {
    const headers: Record<string, string> = token ? { 'X-Cluster-Token': token } : {};
    const region = settings.region ? { region: settings.region } : undefined;
    // Agent health needs no ACL (cluster-api.md, Agent), so it separates reachability from authorization.
    const health = await probe(transport, '/v1/agent/health', {}, region);
    if (health.error) return unreachableReport(health.error, transport);
    const checks: ConnectionCheck[] = [
      {
        name: 'reachable',
        ok: true,
        message: health.response!.status === 500 ? `Reachable, but the agent reports itself unhealthy: ${textOf(health.response!)}` : `${transport.label} answered in ${health.ms} ms.`,
      },
      tlsCheck(transport, settings.tls?.skipVerify === true),
    ];
    const self = await probe(transport, '/v1/agent/self', headers, region);
    let tokenAccepted: boolean | null = null;
    let version: string | undefined;
    if (self.response?.status === 200) {
      const body = jsonOf(self.response) as { config?: { Version?: { Version?: string } }; member?: { Tags?: { build?: string } } } | undefined;
      version = body?.config?.Version?.Version ?? body?.member?.Tags?.build;
      tokenAccepted = token ? true : null;
    } else if (self.response && (self.response.status === 403 || self.response.status === 401)) {
      const text = textOf(self.response);
      if (/token not found|invalid token|unauthorized/i.test(text) || self.response.status === 401) tokenAccepted = token ? false : null;
      else {
        // "Permission denied": the token is valid but lacks agent:read; members (node:read) still carry the version.
        tokenAccepted = token ? true : null;
        const members = await probe(transport, '/v1/agent/members', headers, region);
        const body = members.response?.status === 200 ? (jsonOf(members.response) as { Members?: Array<{ Tags?: { build?: string } }> }) : undefined;
        version = body?.Members?.[0]?.Tags?.build;
      }
    }
    checks.push({
      name: 'token',
      ok: tokenAccepted,
      message: !token ? 'No token set.' : tokenAccepted ? 'The token is accepted.' : tokenAccepted === false ? `The token was refused: ${self.response ? textOf(self.response) : ''}` : 'Could not tell whether the token is accepted.',
    });
    checks.push({ name: 'version', ok: version ? true : null, message: version ? `Server version ${version}.` : 'The server did not tell its version to this token.' });
    return finish(checks, transport, health.ms, tokenAccepted, version, !!token);
  } finally {
    transport.close();
  }
}

async function testWorkspace(settings: Extract<DraftSettings, { kind: 'workspace' }>, token: string | null): Promise<ConnectionTestReport> {
  const transport = new HttpTransport(settings.baseUrl);
  try {
    const headers: Record<string, string> = { Accept: 'application/vnd.api+json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    const path = `/api/v2/organizations/${encodeURIComponent(settings.organization)}/workspaces`;
    const result = await probe(transport, path, headers, { 'page[size]': '1' });
    if (result.error) return unreachableReport(result.error, transport);
    const response = result.response!;
    const version = (response.headers['tfp-api-version'] ?? response.headers['x-api-version']) as string | undefined;
    const checks: ConnectionCheck[] = [
      { name: 'reachable', ok: true, message: `${transport.label} answered in ${result.ms} ms.` },
      tlsCheck(transport, false),
    ];
    let tokenAccepted: boolean | null = null;
    let tokenMessage: string;
    if (response.status === 200) {
      tokenAccepted = token ? true : null;
      tokenMessage = `The token is accepted and can list workspaces of ${settings.organization}.`;
    } else if (response.status === 401) {
      tokenAccepted = token ? false : null;
      tokenMessage = token ? 'The token was refused (401). Replace it with a valid user, team or organization token.' : 'No token set; the service requires one.';
    } else if (response.status === 404) {
      tokenAccepted = token ? true : null;
      tokenMessage = `Organization "${settings.organization}" was not found, or this token may not see it (404). Check the organization name.`;
    } else {
      tokenMessage = `Unexpected answer ${response.status} from the workspace service.`;
    }
    checks.push({ name: 'token', ok: response.status === 404 ? false : tokenAccepted, message: tokenMessage });
    checks.push({ name: 'version', ok: version ? true : null, message: version ? `API version ${version}.` : 'The service did not announce its API version.' });
    const report = finish(checks, transport, result.ms, tokenAccepted, version, !!token);
    if (response.status === 404) return { ...report, health: 'error', summary: tokenMessage };
    return report;
  } finally {
    transport.close();
  }
}

export async function testConnection(settings: DraftSettings, token: string | null): Promise<ConnectionTestReport> {
  try {
    return settings.kind === 'cluster' ? await testCluster(settings, token) : await testWorkspace(settings, token);
  } catch (error) {
    // Construction errors (unreadable CA file, half an mTLS pair) are TLS/input problems, not crashes.
    if (error instanceof HostError) {
      const health: ConnectionHealth = error.code === 'tls' ? 'tls' : 'error';
      return { reachable: false, tlsOk: error.code === 'tls' ? false : null, tokenAccepted: null, health, summary: error.message, checks: [{ name: 'tls', ok: false, message: error.message }] };
    }
    throw error;
  }
}

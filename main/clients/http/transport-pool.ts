// One HttpTransport (one keep-alive agent) per cluster connection, rebuilt when the connection's settings change.
import type { ConnectionService } from '../../connections/connection-service';
import { HostError } from '../../host/host-error';
import { HttpTransport } from './transport';

export class ClusterTransportPool {
  private readonly transports = new Map<string, HttpTransport>();
  private readonly stop: () => void;

  constructor(private readonly connections: ConnectionService) {
    this.stop = connections.onChange(({ id, kind }) => {
      if (kind !== 'token') this.drop(id);
    });
  }

  /** Throws a HostError for an unknown connection or a workspace connection. */
  transportFor(connectionId: string): HttpTransport {
    let transport = this.transports.get(connectionId);
    if (!transport) {
      const profile = this.connections.profile(connectionId);
      if (profile.kind !== 'cluster') throw new HostError('invalid_input', `"${profile.name}" is a workspace connection; cluster streams need a cluster connection.`);
      transport = new HttpTransport(profile.address, profile.tls);
      this.transports.set(connectionId, transport);
    }
    return transport;
  }

  private drop(connectionId: string): void {
    this.transports.get(connectionId)?.close();
    this.transports.delete(connectionId);
  }

  close(): void {
    this.stop();
    for (const id of [...this.transports.keys()]) this.drop(id);
  }
}

import { describe, expect, it } from 'vitest';
import { joinAddressProblem, parseJoinAddresses, parseServerAddresses, schedulerCountProblem, serverAddressProblem, splitList } from './agent-input';

describe('server addresses', () => {
  it('accepts ip:port and [ipv6]:port', () => {
    expect(serverAddressProblem('10.0.0.5:4647')).toBeNull();
    expect(serverAddressProblem('[fd00::1]:4647')).toBeNull();
  });
  it('refuses a missing port, a host name and a port out of range, saying how to fix it', () => {
    expect(serverAddressProblem('10.0.0.5')).toMatch(/add the port/);
    expect(serverAddressProblem('server-1:4647')).toMatch(/not an IP address/);
    expect(serverAddressProblem('10.0.0.5:70000')).toMatch(/1 to 65535/);
    expect(serverAddressProblem('10.0.0.256:4647')).toMatch(/not an IP address/);
  });
  it('collapses duplicates and refuses an empty list', () => {
    expect(parseServerAddresses('10.0.0.5:4647, 10.0.0.5:4647\n10.0.0.6:4647')).toEqual({ value: ['10.0.0.5:4647', '10.0.0.6:4647'], errors: [] });
    expect(parseServerAddresses('  ').errors[0]).toMatch(/at least one/);
  });
});

describe('join addresses', () => {
  it('accepts hosts and ips with or without a port', () => {
    for (const ok of ['10.0.0.7', '10.0.0.7:4648', 'server-2.example', '[::1]', '[::1]:4648']) expect(joinAddressProblem(ok)).toBeNull();
  });
  it('refuses bad ports and unbracketed IPv6', () => {
    expect(joinAddressProblem('10.0.0.7:0')).toMatch(/1 to 65535/);
    expect(joinAddressProblem('fd00::1')).toMatch(/brackets/);
    expect(joinAddressProblem('bad_host!')).toMatch(/neither/);
  });
  it('splits on commas, spaces and newlines', () => {
    expect(splitList('a, b\nc  d')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseJoinAddresses('').errors).toHaveLength(1);
  });
});

describe('scheduler worker count', () => {
  it('takes whole numbers from 0 to 1024', () => {
    expect(schedulerCountProblem(0)).toBeNull();
    expect(schedulerCountProblem(8)).toBeNull();
    expect(schedulerCountProblem(null)).toMatch(/Enter/);
    expect(schedulerCountProblem(-1)).toMatch(/0 or more/);
    expect(schedulerCountProblem(1.5)).toMatch(/whole number/);
    expect(schedulerCountProblem(2000)).toMatch(/At most/);
  });
});

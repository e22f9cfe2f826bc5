/**
 * The Host header check of `wiki dev`, against DNS rebinding: a web page on evil.example can make its own name
 * resolve to 127.0.0.1 and read the dev server's pages and event stream as same-origin, but its requests still say
 * "Host: evil.example". Only names that always mean this machine are answered, plus the one `--host` names.
 */
import { isIP } from 'node:net';

/** The reason to refuse a request with this Host header, or undefined to answer it. */
export type HostCheck = (hostHeader: string | undefined) => string | undefined;

// Addresses that listen on every interface: the user asked for network access, so IP addresses are answered too.
const wildcardHosts = new Set(['0.0.0.0', '::', '[::]', '']);

/** The lower-cased host name of a Host header ("[::1]:3000" -> "[::1]"), or undefined when it is malformed. */
export function parseHostName(hostHeader: string): string | undefined {
  if (!/^[^\s/?#@\\]+$/.test(hostHeader)) return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/** Whether a host name always means this machine: localhost and its subdomains, 127.0.0.0/8 and [::1]. */
export function isLoopbackName(hostName: string): boolean {
  if (hostName === 'localhost' || hostName.endsWith('.localhost') || hostName === '[::1]') return true;
  return isIP(hostName) === 4 && hostName.startsWith('127.');
}

function isIpLiteral(hostName: string): boolean {
  return isIP(hostName.replace(/^\[(.*)\]$/, '$1')) !== 0;
}

function refusal(hostHeader: string | undefined, hostName: string | undefined): string {
  const what =
    hostHeader === undefined ? 'This request has no Host header' : `This request is for host "${hostHeader}"`;
  const fix = hostName ? `start it with --host ${hostName}` : 'open it at http://localhost:PORT/';
  return `${what}, and wiki dev answers only requests for localhost, so that no web page can read your notes through DNS rebinding.\nTo open it under another name, ${fix} (--host 0.0.0.0 also answers any IP address).`;
}

/** The check for a dev server bound to `bindHost` (the --host value, 127.0.0.1 by default). */
export function createHostCheck(bindHost: string): HostCheck {
  const bound = parseHostName(bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost);
  const anyAddress = wildcardHosts.has(bindHost);
  return (hostHeader) => {
    const hostName = hostHeader === undefined ? undefined : parseHostName(hostHeader);
    if (
      hostName !== undefined &&
      (isLoopbackName(hostName) || hostName === bound || (anyAddress && isIpLiteral(hostName)))
    )
      return undefined;
    return refusal(hostHeader, hostName);
  };
}

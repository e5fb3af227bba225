/**
 * Which sites the simulator serves and with which keys, as given on its command line:
 * `--site 3:KEY` (or `--site 3` for an anonymous broker) and `--keys-from FILE`, the output of
 * `npm run field:keys` (`{siteId} {username} {key}  {label}` a line, `#` comments).
 */
import type { SimulatorSite } from './simulator.ts';

export class SiteArgumentError extends Error {}

/** `3:KEY` or `3`. */
export function parseSiteArgument(text: string): SimulatorSite {
  const match = /^([1-9][0-9]{0,9})(?::(.+))?$/.exec(text.trim());
  if (!match) throw new SiteArgumentError(`--site takes SITE_ID or SITE_ID:KEY, not "${text}"`);
  const siteId = Number(match[1]);
  return match[2] === undefined ? { siteId } : { siteId, password: match[2] };
}

/** The sites of a `npm run field:keys` listing. */
export function parseKeysListing(text: string): SimulatorSite[] {
  const sites: SimulatorSite[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    // `npm run field:keys > file` also catches npm's own `> paddock@… field:keys` lines.
    if (line === '' || line.startsWith('#') || line.startsWith('>')) continue;
    const match = /^([1-9][0-9]{0,9})\s+(gateway-[1-9][0-9]{0,9})\s+(\S+)/.exec(line);
    if (!match) {
      throw new SiteArgumentError(
        `line ${index + 1} of the keys is not "SITE_ID USER KEY": ${line}`,
      );
    }
    sites.push({ siteId: Number(match[1]), username: match[2], password: match[3] });
  }
  return sites;
}

/** Sites named twice keep the last key given. */
export function mergeSites(sites: readonly SimulatorSite[]): SimulatorSite[] {
  return [...new Map(sites.map((site) => [site.siteId, site])).values()];
}

/**
 * Tool descriptions written for an agent (docs/mcp.md: Tools), generated from the catalog: what
 * the tool does and its route, what one call costs, and what to call next. The methods' TSDoc is
 * written for a programmer; the words only a programmer needs are taken out here.
 */
import type { CatalogEntry } from '../catalog/catalog.js';
import type { ToolKind } from './kind.js';

// Whole sentences about the SDK's own behaviour, not the API's: an agent cannot act on them.
const sdkSentences = [/The spec documents no paging[^.]*\./g, /A payout is irreversible: first[\s\S]*$/];

// Phrases written for a TypeScript caller, and their wording for an agent.
const rewrites: [RegExp, string][] = [
  [/\(spec: ([A-Z]+ [^)]*)\)/g, '($1)'],
  [/\s*\(spec: [^)]*\)/g, ''],
  [/\s*\(docs\/[^)]*\)/g, ''],
  [/:?\s*docs\/[a-z-]+\.md(?:, "[^"]*")?/g, ''],
  [/a `Date` or an ISO 8601 string/g, 'an ISO 8601 date-time'],
  [/a `Date` or ISO 8601 string, sent as ISO strings/g, 'ISO 8601 date-times'],
  [/`Date`/g, 'date'],
];

/**
 * Text from the catalog, without what only a programmer of the SDK reads: spec and docs
 * references, TypeScript types, sentences about the SDK's own behaviour.
 *
 * @param text - A summary or a field's description.
 * @returns The text for an agent.
 */
export function forAgent(text: string): string {
  let out = text;
  for (const sentence of sdkSentences) out = out.replace(sentence, '');
  for (const [pattern, replacement] of rewrites) out = out.replace(pattern, replacement);
  return out
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
}

/** The words an agent's description never contains: the SDK's, its docs', TypeScript's. */
export const jargon: readonly RegExp[] = [
  /docs\//,
  /\.md\b/,
  /\bspec:/,
  /\bSDK\b/,
  /\bTSDoc\b/,
  /\bzod\b/i,
  /`Date`/,
  /\bPromise\b/,
  /payoutPolicy/,
  /\b[A-Z][a-z]+\.[a-z]+\(/,
  /\bPayouts\.preview\b/,
  /\bthe client's\b/,
];

function cost(entry: CatalogEntry, kind: ToolKind): string {
  if (kind === 'approval')
    return 'Cost: reads the drafts, then asks the person and waits for their answer; approving moves money and cannot be undone.';
  if (entry.movesMoney)
    return 'Cost: one API write that makes a draft; no money moves. The address, amount, token and the payout policy are checked first, and nothing is sent when one fails.';
  if (entry.effect === 'read') return 'Cost: one API read; changes nothing.';
  if (entry.effect === 'destructive') return 'Cost: one API write that cannot be undone.';
  return 'Cost: one API write.';
}

function answers(entry: CatalogEntry): string {
  if (entry.paging === 'none') return 'Answers the record, without empty fields.';
  const next =
    entry.paging === 'cursor' ? 'next_cursor: pass it back as cursor' : 'next_offset: pass it back as offset';
  const shown = entry.columns.slice(0, 6).join(', ');
  return `Answers one page: data (records without empty fields; by default ${shown}…; fields chooses others, "all" every field), has_more and ${next} for the next page.`;
}

function nextSteps(entry: CatalogEntry, kind: ToolKind, tools: readonly string[]): string | undefined {
  const resource = entry.resource.join('_').replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);
  if (entry.movesMoney && kind === 'write') {
    const approve = `${resource}_approve`;
    return tools.includes(approve)
      ? `Next: ${approve} with the draft's id asks the person to approve it.`
      : 'Next: a person approves the draft in the dashboard (this server was started without approvals).';
  }
  if (kind === 'approval')
    return 'Next: when it answers an approval_url, give the URL to the person and call again with the same id for the outcome.';
  return undefined;
}

/**
 * The description of a tool for an agent.
 *
 * @param entry - Its catalog entry.
 * @param kind - How it is offered.
 * @param tools - The names of every tool offered beside it, to point at the next one.
 * @returns Two to four short paragraphs.
 */
export function describeTool(entry: CatalogEntry, kind: ToolKind, tools: readonly string[]): string {
  const next = nextSteps(entry, kind, tools);
  return [forAgent(entry.summary), answers(entry), cost(entry, kind), ...(next ? [next] : [])].join('\n\n');
}

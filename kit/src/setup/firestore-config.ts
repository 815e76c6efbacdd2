import { isDeepStrictEqual } from 'node:util';

// The kit's Firestore rules and indexes, merged into a project's own files (the
// `callable-flows-firestore` command): a project keeps its rules and indexes, and takes the kit's
// again on each upgrade without copying by hand.

/** The markers around the kit's block of rules; everything between them is the kit's. */
export const RULES_BEGIN = '// callable-flows:begin';
export const RULES_END = '// callable-flows:end';

/** Why a merge can't be made: the project's file is not laid out as Firestore's are. */
export class FirestoreConfigError extends Error {
  override readonly name = 'FirestoreConfigError';
}

const DOCUMENTS_MATCH = /^([ \t]*)match \/databases\/\{[A-Za-z_]\w*\}\/documents \{[^\n]*\n/m;

/**
 * Where `marker` stands in `text` from `from`, as itself: `// callable-flows:begin` is not found
 * in a prefixed instance's `// callable-flows:begin[support_]`, so each instance's block is its own.
 */
function markerAt(text: string, marker: string, from = 0): number {
  for (let at = text.indexOf(marker, from); at >= 0; at = text.indexOf(marker, at + 1))
    if (text[at + marker.length] !== '[') return at;
  return -1;
}

/** The markers of a block: the kit's own, or an instance's with its collection prefix. */
export function blockMarkers(prefix = ''): { begin: string; end: string } {
  const tag = prefix === '' ? '' : `[${prefix}]`;
  return { begin: `${RULES_BEGIN}${tag}`, end: `${RULES_END}${tag}` };
}

/** The kit's block, from its own rules file: the lines from the begin marker to the end marker, and their prefix. */
function kitBlock(kitRules: string): { block: string; prefix: string } {
  const begin = kitRules.indexOf(RULES_BEGIN);
  const end = kitRules.indexOf(RULES_END);
  if (begin < 0 || end < begin) throw new FirestoreConfigError("the kit's firestore.rules has no marked block");
  const prefix = /^\[([^\]]*)\]/.exec(kitRules.slice(begin + RULES_BEGIN.length))?.[1] ?? '';
  const lineStart = kitRules.lastIndexOf('\n', begin) + 1;
  return { block: kitRules.slice(lineStart, kitRules.indexOf('\n', end) + 1), prefix };
}

/**
 * The project's rules with the kit's block in them: replaced where the markers already are,
 * otherwise put first inside `match /databases/{database}/documents`. Each prefix's block (its
 * markers say the prefix) is replaced on its own. No project rules yet: the
 * kit's own file.
 */
export function mergeRules(projectRules: string | undefined, kitRules: string): string {
  if (projectRules === undefined || projectRules.trim() === '') return kitRules;
  const { block, prefix } = kitBlock(kitRules);
  const markers = blockMarkers(prefix);
  const begin = markerAt(projectRules, markers.begin);
  if (begin >= 0) {
    const end = markerAt(projectRules, markers.end, begin);
    if (end < 0) throw new FirestoreConfigError(`the rules have "${markers.begin}" without "${markers.end}"`);
    const lineStart = projectRules.lastIndexOf('\n', begin) + 1;
    const lineEnd = projectRules.indexOf('\n', end);
    return projectRules.slice(0, lineStart) + block + (lineEnd < 0 ? '' : projectRules.slice(lineEnd + 1));
  }
  const match = DOCUMENTS_MATCH.exec(projectRules);
  if (!match) throw new FirestoreConfigError('the rules have no "match /databases/{database}/documents {" line');
  const at = match.index + match[0].length;
  return `${projectRules.slice(0, at)}${block}\n${projectRules.slice(at)}`;
}

/** firestore.indexes.json, as far as the merge reads it. */
export interface FirestoreIndexes {
  indexes: unknown[];
  fieldOverrides: { collectionGroup: string; fieldPath: string }[];
  [key: string]: unknown;
}

function parseIndexes(text: string, file: string): FirestoreIndexes {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FirestoreConfigError(`${file} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FirestoreConfigError(`${file} is not an object`);
  }
  const indexes = (parsed as { indexes?: unknown }).indexes ?? [];
  const fieldOverrides = (parsed as { fieldOverrides?: unknown }).fieldOverrides ?? [];
  if (!Array.isArray(indexes) || !Array.isArray(fieldOverrides)) {
    throw new FirestoreConfigError(`${file}: indexes and fieldOverrides must be lists`);
  }
  return { ...(parsed as object), indexes, fieldOverrides } as FirestoreIndexes;
}

/**
 * The project's indexes with the kit's: each kit index added unless the project has it already;
 * each kit field override put in place of the project's for the same collection group and field.
 */
export function mergeIndexes(projectIndexes: string | undefined, kitIndexes: string): string {
  const kit = parseIndexes(kitIndexes, "the kit's firestore.indexes.json");
  const project =
    projectIndexes === undefined || projectIndexes.trim() === ''
      ? { indexes: [], fieldOverrides: [] }
      : parseIndexes(projectIndexes, 'firestore.indexes.json');
  const indexes = [...project.indexes];
  for (const index of kit.indexes) if (!indexes.some((i) => isDeepStrictEqual(i, index))) indexes.push(index);
  const sameField = (a: FirestoreIndexes['fieldOverrides'][number], b: FirestoreIndexes['fieldOverrides'][number]) =>
    a.collectionGroup === b.collectionGroup && a.fieldPath === b.fieldPath;
  const fieldOverrides = project.fieldOverrides.map((o) => kit.fieldOverrides.find((k) => sameField(k, o)) ?? o);
  for (const override of kit.fieldOverrides)
    if (!fieldOverrides.some((o) => sameField(o, override))) fieldOverrides.push(override);
  return `${JSON.stringify({ ...project, indexes, fieldOverrides }, null, 2)}\n`;
}

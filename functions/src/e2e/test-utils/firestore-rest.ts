// The Firestore REST API as a mobile app's listener reads through it, with the user's ID token:
// the project's rules decide what it may read. Values come back as Firestore's typed JSON
// (`{ "stringValue": … }`); `plainValue` turns them into the JSON an SDK's snapshot hands over,
// timestamps as epoch ms.

type RestValue = Record<string, unknown>;

/** A REST value as plain JSON: maps and arrays taken apart, timestamps as epoch ms. */
export function plainValue(value: RestValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('stringValue' in value) return value.stringValue;
  if ('timestampValue' in value) return Date.parse(value.timestampValue as string);
  if ('arrayValue' in value) {
    return ((value.arrayValue as { values?: RestValue[] }).values ?? []).map(plainValue);
  }
  if ('mapValue' in value) return plainFields((value.mapValue as { fields?: Record<string, RestValue> }).fields);
  throw new Error(`a Firestore value this reader does not know: ${JSON.stringify(value)}`);
}

/** A REST document's `fields` as a plain object. */
export function plainFields(fields: Record<string, RestValue> | undefined): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields ?? {})) plain[name] = plainValue(value);
  return plain;
}

/** Where the Firestore emulator is, for which project, as whom. */
export interface FirestoreRestTarget {
  host: string;
  projectId: string;
  idToken: string;
}

const documentsUrl = (t: FirestoreRestTarget) =>
  `http://${t.host}/v1/projects/${t.projectId}/databases/(default)/documents`;

/** Document `path` as the user reads it: its fields, or the HTTP status the rules answered with. */
export async function getDocument(
  target: FirestoreRestTarget,
  path: string,
): Promise<{ status: number; data?: Record<string, unknown> }> {
  const response = await fetch(`${documentsUrl(target)}/${path}`, {
    headers: { Authorization: `Bearer ${target.idToken}` },
  });
  if (!response.ok) return { status: response.status };
  const doc = (await response.json()) as { fields?: Record<string, RestValue> };
  return { status: response.status, data: plainFields(doc.fields) };
}

/** The documents of `collection` whose fields equal `equal`, as the user may list them (the rules decide). */
export async function queryDocuments(
  target: FirestoreRestTarget,
  collection: string,
  equal: Record<string, string>,
): Promise<{ status: number; docs: { id: string; data: Record<string, unknown> }[] }> {
  const filters = Object.entries(equal).map(([field, value]) => ({
    fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } },
  }));
  const structuredQuery = {
    from: [{ collectionId: collection }],
    where: { compositeFilter: { op: 'AND', filters } },
  };
  const response = await fetch(`${documentsUrl(target)}:runQuery`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${target.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery }),
  });
  if (!response.ok) return { status: response.status, docs: [] };
  const rows = (await response.json()) as { document?: { name: string; fields?: Record<string, RestValue> } }[];
  const docs = rows.flatMap((row) =>
    row.document ? [{ id: row.document.name.split('/').at(-1) as string, data: plainFields(row.document.fields) }] : [],
  );
  return { status: response.status, docs };
}

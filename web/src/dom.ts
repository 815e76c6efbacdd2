/** Attributes of an element made by {@link el}: `class`, `data-*`, `aria-*` and the like, as text. */
export type Attributes = Record<string, string | undefined>;

/** A child of an element made by {@link el}: text, an element, or nothing. */
export type Child = Node | string | false | null | undefined;

/** A new element with `attributes` (undefined ones left out) and `children` (text is escaped). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A value as a person reads it: text as it is, anything else as compact JSON. */
export function shown(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An object's fields as `name: value, …` (anything else as {@link shown}), cut to `max` characters. */
export function summary(value: unknown, max = 160): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return shown(value, max);
  const text = Object.entries(value as Record<string, unknown>)
    .map(([name, field]) => `${name}: ${shown(field, max)}`)
    .join(', ');
  return shown(text, max);
}

/** A definition list of an object's fields; one `value` entry when it isn't an object. */
export function fieldList(value: unknown): HTMLDListElement {
  const fields =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>)
      : [['value', value] as const];
  const list = el('dl', { class: 'fields' });
  for (const [name, field] of fields) list.append(el('dt', {}, name), el('dd', {}, shown(field, 400)));
  return list;
}

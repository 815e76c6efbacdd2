import { el } from './dom.js';

/** One field of an MCP server's form: the flat schema subset MCP allows (string, number, integer, boolean, enum). */
export interface ElicitationField {
  type?: 'string' | 'number' | 'integer' | 'boolean';
  title?: string;
  description?: string;
  enum?: string[];
  /** Titles of `enum`'s values (the older spelling of titled choices). */
  enumNames?: string[];
  /** Titled choices: `{ const, title }`. */
  oneOf?: { const: string; title?: string }[];
  format?: 'email' | 'uri' | 'date' | 'date-time';
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: string | number | boolean;
}

/** The form a server asked with (`requestedSchema`): an object of flat fields. */
export interface ElicitationSchema {
  type?: 'object';
  properties?: Record<string, ElicitationField>;
  required?: string[];
}

/** A server's form on a card: its fields, and what the person filled in. */
export interface ElicitationForm {
  element: HTMLFieldSetElement;
  /** The values as the schema types them, or the first problem (the browser's own check, which it shows). */
  answer(): { content: Record<string, string | number | boolean> } | { problem: string };
  /** Disables or enables every field. */
  setDisabled(disabled: boolean): void;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** The choices of an enum field, with their titles. */
function choicesOf(field: ElicitationField): { value: string; title: string }[] | undefined {
  if (field.oneOf?.length) return field.oneOf.map((one) => ({ value: one.const, title: one.title ?? one.const }));
  return field.enum?.map((value, i) => ({ value, title: field.enumNames?.[i] ?? value }));
}

/** The control of one field: a select for choices, a checkbox for a boolean, else an input of the right type. */
function controlOf(field: ElicitationField, id: string, required: boolean): HTMLInputElement | HTMLSelectElement {
  const choices = choicesOf(field);
  const attrs = { id, name: id, ...(required ? { required: '' } : {}) };
  if (choices) {
    const select = el('select', attrs, !required && el('option', { value: '' }, '—'));
    for (const choice of choices) select.append(el('option', { value: choice.value }, choice.title));
    if (typeof field.default === 'string') select.value = field.default;
    return select;
  }
  if (field.type === 'boolean') {
    const box = el('input', { id, name: id, type: 'checkbox' });
    box.checked = field.default === true;
    return box;
  }
  const numeric = field.type === 'number' || field.type === 'integer';
  const input = el('input', {
    ...attrs,
    type: numeric ? 'number' : (INPUT_TYPES[field.format ?? ''] ?? 'text'),
    ...(field.type === 'integer' ? { step: '1' } : numeric ? { step: 'any' } : {}),
    min: field.minimum === undefined ? undefined : String(field.minimum),
    max: field.maximum === undefined ? undefined : String(field.maximum),
    minlength: field.minLength === undefined ? undefined : String(field.minLength),
    maxlength: field.maxLength === undefined ? undefined : String(field.maxLength),
  });
  if (field.default !== undefined) input.value = String(field.default);
  return input;
}

/** One field's row: its label (the title, else the name), the control, its description read with it. */
function rowOf(name: string, field: ElicitationField, prefix: string, required: boolean) {
  const id = `${prefix}-${name}`;
  const control = controlOf(field, id, required);
  const hint = field.description ? el('p', { class: 'hint', id: `${id}-hint` }, field.description) : undefined;
  if (hint) control.setAttribute('aria-describedby', hint.id);
  const label = el(
    'label',
    { for: id },
    field.title ?? name,
    required ? el('span', { 'aria-hidden': 'true' }, ' *') : '',
  );
  const row =
    control instanceof HTMLInputElement && control.type === 'checkbox'
      ? el('div', { class: 'field check' }, control, label, hint)
      : el('div', { class: 'field' }, label, control, hint);
  return { row, control };
}

/** A control's value as the field's type says; undefined when left empty. */
function fieldValue(
  field: ElicitationField,
  control: HTMLInputElement | HTMLSelectElement,
): string | number | boolean | undefined {
  if (control instanceof HTMLInputElement && control.type === 'checkbox') return control.checked;
  if (control.value === '') return undefined;
  return field.type === 'number' || field.type === 'integer' ? Number(control.value) : control.value;
}

/**
 * The form an MCP server asked a person to fill in (`elicitation.requestedSchema`), as labelled
 * native controls: the browser checks required fields, numbers and lengths, and says so itself.
 */
export function elicitationForm(schema: ElicitationSchema, message: string, prefix: string): ElicitationForm {
  const required = new Set(schema.required ?? []);
  const controls: [string, ElicitationField, HTMLInputElement | HTMLSelectElement][] = [];
  const element = el('fieldset', { class: 'elicitation' }, el('legend', {}, message));
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const { row, control } = rowOf(name, field, prefix, required.has(name));
    controls.push([name, field, control]);
    element.append(row);
  }
  return {
    element,
    answer() {
      const content: Record<string, string | number | boolean> = {};
      for (const [name, field, control] of controls) {
        if (!control.checkValidity()) {
          control.reportValidity();
          return { problem: `${field.title ?? name}: ${control.validationMessage}` };
        }
        const value = fieldValue(field, control);
        if (value !== undefined) content[name] = value;
      }
      return { content };
    },
    setDisabled(disabled) {
      for (const [, , control] of controls) control.disabled = disabled;
    },
  };
}

/**
 * An MCP server's own question on a card or an inbox entry (`metadata.elicitation`): its form
 * (none for a URL the person opens), and the `respond` output the person's answer makes.
 */
export interface ServerQuestion {
  form: ElicitationForm | undefined;
  /** The form's content (`{}` for a URL opened); undefined while a field has a problem (the browser shows it). */
  output(): Record<string, string | number | boolean> | undefined;
}

/** The server's question an interrupt's `metadata` asks (its `elicitation`), or undefined for any other interrupt. */
export function serverQuestion(metadata: unknown, prefix: string): ServerQuestion | undefined {
  const asked =
    typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>).elicitation : undefined;
  if (typeof asked !== 'object' || asked === null) return undefined;
  const { mode, message, requestedSchema } = asked as { mode?: string; message?: string; requestedSchema?: unknown };
  if (mode === 'url') return { form: undefined, output: () => ({}) };
  const schema = typeof requestedSchema === 'object' && requestedSchema !== null ? requestedSchema : {};
  const form = elicitationForm(schema as ElicitationSchema, message ?? 'Please fill in', `${prefix}-form`);
  return {
    form,
    output() {
      const answer = form.answer();
      return 'content' in answer ? answer.content : undefined;
    },
  };
}

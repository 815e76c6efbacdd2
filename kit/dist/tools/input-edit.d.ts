import type { EditableInput } from './tool.js';
/** An edit refused: the field of the input it may not touch (a dotted path, `''` for the edit itself), and why. */
export interface EditRefusal {
    field: string;
    message: string;
}
/** What a tool's declaration made of a person's edit: the input it runs with, or the refusal. */
export type EditOutcome = {
    input: unknown;
} | {
    refused: EditRefusal;
};
/** `edit` merged over `stored`: objects key by key, anything else replacing the stored value whole. */
export declare function mergeEdit(stored: unknown, edit: unknown): unknown;
/**
 * The input a person's `edit` of the stored call makes, by what its tool declares editable, or
 * the refusal of the first field it may not touch. Nothing is checked against the tool's input
 * schema here: the merged input is, by admission.
 */
export declare function editInput(editable: EditableInput, stored: unknown, edit: unknown): EditOutcome;
/** Refuses, as the tool is defined, an `editableInput` path no edit could name. */
export declare function assertEditablePaths(toolName: string, editable: EditableInput | undefined): void;

import type { FileData, Blob as GeminiBlob } from '@google/genai';
import type { MediaPart } from '../../model/index.js';
/** Media as Gemini's `inlineData` (a data: URI) or `fileData` (any other URL). */
export declare function toGeminiMedia(media: MediaPart['media']): {
    inlineData: GeminiBlob;
} | {
    fileData: FileData;
};
/** Gemini's inline bytes as a media part's URL and type. */
export declare function fromGeminiBlob(blob: GeminiBlob): MediaPart['media'];
/** Gemini's file reference as a media part's URL and type. */
export declare function fromGeminiFileData(file: FileData): MediaPart['media'];

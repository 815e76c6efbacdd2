import { KitError } from '../../errors/index.js';
// data:[<mime type>[;param]*][;base64],<data>: the mime type keeps its parameters
// (audio/L16;codec=pcm;rate=24000), which Gemini needs for raw audio.
const DATA_URI = /^data:([^,]*?)(;base64)?,(.*)$/s;
/** Media as Gemini's `inlineData` (a data: URI) or `fileData` (any other URL). */
export function toGeminiMedia(media) {
    const match = DATA_URI.exec(media.url);
    if (!match) {
        const fileData = { fileUri: media.url };
        if (media.contentType)
            fileData.mimeType = media.contentType;
        return { fileData };
    }
    const mimeType = media.contentType || match[1];
    if (!mimeType) {
        throw new KitError('invalid-argument', 'inline media needs a content type (in the data: URI or contentType)');
    }
    const payload = match[3];
    const data = match[2] ? payload : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
    return { inlineData: { mimeType, data } };
}
/** Gemini's inline bytes as a media part's URL and type. */
export function fromGeminiBlob(blob) {
    const contentType = blob.mimeType ?? 'application/octet-stream';
    return { url: `data:${contentType};base64,${blob.data ?? ''}`, contentType };
}
/** Gemini's file reference as a media part's URL and type. */
export function fromGeminiFileData(file) {
    const media = { url: file.fileUri ?? '' };
    if (file.mimeType)
        media.contentType = file.mimeType;
    return media;
}
//# sourceMappingURL=media-data.js.map
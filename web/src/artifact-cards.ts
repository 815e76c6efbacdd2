import type { WatchedArtifact } from '@callable-flows/client';
import { el, shown } from './dom.js';

// The artifacts of the conversation on the page (what its tools made: a report, a chart, data),
// as cards under the conversation, each name's last version: every device draws them from the
// session document, so a reload shows what the stream showed.

/** A media URL the page may show as it is: https or an inline image. Anything else is a link's words. */
const SHOWABLE = /^(https:|data:image\/)/;

function mediaPart(name: string, media: { url: string; contentType?: string | undefined }): HTMLElement {
  const image = media.contentType?.startsWith('image/') ?? media.url.startsWith('data:image/');
  if (image && SHOWABLE.test(media.url)) return el('img', { src: media.url, alt: `${name}, as an image` });
  if (media.url.startsWith('https:')) return el('a', { href: media.url, rel: 'noopener noreferrer' }, `Open ${name}`);
  return el('p', {}, shown(media.url));
}

function partOf(name: string, part: WatchedArtifact['parts'][number]): HTMLElement {
  if ('text' in part) return el('p', { class: 'artifact-text' }, part.text);
  if ('media' in part) return mediaPart(name, part.media);
  return el('pre', { class: 'artifact-data' }, JSON.stringify(part.data, null, 2) ?? 'null');
}

/** Artifact `index`'s card: its name as the heading, its version, its parts (text as text, never markup). */
export function artifactCard(artifact: WatchedArtifact, index: number): HTMLElement {
  const id = `artifact-${index}`;
  return el(
    'article',
    { class: 'artifact-card', 'aria-labelledby': id, 'data-artifact': artifact.name },
    el('h3', { id }, artifact.name),
    el('p', { class: 'artifact-version' }, `Version ${artifact.version}`),
    ...artifact.parts.map((part) => partOf(artifact.name, part)),
  );
}

/**
 * Draws `artifacts` into `region` (emptied, and hidden, when there are none); redraws only when
 * a version changed, so a card a reader is looking at is left alone by writes that don't touch it.
 */
export function showArtifacts(region: HTMLElement, artifacts: readonly WatchedArtifact[]): void {
  const key = artifacts.map((a) => `${a.name}\n${a.version}`).join('\n');
  if (region.dataset.versions === key) return;
  region.dataset.versions = key;
  region.hidden = artifacts.length === 0;
  region.replaceChildren(
    ...(artifacts.length ? [el('h2', { class: 'artifacts-title' }, 'Made in this conversation')] : []),
    ...artifacts.map(artifactCard),
  );
}
